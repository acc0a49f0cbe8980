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
