import { closest, hintOf } from '../diagnostics/suggest.ts';
import { notAStateField, type RuleProblem } from './check.ts';
import { assertNever, type Condition, type Effect, type StateQuantity } from './dsl.ts';
import type { PlayerField, PlayerStateModel } from '../model.ts';

/** Check that an effect reads and changes only declared player-state fields, each of the right kind, with declared keys. */
export function checkEffect(effect: Effect, state: PlayerStateModel | undefined, pointer = ''): RuleProblem[] {
  if (!state) return [{ pointer, message: 'an effect needs the game to declare `playerState` in game.yaml', notes: [] }];
  const field = (name: string, at: string, kinds: PlayerField['kind'][]): RuleProblem[] => {
    const f = state.fields.get(name);
    if (!f) return [notAStateField(name, 'player', state.fields.keys(), at)];
    return kinds.includes(f.kind) ? [] : [{ pointer: at, message: `"${name}" is a ${f.kind} field; here a ${kinds.join(' or ')} field is needed`, notes: [] }];
  };
  const keys = (name: string, values: readonly string[] | undefined, at: string): RuleProblem[] => {
    const f = state.fields.get(name);
    if (!f || !values) return [];
    return values.flatMap((v, i) => {
      if (f.values.has(v)) return [];
      const hint = closest(v, f.values.keys());
      return [
        {
          pointer: `${at}/${i}`,
          message: `"${v}" is not one of the ${f.declaration ?? 'declared values'} (${[...f.values.keys()].join(', ')})`,
          notes: hint ? [`did you mean "${hint}"?`] : [],
          ...hintOf(hint, f.values.keys()),
        },
      ];
    });
  };
  const quantity = (q: StateQuantity, at: string): RuleProblem[] =>
    typeof q === 'number' ? [] : [...field(q.field, `${at}/field`, q.keys ? ['countBy'] : ['count', 'countBy']), ...keys(q.field, q.keys, `${at}/keys`)];
  const condition = (c: Condition, at: string): RuleProblem[] => {
    if ('atLeast' in c) return quantity(c.of, `${at}/of`);
    if ('all' in c) return c.all.flatMap((x, i) => condition(x, `${at}/all/${i}`));
    return [...field(c.field, `${at}/field`, ['value']), ...keys(c.field, c.in, `${at}/in`)];
  };
  switch (effect.op) {
    case 'none':
      return [];
    case 'payEach':
      return [
        ...quantity(effect.each, `${pointer}/each`),
        ...field(effect.cost.field, `${pointer}/cost/field`, ['count']),
        ...field(effect.shortfall.field, `${pointer}/shortfall/field`, ['count']),
      ];
    case 'lose':
    case 'gain':
      return field(effect.field, `${pointer}/field`, ['count']);
    case 'gainEach':
      return [...quantity(effect.each, `${pointer}/each`), ...effect.gain.flatMap((g, i) => field(g.field, `${pointer}/gain/${i}/field`, ['count']))];
    case 'unless':
    case 'when':
      return [...condition(effect.check, `${pointer}/check`), ...checkEffect(effect.do, state, `${pointer}/do`)];
    case 'moveAll':
      return [
        ...field(effect.from.field, `${pointer}/from/field`, ['count', 'countBy']),
        ...keys(effect.from.field, effect.from.keys, `${pointer}/from/keys`),
        ...field(effect.to.field, `${pointer}/to/field`, ['count']),
      ];
    case 'all':
      return effect.do.flatMap((e, i) => checkEffect(e, state, `${pointer}/do/${i}`));
    default:
      return assertNever(effect);
  }
}
