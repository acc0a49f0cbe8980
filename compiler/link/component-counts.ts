import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Game } from '../model.ts';
import { textOf } from '../text.ts';
import { loaded } from './loaded.ts';
import { unknownId } from './unknown-id.ts';

/** Each component that names a collection counts as many entries (or copies) as the manifest gives. */
export function checkComponentCounts(game: Game, bag: DiagnosticBag): void {
  const lists: Array<['components' | 'playerComponents', NonNullable<Game['manifest']['components']>]> = [
    ['components', game.manifest.components ?? []],
    ['playerComponents', game.manifest.playerComponents ?? []],
  ];
  for (const [key, list] of lists) {
    list.forEach((component, i) => {
      if (!component.collection) return;
      const place = game.manifestSource.placeOf(`/${key}/${i}/collection`);
      const collection = game.collections.get(component.collection);
      if (!collection) {
        unknownId(bag, game.manifestSource.path, place, 'collection', component.collection, [...game.collections.keys()]);
        return;
      }
      if (!loaded(game, collection.name)) return;
      const where = Object.entries(component.where ?? {});
      const counted = collection.entries.filter((e) => where.every(([k, v]) => e.value[k] === v));
      const described = counted.reduce((n, e) => n + e.copies, 0);
      if (described === component.count) return;
      const subset = where.length ? ` (${where.map(([k, v]) => `${k} ${String(v)}`).join(', ')})` : '';
      const message = `${textOf(component.name)}: the manifest gives ${component.count}, the collection "${component.collection}"${subset} describes ${described}`;
      if (component.gap)
        bag.warning(game.manifestSource.path, game.manifestSource.placeOf(`/${key}/${i}/count`), 'component-count', message, [`known gap: ${component.gap}`]);
      else bag.error(game.manifestSource.path, game.manifestSource.placeOf(`/${key}/${i}/count`), 'component-count', message);
    });
  }
}
