import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { Document, isCollection } from 'yaml';
import { detectDelimiter } from '../load/csv-source.ts';

/**
 * `rulebook new` on a CSV or TSV collection: the drafted entry as one more
 * row, its cells in the header's order, written the way the table reader
 * takes them back (a list joined by the list separator, an object or a draft
 * as YAML flow text, `{ placeholder: 0, note: "..." }`), quoted by
 * csv-stringify where a cell needs it, with the file's own delimiter and line
 * end. Every byte of the file stays; the row goes after the last row, before
 * any blank lines that end the file (a blank line between rows would read as
 * an empty row).
 *
 * Pure functions over the file's text, so the bytes are tested exactly.
 */

export interface TableOptions {
  /** The collection's declared `delimiter:`; without it a .tsv file is tab-separated and a .csv file's header line says. */
  delimiter?: string;
  /** What joins a list's items in a cell: the collection's `listSeparator:`, default `;`. */
  listSeparator?: string;
  /** The file is a .tsv: tab-separated unless declared otherwise. */
  tsv?: boolean;
}

export type Appended = { text: string; line: number; drafts: number } | { error: string };

type Mark = { kind: 'placeholder' | 'reading'; note: unknown };

/**
 * The file's text with `entry` (a drafted entry: plain values, or drafts
 * written `{ placeholder: VALUE, note }` as in YAML content) appended as a
 * row, and the line it starts on; or why it cannot be.
 */
export function appendRow(text: string, entry: Record<string, unknown>, options: TableOptions = {}): Appended {
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  if (!text.slice(bom).trim())
    return {
      error: 'has no header row (the field names, by path: `name,cost,attack.guns`): write one first, or start the file with `rulebook new collection --csv`',
    };
  const delimiter = options.delimiter ?? (options.tsv ? '\t' : detectDelimiter(text.slice(bom)));
  const header = headerOf(text, delimiter);
  if ('error' in header) return header;
  const columns = header.columns.map((c) => (c.trim() ? c.trim().split('.') : undefined));

  // Every value the entry must have needs a column that holds it (the column itself or one above it: `attack` holds `attack.guns`).
  const missing = leafPaths(entry).filter((leaf) => !columns.some((c) => c && c.length <= leaf.length && c.every((s, i) => s === leaf[i])));
  if (missing.length)
    return {
      error: `has no column for ${missing.map((m) => `\`${m.join('.')}\``).join(', ')}, which the new entry must have: add ${missing.length === 1 ? 'that column' : 'those columns'} to the header row, then run this again`,
    };

  const separator = options.listSeparator ?? ';';
  let drafts = 0;
  const cells = columns.map((column) => {
    const found = column && cellAt(entry, column);
    if (!found) return '';
    if (!found.mark) return plainCell(found.value, separator);
    drafts++;
    return flowText({ [found.mark.kind]: found.value, note: found.mark.note });
  });

  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const row = stringify([cells], {
    delimiter,
    record_delimiter: eol,
    // csv-stringify quotes a cell holding the record delimiter, but not a bare line break inside a CRLF file (or `\r` in an LF one).
    quoted_match: [/[\r\n]/],
  });
  let end = text.length;
  while (end > bom && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
  const tail = text.slice(end);
  const ending = tail.startsWith('\r\n') ? '\r\n' : tail.startsWith('\n') || tail.startsWith('\r') ? tail[0]! : '';
  const head = text.slice(0, end) + (ending || eol);
  return { text: head + row + tail.slice(ending.length), line: lineCount(head) + 1, drafts };
}

/** The header row's cells, read by csv-parse with the file's delimiter (quoted header cells included). */
export function headerOf(text: string, delimiter: string): { columns: string[] } | { error: string } {
  try {
    const [first] = parse(text, { bom: true, delimiter, to: 1, relax_column_count: true }) as string[][];
    return first ? { columns: first } : { error: 'has no header row' };
  } catch (e) {
    return { error: `has a header row that does not read as CSV (${e instanceof Error ? e.message : String(e)}): fix it first` };
  }
}

/** A cell's text for a value the reader takes as it stands: text as is, a number, a list joined, else YAML flow text. */
function plainCell(value: unknown, separator: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A list of scalars reads back from its items joined, when no item holds the separator or would lose its spaces.
  if (
    Array.isArray(value) &&
    value.length &&
    value.every((v) => (typeof v === 'string' && v && v.trim() === v && !v.includes(separator)) || typeof v === 'number' || typeof v === 'boolean')
  )
    return value.join(separator);
  return flowText(value);
}

/** A value as one line of YAML flow text (`{ op: per, points: 0 }`, `[ a, b ]`), the form a cell holds an object or a draft in. */
function flowText(value: unknown): string {
  const doc = new Document(value);
  if (isCollection(doc.contents)) doc.contents.flow = true;
  return doc.toString({ lineWidth: 0, singleQuote: true }).trimEnd();
}

/** The value at a header path, and the draft around it or above it (a column `attack.guns` under a drafted `attack`). */
function cellAt(entry: Record<string, unknown>, path: readonly string[]): { value: unknown; mark?: Mark } | undefined {
  let current: unknown = entry;
  let mark: Mark | undefined;
  for (const segment of [...path, undefined]) {
    const m = markOf(current);
    if (m) {
      mark ??= m;
      current = (current as Record<string, unknown>)[m.kind];
    }
    if (segment === undefined) break;
    if (!isPlainObject(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return mark ? { value: current, mark } : { value: current };
}

/** The paths of the values a table must hold for `entry`: each leaf, an object's fields one by one, a draft's value as its own. */
function leafPaths(value: unknown, at: string[] = []): string[][] {
  const m = markOf(value);
  const inner = m ? (value as Record<string, unknown>)[m.kind] : value;
  if (isPlainObject(inner) && Object.keys(inner).length) return Object.entries(inner).flatMap(([k, v]) => leafPaths(v, [...at, k]));
  return at.length ? [at] : [];
}

/** `{ placeholder: VALUE, note }` or `{ reading: VALUE, note }`: a draft around a value (load/yaml-source.ts reads the same shape). */
function markOf(value: unknown): Mark | undefined {
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 2 || !keys.includes('note')) return undefined;
  const kind = keys.find((k) => k !== 'note');
  return kind === 'placeholder' || kind === 'reading' ? { kind, note: value.note } : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
