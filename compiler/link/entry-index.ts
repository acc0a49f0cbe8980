import type { Entry } from '../model.ts';

/**
 * A collection's entries by ID, the first of two with one ID winning (the
 * link phase reports the second): made once per list of entries and shared by
 * the phases that look entries up (unique IDs and references in link, the
 * site's index). Each made its own on every save under `serve`, three maps of
 * 30,000 entries a save at 30,000 cards.
 *
 * Keyed by the entries array, which validation fills and nothing changes
 * after; the length is checked too, so an index asked for while the array
 * was still being filled is never served stale.
 */
const indexes = new WeakMap<readonly Entry[], { size: number; byId: ReadonlyMap<string, Entry> }>();

export function entriesById(entries: readonly Entry[]): ReadonlyMap<string, Entry> {
  const known = indexes.get(entries);
  if (known && known.size === entries.length) return known.byId;
  const byId = new Map<string, Entry>();
  for (const e of entries) if (!byId.has(e.id)) byId.set(e.id, e);
  indexes.set(entries, { size: entries.length, byId });
  return byId;
}
