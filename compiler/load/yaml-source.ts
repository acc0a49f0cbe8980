import { isMap, isPair, isScalar, isSeq, LineCounter, Parser, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.ts';
import { findBadIndents } from './indentation.ts';

/** A placeholder value found in content: `{ placeholder: VALUE, note: "..." }`. */
export interface PlaceholderMark {
  pointer: string;
  note: string;
  place: Place | undefined;
}

/**
 * A parsed YAML file that remembers where every value came from, so any later
 * phase can point a diagnostic at a JSON pointer.
 */
export class YamlSource {
  readonly nodes = new Map<string, YamlNode>();
  readonly keys = new Map<string, YamlNode>();
  readonly placeholders: PlaceholderMark[] = [];
  /** Readings: `{ reading: VALUE, note }`, a choice where the rulebook is silent, kept apart from printed values. */
  readonly readings: PlaceholderMark[] = [];
  value: unknown = undefined;
  ok = true;
  private readonly lines = new LineCounter();

  constructor(
    readonly path: string,
    readonly text: string,
  ) {}

  /** Parse and report every YAML error of the file (not only the first). */
  parse(bag: DiagnosticBag): this {
    const doc = parseDocument(this.text, { lineCounter: this.lines, uniqueKeys: true, prettyErrors: false, strict: true });
    // YAML forbids tabs in indentation, and the parser's own message for them
    // ("unexpected scalar") hides the cause: name it, at the tab.
    const tabs = [...this.text.matchAll(/^( *)\t/gm)];
    for (const tab of tabs) {
      const at = tab.index + tab[1]!.length;
      bag.error(this.path, this.placeOfRange([at, at + 1]), 'yaml-tab-indent', 'a tab in indentation: YAML indents with spaces only');
    }
    if (tabs.length) this.ok = false;
    const errors = tabs.length ? [] : this.explainIndentation(doc.errors, bag);
    if (doc.errors.length) this.ok = false;
    for (const error of errors) {
      let pos: readonly number[] = error.pos;
      let message = firstLine(error.message);
      // An unclosed quote is reported where the file ends; point at the quote that opened it.
      if (error.code === 'MISSING_CHAR' && /closing ["']?quote/.test(error.message)) {
        const open = openingQuote(this.text, error.pos[0]);
        if (open !== undefined) {
          pos = [open, open + 1];
          message = 'this quote is never closed';
        }
      }
      bag.error(this.path, this.placeOfRange(pos), `yaml-${error.code.toLowerCase().replace(/_/g, '-')}`, message);
    }
    for (const warning of doc.warnings) {
      bag.warning(this.path, this.placeOfRange(warning.pos), `yaml-${warning.code.toLowerCase().replace(/_/g, '-')}`, firstLine(warning.message));
    }
    if (this.ok) this.value = this.toValue(doc.contents as YamlNode | null, '', bag);
    return this;
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
    let p = pointer;
    // A pointer can reach below what YAML holds (an unwrapped placeholder, a
    // missing key): walk up to the nearest node we know.
    for (;;) {
      const node = options.key ? this.keys.get(p) ?? this.nodes.get(p) : this.nodes.get(p);
      if (node?.range) return this.placeOfRange([node.range[0], node.range[1]]);
      if (p === '') return { start: { line: 1, column: 1 } };
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  private toValue(node: YamlNode | null, pointer: string, bag: DiagnosticBag): unknown {
    if (node === null || node === undefined) return null;
    this.nodes.set(pointer, node);
    if (isScalar(node)) return node.value;
    if (isSeq(node)) return node.items.map((item, i) => this.toValue(item as YamlNode, `${pointer}/${i}`, bag));
    if (isMap(node)) {
      const mark = markKind(node.items) ?? this.malformedMark(node.items, bag);
      if (mark) return this.unwrapPlaceholder(mark, node.items, pointer, bag);
      const out: Record<string, unknown> = {};
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const childPointer = `${pointer}/${escapePointer(key)}`;
        if (pair.key && typeof pair.key === 'object') this.keys.set(childPointer, pair.key as YamlNode);
        // `out[key] = ...` with the key `__proto__` would set the object's prototype
        // instead of holding a field the schema can report: always an own data property.
        Object.defineProperty(out, key, { value: this.toValue(pair.value as YamlNode | null, childPointer, bag), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
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
      bag.error(this.path, at(pairs.find((p) => keyOf(p) === 'reading')), 'mark-malformed', 'a value is either a placeholder (the rulebook does not give it) or a reading (this edition chose it), not both');
    }
    for (const extra of pairs.filter((p) => !['placeholder', 'reading', 'note'].includes(String(keyOf(p))))) {
      bag.error(this.path, at(extra), 'mark-malformed', `unknown key \`${String(keyOf(extra))}\` in a ${kinds[0]}: it takes only \`${kinds[0]}:\` (the value) and \`note:\``);
    }
    return kinds[0];
  }

  /** Unwrap a placeholder or a reading to its value, keeping the note; both need one, so nothing unprinted goes unexplained. */
  private unwrapPlaceholder(kind: MarkKind, pairs: Pair[], pointer: string, bag: DiagnosticBag): unknown {
    const valuePair = pairs.find((p) => isScalar(p.key) && p.key.value === kind);
    const notePair = pairs.find((p) => isScalar(p.key) && p.key.value === 'note');
    const note = notePair && isScalar(notePair.value) ? String(notePair.value.value ?? '') : '';
    const place = this.placeOf(pointer);
    if (note.trim() === '') {
      if (kind === 'placeholder') bag.error(this.path, place, 'placeholder-note', 'a placeholder needs a `note:` saying what the rulebook does not give');
      else bag.error(this.path, place, 'reading-note', 'a reading needs a `note:` saying what the rulebook says and what this edition chose');
    }
    (kind === 'placeholder' ? this.placeholders : this.readings).push({ pointer, note, place });
    return this.toValue((valuePair?.value as YamlNode | null) ?? null, pointer, bag);
  }
}

type MarkKind = 'placeholder' | 'reading';

/** A map of exactly `{ placeholder | reading: VALUE, note }` is a mark around a value, not content. */
function markKind(items: Pair[]): MarkKind | undefined {
  const keys = items.map((p) => (isPair(p) && isScalar(p.key) ? p.key.value : undefined));
  for (const kind of ['placeholder', 'reading'] as const) {
    if (keys.includes(kind) && keys.every((k) => k === kind || k === 'note')) return kind;
  }
  return undefined;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

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
    if ((t.type === 'double-quoted-scalar' || t.type === 'single-quoted-scalar') && typeof t.offset === 'number' && typeof t.source === 'string' && t.offset + t.source.length >= errorAt && !closed(t.source)) {
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
