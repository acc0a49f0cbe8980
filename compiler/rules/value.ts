import { num } from './codegen.ts';
import { notAStateField, type RuleProblem } from './check.ts';
import type { StateQuantity, Value } from './dsl.ts';
import type { PlayerStateModel } from '../model.ts';

/** Check a value rule against the player state: counts only, declared keys only. */
export function checkValue(v: Value, state: PlayerStateModel | undefined, pointer = ''): RuleProblem[] {
  if (!state) return [{ pointer, message: 'a value rule needs the game to declare `playerState` in game.yaml', notes: [] }];
  if (typeof v === 'number') return [];
  if (!('op' in v)) return checkQuantity(v, state, pointer);
  switch (v.op) {
    case 'sum':
    case 'max':
      return v.of.flatMap((x, i) => checkValue(x, state, `${pointer}/of/${i}`));
    case 'minus':
      return [...checkValue(v.from, state, `${pointer}/from`), ...checkValue(v.subtract, state, `${pointer}/subtract`)];
    case 'groupsOf':
      return checkValue(v.of, state, `${pointer}/of`);
  }
}

function checkQuantity(q: Exclude<StateQuantity, number>, state: PlayerStateModel, pointer: string): RuleProblem[] {
  const f = state.fields.get(q.field);
  if (!f) return [notAStateField(q.field, 'player', state.fields.keys(), `${pointer}/field`)];
  if (f.kind === 'value') return [{ pointer: `${pointer}/field`, message: `"${q.field}" holds a value, not a count`, notes: [] }];
  return (q.keys ?? [])
    .filter((k) => !f.values.has(k))
    .map((k) => ({ pointer: `${pointer}/keys`, message: `"${k}" is not one of the ${f.declaration}`, notes: [] }));
}

/** Compile a value to a JavaScript expression over the state `s` (runtime.ts helpers in scope). */
export function valueExpression(v: Value): string {
  if (typeof v === 'number') return num(v);
  if (!('op' in v)) return `readCount(s, ${JSON.stringify(v.field)}${v.keys ? `, ${JSON.stringify(v.keys)}` : ''})`;
  switch (v.op) {
    case 'sum':
      return `(${v.of.map(valueExpression).join(' + ')})`;
    case 'max':
      return `Math.max(${v.of.map(valueExpression).join(', ')})`;
    case 'minus':
      return `(${valueExpression(v.from)} - ${valueExpression(v.subtract)})`;
    case 'groupsOf':
      return `Math.floor(${valueExpression(v.of)} / ${num(v.size)})`;
  }
}

/** The value as a formula a reader can check ("fame + ⌊max(0, … − wounds) / 3⌋"). */
export function valueFormula(v: Value): string {
  if (typeof v === 'number') return String(v);
  if (!('op' in v)) return v.keys ? `${v.field}[${v.keys.join(', ')}]` : v.field;
  switch (v.op) {
    case 'sum':
      return v.of.length === 1 ? valueFormula(v.of[0]!) : `(${v.of.map(valueFormula).join(' + ')})`;
    case 'max':
      return `max(${v.of.map(valueFormula).join(', ')})`;
    case 'minus':
      return `${valueFormula(v.from)} − ${bracketedDifference(v.subtract)}`;
    case 'groupsOf':
      return `⌊${bracketedDifference(v.of)} / ${v.size}⌋`;
  }
}

/** A difference where it is divided or subtracted: `(a − b) / 3` and `a − (b − c)`, not `a − b / 3`. A sum brings its own brackets. */
function bracketedDifference(v: Value): string {
  const f = valueFormula(v);
  return typeof v === 'object' && 'op' in v && v.op === 'minus' ? `(${f})` : f;
}
