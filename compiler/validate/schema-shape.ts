/**
 * What a JSON Schema node asks of a value, read structurally for spreadsheet cells (cell-values.ts): the schemas that
 * all apply to it (`$ref`, `allOf`), its alternatives (`oneOf`, `anyOf`, `if`/`then`/`else`), the JSON types it can
 * take and the named values it lists. ajv validates; this only reads the schema to know how to type a cell's text
 * before ajv sees it, so nothing here decides whether a value is valid.
 */

export type Schema = Record<string, unknown>;

export interface SchemaAt {
  schema: Schema;
  base: string;
}

/** Follows a `$ref` from a base (SchemaSet.resolveRef). */
export type ResolveRef = (ref: string, base: string) => SchemaAt | undefined;

/** A JSON type a value may have, as JSON Schema names them. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object';

/** A value a field lists by name (`enum`, `const`, a `oneOf` branch `{ const, title }`), with its label when it has one. */
export interface NamedValue {
  value: unknown;
  title?: string;
}

/**
 * Schemas nest (the DSL's `value` holds values): every walk stops this deep. Content schemas nest a handful of
 * levels; the depth only guards against a schema that refers to itself.
 */
const MAX_SCHEMA_DEPTH = 32;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keywords that only describe a node: a branch holding nothing else beside `const` is a named value. */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);

/** Memoized answers for one schema node, by the base it is read from (a node's `$ref`s resolve from its base). */
class Memo<T> {
  private readonly byNode = new WeakMap<Schema, Map<string, T>>();

  get(at: SchemaAt, key: string, compute: () => T): T {
    let byKey = this.byNode.get(at.schema);
    if (!byKey) this.byNode.set(at.schema, (byKey = new Map()));
    const k = `${at.base}\n${key}`;
    const known = byKey.get(k);
    if (known !== undefined || byKey.has(k)) return known as T;
    const value = compute();
    byKey.set(k, value);
    return value;
  }
}

/**
 * Reads the schemas of one schema set. Every answer is kept per schema node: a spreadsheet of 30,000 rows asks the
 * same few questions of each column's schema once per row, and the schemas never change once loaded.
 */
export class SchemaReader {
  private readonly facetMemo = new Memo<SchemaAt[]>();
  private readonly namedMemo = new Memo<NamedValue[] | undefined>();
  private readonly typesMemo = new Memo<ReadonlySet<JsonType>>();
  private readonly propertyMemo = new Memo<{ found: SchemaAt[]; open: boolean; known: string[] }>();
  /** The nodes whose types are being worked out, so a node that is its own alternative does not recurse. */
  private readonly answering = new Set<Schema>();

  constructor(readonly resolveRef: ResolveRef) {}

  /**
   * Every schema that applies to a value at `at` at once: the node itself, what its `$ref` names (in 2020-12 a
   * `$ref` applies beside its siblings, so `{ $ref, x-rule }` keeps both), and each `allOf` member, recursively.
   */
  facetsOf(at: SchemaAt): SchemaAt[] {
    return this.facetMemo.get(at, '', () => {
      const out: SchemaAt[] = [];
      const seen = new Set<Schema>();
      const visit = (node: SchemaAt, depth: number): void => {
        if (seen.has(node.schema) || depth > MAX_SCHEMA_DEPTH) return;
        seen.add(node.schema);
        out.push(node);
        if (typeof node.schema.$ref === 'string') {
          const target = this.resolveRef(node.schema.$ref, node.base);
          if (target) visit(target, depth + 1);
        }
        if (Array.isArray(node.schema.allOf))
          for (const member of node.schema.allOf) if (isSchema(member)) visit({ schema: member, base: node.base }, depth + 1);
      };
      visit(at, 0);
      return out;
    });
  }

  /**
   * The values a field lists by name, or undefined when it lists none: `enum` and `const` on its facets, or a
   * `oneOf`/`anyOf` whose every branch is a named value (titles kept, so a cell may give the label).
   */
  namedValuesOf(at: SchemaAt): NamedValue[] | undefined {
    return this.namedMemo.get(at, '', () => {
      const facets = this.facetsOf(at);
      for (const { schema } of facets) {
        if (Array.isArray(schema.enum)) return schema.enum.map((value) => ({ value }));
        if ('const' in schema) return [{ value: schema.const, ...(typeof schema.title === 'string' ? { title: schema.title } : {}) }];
      }
      const branches = branchesOf(facets);
      if (!branches.length) return undefined;
      const named: NamedValue[] = [];
      for (const branch of branches) {
        // A branch may itself be a `$ref` to a `{ const, title }` definition.
        const own = this.facetsOf(branch).find((f) => isNamedValue(f.schema));
        if (!own) return undefined;
        const title = own.schema.title ?? branch.schema.title;
        named.push({ value: own.schema.const, ...(typeof title === 'string' ? { title } : {}) });
      }
      return named;
    });
  }

  /**
   * Every JSON type a value at the node may have, through its facets and alternatives: an enum's values count by
   * their own types. A node that constrains nothing (`{}`) may be anything: all types.
   */
  typesAccepted(at: SchemaAt, depth = 0): ReadonlySet<JsonType> {
    if (depth > MAX_SCHEMA_DEPTH) return ALL_TYPES;
    // A node met again inside its own answer (a schema that is one of its own alternatives) adds no type of its own.
    if (this.answering.has(at.schema)) return NO_TYPES;
    return this.typesMemo.get(at, '', () => {
      this.answering.add(at.schema);
      try {
        return this.typesOf(at, depth);
      } finally {
        this.answering.delete(at.schema);
      }
    });
  }

  private typesOf(at: SchemaAt, depth: number): ReadonlySet<JsonType> {
    const facets = this.facetsOf(at);
    const named = this.namedValuesOf(at);
    if (named) return new Set(named.map((n) => typeOfValue(n.value)));
    const declared = declaredTypes(facets);
    if (declared) return new Set(declared.flatMap((t) => (t === 'number' ? (['number', 'integer'] as const) : [t])));
    const branches = branchesOf(facets);
    if (branches.length) return new Set(branches.flatMap((b) => [...this.typesAccepted(b, depth + 1)]));
    // An object by its keywords alone (`properties` without `type`).
    if (facets.some((f) => isSchema(f.schema.properties) || Array.isArray(f.schema.required))) return new Set<JsonType>(['object']);
    return ALL_TYPES;
  }

  /**
   * What a name under an object node stands for: the schemas that declare it (one per branch that does), whether
   * the node takes names it does not declare (`open`), and every name it declares (for "did you mean").
   */
  propertyOf(at: SchemaAt, name: string): { found: SchemaAt[]; open: boolean; known: string[] } {
    return this.propertyMemo.get(at, name, () => {
      const found: SchemaAt[] = [];
      const known: string[] = [];
      let open = false;
      const seen = new Set<Schema>();
      const visit = (node: SchemaAt, depth: number, closedAbove: boolean): void => {
        if (depth > MAX_SCHEMA_DEPTH) return;
        const facets = this.facetsOf(node).filter((f) => !seen.has(f.schema));
        // Met before through another branch: already counted.
        if (!facets.length) return;
        for (const f of facets) seen.add(f.schema);
        let declaresKeys = false;
        let closed = closedAbove;
        for (const { schema, base } of facets) {
          let named = false;
          const properties = schema.properties;
          if (isSchema(properties)) {
            declaresKeys = true;
            for (const key of Object.keys(properties)) if (!known.includes(key)) known.push(key);
            const field = properties[name];
            if (isSchema(field) && Object.hasOwn(properties, name)) {
              found.push({ schema: field, base });
              named = true;
            }
          }
          if (isSchema(schema.patternProperties)) {
            declaresKeys = true;
            for (const [pattern, field] of Object.entries(schema.patternProperties)) {
              if (isSchema(field) && matches(pattern, name)) {
                found.push({ schema: field, base });
                named = true;
              }
            }
          }
          // A map (`{ en: ..., pt-BR: ... }`) takes any name its `propertyNames` allows, each of the one schema.
          if (isSchema(schema.additionalProperties)) {
            if (!named && !closedAbove) found.push({ schema: schema.additionalProperties, base });
            declaresKeys = true;
          } else if (schema.additionalProperties === false || schema.unevaluatedProperties === false) closed = true;
        }
        // An object schema that does not close itself takes names it does not declare, as ajv would; so does a
        // node that constrains nothing (`{}`). A node whose branches are all closed objects is not open itself.
        const types = declaredTypes(facets);
        const branches = branchesOf(facets);
        const unconstrained = !types && !branches.length && !declaresKeys && !facets.some((f) => 'const' in f.schema || Array.isArray(f.schema.enum));
        const takesOthers =
          (declaresKeys || types?.includes('object') || unconstrained) && !closed && !facets.some((f) => isSchema(f.schema.additionalProperties));
        if (takesOthers) open = true;
        for (const branch of branches) visit(branch, depth + 1, closed);
      };
      visit(at, 0, false);
      return { found, open, known };
    });
  }

  /** The schema of a list's items at `at`, or in the first of its alternatives that is a list. */
  itemsAt(at: SchemaAt, seen = new Set<Schema>()): SchemaAt | undefined {
    // Each node once: a schema that is its own alternative ends here.
    if (seen.has(at.schema)) return undefined;
    seen.add(at.schema);
    const facets = this.facetsOf(at);
    const own = itemsOf(facets);
    if (own) return own;
    for (const branch of branchesOf(facets)) {
      const items = this.itemsAt(branch, seen);
      if (items) return items;
    }
    return undefined;
  }
}

const NO_TYPES: ReadonlySet<JsonType> = new Set();
const ALL_TYPES: ReadonlySet<JsonType> = new Set<JsonType>(['string', 'integer', 'number', 'boolean', 'null', 'array', 'object']);

/** The alternatives the facets offer (`oneOf`, `anyOf`, and `then`/`else` of an `if`), in the order written. */
export function branchesOf(facets: readonly SchemaAt[]): SchemaAt[] {
  const out: SchemaAt[] = [];
  for (const { schema, base } of facets) {
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches)) for (const branch of branches) if (isSchema(branch)) out.push({ schema: branch, base });
    }
    if (isSchema(schema.if)) for (const key of ['then', 'else'] as const) if (isSchema(schema[key])) out.push({ schema: schema[key], base });
  }
  return out;
}

/** The JSON types the facets declare (the first facet that declares any), or undefined when none does. */
export function declaredTypes(facets: readonly SchemaAt[]): JsonType[] | undefined {
  for (const { schema } of facets) {
    if (typeof schema.type === 'string') return [schema.type as JsonType];
    if (Array.isArray(schema.type)) return schema.type.filter((t): t is JsonType => typeof t === 'string');
  }
  return undefined;
}

/** A branch that names one value and nothing else (`{ const: dry, title: Dry }`). */
function isNamedValue(schema: Schema): boolean {
  return 'const' in schema && Object.keys(schema).every((k) => k === 'const' || ANNOTATIONS.has(k));
}

/** Whether a value of the node may be a string that names another entry (`x-ref`). */
export function isReference(facets: readonly SchemaAt[]): boolean {
  return facets.some((f) => typeof f.schema['x-ref'] === 'string');
}

/** Whether the node is a rule written as data (`x-rule`). */
export function isRule(facets: readonly SchemaAt[]): boolean {
  return facets.some((f) => typeof f.schema['x-rule'] === 'string');
}

/** The schema of a list's items (`items` on a facet), or undefined when the list says nothing of them. */
export function itemsOf(facets: readonly SchemaAt[]): SchemaAt | undefined {
  for (const { schema, base } of facets) if (isSchema(schema.items)) return { schema: schema.items, base };
  return undefined;
}

export function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return 'object';
}

/** Whether a `patternProperties` pattern matches a name; a pattern that does not compile matches nothing (ajv reports the schema). */
function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return false;
  }
}
