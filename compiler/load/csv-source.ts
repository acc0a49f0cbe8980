import { parse } from 'csv-parse/sync';
import { DiagnosticBag, type Place } from '../diagnostics/diagnostic.ts';
import type { PlaceholderMark, Range, SourceFile } from '../model.ts';
import { escapePointer, YamlSource } from './yaml-source.ts';
import { sharedEnd, sharedStart } from './shared-ends.ts';

/** The delimiters a collection may declare (`delimiter:` in game.yaml); the header line chooses among the first three. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;

/** A file a collection reads as a table (a CSV or TSV export of a spreadsheet) rather than as YAML. */
export function isTableFile(file: string): boolean {
  return /\.(?:csv|tsv)$/i.test(file);
}

export function isTableSource(source: SourceFile): source is CsvSource {
  return source instanceof CsvSource;
}

/** One cell as the file holds it: its text (quotes and `""` undone) and where it stands, its opening quote included. */
export interface CsvCell {
  text: string;
  start: number;
  end: number;
  quoted: boolean;
}

/** A record of the file: where it starts (its first cell) and ends (before its line break), and its cells. */
export interface CsvRow {
  start: number;
  end: number;
  cells: CsvCell[];
}

/** A header cell: the field path it names (`attack.guns` -> ['attack', 'guns']), and whether its column is read. */
export interface HeaderField {
  name: string;
  path: string[];
  cell: CsvCell;
  column: number;
  /** False for a column that is reported and left out (empty name, a name given twice). */
  read: boolean;
}

/**
 * A collection file written as a table: the header row names each column's
 * field by its path (`name`, `cost`, `attack.guns`), and each following row
 * is one entry. csv-parse reads the records (RFC 4180: quoted cells holding
 * delimiters, quotes and line breaks; CRLF or LF); this class keeps where
 * each cell stands so any later phase can point a diagnostic at a cell, as
 * YamlSource does for a YAML value.
 *
 * Before validation `value` holds one object per data row, nested by the
 * header's paths, each leaf a cell's text (empty cells absent); validate
 * (validate/table-values.ts) types each cell by its field's schema and sets
 * the typed value, placeholders and readings (`setTyped`).
 */
export class CsvSource implements SourceFile {
  value: unknown = undefined;
  ok = true;
  readonly placeholders: PlaceholderMark[] = [];
  readonly readings: PlaceholderMark[] = [];
  /** Text left unread because a quote opened in it is never closed (from that record to the end): its rows are not entries. */
  cut: Array<readonly [start: number, end: number]> = [];
  /** The delimiter the file was read with: declared, `\t` for a .tsv, else the one the header line uses most. */
  delimiter = ',';
  header: HeaderField[] = [];
  /** The data rows that are entries, in file order: `value[i]` is `rows[i]` (rows whose cells are all empty are skipped). */
  rows: CsvRow[] = [];
  /** What split list cells when the value was typed (typing sets it; places of list items follow it). */
  listSeparator = ';';
  /** What the typed value was made with (validate/table-values.ts): typing again with the same is skipped. */
  typedWith: unknown = undefined;
  /**
   * What typing reported once for a whole column or cell, so the schema check does not say it again
   * (validate/schema-report.ts): required fields the header has no column for, and cells whose text did not read.
   */
  readonly reported = { missingFields: new Set<string>(), cells: new Set<string>() };
  private untyped: unknown[] = [];
  /** How many of its records this parse took from the last parse of the file (`recordsFrom`; tests count by it). */
  recordsTaken = 0;
  /** Every record read, the header first, blank and too long ones included (a later parse takes them: `recordsFrom`). */
  private records: CsvRow[] = [];
  /** Each entry's row -> its untyped value (a later parse takes those of the rows it takes). */
  private readonly raws = new Map<CsvRow, Record<string, unknown>>();
  private readonly lineStarts: number[] = [0];
  /** Flow cells parsed again for the places inside them, by cell. */
  private readonly flowPlaces = new Map<CsvCell, YamlSource | undefined>();

  constructor(
    readonly path: string,
    readonly text: string,
    /** `delimiter:` as the collection declares it, if it does. */
    readonly declaredDelimiter?: string,
    /** The same file as last parsed (`rulebook serve`): its records where the two texts agree are taken, not read again (`parse`). */
    private previous?: CsvSource,
  ) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** Read the records and report every structural problem, each at its place; the rows that can be read are kept. */
  parse(bag: DiagnosticBag): this {
    // readSource drops a byte-order mark; a text given with one still has it, and csv-parse counts its bytes.
    const base = this.text.startsWith('\ufeff') ? 1 : 0;
    const body = base ? this.text.slice(1) : this.text;
    this.delimiter = this.declaredDelimiter ?? (/\.tsv$/i.test(this.path) ? '\t' : detectDelimiter(body));
    const previous = this.previous;
    // Not kept past this parse: each parse would otherwise hold the one before it, and every earlier text with it.
    this.previous = undefined;
    const taken = previous && this.recordsFrom(previous, base);
    if (taken) return this.readRecords(taken.records, bag, taken.raws);
    const records: CsvRow[] = [];
    const toChar = byteToChar(body);
    let end = 0;
    const startAfter = (at: number) => {
      let i = at;
      while (i < body.length && (body[i] === '\n' || body[i] === '\r')) i++;
      return i;
    };
    try {
      parse(body, {
        ...this.parseOptions(),
        on_record: (record, context) => {
          // `bytes`: what the reader has consumed, this record's line break included.
          const start = startAfter(end);
          end = toChar(context.bytes);
          records.push(this.row(body, base, start, end, record));
          return null; // nothing accumulated: the rows are kept here, with their places
        },
      });
    } catch (error) {
      const start = startAfter(end);
      const code = (error as { code?: string }).code;
      const open = code === 'CSV_QUOTE_NOT_CLOSED' ? unclosedQuote(body, start, this.delimiter) : undefined;
      this.cut = [[base + start, this.text.length]];
      const line = this.placeOfRange([base + start, base + start])!.start.line;
      const notes = [`until it is closed, the rows from line ${line} to the end of the file are left out; the rows above are checked`];
      if (open !== undefined)
        bag.error(
          this.path,
          this.placeOfRange([base + open, base + open + 1]),
          'csv-unclosed-quote',
          'the quote opened here is never closed: a quoted cell ends with `"` (write a quote inside it as `""`)',
          notes,
        );
      else
        bag.error(
          this.path,
          this.placeOfRange([base + start, base + start + 1]),
          'csv-unreadable',
          `this row cannot be read as CSV: ${(error as Error).message}`,
          notes,
        );
    }
    return this.readRecords(records, bag);
  }

  /**
   * The header and the entries of the file's records, the structural problems among them reported. `raws`: entries
   * as the last parse made them, for records taken from it with the same header (`recordsFrom`).
   */
  private readRecords(records: CsvRow[], bag: DiagnosticBag, raws?: ReadonlyMap<CsvRow, Record<string, unknown>>): this {
    this.records = records;
    const [header, ...data] = records;
    if (!header) {
      if (!this.cut.length)
        bag.error(this.path, { start: { line: 1, column: 1 } }, 'csv-header-missing', 'this file is empty: a table starts with a header row naming the fields');
      this.value = [];
      this.untyped = [];
      return this;
    }
    this.readHeader(header, data, bag);
    for (const row of data) {
      if (row.cells.every((c) => c.text.trim() === '')) continue; // a blank row of the sheet (`,,,`): no entry
      if (this.tooLong(row, bag)) continue;
      this.rows.push(row);
    }
    this.untyped = this.rows.map((row) => {
      const raw = raws?.get(row) ?? this.rawEntry(row);
      this.raws.set(row, raw);
      return raw;
    });
    this.value = this.untyped;
    return this;
  }

  /**
   * The records of this text taken from the last parse of the file where the two texts agree, and read anew only
   * between: a save of one row of a 30,000-row table read all 3.4 MB again (~0.25 s of each save under `rulebook
   * serve`), as a YAML file's entries are taken from its last parse (load/entry-reparse.ts).
   *
   * The texts are compared from each end. The records wholly before the first change (with the first character of
   * the record after them) are the last parse's; those wholly after the last change (with the line break before
   * them) are the last parse's moved by the change in length; the text between, from a record's start to a record's
   * start, is read by csv-parse as before. That is exact only if the text between reads to its end as whole records:
   * a quote it opens and does not close (the records after it would read otherwise) makes it fail, and the whole
   * text is read as before. So is a text whose header changed, or whose last parse stopped at a problem.
   */
  private recordsFrom(previous: CsvSource, base: number): { records: CsvRow[]; raws: ReadonlyMap<CsvRow, Record<string, unknown>> } | undefined {
    const old = previous.text;
    const now = this.text;
    const records = previous.records;
    if (previous.cut.length || records.length < 2 || previous.delimiter !== this.delimiter || (old.startsWith('\ufeff') ? 1 : 0) !== base) return undefined;
    const same = sharedStart(old, now);
    const sameEnd = sharedEnd(old, now, same);
    const startOf = (k: number) => (k < records.length ? records[k]!.start : old.length);
    // Records [0, first) come before the change; the header must be among them (it decides how every row reads).
    let first = 0;
    while (first < records.length && startOf(first + 1) < same) first++;
    if (first === 0) return undefined;
    // Records [last, end) come after it.
    const changedUntil = old.length - sameEnd;
    let last = records.length;
    while (last > first && records[last - 1]!.start > changedUntil) last--;
    const shift = now.length - old.length;
    const from = records[first]!.start;
    const to = last < records.length ? records[last]!.start + shift : now.length;
    const between = this.readBetween(from, to);
    if (!between) return undefined;
    const raws = new Map<CsvRow, Record<string, unknown>>();
    this.recordsTaken = first + records.length - last;
    const taken = (row: CsvRow, moved: CsvRow) => {
      const raw = previous.raws.get(row);
      if (raw) raws.set(moved, raw);
      return moved;
    };
    return {
      records: [...records.slice(0, first).map((row) => taken(row, row)), ...between, ...records.slice(last).map((row) => taken(row, moveRow(row, shift)))],
      raws,
    };
  }

  /** How csv-parse reads this file (the records are taken by `on_record`). */
  private parseOptions() {
    return {
      delimiter: this.delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A quote inside an unquoted cell (`12" ruler`) is text, as spreadsheets read it, not an error that drops the row.
      relax_quotes: true,
      skip_empty_lines: true,
    };
  }

  /** The records of the text from `from` to `to` (a record's start to a record's start, or the end), or undefined when it does not read as whole records. */
  private readBetween(from: number, to: number): CsvRow[] | undefined {
    const part = this.text.slice(from, to);
    const out: CsvRow[] = [];
    const toChar = byteToChar(part);
    let end = 0;
    try {
      parse(part, {
        ...this.parseOptions(),
        on_record: (record, context) => {
          let start = end;
          while (start < part.length && (part[start] === '\n' || part[start] === '\r')) start++;
          end = toChar(context.bytes);
          out.push(this.row(part, from, start, end, record));
          return null;
        },
      });
    } catch {
      return undefined;
    }
    return out;
  }

  /** One record with its cells' places: csv-parse gives their texts, a scan of the record's text where each starts. */
  private row(body: string, base: number, start: number, end: number, record: string[]): CsvRow {
    // csv-parse reports where each record ends (info.bytes) but not where its cells start; its `raw` text drops
    // the `\n` of a CRLF. A scan of the record's text with the same quoting rules finds the cells' starts.
    const spans = cellSpans(body, start, end, this.delimiter);
    const cells = record.map((text, i): CsvCell => {
      const span = spans[i] ?? [end, end];
      const quoted = body[span[0]] === '"' && text !== body.slice(span[0], span[1]);
      // A line break inside a quoted cell is `\n` whatever the export wrote (Excel on Windows writes `\r\n`), as YAML
      // reads one: the CSV and YAML forms of a collection build the same package. offsetInCell maps offsets back.
      return { text: text.replace(/\r\n?/g, '\n'), start: base + span[0], end: base + span[1], quoted };
    });
    let last = end;
    while (last > start && (body[last - 1] === '\n' || body[last - 1] === '\r')) last--;
    return { start: base + start, end: base + last, cells };
  }

  /** The header's fields; an empty name, a name given twice or a path inside another column's field is reported and its column left out. */
  private readHeader(header: CsvRow, data: CsvRow[], bag: DiagnosticBag): void {
    const taken: HeaderField[] = [];
    header.cells.forEach((cell, column) => {
      const name = cell.text.trim();
      const path = name.split('.').map((s) => s.trim());
      const field: HeaderField = { name, path, cell, column, read: false };
      this.header.push(field);
      const place = this.placeOfRange([cell.start, Math.max(cell.end, cell.start + 1)]);
      if (name === '' || path.some((s) => s === '')) {
        const holdsValues = data.some((row) => (row.cells[column]?.text.trim() ?? '') !== '');
        const what = name === '' ? `column ${column + 1} has no field name in the header` : `the header path \`${name}\` has an empty step`;
        if (holdsValues || name !== '')
          bag.error(this.path, place, 'csv-header-empty', `${what}, so its cells are not read`, [
            'each header cell names a field by its path: `name`, `cost`, `attack.guns`',
          ]);
        else bag.warning(this.path, place, 'csv-header-empty', `${what}; the column is empty and is not read`);
        return;
      }
      const same = taken.find((t) => t.path.join('.') === path.join('.'));
      const outer = taken.find((t) => isPrefix(t.path, path) || isPrefix(path, t.path));
      if (same || outer) {
        const other = (same ?? outer)!;
        bag.error(
          this.path,
          place,
          'csv-header-duplicate',
          same
            ? `\`${name}\` is already the header of column ${other.column + 1}: a field has one column, so this one is not read`
            : `\`${name}\` and \`${other.name}\` (column ${other.column + 1}) name the same field, one inside the other: a field is one cell or a group of cells, so this column is not read`,
        );
        return;
      }
      field.read = true;
      taken.push(field);
    });
  }

  /**
   * A row with more cells than the header, reported once at its first extra cell and left out (true). A
   * spreadsheet's export is rectangular (a padded column gives the header an empty cell too), so even empty extra
   * cells mean a cell's text held the delimiter unquoted: its cells are shifted, and their own errors would only
   * mislead.
   */
  private tooLong(row: CsvRow, bag: DiagnosticBag): boolean {
    const extra = row.cells[this.header.length];
    if (!extra) return false;
    const shown = this.delimiter === '\t' ? 'a tab' : `\`${this.delimiter}\``;
    const notes = [`in quotes a cell holds ${shown}: "a${this.delimiter === '\t' ? '\t' : this.delimiter} b"`];
    // A quote left open runs on into the next rows, which then read as this row's extra cells (found in a trial: a
    // closing quote deleted at the end of a row): said where that quote opens, as the place is the extra cell's.
    const over = row.cells.find((c) => this.text[c.start] === '"' && c.text.includes('\n'));
    if (over) {
      const opened = this.placeOfRange([over.start, over.start + 1])!.start;
      const closed = this.placeOfRange([over.end, over.end])!.start;
      notes.push(
        `the quote that opens a cell at line ${opened.line}, column ${opened.column} runs on to line ${closed.line}, and the lines between are read into that cell: if that cell ends on line ${opened.line}, end it there with \`"\``,
      );
    }
    bag.error(
      this.path,
      this.placeOfRange([extra.start, Math.max(extra.end, extra.start + 1)]),
      'csv-row-too-long',
      `this row has ${row.cells.length} cells, the header ${this.header.length}: a cell holding the delimiter (${shown}) needs double quotes; the row is left out until its cells line up with the header`,
      notes,
    );
    return true;
  }

  /** A data row as an object of its cells' texts, nested by the header's paths; empty cells are absent. */
  private rawEntry(row: CsvRow): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const field of this.header) {
      const cell = row.cells[field.column];
      if (field.read && cell && cell.text.trim() !== '') setPath(out, field.path, cell.text);
    }
    return out;
  }

  /** The value before typing: each entry's cells as text. */
  get untypedValue(): readonly unknown[] {
    return this.untyped;
  }

  /** Set the typed value and marks (validate/table-values.ts), replacing those of any earlier typing. */
  setTyped(value: unknown[], placeholders: PlaceholderMark[], readings: PlaceholderMark[], typedWith: unknown, listSeparator: string): void {
    this.value = value;
    this.placeholders.length = 0;
    this.placeholders.push(...placeholders);
    this.readings.length = 0;
    this.readings.push(...readings);
    this.typedWith = typedWith;
    this.listSeparator = listSeparator;
  }

  /** Whether a schema error at `pointer` (for `required`, of the field `missing`) was already said by the typing. */
  saidAlready(pointer: string, missing?: string): boolean {
    if (missing !== undefined && /^\/\d+$/.test(pointer) && this.reported.missingFields.has(missing)) return true;
    for (let p = pointer; p.lastIndexOf('/') > 0; p = p.slice(0, p.lastIndexOf('/'))) if (this.reported.cells.has(p)) return true;
    return false;
  }

  /** The cell of an entry's field (`path` as in the header), when the row has one. */
  cellOf(entry: number, path: readonly string[]): CsvCell | undefined {
    const field = this.header.find((f) => f.read && f.path.length === path.length && f.path.every((s, i) => s === path[i]));
    return field ? this.rows[entry]?.cells[field.column] : undefined;
  }

  /**
   * The offset in the file of the character at `offset` in a cell's text (a quoted cell's `""` is one character of
   * its text, and so is a `\r\n` line break, read as `\n`).
   */
  offsetInCell(cell: CsvCell, offset: number): number {
    if (!cell.quoted) return cell.start + offset;
    let raw = cell.start + 1;
    for (let k = 0; k < offset && raw < cell.end; k++) {
      const pair = (this.text[raw] === '"' && this.text[raw + 1] === '"') || (this.text[raw] === '\r' && this.text[raw + 1] === '\n');
      raw += pair ? 2 : 1;
    }
    return raw;
  }

  /** Where the value at a JSON pointer stands: a row (its first line), a cell, a group of cells, or a place inside a list or flow cell. */
  rangeOf(pointer: string, key = false): Range | undefined {
    if (pointer === '') return [0, this.text.length];
    const [first, ...rest] = pointer.split('/').slice(1).map(unescapePointer);
    const index = /^\d+$/.test(first ?? '') ? Number(first) : -1;
    const row = this.rows[index];
    if (!row) return undefined;
    if (!rest.length) {
      const nl = this.text.indexOf('\n', row.start);
      return [row.start, Math.max(row.start, Math.min(row.end, nl < 0 ? row.end : nl))];
    }
    const fields = this.header.filter((f) => f.read);
    const exact = fields.find((f) => f.path.length <= rest.length && isPrefix(f.path, rest));
    if (exact) {
      const cell = row.cells[exact.column];
      if (key && exact.path.length === rest.length) return [exact.cell.start, exact.cell.end];
      if (!cell || cell.text.trim() === '') return undefined;
      const inner = rest.slice(exact.path.length);
      return inner.length ? this.innerRange(index, exact.path, cell, inner, key) : [cell.start, cell.end];
    }
    // A group of cells (`attack` for `attack.guns` and `attack.range`): its key is its first header cell, its value the cells it fills.
    const group = fields.filter((f) => f.path.length > rest.length && isPrefix(rest, f.path));
    if (!group.length) return undefined;
    if (key) return [group[0]!.cell.start, group[0]!.cell.end];
    const filled = group.map((f) => row.cells[f.column]).filter((c): c is CsvCell => !!c && c.text.trim() !== '');
    return filled.length ? [Math.min(...filled.map((c) => c.start)), Math.max(...filled.map((c) => c.end))] : undefined;
  }

  /** A place inside a cell: a list item of a list cell, or a value inside a cell written as YAML flow text. */
  private innerRange(entry: number, path: readonly string[], cell: CsvCell, inner: string[], key: boolean): Range | undefined {
    const text = cell.text;
    if (/^[[{]/.test(text.trimStart())) {
      if (!this.flowPlaces.has(cell)) {
        const flow = new YamlSource('cell', text);
        flow.parse(new DiagnosticBag()); // its problems were reported when the cell was typed
        this.flowPlaces.set(cell, flow.ok ? flow : undefined);
      }
      const flow = this.flowPlaces.get(cell);
      const pointer = inner.map((s) => `/${escapePointer(s)}`).join('');
      const range = flow && ((key && flow.keys.get(pointer)) || flow.ranges.get(pointer));
      return range ? [this.offsetInCell(cell, range[0]), this.offsetInCell(cell, range[1])] : [cell.start, cell.end];
    }
    // A list cell (`flour; cachaca`): item i is the i-th piece between separators, trimmed.
    const typed = valueAt(this.value, entry, path);
    const item = /^\d+$/.test(inner[0]!) ? Number(inner[0]) : -1;
    if (Array.isArray(typed) && item >= 0 && this.listSeparator) {
      let from = 0;
      for (let i = 0; i < item; i++) {
        const next = text.indexOf(this.listSeparator, from);
        if (next < 0) return [cell.start, cell.end];
        from = next + this.listSeparator.length;
      }
      const stop = text.indexOf(this.listSeparator, from);
      const piece = text.slice(from, stop < 0 ? text.length : stop);
      const s = from + (piece.length - piece.trimStart().length);
      const e = from + piece.trimEnd().length;
      return [this.offsetInCell(cell, s), this.offsetInCell(cell, Math.max(s, e))];
    }
    return [cell.start, cell.end];
  }

  /** Where each value stands, by JSON pointer: looked up on demand (a table's places are its cells'). */
  get ranges(): ReadonlyMap<string, Range> {
    return new LazyRanges(this, false);
  }

  /** Where each key stands (a field's header cell), by the JSON pointer of its value. */
  get keys(): ReadonlyMap<string, Range> {
    return new LazyRanges(this, true);
  }

  placeOf(pointer: string, options: { key?: boolean } = {}): Place | undefined {
    let p = pointer;
    for (;;) {
      const range = (options.key ? this.rangeOf(p, true) : undefined) ?? this.rangeOf(p);
      if (range) return this.placeOfRange(range);
      if (p === '') return { start: { line: 1, column: 1 } };
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  placeOfRange(range: readonly [number, number] | readonly number[] | undefined): Place | undefined {
    if (!range || range[0] === undefined) return undefined;
    const point = (offset: number) => {
      let lo = 0;
      let hi = this.lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.lineStarts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1, offset };
    };
    const end = range[1] ?? range[0];
    return { start: point(range[0]), end: point(Math.max(range[0], end)) };
  }
}

/**
 * The places of a table by pointer, answered on demand: a table's places
 * follow from its cells, so there is nothing to build, and a 50 MB file's
 * millions of cells never become map entries. Iterating lists the rows and
 * cells (for callers that walk every place, which none of the compiler does).
 */
class LazyRanges implements ReadonlyMap<string, Range> {
  constructor(
    private readonly source: CsvSource,
    private readonly key: boolean,
  ) {}
  get(pointer: string): Range | undefined {
    return this.source.rangeOf(pointer, this.key);
  }
  has(pointer: string): boolean {
    return this.get(pointer) !== undefined;
  }
  get size(): number {
    return [...this.entries()].length;
  }
  *entries(): IterableIterator<[string, Range]> {
    const fields = this.source.header.filter((f) => f.read);
    for (let i = 0; i < this.source.rows.length; i++) {
      for (const p of [`/${i}`, ...fields.map((f) => `/${i}/${f.path.map(escapePointer).join('/')}`)]) {
        const range = this.get(p);
        if (range) yield [p, range];
      }
    }
  }
  *keys(): IterableIterator<string> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): IterableIterator<Range> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): IterableIterator<[string, Range]> {
    return this.entries();
  }
  forEach(callback: (value: Range, key: string, map: ReadonlyMap<string, Range>) => void): void {
    for (const [k, v] of this.entries()) callback(v, k, this);
  }
}

/** The delimiter the header line uses most, outside quotes, among `,` `;` and tab (a comma on a tie: the format's own). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [c, n] of counts) if (n > counts.get(best)!) best = c;
  return best;
}

/**
 * Where each cell of the record in text[start, end) starts and ends, by the
 * rules csv-parse reads it with: a cell that starts with `"` runs to the
 * quote that closes it (`""` is a quote inside it), then to the delimiter;
 * any other quote is text.
 */
function cellSpans(text: string, start: number, end: number, delimiter: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let i = start;
  for (;;) {
    const cellStart = i;
    if (text[i] === '"') i = afterQuoted(text, i, end) ?? end;
    while (i < end && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') i++;
    spans.push([cellStart, i]);
    if (i < end && text[i] === delimiter) i++;
    else return spans;
  }
}

/** Where a quoted cell opening at `open` ends (just past its closing quote; `""` is a quote inside it), or undefined when no quote closes it before `end`. */
function afterQuoted(text: string, open: number, end: number): number | undefined {
  let i = open + 1;
  while (i < end) {
    if (text[i] !== '"') i++;
    else if (text[i + 1] === '"') i += 2;
    else return i + 1;
  }
  return undefined;
}

/** The offset of the quote that opens a cell and is never closed, in the text from a record's start to the end. */
function unclosedQuote(text: string, start: number, delimiter: string): number | undefined {
  let i = start;
  let atCellStart = true;
  while (i < text.length) {
    const c = text[i]!;
    if (atCellStart && c === '"') {
      const after = afterQuoted(text, i, text.length);
      if (after === undefined) return i;
      i = after;
      atCellStart = false;
      continue;
    }
    atCellStart = c === delimiter || c === '\n' || c === '\r';
    i++;
  }
  return undefined;
}

/** A record as it stands `shift` characters further on in the text. */
function moveRow(row: CsvRow, shift: number): CsvRow {
  return {
    start: row.start + shift,
    end: row.end + shift,
    cells: row.cells.map((c) => ({ text: c.text, start: c.start + shift, end: c.end + shift, quoted: c.quoted })),
  };
}

/**
 * csv-parse counts in bytes of UTF-8 (info.bytes); the places count UTF-16
 * code units, as an editor's columns and JavaScript's strings do. The
 * records come in order, so one walk forward converts every count.
 */
function byteToChar(text: string): (bytes: number) => number {
  if (Buffer.byteLength(text) === text.length) return (bytes) => bytes;
  let byte = 0;
  let char = 0;
  return (bytes) => {
    while (byte < bytes && char < text.length) {
      const c = text.charCodeAt(char);
      if (c < 0x80) byte += 1;
      else if (c < 0x800) byte += 2;
      else if (c >= 0xd800 && c <= 0xdbff && char + 1 < text.length && (text.charCodeAt(char + 1) & 0xfc00) === 0xdc00) {
        byte += 4;
        char++;
      } else byte += 3; // a lone surrogate is encoded as U+FFFD, three bytes
      char++;
    }
    return char;
  };
}

function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((s, i) => s === path[i]);
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Set `value` at `path` in `target`, making the maps on the way; always own data properties (a `__proto__` header is a field the schema reports, not a prototype). */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = target;
  path.forEach((segment, i) => {
    if (i === path.length - 1) {
      Object.defineProperty(at, segment, { value, enumerable: true, writable: true, configurable: true });
      return;
    }
    const next = Object.hasOwn(at, segment) ? at[segment] : undefined;
    if (next && typeof next === 'object' && !Array.isArray(next)) at = next as Record<string, unknown>;
    else {
      const made: Record<string, unknown> = {};
      Object.defineProperty(at, segment, { value: made, enumerable: true, writable: true, configurable: true });
      at = made;
    }
  });
}

function valueAt(value: unknown, entry: number, path: readonly string[]): unknown {
  let at: unknown = Array.isArray(value) ? value[entry] : undefined;
  for (const s of path) at = at && typeof at === 'object' && Object.hasOwn(at, s) ? (at as Record<string, unknown>)[s] : undefined;
  return at;
}
