import { closest } from '../diagnostics/suggest.ts';
import type { Game } from '../model.ts';
import { textOf } from '../text.ts';

/**
 * Notes for a reference to an ID that is gone: when the last good build had
 * it, the entry was most likely renamed (an ID comes from the name unless
 * `id:` is given), so name the entry that looks like it and how to keep the
 * old, public ID. Empty when the ID was never built (a plain typo).
 */
export function renamedIdNotes(game: Game, target: string, value: string): string[] {
  const before = game.previousIds?.get(target);
  const collection = game.collections.get(target);
  if (!before || !collection || !before.includes(value)) return [];
  const old = new Set(before);
  const fresh = collection.entries.filter((e) => !old.has(e.id));
  const likely =
    fresh.length === 1
      ? fresh[0]
      : fresh.find(
          (e) =>
            e.id ===
            closest(
              value,
              fresh.map((f) => f.id),
            ),
        );
  const notes = [`"${value}" was the ID of a ${target} entry in the last build (generated/): renaming an entry changes its ID`];
  if (likely) {
    const at = likely.source.placeOf(likely.pointer);
    notes.push(
      `if "${textOf(likely.name) || likely.id}" (${likely.source.path}:${at?.start.line ?? 1}, now "${likely.id}") is that entry, add \`id: ${value}\` to it to keep the old ID`,
    );
  } else {
    notes.push(`if the entry was renamed, add \`id: ${value}\` to it to keep the old ID; if it was removed, remove this reference`);
  }
  return notes;
}
