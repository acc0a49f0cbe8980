/**
 * Rank players by `values` and give each the award of its place. Ties share
 * the best place they hold and the places they fill are skipped (two tied for
 * most both take awards[0], the next player takes awards[2]); places beyond
 * the awards score 0.
 */
export declare function rankSharePlace(values: readonly number[], order: 'most' | 'fewest', awards: readonly number[]): number[];
/** Element-wise sum of several per-player score lists. */
export declare function addScores(lists: ReadonlyArray<readonly number[]>, players: number): number[];
/** How many entries of a list repeat an earlier one. */
export declare function repeatedCount(values: readonly unknown[]): number;
/** A player's state during play: counts, per-key counts and single values, as the game declares them. */
export type StateRecord = {
    readonly [field: string]: number | string | Readonly<Record<string, number | undefined>> | undefined;
};
/** A count field, or a keyed count summed over `keys` (over every key when none). */
export declare function readCount(state: StateRecord, field: string, keys?: readonly string[]): number;
/** Lose up to `amount`: counts never go below 0. */
export declare function lose<S extends StateRecord>(state: S, field: string, amount: number): S;
export declare function gain<S extends StateRecord>(state: S, field: string, amount: number): S;
/**
 * Pay `cost` once per unit while it can be afforded; each unit that cannot be
 * paid costs `shortfall` instead (the player may not choose to skip a payment).
 */
export declare function payEach<S extends StateRecord>(state: S, units: number, costField: string, cost: number, shortfallField: string, shortfall: number): S;
/** Move everything counted under `keys` of a keyed count (or a whole count) into another count. */
export declare function moveAll<S extends StateRecord>(state: S, from: string, keys: readonly string[] | undefined, to: string): S;
/** What an effect changed: field -> difference (keyed counts compared by their totals). */
export declare function changes(before: StateRecord, after: StateRecord): Record<string, number>;
/** An entry that may override another's values (a chief): only its ID is known to the runtime. */
type Overriding = {
    readonly id: string;
};
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
    readonly targets?: ReadonlyArray<{
        readonly piece: string;
        readonly rank: 'most' | 'fewest';
        readonly by?: string;
    }>;
    readonly ties?: string;
}
/** A piece on the board, for a mover's choice of target: its kind, node and owner (typed by the game's nodes and target kinds). */
export interface Piece<NodeId extends string = string, Kind extends string = string> {
    readonly kind: Kind;
    readonly node: NodeId;
    readonly owner?: string;
}
/** Where a mover goes: it stays, it goes to one node (drawn by a target or following the arrow), or the tie is someone's choice. */
export type Move<NodeId extends string = string, Kind extends string = string> = {
    readonly move: 'stay';
    readonly reason: 'target-here' | 'no-way';
} | {
    readonly move: 'to';
    readonly node: NodeId;
    readonly reason: 'target' | 'arrow';
    readonly target?: Kind;
} | {
    readonly move: 'choice';
    readonly among: readonly NodeId[];
    readonly chooser: string;
    readonly target: Kind;
};
/** Who changes a move: the overriding collection's entry by ID (`{ chiefs: 'cabeleira' }`). */
export type MoveBy = Readonly<Record<string, string | undefined>>;
type GraphEntry = {
    readonly id: string;
};
export interface Mover<Side extends string, NodeId extends string, Kind extends string = string, By extends MoveBy = MoveBy> {
    /** Nodes joined to `from` by an edge this mover may cross (in the order the edges are listed). */
    neighbours(side: Side, from: NodeId): NodeId[];
    /** Whether the mover may enter `node` in `round` (its never-enter kinds and first rounds). */
    mayEnter(side: Side, node: NodeId, round?: number): boolean;
    /**
     * The nodes one move can reach from `from` in `round`: one step, plus the
     * extra steps an overriding entry grants (`by: { chiefs: 'cabeleira' }`).
     */
    reach(side: Side, from: NodeId, options?: {
        round?: number;
        by?: By;
    }): NodeId[];
    /** Where the mover goes under its priorities, given the pieces on the board and each owner's scores. */
    next(side: Side, from: NodeId, situation: {
        round?: number;
        pieces: readonly Piece<NodeId, Kind>[];
        scores?: Readonly<Record<string, Readonly<Record<string, number>>>>;
    }): Move<NodeId, Kind>;
}
/** Entries of another collection (chiefs) whose overrides add steps to a move. */
export interface StepOverride {
    readonly collection: string;
    readonly entries: readonly {
        readonly id: string;
    }[];
    readonly field: string;
    readonly kind: string;
    readonly addSteps: string;
}
export declare function makeMover<Side extends string, NodeId extends string, Kind extends string = string, By extends MoveBy = MoveBy>(entries: readonly GraphEntry[], graph: GraphSpec, spec: MoverSpec, stepOverride?: StepOverride): Mover<Side, NodeId, Kind, By>;
type Row = {
    readonly id: string;
};
/**
 * The row of a table whose `key` equals `n`, or the "or more" row for larger
 * numbers; an overriding entry (a chief) may subtract from `n` first.
 * Returns undefined when no row applies (fewer than the first row's key).
 */
export declare function lookupRow<R extends Row>(rows: readonly R[], key: string, orMore: string | undefined, n: number, override?: {
    entry: Overriding | undefined;
    field: string;
    kind: string;
    subtract: string;
}): R | undefined;
/**
 * A field of an entry (a dotted path), replaced by an overriding entry's
 * override of `kind` whose `key` names this entry: the override's fields
 * other than kind and key take the place of the value's.
 */
export declare function valueWithOverride<V>(entries: readonly Row[], id: string, path: string, override?: {
    entry: Overriding | undefined;
    field: string;
    kind: string;
    key: string;
}): V | undefined;
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
export declare function rankPlayers<S extends StateRecord>(states: readonly S[], score: (s: S) => number, tieBreakers: ReadonlyArray<{
    readonly fewest?: string;
    readonly most?: string;
}>): Standing[];
/** A text in the game's locale, or a map of locales: keys are BCP 47 tags (`en`, `pt-BR`, `fr`), open as the game's `locales:` are. */
export type Text = string | {
    readonly [locale: string]: string | undefined;
};
/** A component of the game, as its component list gives it. */
export interface ComponentInfo {
    /** Its ID: as written, or the slug of its name. */
    readonly id: string;
    readonly name: Text;
    readonly count: number;
    readonly collection?: string;
    readonly gap?: string;
    readonly note?: string;
    readonly parts?: readonly {
        readonly name: string;
        readonly count: number;
    }[];
    readonly where?: {
        readonly [field: string]: string | number | boolean;
    };
}
/** One value of a declaration (a resource, a terrain, ...) with whatever the game says of it. */
export interface DeclarationEntry<Id extends string = string> {
    /** Its ID: as written, or the slug of its name. */
    readonly id: Id;
    readonly name: Text;
    readonly [key: string]: unknown;
}
/** A node of the rules DSL, kept as data beside the compiled function. */
export type DslNode = {
    readonly [key: string]: unknown;
};
/** A value not settled yet (the rulebook does not give it, or it is not decided yet): a placeholder in the content, with its note. */
export interface Placeholder {
    readonly collection: string;
    readonly id: string;
    /** JSON pointer of the value inside the entry. */
    readonly path: string;
    readonly note: string;
}
/** A collection: every entry in source order, and the same entries by ID. */
export interface Collection<Id extends string, T extends {
    readonly id: Id;
}> {
    readonly all: readonly T[];
    readonly byId: Readonly<Record<Id, T>>;
    /** The IDs of the entries bearing each name (in any of its languages), in source order: reprints and same-named entries share a name. */
    readonly byName: {
        readonly [name: string]: readonly Id[] | undefined;
    };
    /** The entry with this ID, or undefined when the game has none: for an ID that arrives as a string at run time (input, a save file). Never throws. */
    get(id: string): T | undefined;
}
export declare function collection<Id extends string, T extends {
    readonly id: Id;
}>(all: readonly T[]): Collection<Id, T>;
export {};
