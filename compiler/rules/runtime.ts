// The helpers compiled rules call, one module per job under runtime/. The compiler runs `examples:` with these
// at build time, and runtime-source.ts joins the same files into the engine package's one runtime module, so the
// build and the package run the same code. What is named here is what compiled rules have in scope.
export { addScores, rankSharePlace, repeatedCount } from './runtime/scoring.ts';
export { changes, gain, lose, moveAll, payEach, readCount, type StateRecord } from './runtime/state.ts';
export { makeMover, type GraphSpec, type Move, type MoveBy, type Mover, type MoverSpec, type Piece, type StepOverride } from './runtime/movement.ts';
export { lookupRow, overridingEntry, valueWithOverride } from './runtime/tables.ts';
export { rankPlayers, type Standing } from './runtime/ranking.ts';
export { parsedState, stateResult, StateError, type StateProblem, type StateResult, type StateValidator, type StateWords } from './runtime/state-check.ts';
export {
  addPoints,
  cardPoints,
  isDraft,
  rankTotals,
  type CardPoints,
  type CardPointsSpec,
  type Draft,
  type DraftNotes,
  type Points,
} from './runtime/points.ts';
export { orderEffects, type EffectOrderSpec } from './runtime/effect-order.ts';
