import type { Manifest } from '../model.ts';
import type { SchemaSet } from '../validate/schemas.ts';

/**
 * The draft value of a field a new entry must have: the simplest value its
 * schema accepts (`rulebook new` wraps it in a placeholder for the designer
 * to replace). References take an ID that exists, and rules written as data
 * a rule the game's declarations accept, so the new entry checks at once.
 */

type Schema = Record<string, unknown>;

export interface DraftContext {
  schemas: SchemaSet;
  manifest: Manifest;
  /** The IDs of a collection or declaration, for `x-ref` fields. */
  idsOf: (target: string) => readonly string[] | undefined;
}

/** The schema a property stands for once its `$ref` is followed (sibling keywords such as `x-ref` are kept). */
export function deref(schema: Schema, base: string, schemas: SchemaSet): { schema: Schema; base: string } {
  let current = { schema, base };
  for (let depth = 0; typeof current.schema.$ref === 'string' && depth < 20; depth++) {
    const target = schemas.resolveRef(current.schema.$ref, current.base);
    if (!target) break;
    const { $ref: _, ...siblings } = current.schema;
    current = { schema: { ...target.schema, ...siblings }, base: target.base };
  }
  return current;
}

/** Why a field has no draft value, in words ("must match `^16\\.6\\.[0-9]+$`"), for the refusal. */
export function whyNoDraft(schema: Schema, base: string, schemas: SchemaSet): string {
  const { schema: s } = deref(schema, base, schemas);
  if (typeof s.pattern === 'string') return `must match \`${s.pattern}\``;
  if (typeof schema['x-ref'] === 'string') return `must name one of the ${schema['x-ref']}, and there are none yet`;
  return 'takes a value this command cannot draft';
}

export function draftValue(schema: Schema, base: string, ctx: DraftContext, depth = 0): unknown {
  if (depth > 12) return undefined;
  const rule = schema['x-rule'];
  if (typeof rule === 'string') {
    const drafted = draftRule(rule, ctx.manifest);
    if (drafted !== undefined) return drafted;
  }
  if (typeof schema['x-ref'] === 'string') return ctx.idsOf(schema['x-ref'])?.[0];
  const { schema: s, base: b } = deref(schema, base, ctx.schemas);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  // null is a value only when nothing else is allowed: a draft shows what to fill.
  const type = types.find((t) => t !== 'null') ?? types[0];
  if (type) return draftOfType(type, s, b, ctx, depth);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches as Schema[]) {
      const v = draftValue(branch, b, ctx, depth + 1);
      if (v !== undefined && v !== null) return v;
    }
  }
  if (s.properties || s.required) return draftOfType('object', s, b, ctx, depth);
  return undefined;
}

function draftOfType(type: string, s: Schema, base: string, ctx: DraftContext, depth: number): unknown {
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : Infinity;
      return Math.min(Math.max(0, min), max);
    }
    case 'string': {
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
      const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
      // A pattern no stand-in fits (a rule number such as 16.6.x) has no draft: the entry is written by hand.
      return ['TODO', 'todo', ''].find((v) => v.length >= minLength && (!pattern || pattern.test(v)));
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const n = typeof s.minItems === 'number' ? s.minItems : 0;
      const items = s.items && typeof s.items === 'object' ? (s.items as Schema) : {};
      const list = Array.from({ length: n }, () => draftValue(items, base, ctx, depth + 1));
      return list.includes(undefined) ? undefined : list;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      for (const key of (s.required ?? []) as string[]) {
        out[key] = draftValue(properties[key] ?? {}, base, ctx, depth + 1);
        if (out[key] === undefined) return undefined;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** The least rule of each kind the game's declarations accept: scores 0, does nothing, is worth 0. */
function draftRule(kind: string, manifest: Manifest): unknown {
  if (kind === 'effect') return { op: 'none' };
  if (kind === 'value') return 0;
  const fields = Object.entries(manifest.endState?.fields ?? {});
  const count = fields.find(([, f]) => f.kind === 'count')?.[0];
  if (count) return { op: 'per', points: 0, each: { field: count } };
  const flag = fields.find(([, f]) => f.kind === 'flag')?.[0];
  if (flag) return { op: 'if', has: { flag }, points: 0 };
  const list = fields.find(([, f]) => f.kind === 'list')?.[0];
  if (list) return { op: 'per', points: 0, each: { count: list } };
  return undefined;
}
