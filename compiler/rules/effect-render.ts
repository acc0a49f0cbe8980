import Handlebars from 'handlebars';
import { assertNever, type Condition, type Effect, type StateQuantity } from './dsl.ts';
import type { PlayerStateModel } from './player-state.ts';
import { effectsEn } from './templates/effects-en.ts';

const hb = Handlebars.create();
// Lists as the rulebook prints them: "Caatinga and Sertão", "Sertão, Serra, or City".
hb.registerHelper('andList', (xs: string[]) => joinList(xs, 'and'));
hb.registerHelper('orList', (xs: string[]) => joinList(xs, 'or'));
hb.registerHelper('plural', (n: number, one: string, many: string) => (n === 1 ? one : many));
const t = Object.fromEntries(Object.entries(effectsEn).map(([k, v]) => [k, hb.compile(v, { noEscape: true, strict: false })])) as Record<keyof typeof effectsEn, HandlebarsTemplateDelegate>;

function joinList(xs: readonly string[], word: string): string {
  if (xs.length <= 1) return xs.join('');
  if (xs.length === 2) return `${xs[0]} ${word} ${xs[1]}`;
  return `${xs.slice(0, -1).join(', ')}, ${word} ${xs.at(-1)}`;
}

/** Render an effect as rules text from the same tree the engine runs. */
export function renderEffect(effect: Effect, state: PlayerStateModel): string {
  return sentence(effect, state);
}

function phrase(state: PlayerStateModel, field: string, name: string, context: Record<string, unknown> = {}): string {
  const template = state.fields.get(field)?.phrases[name];
  if (!template) return `${field}`;
  return hb.compile(template, { noEscape: true })(context);
}

function valueNames(state: PlayerStateModel, field: string, keys: readonly string[]): string[] {
  const f = state.fields.get(field);
  return keys.map((k) => f?.values.get(k) ?? k);
}

function amount(state: PlayerStateModel, field: string, n: number): string {
  return phrase(state, field, 'amount', { n, one: n === 1 });
}

function eachPhrase(state: PlayerStateModel, q: StateQuantity): string {
  if (typeof q === 'number') return String(q);
  return phrase(state, q.field, 'each', { keys: q.keys ? valueNames(state, q.field, q.keys) : undefined });
}

function checkText(state: PlayerStateModel, c: Condition): string {
  if ('atLeast' in c) {
    const q = c.of;
    const noun = typeof q === 'number' ? '' : phrase(state, q.field, c.atLeast === 1 ? 'noun' : 'nounPlural');
    return t.atLeast({ n: c.atLeast, noun });
  }
  if ('all' in c) return c.all.map((x) => checkText(state, x)).join(' and ');
  return phrase(state, c.field, 'when', { values: valueNames(state, c.field, c.in) });
}

function sentence(e: Effect, state: PlayerStateModel): string {
  switch (e.op) {
    case 'none':
      return t.none({});
    case 'payEach':
      return t.payEach({
        cost: amount(state, e.cost.field, e.cost.amount),
        units: eachPhrase(state, e.each),
        shortfall: amount(state, e.shortfall.field, e.shortfall.amount),
        unit: typeof e.each === 'number' ? '' : phrase(state, e.each.field, 'unit'),
        you: e.shortfall.subject === 'you',
      });
    case 'lose':
      return t.loseSentence({ amount: amount(state, e.field, e.amount) });
    case 'gain':
      return t.gainSentence({ amount: amount(state, e.field, e.amount) });
    case 'gainEach':
      return t.gainEach({ amounts: e.gain.map((g) => amount(state, g.field, g.amount)), units: eachPhrase(state, e.each) });
    case 'unless':
      return t.unless({ check: checkText(state, e.check), do: clause(e.do, state) });
    case 'when':
      return t.when({ subject: checkText(state, e.check), do: predicate(e.do, state) });
    case 'moveAll':
      return t.moveAll({
        from: phrase(state, e.from.field, 'moveFrom', { keys: e.from.keys ? valueNames(state, e.from.field, e.from.keys) : undefined }),
        to: phrase(state, e.to.field, 'moveTo'),
      });
    case 'all':
      return e.do.map((x) => sentence(x, state)).join(' ');
    default:
      return assertNever(e);
  }
}

/** An effect as the second half of "If ..., <clause>". */
function clause(e: Effect, state: PlayerStateModel): string {
  if (e.op === 'lose') return t.loseClause({ amount: amount(state, e.field, e.amount) });
  if (e.op === 'gain') return t.gainClause({ amount: amount(state, e.field, e.amount) });
  const s = sentence(e, state);
  return s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');
}

/** An effect after a third-person subject ("Each Gang in a Serra space <predicate>"). */
function predicate(e: Effect, state: PlayerStateModel): string {
  if (e.op === 'gain') return phrase(state, e.field, 'gain', { n: e.amount, one: e.amount === 1 });
  return clause(e, state);
}
