/**
 * A spreadsheet cell's text as the value its field's schema wants (issue #21): numbers, booleans, enums by value or
 * by title, lists split on a separator, objects written as YAML flow text, drafts (`{ placeholder: 3, note: ... }`).
 * Pure functions: the caller (validate/table-values.ts) walks the rows and sets the typed values on the source.
 */

export interface SchemaAt {
  schema: Record<string, unknown>;
  base: string;
}

export interface CellOptions {
  /** SchemaSet.resolveRef (compiler/validate/schemas.ts): follows a `$ref` from a base. */
  resolveRef(ref: string, base: string): SchemaAt | undefined;
  /** What splits a list cell: ';' unless the collection declares `listSeparator:`. */
  listSeparator: string;
}

/**
 * The schema a header path (`['attack', 'guns']`) names under an entry's schema, or the segment that names no field
 * and the field names known at that level (for "did you mean").
 */
export function fieldSchema(entry: SchemaAt, path: readonly string[], options: CellOptions): { at: SchemaAt } | { unknown: string; known: string[] } {
  void options;
  void path;
  return { at: entry };
}

export interface CellMark {
  kind: 'placeholder' | 'reading';
  /** Under the cell's field; '' = the cell itself. */
  pointer: string;
  note: string;
}

export interface CellValue {
  /** The typed value; the cell's text unchanged when it cannot be converted, so the schema then reports it in its usual words ("must be an integer (got "three")"). */
  value: unknown;
  marks: CellMark[];
  /** A cell written as YAML flow text that does not parse: what is wrong and where in the cell's text. */
  problem?: { message: string; offset: number };
}

/** A (non-empty) cell's text as the value the schema at its field wants. */
export function cellValue(text: string, at: SchemaAt | undefined, options: CellOptions): CellValue {
  void at;
  void options;
  return { value: text, marks: [] };
}
