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
