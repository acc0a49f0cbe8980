/**
 * The rules DSL: a closed vocabulary of tagged operations. These types are
 * the source of truth; compiler/schemas/dsl.schema.json is checked against them by a
 * test (test/dsl-schema.test.ts), and every switch over `op` is exhaustive.
 */

/** A number read from one player's end state. */
export type Quantity =
  | { field: string; phrase?: string }
  | { count: string; where?: string; phrase?: string }
  | { distinct: string; phrase?: string }
  | { repeated: string; note?: string; phrase?: string }
  | { flag: string; phrase?: string }
  | { min: Quantity[]; phrase?: string }
  | { groupsOf: number; of: Quantity; phrase?: string };

export type TiePolicy = 'share-place';

/** Points for each player, computed from all players' end states. */
export type Scoring =
  | { op: 'rank'; by: Quantity; order: 'most' | 'fewest'; awards: number[]; ties: TiePolicy }
  | { op: 'per'; points: number; each: Quantity }
  | { op: 'if'; has: Quantity; points: number }
  | { op: 'sum'; of: Scoring[] };

export type ScoringOp = Scoring['op'];
export const SCORING_OPS: readonly ScoringOp[] = ['rank', 'per', 'if', 'sum'];
export const QUANTITY_KINDS = ['field', 'count', 'distinct', 'repeated', 'flag', 'min', 'groupsOf'] as const;
export type QuantityKind = (typeof QUANTITY_KINDS)[number];

export function quantityKind(q: Quantity): QuantityKind {
  for (const kind of QUANTITY_KINDS) if (kind in q) return kind;
  throw new Error(`not a quantity: ${JSON.stringify(q)}`);
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}

/** A number read from one player's state during play: a literal, a count, or a keyed count summed over keys (all keys when none). */
export type StateQuantity = number | { field: string; keys?: string[] };

export type Condition = { atLeast: number; of: StateQuantity } | { all: Condition[] } | { field: string; in: string[] };

export interface Amount {
  field: string;
  amount: number;
}

/** A change to one player's state: what an event, a card or a space does to the player facing it. */
export type Effect =
  | { op: 'none' }
  | { op: 'payEach'; each: StateQuantity; cost: Amount; shortfall: Amount & { subject?: 'you' } }
  | { op: 'lose'; field: string; amount: number }
  | { op: 'gain'; field: string; amount: number }
  | { op: 'gainEach'; each: StateQuantity; gain: Amount[] }
  | { op: 'unless'; check: Condition; do: Effect }
  | { op: 'when'; check: Condition; do: Effect }
  | { op: 'moveAll'; from: { field: string; keys?: string[] }; to: { field: string } }
  | { op: 'all'; do: Effect[] };

export type EffectOp = Effect['op'];
export const EFFECT_OPS: readonly EffectOp[] = ['none', 'payEach', 'lose', 'gain', 'gainEach', 'unless', 'when', 'moveAll', 'all'];

/** A number computed from one player's state (final scoring). `text` keeps the rulebook's sentence for a term. */
export type Value =
  | StateQuantity
  | { op: 'sum'; of: Value[]; text?: string }
  | { op: 'minus'; from: Value; subtract: Value; text?: string }
  | { op: 'max'; of: Value[]; text?: string }
  | { op: 'groupsOf'; size: number; of: Value; text?: string };

export type ValueOp = Extract<Value, { op: string }>['op'];
export const VALUE_OPS: readonly ValueOp[] = ['sum', 'minus', 'max', 'groupsOf'];
