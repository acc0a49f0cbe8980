import type { CheckedGame } from '../../model.ts';
import { printCollections } from '../../emit-site/print/print-cards.ts';
import type { PrintCollection } from '../../emit-site/print/print-types.ts';

/**
 * Which collections `rulebook print` prints: every one with a `card` declaration, narrowed by --game and
 * --collection. A wrong choice is a usage error said with the choices there are, and a project with nothing to
 * print is told the very line that makes a collection printable.
 */

export type Chosen = { collections: PrintCollection[] } | { usage: string[] };

/** The collections to print: every one with a `card`, narrowed by --game and --collection; a wrong choice is said with the choices. */
export function chooseCollections(games: readonly CheckedGame[], opts: { game?: string; collection?: string }): Chosen {
  const ids = games.map((g) => g.linked.game.manifest.id);
  let scope = games;
  if (opts.game !== undefined) {
    scope = games.filter((g) => g.linked.game.manifest.id === opts.game);
    if (!scope.length) return { usage: [`error: no game "${opts.game}" (games: ${ids.join(', ') || 'none'})`] };
  }
  const withCard = (g: CheckedGame) => Object.entries(g.linked.game.manifest.collections).filter(([, decl]) => decl.card !== undefined);
  if (opts.collection !== undefined) {
    const name = opts.collection;
    const holders = scope.filter((g) => name in g.linked.game.manifest.collections);
    if (!holders.length) {
      const choices = scope.flatMap((g) => withCard(g).map(([c]) => (scope.length > 1 ? `${g.linked.game.manifest.id}/${c}` : c)));
      return {
        usage: [
          `error: no collection "${name}"${opts.game !== undefined ? ` in ${opts.game}` : ''} (collections with a card size: ${choices.join(', ') || 'none'})`,
        ],
      };
    }
    const printable = holders.filter((g) => g.linked.game.manifest.collections[name]?.card !== undefined);
    if (!printable.length) {
      const which = holders.map((g) => `${g.linked.game.manifest.id}'s ${name}`).join(' and ');
      return { usage: noCardAdvice(`${which} has no card size, so it cannot be printed.`, name) };
    }
    return { collections: printable.flatMap((g) => printCollections(g, { collection: name })) };
  }
  const printable = scope.filter((g) => withCard(g).length);
  if (!printable.length) {
    const example = scope.flatMap((g) => Object.keys(g.linked.game.manifest.collections))[0] ?? 'cards';
    const whose = opts.game !== undefined ? `no collection of ${opts.game}` : 'no collection';
    return { usage: noCardAdvice(`${whose} has a card size, so there is nothing to print.`, example) };
  }
  return { collections: printable.flatMap((g) => printCollections(g)) };
}

/** How to give a collection a card size, with the very line to add to game.yaml. */
function noCardAdvice(problem: string, collection: string): string[] {
  return [
    `error: ${problem}`,
    `Give the collection a card size in game.yaml, under collections -> ${collection}:`,
    '    card: { size: poker }',
    '(named sizes: poker 63×88 mm, bridge 56×87, mini 44×63, tarot 70×120, square 70×70; or [width, height] in mm)',
  ];
}
