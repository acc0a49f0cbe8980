import { compilerLanguage, type RulesLanguage } from '../locales/language.ts';
import { assertNever, type Condition, type Effect, type StateQuantity } from './dsl.ts';
import type { PlayerStateModel } from '../model.ts';

/**
 * Render an effect as rules text from the same tree the engine runs. The
 * grammar comes from the language's locale files (compiler/locales/), the
 * field phrases (`each`, `unit`, `amount`, ...) from the game's playerState
 * declarations, translated through `lang.word`. A bare tag renders with the
 * compiler's words only.
 */
export function renderEffect(effect: Effect, state: PlayerStateModel, lang: RulesLanguage | string = 'en'): string {
  return sentence(effect, state, typeof lang === 'string' ? compilerLanguage(lang) : lang);
}

/**
 * The same, with the phrases the sentence needed and the game does not
 * declare (nor can they be made from its nouns), as `field.phrase`: each one
 * printed the field's name, which the build reports. Rendering is synchronous,
 * so the list being gathered is this call's alone.
 */
export function renderEffectWithGaps(effect: Effect, state: PlayerStateModel, lang: RulesLanguage | string = 'en'): { text: string; gaps: string[] } {
  const mine: string[] = [];
  gaps = mine;
  try {
    return { text: renderEffect(effect, state, lang), gaps: [...new Set(mine)] };
  } finally {
    gaps = undefined;
  }
}

let gaps: string[] | undefined;

function phrase(state: PlayerStateModel, lang: RulesLanguage, field: string, name: string, context: Record<string, unknown> = {}): string {
  const f = state.fields.get(field);
  const template = f?.phrases[name];
  if (template) return lang.phrase(template, context);
  // A phrase the field does not declare, made from its nouns where the locale knows how ("each caravan at your camp", "2 Scouts").
  const render = (t: string | undefined) => (t !== undefined ? lang.phrase(t, context) : undefined);
  const one = render(f?.phrases.noun);
  const many = render(f?.phrases.nounPlural) ?? one;
  const oneOrMany = one ?? many;
  const made =
    oneOrMany === undefined
      ? undefined
      : name === 'unit' || name === 'noun'
        ? oneOrMany
        : name === 'nounPlural'
          ? many
          : name === 'each'
            ? lang.render('effects.templates.eachNoun', { noun: oneOrMany })
            : name === 'moveFrom'
              ? lang.render('effects.templates.moveFromNoun', { noun: many, one: oneOrMany })
              : name === 'amount'
                ? lang.render('effects.templates.amountNoun', { n: context.n, noun: context.one ? oneOrMany : many })
                : undefined;
  if (made !== undefined) return made;
  gaps?.push(`${field}.${name}`);
  return field;
}

function valueNames(state: PlayerStateModel, lang: RulesLanguage, field: string, keys: readonly string[]): string[] {
  const f = state.fields.get(field);
  return keys.map((k) => lang.word(f?.values.get(k) ?? k));
}

function amount(state: PlayerStateModel, lang: RulesLanguage, field: string, n: number): string {
  return phrase(state, lang, field, 'amount', { n, one: lang.category(n) === 'one' });
}

function eachPhrase(state: PlayerStateModel, lang: RulesLanguage, q: StateQuantity): string {
  if (typeof q === 'number') return String(q);
  return phrase(state, lang, q.field, 'each', { keys: q.keys ? valueNames(state, lang, q.field, q.keys) : undefined });
}

function checkText(state: PlayerStateModel, lang: RulesLanguage, c: Condition): string {
  if ('atLeast' in c) {
    const q = c.of;
    if (typeof q === 'number') return lang.render('effects.templates.atLeast', { n: c.atLeast, noun: '' });
    const name = lang.category(c.atLeast) === 'one' ? 'noun' : 'nounPlural';
    // Counted over some keys only: the keys are part of what is counted ("at least 2 caravans in Oasis"). A noun
    // that places them itself (`caravans{{#if keys}} in {{orList keys}} spaces{{/if}}`) does; else the locale's `inKeys`.
    const keys = q.keys ? valueNames(state, lang, q.field, q.keys) : undefined;
    const own = state.fields.get(q.field)?.phrases[name]?.includes('keys');
    const noun = phrase(state, lang, q.field, name, { keys });
    return lang.render('effects.templates.atLeast', { n: c.atLeast, noun: keys && !own ? lang.render('effects.templates.inKeys', { noun, keys }) : noun });
  }
  if ('all' in c) return c.all.map((x) => checkText(state, lang, x)).join(String(lang.get('effects.templates.allOf') ?? ' '));
  return phrase(state, lang, c.field, 'when', { values: valueNames(state, lang, c.field, c.in) });
}

function sentence(e: Effect, state: PlayerStateModel, lang: RulesLanguage): string {
  const t = (key: string, context: Record<string, unknown>) => lang.render(`effects.templates.${key}`, context);
  switch (e.op) {
    case 'none':
      return t('none', {});
    case 'payEach':
      return t('payEach', {
        cost: amount(state, lang, e.cost.field, e.cost.amount),
        units: eachPhrase(state, lang, e.each),
        shortfall: amount(state, lang, e.shortfall.field, e.shortfall.amount),
        unit: typeof e.each === 'number' ? '' : phrase(state, lang, e.each.field, 'unit'),
        you: e.shortfall.subject === 'you',
      });
    case 'lose':
      return t('loseSentence', { amount: amount(state, lang, e.field, e.amount) });
    case 'gain':
      return t('gainSentence', { amount: amount(state, lang, e.field, e.amount) });
    case 'gainEach':
      return t('gainEach', { amounts: e.gain.map((g) => amount(state, lang, g.field, g.amount)), units: eachPhrase(state, lang, e.each) });
    case 'unless':
      return t('unless', { check: checkText(state, lang, e.check), do: clause(e.do, state, lang) });
    case 'when':
      return t('when', { subject: checkText(state, lang, e.check), do: predicate(e.do, state, lang) });
    case 'moveAll':
      return t('moveAll', {
        // No keys is every key: the phrase names them all rather than reading an empty list.
        from: phrase(state, lang, e.from.field, 'moveFrom', {
          keys: valueNames(state, lang, e.from.field, e.from.keys ?? [...(state.fields.get(e.from.field)?.values.keys() ?? [])]),
        }),
        to: phrase(state, lang, e.to.field, 'moveTo'),
      });
    case 'all':
      return e.do.map((x) => sentence(x, state, lang)).join(' ');
    default:
      return assertNever(e);
  }
}

/** An effect as the second half of "If ..., <clause>": the sentence without its capital and full stop. */
function clause(e: Effect, state: PlayerStateModel, lang: RulesLanguage): string {
  if (e.op === 'lose') return lang.render('effects.templates.loseClause', { amount: amount(state, lang, e.field, e.amount) });
  if (e.op === 'gain') return lang.render('effects.templates.gainClause', { amount: amount(state, lang, e.field, e.amount) });
  const s = sentence(e, state, lang);
  return s.charAt(0).toLocaleLowerCase(lang.tag) + s.slice(1).replace(/\.$/, '');
}

/** An effect after a third-person subject ("Each Gang in a Serra space <predicate>"). */
function predicate(e: Effect, state: PlayerStateModel, lang: RulesLanguage): string {
  // A field with no `gain` phrase reads as a clause of its own ("If ..., you gain 1 Fame Point").
  if (e.op === 'gain' && state.fields.get(e.field)?.phrases.gain !== undefined)
    return phrase(state, lang, e.field, 'gain', { n: e.amount, one: lang.category(e.amount) === 'one' });
  return clause(e, state, lang);
}
