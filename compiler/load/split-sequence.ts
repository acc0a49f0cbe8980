// Where a collection file's top-level entries start, found from its lines
// alone, so one large file (a bulk export of 30,000 cards is one 14 MB list)
// can be parsed in slices on every core (load/parse-pool.ts). Conservative by
// design: anything this scan cannot vouch for makes it answer undefined, and
// the file is parsed whole as before. A slice that was cut in a wrong place
// (inside a quoted or bracketed value that runs over a line starting with
// `- `) cannot go unnoticed either: that slice then ends inside an unclosed
// value, which the parse reports, and the pool parses the file whole instead.
import type { Diagnostic, Place, Point } from '../diagnostics/diagnostic.ts';
import type { PlaceholderMark } from '../model.ts';
import type { ParsedYaml } from './yaml-source.ts';

/**
 * The offsets where the file's top-level entries start (each a line that
 * starts with `-` then a space or the line's end), or undefined when the file
 * is not plainly a list of entries at the left margin: a document marker
 * (`---`, `...`), a directive (`%YAML`), a tab at the start of a line's
 * indentation, or any other text at the left margin (a key, a flow `[`).
 * Blank lines and comments at the left margin are allowed anywhere.
 */
export function entryStarts(text: string): number[] | undefined {
  const starts = entryStartsIn(text, 0, text.length);
  return starts?.length ? starts : undefined;
}

/**
 * The same for the lines that start from `from` (a line start) up to before
 * `to`, the rest of the text taken as read before (load/entry-splice.ts); an
 * empty list when none is an entry's first line.
 */
export function entryStartsIn(text: string, from: number, to: number): number[] | undefined {
  // A tab in indentation is reported for the whole file at once (load/yaml-source.ts): never split such a file.
  const part = from === 0 && to === text.length ? text : text.slice(from, to);
  if (part.includes('\t') && /^ *\t/m.test(part)) return undefined;
  const starts: number[] = [];
  for (let at = from; at < to;) {
    const c = text.charCodeAt(at);
    if (c === DASH) {
      const next = text.charCodeAt(at + 1); // NaN at the end of the text
      if (next === SPACE || next === LF || next === CR || Number.isNaN(next)) starts.push(at);
      else return undefined; // `---`, `-1` or `-key`: a marker or text at the margin, not an entry
    } else if (c !== SPACE && c !== LF && c !== CR && c !== HASH) return undefined;
    const end = text.indexOf('\n', at);
    if (end < 0) break;
    at = end + 1;
  }
  return starts;
}

/** One slice of a file: whole entries, from `start` (a line start) to `end`, and the index of its first entry. */
export interface Slice {
  start: number;
  end: number;
  /** The index in the file's list of the slice's first entry. */
  firstEntry: number;
  /** How many entries the slice holds. */
  entries: number;
}

/**
 * The file cut into about `count` slices of whole entries and similar size,
 * covering the whole text (the first slice also holds what comes before the
 * first entry: comments, blank lines). Fewer when there are fewer entries.
 */
export function slicesOf(text: string, starts: readonly number[], count: number): Slice[] {
  const slices: Slice[] = [];
  const target = text.length / Math.max(1, count);
  let first = 0;
  for (let i = 1; i <= starts.length; i++) {
    const end = i === starts.length ? text.length : starts[i]!;
    const start = first === 0 ? 0 : starts[first]!;
    if (i === starts.length || end - start >= target) {
      slices.push({ start, end, firstEntry: first, entries: i - first });
      first = i;
    }
  }
  return slices;
}

/** One slice's parse, as a worker sends it back (load/parse-pool.ts). */
export interface SliceParse {
  parsed: ParsedYaml | undefined;
  diagnostics: readonly Diagnostic[];
  aliases?: number;
}

/**
 * The whole file's parse from its slices' (in order), or undefined when the
 * slices cannot stand for the file: any slice with a diagnostic (an error in
 * one slice can change how the whole file reads: a tab anywhere fails it all,
 * an unclosed quote is recovered over the whole list), an entry left out, an
 * alias (it may name an anchor in another slice, and the alias budget is the
 * whole file's), or a slice that did not read as a list of its entries. The
 * caller then parses the file whole, so diagnostics are always the whole
 * file's own. Marks and line starts are moved to the file's lines and offsets.
 */
export function joinSlices(
  text: string,
  slices: readonly Slice[],
  parses: ReadonlyArray<SliceParse | undefined>,
  /** The whole text's line starts when the caller knows them (load/entry-splice.ts): not joined from the slices'. */
  known?: Int32Array,
): ParsedYaml | undefined {
  const value: unknown[] = [];
  const placeholders: PlaceholderMark[] = [];
  const readings: PlaceholderMark[] = [];
  // Filled in place, not pushed and copied: a 10,000-card file has 250,000 line starts, joined on every save in it.
  let most = 0;
  if (!known) for (const piece of parses) most += piece?.parsed?.lineStarts.length ?? 0;
  const lineStarts = new Int32Array(most);
  let lines = 0;
  for (let k = 0; k < slices.length; k++) {
    const slice = slices[k]!;
    const piece = parses[k];
    if (!piece) return undefined; // a slice that never came back
    const { parsed, diagnostics, aliases } = piece;
    if (!parsed || !parsed.ok || diagnostics.length || parsed.cut.length || aliases) return undefined;
    if (!Array.isArray(parsed.value) || parsed.value.length !== slice.entries) return undefined;
    // The slice starts at a line start, so its line n is the file's line (lines before it) + n, at the same column.
    if (parsed.placeholders.length || parsed.readings.length) {
      // Counted only for a slice with marks: with the line starts known, by a search in them.
      const linesBefore = known ? firstAtLeast(known, slice.start) : lines ? lines - (lineStarts[lines - 1] === slice.start ? 1 : 0) : 0;
      const move = (marks: readonly PlaceholderMark[], into: PlaceholderMark[]) => {
        for (const m of marks)
          into.push({ pointer: movePointer(m.pointer, slice.firstEntry), note: m.note, place: movePlace(m.place, slice.start, linesBefore) });
      };
      move(parsed.placeholders, placeholders);
      move(parsed.readings, readings);
    }
    for (const v of parsed.value) value.push(v);
    if (known) continue;
    // A slice that ends with a line break counts a line start at its end: the next slice's first, counted once.
    for (const start of parsed.lineStarts) {
      const at = slice.start + start;
      if (!lines || lineStarts[lines - 1] !== at) lineStarts[lines++] = at;
    }
  }
  if (slices.at(-1)?.end !== text.length) return undefined;
  return { ok: true, value, lineStarts: known ?? lineStarts.slice(0, lines), placeholders, readings, cut: [] };
}

/** The index of the first of the sorted `list` that is at least `x` (its length when none is): with line starts, how many lines come before `x`. */
export function firstAtLeast(list: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `/3/cost` in a slice whose first entry is the file's 100th: `/103/cost` (also load/yaml-source.ts, for an entry read alone). */
export function movePointer(pointer: string, firstEntry: number): string {
  const m = /^\/(\d+)/.exec(pointer);
  return m ? `/${Number(m[1]) + firstEntry}${pointer.slice(m[0].length)}` : pointer;
}

export function movePlace(place: Place | undefined, offset: number, lines: number): Place | undefined {
  if (!place) return place;
  const move = (p: Point): Point => ({ line: p.line + lines, column: p.column, ...(p.offset === undefined ? {} : { offset: p.offset + offset }) });
  return place.end ? { start: move(place.start), end: move(place.end) } : { start: move(place.start) };
}

const DASH = 0x2d;
const SPACE = 0x20;
const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;

/** `text` as UTF-16 code units in shared memory: read back exactly (lone surrogates too) by sliceOf. */
export function sharedText(text: string): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(text.length * 2);
  Buffer.from(shared).write(text, 'utf16le');
  return shared;
}

/** The text of a slice job (see sharedText). */
export function sliceOf(slice: { text: SharedArrayBuffer; start: number; end: number }): string {
  return Buffer.from(slice.text, slice.start * 2, (slice.end - slice.start) * 2).toString('utf16le');
}
