// Pieces that move over a game's graph by its movers' rules (game.yaml `graphs:` and `movers:`).

import { get, overridesOf } from './fields.ts';

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
