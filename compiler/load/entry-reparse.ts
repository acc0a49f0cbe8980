// A save in a large collection file re-parses the entries it changed, not the
// file (`rulebook serve`: one card edited in a 30,000-card file is ~500 bytes
// of 14 MB). The file's entries are found as for slicing (load/split-sequence.ts),
// each entry's parse is kept by its text (load/parse-cache.ts), and the file's
// parse is joined from them. The same guard as slicing keeps it exact: any
// entry that reads with a diagnostic, an alias or not as one entry, and the
// file is parsed whole as before.
import { stat } from 'node:fs/promises';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { PlaceholderMark } from '../model.ts';
import { isJsonFile } from './content-source.ts';
import { readSource } from './files.ts';
import { assertReadWhole } from './mid-save.ts';
import { statStamp, type EntryParses, type ParseCache } from './parse-cache.ts';
import type { Preparsed } from './parse-pool.ts';
import { spliceEntryStarts, spliceLineStarts } from './entry-splice.ts';
import { entryStarts, joinSlices, type Slice, type SliceParse } from './split-sequence.ts';
import { YamlSource } from './yaml-source.ts';
import { sharedEnd, sharedStart } from './shared-ends.ts';

/**
 * Below this size a changed file is parsed whole: a few milliseconds. Above it, taking the file apart pays: a 100-card
 * file of 48 kB (the layout most games use) took 56-62 ms to parse whole on each save at 10,000 cards, and gave every
 * card of the file a new value, so the rules memo compiled all 100 again; joined from its entries it takes a few.
 */
export const ENTRY_REUSE_BYTES = 16_000;

/**
 * The large YAML files among `files` as this run reads them, for a run with a
 * filled cache: unchanged ones as cached, changed ones joined from their
 * entries' parses where that is exact. A file left out (small, unreadable,
 * not UTF-8, or not joinable) is read and parsed by the caller as before.
 */
export async function reparseChanged(files: ReadonlyArray<{ file: string; shown: string }>, cache: ParseCache): Promise<Map<string, Preparsed>> {
  const out = new Map<string, Preparsed>();
  for (const { file, shown } of files) {
    if (isJsonFile(file)) continue;
    const st = await stat(file).catch(() => undefined);
    if ((st?.size ?? 0) < ENTRY_REUSE_BYTES) continue;
    // A file no save named, with the stat it had when read, is taken as parsed without reading it (read-parsed.ts does
    // the same for the files it reads): a save reads the one file it changed, not the game's every large file.
    const stamp = statStamp(st);
    const same = stamp === undefined ? undefined : cache.unchanged(shown, stamp);
    if (same) {
      if (same.source instanceof YamlSource) out.set(file, { text: same.text, source: same.source, diagnostics: same.diagnostics });
      continue;
    }
    const read = await readSource(file);
    await assertReadWhole(file, shown, stamp, cache);
    if (!read || read.bad.length) continue;
    const hit = cache.get(shown, read.text);
    const source = hit ? hit.source : reparseByEntries(shown, read.text, cache);
    if (!(source instanceof YamlSource)) continue;
    cache.stamp(shown, stamp);
    out.set(file, { text: read.text, source, diagnostics: hit ? hit.diagnostics : [] });
  }
  return out;
}

/**
 * The file's parse joined from its entries' (those whose text is unchanged
 * taken from the cache, the others parsed alone), and kept in the cache with
 * them; undefined when that would not be exactly the whole file's parse.
 *
 * An entry is known unchanged without hashing its text: the text both saves
 * share at the start and at the end is found once (a save changes one place),
 * and an entry wholly inside it, with the same bounds, is the same entry. Only
 * the entries between are compared by text (with the last text's entries
 * there: a block moved or pasted). Keying every entry by its text cost ~35 ms
 * a save at 10,000 entries.
 */
export function reparseByEntries(shown: string, text: string, cache: ParseCache): YamlSource | undefined {
  const last = cache.last(shown);
  const known = cache.entries(shown) ?? entriesOfLast(shown, cache);
  if (!last || !known || !(last.source instanceof YamlSource)) return undefined; // the file last read with problems (or never): parse it whole, as before
  const old = last.text;
  const prefix = sharedStart(old, text);
  const suffix = sharedEnd(old, text, prefix);
  const shift = old.length - text.length;
  // The entry starts and line starts of the text both share, taken from the last text's (load/entry-splice.ts).
  const spliced = spliceEntryStarts(known.starts, old.length, text, prefix, suffix);
  const starts = spliced?.starts ?? entryStarts(text);
  if (!starts?.length) return undefined;
  const oldEnd = (j: number) => known.starts[j + 1] ?? old.length;
  let middle: Map<string, SliceParse> | undefined;
  // The last text's entries that are neither in the shared start nor the shared end, by text: made once, when needed.
  const lastMiddle = () => {
    if (middle) return middle;
    middle = new Map();
    for (let j = 0; j < known.starts.length; j++) {
      const from = known.starts[j]!;
      const to = oldEnd(j);
      if (to <= prefix || from >= old.length - suffix) continue;
      const piece = old.slice(from, to);
      if (!middle.has(piece)) middle.set(piece, known.parses[j]!);
    }
    return middle;
  };
  const slices: Slice[] = starts.map((start, i) => ({ start: i === 0 ? 0 : start, end: starts[i + 1] ?? text.length, firstEntry: i, entries: 1 }));
  const used = new Set<SliceParse>();
  const parses: SliceParse[] = [];
  for (const [i, slice] of slices.entries()) {
    let parse: SliceParse | undefined;
    if (slice.end <= prefix) {
      if (known.starts[i] === slice.start && oldEnd(i) === slice.end) parse = known.parses[i];
    } else if (slice.start >= text.length - suffix) {
      const j = known.starts.length - (slices.length - i);
      if (j >= 0 && known.starts[j] === slice.start + shift && oldEnd(j) === slice.end + shift) parse = known.parses[j];
    }
    if (!parse) parse = lastMiddle().get(text.slice(slice.start, slice.end));
    // Two entries with the same text get a value each, as the whole file's parse would give them.
    if (parse && !used.has(parse)) cache.entryCounts.reused++;
    else {
      const bag = new DiagnosticBag();
      const source = new YamlSource(shown, text.slice(slice.start, slice.end)).parse(bag);
      cache.entryCounts.parsed++;
      if (bag.items.length || !source.ok || source.cut.length || source.aliasCount) return undefined;
      parse = { parsed: source.toParsed(), diagnostics: [] };
    }
    used.add(parse);
    parses.push(parse);
  }
  const lineStarts = spliced && spliceLineStarts(last.source.lineStarts, text, spliced.from, spliced.to, -shift);
  const joined = joinSlices(text, slices, parses, lineStarts);
  if (!joined) return undefined;
  const source = YamlSource.fromParsed(shown, text, joined);
  cache.setWithEntries(shown, text, source, { starts: slices.map((s) => s.start), parses });
  return source;
}

/**
 * Take the large YAML files kept in the cache apart into their entries' parses
 * now, as the first save of each would (`rulebook serve` does it while idle,
 * serve/warm-up.ts): at 30,000 cards in one file that was ~120 ms of the first
 * save, and the garbage it made another ~140 ms, so the first save took
 * 0.9-1.1 s where later ones took ~0.6 s. One file after each call of `next`,
 * which yields to the event loop and says whether to go on: a save arriving
 * meanwhile waits for one file at most, and stops the rest.
 */
export async function prepareEntries(cache: ParseCache, next: () => Promise<boolean>): Promise<void> {
  for (const shown of cache.withoutEntries(ENTRY_REUSE_BYTES)) {
    if (!(await next())) return;
    const last = cache.last(shown);
    if (isJsonFile(shown)) {
      // A JSON file is not taken apart (its first save takes its entries: json-source.ts), but that save moves its
      // drafts' places from this parse, whose offsets are read once, here, rather than in the save (0.3 s at 30,000 cards).
      const marks = last?.source.placeholders.length ? last.source.placeholders : last?.source.readings;
      void marks?.[0]?.place;
      continue;
    }
    const entries = entriesOfLast(shown, cache);
    if (last && entries) cache.setEntries(shown, last.text, entries);
  }
}

/** An alias could stand here (`*name` after a space or a flow indicator): such a file's entries are not taken apart. */
const MAYBE_ALIAS = /(?:^|[\s[{,])\*[^\s\]},]/;

/**
 * The entries' parses of the file as last parsed whole, by entry text, when
 * that parse is one entries can be taken from: no diagnostics, nothing cut, no
 * alias (an alias may copy a value anchored in another entry).
 */
function entriesOfLast(shown: string, cache: ParseCache): EntryParses | undefined {
  const last = cache.last(shown);
  if (!last || last.diagnostics.length || !(last.source instanceof YamlSource)) return undefined;
  const source = last.source;
  if (!source.ok || source.cut.length || MAYBE_ALIAS.test(last.text)) return undefined;
  const whole = source.toParsed();
  const starts = entryStarts(last.text);
  if (!starts || !Array.isArray(whole.value) || whole.value.length !== starts.length) return undefined;
  const marks = (list: readonly PlaceholderMark[]) => {
    const byEntry = new Map<number, PlaceholderMark[]>();
    for (const m of list) {
      const i = Number(/^\/(\d+)/.exec(m.pointer)?.[1] ?? -1);
      byEntry.set(i, [...(byEntry.get(i) ?? []), m]);
    }
    return byEntry;
  };
  const placeholders = marks(whole.placeholders);
  const readings = marks(whole.readings);
  const parses: SliceParse[] = [];
  let line = 0; // index into the whole file's line starts
  for (let i = 0; i < starts.length; i++) {
    const start = i === 0 ? 0 : starts[i]!;
    const end = starts[i + 1] ?? last.text.length;
    while (whole.lineStarts[line]! < start) line++;
    const first = line;
    let after = first;
    while (after < whole.lineStarts.length && whole.lineStarts[after]! <= end) after++;
    const local = (m: PlaceholderMark): PlaceholderMark => ({
      pointer: m.pointer.replace(/^\/\d+/, '/0'),
      note: m.note,
      place: m.place && {
        start: { ...m.place.start, line: m.place.start.line - first, ...(m.place.start.offset === undefined ? {} : { offset: m.place.start.offset - start }) },
        ...(m.place.end && {
          end: { ...m.place.end, line: m.place.end.line - first, ...(m.place.end.offset === undefined ? {} : { offset: m.place.end.offset - start }) },
        }),
      },
    });
    parses.push({
      parsed: {
        ok: true,
        value: [whole.value[i]],
        lineStarts: whole.lineStarts.slice(first, after).map((s) => s - start),
        placeholders: (placeholders.get(i) ?? []).map(local),
        readings: (readings.get(i) ?? []).map(local),
        cut: [],
      },
      diagnostics: [],
    });
  }
  return { starts: starts.map((s, i) => (i === 0 ? 0 : s)), parses };
}
