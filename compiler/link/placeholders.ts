import type { Place } from '../diagnostics/diagnostic.ts';
import type { Entry, Game, PlaceholderInfo, PlaceholderMark } from '../model.ts';

/** The marks of one kind (placeholders or readings) in every file of the game, each tied to its entry. */
export function collectPlaceholders(game: Game, kind: 'placeholders' | 'readings'): PlaceholderInfo[] {
  const out: PlaceholderInfo[] = [];
  for (const collection of game.collections.values()) {
    const marks = marksByEntry(collection.entries, kind);
    // Readings are marks only; with none in the collection there is nothing to visit its entries for.
    if (kind === 'readings' && !marks.size) continue;
    for (const entry of collection.entries) {
      // A whole entry can be a draft: `provenance: placeholder` with a `note` (a map the rulebook does not print).
      if (kind === 'placeholders' && entry.value.provenance === 'placeholder') {
        out.push(
          withLine({ collection: collection.name, id: entry.id, path: '', note: String(entry.value.note ?? ''), file: entry.source.path }, () =>
            entry.source.placeOf(entry.pointer),
          ),
        );
      }
      const own = marks.get(entry);
      if (own === undefined) continue;
      for (const mark of own) {
        out.push(
          withLine(
            { collection: collection.name, id: entry.id, path: mark.pointer.slice(entry.pointer.length), note: mark.note, file: entry.source.path },
            () => mark.place,
          ),
        );
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

/**
 * Each entry's marks, in file order: each mark goes to the entry whose
 * pointer is its nearest prefix. One pass over each file's marks (asking every
 * entry for every mark of its file was 30,000 x 600 tests in one large file).
 * A file with no marks of the kind is passed over: most files have no
 * readings, and mapping a 10,000-entry file's pointers for nothing cost a save
 * under `serve` some 5 ms.
 */
function marksByEntry(entries: readonly Entry[], kind: 'placeholders' | 'readings'): Map<Entry, PlaceholderMark[]> {
  const bySource = new Map<Entry['source'], Map<string, Entry> | undefined>();
  for (const entry of entries) {
    let at = bySource.get(entry.source);
    if (at === undefined) {
      if (bySource.has(entry.source)) continue; // a file without marks of this kind
      if (!entry.source[kind].length) {
        bySource.set(entry.source, undefined);
        continue;
      }
      bySource.set(entry.source, (at = new Map()));
    }
    at.set(entry.pointer, entry);
  }
  const out = new Map<Entry, PlaceholderMark[]>();
  for (const [source, at] of bySource) {
    if (!at) continue;
    for (const mark of source[kind]) {
      for (let p = mark.pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
        const entry = at.get(p);
        if (entry) {
          const list = out.get(entry);
          if (list) list.push(mark);
          else out.set(entry, [mark]);
          break;
        }
        if (p === '') break;
      }
    }
  }
  return out;
}

/**
 * The mark's line, found when first read: a JSON file finds its places only
 * when one is asked for (load/json-source.ts), and a check that lists no
 * drafts never asks, so 600 drafts in a 30,000-card file cost nothing there.
 */
function withLine(info: Omit<PlaceholderInfo, 'line'>, place: () => Place | undefined): PlaceholderInfo {
  let line: number | undefined;
  let found = false;
  return Object.defineProperty(info as PlaceholderInfo, 'line', {
    enumerable: true,
    get: () => {
      if (!found) line = place()?.start.line;
      found = true;
      return line;
    },
  });
}
