import type { Game } from '../model.ts';

/**
 * False when a collection's file is missing or did not read or parse: its
 * entries are unknown, so counts and references that need them would only
 * repeat that file's own error.
 */
export function loaded(game: Game, name: string): boolean {
  return game.collections.get(name)?.complete === true;
}
