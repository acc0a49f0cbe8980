/**
 * The paths of an entry's fields, from the schema that validates the entry:
 * the keys of `entry.drafts` and `entry.readings` (entry-marks.ts), typed as
 * one union per collection (`ChiefField = "guns" | "trainingSpaces" |
 * \`trainingSpaces.${number}.amount\` | ...`), so that `chief.drafts.gnus` is
 * a type error and `chief.drafts.guns` reads as the entry does.
 *
 * A path is dotted: the entry's keys and array indexes from the top, joined
 * by `.` (the JSON pointer `/trainingSpaces/0/amount` is
 * `trainingSpaces.0.amount`); the empty path is the whole entry. Where the
 * schema does not say what lies below a field (a rule of the DSL, a
 * recursive definition, a locale map, a map with open keys), the union
 * admits any path under it (`effect.${string}`) rather than a wrong list.
 */
import type { Schema, TypeContext } from './schema-to-ts.ts';

/** One step of a path pattern: a key as written, any array index, or any text (a map's key, or anything below an open field). */
export type Step = { key: string } | 'index' | 'any';

export type PathPattern = readonly Step[];

/** The JSON pointer of a value inside its entry (`/trainingSpaces/0/amount`) as a dotted path (`trainingSpaces.0.amount`). */
export function dottedPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** What lies below one schema: the patterns under it, or `open` when the schema does not say (any path below it is allowed). */
interface Below {
  patterns: PathPattern[];
  open: boolean;
}

const LEAF: Below = { patterns: [], open: false };
const OPEN: Below = { patterns: [], open: true };

/**
 * The paths of an entry's own fields, from its schema's top-level properties (less `omit`: the members the
 * build gives the entry in their place). Walks `$ref`s as schema-to-ts.ts types them, so the union and the
 * entry's interface agree on which fields there are.
 */
export function fieldPaths(schema: Schema, ctx: TypeContext, base: string, omit: readonly string[]): PathPattern[] {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const out: PathPattern[] = [];
  for (const [key, s] of Object.entries(props)) {
    if (omit.includes(key)) continue;
    out.push(...under([{ key }], below(s, ctx, base, [])));
  }
  return out;
}

/** `prefix` itself and each pattern below it. */
function under(prefix: PathPattern, b: Below): PathPattern[] {
  return [prefix, ...(b.open ? [[...prefix, 'any' as const]] : b.patterns.map((p) => [...prefix, ...p]))];
}

function below(schema: Schema, ctx: TypeContext, base: string, resolving: readonly string[]): Below {
  if (typeof schema !== 'object' || schema === null) return OPEN;
  if (typeof schema['x-ref'] === 'string') return LEAF;
  if (typeof schema.$ref === 'string') {
    // A text may be a map of locales, open as the game's `locales:` are; a rule of the DSL is a tree of any shape.
    if (schema.$ref.endsWith('#/$defs/text')) return OPEN;
    if (schema.$ref.includes('dsl.schema.json')) return OPEN;
    const key = new URL(schema.$ref, base).href;
    // A recursive definition (an effect made of effects) has no end to its paths.
    if (resolving.includes(key)) return OPEN;
    const target = ctx.resolve(schema.$ref, base);
    return target ? below(target.schema, ctx, target.id, [...resolving, key]) : OPEN;
  }
  if ('const' in schema || Array.isArray(schema.enum)) return LEAF;
  const parts: Below[] = [];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives)) parts.push(...alternatives.map((s) => below(s, ctx, base, resolving)));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  if (!types.length && schema.properties) types.push('object');
  for (const t of types) {
    if (t === 'array') {
      const items = schema.items as Schema | undefined;
      parts.push({ patterns: under(['index'], items ? below(items, ctx, base, resolving) : OPEN), open: false });
    } else if (t === 'object') parts.push(objectBelow(schema, ctx, base, resolving));
    else parts.push(LEAF);
  }
  // No type and no alternatives: the schema says nothing of the value's shape.
  if (!parts.length) return OPEN;
  return merge(parts);
}

function objectBelow(schema: Schema, ctx: TypeContext, base: string, resolving: readonly string[]): Below {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const patterns: PathPattern[] = [];
  for (const [key, s] of Object.entries(props)) patterns.push(...under([{ key }], below(s, ctx, base, resolving)));
  const extra = schema.additionalProperties;
  // Keys the schema does not list (a map: `scores: { red: 3 }`), when it allows them and says what they hold.
  if (extra && typeof extra === 'object') patterns.push(...under(['any'], below(extra as Schema, ctx, base, resolving)));
  // An object that lists nothing and does not forbid extras is a bag of anything.
  if (!Object.keys(props).length && extra !== false && !(extra && typeof extra === 'object')) return OPEN;
  return { patterns, open: false };
}

function merge(parts: readonly Below[]): Below {
  if (parts.some((p) => p.open)) return OPEN;
  const seen = new Set<string>();
  const patterns: PathPattern[] = [];
  for (const p of parts.flatMap((x) => x.patterns)) {
    const k = JSON.stringify(p);
    if (seen.has(k)) continue;
    seen.add(k);
    patterns.push(p);
  }
  return { patterns, open: false };
}

/** Whether a dotted path is one the pattern admits (as TypeScript reads the pattern's template type). */
export function admits(pattern: PathPattern, path: string): boolean {
  return patternRegExp(pattern).test(path);
}

const regExps = new WeakMap<PathPattern, RegExp>();

function patternRegExp(pattern: PathPattern): RegExp {
  let re = regExps.get(pattern);
  if (!re) {
    const body = pattern.map((s) => (s === 'index' ? '\\d+' : s === 'any' ? '[^]*' : s.key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('\\.');
    re = new RegExp(`^${body}$`);
    regExps.set(pattern, re);
  }
  return re;
}

/** The literal path of a pattern with no wildcard, else undefined. */
function literalPath(pattern: PathPattern): string | undefined {
  return pattern.every((s) => typeof s === 'object') ? pattern.map((s) => (s as { key: string }).key).join('.') : undefined;
}

/** A pattern as a TypeScript type: a string literal, or a template literal type (`\`trainingSpaces.${number}.amount\``). */
export function patternType(pattern: PathPattern): string {
  const plain = literalPath(pattern);
  if (plain !== undefined) return JSON.stringify(plain);
  // Inside a template type, a backslash, a backtick and `${` mean something: escaped, a key reads back as written.
  const text = (key: string) => key.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return '`' + pattern.map((s) => (s === 'index' ? '${number}' : s === 'any' ? '${string}' : text(s.key))).join('.') + '`';
}
