// Pieces that move over a game's graph by its movers' rules (game.yaml `graphs:` and `movers:`).

import { get, overridesOf } from './fields.ts';
import { overridingEntry } from './tables.ts';

/** Where a graph collection keeps its nodes, their kinds, edges and arrows (game.yaml `graphs:`). */
export interface GraphSpec {
  readonly nodes: string;
  readonly kindField: string;
  readonly edges: string;
  readonly arrows?: string;
  /** The game module's guard for one side's nodes (`isMapSideNodeId`), which an error names. */
  readonly guard?: string;
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
export interface Piece<NodeId extends string = string, Kind extends string = string, Owner extends string = string> {
  readonly kind: Kind;
  readonly node: NodeId;
  readonly owner?: Owner;
}

/**
 * Where a mover goes: it stays, it goes to one node (drawn by a target or following the arrow), or the tie is
 * someone's choice. `chooser` is who breaks the tie as game.yaml's `ties:` names them (`'facao'`: the player holding
 * the Facão), or `'any'` when the game names no one: the engine asks that player, the package does not decide.
 */
export type Move<NodeId extends string = string, Kind extends string = string, Chooser extends string = string> =
  | { readonly move: 'stay'; readonly reason: 'target-here' | 'no-way' }
  | { readonly move: 'to'; readonly node: NodeId; readonly reason: 'target' | 'arrow'; readonly target?: Kind }
  | { readonly move: 'choice'; readonly among: readonly NodeId[]; readonly chooser: Chooser; readonly target: Kind };

/** Who changes a move: the overriding collection's entry by ID (`{ chiefs: 'cabeleira' }`). */
export type MoveBy = Readonly<Record<string, string | undefined>>;

/** Each owner's scores a mover's targets rank by (`{ red: { fame: 3 } }`): keyed by the pieces' owners, then by the fields the targets read. */
export type MoveScores<Owner extends string = string, Field extends string = string> = Readonly<
  Partial<Record<Owner, Readonly<Partial<Record<Field, number>>>>>
>;

type GraphEntry = { readonly id: string };
type NodeRecord = { readonly id: string; readonly [field: string]: unknown };

type EdgeRecord = { readonly a: string; readonly b: string; readonly kind: string };

/**
 * A mover over a graph collection with several entries (a map's sides). `Nodes` maps each side to its own nodes,
 * so a node of the other side is a type error (`neighbours('players-2-3', 'canudos')`), and at run time an error
 * that names the side, never an empty answer. `By`: the entries that may change a move (`never` when none may);
 * `Chooser`: who breaks a tie between targets; `Field`: what the targets rank owners by.
 */
export interface Mover<
  Side extends string,
  Nodes extends { readonly [S in Side]: string },
  Kind extends string = string,
  By extends MoveBy = MoveBy,
  Chooser extends string = string,
  Field extends string = string,
> {
  /** Nodes joined to `from` by an edge this mover may cross (in the order the edges are listed). */
  neighbours<S extends Side>(side: S, from: Nodes[S]): Nodes[S][];
  /** Whether the mover may enter `node` in `round` (its never-enter kinds and first rounds). */
  mayEnter<S extends Side>(side: S, node: Nodes[S], round?: number): boolean;
  /**
   * The nodes one move can reach from `from` in `round`: one step, plus the
   * extra steps an overriding entry grants (`by: { chiefs: 'cabeleira' }`).
   */
  reach<S extends Side>(side: S, from: Nodes[S], options?: { readonly round?: number; readonly by?: By }): Nodes[S][];
  /**
   * Where the mover goes under its priorities, given the pieces on the board (on this side's nodes) and each
   * owner's scores (`Owner`: the pieces' owners, a player colour union if the engine has one).
   */
  next<S extends Side, Owner extends string = string>(
    side: S,
    from: Nodes[S],
    situation: { readonly round?: number; readonly pieces: readonly Piece<Nodes[S], Kind, Owner>[]; readonly scores?: MoveScores<NoInfer<Owner>, Field> },
  ): Move<Nodes[S], Kind, Chooser>;
}

/** Entries of another collection (chiefs) whose overrides add steps to a move. */
export interface StepOverride {
  readonly collection: string;
  readonly entries: readonly { readonly id: string }[];
  readonly field: string;
  readonly kind: string;
  readonly addSteps: string;
}

export function makeMover<
  Side extends string,
  Nodes extends { readonly [S in Side]: string },
  Kind extends string = string,
  By extends MoveBy = MoveBy,
  Chooser extends string = string,
  Field extends string = string,
>(entries: readonly GraphEntry[], graph: GraphSpec, spec: MoverSpec, stepOverride?: StepOverride): Mover<Side, Nodes, Kind, By, Chooser, Field> {
  const what = spec.graph ?? 'graph';
  const side = (id: string) => {
    const entry = entries.find((e) => e.id === id);
    if (!entry) throw new Error(`no ${what} "${id}": its entries are ${entries.map((e) => `"${e.id}"`).join(', ')}`);
    return entry;
  };
  const nodesOf = (id: string) => (get(side(id), graph.nodes) ?? []) as readonly NodeRecord[];
  // Each side's node IDs, read once: the data is frozen.
  const nodeSets = new Map<string, ReadonlySet<string>>();
  const nodeSet = (sideId: string) => {
    let set = nodeSets.get(sideId);
    if (!set) nodeSets.set(sideId, (set = new Set(nodesOf(sideId).map((n) => n.id))));
    return set;
  };
  // A node of another side (or none) is the engine's mistake: an empty answer would look like a dead end.
  const onSide = (sideId: string, node: string, role: string): void => {
    if (!nodeSet(sideId).has(node))
      throw new Error(
        `${role} "${node}" is not a node of ${what} "${sideId}" (a node of another side, or no node): check a node that arrives as a string with ${graph.guard ?? "the game's node guard"}(side, s) first`,
      );
  };
  const kindOf = (sideId: string, node: string) => String(nodesOf(sideId).find((n) => n.id === node)?.[graph.kindField] ?? '');
  const neighbours = (sideId: string, from: string): string[] => {
    const out: string[] = [];
    for (const e of (get(side(sideId), graph.edges) ?? []) as readonly EdgeRecord[]) {
      if (!spec.edges.includes(e.kind)) continue;
      const other = e.a === from ? e.b : e.b === from ? e.a : undefined;
      if (other !== undefined && !out.includes(other)) out.push(other);
    }
    return out;
  };
  const mayEnter = (sideId: string, node: string, round?: number): boolean => {
    const kind = kindOf(sideId, node);
    if (spec.neverEnter?.includes(kind)) return false;
    const first = spec.enterFromRound?.[kind];
    return first === undefined || (round !== undefined && round >= first);
  };
  const extraSteps = (by: MoveBy | undefined): number => {
    if (!stepOverride || !by?.[stepOverride.collection]) return 0;
    const entry = overridingEntry(stepOverride.entries, stepOverride.collection, by[stepOverride.collection]);
    return overridesOf(entry, stepOverride.field, stepOverride.kind).reduce((n, o) => n + Number(o[stepOverride.addSteps] ?? 0), 0);
  };
  const reach = (sideId: string, from: string, options: { readonly round?: number; readonly by?: MoveBy } = {}): string[] => {
    // Breadth-first over the nodes the mover may enter, as many steps as it has.
    const steps = 1 + extraSteps(options.by);
    const seen = new Set<string>([from]);
    const out: string[] = [];
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
  type Situation = { readonly round?: number; readonly pieces: readonly Piece[]; readonly scores?: MoveScores };
  const next = (sideId: string, from: string, situation: Situation): Move => {
    for (const [i, p] of situation.pieces.entries()) onSide(sideId, p.node, `pieces[${i}].node`);
    const targets = spec.targets ?? [];
    const isTarget = (p: Piece) => targets.some((t) => t.piece === p.kind);
    if (spec.stayIfTargetHere && situation.pieces.some((p) => p.node === from && isTarget(p))) return { move: 'stay', reason: 'target-here' };
    const candidates = reach(sideId, from, situation);
    for (const target of targets) {
      const score = (p: Piece) => (target.by && p.owner !== undefined ? (situation.scores?.[p.owner]?.[target.by] ?? 0) : 0);
      const best = new Map<string, number>();
      for (const p of situation.pieces) {
        if (p.kind !== target.piece || !candidates.includes(p.node)) continue;
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
  // The public face checks the node it is given belongs to the side; the closures above work on plain strings, and
  // the game's unions are the types.
  const mover: Mover<string, Record<string, string>, string, MoveBy, string, string> = {
    neighbours: (sideId, from) => (onSide(sideId, from, 'from'), neighbours(sideId, from)),
    mayEnter: (sideId, node, round) => (onSide(sideId, node, 'node'), mayEnter(sideId, node, round)),
    reach: (sideId, from, options) => (onSide(sideId, from, 'from'), reach(sideId, from, options)),
    next: (sideId, from, situation) => (onSide(sideId, from, 'from'), next(sideId, from, situation)),
  };
  return mover as unknown as Mover<Side, Nodes, Kind, By, Chooser, Field>;
}
