import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  parseDocument,
  visit,
  type Alias,
  type Document,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { yamlCode, type CodeFor } from '../diagnostics/codes.ts';
import { DiagnosticBag, type Place } from '../diagnostics/diagnostic.ts';
import { escapePointer } from '../json-pointer.ts';
import type { PlaceholderMark, Range, SourceFile } from '../model.ts';
import { findBadIndents, findTooDeep } from './indentation.ts';
import { BOTH_KINDS, noNote, unknownMarkKey, type MarkKind } from './mark-words.ts';
import { nearestPlace } from './nearest-place.ts';
import { entryStarts, firstAtLeast, movePlace, movePointer } from './split-sequence.ts';
import { lineStartsOf, quickYamlValue, type QuickValue } from './yaml-fast.ts';

export type { PlaceholderMark, Range } from '../model.ts';

/**
 * How deep a value may nest. Content nests a handful of levels (a DSL rule
 * perhaps twenty); every later phase (validation, rules, emitters) walks
 * values recursively, so a file nested thousands deep would exhaust the stack
 * there instead of getting a located diagnostic here.
 */
export const MAX_DEPTH = 200;

/**
 * How many values aliases may expand to in one file, beyond its own size: a
 * few anchors that each alias the one before ("billion laughs") expand
 * exponentially, and the expansion is what every later phase would walk.
 */
const MIN_ALIAS_BUDGET = 100_000;

/**
 * A parsed YAML file that remembers where every value came from, so any later
 * phase can point a diagnostic at a JSON pointer.
 */
export class YamlSource implements SourceFile {
  /**
   * Where each value and each map key stands, by JSON pointer (see `ranges`
   * and `keys`): built on first use only. Most files of a large game never
   * need a place (they have no diagnostic), and building a pointer string
   * and a range for every value of 30,000 cards was most of a check's
   * garbage; a file that does need one is parsed again for it.
   */
  private rangeMap: Map<string, Range> | undefined;
  private keyMap: Map<string, Range> | undefined;
  /** The path from the document's root to the value being read (keys and indices): a pointer is made from it only when one is needed. */
  private readonly trail: Array<string | number> = [];
  /** True while the places are being built (a second reading of the file, which reports nothing). */
  private recording = false;
  readonly placeholders: PlaceholderMark[] = [];
  /** Readings: `{ reading: VALUE, note }`, a choice where the rules are silent, kept apart from the values as written. */
  readonly readings: PlaceholderMark[] = [];
  value: unknown = undefined;
  ok = true;
  /**
   * Entries of a collection file left out because a `[`, `{` or quote in
   * them is never closed: their lines are read as blank (offsets and lines
   * unchanged), so the file's other entries load. Empty when all loaded.
   */
  cut: Array<readonly [start: number, end: number]> = [];
  private readonly lines = new LineCounter();
  /** Each alias's anchored node (the last anchor of its name before it), filled only when the file has aliases. */
  private readonly targets = new Map<Alias, YamlNode | undefined>();
  /** Alias targets being expanded: an alias met again inside its own expansion is a cycle. */
  private readonly expanding = new Set<YamlNode>();
  /** Values left that aliases may expand to (see MIN_ALIAS_BUDGET). */
  private aliasBudget = 0;
  /** The alias whose expansion is under way in the file's own text (not one met inside another's expansion): where a bomb is reported. */
  private outerAlias: Alias | undefined;
  /** Set once the file has failed in toValue (too deep, an alias cycle or bomb): one diagnostic, not one per value. */
  private failed = false;

  constructor(
    readonly path: string,
    readonly text: string,
  ) {}

  /** How many aliases (`*name`) the file's values hold: a file cut into slices (load/parse-pool.ts) with any is parsed whole instead. */
  get aliasCount(): number {
    return this.targets.size;
  }

  /** Where each line of the text starts (a save's re-parse splices the next text's from them: load/entry-splice.ts). */
  get lineStarts(): ArrayLike<number> {
    return this.lines.lineStarts;
  }

  /** Where each value stands, by JSON pointer. */
  get ranges(): ReadonlyMap<string, Range> {
    this.ensurePlaces();
    return this.rangeMap!;
  }

  /** Where each map key stands, by the JSON pointer of its value. */
  get keys(): ReadonlyMap<string, Range> {
    this.ensurePlaces();
    return this.keyMap!;
  }

  /** Read the file again, recording where each value and key stands (nothing is reported: the first reading did that). */
  private ensurePlaces(): void {
    if (this.rangeMap) return;
    this.rangeMap = new Map();
    this.keyMap = new Map();
    // A file that did not read has no values to place: places fall back to the file's start.
    if (!this.ok) return;
    const doc = parseDocument(this.parsedText, { uniqueKeys: true, prettyErrors: false, strict: true });
    this.targets.clear();
    this.expanding.clear();
    if (this.text.includes('*')) this.findAliasTargets(doc);
    this.aliasBudget = Math.max(MIN_ALIAS_BUDGET, this.text.length);
    this.recording = true;
    this.trail.length = 0;
    this.toValue(doc.contents as YamlNode | null, new DiagnosticBag(), 0);
    this.recording = false;
  }

  /** The text the values were read from: the file's own, less the entries `cut` left out. */
  private get parsedText(): string {
    return this.cut.length ? blank(this.text, this.cut) : this.text;
  }

  /** The JSON pointer of the value being read. */
  private pointerHere(): string {
    let out = '';
    for (const k of this.trail) out += `/${typeof k === 'number' ? k : escapePointer(k)}`;
    return out;
  }

  /** Parse and report every YAML error of the file (not only the first). */
  parse(bag: DiagnosticBag): this {
    // Most files have nothing to report: their values are read the quick way (yaml-fast.ts), and `yaml` reads only
    // what it alone can (errors explained, marks where they stand; places are read again when asked for).
    const quick = quickYamlValue(this.text, MAX_DEPTH);
    if (quick && this.takeQuick(quick)) return this;
    return this.parseWithYaml(bag);
  }

  /**
   * Keep the quick reading, with each entry that holds a mark read again alone by `yaml` (its marks recorded where
   * they stand in the file). False, with nothing kept, when such an entry has anything to report (a mark written
   * wrong, a note missing) or the file's entries cannot be told apart from its lines: the whole file is then read
   * by `yaml`, which reports it as before.
   */
  private takeQuick(quick: QuickValue): boolean {
    const lineStarts = lineStartsOf(this.text);
    const placeholders: PlaceholderMark[] = [];
    const readings: PlaceholderMark[] = [];
    if (quick.marked.length) {
      const list = quick.value as unknown[];
      const starts = entryStarts(this.text);
      if (!starts || starts.length !== list.length) return false;
      for (const i of quick.marked) {
        const start = starts[i]!;
        const bag = new DiagnosticBag();
        const entry = new YamlSource(this.path, this.text.slice(start, starts[i + 1] ?? this.text.length)).parseWithYaml(bag);
        if (!entry.ok || bag.items.length || !Array.isArray(entry.value) || entry.value.length !== 1) return false;
        list[i] = entry.value[0];
        // The entry starts at a line start: its line n is the file's line (lines before it) + n, at the same column.
        const lines = firstAtLeast(lineStarts, start);
        const move = (m: PlaceholderMark): PlaceholderMark => ({ pointer: movePointer(m.pointer, i), note: m.note, place: movePlace(m.place, start, lines) });
        placeholders.push(...entry.placeholders.map(move));
        readings.push(...entry.readings.map(move));
      }
    }
    this.value = quick.value ?? null;
    this.lines.lineStarts = lineStarts;
    this.placeholders.push(...placeholders);
    this.readings.push(...readings);
    return true;
  }

  /**
   * Read the file with `yaml`, reporting every YAML error of it (not only the first). Public for the test that
   * holds the quick reading to it (test/yaml-fast.test.ts); the compiler calls `parse`.
   */
  parseWithYaml(bag: DiagnosticBag): this {
    let doc: Document.Parsed = parseDocument(this.text, { lineCounter: this.lines, uniqueKeys: true, prettyErrors: false, strict: true });
    // YAML forbids tabs in indentation, and the parser's own message for them
    // ("unexpected scalar") hides the cause: name it, at the tab.
    const tabs = [...this.text.matchAll(/^( *)\t/gm)];
    for (const tab of tabs) {
      const at = tab.index + tab[1]!.length;
      bag.error(this.path, this.placeOfRange([at, at + 1]), 'yaml-tab-indent', 'a tab in indentation: YAML indents with spaces only');
    }
    if (tabs.length) this.ok = false;
    // A `[`, `{` or quote never closed: one error at it, not the parser's at the lines it swallowed; in a
    // collection file its entry is left out and the others load (see `recover`).
    const unclosed = doc.errors.length && !tabs.length ? firstUnclosed(this.text) : undefined;
    const recovered = unclosed ? this.recover(unclosed, bag) : undefined;
    if (recovered) doc = recovered;
    else if (unclosed) reportUnclosed(bag, this, unclosed);
    const errors = tabs.length || recovered ? [] : unclosed ? doc.errors.filter((e) => e.pos[0] < unclosed.offset) : this.explainIndentation(doc.errors, bag);
    if (doc.errors.length) this.ok = false;
    let exhausted = false;
    for (const error of errors) {
      const pos: readonly number[] = error.pos;
      let message = firstLine(error.message);
      // The parser reads nesting recursively and says so in its own terms ("Maximum call stack size exceeded"),
      // once per level it unwinds: one error, in the designer's terms.
      if (error.code === 'RESOURCE_EXHAUSTION') {
        if (exhausted) continue;
        exhausted = true;
        message = `this value nests too deep to read: content nests a few levels, at most ${MAX_DEPTH}`;
        const deep = findTooDeep(this.text, MAX_DEPTH);
        bag.error(this.path, this.placeOfRange(deep === undefined ? pos : [deep, deep + 1]), 'yaml-too-deep', message);
        continue;
      }
      // The parser's message names its own API ("use YAML.parseAllDocuments()"): say what the file holds instead.
      if (error.code === 'MULTIPLE_DOCS')
        message = 'a second YAML document starts here: a content file holds one document (remove this `---` or move what follows to its own file)';
      // An unclosed quote is reported where the file ends; point at the quote that opened it.
      if (error.code === 'MISSING_CHAR' && /closing ["']?quote/.test(error.message)) {
        const open = openingQuote(this.text, error.pos[0]);
        if (open !== undefined) {
          reportUnclosed(bag, this, { offset: open, open: this.text[open]! });
          continue;
        }
      }
      bag.error(this.path, this.placeOfRange(pos), yamlCode(error.code), message);
    }
    for (const warning of doc.warnings) {
      bag.warning(this.path, this.placeOfRange(warning.pos), yamlCode(warning.code), firstLine(warning.message));
    }
    if (this.ok) {
      if (this.text.includes('*')) this.findAliasTargets(doc);
      this.aliasBudget = Math.max(MIN_ALIAS_BUDGET, this.text.length);
      this.value = this.toValue(doc.contents as YamlNode | null, bag, 0);
      // Every entry left out: the file is still a list, of none.
      if (recovered && this.value === null) this.value = [];
      if (this.failed) {
        this.ok = false;
        this.value = undefined;
      }
    }
    return this;
  }

  /**
   * Read a collection file (a list of entries at the left margin) with the
   * entries whose `[`, `{` or quote is never closed left out, their lines
   * blanked so every offset and line stays where it is. One error per such
   * entry, at its opening character; the parser's errors that follow from it
   * are not reported. Undefined, with nothing reported, when the file is not
   * such a list or reads with errors of another kind even so: the file is then
   * reported and left out whole, as before.
   */
  private recover(first: Unclosed, bag: DiagnosticBag): Document.Parsed | undefined {
    const items = rootItems(this.text);
    if (!items) return undefined;
    const found: Unclosed[] = [];
    const cut: Array<readonly [number, number]> = [];
    let unclosed: Unclosed | undefined = first;
    for (let round = 0; unclosed && round < 100; round++) {
      const at = unclosed.offset;
      const item = items.find(([start, end]) => start <= at && at < end);
      if (!item) return undefined;
      found.push(unclosed);
      cut.push(item);
      const text = blank(this.text, cut);
      const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, strict: true });
      if (!doc.errors.length) {
        this.cut = cut.sort((a, b) => a[0] - b[0]);
        for (const u of found)
          reportUnclosed(
            bag,
            this,
            u,
            this.cut.find(([s, e]) => s <= u.offset && u.offset < e),
          );
        return doc;
      }
      unclosed = firstUnclosed(text);
    }
    return undefined;
  }

  /**
   * A line indented to match nothing above it makes the parser report a
   * cascade, often on the line before. Say what is wrong in words, once per
   * such line, and drop the parser's errors from that line onwards (they
   * follow from it). Returns the parser errors still to report.
   */
  private explainIndentation<E extends { pos: readonly number[]; code?: string; message?: string }>(errors: readonly E[], bag: DiagnosticBag): readonly E[] {
    if (!errors.length) return errors;
    // An unclosed quote is the cause of whatever looks mis-indented after it: report the quote, not the lines it swallowed.
    if (errors.some((e) => e.code === 'MISSING_CHAR' && /closing ["']?quote/.test(e.message ?? ''))) return errors;
    const lineOf = (e: E) => this.lines.linePos(e.pos[0]!).line;
    const found = findBadIndents(this.text).filter((b) => errors.some((e) => lineOf(e) >= Math.max(1, b.previousLine) && lineOf(e) <= b.line));
    if (!found.length) return errors;
    for (const b of found) {
      const at = this.lines.lineStarts[b.line - 1]! + b.indent;
      const spaces = (n: number) => `${n} space${n === 1 ? '' : 's'}`;
      const above = b.kind === 'item' ? 'the list item above' : 'the entry above';
      bag.error(this.path, this.placeOfRange([at, at + 1]), 'yaml-indent', `this line is indented ${spaces(b.indent)}, ${above} uses ${b.expected}`, [
        `YAML nests by indentation: line it up with ${b.kind === 'item' ? 'the items' : 'the keys'} of its list or map (${spaces(b.expected)})`,
      ]);
    }
    const from = Math.max(1, Math.min(...found.map((b) => b.previousLine || b.line)));
    return errors.filter((e) => lineOf(e) < from);
  }

  placeOfRange(range: readonly [number, number] | readonly number[] | undefined): Place | undefined {
    if (!range || range[0] === undefined) return undefined;
    const start = this.lines.linePos(range[0]);
    const endOffset = range[1] ?? range[0];
    const end = this.lines.linePos(Math.max(range[0], endOffset));
    return {
      start: { line: start.line, column: start.col, offset: range[0] },
      end: { line: end.line, column: end.col, offset: endOffset },
    };
  }

  /** Where the value at a JSON pointer stands (its key's place with `key: true`). */
  placeOf(pointer: string, options: { key?: boolean } = {}): Place | undefined {
    return nearestPlace(this, pointer, options);
  }

  /**
   * Every alias's target: the last node before it in document order with that
   * anchor, as YAML defines it. One walk for the file (the library's
   * `Alias.resolve` walks the whole document once per alias).
   */
  private findAliasTargets(doc: Document.Parsed): void {
    const anchors = new Map<string, YamlNode>();
    visit(doc, {
      Node: (_key, node) => {
        if (isAlias(node)) this.targets.set(node, anchors.get(node.source));
        else if (node.anchor) anchors.set(node.anchor, node);
      },
    });
  }

  private toValue(node: YamlNode | null, bag: DiagnosticBag, depth: number): unknown {
    if (node === null || node === undefined || this.failed) return null;
    if (depth > MAX_DEPTH) return this.fail(bag, node, 'yaml-too-deep', `this value nests more than ${MAX_DEPTH} levels deep: content nests a few levels`);
    if (this.recording && node.range) this.rangeMap!.set(this.pointerHere(), [node.range[0], node.range[1]]);
    if (isAlias(node)) return this.expandAlias(node, bag, depth);
    if (this.expanding.size && --this.aliasBudget < 0)
      return this.fail(
        bag,
        this.outerAlias ?? node,
        'yaml-alias-bomb',
        'aliases here expand to more values than the file could hold written out: an alias of an alias of an alias grows exponentially ("billion laughs")',
      );
    if (isScalar(node)) return this.scalarValue(node.value, node, bag);
    if (isSeq(node)) {
      return node.items.map((item, i) => {
        this.trail.push(i);
        const value = this.toValue(item as YamlNode, bag, depth + 1);
        this.trail.pop();
        return value;
      });
    }
    if (isMap(node)) {
      const mark = markKind(node.items) ?? this.malformedMark(node.items, bag);
      if (mark) return this.unwrapPlaceholder(mark, node, bag, depth);
      const out: Record<string, unknown> = {};
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        this.trail.push(key);
        if (this.recording) {
          const keyRange = pair.key && typeof pair.key === 'object' ? (pair.key as YamlNode).range : undefined;
          if (keyRange) this.keyMap!.set(this.pointerHere(), [keyRange[0], keyRange[1]]);
        }
        // `out[key] = ...` with the key `__proto__` would set the object's prototype
        // instead of holding a field the schema can report: always an own data property.
        Object.defineProperty(out, key, {
          value: this.toValue(pair.value as YamlNode | null, bag, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        this.trail.pop();
      }
      return out;
    }
    return null;
  }

  /**
   * An alias (`*base`) stands for a copy of its anchored value (`&base`), as
   * any YAML reader sees it; the copy keeps the anchor's places for its
   * diagnostics. An alias inside its own anchor would be an infinite value.
   */
  private expandAlias(alias: Alias, bag: DiagnosticBag, depth: number): unknown {
    const target = this.targets.get(alias);
    if (!target)
      return this.fail(bag, alias, 'yaml-alias-unknown', `no anchor \`&${alias.source}\` comes before this alias: an alias repeats a value anchored above it`);
    if (this.expanding.has(target))
      return this.fail(
        bag,
        alias,
        'yaml-alias-cycle',
        `this alias is inside the value anchored \`&${alias.source}\` it names, so that value would contain itself forever`,
      );
    if (!this.expanding.size) this.outerAlias = alias;
    this.expanding.add(target);
    try {
      return this.toValue(target, bag, depth);
    } finally {
      this.expanding.delete(target);
      // Diagnostics about the copied value point at the alias that brought it here.
      if (this.recording && alias.range) this.rangeMap!.set(this.pointerHere(), [alias.range[0], alias.range[1]]);
    }
  }

  /**
   * Values are JSON's: text, finite numbers, true/false and null. YAML tags
   * can make others (`!!binary` bytes, a `%YAML 1.1` timestamp, `.inf`),
   * which the package could not hold as data: refuse them where they stand.
   */
  private scalarValue(value: unknown, node: YamlNode, bag: DiagnosticBag): unknown {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return value;
      bag.error(
        this.path,
        this.placeOfRange(node.range ?? undefined),
        'yaml-unsupported-value',
        `${String(value)} is not a number content can hold: write a finite number`,
      );
      this.ok = false;
      return value;
    }
    const kind = value instanceof Uint8Array ? 'binary data' : value instanceof Date ? 'a timestamp' : `a ${typeof value}`;
    bag.error(
      this.path,
      this.placeOfRange(node.range ?? undefined),
      'yaml-unsupported-value',
      `this value is ${kind}: content values are text, numbers, true/false, lists and maps (quote it to keep it as text)`,
    );
    this.ok = false;
    return null;
  }

  /** Report one error that stops reading the file (the file is then not loaded, like one that does not parse). */
  private fail(bag: DiagnosticBag, node: YamlNode, code: CodeFor<'error'>, message: string): null {
    if (!this.failed) bag.error(this.path, this.placeOfRange(node.range ?? undefined), code, message);
    this.failed = true;
    return null;
  }

  /**
   * A map that holds `placeholder:` or `reading:` beside keys a mark does not
   * take is a mark written wrong, not content: say what is wrong at the key,
   * and unwrap it anyway, so the value's own checks do not add a confusing
   * "got a map" to the real mistake.
   */
  private malformedMark(pairs: Pair[], bag: DiagnosticBag): MarkKind | undefined {
    const keyOf = (p: Pair) => (isScalar(p.key) ? p.key.value : undefined);
    const kinds = (['placeholder', 'reading'] as const).filter((k) => pairs.some((p) => keyOf(p) === k));
    if (!kinds.length) return undefined;
    const at = (p: Pair | undefined) => this.placeOfRange((p?.key as YamlNode | undefined)?.range ?? undefined);
    if (kinds.length === 2) {
      bag.error(this.path, at(pairs.find((p) => keyOf(p) === 'reading')), 'mark-malformed', BOTH_KINDS);
    }
    for (const extra of pairs.filter((p) => !['placeholder', 'reading', 'note'].includes(String(keyOf(p))))) {
      bag.error(this.path, at(extra), 'mark-malformed', unknownMarkKey(String(keyOf(extra)), kinds[0]!));
    }
    return kinds[0];
  }

  /** Unwrap a placeholder or a reading to its value, keeping the note; both need one, so no draft or choice goes unexplained. */
  private unwrapPlaceholder(kind: MarkKind, node: YAMLMap, bag: DiagnosticBag, depth: number): unknown {
    const pairs = node.items as Pair[];
    const valuePair = pairs.find((p) => isScalar(p.key) && p.key.value === kind);
    if (!this.recording) {
      const notePair = pairs.find((p) => isScalar(p.key) && p.key.value === 'note');
      const note = notePair && isScalar(notePair.value) ? String(notePair.value.value ?? '') : '';
      const place = this.placeOfRange(node.range ?? undefined);
      if (note.trim() === '') {
        if (kind === 'placeholder') bag.error(this.path, place, 'placeholder-note', noNote(kind));
        else bag.error(this.path, place, 'reading-note', noNote(kind));
      }
      (kind === 'placeholder' ? this.placeholders : this.readings).push({ pointer: this.pointerHere(), note, place });
    }
    return this.toValue((valuePair?.value as YamlNode | null) ?? null, bag, depth + 1);
  }

  /**
   * The parse as plain data, for a file parsed on a worker thread
   * (load/parse-pool.ts). Places are not sent: the thread that needs one
   * builds them, as it would for a file it parsed itself.
   */
  toParsed(): ParsedYaml {
    return {
      ok: this.ok,
      value: this.value,
      lineStarts: Int32Array.from(this.lines.lineStarts),
      placeholders: this.placeholders,
      readings: this.readings,
      cut: this.cut,
    };
  }

  /** A source as `toParsed` gave it, on the thread that reads it. */
  static fromParsed(path: string, text: string, parsed: ParsedYaml): YamlSource {
    const source = new YamlSource(path, text);
    source.ok = parsed.ok;
    source.value = parsed.value;
    // The parse's own array, not copied: a joined 10,000-card file has 250,000 line starts (load/entry-reparse.ts, on
    // every save in it), and copying them into an array cost 10-40 ms. The counter only reads them by index and length
    // (its linePos, and this class), and a source made here is never parsed again, so nothing adds to them.
    source.lines.lineStarts = parsed.lineStarts as unknown as number[];
    source.placeholders.push(...parsed.placeholders);
    source.readings.push(...parsed.readings);
    source.cut = parsed.cut;
    return source;
  }
}

/** A parsed file as plain, structured-cloneable data (see YamlSource.toParsed). */
export interface ParsedYaml {
  ok: boolean;
  value: unknown;
  lineStarts: Int32Array;
  placeholders: PlaceholderMark[];
  readings: PlaceholderMark[];
  cut: Array<readonly [number, number]>;
}

/** A map of exactly `{ placeholder | reading: VALUE, note }` is a mark around a value, not content. */
function markKind(items: Pair[]): MarkKind | undefined {
  const keys = items.map((p) => (isPair(p) && isScalar(p.key) ? p.key.value : undefined));
  for (const kind of ['placeholder', 'reading'] as const) {
    if (keys.includes(kind) && keys.every((k) => k === kind || k === 'note')) return kind;
  }
  return undefined;
}

// Pointers are not YAML's: the helper lives with them (json-pointer.ts), and is still exported here for the modules that import it from here.
export { escapePointer };

/**
 * The offset of the quote that opens the quoted scalar the parser found
 * unclosed: the CST token that ends where the error stands. (A search back for
 * the last quote character would land on an apostrophe inside the text.)
 */
function openingQuote(text: string, errorAt: number): number | undefined {
  let found: number | undefined;
  const visit = (token: unknown): void => {
    if (found !== undefined || !token || typeof token !== 'object') return;
    const t = token as { type?: string; offset?: number; source?: string };
    if (
      (t.type === 'double-quoted-scalar' || t.type === 'single-quoted-scalar') &&
      typeof t.offset === 'number' &&
      typeof t.source === 'string' &&
      t.offset + t.source.length >= errorAt &&
      !closed(t.source)
    ) {
      found = t.offset;
      return;
    }
    for (const value of Object.values(token)) visit(value);
  };
  for (const token of new Parser().parse(text)) visit(token);
  return found;
}

function closed(source: string): boolean {
  const quote = source[0]!;
  if (source.length < 2 || !source.endsWith(quote)) return false;
  // `"abc\"` ends with an escaped quote; count the backslashes before it.
  if (quote === '"') return (/\\*"$/.exec(source.slice(1))?.[0].length ?? 1) % 2 === 1;
  return true;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/** A `[`, `{`, `"` or `'` that is never closed, by its offset. */
interface Unclosed {
  offset: number;
  open: string;
}

const CLOSER: Record<string, { close: string; what: string }> = {
  '[': { close: ']', what: 'the list' },
  '{': { close: '}', what: 'the map' },
  '"': { close: '"', what: 'the text' },
  "'": { close: "'", what: 'the text' },
};

/**
 * The first flow list, flow map or quoted text in `text` that the parser's
 * tokens show never closed, or undefined. The tokens are walked with a stack,
 * not recursion: a file nested thousands deep must not overflow it.
 */
function firstUnclosed(text: string): Unclosed | undefined {
  let found: Unclosed | undefined;
  const consider = (offset: number, open: string) => {
    if (CLOSER[open] && (found === undefined || offset < found.offset)) found = { offset, open };
  };
  try {
    const stack: unknown[] = [...new Parser().parse(text)];
    while (stack.length) {
      const token = stack.pop();
      if (!token || typeof token !== 'object') continue;
      const t = token as { type?: string; offset?: number; source?: string; start?: { offset?: number; source?: string }; end?: Array<{ source?: string }> };
      if (t.type === 'flow-collection' && typeof t.start?.offset === 'number' && typeof t.start.source === 'string') {
        const close = CLOSER[t.start.source]?.close;
        if (close && !(t.end ?? []).some((e) => e?.source === close)) consider(t.start.offset, t.start.source);
      } else if (
        (t.type === 'double-quoted-scalar' || t.type === 'single-quoted-scalar') &&
        typeof t.offset === 'number' &&
        typeof t.source === 'string' &&
        !closed(t.source)
      )
        consider(t.offset, t.source[0]!);
      for (const value of Object.values(token)) if (value && typeof value === 'object') stack.push(value);
    }
  } catch {
    return undefined;
  }
  return found;
}

/** One error at an unclosed `[`, `{` or quote; `cut` is the entry left out for it, when the file's others loaded. */
function reportUnclosed(bag: DiagnosticBag, source: YamlSource, unclosed: Unclosed, cut?: readonly [number, number]): void {
  const { close, what } = CLOSER[unclosed.open]!;
  const notes: string[] = [];
  if (cut) {
    const from = source.placeOfRange([cut[0], cut[0]])!.start.line;
    const to = source.placeOfRange([Math.max(cut[0], cut[1] - 1), cut[1]])!.start.line;
    notes.push(`until it is closed, the entry on ${from === to ? `line ${from}` : `lines ${from}-${to}`} is left out; the file's other entries are checked`);
  }
  bag.error(
    source.path,
    source.placeOfRange([unclosed.offset, unclosed.offset + 1]),
    'yaml-unclosed',
    `\`${unclosed.open}\` opened here is never closed: add \`${close}\` where ${what} ends`,
    notes,
  );
}

/**
 * The top-level entries of a collection file, as offset ranges (an entry
 * runs from its \`-\` at the left margin to the next one), or undefined when
 * the file is not a list at the left margin. Read from lines rather than
 * the parser's tokens: an unclosed quote swallows the entries after it.
 */
function rootItems(text: string): Array<readonly [number, number]> | undefined {
  const first = /^(?![ \t]*(?:#|\r?$))/m.exec(text);
  if (!first || !/^-(?:[ \t]|\r?$)/.test(text.slice(first.index))) return undefined;
  const starts = [...text.matchAll(/^-(?=[ \t]|\r?$)/gm)].map((m) => m.index);
  return starts.map((start, i) => [start, starts[i + 1] ?? text.length] as const);
}

/** `text` with the given ranges blanked: every character but line breaks becomes a space, so offsets and lines stay. */
function blank(text: string, ranges: ReadonlyArray<readonly [number, number]>): string {
  let out = '';
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    at = end;
  }
  return out + text.slice(at);
}
