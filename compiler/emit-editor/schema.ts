import type { IdList } from './ids.ts';

/**
 * Editor schemas: the schemas under schemas/ rewritten for an editor's YAML
 * language server (yaml-language-server, as in VS Code's Red Hat YAML), which
 * reads them with no knowledge of rulebook:
 *
 * - every `$ref` points inside the same file (`#/$defs/...`): the schemas'
 *   `$id`s name https://rulebook.dev/, which an editor would try to download;
 * - wherever a value stands, a placeholder `{ placeholder: VALUE, note }` or a
 *   reading `{ reading: VALUE, note }` is valid when VALUE is (the loader
 *   unwraps them before validation, yaml-source.ts);
 * - a string with `"x-ref": "<target>"` lists the IDs that exist, each with
 *   its entry's name, so the editor completes them and flags a dangling one;
 * - keywords only the build knows (`x-rule`, ajv's `discriminator`) are left out.
 */
export type Json = Record<string, unknown>;

/** The raw schema document for a URL (a schema's `$id`), or undefined when there is none. */
export type SchemaLookup = (url: string) => unknown;

const NOTE_DESCRIPTION =
  'Why this value is marked: what is not settled yet (a placeholder: the rulebook does not give it, or it is not decided yet), or what the rules leave open and what was chosen (a reading).';
const NOTE = 'rulebook.note';

/** Keywords whose value is a map of names to value schemas, and those whose value is one value schema. */
const VALUE_MAPS = new Set(['properties', 'patternProperties']);
const VALUE_ONE = new Set(['items', 'additionalProperties', 'unevaluatedProperties', 'contains']);
/** Keywords holding subschemas that describe the same value (not a value of their own). */
const SAME_VALUE_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SAME_VALUE_ONE = new Set(['not', 'if', 'then', 'else', 'propertyNames']);
/** Left out: they mean something only to the build (or are replaced by the file's own $defs). */
const DROPPED = new Set(['$id', '$schema', '$defs', 'definitions', '$comment', 'discriminator', 'x-rule', 'x-ref']);
/** What a hover shows: moved from a value's own schema onto the wrapper around it (see `value`). */
const ANNOTATIONS = ['title', 'description', 'markdownDescription'];

export class EditorSchemaBuilder {
  private readonly defs: Record<string, unknown> = {};
  private readonly refNames = new Map<string, string>();
  private readonly idNames = new Map<string, string>();
  private readonly markNames = new Map<string, string>();
  private readonly used = new Set<string>([NOTE]);

  constructor(
    private readonly lookup: SchemaLookup,
    private readonly ids: ReadonlyMap<string, IdList>,
  ) {}

  /**
   * The editor schema of a whole file. A collection file is a list of entries
   * (`list`); a manifest or a constants file is one document.
   */
  build(url: string, shape: 'list' | 'document', about: { title: string; comment: string }): Json {
    const root = this.refTo(url, '');
    const rootSchema = (this.defs[root] ?? {}) as Json;
    const description = typeof rootSchema.description === 'string' ? rootSchema.description : undefined;
    const body: Json = shape === 'list' ? { type: 'array', items: { $ref: ref(root) } } : { $ref: ref(root) };
    this.defs[NOTE] = noteSchema();
    return {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $comment: about.comment,
      title: about.title,
      ...(description ? { description } : {}),
      ...body,
      $defs: sortKeys(this.defs),
    };
  }

  /** The $defs name for the schema at `url` + JSON pointer, transformed once (so recursive DSL rules stay finite). */
  private refTo(url: string, pointer: string): string {
    const key = `${url}#${pointer}`;
    const known = this.refNames.get(key);
    if (known) return known;
    const name = this.uniqueName(nameFor(url, pointer));
    this.refNames.set(key, name);
    this.defs[name] = {};
    const target = resolvePointer(this.lookup(url), pointer);
    // A $ref to something that is not there is the build's error to report (schema-invalid); the editor accepts anything there.
    this.defs[name] = target === undefined ? {} : this.node(target, url, name);
    return name;
  }

  /** One subschema, transformed; `path` names the definitions hoisted out of it. */
  private node(schema: unknown, base: string, path: string): unknown {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
    const out: Json = {};
    for (const [key, value] of Object.entries(schema as Json)) {
      if (key === '$ref' && typeof value === 'string') {
        const target = parseRef(value, base);
        // A $ref that is not a URL is the build's error to report (schema-invalid); here it accepts anything.
        if (target) out.$ref = ref(this.refTo(target.url, target.pointer));
      } else if (DROPPED.has(key)) {
        continue;
      } else if (VALUE_MAPS.has(key) && value && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, this.value(v, base, `${path}.${k}`)]));
      } else if (VALUE_ONE.has(key)) {
        out[key] = this.value(value, base, `${path}.${key === 'items' ? 'item' : key}`);
      } else if (key === 'prefixItems' && Array.isArray(value)) {
        out[key] = value.map((v, i) => this.value(v, base, `${path}.${i}`));
      } else if (SAME_VALUE_LISTS.has(key) && Array.isArray(value)) {
        out[key] = value.map((v, i) => this.node(v, base, `${path}.${key}${i}`));
      } else if (SAME_VALUE_ONE.has(key)) {
        out[key] = this.node(value, base, `${path}.${key}`);
      } else {
        out[key] = value;
      }
    }
    const target = (schema as Json)['x-ref'];
    if (typeof target === 'string') return this.reference(out, target);
    return out;
  }

  /**
   * A schema where a value stands (a field, a list item, a map's value): the
   * value itself, or a placeholder or reading around it. An `anyOf` (not
   * `if`/`then`/`else`): the language server completes a value from the
   * alternatives of `anyOf`/`oneOf`/`allOf` only.
   */
  private value(schema: unknown, base: string, path: string): unknown {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
    const inner = this.node(schema, base, path) as Json;
    // The value's schema is needed three times (plain, under `placeholder:`, under `reading:`):
    // one definition referenced three times keeps the file linear in the schemas' size.
    const keys = Object.keys(inner);
    const direct = typeof inner.$ref === 'string' && keys.every((k) => k === '$ref' || ANNOTATIONS.includes(k));
    // The field's own words (its description) go on the wrapper and on the plain branch: a hover shows the first description
    // it meets, and it should be the field's ("How the card scores"), plain or marked, not the shared definition's.
    const annotations = Object.fromEntries(ANNOTATIONS.filter((k) => inner[k] !== undefined).map((k) => [k, inner[k]]));
    let target: string;
    if (direct) target = inner.$ref as string;
    else {
      const name = this.uniqueName(path);
      this.defs[name] = Object.fromEntries(Object.entries(inner).filter(([k]) => !ANNOTATIONS.includes(k)));
      target = ref(name);
    }
    return { ...annotations, anyOf: [{ $ref: target, ...annotations }, { $ref: ref(this.markOf(target)) }] };
  }

  /** `{ placeholder: VALUE, note }` or `{ reading: VALUE, note }` around a value of the schema `target`, defined once per value schema. */
  private markOf(target: string): string {
    const known = this.markNames.get(target);
    if (known) return known;
    const name = this.uniqueName(`${decodeURIComponent(target.replace('#/$defs/', '')).replace(/~1/g, '/').replace(/~0/g, '~')}.mark`);
    this.markNames.set(target, name);
    const note = { $ref: ref(NOTE) };
    const hidden = { doNotSuggest: true };
    this.defs[name] = {
      // Names the form in the server's messages ("Expected string | object(placeholder or reading)").
      title: 'placeholder or reading',
      oneOf: [
        { type: 'object', additionalProperties: false, required: ['placeholder', 'note'], properties: { placeholder: { $ref: target, ...hidden }, note } },
        { type: 'object', additionalProperties: false, required: ['reading', 'note'], properties: { reading: { $ref: target, ...hidden }, note } },
      ],
    };
    return name;
  }

  /** A string naming an entry of `target`: one of the IDs that exist, each described by its entry's name. */
  private reference(schema: Json, target: string): Json {
    const list = this.ids.get(target);
    // No list (a target the game lacks is the build's error) or an empty one: any string, rather than a false alarm on each.
    // The build collects references from strings only: a mark on anything else is left as it is.
    if (!list || !list.ids.length || (schema.type !== undefined && schema.type !== 'string')) return schema;
    let name = this.idNames.get(target);
    if (!name) {
      name = this.uniqueName(`rulebook.ids.${target}`);
      this.idNames.set(target, name);
      this.defs[name] = {
        type: 'string',
        enum: list.ids,
        enumDescriptions: list.labels,
        markdownEnumDescriptions: list.labels.map(escapeMarkdown),
      };
    }
    const ids = { $ref: ref(name) };
    if (typeof schema.$ref !== 'string') return { ...schema, ...ids };
    // Both the schema it already refers to and the list: through allOf, where the server also finds the IDs to complete.
    const { $ref, ...rest } = schema;
    return { ...rest, allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), { $ref }, ids] };
  }

  private uniqueName(wanted: string): string {
    const base = wanted.replace(/[^A-Za-z0-9._-]+/g, '_') || 'schema';
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }
}

function noteSchema(): Json {
  return {
    description: NOTE_DESCRIPTION,
    type: ['string', 'number', 'boolean'],
    pattern: '\\S',
  };
}

function ref(name: string): string {
  return `#/$defs/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** `https://rulebook.dev/schemas/cangaco/cordel.schema.json` + `/$defs/x` -> `cangaco.cordel.x`. */
function nameFor(url: string, pointer: string): string {
  const file = url
    .replace(/^.*\/schemas\//, '')
    .replace(/\.schema\.json$/, '')
    .replace(/\.json$/, '')
    .replace(/\//g, '.');
  const parts = pointer
    .split('/')
    .slice(1)
    .filter((p) => p !== '$defs' && p !== 'definitions' && p !== 'properties');
  return [file, ...parts].join('.');
}

function parseRef(value: string, base: string): { url: string; pointer: string } | undefined {
  try {
    const target = new URL(value, base);
    const pointer = decodeURIComponent(target.hash.replace(/^#/, ''));
    target.hash = '';
    return { url: target.href, pointer };
  } catch {
    return undefined;
  }
}

function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  if (!pointer.startsWith('/')) return undefined;
  let node = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function sortKeys(map: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((k) => [k, map[k]]),
  );
}

/** A name shown as Markdown in the completion list: markup in it (a `<script>`, a `*`) is shown as written, never rendered. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, '\\$&');
}
