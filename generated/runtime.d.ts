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
/** A text in the game's locale, or a map of locales. */
export type Text = string | {
    readonly en?: string;
    readonly 'pt-BR'?: string;
};
/** A node of the rules DSL, kept as data beside the compiled function. */
export type DslNode = {
    readonly [key: string]: unknown;
};
/** A value the rulebook does not give, marked in the content as a placeholder. */
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
}
export declare function collection<Id extends string, T extends {
    readonly id: Id;
}>(all: readonly T[]): Collection<Id, T>;
