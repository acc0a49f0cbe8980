/**
 * Turn an entry's JSON Schema into a TypeScript type, so the engine package
 * is typed by the same schema that validated the content. Covers the subset
 * our schemas use (objects, arrays, enums, consts, unions, $ref to shared
 * defs); anything else becomes `unknown` rather than a wrong type.
 */
export interface TypeContext {
  /** x-ref target -> the name of its ID union (or a union literal). */
  refType(target: string): string;
  /** Resolve a $ref to its schema (or undefined if it is not a plain data def). */
  resolve(ref: string, from: string): { schema: Schema; id: string } | undefined;
}

export type Schema = Record<string, unknown>;

const resolving: string[] = [];

export function schemaToTs(schema: Schema, ctx: TypeContext, base: string, indent = '', omit: readonly string[] = []): string {
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
      case 'string': return 'string';
      case 'integer':
      case 'number': return 'number';
      case 'boolean': return 'boolean';
      case 'null': return 'null';
      case 'array': {
        const items = schema.items as Schema | undefined;
        const inner = items ? schemaToTs(items, ctx, base, indent) : 'unknown';
        return `readonly (${inner})[]`;
      }
      case 'object': return objectType(schema, ctx, base, indent, omit);
      default: return 'unknown';
    }
  });
  return parts.length ? parts.join(' | ') : 'unknown';
}

function objectType(schema: Schema, ctx: TypeContext, base: string, indent: string, omit: readonly string[]): string {
  const props = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([k]) => !omit.includes(k)));
  const required = new Set((schema.required ?? []) as string[]);
  const inner = indent + '  ';
  const lines = Object.entries(props).map(([key, s]) => {
    const doc = typeof s.description === 'string' ? `${inner}/** ${s.description.replace(/\*\//g, '* /')} */\n` : '';
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
    return `${doc}${inner}readonly ${name}${required.has(key) ? '' : '?'}: ${schemaToTs(s, ctx, base, inner)};`;
  });
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
