// Final points that may rest on values the content has not settled: a drafted value makes the result a Draft,
// never a silent 0. A card collection's points (single cards, completed sets, points by count, doublings), the
// players ranked by a total of several scorings, and an order of effects read from the game's data.

import { rankPlayers, type Standing } from './ranking.ts';

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
  const notes: string[] = [];
  for (const p of parts) {
    if (typeof p === 'number') known += p;
    else {
      known += p.known ?? 0;
      for (const n of p.note.split('\n')) if (!notes.includes(n)) notes.push(n);
    }
  }
  return notes.length ? { draft: true, note: notes.join('\n'), known } : known;
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

/** The list a field holds: refused, in words, when it holds anything else. */
function listOf(state: object, field: string): readonly unknown[] {
  const v = (state as Record<string, unknown>)[field];
  if (!Array.isArray(v)) throw new TypeError(`the end state's "${field}" must be a list (got ${JSON.stringify(v) ?? 'nothing'})`);
  return v;
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
  const counts = new Map<string, number>();
  // A single card in the list of sets, or a set card among the singles, is a state the rules cannot score.
  const add = (id: unknown, where: string, structure: 'single' | 'set') => {
    const kind = byId.get(String(id));
    if (!kind) throw new RangeError(`the end state's "${where}" names "${String(id)}", which is not a kind of card of this game`);
    if (field(kind, spec.structure) !== structure)
      throw new RangeError(
        `the end state's "${where}" names "${String(id)}", which is not a ${structure} card (its ${spec.structure} is ${JSON.stringify(field(kind, spec.structure))})`,
      );
    counts.set(String(id), (counts.get(String(id)) ?? 0) + 1);
  };
  for (const id of listOf(state, spec.singles)) {
    if (Object.hasOwn(spec.counted, String(id)))
      throw new RangeError(`the end state's "${spec.singles}" names "${String(id)}", which it holds in "${spec.counted[String(id)]}"`);
    add(id, spec.singles, 'single');
  }
  for (const id of listOf(state, spec.sets)) add(id, spec.sets, 'set');
  for (const [id, where] of Object.entries(spec.counted)) {
    const v = (state as Record<string, unknown>)[where];
    const n = Array.isArray(v) ? v.length : typeof v === 'boolean' ? Number(v) : undefined;
    if (n === undefined) throw new TypeError(`the end state's "${where}" must be a list or yes/no (got ${JSON.stringify(v) ?? 'nothing'})`);
    if (n) counts.set(id, (counts.get(id) ?? 0) + n);
  }
  // Each doubling names a card or set the player has; a kind scored by count takes one more card instead.
  const doubled = new Map<string, number>();
  if (spec.doubling) {
    const choices = listOf(state, spec.doubling.choices);
    const allowed = counts.get(spec.doubling.by) ?? 0;
    if (choices.length > allowed)
      throw new RangeError(
        `the end state's "${spec.doubling.choices}" names ${choices.length} ${choices.length === 1 ? 'choice' : 'choices'}, but each completed "${spec.doubling.by}" set doubles one and it has ${allowed}`,
      );
    for (const id of choices) {
      if (!byId.has(String(id)))
        throw new RangeError(`the end state's "${spec.doubling.choices}" names "${String(id)}", which is not a kind of card of this game`);
      doubled.set(String(id), (doubled.get(String(id)) ?? 0) + 1);
    }
  }
  const byKind: Record<string, Points> = {};
  for (const kind of kinds) {
    const n = counts.get(kind.id) ?? 0;
    const d = doubled.get(kind.id) ?? 0;
    const rows = spec.countScoring ? field(kind, spec.countScoring) : undefined;
    if (Array.isArray(rows) && rows.length) {
      if (d > 0 && n === 0) throw new RangeError(`the end state doubles "${kind.id}", but has no card of it`);
      if (n + d > 0) byKind[kind.id] = rowPoints(kind, rows as readonly CountRow[], n + d, `/${spec.countScoring}`, known, drafted);
      continue;
    }
    if (d > n) throw new RangeError(`the end state doubles "${kind.id}" ${d === 1 ? 'once' : `${d} times`}, but has ${n === 0 ? 'none' : n} of it to double`);
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

/** The order in which effects in conflict activate: kinds in a listed order, then the player with the most (or fewest) of a resource. */
export interface EffectOrderSpec<Id extends string = string> {
  readonly order: readonly Id[];
  readonly thenBy: { readonly most?: string; readonly fewest?: string };
  /** Where kinds the order does not list go: before the listed ones, or after (the default). */
  readonly unlisted?: 'first' | 'last';
}

/**
 * The plays in the order their effects activate: by the kinds' order (kinds it
 * does not list come after the listed ones, or first), then by each player's holding
 * of the compared resource, then in the order given. A player the holdings
 * do not give, or give no number for, is refused.
 */
export function orderEffects<P extends { readonly player: number; readonly kind: string }>(
  plays: readonly P[],
  holdings: readonly object[],
  spec: EffectOrderSpec,
): P[] {
  const by = spec.thenBy.most ?? spec.thenBy.fewest ?? '';
  const holding = (player: number): number => {
    const v = (holdings[player] as Record<string, unknown> | undefined)?.[by];
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new TypeError(`player ${player}'s holdings must give "${by}" as a number (got ${JSON.stringify(v) ?? 'nothing'})`);
    return v;
  };
  const rank = (kind: string) => {
    const i = (spec.order as readonly string[]).indexOf(kind);
    return i >= 0 ? i : spec.unlisted === 'first' ? -1 : spec.order.length;
  };
  const sign = spec.thenBy.most !== undefined ? -1 : 1;
  const keyed = plays.map((p, i) => ({ p, i, rank: rank(p.kind), held: holding(p.player) }));
  keyed.sort((a, b) => a.rank - b.rank || sign * (a.held - b.held) || a.i - b.i);
  return keyed.map((k) => k.p);
}
