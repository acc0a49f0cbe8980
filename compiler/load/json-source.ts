import { parse as parseWithErrors, ParseErrorCode, visit, type ParseError } from 'jsonc-parser';
import type { CodeFor } from '../diagnostics/codes.ts';
import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.ts';
import type { PlaceholderMark, Range, SourceFile } from '../model.ts';
import { JsonPlaces, PointerRanges } from './json-places.ts';
import { BOTH_KINDS, noNote, unknownMarkKey, type MarkKind } from './mark-words.ts';
import { escapePointer, MAX_DEPTH } from './yaml-source.ts';
import { nearestPlace } from './nearest-place.ts';
import { lineStartsAfter, sharedEnd, sharedStart } from './shared-ends.ts';
import { movePointer } from './split-sequence.ts';

/** At most this many syntax errors are reported for one file: past them, the parser's recovery mostly reports its own guesses. */
const MAX_SYNTAX_ERRORS = 50;

/**
 * A JSON content file (a collection or the constants), read at JSON's speed:
 * the platform's `JSON.parse` gives the value, and one walk over it unwraps
 * placeholders and readings exactly as a YAML file's are (load/yaml-source.ts).
 *
 * Places (`ranges`, `keys`, `placeOf`) are found only when something asks for
 * one, by a second reading with jsonc-parser, which reports offsets
 * (load/json-places.ts): a clean check of a 30,000-card file never needs one,
 * and a parser that kept offsets for every value would cost many times
 * `JSON.parse` (jsonc-parser's `parseTree` of those 18 MB: 2.2 s and 220 MB,
 * against 0.2 s). Invalid JSON is read again the same way for its errors,
 * every one located.
 */
export class JsonSource implements SourceFile {
  readonly placeholders: PlaceholderMark[] = [];
  readonly readings: PlaceholderMark[] = [];
  value: unknown = undefined;
  ok = true;
  /** YamlSource leaves out entries with an unclosed bracket; a JSON file is read whole or not at all. */
  readonly cut: ReadonlyArray<readonly [number, number]> = [];
  /** Where values and keys stand, read on first use. */
  private index: JsonPlaces | undefined;
  private rangeView: PointerRanges | undefined;
  private keyView: PointerRanges | undefined;
  /** Each mark's kind by its pointer, outermost first (a mark may wrap another at the same pointer): how the places reading knows a mark's object. */
  private readonly marksAt = new Map<string, MarkKind[]>();
  private lineStarts: ArrayLike<number> | undefined;
  /**
   * Where the commas between the list's entries stand, when a save's `takeEntries` made them from the last parse's:
   * the next save starts from them rather than scanning the whole text again (~30 ms at 30,000 cards).
   */
  private commas: number[] | undefined;
  /** The path from the root to the value being read (keys and indices): a pointer is made from it only when one is needed. */
  private readonly trail: Array<string | number> = [];
  /** Key/value pairs read, and `:` inside the keys and text read: with the `:` of the file's text, they tell whether a key was given twice (see `checkDuplicateKeys`). */
  private pairs = 0;
  private colonsInStrings = 0;
  private failed = false;
  /**
   * Diagnostics found by the walk that need a place: reported once the walk is
   * done, because places are read by the marks the walk found (asking for one
   * midway would place the rest of the file without them).
   */
  private readonly pending: Array<() => void> = [];

  /** The places of marks taken from the last parse of the file, by pointer (`takeMarkPlaces`). */
  private readonly knownPlaces = new Map<string, Place | undefined>();
  /** How many entries this parse took from the last parse of the file (`takeEntries`; tests count by it). */
  entriesTaken = 0;

  constructor(
    readonly path: string,
    readonly text: string,
    /** The same file as last parsed (`rulebook serve`): its entries whose text is unchanged are taken (`takeEntries`). */
    private previous?: JsonSource,
  ) {}

  /** Parse the file, reporting every syntax error (located) or what its values break (depth, number range, marks). */
  parse(bag: DiagnosticBag): this {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.text);
    } catch {
      this.ok = false;
      this.reportSyntax(bag);
      return this;
    }
    const value = this.read(parsed, bag, 0);
    if (this.failed) {
      this.ok = false;
      return this;
    }
    this.value = value;
    for (const report of this.pending) report();
    this.pending.length = 0;
    this.checkDuplicateKeys(bag);
    // Not kept past this parse: each parse would otherwise hold the one before it, and every earlier text with it.
    const previous = this.previous;
    this.previous = undefined;
    if (previous && this.ok) this.takeEntries(previous);
    return this;
  }

  /**
   * A list file's entries whose text is as in the last parse become the very values that parse gave them. JSON.parse
   * gives every entry a new object, and a save of one card of a 30,000-card JSON file then validated, compiled and
   * drew all of them again (1.5-2 s under `rulebook serve`): the memos that keep that work key it by the entry's
   * value object, as a YAML file's entries are kept (load/entry-reparse.ts).
   *
   * The texts are compared from each end. An entry that ends (with its comma) before the first change has the same
   * text, and the same index, in both. An entry that starts (after its comma) past the last change has the same text
   * too: in valid JSON the comma before it is still between the list's entries, since whether a character is in a
   * string, and how deep, can be told from the text after it alone (the quotes, backslashes and brackets that follow,
   * up to the end of the file, where both are outside every string and bracket); its index moves by the change in
   * the number of entries. The values are the same JSON read the same way, so taking the last parse's object changes
   * no value.
   */
  private takeEntries(previous: JsonSource): void {
    const was = previous.value;
    const now = this.value;
    if (!previous.ok || !Array.isArray(was) || !Array.isArray(now) || !was.length || !now.length) return;
    const old = previous.text;
    const text = this.text;
    const same = sharedStart(old, text);
    const sameEnd = sharedEnd(old, text, same);
    const moved = text.length - old.length;
    // The line starts too, when the last parse read them (the render asks each save for its drafts' places).
    if (previous.lineStarts) this.lineStarts = lineStartsAfter(previous.lineStarts, text, same, sameEnd, moved);
    const commas = previous.commas ?? listCommas(old);
    // Not the list JSON.parse read (a file that is not one list): nothing is taken.
    if (commas.length !== was.length - 1) return;
    // Entries [0, before) end before the first change; entries [after, was.length) start past the last.
    let before = 0;
    while (before < commas.length && commas[before]! < same) before++;
    const changedUntil = old.length - sameEnd;
    let after = was.length;
    while (after - 1 > before && commas[after - 2]! >= changedUntil) after--;
    const shift = now.length - was.length;
    let taken = 0;
    for (let i = 0; i < before && i < now.length; i++, taken++) now[i] = was[i];
    for (let j = after; j < was.length; j++) {
      const i = j + shift;
      if (i < before || i >= now.length) continue;
      now[i] = was[j];
      taken++;
    }
    this.entriesTaken = taken;
    // Where the entries read anew stand in this text: after the comma before the first (or the list's `[`), up to the
    // comma before the first entry taken after them (or the list's `]`).
    const from = before > 0 ? commas[before - 1]! + 1 : text.indexOf('[') + 1;
    const to = after < was.length ? commas[after - 1]! + moved : text.lastIndexOf(']');
    // This text's commas: those before the entries read anew as they were, theirs found (inside the list, outside any
    // string, as at a comma between entries), and the rest moved. Kept only when they count this list's entries.
    const spliced = commas.slice(0, before);
    for (const at of listCommas(text, from, to, 1)) spliced.push(at);
    if (after < was.length) for (let k = after - 1; k < commas.length; k++) spliced.push(commas[k]! + moved);
    if (spliced.length === now.length - 1) this.commas = spliced;
    this.takeMarkPlaces(previous, before, after + shift, shift, [from, to]);
  }

  /**
   * The places of the marks in the entries taken (`takeEntries`): those before the change where they were, those
   * after it moved by the change in length. A mark's place is otherwise found by reading the whole file's offsets
   * (0.3 s at 30,000 cards), which the site's render asks for on every save: it compares each file's marks, line by
   * line, with the last (emit-site/render-memo.ts).
   */
  private takeMarkPlaces(previous: JsonSource, before: number, after: number, shift: number, between: readonly [number, number]): void {
    const moved = this.text.length - previous.text.length;
    const entryOf = (pointer: string) => Number(/^\/(\d+)/.exec(pointer)?.[1] ?? -1);
    // The entries read anew: their marks' places are read from their own text, as a list of them alone.
    let read: JsonPlaces | undefined;
    const readPlace = (pointer: string): Place | null => {
      if (!read) {
        const marks = new Map<string, MarkKind[]>();
        for (const [p, kinds] of this.marksAt) {
          const at = entryOf(p);
          if (at >= before && at < after) marks.set(movePointer(p, -before), kinds);
        }
        read = new JsonPlaces(`[${this.text.slice(between[0], between[1])}]`, marks);
      }
      const range = read.markRange(movePointer(pointer, -before));
      // Offsets in that list are one past where they stand in the file (its `[`). Not found there: found as before, if asked.
      return range ? (this.placeOfRange([range[0] + between[0] - 1, range[1] + between[0] - 1]) ?? null) : null;
    };
    for (const [was, now] of [
      [previous.placeholders, this.placeholders],
      [previous.readings, this.readings],
    ] as const) {
      if (!now.length) continue;
      const byPointer = new Map(was.map((m) => [m.pointer, m]));
      for (const mark of now) {
        const i = entryOf(mark.pointer);
        const inBefore = i < before;
        if (!inBefore && i < after) {
          const place = readPlace(mark.pointer);
          if (place) this.knownPlaces.set(mark.pointer, place);
          continue;
        }
        const old = byPointer.get(inBefore ? mark.pointer : movePointer(mark.pointer, -shift));
        if (!old || old.note !== mark.note) continue;
        const place = old.place;
        if (!place) continue;
        this.knownPlaces.set(mark.pointer, inBefore ? place : this.movedPlace(place, moved));
      }
    }
  }

  /**
   * A place `by` characters further on in this text, its lines and columns counted here (not split-sequence.ts
   * `movePlace`, which keeps columns: a YAML entry starts a line, but a JSON entry after the change may share the
   * changed line, as in a file written on one line).
   */
  private movedPlace(place: Place, by: number): Place {
    const at = (p: { offset?: number; line: number; column: number }) => (p.offset === undefined ? p : this.pointAt(p.offset + by));
    return place.end ? { start: at(place.start), end: at(place.end) } : { start: at(place.start) };
  }

  /** Where each value stands, by JSON pointer (read on first use). */
  get ranges(): ReadonlyMap<string, Range> {
    return (this.rangeView ??= new PointerRanges(
      (p) => this.places().valueRange(p),
      () => this.pointers(false),
    ));
  }

  /** Where each object key stands, by the JSON pointer of its value. */
  get keys(): ReadonlyMap<string, Range> {
    return (this.keyView ??= new PointerRanges(
      (p) => this.places().keyRange(p),
      () => this.pointers(true),
    ));
  }

  /** The file's offsets, read once (a file that did not read has none: places fall back to its start). */
  private places(): JsonPlaces {
    return (this.index ??= new JsonPlaces(this.value === undefined ? '' : this.text, this.marksAt));
  }

  /** Every pointer the value holds (only to list the `ranges` and `keys` maps, which no phase does). */
  private *pointers(keysOnly: boolean): Generator<string> {
    const stack: Array<[string, unknown, boolean]> = [['', this.value, false]];
    while (stack.length) {
      const [pointer, value, isKey] = stack.pop()!;
      if (!keysOnly || isKey) yield pointer;
      if (Array.isArray(value)) value.forEach((v, i) => stack.push([`${pointer}/${i}`, v, false]));
      else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) stack.push([`${pointer}/${escapePointer(k)}`, v, true]);
    }
  }

  placeOfRange(range: readonly [number, number] | readonly number[] | undefined): Place | undefined {
    if (!range || range[0] === undefined) return undefined;
    const endOffset = Math.max(range[0], range[1] ?? range[0]);
    return { start: this.pointAt(range[0]), end: this.pointAt(endOffset) };
  }

  /** Where the value at a JSON pointer stands (its key's place with `key: true`); the nearest enclosing value's when the pointer reaches below what the file holds. */
  placeOf(pointer: string, options: { key?: boolean } = {}): Place | undefined {
    return nearestPlace(this, pointer, options);
  }

  /** The place of a mark's whole `{ "placeholder": ..., "note": ... }` (as YAML places it), or of its value. */
  private placeOfMark(pointer: string): Place | undefined {
    const range = this.places().markRange(pointer);
    return range ? this.placeOfRange(range) : this.placeOf(pointer);
  }

  /** 1-based line and column (UTF-16 code units, as YAML's LineCounter counts) of an offset. */
  private pointAt(offset: number): { line: number; column: number; offset: number } {
    const starts = (this.lineStarts ??= lineStartsOf(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1, offset };
  }

  /** The pointer of the value being read. */
  private pointerHere(): string {
    let out = '';
    for (const k of this.trail) out += `/${typeof k === 'number' ? k : escapePointer(k)}`;
    return out;
  }

  /**
   * One walk over the parsed value: placeholders and readings unwrapped (by
   * YamlSource's rules, with its diagnostics), depth and numbers checked. The
   * value is changed in place where a mark is unwrapped, so a file without
   * marks allocates nothing here.
   */
  private read(value: unknown, bag: DiagnosticBag, depth: number): unknown {
    if (this.failed) return null;
    if (depth > MAX_DEPTH)
      return this.fail(bag, this.deepPlace(), 'json-too-deep', `this value nests more than ${MAX_DEPTH} levels deep: content nests a few levels`);
    if (typeof value === 'string') {
      if (value.includes(':')) this.colonsInStrings += countColons(value);
      return value;
    }
    if (typeof value === 'number') {
      // `1e400` is valid JSON that JSON.parse reads as Infinity, which the package could not hold.
      if (!Number.isFinite(value)) {
        const pointer = this.pointerHere();
        this.pending.push(() =>
          bag.error(
            this.path,
            this.placeOf(pointer),
            'json-number-range',
            'this number is too large for content to hold (JavaScript reads it as Infinity): write a finite number',
          ),
        );
        this.ok = false;
      }
      return value;
    }
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        this.trail.push(i);
        const item: unknown = value[i];
        const read = this.read(item, bag, depth + 1);
        if (read !== item) value[i] = read;
        this.trail.pop();
      }
      return value;
    }
    const object = value as Record<string, unknown>;
    let pairs = 0;
    for (const key in object) {
      pairs++;
      if (key.includes(':')) this.colonsInStrings += countColons(key);
    }
    this.pairs += pairs;
    const kind = Object.hasOwn(object, 'placeholder') ? 'placeholder' : Object.hasOwn(object, 'reading') ? 'reading' : undefined;
    if (kind) return this.unwrap(kind, object, bag, depth);
    for (const key in object) {
      this.trail.push(key);
      const field = object[key];
      const read = this.read(field, bag, depth + 1);
      // `object[key] = ...` with the key `__proto__` would set the object's prototype: always an own data property.
      if (read !== field) Object.defineProperty(object, key, { value: read, enumerable: true, writable: true, configurable: true });
      this.trail.pop();
    }
    return object;
  }

  /**
   * A placeholder or a reading, unwrapped to its value and its note kept, as
   * YamlSource does: both need a note, and a mark with other keys (or both
   * kinds) is reported at the key and unwrapped anyway, so the value's own
   * checks do not add a confusing "got an object" to the real mistake.
   */
  private unwrap(kind: MarkKind, object: Record<string, unknown>, bag: DiagnosticBag, depth: number): unknown {
    const pointer = this.pointerHere();
    const report = (at: () => Place | undefined, code: CodeFor<'error'>, message: string) => this.pending.push(() => bag.error(this.path, at(), code, message));
    if (kind === 'placeholder' && Object.hasOwn(object, 'reading')) report(() => this.placeOfMarkKey(pointer, 'reading'), 'mark-malformed', BOTH_KINDS);
    for (const key of Object.keys(object)) {
      if (key === 'placeholder' || key === 'reading' || key === 'note') continue;
      report(() => this.placeOfMarkKey(pointer, key), 'mark-malformed', unknownMarkKey(key, kind));
    }
    const rawNote = object.note;
    const note = rawNote !== null && typeof rawNote === 'object' ? '' : String(rawNote ?? '');
    if (note.trim() === '') {
      if (kind === 'placeholder') report(() => this.placeOfMark(pointer), 'placeholder-note', noNote(kind));
      else report(() => this.placeOfMark(pointer), 'reading-note', noNote(kind));
    }
    (kind === 'placeholder' ? this.placeholders : this.readings).push(this.lazyMark(pointer, note));
    const kinds = this.marksAt.get(pointer);
    if (kinds) kinds.push(kind);
    else this.marksAt.set(pointer, [kind]);
    // The note and any other key are not content, but their text counts towards the file's `:` (see checkDuplicateKeys).
    for (const key of Object.keys(object)) if (key !== kind) this.countAside(object[key]);
    return this.read(object[kind], bag, depth + 1);
  }

  /** Where a key of the mark at `pointer` stands (marks are not content: their keys are not among `keys`). */
  private placeOfMarkKey(pointer: string, key: string): Place | undefined {
    const range = this.places().markKeyRange(pointer, key);
    return range ? this.placeOfRange(range) : this.placeOfMark(pointer);
  }

  /** Count a value set aside (a malformed mark's extra key) towards the pairs and colons, without reading it as content. */
  private countAside(value: unknown): void {
    if (typeof value === 'string') this.colonsInStrings += countColons(value);
    else if (Array.isArray(value)) for (const v of value) this.countAside(v);
    else if (value !== null && typeof value === 'object') {
      for (const key in value) {
        this.pairs++;
        this.colonsInStrings += countColons(key);
        this.countAside((value as Record<string, unknown>)[key]);
      }
    }
  }

  /** A mark whose place is found when first read (a check that lists no drafts never reads it). */
  private lazyMark(pointer: string, note: string): PlaceholderMark {
    let place: Place | undefined;
    let found = false;
    const mark = { pointer, note } as PlaceholderMark;
    Object.defineProperty(mark, 'place', {
      enumerable: true,
      get: () => {
        if (!found) place = this.knownPlaces.has(pointer) ? this.knownPlaces.get(pointer) : this.placeOfMark(pointer);
        found = true;
        return place;
      },
    });
    return mark;
  }

  /** Report one error that stops reading the file (the file is then not loaded, like one that does not parse). */
  private fail(bag: DiagnosticBag, place: Place | undefined, code: CodeFor<'error'>, message: string): null {
    if (!this.failed) bag.error(this.path, place, code, message);
    this.failed = true;
    return null;
  }

  /** The bracket that opens the first level past MAX_DEPTH (found by scanning the text: a file too deep is given no places). */
  private deepPlace(): Place | undefined {
    const deep = tooDeepAt(this.text, MAX_DEPTH);
    return deep === undefined ? { start: { line: 1, column: 1 } } : this.placeOfRange([deep, deep + 1]);
  }

  /**
   * `JSON.parse` keeps the last of two equal keys silently, and the first
   * value is lost. Every pair of the text has its `:`, and every other `:` is
   * inside a key or text: so when the text's `:` count is the pairs read plus
   * the `:` inside the strings read, no pair was dropped. That costs one
   * `indexOf` pass; only when the counts differ (or the text escapes a colon
   * as `\u003a`, which the count cannot see) is the file read again to find
   * the repeated keys, each reported at its second occurrence as YAML does.
   */
  private checkDuplicateKeys(bag: DiagnosticBag): void {
    let colons = 0;
    for (let at = this.text.indexOf(':'); at >= 0; at = this.text.indexOf(':', at + 1)) colons++;
    if (colons === this.pairs + this.colonsInStrings && !this.text.includes('\\u003a') && !this.text.includes('\\u003A')) return;
    const stack: Array<Map<string, number> | undefined> = [];
    visit(this.text, {
      onObjectBegin: () => void stack.push(new Map()),
      onObjectEnd: () => void stack.pop(),
      onArrayBegin: () => void stack.push(undefined),
      onArrayEnd: () => void stack.pop(),
      onObjectProperty: (name, offset, length) => {
        const seen = stack.at(-1);
        if (!seen) return;
        const first = seen.get(name);
        if (first === undefined) {
          seen.set(name, offset);
          return;
        }
        // Line and column: the two keys are often on one line (`{ "a": 1, "a": 2 }`).
        const at = this.pointAt(first);
        bag.error(
          this.path,
          this.placeOfRange([offset, offset + length]),
          'json-duplicate-key',
          `the key ${JSON.stringify(name)} is given twice in this object: JSON keeps only the last, so the value of the first (line ${at.line}, column ${at.column}) is lost`,
          ['keep one of the two (merge their values if both matter)'],
        );
      },
    });
  }

  /**
   * Every syntax error of the file, located, in words: jsonc-parser reads on
   * past an error (JSON.parse stops at the first). Its recovery guesses, so
   * what follows from an error is left out: one error a line, none on the
   * line after a text left unclosed, and no "never closed" at
   * the end of the file once an earlier error explains it.
   */
  private reportSyntax(bag: DiagnosticBag): void {
    const deep = tooDeepAt(this.text, MAX_DEPTH);
    if (deep !== undefined) {
      // jsonc-parser reads recursively: a file nested thousands deep would overflow its stack.
      this.fail(bag, this.placeOfRange([deep, deep + 1]), 'json-too-deep', `this value nests more than ${MAX_DEPTH} levels deep: content nests a few levels`);
      return;
    }
    const errors: ParseError[] = [];
    parseWithErrors(this.text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const lines = new Set<number>();
    let unclosedTextLine: number | undefined;
    let reported = 0;
    for (const error of errors) {
      if (reported >= MAX_SYNTAX_ERRORS) break;
      const line = this.pointAt(error.offset).line;
      if (lines.has(line)) continue;
      // A text left open ends at its line's end, and the parser then stumbles on the next line: that is the same mistake.
      if (unclosedTextLine === line - 1) {
        lines.add(line);
        continue;
      }
      const atEnd =
        (error.error === ParseErrorCode.CloseBraceExpected || error.error === ParseErrorCode.CloseBracketExpected) &&
        error.offset >= this.text.trimEnd().length;
      if (atEnd && reported) continue;
      const { code, message, range, notes } = this.explain(error);
      lines.add(line);
      if (error.error === ParseErrorCode.UnexpectedEndOfString) unclosedTextLine = line;
      bag.error(this.path, this.placeOfRange(range), code, message, notes ?? []);
      reported++;
    }
    // JSON.parse refused the file, so something is wrong even if the recovering parser saw nothing: say what JSON.parse said.
    if (!reported) {
      let message = 'this file is not valid JSON';
      let at = 0;
      try {
        JSON.parse(this.text);
      } catch (e) {
        message = `this file is not valid JSON: ${(e as Error).message}`;
        at = Number(/at position (\d+)/.exec((e as Error).message)?.[1] ?? 0);
      }
      bag.error(this.path, this.placeOfRange([at, at + 1]), 'json-syntax', message);
    }
  }

  /** One parser error in the reader's words, with its code and where to point. */
  private explain(error: ParseError): { code: CodeFor<'error'>; message: string; range: [number, number]; notes?: string[] } {
    const { offset, length } = error;
    const here: [number, number] = [offset, offset + Math.max(length, 1)];
    const token = this.text.slice(offset, offset + length);
    const char = this.text[offset];
    const before = previousNonSpace(this.text, offset);
    switch (error.error) {
      case ParseErrorCode.InvalidCommentToken:
      case ParseErrorCode.UnexpectedEndOfComment:
        return {
          code: 'json-comment',
          message: 'JSON has no comments: remove this one (a note for readers can go in a `note` field)',
          range: [offset, offset + Math.min(Math.max(length, 2), lineEnd(this.text, offset) - offset)],
        };
      case ParseErrorCode.UnexpectedEndOfString:
        return {
          code: 'json-unclosed',
          message: 'this text is never closed: add `"` where it ends (JSON text stays on one line; write a line break inside it as `\\n`)',
          range: [offset, offset + 1],
        };
      case ParseErrorCode.CloseBraceExpected:
      case ParseErrorCode.CloseBracketExpected: {
        const open = openerAt(this.text, offset);
        const what = error.error === ParseErrorCode.CloseBraceExpected ? { open: '{', close: '}', name: 'object' } : { open: '[', close: ']', name: 'list' };
        const at = open ?? offset;
        return {
          code: 'json-unclosed',
          message: `\`${what.open}\` opened here is never closed: add \`${what.close}\` where the ${what.name} ends`,
          range: [at, at + 1],
        };
      }
      case ParseErrorCode.InvalidEscapeCharacter:
      case ParseErrorCode.InvalidUnicode: {
        const bad = badEscape(token);
        const at = offset + (bad?.at ?? 0);
        const written = bad ? token.slice(bad.at, bad.at + bad.length) : token;
        return {
          code: 'json-escape',
          message:
            error.error === ParseErrorCode.InvalidUnicode
              ? `\`${written}\` is not a Unicode escape: \`\\u\` takes four hexadecimal digits (\`\\u00e3\` for "ã")`
              : `\`${written}\` is not an escape JSON knows: a backslash is written \`\\\\\` (the escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)`,
          range: [at, at + (bad?.length ?? 1)],
        };
      }
      case ParseErrorCode.InvalidCharacter: {
        const at =
          offset +
          Math.max(
            0,
            [...token].findIndex((c) => c.charCodeAt(0) < 0x20),
          );
        const c = this.text.charCodeAt(at);
        const name = c === 9 ? 'a tab' : `the control character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
        return {
          code: 'json-escape',
          message: `${name} inside text: JSON writes it as an escape (${c === 9 ? '`\\t`' : `\`\\u${c.toString(16).padStart(4, '0')}\``})`,
          range: [at, at + 1],
        };
      }
      case ParseErrorCode.InvalidSymbol:
        return { code: 'json-invalid-value', ...this.invalidSymbol(token, offset), range: here };
      case ParseErrorCode.InvalidNumberFormat:
      case ParseErrorCode.UnexpectedEndOfNumber:
        return {
          code: 'json-invalid-value',
          message: `\`${token}\` is not a number as JSON writes it: digits, with no leading zero and digits on both sides of the point (\`0.5\`, \`1.0\`, \`-3\`, \`1e6\`)`,
          range: here,
        };
      case ParseErrorCode.PropertyNameExpected:
        if (char === '}' && before?.char === ',')
          return {
            code: 'json-syntax',
            message: 'a comma after the last field of an object: JSON allows none there, remove it',
            range: [before.at, before.at + 1],
          };
        return { code: 'json-syntax', message: 'a key in double quotes was expected here (`"name": value`)', range: here };
      case ParseErrorCode.ValueExpected:
        if (char === ']' && before?.char === ',')
          return {
            code: 'json-syntax',
            message: 'a comma after the last item of a list: JSON allows none there, remove it',
            range: [before.at, before.at + 1],
          };
        if (offset >= this.text.length)
          return this.text.trim() === ''
            ? { code: 'json-syntax', message: 'this JSON file is empty: a collection file holds a list of entries (`[ { ... }, { ... } ]`)', range: [0, 0] }
            : { code: 'json-syntax', message: 'the file ends where a value was expected', range: [offset, offset] };
        return { code: 'json-syntax', message: 'a value was expected here: "text", a number, true, false, null, a [list] or an {object}', range: here };
      case ParseErrorCode.ColonExpected:
        return { code: 'json-syntax', message: 'a `:` was expected here, between a key and its value', range: here };
      case ParseErrorCode.CommaExpected: {
        if (char === '}' || char === ']') {
          const open = openerAt(this.text, offset);
          const want = open === undefined ? undefined : this.text[open] === '[' ? ']' : '}';
          if (want && want !== char)
            return {
              code: 'json-syntax',
              message: `\`${char}\` here, but the ${want === ']' ? 'list `[`' : 'object `{`'} opened at line ${this.pointAt(open!).line} is not closed: close it with \`${want}\` first`,
              range: here,
            };
        }
        return {
          code: 'json-syntax',
          message: `a comma is missing before this: the ${this.containerName(offset)} are separated by \`,\``,
          range: here,
          ...(before
            ? {
                notes: [
                  `after ${JSON.stringify(this.text.slice(Math.max(lineStart(this.text, before.at), before.at - 20), before.at + 1).trim())} on line ${this.pointAt(before.at).line}`,
                ],
              }
            : {}),
        };
      }
      case ParseErrorCode.EndOfFileExpected:
        return {
          code: 'json-syntax',
          message: 'text after the end of the JSON value: a file holds one value (a collection file, one list `[ ... ]` of its entries)',
          range: here,
        };
      default:
        return { code: 'json-syntax', message: 'this is not valid JSON here', range: here };
    }
  }

  /** Items of a list or fields of an object, by the innermost bracket open at `offset`. */
  private containerName(offset: number): string {
    const open = openerAt(this.text, offset);
    return open !== undefined && this.text[open] === '{' ? 'fields of an object' : 'items of a list';
  }

  /** A word JSON does not know, said by what it most likely is. */
  private invalidSymbol(token: string, offset: number): { message: string } {
    if (token.startsWith("'")) return { message: 'JSON quotes text with double quotes (`"`), never single quotes' };
    if (/^-?(?:NaN|Infinity)$|^undefined$/.test(token)) return { message: `\`${token}\` is not a JSON value: write a number, or \`null\` for none` };
    const after = this.text.slice(offset + token.length).trimStart();
    if (after.startsWith(':')) return { message: `a key is written in double quotes in JSON: \`"${token}"\`` };
    const near = ['true', 'false', 'null'].find((w) => w.startsWith(token.toLowerCase()) || token.toLowerCase().startsWith(w));
    return {
      message: `\`${token.length > 40 ? `${token.slice(0, 40)}…` : token}\` is not a JSON value${near ? ` (did you mean \`${near}\`?)` : ''}: a value is "text" in double quotes, a number, true, false, null, a [list] or an {object}`,
    };
  }
}

function countColons(s: string): number {
  let n = 0;
  for (let at = s.indexOf(':'); at >= 0; at = s.indexOf(':', at + 1)) n++;
  return n;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  const at = text.indexOf('\n', offset);
  return at < 0 ? text.length : at;
}

function previousNonSpace(text: string, offset: number): { at: number; char: string } | undefined {
  for (let i = offset - 1; i >= 0; i--) if (!/\s/.test(text[i]!)) return { at: i, char: text[i]! };
  return undefined;
}

/**
 * Scan the text as JSON's brackets and strings nest (no recursion): calls
 * `step` at each bracket outside text with the depth after it; stops when
 * `step` returns true, with that offset.
 */
function scanBrackets(text: string, until: number, step: (at: number, char: string, depth: number) => boolean): number | undefined {
  let depth = 0;
  for (let i = 0; i < until; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < until && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{') {
      if (step(i, c, ++depth)) return i;
    } else if (c === ']' || c === '}') {
      if (step(i, c, --depth)) return i;
    }
  }
  return undefined;
}

/** The first bracket that nests deeper than `max`, or undefined. */
function tooDeepAt(text: string, max: number): number | undefined {
  return scanBrackets(text, text.length, (_at, c, depth) => (c === '[' || c === '{') && depth > max);
}

/** The innermost `[` or `{` still open at `offset`, or undefined. */
function openerAt(text: string, offset: number): number | undefined {
  const open: number[] = [];
  scanBrackets(text, Math.min(offset, text.length), (at, c) => {
    if (c === '[' || c === '{') open.push(at);
    else open.pop();
    return false;
  });
  return open.at(-1);
}

/** The first escape in a string token that JSON does not know: its offset in the token and length. */
function badEscape(token: string): { at: number; length: number } | undefined {
  for (let i = 1; i < token.length; i++) {
    if (token[i] !== '\\') continue;
    const next = token[i + 1];
    if (next === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(token.slice(i + 2, i + 6))) return { at: i, length: Math.min(6, token.length - i) };
      i += 5;
    } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i++;
    else return { at: i, length: next === undefined ? 1 : 2 };
  }
  return undefined;
}

/**
 * Where the commas between the entries of a JSON text's top-level list stand (none when the text is not a list). The
 * text is valid JSON (JSON.parse read it): a string ends at the first quote not escaped by an odd run of backslashes.
 * From `from` to `to` at `depth` (1: inside the list, where a comma between its entries stands), for a part of it.
 */
function listCommas(text: string, from = 0, to = text.length, depth = 0): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Past the string: its escapes (`\"`, `\\`) taken two characters at a time.
      for (i++; i < to; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && depth === 1) out.push(i);
  }
  return out;
}
