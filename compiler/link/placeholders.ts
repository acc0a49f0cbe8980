import type { Game, PlaceholderInfo } from '../model.ts';

/** The marks of one kind (placeholders or readings) in every file of the game, each tied to its entry. */
export function collectPlaceholders(game: Game, kind: 'placeholders' | 'readings'): PlaceholderInfo[] {
  const out: PlaceholderInfo[] = [];
  for (const collection of game.collections.values()) {
    for (const entry of collection.entries) {
      // A whole entry can be a draft: `provenance: placeholder` with a `note` (a map the rulebook does not print).
      if (kind === 'placeholders' && entry.value.provenance === 'placeholder') {
        out.push({
          collection: collection.name,
          id: entry.id,
          path: '',
          note: String(entry.value.note ?? ''),
          file: entry.source.path,
          line: entry.source.placeOf(entry.pointer)?.start.line,
        });
      }
      for (const mark of entry.source[kind]) {
        if (mark.pointer !== entry.pointer && !mark.pointer.startsWith(entry.pointer + '/')) continue;
        out.push({
          collection: collection.name,
          id: entry.id,
          path: mark.pointer.slice(entry.pointer.length),
          note: mark.note,
          file: entry.source.path,
          line: mark.place?.start.line,
        });
      }
    }
  }
  for (const mark of game.manifestSource[kind])
    out.push({
      collection: '(manifest)',
      id: game.manifest.id,
      path: mark.pointer,
      note: mark.note,
      file: game.manifestSource.path,
      line: mark.place?.start.line,
    });
  if (game.constants)
    for (const mark of game.constants.source[kind])
      out.push({
        collection: '(constants)',
        id: 'constants',
        path: mark.pointer,
        note: mark.note,
        file: game.constants.source.path,
        line: mark.place?.start.line,
      });
  return out;
}
