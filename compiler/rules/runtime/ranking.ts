// The final standing: players ranked by score and the game's tie-breakers.

import { readCount, type StateRecord } from './state.ts';

/** One player's place in a ranking: places are shared when the score and every tie-breaker are equal. */
export interface Standing {
  /** The player's index in the list of states given (0 for the first; a problem message calls that player "player 1"). */
  readonly player: number;
  /** 1 for the winner; players who share a place share its number, and the places they fill are skipped. */
  readonly place: number;
  readonly score: number;
}

/**
 * Players in order: highest score first, then each tie-breaker in turn
 * (`{ fewest: field }` or `{ most: field }` of the state); players equal on
 * all of them share a place (the rulebook's "share the victory").
 */
export function rankPlayers<S extends StateRecord>(
  states: readonly S[],
  score: (s: S) => number,
  tieBreakers: ReadonlyArray<{ readonly fewest?: string; readonly most?: string }>,
): Standing[] {
  const keys = states.map((s) => [score(s), ...tieBreakers.map((t) => (t.most ? readCount(s, t.most) : -readCount(s, t.fewest ?? '')))]);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] ?? 0) - (a[i] ?? 0);
    return 0;
  };
  const order = states.map((_, i) => i).sort((a, b) => compare(keys[a]!, keys[b]!) || a - b);
  return order.map((player) => ({ player, place: 1 + order.filter((o) => compare(keys[o]!, keys[player]!) < 0).length, score: keys[player]![0]! }));
}
