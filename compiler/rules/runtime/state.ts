// A player's state and the effects that change it: counts never go below 0; keyed counts sum their keys.

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
