import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import { typeNameOfDeclaration } from '../names.ts';
import { checkScoreTables } from './score-tables.ts';
import { checkTypeNames } from './type-names.ts';
import type { Game } from '../model.ts';

/**
 * The names the manifest uses to tie its parts together (a table's
 * collection, an end-state list's values, a player-state field's type) must
 * name something the game has: otherwise the engine package would be built
 * over nothing.
 */
export function checkManifestNames(game: Game, declarations: Map<string, string[]>, bag: DiagnosticBag): void {
  const m = game.manifest;
  const file = game.manifestSource.path;
  const at = (p: string) => game.manifestSource.placeOf(p);
  const collections = [...game.collections.keys()];
  const unknown = (pointer: string, what: string, value: string, known: string[]) => {
    const hint = closest(value, known);
    bag.error(
      file,
      at(pointer),
      'manifest-name',
      `unknown ${what} "${value}"`,
      hint ? [`did you mean "${hint}"?`] : known.length ? [`known: ${known.join(', ')}`] : [],
      hintOf(hint, known),
    );
  };
  for (const [name, table] of Object.entries(m.tables ?? {})) {
    if (!game.collections.has(table.collection)) unknown(`/tables/${name}/collection`, 'collection', table.collection, collections);
    const rows = game.collections.get(table.collection)?.entries.map((e) => e.id) ?? [];
    if (table.kind === 'ranking' && game.collections.has(table.collection) && !rows.includes(table.entry ?? ''))
      unknown(`/tables/${name}/entry`, `${table.collection} entry`, table.entry ?? '', rows);
    const o = table.overriddenBy;
    if (o && !game.collections.has(o.collection)) unknown(`/tables/${name}/overriddenBy/collection`, 'collection', o.collection, collections);
  }
  for (const [name, mover] of Object.entries(m.movers ?? {})) {
    const o = mover.overriddenBy;
    if (o && !game.collections.has(o.collection)) unknown(`/movers/${name}/overriddenBy/collection`, 'collection', o.collection, collections);
  }
  for (const [name, graph] of Object.entries(m.graphs ?? {})) {
    if (graph.kinds && !declarations.has(graph.kinds)) unknown(`/graphs/${name}/kinds`, 'declaration', graph.kinds, [...declarations.keys()]);
    if (graph.slots && !game.collections.has(graph.slots.collection))
      unknown(`/graphs/${name}/slots/collection`, 'collection', graph.slots.collection, collections);
  }
  for (const [name, field] of Object.entries(m.endState?.fields ?? {})) {
    if (field.of && !declarations.has(field.of) && !game.collections.has(field.of))
      unknown(`/endState/fields/${name}/of`, 'declaration or collection', field.of, [...declarations.keys(), ...collections]);
    if (field.resource && !(declarations.get('resources') ?? []).includes(field.resource))
      unknown(`/endState/fields/${name}/resource`, 'resource', field.resource, declarations.get('resources') ?? []);
  }
  checkScoreTables(game, bag);
  checkTypeNames(game, bag);
  const types = new Map([...declarations.keys()].map((d) => [typeNameOfDeclaration(d), d]));
  (m.playerState ?? []).forEach((f, i) => {
    if (f.type === 'count') return;
    const by = /^countBy(.+)$/.exec(f.type);
    const typeName = by ? by[1]! : f.type.charAt(0).toUpperCase() + f.type.slice(1);
    if (!types.has(typeName))
      unknown(`/playerState/${i}/type`, 'field type', f.type, [
        'count',
        ...[...types.keys()].flatMap((t) => [`countBy${t}`, t.charAt(0).toLowerCase() + t.slice(1)]),
      ]);
  });
}
