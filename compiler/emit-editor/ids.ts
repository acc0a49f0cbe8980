import { textOf } from '../text.ts';
import type { LinkedGame, Text } from '../model.ts';

/** The IDs a reference (`"x-ref": "<target>"`) may name, each with a label the editor shows beside it. */
export interface IdList {
  ids: string[];
  labels: string[];
}

/**
 * Every target a game's references may name, as the link phase resolves them
 * (link.ts `idsOf`): a collection's entries first, and for the rules
 * collection of a game with a glossary, the glossary's numbers too (a
 * reference to 16.6.5 may land on a glossary entry); else a declaration of
 * the manifest. Each ID comes with its entry's name (or a rule's title).
 */
export function referenceTargets(linked: LinkedGame): Map<string, IdList> {
  const { game } = linked;
  const locale = game.manifest.locale;
  const out = new Map<string, IdList>();
  for (const [name, values] of Object.entries(game.manifest.declarations ?? {})) {
    const ids = linked.declarations.get(name)?.map((v) => v.id) ?? [];
    out.set(name, { ids, labels: ids.map((id, i) => labelOf((values[i] as { name?: Text } | undefined)?.name, values[i] ?? {}, locale) || id) });
  }
  const roles = game.manifest.roles;
  for (const collection of game.collections.values()) {
    const list: IdList = { ids: [], labels: [] };
    // A duplicate ID is the link phase's error to report; the editor offers it once. (A Set: a 30,000-card collection is not scanned per card.)
    const seen = new Set<string>();
    const add = (id: string, label: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      list.ids.push(id);
      list.labels.push(label || id);
    };
    for (const entry of collection.entries) add(entry.id, labelOf(entry.name, entry.value, locale));
    if (roles?.rules === collection.name && roles.glossary) {
      for (const entry of game.collections.get(roles.glossary)?.entries ?? []) {
        if (typeof entry.value.number === 'string') add(entry.value.number, labelOf(entry.name, entry.value, locale));
      }
    }
    out.set(collection.name, list);
  }
  return out;
}

/** What a reader knows an entry by: its name, or a rule's title (its number is the ID the editor already shows). */
function labelOf(name: Text | undefined, value: Record<string, unknown>, locale: string): string {
  const text = (v: unknown) => (typeof v === 'string' || (v && typeof v === 'object' && !Array.isArray(v)) ? textOf(v as Text, locale) : '');
  return text(name) || text(value.title);
}
