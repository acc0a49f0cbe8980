import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.ts';

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
    for (const error of doc.errors) {
      this.ok = false;
      if (tabs.length) continue; // the tab explains the parser's errors
      let pos: readonly number[] = error.pos;
      // An unclosed quote is reported where the file ends; point at the quote that opened it.
      if (error.code === 'MISSING_CHAR' && /closing "?quote/.test(error.message)) {
        const before = this.text.slice(0, error.pos[0]);
        const open = Math.max(before.lastIndexOf('"'), before.lastIndexOf("'"));
        if (open >= 0) pos = [open, open + 1];
      }
      bag.error(this.path, this.placeOfRange(pos), `yaml-${error.code.toLowerCase().replace(/_/g, '-')}`, firstLine(error.message));
    }
    for (const warning of doc.warnings) {
      bag.warning(this.path, this.placeOfRange(warning.pos), `yaml-${warning.code.toLowerCase().replace(/_/g, '-')}`, firstLine(warning.message));
    }
    if (this.ok) this.value = this.toValue(doc.contents as YamlNode | null, '', bag);
    return this;
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
      if (isPlaceholder(node.items)) return this.unwrapPlaceholder(node.items, pointer, bag);
      const out: Record<string, unknown> = {};
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const childPointer = `${pointer}/${escapePointer(key)}`;
        if (pair.key && typeof pair.key === 'object') this.keys.set(childPointer, pair.key as YamlNode);
        out[key] = this.toValue(pair.value as YamlNode | null, childPointer, bag);
      }
      return out;
    }
    return null;
  }

  private unwrapPlaceholder(pairs: Pair[], pointer: string, bag: DiagnosticBag): unknown {
    const valuePair = pairs.find((p) => isScalar(p.key) && p.key.value === 'placeholder');
    const notePair = pairs.find((p) => isScalar(p.key) && p.key.value === 'note');
    const note = notePair && isScalar(notePair.value) ? String(notePair.value.value ?? '') : '';
    const place = this.placeOf(pointer);
    if (note.trim() === '') {
      bag.error(this.path, place, 'placeholder-note', 'a placeholder needs a `note:` saying what the rulebook does not give');
    }
    this.placeholders.push({ pointer, note, place });
    return this.toValue((valuePair?.value as YamlNode | null) ?? null, pointer, bag);
  }
}

function isPlaceholder(items: Pair[]): boolean {
  const keys = items.map((p) => (isPair(p) && isScalar(p.key) ? p.key.value : undefined));
  return keys.includes('placeholder') && keys.every((k) => k === 'placeholder' || k === 'note');
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}
