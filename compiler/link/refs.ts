import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import type { Entry, FoundRefs, Game } from '../model.ts';
import { textOf } from '../text.ts';
import { nameFieldOf } from '../validate/game.ts';
import { entriesById } from './entry-index.ts';
import { loaded } from './loaded.ts';
import { renamedIdNotes } from './renamed.ts';
import { unknownId } from './unknown-id.ts';

/** The IDs a reference to `target` may name: looked up in a set, listed only for a miss's "did you mean". */
interface TargetIds {
  has(id: string): boolean;
  list(): string[];
}

function idsOf(game: Game, declarations: Map<string, string[]>, target: string): TargetIds | undefined {
  const collection = game.collections.get(target);
  const roles = game.manifest.roles;
  if (collection && roles?.rules === target && roles.glossary) {
    // Glossary entries are numbered rules too: a reference to 16.6.5 may land on one.
    const glossaryNumbers = (game.collections.get(roles.glossary)?.entries ?? []).map((e) => e.value.number).filter((n): n is string => typeof n === 'string');
    return listed([...collection.entries.map((e) => e.id), ...glossaryNumbers]);
  }
  if (collection) {
    // The collection's index (entry-index.ts), shared with the unique-ID check and the site.
    const byId = entriesById(collection.entries);
    let list: string[] | undefined;
    return { has: (id) => byId.has(id), list: () => (list ??= collection.entries.map((e) => e.id)) };
  }
  const declared = declarations.get(target);
  return declared && listed(declared);
}

function listed(list: string[]): TargetIds {
  const set = new Set(list);
  return { has: (id) => set.has(id), list: () => list };
}

const SUGGEST_LIMIT = 200;

/**
 * A reference that misses every ID but equals another field of an entry
 * (`core`, the `code` of pack "Core Set") usually means the data names its
 * entries by that field: say so, and how to make it the ID. Each target's
 * fields are indexed once, on its first miss.
 */
function otherFieldNote(
  game: Game,
  target: string,
  value: string,
  index: Map<string, Map<string, { field: string; entry: Entry }>>,
  refFields: ReadonlySet<string>,
): string | undefined {
  const collection = game.collections.get(target);
  if (!collection) return undefined;
  let values = index.get(target);
  if (!values) {
    values = new Map();
    // The display name is not a key (names repeat), so a reference matching one is not told to declare it.
    const nameField = nameFieldOf(collection);
    for (const entry of collection.entries) {
      for (const [field, v] of Object.entries(entry.value)) {
        // A field that is itself a reference (`beats: lampiao-`) names another entry, not this one.
        if (
          field === 'id' ||
          field === nameField ||
          (typeof v !== 'string' && typeof v !== 'number') ||
          refFields.has(`${entry.source.path}#${entry.pointer}/${field}`)
        )
          continue;
        if (!values.has(String(v))) values.set(String(v), { field, entry });
      }
    }
    index.set(target, values);
  }
  const found = values.get(value);
  if (!found) return undefined;
  const name = textOf(found.entry.name) || found.entry.id;
  return `"${value}" is the \`${found.field}\` of ${target} "${name}": if the data names ${target} by their \`${found.field}\`, declare \`idFrom: ${found.field}\` on the collection "${target}" in game.yaml`;
}

/** Every `x-ref` string found by validation names an entry of its target (or a declared value). */
export function resolveRefs(game: Game, declarations: Map<string, string[]>, found: readonly FoundRefs[], bag: DiagnosticBag): void {
  const roles = game.manifest.roles;
  let suggested = 0;
  const unknownTargets = new Set<string>();
  const byField = new Map<string, Map<string, { field: string; entry: Entry }>>();
  let refPlaces: Set<string> | undefined;
  const refFields = () => (refPlaces ??= new Set(found.flatMap(({ source, refs }) => refs.map((r) => `${source.path}#${r.pointer}`))));
  // What each target allows, found once per target, not once per reference (30,000 of them on each save at 30,000
  // cards): whether its references are left unchecked, and its IDs, listed once and looked up in a Set.
  const targets = new Map<string, { skip: boolean; ids: TargetIds | undefined }>();
  const targetOf = (target: string) => {
    let t = targets.get(target);
    if (!t) {
      const skip =
        (game.collections.has(target) && !loaded(game, target)) ||
        // References to rules may land on numbered glossary entries (see idsOf).
        (roles?.rules === target && !!roles.glossary && game.collections.has(roles.glossary) && !loaded(game, roles.glossary));
      targets.set(target, (t = { skip, ids: skip ? undefined : idsOf(game, declarations, target) }));
    }
    return t;
  };
  for (const { source, refs } of found)
    for (const ref of refs) {
      const { skip, ids } = targetOf(ref.target);
      if (skip || ids?.has(ref.value)) continue;
      const place = source.placeOf(ref.pointer, { key: ref.key });
      if (!ids) {
        // One wrong `x-ref` in a schema is one mistake: said once, at its first reference, with what it likely meant.
        if (unknownTargets.has(ref.target)) continue;
        unknownTargets.add(ref.target);
        const options = [...game.collections.keys(), ...declarations.keys()];
        const hint = closest(ref.target, options);
        bag.error(
          source.path,
          place,
          'ref-target-unknown',
          `the schema says this names an entry of "${ref.target}" (its \`x-ref\`), but the game has no collection or declaration "${ref.target}"`,
          [
            hint ? `did you mean "${hint}"? correct the schema's "x-ref": "${ref.target}"` : `collections and declarations: ${options.join(', ') || 'none'}`,
            'every value the schema marks so is left unchecked until then',
          ],
          hintOf(hint, options),
        );
        continue;
      }
      const renamed = renamedIdNotes(game, ref.target, ref.value);
      if (renamed.length) bag.error(source.path, place, 'ref-renamed', `unknown ${ref.target} ID "${ref.value}"`, renamed);
      // "Did you mean" compares with every ID: past the first few hundred misses (one wrong setting can break
      // every reference of a 30,000-card game) the search would cost more than the answer is worth.
      else
        unknownId(
          bag,
          source.path,
          place,
          ref.target,
          ref.value,
          ids.list(),
          suggested++ < SUGGEST_LIMIT,
          otherFieldNote(game, ref.target, ref.value, byField, refFields()),
        );
    }
}
