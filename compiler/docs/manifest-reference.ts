// docs/manifest.md, the reference of every key of a game's manifest
// (content/<game>/game.yaml), written from the manifest's JSON Schema: its
// descriptions, defaults, allowed values and `examples`. The schema is the one
// place to edit; `npm run docs:manifest` rewrites the page, and
// test/manifest-doc.test.ts fails when the page differs (and when an example
// does not validate against its own schema).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, isMap, isScalar, isSeq, visit } from 'yaml';
import { TOOL_SCHEMA_DIR } from '../validate/schemas.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The manifest's schema. The schemas its `$ref`s name (defs, dsl) are read from the same folder. */
export const MANIFEST_SCHEMA = path.join(TOOL_SCHEMA_DIR, 'game.schema.json');
/** The page written: it ships with the package, beside the README. */
export const MANIFEST_DOC = path.join(ROOT, 'docs', 'manifest.md');

export type Json = Record<string, unknown>;

const MANIFEST_FILE = path.basename(MANIFEST_SCHEMA);

/** One documented place of the manifest: a key, or (`value`) the value of a map whose keys you choose, or an item of a list. */
export interface ManifestKey {
  /** `collections.<name>.file`: keys joined by dots, `<name>` for a key you choose, `[]` for each item of a list. */
  path: string;
  /** The YAML key (the last part of the path), for a key. */
  name?: string;
  role: 'key' | 'value';
  /** The JSON pointer of its schema in the manifest's schema file. */
  pointer: string;
  schema: Json;
  required: boolean;
  /** The top-level key it is under (itself for a top-level key). */
  top: string;
  /** The path of the key whose shape this one shares (`playerComponents` is shaped as `components`). */
  sameAs?: string;
}

/** The schemas in the manifest schema's folder, by file name (`defs.schema.json`). */
export function readSchemas(file = MANIFEST_SCHEMA): Map<string, Json> {
  const dir = path.dirname(file);
  const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'));
  return new Map(files.map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Json]));
}

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a JSON pointer (`/properties/id`). */
export function atPointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Every key of the manifest, in the schema's order, nested keys after their parent. */
export function manifestKeys(schemas = readSchemas()): ManifestKey[] {
  const manifest = schemas.get(MANIFEST_FILE)!;
  const keys: ManifestKey[] = [];
  const defPaths = new Map<string, string>();

  const object = (schema: Json, pointer: string, prefix: string, top: string | undefined): void => {
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, child] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      if (!isObject(child)) continue;
      const keyPath = prefix ? `${prefix}.${name}` : name;
      const key: ManifestKey = {
        path: keyPath,
        name,
        role: 'key',
        pointer: `${pointer}/properties/${name}`,
        schema: child,
        required: required.has(name),
        top: top ?? name,
      };
      keys.push(key);
      key.sameAs = inside(child, key.pointer, keyPath, top ?? name);
    }
    for (const word of ['oneOf', 'anyOf'] as const) {
      const branches = Array.isArray(schema[word]) ? (schema[word] as unknown[]) : [];
      branches.forEach((b, i) => isObject(b) && object(b, `${pointer}/${word}/${i}`, prefix, top));
    }
  };

  /** What a value holds inside: its keys, its items, its map's values. Returns the path already documented for a shared shape. */
  const inside = (schema: Json, pointer: string, at: string, top: string): string | undefined => {
    let s = schema;
    let ptr = pointer;
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#')) {
      const first = defPaths.get(s.$ref);
      if (first) return first;
      defPaths.set(s.$ref, at);
      ptr = s.$ref.slice(1);
      s = atPointer(manifest, ptr) as Json;
    }
    object(s, ptr, at, top);
    if (isObject(s.items)) {
      const item = `${at}[]`;
      if (typeof s.items.description === 'string') keys.push({ path: item, role: 'value', pointer: `${ptr}/items`, schema: s.items, required: false, top });
      inside(s.items, `${ptr}/items`, item, top);
    }
    if (isObject(s.additionalProperties)) {
      const value = `${at}.<${keyTitle(s)}>`;
      const ap = s.additionalProperties;
      if (typeof ap.description === 'string')
        keys.push({ path: value, role: 'value', pointer: `${ptr}/additionalProperties`, schema: ap, required: false, top });
      inside(ap, `${ptr}/additionalProperties`, value, top);
    }
    return undefined;
  };

  object(manifest, '', '', undefined);
  return keys;
}

/** How a map's keys are named in a path: its `propertyNames` title (`<name>`), else `key`. */
function keyTitle(schema: Json): string {
  const names = schema.propertyNames;
  return isObject(names) && typeof names.title === 'string' ? names.title : 'key';
}

/** How a page names a definition a `$ref` points at: in words, and the heading of the section that explains it. */
export type DefLinks = Record<string, { words: string; heading: string }>;

/** The shared definitions (defs.schema.json) a manifest refers to, in words, and the heading of each on the page. */
export const SHARED: DefLinks = {
  id: { words: 'an ID', heading: 'An ID' },
  text: { words: 'a text', heading: 'A text' },
  locale: { words: 'a language tag', heading: 'A language tag' },
  copies: { words: 'a number of copies', heading: 'A number of copies' },
};

/** Patterns the manifest's schema uses, in words. */
const PATTERNS: Record<string, string> = {
  '^[a-z][A-Za-z0-9]*$': 'in camelCase: a lower-case letter, then letters and digits',
  '^[A-Z][A-Za-z0-9]*$': 'a capital letter, then letters and digits',
  '^[A-Za-z_][A-Za-z0-9_]*$': 'letters, digits and `_`, not starting with a digit',
};

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

export const code = (v: unknown): string => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;

/**
 * Turns schemas into words, noting the shared definitions it names. A `$ref`
 * into `inline` (the page's own schema file) is said in place; one to a
 * definition `links` names is a link to the section that explains it.
 */
export class Words {
  readonly shared = new Map<string, { file: string; name: string }>();

  constructor(
    private readonly schemas: Map<string, Json>,
    private readonly links: DefLinks = SHARED,
    private readonly inline: string | undefined = MANIFEST_FILE,
  ) {}

  /** The definition a `$ref` outside the manifest's file names. */
  target(ref: string): { file: string; name: string; schema: Json } | undefined {
    const [file, pointer] = ref.split('#');
    const schema = atPointer(this.schemas.get(path.basename(file ?? '')), pointer ?? '');
    return isObject(schema) ? { file: path.basename(file ?? ''), name: (pointer ?? '').split('/').pop() ?? '', schema } : undefined;
  }

  /** `s` in words; `file` is the schema file it is in (where its `#/...` references point). */
  of(s: Json, file: string): string {
    if (typeof s.$ref === 'string') {
      const ref = s.$ref.startsWith('#') ? `${file}${s.$ref}` : s.$ref;
      const t = this.target(ref);
      if (t && t.file === this.inline) return this.of(t.schema, t.file);
      const known = t && this.links[t.name];
      if (!t || !known) return `as \`${s.$ref}\` defines it`;
      this.shared.set(t.name, t);
      return `[${known.words}](#${anchor(known.heading)})`;
    }
    if ('const' in s) return `exactly ${code(s.const)}`;
    if (Array.isArray(s.enum)) {
      const kinds = new Set(s.enum.map((v) => (typeof v === 'string' ? 'a string' : typeof v === 'number' ? 'a number' : 'a value')));
      return `${kinds.size === 1 ? [...kinds][0] : 'a value'}, one of the allowed values`;
    }
    const alternatives = (s.oneOf ?? s.anyOf) as Json[] | undefined;
    if (Array.isArray(alternatives)) return `either ${alternatives.map((a) => this.of(a, file)).join(', or ')}`;
    const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
    if (types.length > 1) {
      const each = types.map((t) => this.of({ ...s, type: t }, file));
      return `${each.slice(0, -1).join(', ')} or ${each.at(-1)}`;
    }
    const type = types[0] ?? (isObject(s.properties) || isObject(s.additionalProperties) ? 'object' : undefined);
    switch (type) {
      case 'string': {
        const pattern = typeof s.pattern === 'string' ? (PATTERNS[s.pattern] ?? `matching the pattern \`${s.pattern}\``) : undefined;
        const empty = typeof s.minLength === 'number' && s.minLength > 0 ? 'a non-empty string' : 'a string';
        return pattern ? `${empty} (${pattern})` : empty;
      }
      case 'integer':
        return typeof s.minimum === 'number' ? `a whole number, at least ${s.minimum}` : 'a whole number';
      case 'number':
        return 'a number';
      case 'boolean':
        return '`true` or `false`';
      case 'array': {
        const limits = [
          typeof s.minItems === 'number' && s.minItems > 0 ? `at least ${s.minItems} ${s.minItems === 1 ? 'item' : 'items'}` : '',
          s.uniqueItems ? 'no item twice' : '',
        ].filter(Boolean);
        const item = isObject(s.items) ? this.of(s.items, file) : 'any value';
        return `a list${limits.length ? ` (${limits.join(', ')})` : ''}, each item ${item}`;
      }
      case 'object': {
        if (isObject(s.properties)) return `a map with the keys ${Object.keys(s.properties).map(code).join(', ')}`;
        const some = typeof s.minProperties === 'number' && s.minProperties > 0 ? ' (at least one key)' : '';
        const names = isObject(s.propertyNames) ? s.propertyNames : {};
        const keyWords = Object.keys(names).some((k) => k !== 'title' && k !== 'description')
          ? this.of({ type: 'string', ...names }, file)
          : 'a name you choose';
        const value = isObject(s.additionalProperties) ? this.of(s.additionalProperties, file) : 'any value';
        return `a map${some}: each key ${keyWords}, each value ${value}`;
      }
    }
    return 'any value';
  }
}

/** The example as YAML: under its key for a key; short maps and lists on one line, as the bundled games write them. */
function exampleYaml(key: ManifestKey, example: unknown): string {
  return yamlOf(key.role === 'key' ? { [key.name!]: example } : example);
}

/** A value as YAML, its short maps and lists (70 characters or fewer) on one line, as the bundled games write them. */
export function yamlOf(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Map(_, node) {
      if (node !== doc.contents && JSON.stringify(node.toJSON()).length <= 70) node.flow = true;
    },
    Seq(_, node) {
      if (JSON.stringify(node.toJSON()).length <= 70 && node.items.every((i) => isScalar(i) || isMap(i) || isSeq(i))) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true }).trimEnd();
}

export function examplesOf(schema: Json): unknown[] {
  return Array.isArray(schema.examples) ? schema.examples : [];
}

/** The first sentence of a description, or its part before a colon, outside parentheses and code. */
export function firstSentence(text: string): string {
  let depth = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') inCode = !inCode;
    else if (!inCode && c === '(') depth++;
    else if (!inCode && c === ')') depth--;
    else if (!inCode && depth === 0 && (c === '.' || c === ':') && (i + 1 === text.length || text[i + 1] === ' ')) return `${text.slice(0, i)}.`;
  }
  return text;
}

export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** The key's block: heading, description, type, required, default, allowed values, keys and examples. */
function keyBlock(key: ManifestKey, words: Words, manifest: Json, level: number): string[] {
  const s = key.schema;
  const resolved = typeof s.$ref === 'string' && s.$ref.startsWith('#') ? (atPointer(manifest, s.$ref.slice(1)) as Json) : s;
  const lines = [`${'#'.repeat(level)} \`${key.path}\``, ''];
  if (typeof s.description === 'string') lines.push(s.description, '');
  const facts: string[] = [];
  if (key.role === 'key') facts.push(key.required ? '**Required.**' : 'Optional.');
  facts.push(`Type: ${key.sameAs ? `the same as [\`${key.sameAs}\`](#${anchor(key.sameAs)})` : words.of(s, MANIFEST_FILE)}.`);
  if ('default' in s) facts.push(`Default: ${code(s.default)}.`);
  if (Array.isArray(resolved.enum)) facts.push(`Allowed values: ${resolved.enum.map(code).join(', ')}.`);
  const names = resolved.propertyNames;
  if (isObject(names) && typeof names.description === 'string') facts.push(`Keys (\`<${keyTitle(resolved)}>\`): ${names.description}`);
  lines.push(...facts.map((f) => `- ${f}`), '');
  const examples = examplesOf(s);
  if (examples.length) lines.push(examples.length > 1 ? 'Examples:' : 'Example:', '');
  for (const example of examples) lines.push('```yaml', exampleYaml(key, example), '```', '');
  return lines;
}

/** docs/manifest.md, whole. */
export function manifestReference(schemas = readSchemas()): string {
  const manifest = schemas.get(MANIFEST_FILE)!;
  const keys = manifestKeys(schemas);
  const words = new Words(schemas);
  const properties = manifest.properties as Record<string, Json>;
  const required = new Set(manifest.required as string[]);
  const source = path.relative(ROOT, MANIFEST_SCHEMA).split(path.sep).join('/');

  const minimal = new Document(Object.fromEntries([...required].map((k) => [k, examplesOf(properties[k]!)[0]])));
  const body: string[] = [];
  for (const key of keys) body.push(...keyBlock(key, words, manifest, key.path === key.top ? 2 : 3));

  const shared: string[] = [];
  for (const [name, t] of [...words.shared].sort(([a], [b]) => a.localeCompare(b))) {
    const def = words.target(`${t.file}#/$defs/${name}`)!.schema;
    shared.push(`### ${SHARED[name]!.heading}`, '');
    if (typeof def.description === 'string') shared.push(def.description, '');
    shared.push(`- Type: ${words.of(def, t.file)}.`);
    shared.push('');
  }

  return [
    '# The manifest: `game.yaml`',
    '',
    `<!-- generated from ${source} by \`npm run docs:manifest\`: edit the schema's descriptions and examples, not this page -->`,
    '',
    `Every game has one manifest, \`content/<game>/game.yaml\`. ${typeof manifest.description === 'string' ? manifest.description.replace(/^[^,]*, one per game: /, 'It says ') : ''}`,
    'This page lists every key it may hold, nested keys included, with what it means, its type,',
    'whether it is required, and an example. It is written from the schema `rulebook check` holds',
    'the manifest to, so it says what the check accepts; an editor with YAML support shows the same',
    'descriptions as you type (after a build: it writes the editor settings). Rules written as data',
    "(scoring, effects, values) read the manifest's `endState` and `playerState`; their language has",
    'its own reference, [rules.md](rules.md).',
    '',
    'Reading the paths: `players.min` is the key `min` inside `players`; `components[].name` is the key',
    '`name` of each item of the list `components`; `<name>` stands for a key you choose (the name of a',
    'collection). A nested key marked required is required whenever the map it is in is given. Any',
    'value may be written as a placeholder, `{ placeholder: VALUE, note: "To decide: ..." }` (a value',
    'not decided yet, or not printed in the rulebook a game is transcribed from), or a reading,',
    '`{ reading: VALUE, note: "..." }` (a choice made where the text is silent); `rulebook drafts` lists them.',
    '',
    'The smallest manifest gives the required keys:',
    '',
    '```yaml',
    minimal.toString({ lineWidth: 0 }).trimEnd(),
    '```',
    '',
    '## The top-level keys',
    '',
    '| key | | what it is |',
    '| --- | --- | --- |',
    ...Object.entries(properties).map(
      ([k, s]) => `| [\`${k}\`](#${anchor(k)}) | ${required.has(k) ? 'required' : 'optional'} | ${oneLine(firstSentence(String(s.description ?? '')))} |`,
    ),
    '',
    ...body,
    '## Shared types',
    '',
    'Types that other schemas share (a collection\'s entries use them too: `"$ref": "../defs.schema.json#/$defs/text"`).',
    '',
    ...shared,
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(path.dirname(MANIFEST_DOC), { recursive: true });
  writeFileSync(MANIFEST_DOC, manifestReference());
  process.stdout.write(`${path.relative(ROOT, MANIFEST_DOC)}: ${manifestKeys().length} keys of the manifest\n`);
}
