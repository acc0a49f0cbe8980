import { num } from './codegen.ts';
import { assertNever, type Condition, type Effect, type StateQuantity } from './dsl.ts';

/**
 * Compile an effect to a JavaScript function expression `(s) => s'` over one
 * player's state, using the helpers of runtime.ts (see codegen.ts for why
 * the same text serves the build and generated/). Field names and keys
 * are emitted as JSON strings and numbers through `num`: content never
 * becomes code.
 */
export function effectExpression(effect: Effect, stateType?: string): string {
  // With a state type, parameters are annotated so the generated TypeScript type-checks under --strict;
  // without one, the same code is plain JavaScript for the build's own runs.
  const s = stateType ? `(s: ${stateType})` : '(s)';
  const sub = (e: Effect) => effectExpression(e, stateType);
  switch (effect.op) {
    case 'none':
      return `${s} => s`;
    case 'payEach':
      return `${s} => payEach(s, ${quantity(effect.each)}, ${JSON.stringify(effect.cost.field)}, ${num(effect.cost.amount)}, ${JSON.stringify(effect.shortfall.field)}, ${num(effect.shortfall.amount)})`;
    case 'lose':
      return `${s} => lose(s, ${JSON.stringify(effect.field)}, ${num(effect.amount)})`;
    case 'gain':
      return `${s} => gain(s, ${JSON.stringify(effect.field)}, ${num(effect.amount)})`;
    case 'gainEach': {
      const n = stateType ? '(n: number)' : '(n)';
      const body = effect.gain.reduce((acc, g) => `gain(${acc}, ${JSON.stringify(g.field)}, ${num(g.amount)} * n)`, 's');
      return `${s} => (${n} => ${body})(${quantity(effect.each)})`;
    }
    case 'unless':
      return `${s} => (${condition(effect.check)} ? s : (${sub(effect.do)})(s))`;
    case 'when':
      return `${s} => (${condition(effect.check)} ? (${sub(effect.do)})(s) : s)`;
    case 'moveAll':
      return `${s} => moveAll(s, ${JSON.stringify(effect.from.field)}, ${effect.from.keys ? JSON.stringify(effect.from.keys) : 'undefined'}, ${JSON.stringify(effect.to.field)})`;
    case 'all':
      return `${s} => [${effect.do.map(sub).join(', ')}].reduce((acc, f) => f(acc), s)`;
    default:
      return assertNever(effect);
  }
}

function quantity(q: StateQuantity): string {
  if (typeof q === 'number') return num(q);
  return `readCount(s, ${JSON.stringify(q.field)}${q.keys ? `, ${JSON.stringify(q.keys)}` : ''})`;
}

function condition(c: Condition): string {
  if ('atLeast' in c) return `${quantity(c.of)} >= ${num(c.atLeast)}`;
  if ('all' in c) return `(${c.all.map(condition).join(' && ')})`;
  return `${JSON.stringify(c.in)}.includes(String(s[${JSON.stringify(c.field)}]))`;
}
