// The order in which effects in conflict activate, read from the game's data (Cangaço's "Volante > Igreja > ...").

/** The order in which effects in conflict activate: kinds in a listed order, then the player with the most (or fewest) of a resource. */
export interface EffectOrderSpec<Id extends string = string> {
  readonly order: readonly Id[];
  readonly thenBy: { readonly most?: string; readonly fewest?: string };
  /** Where kinds the order does not list go: before the listed ones, or after (the default). */
  readonly unlisted?: 'first' | 'last';
}

/**
 * The plays in the order their effects activate: by the kinds' order (kinds it
 * does not list come after the listed ones, or first), then by each player's holding
 * of the compared resource, then in the order given. A player the holdings
 * do not give, or give no number for, is refused.
 */
export function orderEffects<P extends { readonly player: number; readonly kind: string }>(
  plays: readonly P[],
  holdings: readonly object[],
  spec: EffectOrderSpec,
): P[] {
  const by = spec.thenBy.most ?? spec.thenBy.fewest ?? '';
  const holding = (player: number): number => {
    const v = (holdings[player] as Record<string, unknown> | undefined)?.[by];
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new TypeError(
        `the holdings must give "${by}" as a number for player index ${player} (item ${player + 1} of the list), got ${JSON.stringify(v) ?? 'nothing'}`,
      );
    return v;
  };
  const rank = (kind: string) => {
    const i = (spec.order as readonly string[]).indexOf(kind);
    return i >= 0 ? i : spec.unlisted === 'first' ? -1 : spec.order.length;
  };
  const sign = spec.thenBy.most !== undefined ? -1 : 1;
  const keyed = plays.map((p, i) => ({ p, i, rank: rank(p.kind), held: holding(p.player) }));
  keyed.sort((a, b) => a.rank - b.rank || sign * (a.held - b.held) || a.i - b.i);
  return keyed.map((k) => k.p);
}
