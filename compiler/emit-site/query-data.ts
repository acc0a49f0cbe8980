import { glossOn } from './glosses.ts';
import { textOf } from '../text.ts';
import type { Collection, Entry, Text } from '../model.ts';
import { collectionSlug } from '../site-addresses.ts';
import { nameFieldOf } from '../validate/game.ts';
import { valueLabel } from './collection-pages.ts';
import { plainWords, type PageContext } from './context.ts';
import { wordsFor } from './i18n.ts';
import { labelsOf, type SchemaPlace } from './labels.ts';
import type { CollectionPlan } from './pages.ts';
import { memoSessionOf } from './render-memo.ts';
import { ruleShownAtTop } from './rules-text.ts';
import { formattedPlain, textFormatAt } from './text-format.ts';
import { ownText, type SiteLanguage } from './translation.ts';
import { declaredName } from './phrases.ts';

/**
 * The data the field queries read in the browser (docs-site/field-search.js,
 * docs-site/field-query.js): `cost<=3`, `faction:anarch`, `-type:ice`.
 *
 * Written per game and locale, beside the pages:
 * - `query.json`, the game's index: each collection's words (its title in
 *   every locale of the game, its name), its titled fields with every word
 *   they answer to (their labels in each locale, their key) and the kind of
 *   value they hold; and the pseudo-fields' words (`kind`, `name`, `text`).
 *   Small: the help panel lists it, and a query's fields are bound with it.
 * - `<collection>.query.json`, by columns (as the filters' entry list): per
 *   field a column of numbers or of indices into the field's values (enums,
 *   references, lists, yes/no), a reference to another collection as the
 *   entry's index there. Fetched on a query's first use of the collection.
 * - `<collection>.query.text.<n>.json`: the entries' IDs, names, pages, rules
 *   text and text fields, in chunks of about TEXT_CHUNK_BUDGET characters,
 *   all fetched only for a query that reads words (a bare word, `name:`,
 *   `text:`, a text field, a reference by name); a result list fetches the
 *   chunks of the entries it shows. At 30,000 cards that is megabytes a query
 *   of numbers and values never downloads.
 *
 * Its own files rather than an extension of `<collection>.entries.json`
 * (collection-pages.ts): that list exists only for a split collection and
 * holds only what the filters need; every collection answers queries, and
 * their text must come in chunks.
 */

/** Characters per chunk file (IDs, names, text): about 150 kB, fetched in a blink; the results shown fetch only their chunks. */
export const TEXT_CHUNK_BUDGET = 150_000;
/** A reference with more values than this is not listed in the help panel (a card's "refers to": 30,000 names). */
const HELP_VALUES = 12;

export type QueryFieldType = 'number' | 'enum' | 'ref' | 'list' | 'text' | 'bool';

/** A field as the game's index describes it. */
export interface QueryField {
  /** Its path in the entry: `cost`, `attack.guns`. */
  key: string;
  /** Its label in the page's locale. */
  label: string;
  /** Every word it answers to: its label in each locale of the game, its key. */
  names: string[];
  type: QueryFieldType;
  /** For the help panel: a few of its values in the page's words (enum, yes/no, a small reference), and how many there are. */
  values?: string[];
  count?: number;
}

interface FieldPlan extends QueryField {
  pointer: string;
  place: SchemaPlace;
  /** The place of a list's items. */
  item?: SchemaPlace;
}

/** What the build writes of one game in one locale: path (relative to the locale's folder) -> contents. */
export function queryFiles(
  plans: ReadonlyMap<string, CollectionPlan>,
  ctx: PageContext,
  titleOf: (c: string) => string,
  languages: readonly SiteLanguage[],
): Map<string, string> {
  const game = ctx.game.linked.game;
  const main = game.manifest.locale;
  const out = new Map<string, string>();
  const collections: unknown[] = [];
  for (const c of game.collections.values()) {
    const plan = plans.get(c.name);
    // The numbered rules and the glossary are drawn as a tree of rules, not as entries with fields.
    if (!plan) continue;
    const fields = fieldsOf(c, ctx, languages);
    const file = `${collectionSlug(c.name)}.query.json`;
    const { data, chunks } = collectionData(c, plan, fields, ctx, plans);
    out.set(file, JSON.stringify(data));
    chunks.forEach((chunk, i) => out.set(chunkFile(c, i), JSON.stringify(chunk)));
    const title = textOf(c.decl.title, main);
    collections.push({
      name: c.name,
      label: titleOf(c.name),
      words: unique([c.name, titleOf(c.name), title, ...languages.map((l) => ownText(title, l))].filter(Boolean)),
      file,
      size: c.entries.length,
      fields: fields.map(({ key, label, names, type, values, count }) => ({ key, label, names, type, ...(values ? { values, count } : {}) })),
    });
  }
  const locales = unique(['en', ...languages.map((l) => l.locale)]);
  const pseudo = (k: 'queryKindWord' | 'queryNameWord' | 'queryTextWord') => unique(locales.map((l) => wordsFor(l)[k]).filter(Boolean));
  out.set(
    'query.json',
    JSON.stringify({ collections, pseudo: { kind: pseudo('queryKindWord'), name: pseudo('queryNameWord'), text: pseudo('queryTextWord') } }),
  );
  return out;
}

function chunkFile(c: Collection, i: number): string {
  return `${collectionSlug(c.name)}.query.text.${i + 1}.json`;
}

/**
 * Whether a site file is field-query data: the game's `<game>/[<locale>/]query.json`, each collection's
 * `<collection>.query.json` and its text chunks (`chunkFile`). `rulebook serve` makes them after a save's pages.
 */
export function isQueryFile(rel: string): boolean {
  return /[./]query(?:\.text\.\d+)?\.json$/.test(rel);
}

const unique = (xs: readonly string[]) => [...new Set(xs)];

/**
 * The collection's titled fields a query can ask: top-level scalars and lists of scalars, and the titled
 * properties one level inside an object (`attack.guns`). Rules (DSL), maps keyed by data and lists of objects are not.
 */
function fieldsOf(c: Collection, ctx: PageContext, languages: readonly SiteLanguage[]): FieldPlan[] {
  const game = ctx.game.linked.game;
  const labels = labelsOf(game, c, ctx.locale);
  const skip = new Set([nameFieldOf(c), 'id', 'examples']);
  // The pointers in the order they first appear. Keyed by the property names as they come (no pointer string made
  // per entry), and the schema asked once per property: this loop visits every value of the collection on each save.
  const pointers: string[] = [];
  const top = new Set<string>();
  const inner = new Map<string, Set<string>>();
  const dsl = new Map<string, boolean>();
  for (const e of c.entries)
    for (const k in e.value) {
      if (skip.has(k)) continue;
      const v = e.value[k];
      let isDsl = dsl.get(k);
      if (isDsl === undefined) dsl.set(k, (isDsl = !!labels.at(`/${k}`).dsl));
      if (v && typeof v === 'object' && !Array.isArray(v) && !isDsl) {
        let seen = inner.get(k);
        if (!seen) inner.set(k, (seen = new Set()));
        for (const i in v)
          if (!seen.has(i)) {
            seen.add(i);
            pointers.push(`/${k}/${i}`);
          }
      } else if (!top.has(k)) {
        top.add(k);
        pointers.push(`/${k}`);
      }
    }
  const out: FieldPlan[] = [];
  for (const pointer of pointers) {
    const place = labels.at(pointer);
    if (!place.title || place.dsl || place.freeKey) continue;
    const key = pointer.slice(1).replace(/\//g, '.');
    const values = c.entries.map((e) => valueAt(e, pointer)).filter((v) => v !== undefined && v !== null);
    if (!values.length) continue;
    const item = values.some(Array.isArray) ? labels.at(`${pointer}/0`) : undefined;
    const type = typeOf(values, place, item);
    if (!type) continue;
    const names = unique([
      ...languages.map((l) => labelsOf(game, c, l.locale).title(pointer) ?? '').filter(Boolean),
      place.title,
      key,
      pointer.split('/').pop()!,
    ]);
    out.push({ key, label: place.title, names, type, pointer, place, ...(item ? { item } : {}) });
  }
  return out;
}

/** A pointer's parts, split once: valueAt runs for every entry and field (at 10,000 cards the splitting was most of its time). */
const pointerParts = new Map<string, readonly string[]>();

function valueAt(e: Entry, pointer: string): unknown {
  let parts = pointerParts.get(pointer);
  if (!parts) pointerParts.set(pointer, (parts = pointer.split('/').slice(1)));
  let v: unknown = e.value;
  for (const part of parts) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** What kind of value a field holds, from the schema (a list of choices, a reference) and its values. */
function typeOf(values: readonly unknown[], place: SchemaPlace, item: SchemaPlace | undefined): QueryFieldType | undefined {
  if (values.some(Array.isArray)) {
    // A list of scalars (tags, keywords); a list of objects (a deck's cards) is not a field a query names.
    const scalars = values.every((v) => Array.isArray(v) && v.every((x) => ['string', 'number', 'boolean'].includes(typeof x)));
    return scalars && (item?.choices || item?.ref || values.every((v) => (v as unknown[]).every((x) => typeof x === 'string'))) ? 'list' : undefined;
  }
  if (values.some((v) => typeof v === 'object')) return undefined;
  if (place.choices) return 'enum';
  if (place.ref) return 'ref';
  if (values.every((v) => typeof v === 'boolean')) return 'bool';
  if (values.every((v) => typeof v === 'number')) return 'number';
  return 'text';
}

type ValueDict =
  | {
      values: string[];
      /** Each value's words in the page's locale, then in the game's other locales (folded by the client). */
      labels: string[][];
    }
  /** A reference to a collection the queries know: the column holds the entry's index there, named by that collection's IDs and names. */
  | { of: string };

/** The rules text of an entry as the page prints it: its `text`, else the sentences of its rules shown above its fields. */
function ruleTextOf(c: Collection, e: Entry, ctx: PageContext): string {
  const text = e.value.text;
  if (typeof text === 'string' || (text && typeof text === 'object' && !Array.isArray(text))) {
    const own = ownText(textOf(text as Text, ctx.locale), ctx.language);
    return formattedPlain(own, textFormatAt(labelsOf(ctx.game.linked.game, c, ctx.locale), '/text'), ctx);
  }
  return ctx.index
    .rules(c.name, e.id)
    .filter((r) => ruleShownAtTop(r, e.value))
    .map((r) => r.text)
    .join(' ');
}

/** The columns of one collection, and its text in chunks. */
function collectionData(
  c: Collection,
  plan: CollectionPlan,
  fields: readonly FieldPlan[],
  ctx: PageContext,
  plans: ReadonlyMap<string, CollectionPlan>,
): { data: unknown; chunks: unknown[] } {
  const entries = c.entries;
  const game = ctx.game.linked.game;
  const columns: Record<string, unknown[]> = {};
  const dicts: Record<string, ValueDict> = {};
  const textFields: FieldPlan[] = [];
  // The values of a field in every locale of the game: an enum's words, a referenced entry's or a declared name.
  const wordsOf = (value: string, place: SchemaPlace | undefined, pointer: string): string[] =>
    unique([valueLabel(value, place, ctx), ...otherLocaleWords(value, place, pointer, c, ctx), value]);
  for (const f of fields) {
    if (f.type === 'text') {
      textFields.push(f);
      continue;
    }
    const raw = entries.map((e) => valueAt(e, f.pointer));
    if (f.type === 'number') {
      columns[f.key] = raw.map((v) => (typeof v === 'number' ? v : null));
      continue;
    }
    const place = f.type === 'list' ? f.item : f.place;
    const placePointer = f.type === 'list' ? `${f.pointer}/0` : f.pointer;
    // A reference to a collection the queries know (a card's "refers to", a printing's pack) is that entry's
    // index there, named by that collection's IDs and names: 30,000 names are not written a second time.
    const target = place?.ref && plans.has(place.ref) ? game.collections.get(place.ref) : undefined;
    if (target) {
      const at = new Map(target.entries.map((e, i) => [e.id, i]));
      const indexOf = (v: unknown) => (v === undefined || v === null ? -1 : (at.get(String(v)) ?? -1));
      columns[f.key] = raw.map((v) => (f.type === 'list' ? (Array.isArray(v) ? v.map(indexOf) : []) : indexOf(v)));
      dicts[f.key] = { of: target.name };
      if (target.entries.length <= HELP_VALUES) {
        f.values = target.entries.map((e) => valueLabel(e.id, place, ctx));
        f.count = target.entries.length;
      }
      continue;
    }
    const dict = { values: [] as string[], labels: [] as string[][] };
    const index = new Map<string, number>();
    const ordered = orderedValues(raw, f, place);
    for (const v of ordered) {
      index.set(v, dict.values.length);
      dict.values.push(v);
      dict.labels.push(
        f.type === 'bool'
          ? unique([v === 'true' ? ctx.words.yes : ctx.words.no, ...(v === 'true' ? ['yes', 'true'] : ['no', 'false'])])
          : wordsOf(v, place, placePointer),
      );
    }
    dicts[f.key] = dict;
    columns[f.key] = raw.map((v) =>
      f.type === 'list'
        ? Array.isArray(v)
          ? v.map((x) => index.get(String(x)) ?? -1)
          : []
        : v === undefined || v === null
          ? -1
          : (index.get(String(v)) ?? -1),
    );
    if (f.type !== 'ref' || ordered.length <= HELP_VALUES) {
      f.values = dict.labels.slice(0, HELP_VALUES).map((l) => l[0]!);
      f.count = ordered.length;
    }
  }
  // IDs, names, pages and text in chunks of about TEXT_CHUNK_BUDGET characters.
  const split = plan.pages.length > 1;
  const chunks: Array<{ ids: string[]; names: string[]; page?: number[]; text: string[]; fields: Record<string, Array<string | null>> }> = [];
  const starts: number[] = [];
  let chunk: (typeof chunks)[number] | undefined;
  let size = 0;
  const textOfEntry = (e: Entry) => {
    const text = ruleTextOf(c, e, ctx);
    // A gloss follows the name as on the entry's heading ("Tocaia (Ambush)"): `ambush` and `name:ambush` find it too.
    const gloss = glossOn(c, e, ctx);
    const name = (plainWords(textOf(e.name, ctx.locale), ctx) || e.id) + (gloss ? ` (${gloss})` : '');
    const own = textFields.map((f) => {
      // The `text` field is the rules text already: not written twice.
      if (f.key === 'text') return null;
      const v = valueAt(e, f.pointer);
      return v === undefined || v === null ? null : plainWords(ownText(typeof v === 'object' ? textOf(v as Text, ctx.locale) : String(v), ctx.language), ctx);
    });
    return { text, name, own };
  };
  // Under `serve`, an entry untouched since the last save keeps its text (render-memo.ts), as it keeps its drawing:
  // at 30,000 cards making every entry's text again was a quarter of a save's render.
  const memo = memoSessionOf(ctx);
  const variant = `query\u0000${textFields.map((f) => f.key).join('\u0000')}`;
  entries.forEach((e, i) => {
    const { text, name, own } = memo ? memo.entryValue(c, e, ctx, variant, () => textOfEntry(e)) : textOfEntry(e);
    const weight = e.id.length + name.length + text.length + own.reduce((n, s) => n + (s?.length ?? 0), 0) + 16;
    if (!chunk || size + weight > TEXT_CHUNK_BUDGET) {
      chunk = {
        ids: [],
        names: [],
        ...(split ? { page: [] } : {}),
        text: [],
        fields: Object.fromEntries(textFields.filter((f) => f.key !== 'text').map((f) => [f.key, []])),
      };
      chunks.push(chunk);
      starts.push(i);
      size = 0;
    }
    chunk.ids.push(e.id);
    chunk.names.push(name);
    chunk.page?.push(plan.pageOf.get(e.id) ?? 0);
    chunk.text.push(text);
    textFields.forEach((f, k) => {
      if (f.key !== 'text') chunk!.fields[f.key]!.push(own[k]!);
    });
    size += weight;
  });
  const pages = plan.pages.map((p) => p.file);
  const data = {
    pages,
    size: entries.length,
    columns,
    dict: dicts,
    text: { files: chunks.map((_, i) => chunkFile(c, i)), starts },
  };
  return { data, chunks };
}

/** A field's values present, in the schema's order for an enum, else as they first appear. */
function orderedValues(raw: readonly unknown[], f: FieldPlan, place: SchemaPlace | undefined): string[] {
  const present = new Set<string>();
  for (const v of raw) {
    if (Array.isArray(v)) for (const x of v) present.add(String(x));
    else if (v !== undefined && v !== null) present.add(String(v));
  }
  const order = f.type === 'bool' ? ['true', 'false'] : (place?.choices ?? []);
  return [...order.filter((v) => present.has(v)), ...[...present].filter((v) => !order.includes(v))];
}

/** A value's words in the game's other locales: the locale file's word for an enum value, a referenced entry's name there, a declared name. */
function otherLocaleWords(value: string, place: SchemaPlace | undefined, pointer: string, c: Collection, ctx: PageContext): string[] {
  const game = ctx.game.linked.game;
  const out: string[] = [];
  const entry = place?.ref ? ctx.index.entry(place.ref, value) : undefined;
  for (const locale of new Set([game.manifest.locale, ...(game.manifest.locales ?? [])])) {
    if (locale === ctx.locale) continue;
    const word = labelsOf(game, c, locale).at(pointer).values?.get(value);
    if (word) out.push(word);
    if (entry) out.push(plainWords(textOf((entry.name ?? entry.value.title) as Text | undefined, locale), ctx));
  }
  const declared = declaredName(ctx.game.linked, value);
  if (declared) out.push(declared);
  return out.filter(Boolean);
}
