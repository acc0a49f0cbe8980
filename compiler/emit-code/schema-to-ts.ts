/**
 * Turn an entry's JSON Schema into a TypeScript type, so the engine package
 * is typed by the same schema that validated the content. Covers the subset
 * our schemas use (objects, arrays, enums, consts, unions, $ref to shared
 * defs); anything else becomes `unknown` rather than a wrong type.
 */
import { docText, propName } from './ts-syntax.ts';

export interface TypeContext {
  /** x-ref target -> the name of its ID union (or a union literal). */
  refType(target: string): string;
  /** Resolve a $ref to its schema (or undefined if it is not a plain data def). */
  resolve(ref: string, from: string): { schema: Schema; id: string } | undefined;
}

export type Schema = Record<string, unknown>;

const resolving: string[] = [];

/** For an entry's own (top-level) object: properties the caller writes itself, and properties always present whatever the schema says. */
export interface TopLevel {
  omit?: readonly string[];
  required?: readonly string[];
}

export function schemaToTs(schema: Schema, ctx: TypeContext, base: string, indent = '', top: TopLevel = {}): string {
  if (typeof schema['x-ref'] === 'string') {
    const t = ctx.refType(schema['x-ref']);
    return withNull(schema, t);
  }
  if (typeof schema.$ref === 'string') {
    if (schema.$ref.endsWith('#/$defs/text')) return 'Text';
    if (schema.$ref.includes('dsl.schema.json') && !schema.$ref.endsWith('/examples')) return 'DslNode';
    const key = new URL(schema.$ref, base).href;
    // A recursive definition (an effect made of effects) is typed one level deep.
    if (resolving.includes(key)) return '{ readonly [key: string]: unknown }';
    const target = ctx.resolve(schema.$ref, base);
    if (!target) return 'unknown';
    resolving.push(key);
    try {
      return schemaToTs(target.schema, ctx, target.id, indent);
    } finally {
      resolving.pop();
    }
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map((s) => schemaToTs(s, ctx, base, indent)))].join(' | ');
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
        const inner = items ? schemaToTs(items, ctx, base, indent) : 'unknown';
        return `readonly (${inner})[]`;
      }
      case 'object':
        return objectType(schema, ctx, base, indent, top);
      default:
        return 'unknown';
    }
  });
  return parts.length ? parts.join(' | ') : 'unknown';
}

function objectType(schema: Schema, ctx: TypeContext, base: string, indent: string, top: TopLevel): string {
  const omit = top.omit ?? [];
  const props = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([k]) => !omit.includes(k)));
  const required = new Set([...(Array.isArray(schema.required) ? (schema.required as string[]) : []), ...(top.required ?? [])]);
  const inner = indent + '  ';
  const lines = Object.entries(props).map(([key, s]) => {
    const doc = typeof s.description === 'string' ? `${inner}/** ${docText(s.description)} */\n` : '';
    return `${doc}${inner}readonly ${propName(key)}${required.has(key) ? '' : '?'}: ${schemaToTs(s, ctx, base, inner)};`;
  });
  // A required key the schema lists without describing it (allowed through additionalProperties) is still always there.
  const extra = schema.additionalProperties;
  for (const key of required) {
    if (key in props || omit.includes(key) || !Array.isArray(schema.required) || !(schema.required as string[]).includes(key) || extra === false) continue;
    lines.push(`${inner}readonly ${propName(key)}: ${extra && typeof extra === 'object' ? schemaToTs(extra as Schema, ctx, base, inner) : 'unknown'};`);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    lines.push(`${inner}readonly [key: string]: ${schemaToTs(schema.additionalProperties as Schema, ctx, base, inner)} | undefined;`);
  }
  if (!lines.length) return '{ readonly [key: string]: unknown }';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function withNull(schema: Schema, t: string): string {
  const types = Array.isArray(schema.type) ? schema.type : [];
  return types.includes('null') ? `${t} | null` : t;
}
