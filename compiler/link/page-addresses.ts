import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { addressClashes } from '../site-addresses.ts';
import type { Game } from '../model.ts';

/**
 * Every collection's site page needs an address of its own
 * (site-addresses.ts): a clash would silently drop a page, so it is an
 * error at the collection's name in game.yaml.
 */
export function checkPageAddresses(game: Game, bag: DiagnosticBag): void {
  for (const clash of addressClashes(game.collections.keys())) {
    const taken = clash.other ? `collection "${clash.other}"'s page` : 'a page the site makes for every game';
    bag.error(
      game.manifestSource.path,
      game.manifestSource.placeOf(`/collections/${clash.collection}`, { key: true }),
      'page-address-taken',
      `collection "${clash.collection}" would have the page ${clash.address}, which is already ${taken}: rename one of them`,
    );
  }
}
