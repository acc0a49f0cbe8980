import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { slug } from '../load/slug.ts';
import type { Entry, Game } from '../model.ts';
import type { FoundRef, SchemaSet } from './schemas.ts';

export interface ValidatedRef extends FoundRef {
  file: string;
  source: Entry['source'];
}

/** A DSL rule inside an entry: which collection and entry, and its pointer relative to the entry. */
export interface RuleSite {
  collection: string;
  entry: Entry;
  kind: string;
  pointer: string;
}

export interface Validated {
  /** False when the manifest itself is malformed: nothing after validation can trust it. */
  ok: boolean;
  refs: ValidatedRef[];
  rules: RuleSite[];
}

/**
 * Check the manifest and every entry of every collection against their
 * schemas, give each entry its ID, and return the references the schemas
 * marked with x-ref for the link phase.
 */
export function validateGame(game: Game, schemas: SchemaSet, bag: DiagnosticBag): Validated {
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
    const source = collection.source;
    if (!source || !source.ok) continue;
    if (!Array.isArray(source.value)) {
      bag.error(source.path, source.placeOf(''), 'collection-not-a-list', `a collection file must be a YAML sequence of entries (\`- name: ...\`)`);
      continue;
    }
    const check = schemas.validator(collection.decl.schema, { file: game.manifestSource.path, source: game.manifestSource, pointer: `/collections/${collection.name}/schema` }, bag);
    source.value.forEach((raw, index) => {
      const pointer = `/${index}`;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        bag.error(source.path, source.placeOf(pointer), 'entry-not-a-map', 'an entry must be a map of fields');
        return;
      }
      const value = raw as Record<string, unknown>;
      const found = check ? schemas.validate(check, value, source, pointer, bag, entryLabel(collection.name, value, index, collection.decl.idFrom)) : { refs: [], rules: [] };
      for (const r of found.refs) refs.push({ ...r, file: source.path, source });
      const id = entryId(value, collection.decl.idFrom);
      if (id === undefined) {
        if (!check) bag.error(source.path, source.placeOf(pointer), 'entry-no-id', 'an entry needs `name` (or `id`) to get its ID');
        return;
      }
      const entry = { id, index, value, source, pointer };
      collection.entries.push(entry);
      for (const r of found.rules) rules.push({ collection: collection.name, entry, kind: r.kind, pointer: r.pointer });
    });
  }
  if (game.constants && game.manifest.constants) {
    const check = schemas.validator(game.manifest.constants.schema, { file: game.manifestSource.path, source: game.manifestSource, pointer: '/constants/schema' }, bag);
    if (check) for (const r of schemas.validate(check, game.constants.value, game.constants.source, '', bag).refs) refs.push({ ...r, file: game.constants.source.path, source: game.constants.source });
  }
  return { ok: true, refs, rules };
}

/**
 * How messages name an entry: its collection and display name
 * (`cordel "Nonato e o Bode Silas"`), else the field its ID comes from, its
 * `id`, or its place in the file (`cards [3]`) when it has none of them.
 */
function entryLabel(collection: string, value: Record<string, unknown>, index: number, idFrom: string | undefined): string {
  const name = value.name;
  const display =
    typeof name === 'string' ? name
    : name && typeof name === 'object' && !Array.isArray(name) && typeof Object.values(name)[0] === 'string' ? (Object.values(name)[0] as string)
    : idFrom && (typeof value[idFrom] === 'string' || typeof value[idFrom] === 'number') ? String(value[idFrom])
    : typeof value.id === 'string' ? value.id
    : undefined;
  return display === undefined || display.trim() === '' ? `${collection} [${index}]` : `${collection} ${JSON.stringify(display)}`;
}

function entryId(value: Record<string, unknown>, idFrom: string | undefined): string | undefined {
  if (typeof value.id === 'string') return value.id;
  if (idFrom) {
    const v = value[idFrom];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  }
  const name = value.name;
  if (typeof name === 'string') return slug(name);
  if (name && typeof name === 'object') {
    const first = Object.values(name as Record<string, string>)[0];
    if (typeof first === 'string') return slug(first);
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
        bag.error(game.manifestSource.path, game.manifestSource.placeOf(`/${key}/${i}/count`), 'component-parts', `the parts of "${String(component.name)}" add up to ${sum}, not ${component.count}`);
      }
    });
  }
}
