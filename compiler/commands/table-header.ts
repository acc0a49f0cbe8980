import type { SchemaSet } from '../validate/schemas.ts';
import { deref } from './draft-value.ts';

type Schema = Record<string, unknown>;

/**
 * The header row of a CSV collection for an entry schema: one column per
 * field, named by its path (`attack.guns`), the fields an entry must have
 * first, then the rest, each group in the schema's order. An object whose
 * fields are fixed (`properties`, nothing else) is spread over one column
 * per field; any other object (a rule written as data, a text given in
 * several languages, a map keyed by card) and a list of objects is one
 * column, written as YAML flow text in its cell.
 */
export function headerColumns(schema: Schema, base: string, schemas: SchemaSet): string[] {
  return columnsOf(schema, base, schemas, [], 0);
}

function columnsOf(schema: Schema, base: string, schemas: SchemaSet, at: readonly string[], depth: number): string[] {
  const { schema: s, base: b } = deref(schema, base, schemas);
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const keys = Object.keys(properties);
  const ordered = [...keys.filter((k) => required.has(k)), ...keys.filter((k) => !required.has(k))];
  return ordered.flatMap((key) => {
    const path = [...at, key];
    const field = deref(properties[key] ?? {}, b, schemas);
    // Nesting stops at a depth no table would want: a deeper object is one column like any other.
    return depth < 8 && spreads(field.schema) ? columnsOf(field.schema, field.base, schemas, path, depth + 1) : [path.join('.')];
  });
}

/** A plain record of named fields: spread into columns. Anything that chooses between shapes or names its keys freely is not. */
function spreads(s: Schema): boolean {
  const properties = s.properties;
  if (!properties || typeof properties !== 'object' || !Object.keys(properties).length) return false;
  if (s.type !== undefined && s.type !== 'object') return false;
  if (['x-rule', 'x-ref', 'anyOf', 'oneOf', 'allOf', 'if', 'patternProperties', 'propertyNames'].some((k) => k in s)) return false;
  // A key of one column must not hold a dot, or its path could not be told from a nested field's.
  if (Object.keys(properties).some((k) => k.includes('.'))) return false;
  return s.additionalProperties === undefined || s.additionalProperties === false;
}
