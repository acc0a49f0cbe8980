import { DiagnosticBag, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ValidateFunction } from 'ajv';
import { ID_PATTERN, slug } from '../load/slug.ts';
import { escapePointer } from '../load/yaml-source.ts';
import { isTableSource } from '../load/csv-source.ts';
import { TableRowMemo, typeTable } from './table-values.ts';
import type { Collection, Entry, FoundRef, Game, LoadedCollection, LoadedGame, RuleSite, SourceFile, Text, Validated, FoundRefs } from '../model.ts';
import { SCHEMA_BASE, type Retire, type SchemaSet } from './schemas.ts';
import { defaultUpgrades, retiredKey, retiredMessage, retiredOp, type Upgrades } from '../upgrades.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';

/**
 * Check the manifest and every entry of every collection against their
 * schemas, give each entry its ID and display name, and return the game
 * with its entries (a new object: load's stays as load gave it) and the
 * references and rules the schemas marked, for link and rules. An unknown
 * manifest key or rule `op` that `upgrades` lists as retired says what to
 * write instead (see upgrades.ts).
 */
export function validateGame(
  loaded: LoadedGame,
  schemas: SchemaSet,
  bag: DiagnosticBag,
  memo?: ValidationMemo,
  upgrades: Upgrades = defaultUpgrades(),
): Validated {
  const refs: FoundRefs[] = [];
  const rules: RuleSite[] = [];
  const collections = new Map<string, Collection>([...loaded.collections].map(([name, c]) => [name, { ...c, entries: [] }]));
  const game: Game = { ...loaded, collections };
  const manifestCheck = schemas.validator('game.schema.json', { file: game.manifestSource.path }, bag);
  if (!manifestCheck) return { ok: false, game, refs, rules };
  // Through `validate` even when the schema holds: it also refuses keys such as `__proto__` in the manifest's free maps.
  const before = bag.errorCount;
  schemas.validate(manifestCheck, game.manifest, game.manifestSource, '', bag, undefined, retireFor(upgrades, 'manifest'));
  if (bag.errorCount > before) return { ok: false, game, refs, rules };
  checkComponentParts(game, bag);
  for (const collection of collections.values()) {
    const check = collection.sources.some((s) => s.ok)
      ? schemas.validator(
          collection.decl.schema,
          { file: game.manifestSource.path, source: game.manifestSource, pointer: `/collections/${collection.name}/schema` },
          bag,
        )
      : undefined;
    // With a role naming no field, every entry would lack its ID or name: that one error is said, not one per entry,
    // and the collection counts as incomplete so references into it are not reported either.
    const rolesOk = check ? checkRoleFields(game, collection, schemas, bag) : true;
    if (!rolesOk) collection.complete = false;
    // A table's cells are text until typed by the schema at their field (validate/table-values.ts).
    for (const source of collection.sources) if (isTableSource(source) && source.ok) typeTable(source, collection, schemas, bag, memo?.tables);
    // Entries are numbered across the collection's files, in path order: `all` keeps that order.
    let index = 0;
    for (const source of collection.sources) {
      if (!source.ok) continue;
      if (!Array.isArray(source.value)) {
        // Said in the file's own syntax: a JSON file holding one object is as much a mistake as a YAML map.
        const list = source.path.endsWith('.json') ? '`[{ "name": ... }, ...]`' : '`- name: ...`';
        bag.error(source.path, source.placeOf(''), 'collection-not-a-list', `a collection file must be a list of entries (${list})`);
        collection.complete = false;
        continue;
      }
      for (const item of validateFile(source, collection, check, schemas, bag, memo, rolesOk, retireFor(upgrades, 'entries'))) {
        if (item.refs.length) refs.push({ source, refs: item.refs });
        if (item.id === undefined) continue;
        const entry: Entry = {
          id: item.id,
          name: item.name,
          copies: copiesOf(collection, item.value),
          index: index++,
          value: item.value,
          source,
          pointer: item.pointer,
        };
        collection.entries.push(entry);
        for (const r of item.rules) rules.push({ collection: collection.name, entry, kind: r.kind, pointer: r.pointer });
      }
    }
  }
  if (game.constants && game.manifest.constants) {
    const check = schemas.validator(
      game.manifest.constants.schema,
      { file: game.manifestSource.path, source: game.manifestSource, pointer: '/constants/schema' },
      bag,
    );
    if (check) refs.push({ source: game.constants.source, refs: schemas.validate(check, game.constants.value, game.constants.source, '', bag).refs });
  }
  return { ok: true, game, refs, rules };
}

/** What validation says of an unknown key (of game.yaml only) or `op` that a newer rulebook retired. */
function retireFor(upgrades: Upgrades, what: 'manifest' | 'entries'): Retire | undefined {
  if (!upgrades.retired.length) return undefined;
  return (found) => {
    const form =
      found.kind === 'key'
        ? what === 'manifest'
          ? retiredKey(found.pointer, upgrades)
          : undefined
        : found.tag === 'op'
          ? retiredOp(found.value, upgrades)
          : undefined;
    return form && retiredMessage(form, upgrades);
  };
}

/** One entry of a file, as validation found it (its ID, the references and rules its schema marks). */
interface ValidEntry {
  /** undefined for an entry with no ID: not part of the collection, though its references are still checked. */
  id: string | undefined;
  name: Text | undefined;
  value: Record<string, unknown>;
  pointer: string;
  refs: FoundRef[];
  rules: Array<{ kind: string; pointer: string }>;
}

/**
 * Validation results kept between runs in one process (`rulebook serve`):
 * a file parsed once (load/parse-cache.ts gives back the same source for the
 * same text) and checked by the same compiled schema is not validated again.
 * A WeakMap, so a source no longer read takes its results with it.
 */
export class ValidationMemo {
  /** Table files' typed rows, kept by their cells' texts (table-values.ts). */
  readonly tables = new TableRowMemo();
  private readonly files = new WeakMap<
    SourceFile,
    { check: ValidateFunction | null; context: string; value: unknown; items: ValidEntry[]; diagnostics: Diagnostic[] }
  >();

  /** `context`: what else the results depend on (the collection's name and where its IDs come from); a table typed again has a new value. */
  get(source: SourceFile, check: ValidateFunction | null, context: string) {
    const hit = this.files.get(source);
    return hit && hit.check === check && hit.context === context && hit.value === source.value ? hit : undefined;
  }

  set(source: SourceFile, check: ValidateFunction | null, context: string, items: ValidEntry[], diagnostics: Diagnostic[]): void {
    this.files.set(source, { check, context, value: source.value, items, diagnostics });
  }

  /**
   * Entries kept by their value object, for a file parsed anew whose entries' values load/entry-reparse.ts gave back
   * as they were (a save that changed one card of a 10,000-card file): only entries that said nothing, as what an
   * entry says names places, which the save may have moved.
   */
  private readonly entries = new WeakMap<object, { check: ValidateFunction | null; context: string; pointer: string; item: ValidEntry }>();

  entry(value: object, check: ValidateFunction | null, context: string, pointer: string): ValidEntry | undefined {
    const hit = this.entries.get(value);
    return hit && hit.check === check && hit.context === context && hit.pointer === pointer ? hit.item : undefined;
  }

  setEntry(value: object, check: ValidateFunction | null, context: string, item: ValidEntry): void {
    this.entries.set(value, { check, context, pointer: item.pointer, item });
  }
}

/** The entries of one collection file, each checked against the collection's schema. */
function validateFile(
  source: SourceFile,
  collection: LoadedCollection,
  check: ValidateFunction | null | undefined,
  schemas: SchemaSet,
  bag: DiagnosticBag,
  memo: ValidationMemo | undefined,
  rolesOk = true,
  retire?: Retire,
): ValidEntry[] {
  const nameField = nameFieldOf(collection);
  const context = `${collection.name}\0${collection.decl.idFrom ?? ''}\0${nameField}\0${rolesOk}`;
  const known = memo?.get(source, check ?? null, context);
  if (known) {
    bag.items.push(...known.diagnostics);
    return known.items;
  }
  const own = memo ? new DiagnosticBag() : bag;
  const items: ValidEntry[] = [];
  (source.value as unknown[]).forEach((raw, position) => {
    const pointer = `/${position}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      own.error(source.path, source.placeOf(pointer), 'entry-not-a-map', 'an entry must be a map of fields');
      return;
    }
    const value = raw as Record<string, unknown>;
    const kept = memo?.entry(value, check ?? null, context, pointer);
    if (kept) {
      items.push(kept);
      return;
    }
    const errorsBefore = own.errorCount;
    const saidBefore = own.items.length;
    const found = check
      ? schemas.validate(check, value, source, pointer, own, entryLabel(collection.name, value[nameField], value, position, collection.decl.idFrom), retire)
      : { refs: [], rules: [] };
    const name = displayName(value[nameField]);
    const given = entryId(value, collection.decl.idFrom, nameField, name);
    // One ID pattern, whatever the ID comes from (an `id:` is also checked by its schema, so only derived IDs here).
    const bad = given && given.from !== 'id' && !ID_PATTERN.test(given.id) ? given : undefined;
    if (bad) {
      const where = source.placeOf(`${pointer}/${escapePointer(bad.from)}`);
      if (bad.id === '')
        own.error(
          source.path,
          where,
          'entry-no-id',
          `the name gives no ID (an ID is made of its letters a–z and digits, and it has none): give the entry an \`id:\``,
        );
      else
        own.error(
          source.path,
          where,
          'id-invalid',
          `\`${bad.from}\` gives the ID "${bad.id}", which is not an ID: IDs are written with letters, digits and single hyphens, dots or underscores`,
          ['give the entry an `id:` of that form, or take IDs from another field (`idFrom:` in game.yaml)'],
        );
    }
    if (given === undefined || bad) {
      // An entry the schema refused is reported there already; one it accepts with no name would vanish unsaid. A
      // table whose header lacks the field said so once (csv-header-missing-field), not once per row.
      const idField = typeof collection.decl.idFrom === 'string' ? collection.decl.idFrom : nameField;
      const saidOnce = isTableSource(source) && source.reported.missingFields.has(idField);
      if (given === undefined && rolesOk && own.errorCount === errorsBefore && !saidOnce)
        own.error(source.path, source.placeOf(pointer), 'entry-no-id', `an entry needs \`${idField}\` (or \`id\`) to get its ID`);
      // An entry with no ID has no place in the collection; the references it makes are still checked.
      items.push({ id: undefined, name, value, pointer, refs: found.refs, rules: [] });
      return;
    }
    const item = { id: given.id, name, value, pointer, refs: found.refs, rules: found.rules };
    items.push(item);
    if (own.items.length === saidBefore) memo?.setEntry(value, check ?? null, context, item);
  });
  if (memo) {
    memo.set(source, check ?? null, context, items, own.items);
    bag.items.push(...own.items);
  }
  return items;
}

/**
 * How messages name an entry: its collection and display name
 * (`cordel "Nonato e o Bode Silas"`), else the field its ID comes from, its
 * `id`, or its place in the file (`cards [3]`) when it has none of them.
 */
function entryLabel(collection: string, name: unknown, value: Record<string, unknown>, index: number, idFrom: string | string[] | undefined): string {
  const field = Array.isArray(idFrom) ? undefined : idFrom;
  const display =
    typeof name === 'string'
      ? name
      : name && typeof name === 'object' && !Array.isArray(name) && typeof Object.values(name)[0] === 'string'
        ? (Object.values(name)[0] as string)
        : field && (typeof value[field] === 'string' || typeof value[field] === 'number')
          ? String(value[field])
          : typeof value.id === 'string'
            ? value.id
            : undefined;
  return display === undefined || display.trim() === '' ? `${collection} [${index}]` : `${collection} ${JSON.stringify(display)}`;
}

/** The field that holds a collection's display names (`fields: { name: title }`), `name` by default. */
export function nameFieldOf(collection: LoadedCollection): string {
  const field = collection.decl.fields?.name;
  return typeof field === 'string' && field ? field : 'name';
}

/** The field that holds how many copies of an entry the game has (`fields: { copies: quantity }`), `copies` by default. */
export function copiesFieldOf(collection: LoadedCollection): string {
  const field = collection.decl.fields?.copies;
  return typeof field === 'string' && field ? field : 'copies';
}

/** How many copies of an entry the game holds: its copies field when that is a whole number, else one. */
export function copiesOf(collection: LoadedCollection, value: Record<string, unknown>): number {
  const n = value[copiesFieldOf(collection)];
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 1;
}

/** The display name as a text (a string, or a map of locale to string); anything else is no name. */
function displayName(value: unknown): Text | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')) return value as Text;
  return undefined;
}

/**
 * An entry's ID and the field it comes from: its own `id`, else the
 * `idFrom` field (taken as is) or fields (each value's slug, joined with
 * `-`), else the slug of its display name. undefined when the fields are not there.
 */
function entryId(
  value: Record<string, unknown>,
  idFrom: string | string[] | undefined,
  nameField: string,
  name: Text | undefined,
): { id: string; from: string } | undefined {
  if (typeof value.id === 'string') return { id: value.id, from: 'id' };
  const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  if (typeof idFrom === 'string') {
    const v = scalar(value[idFrom]);
    return v === undefined ? undefined : { id: v, from: idFrom };
  }
  if (Array.isArray(idFrom)) {
    const parts = idFrom.map((f) => scalar(value[f]));
    return parts.every((p) => p !== undefined) ? { id: parts.map((p) => slug(p!)).join('-'), from: idFrom[0]! } : undefined;
  }
  if (typeof name === 'string') return { id: slug(name), from: nameField };
  const first = name ? Object.values(name)[0] : undefined;
  return typeof first === 'string' ? { id: slug(first), from: nameField } : undefined;
}

/**
 * A role (`fields: { name: title }`) must name a property of the
 * collection's schema: a misspelt name field would leave every entry
 * nameless, and each would then be reported on its own.
 */
function checkRoleFields(game: Game, collection: Collection, schemas: SchemaSet, bag: DiagnosticBag): boolean {
  const schema = schemas.resolveRef(collection.decl.schema, SCHEMA_BASE)?.schema;
  const properties = schema && typeof schema.properties === 'object' && schema.properties ? Object.keys(schema.properties) : undefined;
  if (!properties || schema?.additionalProperties !== false) return true;
  const idFrom = collection.decl.idFrom;
  // Where IDs come from is a role too: a misspelt `idFrom` would leave every entry without an ID.
  const named: Array<[string, string, unknown]> = [
    ...Object.entries(collection.decl.fields ?? {}).map(([role, field]): [string, string, unknown] => [`fields.${role}`, `fields/${role}`, field]),
    ...(Array.isArray(idFrom)
      ? idFrom.map((f, i): [string, string, unknown] => ['idFrom', `idFrom/${i}`, f])
      : idFrom
        ? [['idFrom', 'idFrom', idFrom] as [string, string, unknown]]
        : []),
  ];
  let ok = true;
  for (const [what, pointer, field] of named) {
    if (typeof field !== 'string' || properties.includes(field)) continue;
    ok = false;
    const hint = closest(field, properties);
    bag.error(
      game.manifestSource.path,
      game.manifestSource.placeOf(`/collections/${escapePointer(collection.name)}/${pointer}`),
      'role-field-unknown',
      `collection "${collection.name}": \`${what}\` names "${field}", which is not a field of ${collection.decl.schema}`,
      hint ? [`did you mean "${hint}"?`] : [`its fields: ${properties.join(', ')}`],
      hintOf(hint, properties),
    );
  }
  return ok;
}

/** A component printed as parts (30 of each resource) must add up to its count. */
function checkComponentParts(game: Game, bag: DiagnosticBag): void {
  for (const key of ['components', 'playerComponents'] as const) {
    (game.manifest[key] ?? []).forEach((component, i) => {
      const parts = component.parts;
      if (!Array.isArray(parts)) return;
      const sum = parts.reduce((n, p) => n + (typeof p.count === 'number' ? p.count : 0), 0);
      if (sum !== component.count) {
        bag.error(
          game.manifestSource.path,
          game.manifestSource.placeOf(`/${key}/${i}/count`),
          'component-parts',
          `the parts of "${String(component.name)}" add up to ${sum}, not ${component.count}`,
        );
      }
    });
  }
}
