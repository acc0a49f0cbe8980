import type { CompiledRule } from '../model.ts';

/** A collection's compiled rules by entry ID. */
export type RulesByEntry = ReadonlyMap<string, readonly CompiledRule[]>;

export const NO_RULES: RulesByEntry = new Map();

/** Each collection's compiled rules by entry ID, built once: looking them up per entry by scanning every rule made emit quadratic. */
export function rulesByEntry(rules: readonly CompiledRule[]): Map<string, Map<string, CompiledRule[]>> {
  const out = new Map<string, Map<string, CompiledRule[]>>();
  for (const r of rules) {
    let byEntry = out.get(r.collection);
    if (!byEntry) out.set(r.collection, (byEntry = new Map()));
    const list = byEntry.get(r.entryId);
    if (list) list.push(r);
    else byEntry.set(r.entryId, [r]);
  }
  return out;
}
