import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import type { Game } from '../model.ts';

/**
 * The names a `cardPoints`, `rankByTotal` or `order` table uses must name
 * what the game has (end-state fields of the right kind, entries, other
 * tables, a key of `constants`): otherwise the engine package's function
 * would read nothing and answer 0.
 */
export function checkScoreTables(game: Game, bag: DiagnosticBag): void {
  const m = game.manifest;
  const at = (p: string) => game.manifestSource.placeOf(p);
  const unknown = (pointer: string, what: string, value: string, known: readonly string[]) => {
    const hint = closest(value, [...known]);
    bag.error(
      game.manifestSource.path,
      at(pointer),
      'manifest-name',
      `unknown ${what} "${value}"`,
      hint ? [`did you mean "${hint}"?`] : known.length ? [`known: ${known.join(', ')}`] : [],
      hintOf(hint, [...known]),
    );
  };
  const fields = Object.entries(m.endState?.fields ?? {});
  const lists = fields.filter(([, f]) => f.kind === 'list').map(([n]) => n);
  const listsOrFlags = fields.filter(([, f]) => f.kind !== 'count').map(([n]) => n);
  for (const [name, table] of Object.entries(m.tables ?? {})) {
    const p = `/tables/${name}`;
    const ids = game.collections.get(table.collection)?.entries.map((e) => e.id) ?? [];
    if (table.kind === 'cardPoints') {
      for (const key of ['singles', 'sets'] as const) {
        const field = table[key];
        if (field === undefined)
          bag.error(game.manifestSource.path, at(p), 'manifest-name', `a \`cardPoints\` table needs \`${key}\`: the end-state list it reads`, [
            `end-state lists: ${lists.join(', ') || 'none'}`,
          ]);
        else if (!lists.includes(field)) unknown(`${p}/${key}`, 'end-state list', field, lists);
      }
      for (const [id, field] of Object.entries(table.counted ?? {})) {
        if (ids.length && !ids.includes(id)) unknown(`${p}/counted`, `${table.collection} entry`, id, ids);
        if (!listsOrFlags.includes(field))
          unknown(`${p}/counted/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'end-state list or flag', field, listsOrFlags);
      }
      const d = table.doubling;
      if (d && ids.length && !ids.includes(d.by)) unknown(`${p}/doubling/by`, `${table.collection} entry`, d.by, ids);
      if (d && !lists.includes(d.choices)) unknown(`${p}/doubling/choices`, 'end-state list', d.choices, lists);
    }
    if (table.kind === 'rankByTotal') {
      const cardTables = Object.entries(m.tables ?? {})
        .filter(([, t]) => t.kind === 'cardPoints')
        .map(([n]) => n);
      (table.add ?? []).forEach((t, i) => {
        if (!cardTables.includes(t)) unknown(`${p}/add/${i}`, '`cardPoints` table', t, cardTables);
      });
    }
    if (table.kind === 'order') {
      const constants = (game.constants?.value ?? {}) as Record<string, unknown>;
      const keys = Object.keys(constants).filter((k) => Array.isArray((constants[k] as { order?: unknown } | null)?.order));
      if (!keys.includes(table.constant ?? '')) unknown(`${p}/constant`, 'order in `constants`', table.constant ?? '', keys);
    }
  }
}
