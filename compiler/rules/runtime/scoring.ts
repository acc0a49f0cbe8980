// Scoring helpers: per-player score lists, as the compiled scoring rules compute them.

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
