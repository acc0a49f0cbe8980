import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrintCollection, PrintedCard } from '../compiler/emit-site/print/print-types.ts';
import { fixtureProject } from './helpers.ts';

/**
 * A throwaway copy of the `duel` fixture game with its Trophy cards given a print size: four entries, one of them
 * with `copies: 2` (five printed cards), one with drafted values (a placeholder flavour text and points). With
 * `back`, a back template that writes "Back of <name>" on each card, so a test can find where each back lands.
 */
export async function printableDuel(options: { size?: string; back?: boolean } = {}): Promise<string> {
  const root = await fixtureProject('duel', {
    'content/duel/game.yaml': (t) => t.replace('    type: TrophyCard\n', `    type: TrophyCard\n    card: { size: ${options.size ?? 'poker'} }\n`),
  });
  if (options.back) await writeFile(path.join(root, 'content/duel/templates/trophies.back.hbs'), 'Back of {{name}}\n');
  return root;
}

/** The five Trophy cards in collection order, copies expanded, as their faces name them. */
export const DUEL_CARDS = ['The Lantern Race', 'The Counting House', 'The Counting House', 'The Crown Jewel', 'The Banner Parade'];

/** A made-up collection of `count` distinct poker cards ("Card 1", ...; one copy each), for layout tests that need no game. */
export function madeUpCollection(count: number, extra: Partial<PrintCollection> = {}): PrintCollection {
  const cards: PrintedCard[] = Array.from({ length: count }, (_, i) => ({
    id: `card-${i + 1}`,
    name: `Card ${i + 1}`,
    copy: 1,
    copies: 1,
    faceHtml: `<h2>Card ${i + 1}</h2>`,
    drafts: [],
  }));
  return {
    game: 'demo',
    gameName: 'Demo',
    collection: 'cards',
    title: 'Cards',
    locale: 'en',
    size: { widthMm: 63, heightMm: 88, bleedMm: 3, named: 'poker' },
    sizeIsReading: false,
    cards,
    hasBack: false,
    problems: [],
    ...extra,
  };
}
