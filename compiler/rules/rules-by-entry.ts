import type { CompiledRule } from '../model.ts';

/** A collection's compiled rules by entry ID. */
export type RulesByEntry = ReadonlyMap<string, readonly CompiledRule[]>;

export const NO_RULES: RulesByEntry = new Map();

/**
 * Made once per list of rules (a checked game's `rules`), for the site and the package alike: each built its own
 * index on every save under `serve`, some 30 ms a time at 30,000 cards.
 */
const indexes = new WeakMap<readonly CompiledRule[], ReadonlyMap<string, RulesByEntry>>();

/** Each collection's compiled rules by entry ID, in the order they were compiled; built once: looking them up per entry by scanning every rule made emit quadratic. */
export function rulesByEntry(rules: readonly CompiledRule[]): ReadonlyMap<string, RulesByEntry> {
  const known = indexes.get(rules);
  if (known) return known;
  const out = new Map<string, Map<string, CompiledRule[]>>();
  for (const r of rules) {
    let byEntry = out.get(r.collection);
    if (!byEntry) out.set(r.collection, (byEntry = new Map()));
    const list = byEntry.get(r.entryId);
    if (list) list.push(r);
    else byEntry.set(r.entryId, [r]);
  }
  indexes.set(rules, out);
  return out;
}
