import type { DiagnosticBag, Diagnostic } from '../diagnostics/diagnostic.ts';
import { DiagnosticBag as Bag } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import { setPath, type CsvSource, type HeaderField } from '../load/csv-source.ts';
import { escapePointer } from '../load/yaml-source.ts';
import type { LoadedCollection, PlaceholderMark } from '../model.ts';
import { cellValue, fieldSchema, requiredFields, type CellOptions, type CellValue, type SchemaAt } from './cell-values.ts';
import { SCHEMA_BASE, type SchemaSet } from './schemas.ts';

/** What a typing was made with: the same schema set, schema and list separator give the same values. */
interface TypedWith {
  schemas: SchemaSet;
  schema: string;
  listSeparator: string;
  diagnostics: Diagnostic[];
}

/**
 * Type a table's cells by the collection's schema, before the schema check
 * (validate/game.ts): each header path names a field (`fieldSchema`), each
 * non-empty cell becomes the value that field wants (`cellValue`), a draft
 * written in a cell becomes a placeholder or reading at the cell, and the
 * typed entries replace the cells' texts as the source's value, so the
 * schema then reports each problem at its cell.
 *
 * Typing always starts from the cells' texts, never from an earlier typing's
 * values: `rulebook serve` keeps a parsed source between saves, and a save of
 * a schema types it again from scratch (a typing with the same schema set,
 * schema and separator is reused, with its diagnostics said again).
 */
export function typeTable(source: CsvSource, collection: LoadedCollection, schemas: SchemaSet, bag: DiagnosticBag, rowMemo?: TableRowMemo): void {
  const listSeparator = typeof collection.decl.listSeparator === 'string' && collection.decl.listSeparator ? collection.decl.listSeparator : ';';
  const schema = collection.decl.schema;
  const known = source.typedWith as TypedWith | undefined;
  if (known && known.schemas === schemas && known.schema === schema && known.listSeparator === listSeparator) {
    bag.items.push(...known.diagnostics);
    return;
  }
  const own = new Bag();
  const entry = typeof schema === 'string' ? schemas.resolveRef(schema, SCHEMA_BASE) : undefined;
  const options: CellOptions = { resolveRef: (ref, base) => schemas.resolveRef(ref, base), listSeparator };
  // Each read column's schema, or undefined for a column naming no field (reported once, at its header cell, and not read).
  const columns = new Map<number, SchemaAt | undefined>();
  source.reported.missingFields.clear();
  source.reported.cells.clear();
  const unknownHeaders: Array<{ field: HeaderField; report: () => void }> = [];
  const fieldsNamed = new Set<string>();
  let wrongDelimiter = false;
  for (const field of source.header) {
    if (!field.read) continue;
    // The path as the header writes it; typing sets it to the schema's spelling (`Name` is `name`).
    field.path = field.name.split('.').map((s) => s.trim());
    if (!entry) {
      columns.set(field.column, undefined); // no schema to type by (reported as schema-missing): cells stay text
      continue;
    }
    const found = fieldSchema(entry, field.path, options);
    if ('at' in found) {
      const other = source.header.find((f) => f !== field && columns.has(f.column) && f.path.join('.') === found.path.join('.'));
      if (other) {
        own.error(
          source.path,
          source.placeOfRange([field.cell.start, Math.max(field.cell.end, field.cell.start + 1)]),
          'csv-header-duplicate',
          `\`${field.name}\` names the field \`${found.path.join('.')}\`, already the header of column ${other.column + 1}: a field has one column, so this one is not read`,
        );
        continue;
      }
      field.path = found.path;
      fieldsNamed.add(found.path[0]!);
      columns.set(field.column, found.at);
      continue;
    }
    const hint = closest(found.unknown, found.known);
    const inside =
      field.path.length > 1 && found.unknown !== field.path[0] ? ` (in \`${field.path.slice(0, field.path.indexOf(found.unknown)).join('.')}\`)` : '';
    const notes = hint
      ? [`did you mean \`${field.path.map((s) => (s === found.unknown ? hint : s)).join('.')}\`?`]
      : found.known.length
        ? [`its fields: ${found.known.join(', ')}`]
        : [];
    const other = [',', ';', '\t'].find((d) => d !== source.delimiter && field.name.includes(d));
    if (other) wrongDelimiter = true;
    if (other)
      notes.push(
        `the header holds ${other === '\t' ? 'a tab' : `\`${other}\``}: if that separates the columns, declare \`delimiter: "${other === '\t' ? '\\t' : other}"\` on the collection in game.yaml`,
      );
    unknownHeaders.push({
      field,
      report: () =>
        own.error(
          source.path,
          source.placeOfRange([field.cell.start, Math.max(field.cell.end, field.cell.start + 1)]),
          'csv-header-unknown',
          `\`${found.unknown}\`${inside} is not a field of ${collection.name} (${schema}), so this column is not read`,
          notes,
          hintOf(hint, found.known),
        ),
    });
  }
  // A required field with no column is said once, at the header (at the header cell that was probably meant for
  // it), rather than as a missing field in every row.
  const meant = new Set<HeaderField>();
  const missing: Array<() => void> = [];
  for (const name of entry && source.header.length ? requiredFields(entry, options) : []) {
    if (fieldsNamed.has(name)) continue;
    const close = unknownHeaders.find((u) => !meant.has(u.field) && u.field.path.length === 1 && closest(u.field.path[0]!, [name]) === name)?.field;
    if (close) meant.add(close);
    const header = source.header[0]!;
    const cell = close?.cell ?? header.cell;
    source.reported.missingFields.add(name);
    // A header read with the wrong delimiter misses every field: its one error (with the delimiter to declare) says it.
    if (wrongDelimiter) continue;
    missing.push(() =>
      own.error(
        source.path,
        source.placeOfRange(close ? [cell.start, Math.max(cell.end, cell.start + 1)] : [cell.start, cell.start + 1]),
        'csv-header-missing-field',
        close
          ? `\`${close.name}\` is not a field of ${collection.name} (${schema}), and the required field \`${name}\` has no column: did you mean \`${name}\`?`
          : `the header has no column for \`${name}\`, a field every entry of ${collection.name} (${schema}) requires`,
        close ? [`column ${close.column + 1} is not read until its header is \`${name}\``] : [`add a column headed \`${name}\``],
        hintOf(close ? name : undefined, [name]),
      ),
    );
  }
  for (const u of unknownHeaders) if (!meant.has(u.field)) u.report();
  for (const report of missing) report();
  const placeholders: PlaceholderMark[] = [];
  const readings: PlaceholderMark[] = [];
  const marks: Array<{ kind: 'placeholder' | 'reading'; pointer: string; note: string }> = [];
  // Under `serve`: the rows written as they were in the last typing of this file keep their typed
  // values (TableRowMemo), so a saved row is the only one typed, validated, compiled and drawn anew.
  const readColumns = source.header.filter((f) => columns.has(f.column));
  const rowsWere = rowMemo?.begin(source.path, schemas, schema, listSeparator, readColumns);
  const value = source.rows.map((row, index) => {
    const signature = rowsWere && source.text.slice(row.start, row.end);
    const kept = signature !== undefined ? rowsWere!.take(signature) : undefined;
    if (kept) return kept;
    const marksBefore = marks.length;
    const problemsBefore = own.items.length;
    const out: Record<string, unknown> = {};
    for (const field of source.header) {
      if (!columns.has(field.column)) continue;
      const cell = row.cells[field.column];
      if (!cell || cell.text.trim() === '') continue;
      const at = columns.get(field.column);
      const typed = at ? typedCell(cell.text, at, options) : { value: cell.text, marks: [] };
      setPath(out, field.path, typed.value);
      const pointer = `/${index}/${field.path.map(escapePointer).join('/')}`;
      for (const mark of typed.marks) marks.push({ kind: mark.kind, pointer: pointer + mark.pointer, note: mark.note });
      if (typed.problem) {
        // Said once, here: the schema's report of the same cell (its text is not the type wanted) is not added.
        source.reported.cells.add(pointer);
        const at = source.offsetInCell(cell, Math.min(typed.problem.offset, cell.text.length));
        const draft = /\b(placeholder|reading)\s*:/.exec(cell.text)?.[1];
        own.error(
          source.path,
          source.placeOfRange([at, at + 1]),
          'csv-cell-flow',
          `this cell is read as YAML flow text and does not parse: ${typed.problem.message}`,
          [
            draft
              ? `a ${draft === 'reading' ? 'reading' : 'placeholder'} is written in a cell as in YAML, its fields separated by commas: { ${draft}: 2, note: "why, in quotes when it holds a comma or a colon" }`
              : `\`${field.name}\` holds a map or a list of maps written as in YAML: { op: per, points: 2, each: { field: flour } }`,
          ],
        );
      }
    }
    // A row whose cells hold a draft or did not read says something at its places, which a save may move: typed each time.
    if (signature !== undefined && marks.length === marksBefore && own.items.length === problemsBefore) rowsWere!.keep(signature, out);
    return out;
  });
  rowsWere?.end();
  source.setTyped(value, [], [], undefined, listSeparator);
  // The places of marks follow the typed value (an item of a list cell), so they are found once it is set.
  for (const mark of marks) {
    const place = source.placeOf(mark.pointer);
    // As in YAML (load/yaml-source.ts), a draft or a choice says why: a note is required.
    if (mark.note.trim() === '') {
      if (mark.kind === 'placeholder')
        own.error(
          source.path,
          place,
          'placeholder-note',
          'a placeholder needs a `note:` saying what is not given yet (what the rulebook does not print, or what is still to decide)',
        );
      else own.error(source.path, place, 'reading-note', 'a reading needs a `note:` saying what the rules leave open and what was chosen');
    }
    (mark.kind === 'placeholder' ? placeholders : readings).push({ pointer: mark.pointer, note: mark.note, place });
  }
  const typedWith: TypedWith = { schemas, schema, listSeparator, diagnostics: own.items };
  source.setTyped(value, placeholders, readings, typedWith, listSeparator);
  bag.items.push(...own.items);
}

/**
 * `cellValue`, or the cell's text when typing it fails: a schema the typing
 * cannot follow (it recursed without end on a DSL field, found by the fuzz)
 * must not stop the check, and the text left as it is gets the schema's own
 * report at the cell ("must be an array (got the string ...)").
 */
function typedCell(text: string, at: SchemaAt, options: CellOptions): CellValue {
  try {
    return cellValue(text, at, options);
  } catch (error) {
    if (process.env.RULEBOOK_DEBUG) console.error(error);
    return { value: text, marks: [] };
  }
}

/**
 * The typed rows of each table file as its last typing left them, by the row's text in the file, kept by `rulebook
 * serve` between saves (validate/game.ts ValidationMemo). A save re-reads the whole file, and typing every row again
 * gave each a new value object: at 30,000 rows one saved row took 1.4-1.7 s to check, as each entry was then typed,
 * validated and given its ID anew, and its rules and drawings could not be kept. A row whose texts are as they were
 * now gets the very object it had (the YAML files' entries do the same: load/entry-reparse.ts). Kept only for the same
 * schema set, schema, list separator and columns; a row with a draft or a cell that did not read is always typed
 * (what it says has places). Each value is given to one row: two rows alike get two objects.
 */
export class TableRowMemo {
  private readonly files = new Map<string, { schemas: SchemaSet; key: string; rows: Map<string, Record<string, unknown>> }>();

  /** Start typing the file: what its last typing kept, and where this one keeps its own (`end` makes it the file's). */
  begin(file: string, schemas: SchemaSet, schema: unknown, listSeparator: string, columns: readonly HeaderField[]): RowsWere {
    const key = JSON.stringify([schema, listSeparator, columns.map((f) => [f.column, f.path])]);
    const last = this.files.get(file);
    const was = last && last.schemas === schemas && last.key === key ? last.rows : new Map<string, Record<string, unknown>>();
    const now = new Map<string, Record<string, unknown>>();
    return {
      take: (signature) => {
        const value = was.get(signature);
        if (value === undefined) return undefined;
        was.delete(signature);
        now.set(signature, value);
        return value;
      },
      keep: (signature, value) => {
        if (!now.has(signature)) now.set(signature, value);
      },
      end: () => {
        this.files.set(file, { schemas, key, rows: now });
      },
    };
  }
}

interface RowsWere {
  /** The value the last typing gave a row of this text, at most once. */
  take(signature: string): Record<string, unknown> | undefined;
  keep(signature: string, value: Record<string, unknown>): void;
  end(): void;
}
