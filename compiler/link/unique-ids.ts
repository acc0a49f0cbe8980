import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Entry, Game } from '../model.ts';
import { entriesById } from './entry-index.ts';

/** Two entries of a collection with one ID: an error at both. */
export function checkUniqueIds(game: Game, bag: DiagnosticBag): void {
  for (const collection of game.collections.values()) {
    const first = entriesById(collection.entries);
    for (const entry of collection.entries) {
      const earlier = first.get(entry.id)!;
      if (earlier === entry) continue;
      const at = (e: Entry) => e.source.placeOf(`${e.pointer}/id`) ?? e.source.placeOf(e.pointer);
      const msg = `duplicate ID "${entry.id}" in collection "${collection.name}"`;
      // Two names that slug alike ("Zé Baiano", "Ze Baiano") are not a typo to fix but two entries to tell apart.
      const fromName = typeof entry.value.id !== 'string' && !collection.decl.idFrom;
      const hint = fromName ? [`both names give the ID "${entry.id}": if they are different entries, give this one an \`id:\` of its own`] : [];
      bag.error(entry.source.path, at(entry), 'duplicate-id', msg, [
        `first defined at ${earlier.source.path}:${at(earlier)?.start.line}:${at(earlier)?.start.column}`,
        ...hint,
      ]);
      bag.error(earlier.source.path, at(earlier), 'duplicate-id', msg, [
        `defined again at ${entry.source.path}:${at(entry)?.start.line}:${at(entry)?.start.column}`,
      ]);
    }
  }
}
