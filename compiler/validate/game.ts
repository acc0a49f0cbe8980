import { DiagnosticBag, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ValidateFunction } from 'ajv';
import { ID_PATTERN, slug } from '../load/slug.ts';
import { escapePointer, type YamlSource } from '../load/yaml-source.ts';
import type { Collection, FoundRef, Game, RuleSite, Validated, ValidatedRef } from '../model.ts';
import type { SchemaSet } from './schemas.ts';

/**
 * Check the manifest and every entry of every collection against their
 * schemas, give each entry its ID, and return the references the schemas
 * marked with x-ref for the link phase.
 */
export function validateGame(game: Game, schemas: SchemaSet, bag: DiagnosticBag, memo?: ValidationMemo): Validated {
  const refs: ValidatedRef[] = [];
  const rules: RuleSite[] = [];
  const manifestCheck = schemas.validator('game.schema.json', { file: game.manifestSource.path }, bag);
  if (!manifestCheck) return { ok: false, refs, rules };
  // Through `validate` even when the schema holds: it also refuses keys such as `__proto__` in the manifest's free maps.
  const before = bag.errorCount;
  schemas.validate(manifestCheck, game.manifest, game.manifestSource, '', bag);
  if (bag.errorCount > before) return { ok: false, refs, rules };
  checkComponentParts(game, bag);
  for (const collection of game.collections.values()) {
    const check = collection.sources.some((s) => s.ok)
      ? schemas.validator(
          collection.decl.schema,
          { file: game.manifestSource.path, source: game.manifestSource, pointer: `/collections/${collection.name}/schema` },
          bag,
        )
      : undefined;
    // Entries are numbered across the collection's files, in path order: `all` keeps that order.
    let index = 0;
    for (const source of collection.sources) {
      if (!source.ok) continue;
      if (!Array.isArray(source.value)) {
        bag.error(source.path, source.placeOf(''), 'collection-not-a-list', `a collection file must be a YAML sequence of entries (\`- name: ...\`)`);
        collection.complete = false;
        continue;
      }
      for (const item of validateFile(source, collection, check, schemas, bag, memo)) {
        for (const r of item.refs) refs.push({ ...r, file: source.path, source });
        if (item.id === undefined) continue;
        const entry = { id: item.id, index: index++, value: item.value, source, pointer: item.pointer };
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
    if (check)
      for (const r of schemas.validate(check, game.constants.value, game.constants.source, '', bag).refs)
        refs.push({ ...r, file: game.constants.source.path, source: game.constants.source });
  }
  return { ok: true, refs, rules };
}

/** One entry of a file, as validation found it (its ID, the references and rules its schema marks). */
interface ValidEntry {
  /** undefined for an entry with no ID: not part of the collection, though its references are still checked. */
  id: string | undefined;
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
  private readonly files = new WeakMap<YamlSource, { check: ValidateFunction | null; context: string; items: ValidEntry[]; diagnostics: Diagnostic[] }>();

  /** `context`: what else the results depend on (the collection's name and where its IDs come from). */
  get(source: YamlSource, check: ValidateFunction | null, context: string) {
    const hit = this.files.get(source);
    return hit && hit.check === check && hit.context === context ? hit : undefined;
  }

  set(source: YamlSource, check: ValidateFunction | null, context: string, items: ValidEntry[], diagnostics: Diagnostic[]): void {
    this.files.set(source, { check, context, items, diagnostics });
  }
}

/** The entries of one collection file, each checked against the collection's schema. */
function validateFile(
  source: YamlSource,
  collection: Collection,
  check: ValidateFunction | null | undefined,
  schemas: SchemaSet,
  bag: DiagnosticBag,
  memo: ValidationMemo | undefined,
): ValidEntry[] {
  const context = `${collection.name}\0${collection.decl.idFrom ?? ''}`;
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
    const found = check
      ? schemas.validate(check, value, source, pointer, own, entryLabel(collection.name, value, position, collection.decl.idFrom))
      : { refs: [], rules: [] };
    const given = entryId(value, collection.decl.idFrom);
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
          `\`${bad.from}\` gives the ID "${bad.id}", which is not an ID: IDs are written with letters, digits and single hyphens or dots`,
          ['give the entry an `id:` of that form, or take IDs from another field (`idFrom:` in game.yaml)'],
        );
    }
    if (given === undefined || bad) {
      if (given === undefined && !check) own.error(source.path, source.placeOf(pointer), 'entry-no-id', 'an entry needs `name` (or `id`) to get its ID');
      // An entry with no ID has no place in the collection; the references it makes are still checked.
      items.push({ id: undefined, value, pointer, refs: found.refs, rules: [] });
      return;
    }
    items.push({ id: given.id, value, pointer, refs: found.refs, rules: found.rules });
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
function entryLabel(collection: string, value: Record<string, unknown>, index: number, idFrom: string | string[] | undefined): string {
  const field = Array.isArray(idFrom) ? undefined : idFrom;
  const name = value.name;
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

/**
 * An entry's ID and the field it comes from: its own `id`, else the
 * `idFrom` field (taken as is) or fields (each value's slug, joined with
 * `-`), else the slug of its name. undefined when the fields are not there.
 */
function entryId(value: Record<string, unknown>, idFrom: string | string[] | undefined): { id: string; from: string } | undefined {
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
  const name = value.name;
  if (typeof name === 'string') return { id: slug(name), from: 'name' };
  if (name && typeof name === 'object') {
    const first = Object.values(name as Record<string, string>)[0];
    if (typeof first === 'string') return { id: slug(first), from: 'name' };
  }
  return undefined;
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
