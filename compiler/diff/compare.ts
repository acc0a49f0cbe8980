import { textOf } from '../text.ts';
import type { CheckedGame, Collection, Entry, Text } from '../model.ts';
import { changeWords, examplePlace } from './words.ts';

/**
 * What a change means for the engine package, as semver reads it: `major`
 * breaks code written against the last release (an ID it names is gone, a
 * field it reads is gone or of another type), `minor` adds (an entry, a
 * field), `patch` changes values and text only.
 */
export type Level = 'major' | 'minor' | 'patch';

export type ChangeKind =
  | 'game-added'
  | 'game-removed'
  | 'collection-added'
  | 'collection-removed'
  | 'entry-added'
  | 'entry-removed'
  | 'entry-renamed'
  | 'field-added'
  | 'field-removed'
  | 'type-changed'
  | 'value-changed'
  | 'rule-changed'
  | 'example-changed'
  | 'page-added'
  | 'page-removed'
  | 'page-changed'
  | 'schema-field-added'
  | 'schema-field-removed'
  | 'schema-type-changed';

export interface Change {
  kind: ChangeKind;
  level: Level;
  game: string;
  collection?: string;
  /** The entry's ID (the new one when renamed), or a rules page's name for page-*. */
  id?: string;
  /** The ID before a rename. */
  was?: string;
  /**
   * A rename guessed from a removed and an added entry that are alike (the
   * same fields, most values equal) but not the same: the field changes
   * follow it. Keeping the old ID (`id: <was>`) would make it one entry edited.
   */
  likely?: boolean;
  /** The entry's name as the reader sees it (number and title for a numbered rule). */
  name?: string;
  wasName?: string;
  /** Where in the entry (a JSON pointer such as /scoring/points), for field changes. */
  path?: string;
  /** Before and after: values for a field, the rendered rules text for a rule, paragraphs for a page. */
  before?: unknown;
  after?: unknown;
  /** The field's label as the site shows it ("Coins", "Scoring › Points", "worked example 1 (expected)"), when the schema titles it. */
  label?: string;
  /** Before and after in the game's words (an enum value's word, the name an ID names), when they differ from the values as written. */
  beforeWords?: string;
  afterWords?: string;
  /** file:line of the change (in the working tree; prefixed with the ref for what only the old tree has). */
  at?: string;
}

export interface GameInfo {
  id: string;
  name: string;
  locale: string;
  /** Each collection's title as the site heads it, by collection name. */
  collections: Record<string, string>;
}

export const LEVELS: readonly Level[] = ['major', 'minor', 'patch'];

/** The highest level among changes ('none' when there are none). */
export function levelOf(changes: readonly Change[]): Level | 'none' {
  return LEVELS.find((l) => changes.some((c) => c.level === l)) ?? 'none';
}

/**
 * Each kind of change, once: its semver class for the engine package, the verb
 * the text report reads it by, and the heading release notes give it.
 */
export const KINDS: Record<ChangeKind, { level: Level; verb: string; heading: string }> = {
  'game-added': { level: 'minor', verb: 'added game', heading: 'New game' },
  'game-removed': { level: 'major', verb: 'removed game', heading: 'Game removed' },
  'collection-added': { level: 'minor', verb: 'added collection', heading: 'New collection' },
  'collection-removed': { level: 'major', verb: 'removed collection', heading: 'Collection removed' },
  'entry-added': { level: 'minor', verb: 'added', heading: 'Added' },
  'entry-removed': { level: 'major', verb: 'removed', heading: 'Removed' },
  'entry-renamed': { level: 'major', verb: 'renamed', heading: 'Renamed' },
  'field-added': { level: 'minor', verb: 'added field', heading: 'Field added' },
  'field-removed': { level: 'major', verb: 'removed field', heading: 'Field removed' },
  'type-changed': { level: 'major', verb: 'changed type', heading: 'Type changed' },
  'value-changed': { level: 'patch', verb: 'changed', heading: 'Changed' },
  'rule-changed': { level: 'patch', verb: 'changed rule', heading: 'Rule changed' },
  // A worked example is the rule's test, not the rule: read apart from rules changes.
  'example-changed': { level: 'patch', verb: 'changed worked example', heading: 'Worked example changed' },
  // Rules pages are the site's prose: the engine package does not carry them.
  'page-added': { level: 'patch', verb: 'added page', heading: 'New page' },
  'page-removed': { level: 'patch', verb: 'removed page', heading: 'Page removed' },
  'page-changed': { level: 'patch', verb: 'changed page', heading: 'Page changed' },
  // A collection's schema is its entries' type in the engine package: a property gone or reshaped breaks code that reads it.
  'schema-field-added': { level: 'minor', verb: 'added to the schema', heading: 'Schema' },
  'schema-field-removed': { level: 'major', verb: 'removed from the schema', heading: 'Schema' },
  'schema-type-changed': { level: 'major', verb: 'changed type in the schema', heading: 'Schema' },
};

/** The raw JSON Schema of a collection, by its path under schemas/ (undefined when the tree has none). */
export type SchemaOf = (schemaPath: string) => Record<string, unknown> | undefined;

/** Compare the games of two checked trees; `ref` names the old one in locations. */
export function compareGames(
  before: readonly CheckedGame[],
  after: readonly CheckedGame[],
  ref: string,
  schemas: { before: SchemaOf; after: SchemaOf },
): Change[] {
  const out: Change[] = [];
  const old = new Map(before.map((g) => [g.linked.game.manifest.id, g]));
  const now = new Map(after.map((g) => [g.linked.game.manifest.id, g]));
  for (const [id, g] of now) {
    const o = old.get(id);
    if (!o) out.push(change('game-added', id, { name: gameName(g), at: g.linked.game.manifestSource.path }));
    else out.push(...compareGame(o, g, ref, schemas));
  }
  for (const [id, o] of old) if (!now.has(id)) out.push(change('game-removed', id, { name: gameName(o), at: `${ref}:${o.linked.game.manifestSource.path}` }));
  return out;
}

export function gameInfo(g: CheckedGame): GameInfo {
  const m = g.linked.game.manifest;
  const collections = Object.fromEntries([...g.linked.game.collections.values()].map((c) => [c.name, collectionTitle(c, g)]));
  return { id: m.id, name: textOf(m.name, m.locale), locale: m.locale, collections };
}

function gameName(g: CheckedGame): string {
  return gameInfo(g).name;
}

function change(kind: ChangeKind, game: string, rest: Omit<Change, 'kind' | 'level' | 'game'>): Change {
  return { kind, level: KINDS[kind].level, game, ...rest };
}

function compareGame(o: CheckedGame, g: CheckedGame, ref: string, schemas: { before: SchemaOf; after: SchemaOf }): Change[] {
  const out: Change[] = [];
  const game = g.linked.game.manifest.id;
  const oldCollections = o.linked.game.collections;
  for (const [name, c] of g.linked.game.collections) {
    const oc = oldCollections.get(name);
    if (!oc) out.push(change('collection-added', game, { collection: name, name: collectionTitle(c, g), at: c.sources[0]?.path }));
    else {
      out.push(...compareSchema(game, name, schemas.before(oc.decl.schema), schemas.after(c.decl.schema), `schemas/${c.decl.schema}`));
      out.push(...compareCollection(game, oc, c, o, g, ref));
    }
  }
  for (const [name, oc] of oldCollections) {
    if (!g.linked.game.collections.has(name))
      out.push(
        change('collection-removed', game, { collection: name, name: collectionTitle(oc, o), at: oc.sources[0] ? `${ref}:${oc.sources[0].path}` : undefined }),
      );
  }
  out.push(...comparePages(game, o, g, ref));
  return out;
}

function collectionTitle(c: Collection, g: CheckedGame): string {
  return textOf(c.decl.title, g.linked.game.manifest.locale) || c.name;
}

/** The name a reader knows an entry by: a numbered rule by number and title, anything else by its name. */
export function entryName(e: Entry, locale: string): string {
  const title = textOf((e.name ?? e.value.title) as Text | undefined, locale);
  const number = typeof e.value.number === 'string' ? e.value.number : '';
  return [number, title].filter(Boolean).join(' ') || e.id;
}

function lineAt(e: Entry, pointer = ''): string {
  const place = e.source.placeOf(e.pointer + pointer) ?? e.source.placeOf(e.pointer);
  return `${e.source.path}:${place?.start.line ?? 1}`;
}

/** An entry's content apart from what names it: two entries with the same body are one entry renamed. */
function body(e: Entry): string | undefined {
  const { id: _id, name: _name, ...rest } = e.value;
  return Object.keys(rest).length ? canonical(rest) : undefined;
}

/** An entry's value without what names it: a likely rename already says the name changed. */
function withoutName(value: Record<string, unknown>): Record<string, unknown> {
  const { name: _name, ...rest } = value;
  return rest;
}

/**
 * Two entries alike enough to be one renamed and edited: the same fields
 * (apart from ID and name), and more than half of their values equal. One
 * field that differs in a two-field entry is not enough to tell.
 */
function alike(a: Entry, b: Entry): boolean {
  const { id: _a, name: _an, ...x } = a.value;
  const { id: _b, name: _bn, ...y } = b.value;
  const keys = Object.keys(x);
  if (!keys.length || keys.length !== Object.keys(y).length || !keys.every((k) => k in y)) return false;
  const equal = keys.filter((k) => canonical(x[k]) === canonical(y[k])).length;
  return equal * 2 > keys.length;
}

function compareCollection(game: string, oc: Collection, c: Collection, o: CheckedGame, g: CheckedGame, ref: string): Change[] {
  const out: Change[] = [];
  const oldLocale = o.linked.game.manifest.locale;
  const locale = g.linked.game.manifest.locale;
  const oldById = new Map(oc.entries.map((e) => [e.id, e]));
  const newIds = new Set(c.entries.map((e) => e.id));
  const removed = oc.entries.filter((e) => !newIds.has(e.id));
  const added = c.entries.filter((e) => !oldById.has(e.id));
  // A removed entry and an added one with the same body (all but ID and name) are one entry under a new ID.
  const unmatched = new Map<string, Entry[]>();
  for (const e of removed) {
    const b = body(e);
    if (b !== undefined) unmatched.set(b, [...(unmatched.get(b) ?? []), e]);
  }
  const renamed = new Map<Entry, Entry>();
  for (const e of added) {
    const b = body(e);
    const was = b === undefined ? undefined : unmatched.get(b)?.shift();
    if (was) renamed.set(e, was);
  }
  const renamedFrom = new Set(renamed.values());
  // Then a removed and an added entry that are alike: likely one entry renamed and edited in the same change.
  const likely = new Map<Entry, Entry>();
  for (const e of added) {
    if (renamed.has(e)) continue;
    const was = removed.find((r) => !renamedFrom.has(r) && ![...likely.values()].includes(r) && alike(r, e));
    if (was) likely.set(e, was);
  }
  for (const was of likely.values()) renamedFrom.add(was);
  for (const e of c.entries) {
    const was = renamed.get(e);
    const guess = likely.get(e);
    const prev = guess ?? oldById.get(e.id);
    if (was)
      out.push(
        change('entry-renamed', game, {
          collection: c.name,
          id: e.id,
          was: was.id,
          name: entryName(e, locale),
          wasName: entryName(was, oldLocale),
          at: lineAt(e),
        }),
      );
    else if (!prev) out.push(change('entry-added', game, { collection: c.name, id: e.id, name: entryName(e, locale), at: lineAt(e) }));
    else {
      if (guess)
        out.push(
          change('entry-renamed', game, {
            collection: c.name,
            id: e.id,
            was: guess.id,
            likely: true,
            name: entryName(e, locale),
            wasName: entryName(guess, oldLocale),
            at: lineAt(e),
          }),
        );
      // A likely rename's rules are compiled under each side's own ID.
      const rules = { before: rulesOf(o, c.name, prev.id), after: rulesOf(g, c.name, e.id) };
      const fields: Change[] = [];
      compareValue(guess ? withoutName(prev.value) : prev.value, guess ? withoutName(e.value) : e.value, '', rules, (kind, path, before, after) => {
        fields.push(
          change(examplePlace(path) ? 'example-changed' : kind, game, {
            collection: c.name,
            id: e.id,
            name: entryName(e, locale),
            path,
            before,
            after,
            ...changeWords(g.linked.game, c, path, before, after, o.linked.game, oc),
            at: after === undefined ? `${ref}:${lineAt(prev, path)}` : lineAt(e, path),
          }),
        );
      });
      out.push(...fields);
    }
  }
  for (const e of removed) {
    if (!renamedFrom.has(e))
      out.push(change('entry-removed', game, { collection: c.name, id: e.id, name: entryName(e, oldLocale), at: `${ref}:${lineAt(e)}` }));
  }
  return out;
}

/** The rendered text of each compiled rule of an entry, by its pointer. */
function rulesOf(g: CheckedGame, collection: string, id: string): Map<string, string> {
  return new Map(g.rules.filter((r) => r.collection === collection && r.entryId === id).map((r) => [r.pointer, r.text]));
}

type Report = (kind: ChangeKind, path: string, before: unknown, after: unknown) => void;

/**
 * Walk two values of one entry. Objects are compared key by key, lists of
 * records of one length item by item, other lists and scalars as whole
 * values. A rule (a DSL tree the build compiles) is one value: its change
 * is reported as its rendered text before and after, which is how a
 * designer reads it. The ID is skipped: it is what matched the entries.
 */
function compareValue(a: unknown, b: unknown, path: string, rules: { before: Map<string, string>; after: Map<string, string> }, report: Report): void {
  if (path === '/id') return;
  if (a === undefined && b === undefined) return;
  if (a === undefined) return report('field-added', path, undefined, rules.after.get(path) ?? b);
  if (b === undefined) return report('field-removed', path, rules.before.get(path) ?? a, undefined);
  if (jsonType(a) !== jsonType(b)) return report('type-changed', path, a, b);
  if (rules.before.has(path) || rules.after.has(path)) {
    if (canonical(a) === canonical(b)) return;
    const before = rules.before.get(path);
    const after = rules.after.get(path);
    // The same sentence from another tree (a restructured rule that reads the same) is still a change to the data.
    return before !== undefined && after !== undefined && before !== after ? report('rule-changed', path, before, after) : report('value-changed', path, a, b);
  }
  // A list of records kept in step (worked examples, a map's spaces) is read item by item, so one edit shows as one change.
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && [...a, ...b].some((x) => jsonType(x) === 'object')) {
    a.forEach((x, i) => compareValue(x, b[i], `${path}/${i}`, rules, report));
    return;
  }
  if (jsonType(a) === 'object') {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) compareValue(x[k], y[k], `${path}/${escapePointer(k)}`, rules, report);
    return;
  }
  if (canonical(a) !== canonical(b)) report('value-changed', path, a, b);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A value's JSON type: what a field's type in the engine package follows. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** JSON with object keys sorted, so key order in the YAML never reads as a change. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0)))
      : x,
  );
}

/**
 * Rules pages (Markdown) by their name: added, removed, or changed, with
 * the paragraphs that went and the paragraphs that came.
 */
function comparePages(game: string, o: CheckedGame, g: CheckedGame, ref: string): Change[] {
  const out: Change[] = [];
  const old = new Map(o.linked.game.pages.map((p) => [p.slug, p]));
  const now = new Map(g.linked.game.pages.map((p) => [p.slug, p]));
  for (const [slug, p] of now) {
    const q = old.get(slug);
    if (!q) out.push(change('page-added', game, { id: slug, name: pageTitle(p.text, slug), at: p.path }));
    else if (q.text !== p.text) {
      const before = paragraphs(q.text);
      const after = paragraphs(p.text);
      const gone = before.filter((x) => !after.includes(x));
      const came = after.filter((x) => !before.includes(x));
      // The line where the two texts first differ (a sentence added at a paragraph's end is on that line, not the paragraph's first).
      const line = firstDifferingLine(q.text, p.text);
      out.push(
        change('page-changed', game, {
          id: slug,
          name: pageTitle(p.text, slug),
          before: gone,
          after: came,
          at: `${came.length ? p.path : `${ref}:${q.path}`}:${line}`,
        }),
      );
    }
  }
  for (const [slug, q] of old) if (!now.has(slug)) out.push(change('page-removed', game, { id: slug, name: pageTitle(q.text, slug), at: `${ref}:${q.path}` }));
  return out;
}

function pageTitle(text: string, slug: string): string {
  return /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? slug;
}

function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function firstDifferingLine(before: string, after: string): number {
  const a = before.replace(/\r\n/g, '\n');
  const b = after.replace(/\r\n/g, '\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i).split('\n').length;
}

/** Keywords that document or bound a value without changing its type in the engine package. */
const NOT_SHAPE = new Set([
  'description',
  'title',
  'examples',
  'default',
  '$comment',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
]);

/** A property's schema reduced to what shapes its type (type, $ref, enum, x-ref, items, ...), as canonical JSON. */
function shape(schema: unknown): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([k]) => !NOT_SHAPE.has(k))
        .map(([k, x]) => [k, strip(x)]),
    );
  };
  return canonical(strip(schema));
}

/**
 * The top-level properties of a collection's schema, old and new: a property
 * added, removed, or of another shape (its type, its $ref, its enum, what it
 * refers to). Descriptions and bounds are not the package's types.
 */
function compareSchema(
  game: string,
  collection: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  at: string,
): Change[] {
  if (!before || !after) return [];
  const props = (s: Record<string, unknown>) => (s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, unknown>) : {});
  const [a, b] = [props(before), props(after)];
  const out: Change[] = [];
  for (const key of Object.keys(b)) {
    const path = `/${escapePointer(key)}`;
    if (!(key in a)) out.push(change('schema-field-added', game, { collection, path, after: JSON.parse(shape(b[key])) as unknown, at }));
    else if (shape(a[key]) !== shape(b[key]))
      out.push(
        change('schema-type-changed', game, {
          collection,
          path,
          before: JSON.parse(shape(a[key])) as unknown,
          after: JSON.parse(shape(b[key])) as unknown,
          at,
        }),
      );
  }
  for (const key of Object.keys(a)) {
    if (!(key in b))
      out.push(change('schema-field-removed', game, { collection, path: `/${escapePointer(key)}`, before: JSON.parse(shape(a[key])) as unknown, at }));
  }
  return out;
}
