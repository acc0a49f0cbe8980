// Runtime helpers shared by the compiled rules. This file is copied verbatim
// into generated/runtime.ts, and the compiler imports it to run `examples:` at
// build time, so the build and the engine package run the same code.

/**
 * Rank players by `values` and give each the award of its place. Ties share
 * the best place they hold and the places they fill are skipped (two tied for
 * most both take awards[0], the next player takes awards[2]); places beyond
 * the awards score 0.
 */
export function rankSharePlace(values: readonly number[], order: 'most' | 'fewest', awards: readonly number[]): number[] {
  return values.map((v) => {
    const better = values.filter((w) => (order === 'most' ? w > v : w < v)).length;
    return awards[better] ?? 0;
  });
}

/** Element-wise sum of several per-player score lists. */
export function addScores(lists: ReadonlyArray<readonly number[]>, players: number): number[] {
  const out = new Array<number>(players).fill(0);
  for (const list of lists) list.forEach((v, i) => (out[i] = (out[i] ?? 0) + v));
  return out;
}

/** How many entries of a list repeat an earlier one. */
export function repeatedCount(values: readonly unknown[]): number {
  return values.length - new Set(values).size;
}

/** A player's state during play: counts, per-key counts and single values, as the game declares them. */
export type StateRecord = { readonly [field: string]: number | string | Readonly<Record<string, number | undefined>> | undefined };

/** A count field, or a keyed count summed over `keys` (over every key when none). */
export function readCount(state: StateRecord, field: string, keys?: readonly string[]): number {
  const v = state[field];
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object') return (keys ?? Object.keys(v)).reduce((n, k) => n + (v[k] ?? 0), 0);
  return 0;
}

function withCount<S extends StateRecord>(state: S, field: string, value: number): S {
  return { ...state, [field]: value };
}

/** Lose up to `amount`: counts never go below 0. */
export function lose<S extends StateRecord>(state: S, field: string, amount: number): S {
  return withCount(state, field, Math.max(0, readCount(state, field) - amount));
}

export function gain<S extends StateRecord>(state: S, field: string, amount: number): S {
  return withCount(state, field, readCount(state, field) + amount);
}

/**
 * Pay `cost` once per unit while it can be afforded; each unit that cannot be
 * paid costs `shortfall` instead (the player may not choose to skip a payment).
 */
export function payEach<S extends StateRecord>(state: S, units: number, costField: string, cost: number, shortfallField: string, shortfall: number): S {
  const affordable = Math.min(units, Math.floor(readCount(state, costField) / cost));
  const paid = lose(state, costField, affordable * cost);
  return lose(paid, shortfallField, (units - affordable) * shortfall);
}

/** Move everything counted under `keys` of a keyed count (or a whole count) into another count. */
export function moveAll<S extends StateRecord>(state: S, from: string, keys: readonly string[] | undefined, to: string): S {
  const moved = readCount(state, from, keys);
  const source = state[from];
  let next: S;
  if (source && typeof source === 'object') {
    const rest: Record<string, number | undefined> = { ...source };
    for (const k of keys ?? Object.keys(source)) rest[k] = 0;
    next = { ...state, [from]: rest };
  } else next = withCount(state, from, 0);
  return gain(next, to, moved);
}

/** What an effect changed: field -> difference (keyed counts compared by their totals). */
export function changes(before: StateRecord, after: StateRecord): Record<string, number> {
  const out: Record<string, number> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (typeof before[field] === 'string' || typeof after[field] === 'string') continue;
    const d = readCount(after, field) - readCount(before, field);
    if (d !== 0) out[field] = d;
  }
  return out;
}

/** Where a graph collection keeps its nodes, their kinds, edges and arrows (game.yaml `graphs:`). */
export interface GraphSpec {
  readonly nodes: string;
  readonly kindField: string;
  readonly edges: string;
  readonly arrows?: string;
}

/** How a piece moves over a graph (game.yaml `movers:`). */
export interface MoverSpec {
  /** The graph collection it moves on (for readers; the entries are passed in). */
  readonly graph?: string;
  readonly edges: readonly string[];
  readonly neverEnter?: readonly string[];
  readonly enterFromRound?: Readonly<Record<string, number>>;
  readonly followsArrows?: boolean;
  readonly stayIfTargetHere?: boolean;
  readonly targets?: ReadonlyArray<{ readonly piece: string; readonly rank: 'most' | 'fewest'; readonly by?: string }>;
  readonly ties?: string;
}

/** A piece on the board, for a mover's choice of target: its kind, node and owner (typed by the game's nodes and target kinds). */
export interface Piece<NodeId extends string = string, Kind extends string = string> {
  readonly kind: Kind;
  readonly node: NodeId;
  readonly owner?: string;
}

/** Where a mover goes: it stays, it goes to one node (drawn by a target or following the arrow), or the tie is someone's choice. */
export type Move<NodeId extends string = string, Kind extends string = string> =
  | { readonly move: 'stay'; readonly reason: 'target-here' | 'no-way' }
  | { readonly move: 'to'; readonly node: NodeId; readonly reason: 'target' | 'arrow'; readonly target?: Kind }
  | { readonly move: 'choice'; readonly among: readonly NodeId[]; readonly chooser: string; readonly target: Kind };

/** Who changes a move: the overriding collection's entry by ID (`{ chiefs: 'cabeleira' }`). */
export type MoveBy = Readonly<Record<string, string | undefined>>;

type GraphEntry = { readonly id: string };
type NodeRecord = { readonly id: string; readonly [field: string]: unknown };

/** Read a field named in game.yaml from a generated entity (whose interface has no index signature). */
function get(entity: object | undefined, field: string): unknown {
  return (entity as Record<string, unknown> | undefined)?.[field];
}
type EdgeRecord = { readonly a: string; readonly b: string; readonly kind: string };

export interface Mover<Side extends string, NodeId extends string, Kind extends string = string, By extends MoveBy = MoveBy> {
  /** Nodes joined to `from` by an edge this mover may cross (in the order the edges are listed). */
  neighbours(side: Side, from: NodeId): NodeId[];
  /** Whether the mover may enter `node` in `round` (its never-enter kinds and first rounds). */
  mayEnter(side: Side, node: NodeId, round?: number): boolean;
  /**
   * The nodes one move can reach from `from` in `round`: one step, plus the
   * extra steps an overriding entry grants (`by: { chiefs: 'cabeleira' }`).
   */
  reach(side: Side, from: NodeId, options?: { round?: number; by?: By }): NodeId[];
  /** Where the mover goes under its priorities, given the pieces on the board and each owner's scores. */
  next(
    side: Side,
    from: NodeId,
    situation: { round?: number; pieces: readonly Piece<NodeId, Kind>[]; scores?: Readonly<Record<string, Readonly<Record<string, number>>>> },
  ): Move<NodeId, Kind>;
}

/** Entries of another collection (chiefs) whose overrides add steps to a move. */
export interface StepOverride {
  readonly collection: string;
  readonly entries: readonly { readonly id: string }[];
  readonly field: string;
  readonly kind: string;
  readonly addSteps: string;
}

export function makeMover<Side extends string, NodeId extends string, Kind extends string = string, By extends MoveBy = MoveBy>(
  entries: readonly GraphEntry[],
  graph: GraphSpec,
  spec: MoverSpec,
  stepOverride?: StepOverride,
): Mover<Side, NodeId, Kind, By> {
  const side = (id: string) => {
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new Error(`unknown graph ${id}`);
    return entry;
  };
  const nodesOf = (id: string) => (get(side(id), graph.nodes) ?? []) as readonly NodeRecord[];
  const kindOf = (sideId: string, node: string) => String(nodesOf(sideId).find((n) => n.id === node)?.[graph.kindField] ?? '');
  const neighbours = (sideId: string, from: string): NodeId[] => {
    const out: NodeId[] = [];
    for (const e of (get(side(sideId), graph.edges) ?? []) as readonly EdgeRecord[]) {
      if (!spec.edges.includes(e.kind)) continue;
      const other = e.a === from ? e.b : e.b === from ? e.a : undefined;
      if (other !== undefined && !out.includes(other as NodeId)) out.push(other as NodeId);
    }
    return out;
  };
  const mayEnter = (sideId: string, node: string, round?: number): boolean => {
    const kind = kindOf(sideId, node);
    if (spec.neverEnter?.includes(kind)) return false;
    const first = spec.enterFromRound?.[kind];
    return first === undefined || (round !== undefined && round >= first);
  };
  const extraSteps = (by: Readonly<Record<string, string | undefined>> | undefined): number => {
    if (!stepOverride || !by?.[stepOverride.collection]) return 0;
    const entry = stepOverride.entries.find((e) => e.id === by[stepOverride.collection]);
    return overridesOf(entry, stepOverride.field, stepOverride.kind).reduce((n, o) => n + Number(o[stepOverride.addSteps] ?? 0), 0);
  };
  const reach = (sideId: string, from: string, options: { round?: number; by?: Readonly<Record<string, string | undefined>> } = {}): NodeId[] => {
    // Breadth-first over the nodes the mover may enter, as many steps as it has.
    const steps = 1 + extraSteps(options.by);
    const seen = new Set<string>([from]);
    const out: NodeId[] = [];
    let frontier = [from];
    for (let step = 0; step < steps; step++) {
      const next: string[] = [];
      for (const here of frontier) {
        for (const n of neighbours(sideId, here)) {
          if (seen.has(n) || !mayEnter(sideId, n, options.round)) continue;
          seen.add(n);
          out.push(n);
          next.push(n);
        }
      }
      frontier = next;
    }
    return out;
  };
  const next: Mover<string, string>['next'] = (sideId, from, situation) => {
    const targets = spec.targets ?? [];
    const isTarget = (p: Piece) => targets.some((t) => t.piece === p.kind);
    if (spec.stayIfTargetHere && situation.pieces.some((p) => p.node === from && isTarget(p))) return { move: 'stay', reason: 'target-here' };
    const candidates = reach(sideId, from, situation);
    for (const target of targets) {
      const score = (p: Piece) => (target.by && p.owner !== undefined ? (situation.scores?.[p.owner]?.[target.by] ?? 0) : 0);
      const best = new Map<string, number>();
      for (const p of situation.pieces) {
        if (p.kind !== target.piece || !candidates.includes(p.node as NodeId)) continue;
        const s = score(p);
        const have = best.get(p.node);
        if (have === undefined || (target.rank === 'most' ? s > have : s < have)) best.set(p.node, s);
      }
      if (!best.size) continue;
      const top = target.rank === 'most' ? Math.max(...best.values()) : Math.min(...best.values());
      const among = candidates.filter((n) => best.get(n) === top);
      if (among.length === 1) return { move: 'to', node: among[0]!, reason: 'target', target: target.piece };
      return { move: 'choice', among, chooser: spec.ties ?? 'any', target: target.piece };
    }
    if (spec.followsArrows && graph.arrows) {
      const arrow = ((get(side(sideId), graph.arrows) ?? []) as ReadonlyArray<{ from: string; to: string }>).find((a) => a.from === from);
      if (arrow && mayEnter(sideId, arrow.to, situation.round)) return { move: 'to', node: arrow.to, reason: 'arrow' };
    }
    return { move: 'stay', reason: 'no-way' };
  };
  // The closures work on plain strings; the game's unions are the public face.
  return { neighbours, mayEnter, reach, next } as unknown as Mover<Side, NodeId, Kind, By>;
}

type Row = { readonly id: string };
type Overriding = { readonly id: string };

function overridesOf(entry: Overriding | undefined, field: string, kind: string): Array<Record<string, unknown>> {
  const list = get(entry, field);
  return Array.isArray(list) ? (list as Array<Record<string, unknown>>).filter((o) => o.kind === kind) : [];
}

/**
 * The row of a table whose `key` equals `n`, or the "or more" row for larger
 * numbers; an overriding entry (a chief) may subtract from `n` first.
 * Returns undefined when no row applies (fewer than the first row's key).
 */
export function lookupRow<R extends Row>(
  rows: readonly R[],
  key: string,
  orMore: string | undefined,
  n: number,
  override?: { entry: Overriding | undefined; field: string; kind: string; subtract: string },
): R | undefined {
  let value = n;
  if (override) for (const o of overridesOf(override.entry, override.field, override.kind)) value -= Number(o[override.subtract] ?? 0);
  const exact = rows.find((r) => get(r, key) === value);
  if (exact) return exact;
  const open = rows.filter((r) => orMore && get(r, orMore) === true && Number(get(r, key)) <= value);
  return open.sort((a, b) => Number(get(b, key)) - Number(get(a, key)))[0];
}

/**
 * A field of an entry (a dotted path), replaced by an overriding entry's
 * override of `kind` whose `key` names this entry: the override's fields
 * other than kind and key take the place of the value's.
 */
export function valueWithOverride<V>(
  entries: readonly Row[],
  id: string,
  path: string,
  override?: { entry: Overriding | undefined; field: string; kind: string; key: string },
): V | undefined {
  const entry = entries.find((e) => e.id === id);
  let value = path.split('.').reduce<unknown>((v, k) => get(v as object | undefined, k), entry) as Record<string, unknown> | undefined;
  if (override) {
    const o = overridesOf(override.entry, override.field, override.kind).find((x) => x[override.key] === id);
    if (o) {
      const { kind: _kind, [override.key]: _key, ...fields } = o;
      value = { ...(value ?? {}), ...fields };
    }
  }
  return value as V | undefined;
}

/** One player's place in a ranking: places are shared when the score and every tie-breaker are equal. */
export interface Standing {
  readonly player: number;
  readonly place: number;
  readonly score: number;
}

/**
 * Players in order: highest score first, then each tie-breaker in turn
 * (`{ fewest: field }` or `{ most: field }` of the state); players equal on
 * all of them share a place (the rulebook's "share the victory").
 */
export function rankPlayers<S extends StateRecord>(
  states: readonly S[],
  score: (s: S) => number,
  tieBreakers: ReadonlyArray<{ readonly fewest?: string; readonly most?: string }>,
): Standing[] {
  const keys = states.map((s) => [score(s), ...tieBreakers.map((t) => (t.most ? readCount(s, t.most) : -readCount(s, t.fewest ?? '')))]);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] ?? 0) - (a[i] ?? 0);
    return 0;
  };
  const order = states.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
  return order.map((player) => ({ player, place: 1 + order.filter((o) => compare(keys[o]!, keys[player]!) < 0).length, score: keys[player]![0]! }));
}
