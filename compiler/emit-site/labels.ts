import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { displayPath } from '../load/files.ts';
import { declaredLocales, gameLocaleFiles } from '../locales/game-locales.ts';
import type { Collection, Game } from '../model.ts';

/**
 * Labels a reader sees come from the collection's schema: each property's
 * `title` (written in the game's language), never the property's name. A
 * property with no title is data for the engine, not for readers: the site
 * leaves it out unless the collection's template asks for it. In another
 * locale the game declares, a field's label comes from that locale's file
 * (`labels:`, where a translator works), falling back to the schema's title.
 *
 * An enum's values are words too, given the JSON Schema way: a property whose
 * schema is `oneOf` (or `anyOf`) of `{ "const": "single", "title": "Single card" }`
 * (editors such as yaml-language-server show those titles as the value's
 * documentation). A locale file's `values:` gives them in its locale
 * (collection -> field path -> value -> word), falling back to the titles.
 */
type Schema = Record<string, unknown>;

/** What the schema says about a place in an entry. */
export interface SchemaPlace {
  /** The property's title, when it has one. */
  title?: string;
  /** The place is a key of a map whose keys are data (IDs, terrains), not property names. */
  freeKey?: boolean;
  /** The collection a free key names (`propertyNames: { "x-ref": ... }`). */
  keyRef?: string;
  /** The collection whose IDs a string here names (`x-ref`). */
  ref?: string;
  /** The kind of DSL rule the schema puts here (`effect`, `value`, `scoring`), by its $ref into dsl.schema.json. */
  dsl?: string;
  /** The values the place may hold, in the schema's order (as `String(value)`), when it lists them (`enum`, or `const` branches): not free text. */
  choices?: readonly string[];
  /** The reader's word for each value (as `String(value)`): the locale file's `values:`, then the `const` branches' titles. */
  values?: ReadonlyMap<string, string>;
  node?: Schema;
}

/** The schemas/ folder of the project a game lives in (content/<game>/ -> schemas/). */
export function schemasDirOf(game: Game): string {
  return path.resolve(game.dir, '..', '..', 'schemas');
}

const fileCache = new Map<string, { text: string; json: Schema | undefined }>();

/** A schema file, parsed (undefined when it does not read or parse: validation has reported it). */
export function schemaFile(file: string): { text: string; json: Schema | undefined } {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { text, json: undefined };
  }
  const cached = fileCache.get(file);
  if (cached?.text === text) return cached;
  let json: Schema | undefined;
  try {
    json = JSON.parse(text) as Schema;
  } catch {
    json = undefined;
  }
  const read = { text, json };
  fileCache.set(file, read);
  return read;
}

interface Located {
  node: Schema;
  file: string;
}

/** Follow a `$ref` (local `#/...` or a relative file with a fragment); the referring node's own keywords win. */
function resolve(at: Located): Located {
  let { node, file } = at;
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops++) {
    const [target = '', fragment = ''] = (node.$ref as string).split('#');
    const targetFile = target ? path.resolve(path.dirname(file), target) : file;
    let found: unknown = schemaFile(targetFile).json;
    for (const part of fragment.split('/').filter(Boolean)) found = (found as Schema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!found || typeof found !== 'object') break;
    const { $ref: _ref, ...own } = node;
    node = { ...(found as Schema), ...own };
    file = targetFile;
  }
  return { node, file };
}

/** The sub-schemas a value may match: the node itself and the branches of anyOf/oneOf/allOf. */
function branches(at: Located): Located[] {
  const r = resolve(at);
  const out = [r];
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    const list = r.node[k];
    if (Array.isArray(list)) for (const b of list) if (b && typeof b === 'object') out.push(...branches({ node: b as Schema, file: r.file }));
  }
  return out;
}

function child(at: Located, key: string): Located | 'free' | undefined {
  for (const b of branches(at)) {
    const props = b.node.properties as Record<string, Schema> | undefined;
    if (props && Object.hasOwn(props, key)) return { node: props[key]!, file: b.file };
    if (/^\d+$/.test(key)) {
      if (b.node.items && typeof b.node.items === 'object') return { node: b.node.items as Schema, file: b.file };
      const prefix = b.node.prefixItems;
      if (Array.isArray(prefix) && prefix[Number(key)]) return { node: prefix[Number(key)] as Schema, file: b.file };
    }
  }
  for (const b of branches(at)) {
    const extra = b.node.additionalProperties;
    if (extra && typeof extra === 'object') return 'free';
    if (b.node.patternProperties && typeof b.node.patternProperties === 'object') return 'free';
  }
  return undefined;
}

/** The labels of one collection, from its schema file. */
export class CollectionLabels {
  readonly file: string;
  private readonly root: Schema | undefined;
  /** `at` per pointer: every entry of a collection asks the same few questions, and the walk through $refs is the costly part. */
  private readonly places = new Map<string, SchemaPlace>();

  /** Labels of this locale by field path (`attack.guns`), from the game's locale file; they win over the schema's titles. */
  private readonly own: ReadonlyMap<string, string>;
  /** Words of enum values in this locale by field path, then value (the locale file's `values:`); they win over the `const` titles. */
  private readonly ownValues: ReadonlyMap<string, ReadonlyMap<string, string>>;

  constructor(
    schemasDir: string,
    c: Collection,
    own: ReadonlyMap<string, string> = new Map(),
    ownValues: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
  ) {
    this.file = path.join(schemasDir, c.decl.schema);
    this.root = schemaFile(this.file).json;
    this.own = own;
    this.ownValues = ownValues;
  }

  /** What the schema says at a JSON pointer inside an entry (`/attack/guns`, `/cost/0/resource`). */
  at(pointer: string): SchemaPlace {
    let place = this.places.get(pointer);
    if (!place) {
      place = this.walk(pointer);
      this.places.set(pointer, place);
    }
    return place;
  }

  private walk(pointer: string): SchemaPlace {
    if (!this.root) return {};
    let here: Located = { node: this.root, file: this.file };
    let freeKey = false;
    const parts = pointer.split('/').slice(1);
    for (const [i, part] of parts.entries()) {
      const next = child(here, part);
      if (next === 'free') {
        // A free key names data; what lies under it is unknown to the labels. A key the schema marks as a
        // reference (`propertyNames: { x-ref: cards }`, a ban list by card) is shown by the name of what it names.
        const keyRef = branches(here)
          .map((b) => (b.node.propertyNames as Schema | undefined)?.['x-ref'])
          .find((r): r is string => typeof r === 'string');
        return i === parts.length - 1 ? { freeKey: true, ...(keyRef ? { keyRef } : {}) } : {};
      }
      if (!next) return {};
      here = next;
      freeKey = false;
    }
    const all = branches(here);
    // A `const` branch's title names that value, not the field (the place's own node may still be a lone const).
    const title = all
      .filter((b, i) => i === 0 || !Object.hasOwn(b.node, 'const'))
      .map((b) => b.node.title)
      .find((t): t is string => typeof t === 'string' && t.trim() !== '');
    const choices = [
      ...new Set(all.flatMap((b) => (Array.isArray(b.node.enum) ? b.node.enum : Object.hasOwn(b.node, 'const') ? [b.node.const] : []).map(String))),
    ];
    const values = new Map<string, string>();
    for (const b of all) {
      if (Object.hasOwn(b.node, 'const') && typeof b.node.title === 'string' && b.node.title.trim() !== '' && !values.has(String(b.node.const)))
        values.set(String(b.node.const), b.node.title.trim());
    }
    for (const [value, word] of this.ownValues.get(fieldPath(pointer)) ?? []) values.set(value, word);
    const ref = branches(here)
      .map((b) => b.node['x-ref'] ?? (b.node.items as Schema | undefined)?.['x-ref'])
      .find((r): r is string => typeof r === 'string');
    const dsl = typeof here.node.$ref === 'string' ? /dsl\.schema\.json#\/\$defs\/(\w+)$/.exec(here.node.$ref)?.[1] : undefined;
    const label = this.own.get(fieldPath(pointer)) ?? title?.trim();
    return { title: label, freeKey, ref, dsl, node: here.node, ...(choices.length ? { choices } : {}), ...(values.size ? { values } : {}) };
  }

  /** The reader's word for an enum value at a pointer, when the locale file or the schema gives one. */
  valueLabel(pointer: string, value: unknown): string | undefined {
    if (value === null || typeof value === 'object') return undefined;
    return this.at(pointer).values?.get(String(value));
  }

  /** True when this locale's file gives the label at a pointer (else it is the schema's title, in the game's own locale). */
  given(pointer: string): boolean {
    return this.own.has(fieldPath(pointer));
  }

  /** The title of a property at a pointer, if it has one. */
  title(pointer: string): string | undefined {
    return this.at(pointer).title;
  }
}

/** A pointer inside an entry as a locale file's `labels:` key: its property names joined by dots, list positions left out. */
export function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .filter((p) => !/^\d+$/.test(p))
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const labelsCache = new WeakMap<Collection, Map<string, CollectionLabels>>();
/** Each game's labels per locale and collection, read once from its locale files. */
const localeLabelsCache = new WeakMap<Game, Map<string, LocaleLabels>>();

/** What a locale file says of a game's fields: their labels (`labels:`) and their values' words (`values:`), by collection. */
interface LocaleLabels {
  labels: Map<string, Map<string, string>>;
  values: Map<string, Map<string, Map<string, string>>>;
}

/** A game's `labels:` and `values:` per locale. Problems with the files are reported by the rules' compile, so not here. */
function localeFilesLabels(game: Game): Map<string, LocaleLabels> {
  let byLocale = localeLabelsCache.get(game);
  if (!byLocale) {
    byLocale = new Map(
      [...gameLocaleFiles(game, new DiagnosticBag())].map(([tag, f]) => [tag, { labels: f.labels ?? new Map(), values: f.values ?? new Map() }]),
    );
    localeLabelsCache.set(game, byLocale);
  }
  return byLocale;
}

/** A game's `labels:` per locale (collection -> field path -> label). */
function localeLabels(game: Game): Map<string, Map<string, Map<string, string>>> {
  return new Map([...localeFilesLabels(game)].map(([tag, l]) => [tag, l.labels]));
}

/** A game's `values:` in one locale (collection -> field path -> value -> word). */
export function localeValueLabels(game: Game, locale: string): ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, string>>> {
  return localeFilesLabels(game).get(locale)?.values ?? new Map();
}

/** The labels of a collection in a locale (default: the game's own): the locale file's `labels:`, then the schema's titles. */
export function labelsOf(game: Game, c: Collection, locale: string = game.manifest.locale): CollectionLabels {
  let byLocale = labelsCache.get(c);
  if (!byLocale) labelsCache.set(c, (byLocale = new Map()));
  let l = byLocale.get(locale);
  if (!l) {
    const own = localeFilesLabels(game).get(locale);
    l = new CollectionLabels(schemasDirOf(game), c, own?.labels.get(c.name), own?.values.get(c.name));
    byLocale.set(locale, l);
  }
  return l;
}

/** A field readers see that has no label in one of the game's other locales. */
export interface MissingLabel {
  collection: string;
  /** The field's path (`attack.guns`), as `labels:` keys it. */
  field: string;
  locale: string;
  /** The schema file and the property's place in it. */
  file: string;
  place: { start: { line: number; column: number } };
}

/**
 * The fields shown on the site (those an entry gives whose schema property
 * has a title) that a declared locale other than the game's own gives no
 * label for: readers of that locale would see the main locale's title.
 * Counted by `rulebook report` beside the other missing translations.
 */
export function missingLabels(game: Game): MissingLabel[] {
  const main = game.manifest.locale;
  const others = declaredLocales(game).filter((l) => l !== main);
  if (!others.length) return [];
  const own = localeLabels(game);
  const out: MissingLabel[] = [];
  for (const c of game.collections.values()) {
    const labels = labelsOf(game, c, main);
    const shown = new Map<string, string>();
    const visit = (v: unknown, pointer: string): void => {
      // A list's items are labelled by the list's own title: only named properties need labels.
      const item = /\/\d+$/.test(pointer);
      if (pointer && !item && !labels.at(pointer).title) return;
      if (pointer && !item) shown.set(fieldPath(pointer), pointer);
      if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${pointer}/${i}`));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    for (const e of c.entries) visit(e.value, '');
    const text = schemaFile(labels.file).text;
    for (const locale of others) {
      const given = own.get(locale)?.get(c.name);
      for (const [field, pointer] of shown) {
        if (given?.has(field)) continue;
        out.push({
          collection: c.name,
          field,
          locale,
          file: labels.file,
          place: propertyPlace(
            text,
            pointer
              .split('/')
              .filter((p) => p && !/^\d+$/.test(p))
              .pop()!,
          ),
        });
      }
    }
  }
  return out;
}

/** A warning at each shown field's schema property that lacks a label in a declared locale, naming the field and the locale. */
export function warnMissingLabels(root: string, game: Game, bag: DiagnosticBag, sources: Map<string, string>): void {
  for (const m of missingLabels(game)) {
    const shown = displayPath(root, m.file);
    sources.set(shown, schemaFile(m.file).text);
    const file = displayPath(root, path.join(game.dir, 'locales', `${m.locale}.yaml`));
    bag.warning(
      shown,
      m.place,
      'label-missing-locale',
      `${m.collection} "${m.field}" has no ${m.locale} label, so ${m.locale} pages show its ${game.manifest.locale} title`,
      [`add \`${m.field}: ...\` under \`labels: ${m.collection}:\` in ${file}`],
    );
  }
}

/** Where a property is declared in a schema file's text (its key under "properties"), for located warnings. */
export function propertyPlace(text: string, key: string): { start: { line: number; column: number } } {
  const props = text.indexOf('"properties"');
  const at = text.indexOf(JSON.stringify(key) + ':', props < 0 ? 0 : props);
  const loose = at >= 0 ? at : text.indexOf(JSON.stringify(key), props < 0 ? 0 : props);
  const offset = loose >= 0 ? loose : Math.max(0, props);
  const before = text.slice(0, offset).split('\n');
  return { start: { line: before.length, column: before[before.length - 1]!.length + 1 } };
}
