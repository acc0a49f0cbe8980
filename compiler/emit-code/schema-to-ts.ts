/**
 * Turn an entry's JSON Schema into a TypeScript type, so the engine package
 * is typed by the same schema that validated the content. Covers the subset
 * our schemas use (objects, arrays, enums, consts, unions, $ref to shared
 * defs); anything else becomes `unknown` rather than a wrong type.
 */
import type { SchemaSet } from '../validate/schemas.ts';
import { SCHEMA_BASE } from '../validate/schemas.ts';
import { docText, propName } from './ts-syntax.ts';

export interface TypeContext {
  /** x-ref target -> the name of its ID union (or a union literal). */
  refType(target: string): string;
  /** Resolve a $ref to its schema (or undefined if it is not a plain data def). */
  resolve(ref: string, from: string): { schema: Schema; id: string } | undefined;
  /**
   * The data's own word on a place (its path from the entry: property names, `*` for an array's items), when it
   * is tighter than the schema's: a graph's node IDs as the node union. Undefined: the schema's type.
   */
  fieldType?(path: string): string | undefined;
  /** Whether every value at a text place is a plain string (no locale map): typed `string`, not `Text`. */
  plainText?(path: string): boolean;
}

export type Schema = Record<string, unknown>;

/** A schema file as loaded, by its path under schemas/, with the URL its own `$ref`s resolve from. */
export function loadedSchema(schemas: SchemaSet, path: string): { schema: Schema; id: string } | undefined {
  const found = schemas.resolveRef(path, SCHEMA_BASE);
  return found && { schema: found.schema, id: found.base };
}

/** The type context of a game: references typed by the unions `refType` names, `$ref`s followed through the loaded schemas. */
export function typeContext(schemas: SchemaSet, refType: (target: string) => string): TypeContext {
  return {
    refType,
    resolve: (ref: string, from: string) => {
      const found = schemas.resolveRef(ref, from);
      return found ? { schema: found.schema, id: found.base } : undefined;
    },
  };
}

/** For an entry's own (top-level) object: properties the caller writes itself, and properties always present whatever the schema says. */
export interface TopLevel {
  omit?: readonly string[];
  required?: readonly string[];
}

export function schemaToTs(schema: Schema, ctx: TypeContext, base: string, indent = '', top: TopLevel = {}, path = ''): string {
  return toTs(schema, { ...ctx, resolving: [] }, base, indent, top, path);
}

/** The context of one conversion: the `$ref`s being followed, so a recursive definition stops. */
interface Walk extends TypeContext {
  readonly resolving: string[];
}

/** A place one step inside `path`: a property (`spaces`, `id`, through keyStep) or an array's items (`*`). */
export function placeIn(path: string, step: string): string {
  return path ? `${path}/${step}` : step;
}

/** A property name as a step of a place: escaped, so no key reads as a separator, an array's items or a map's values. */
export function keyStep(key: string): string {
  const escaped = key.replace(/~/g, '~0').replace(/\//g, '~1');
  return escaped === '*' || escaped === '?' ? `~2${escaped}` : escaped;
}

/** The step of a map's values (`additionalProperties`): a key no data walk records, so such a place keeps the schema's type. */
const OPEN_KEY = '?';

function toTs(schema: Schema, ctx: Walk, base: string, indent = '', top: TopLevel = {}, path = ''): string {
  const own = path ? ctx.fieldType?.(path) : undefined;
  if (own !== undefined) return withNull(schema, own);
  if (typeof schema['x-ref'] === 'string') {
    const t = ctx.refType(schema['x-ref']);
    return withNull(schema, t);
  }
  if (typeof schema.$ref === 'string') {
    if (schema.$ref.endsWith('#/$defs/text')) return path && ctx.plainText?.(path) ? 'string' : 'Text';
    if (schema.$ref.includes('dsl.schema.json') && !schema.$ref.endsWith('/examples')) return 'DslNode';
    const key = new URL(schema.$ref, base).href;
    // A recursive definition (an effect made of effects) is typed one level deep.
    if (ctx.resolving.includes(key)) return '{ readonly [key: string]: unknown }';
    const target = ctx.resolve(schema.$ref, base);
    if (!target) return 'unknown';
    ctx.resolving.push(key);
    try {
      return toTs(target.schema, ctx, target.id, indent, {}, path);
    } finally {
      ctx.resolving.pop();
    }
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map((s) => toTs(s, ctx, base, indent, {}, path)))].join(' | ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (!types.length && schema.properties) types.push('object');
  const parts = types.map((t) => {
    switch (t) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        const items = schema.items as Schema | undefined;
        const inner = items ? toTs(items, ctx, base, indent, {}, placeIn(path, '*')) : 'unknown';
        return `readonly (${inner})[]`;
      }
      case 'object':
        return objectType(schema, ctx, base, indent, top, path);
      default:
        return 'unknown';
    }
  });
  return parts.length ? parts.join(' | ') : 'unknown';
}

function objectType(schema: Schema, ctx: Walk, base: string, indent: string, top: TopLevel, path: string): string {
  const omit = top.omit ?? [];
  const props = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([k]) => !omit.includes(k)));
  const required = new Set([...(Array.isArray(schema.required) ? (schema.required as string[]) : []), ...(top.required ?? [])]);
  const inner = indent + '  ';
  const lines = Object.entries(props).map(([key, s]) => {
    const doc = typeof s.description === 'string' ? `${inner}/** ${docText(s.description)} */\n` : '';
    return `${doc}${inner}readonly ${propName(key)}${required.has(key) ? '' : '?'}: ${toTs(s, ctx, base, inner, {}, placeIn(path, keyStep(key)))};`;
  });
  // A required key the schema lists without describing it (allowed through additionalProperties) is still always there.
  const extra = schema.additionalProperties;
  for (const key of required) {
    if (key in props || omit.includes(key) || !Array.isArray(schema.required) || !(schema.required as string[]).includes(key) || extra === false) continue;
    lines.push(
      `${inner}readonly ${propName(key)}: ${extra && typeof extra === 'object' ? toTs(extra as Schema, ctx, base, inner, {}, placeIn(path, OPEN_KEY)) : 'unknown'};`,
    );
  }
  // A map whose keys are references or an enum (a ban list keyed by card code) is typed by that union, so a wrong
  // key is a type error; Partial, as the map need not hold every key.
  const keys = keyType(schema, ctx, base);
  if (keys && !lines.length)
    return `Readonly<Partial<Record<${keys}, ${extra && typeof extra === 'object' ? toTs(extra as Schema, ctx, base, inner, {}, placeIn(path, OPEN_KEY)) : 'unknown'}>>>`;
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    lines.push(`${inner}readonly [key: string]: ${toTs(schema.additionalProperties as Schema, ctx, base, inner, {}, placeIn(path, OPEN_KEY))} | undefined;`);
  }
  if (!lines.length) return '{ readonly [key: string]: unknown }';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The type of an object's keys when `propertyNames` narrows them below `string` (an `x-ref`, an enum); else undefined. */
function keyType(schema: Schema, ctx: Walk, base: string): string | undefined {
  const names = schema.propertyNames;
  if (!names || typeof names !== 'object') return undefined;
  const t = toTs(names as Schema, ctx, base);
  return t === 'string' || t === 'unknown' ? undefined : t;
}

function withNull(schema: Schema, t: string): string {
  const types = Array.isArray(schema.type) ? schema.type : [];
  return types.includes('null') ? `${t} | null` : t;
}
