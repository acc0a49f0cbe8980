import { writeFile } from 'node:fs/promises';
import path from 'node:path';
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
