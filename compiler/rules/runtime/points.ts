// Final points that may rest on values the content has not settled: a drafted value makes the result a Draft,
// never a silent 0. A card collection's points (single cards, completed sets, points by count, doublings), the
// players ranked by a total of several scorings (the order of effects is effect-order.ts).

import { rankPlayers, type Standing } from './ranking.ts';
import { StateError, type StateProblem } from './state-check.ts';

/** A result that rests on a value the content has not settled (a placeholder): said as such, never as a number. */
export interface Draft {
  readonly draft: true;
  /** Why it is not a number: the notes of the drafted values it rests on, each once. */
  readonly note: string;
  /** What the settled parts add up to. */
  readonly known?: number;
}

/** Points: a number when every value they rest on is settled, else a Draft. */
export type Points = number | Draft;

/** Whether a result is a Draft (a drafted value in it), not a number. */
export function isDraft(value: unknown): value is Draft {
  return typeof value === 'object' && value !== null && (value as { draft?: unknown }).draft === true;
}

/** The sum of several points: a number when all are numbers, else a Draft whose `known` adds up the settled parts. */
export function addPoints(parts: readonly Points[]): Points {
  let known = 0;
  const lines: string[] = [];
  for (const p of parts) {
    if (typeof p === 'number') known += p;
    else {
      known += p.known ?? 0;
      lines.push(...p.note.split('\n'));
    }
  }
  return lines.length ? { draft: true, note: mergedNotes(lines), known } : known;
}

/**
 * Each note once: notes that differ only by the card they are about ("Padim: The rulebook does not print ...",
 * "Volante: The rulebook does not print ...") become one line naming every card ("Padim, Volante: The rulebook ...").
 */
function mergedNotes(lines: readonly string[]): string {
  const byText = new Map<string, string[]>();
  for (const line of lines) {
    const at = line.indexOf(': ');
    const [who, text] = at > 0 ? [line.slice(0, at), line.slice(at + 2)] : ['', line];
    const names = byText.get(text) ?? [];
    if (!byText.has(text)) byText.set(text, names);
    if (who && !names.includes(who)) names.push(who);
  }
  return [...byText].map(([text, names]) => (names.length ? `${names.join(', ')}: ${text}` : text)).join('\n');
}

function times(factor: number, p: Points): Points {
  return typeof p === 'number' ? factor * p : { draft: true, note: p.note, known: factor * (p.known ?? 0) };
}

/** One kind of card as the points read it (its other fields are the game's own). */
type Kind = { readonly id: string; readonly name?: unknown };

/** Where a card collection keeps its points and where an end state holds each kind's cards (game.yaml `tables:`, kind `cardPoints`). */
export interface CardPointsSpec {
  /** The kind's field: the points of one single card, or of one completed set. */
  readonly points: string;
  /** The kind's field: points by how many cards of the kind a player has (`{ cards, orMore?, points }` rows). */
  readonly countScoring?: string;
  /** The kind's field saying `single` or `set`. */
  readonly structure: string;
  /** The kind's field: how many cards complete a set (read when `setPoints` is `perCard`). */
  readonly setSize?: string;
  /** `set`: a set kind's points are the completed set's; `perCard`: each of its cards scores them. */
  readonly setPoints: 'set' | 'perCard';
  /** The end state's list of the single cards in play, by kind. */
  readonly singles: string;
  /** The end state's list of the completed sets, by kind. */
  readonly sets: string;
  /** Kinds the end state holds in a field of their own (a list: one card per item; a flag: one card). */
  readonly counted: { readonly [kind: string]: string };
  /** A set kind each completed set of which doubles one card or set the player chooses, and the end state's list of the choices. */
  readonly doubling?: { readonly by: string; readonly choices: string };
}

/** A collection's drafted values by entry ID and JSON pointer, with their notes. */
export type DraftNotes = { readonly [id: string]: { readonly [path: string]: string } | undefined };

/** One player's card points: the total and each kind's share (kinds the player has none of are left out). */
export interface CardPoints<Id extends string = string> {
  readonly total: Points;
  readonly byKind: { readonly [K in Id]?: Points };
}

/** The list a field holds; anything else is a problem at the field (and no list). */
function listOf(state: object, field: string, problems: StateProblem[]): readonly unknown[] {
  const v = (state as Record<string, unknown>)[field];
  if (Array.isArray(v)) return v;
  problems.push({ path: `/${field}`, message: `"${field}" must be a list, got ${JSON.stringify(v) ?? 'nothing'}` });
  return [];
}

function nameOf(kind: Kind): string {
  return typeof kind.name === 'string' ? kind.name : kind.id;
}

/**
 * A player's points from the cards in play: each single card its points, each
 * completed set its set's points, a kind scored by count the row for how many
 * there are, and each completed set of the doubling kind doubles one card or
 * set the player names (for a kind scored by count, it adds one card to the
 * count). A drafted value in any of these makes that share, and the total, a
 * Draft. A state naming a kind the collection does not have, or doubling more
 * than it may, is refused with the reason.
 */
export function cardPoints<Id extends string>(
  kinds: readonly (Kind & { readonly id: Id })[],
  spec: CardPointsSpec,
  notes: DraftNotes,
  state: object,
  player?: number,
): CardPoints<Id> {
  const byId = new Map<string, Kind>(kinds.map((k) => [k.id, k]));
  const field = (kind: Kind, name: string): unknown => (kind as Record<string, unknown>)[name];
  // The note of a drafted value at `path` or around it (a drafted row, a drafted entry): drafted even when it holds a number.
  const noteAt = (kind: Kind, path: string): string | undefined =>
    Object.entries(notes[kind.id] ?? {}).find(([at]) => at === '' || path === at || path.startsWith(`${at}/`))?.[1];
  const drafted = (kind: Kind, path: string): Draft => ({
    draft: true,
    note: `${nameOf(kind)}: ${noteAt(kind, path) ?? `no ${path.slice(1)} given`}`,
    known: 0,
  });
  const known = (kind: Kind, path: string, value: unknown): Points =>
    typeof value === 'number' && noteAt(kind, path) === undefined ? value : drafted(kind, path);
  // Every way the cards in play contradict the rules, found together and thrown as one StateError, as a state's
  // parse does: the schema checks each field alone, these read several together (a doubling needs a completed set).
  const problems: StateProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  const counts = new Map<string, number>();
  // A single card in the list of sets, or a set card among the singles, is a state the rules cannot score.
  const add = (id: unknown, where: string, i: number, structure: 'single' | 'set') => {
    const kind = byId.get(String(id));
    const at = `/${where}/${i}`;
    if (!kind) return problem(at, `"${where}" item ${i + 1} is ${JSON.stringify(id)}, which is not a kind of card of this game`);
    if (field(kind, spec.structure) !== structure)
      return problem(at, `"${where}" item ${i + 1} is ${nameOf(kind)}, which is not a ${structure} card (it is a ${String(field(kind, spec.structure))} card)`);
    counts.set(String(id), (counts.get(String(id)) ?? 0) + 1);
  };
  listOf(state, spec.singles, problems).forEach((id, i) => {
    const own = spec.counted[String(id)];
    if (Object.hasOwn(spec.counted, String(id)) && own !== undefined)
      problem(`/${spec.singles}/${i}`, `"${spec.singles}" item ${i + 1} is ${nameOf(byId.get(String(id)) ?? { id: String(id) })}, which is held in "${own}"`);
    else add(id, spec.singles, i, 'single');
  });
  listOf(state, spec.sets, problems).forEach((id, i) => add(id, spec.sets, i, 'set'));
  for (const [id, where] of Object.entries(spec.counted)) {
    const v = (state as Record<string, unknown>)[where];
    const n = Array.isArray(v) ? v.length : typeof v === 'boolean' ? Number(v) : undefined;
    if (n === undefined) problem(`/${where}`, `"${where}" must be a list or yes/no, got ${JSON.stringify(v) ?? 'nothing'}`);
    else if (n) counts.set(id, (counts.get(id) ?? 0) + n);
  }
  // Each doubling names a card or set the player has; a kind scored by count takes one more card instead.
  const doubled = new Map<string, number>();
  if (spec.doubling) {
    const { by, choices: where } = spec.doubling;
    const choices = listOf(state, where, problems);
    const allowed = counts.get(by) ?? 0;
    const doubler = byId.get(by);
    if (choices.length > allowed)
      problem(
        `/${where}`,
        `"${where}" names ${choices.length} ${choices.length === 1 ? 'card or set' : 'cards or sets'} to double, but each completed ${doubler ? nameOf(doubler) : by} set doubles one and there ${allowed === 1 ? 'is 1' : `are ${allowed}`}`,
      );
    choices.forEach((id, i) => {
      if (!byId.has(String(id))) problem(`/${where}/${i}`, `"${where}" item ${i + 1} is ${JSON.stringify(id)}, which is not a kind of card of this game`);
      else doubled.set(String(id), (doubled.get(String(id)) ?? 0) + 1);
    });
  }
  for (const kind of kinds) {
    const n = counts.get(kind.id) ?? 0;
    const d = doubled.get(kind.id) ?? 0;
    if (!d || !spec.doubling) continue;
    const rows = spec.countScoring ? field(kind, spec.countScoring) : undefined;
    const byCount = Array.isArray(rows) && rows.length > 0;
    if (byCount ? n === 0 : d > n)
      problem(
        `/${spec.doubling.choices}`,
        `"${spec.doubling.choices}" doubles ${nameOf(kind)} ${d === 1 ? 'once' : `${d} times`}, but the end state holds ${n === 0 ? 'none' : n} of it`,
      );
  }
  if (problems.length) {
    // In a list of states (a ranking), each problem says whose it is, as a list's parse does.
    const whose = player === undefined ? problems : problems.map((p) => ({ path: `/${player}${p.path}`, message: `player ${player + 1}: ${p.message}` }));
    throw new StateError('The end state', whose);
  }
  const byKind: Record<string, Points> = {};
  for (const kind of kinds) {
    const n = counts.get(kind.id) ?? 0;
    const d = doubled.get(kind.id) ?? 0;
    const rows = spec.countScoring ? field(kind, spec.countScoring) : undefined;
    if (Array.isArray(rows) && rows.length) {
      if (n + d > 0) byKind[kind.id] = rowPoints(kind, rows as readonly CountRow[], n + d, `/${spec.countScoring}`, known, drafted);
      continue;
    }
    if (n === 0) continue;
    let unit = known(kind, `/${spec.points}`, field(kind, spec.points));
    if (field(kind, spec.structure) === 'set' && spec.setPoints === 'perCard') {
      const size = spec.setSize ? field(kind, spec.setSize) : undefined;
      unit = typeof size === 'number' ? times(size, unit) : addPoints([unit, drafted(kind, `/${spec.setSize ?? 'setSize'}`)]);
    }
    byKind[kind.id] = times(n + d, unit);
  }
  return { total: addPoints(Object.values(byKind)), byKind: byKind as { [K in Id]?: Points } };
}

type CountRow = { readonly cards: number; readonly orMore?: boolean; readonly points: number | null };

/** The points of the row for `n` cards: the row of exactly `n`, else the largest "or more" row below it. */
function rowPoints(
  kind: Kind,
  rows: readonly CountRow[],
  n: number,
  pointer: string,
  known: (kind: Kind, path: string, value: unknown) => Points,
  drafted: (kind: Kind, path: string) => Draft,
): Points {
  let at = rows.findIndex((r) => r.cards === n);
  if (at < 0)
    rows.forEach((r, i) => {
      if (r.orMore === true && r.cards <= n && (at < 0 || r.cards > rows[at]!.cards)) at = i;
    });
  if (at < 0) return { ...drafted(kind, `${pointer}/${n}`), note: `${nameOf(kind)}: no row gives the points of ${n} cards` };
  return known(kind, `${pointer}/${at}/points`, rows[at]!.points);
}

/**
 * Players ranked by their total: each scoring's points (a list per player, as a
 * compiled scoring rule gives them) added up, highest first, tied players
 * sharing the place. A Draft when any total rests on a drafted value: a
 * ranking of unknown totals would be a guess.
 */
export function rankTotals<S>(states: readonly S[], scorings: ReadonlyArray<(states: readonly S[]) => readonly Points[]>): Standing[] | Draft {
  const lists = scorings.map((f) => f(states));
  const totals = states.map((_, i) => addPoints(lists.map((l) => l[i] ?? 0)));
  const drafts = totals.filter(isDraft);
  if (drafts.length) {
    const sum = addPoints(drafts);
    return { draft: true, note: isDraft(sum) ? sum.note : '' };
  }
  return rankPlayers(
    totals.map((t) => ({ total: t as number })),
    (s) => s.total,
    [],
  );
}
