import { compilerLanguage, type RulesLanguage } from '../locales/language.ts';
import type { PlayerStateModel } from '../model.ts';
import { assertNever, type StateQuantity, type Value } from './dsl.ts';
import { regExpOf } from './render.ts';

/**
 * A value rule (a number computed from one player's state: a final scoring,
 * a Life Goal's Fame) as the sentence a rulebook writes for it: "Your Fame
 * Points plus 1 for every 3 of the total of your Serra Action cards, ...,
 * minus your wounds (never below 0)." The grammar is the locale's
 * (`valueRules:` in compiler/locales/<tag>.yaml, which a game's own locale
 * file may override), the nouns the game's `playerState` declarations (its
 * `nounPlural`, else `noun`, else the noun of its `amount`), translated
 * through `lang.word` as the other rules' sentences are.
 *
 * The formula (`fame + ⌊… / 3⌋`) has brackets; a sentence does not, so
 * where a phrase could be read as taking in more than it does (a "1 for every
 * 3 of ..." followed by more terms, a "(never below 0)" after a "plus") the
 * locale's `brackets` close it. Sums and differences need none among
 * themselves: however a reader groups "a plus b minus c", the total is the same.
 */
export function renderValue(value: Value, state: PlayerStateModel, lang: RulesLanguage | string = 'en'): string {
  return renderValueWithGaps(value, state, lang).text;
}

/** The same, with the fields the sentence had no noun for (it printed their names): the build warns at the rule. */
export function renderValueWithGaps(value: Value, state: PlayerStateModel, lang: RulesLanguage | string = 'en'): { text: string; gaps: string[] } {
  const r = new ValueWords(state, typeof lang === 'string' ? compilerLanguage(lang) : lang);
  return { text: r.sentence(value), gaps: [...new Set(r.gaps)] };
}

/** How a phrase ends, which says whether it needs brackets inside another. */
type Form =
  /** A number, a count, "the total of your ...", "1 for every 3 coins": nothing in it reaches past its own words. */
  | 'closed'
  /** "a plus b", "a minus b". */
  | 'infix'
  /** "1 for every 3 of ...", "the greater of ... and ...": takes in whatever follows it. */
  | 'open'
  /** "... (never below 0)" over more than one term: what it bounds starts where the reader's eye does. */
  | 'floor';

type Quantity = Exclude<StateQuantity, number>;

function isQuantity(v: Value): v is Quantity {
  return typeof v === 'object' && !('op' in v);
}

/** The terms of a sum with the sums inside it spread out (a + (b + c) is a + b + c), and the same for max. */
function flat(op: 'sum' | 'max', values: readonly Value[]): Value[] {
  return values.flatMap((v) => (typeof v === 'object' && 'op' in v && v.op === op ? flat(op, v.of) : [v]));
}

/** A max's constants and its other terms: max(0, x) is "x (never below 0)". */
function floorOf(values: readonly Value[]): { floor: number | undefined; others: Value[] } {
  const all = flat('max', values);
  const constants = all.filter((v): v is number => typeof v === 'number');
  return { floor: constants.length ? Math.max(...constants) : undefined, others: all.filter((v) => typeof v !== 'number') };
}

/** A sum of two or more counts and nothing else: "the total of your A, B, and C". */
function isList(v: Value): boolean {
  if (typeof v !== 'object' || !('op' in v) || v.op !== 'sum') return false;
  const terms = flat('sum', v.of);
  return terms.length > 1 && terms.every(isQuantity);
}

/** A sum of one term is that term. */
function unwrapped(v: Value): Value {
  if (typeof v !== 'object' || !('op' in v) || v.op !== 'sum') return v;
  const terms = flat('sum', v.of);
  return terms.length === 1 ? unwrapped(terms[0]!) : v;
}

function commaBefore(v: Value): boolean {
  const u = unwrapped(v);
  return typeof u === 'object' && 'op' in u && formOf(u) === 'closed';
}

function formOf(v: Value): Form {
  if (typeof v === 'number' || isQuantity(v)) return 'closed';
  switch (v.op) {
    case 'sum': {
      const terms = flat('sum', v.of);
      if (terms.length === 1) return formOf(terms[0]!);
      return isList(v) ? 'closed' : 'infix';
    }
    case 'minus':
      return 'infix';
    case 'max': {
      const { floor, others } = floorOf(v.of);
      if (!others.length) return 'closed';
      const inner = others.length === 1 ? formOf(others[0]!) : 'open';
      if (floor === undefined) return inner;
      return inner === 'closed' ? 'closed' : 'floor';
    }
    case 'groupsOf':
      return isQuantity(v.of) ? 'closed' : 'open';
    default:
      return assertNever(v);
  }
}

class ValueWords {
  readonly gaps: string[] = [];

  constructor(
    private readonly state: PlayerStateModel,
    private readonly lang: RulesLanguage,
  ) {}

  sentence(v: Value): string {
    const text = this.contracted(this.t('sentence', { value: this.phrase(v, true) }));
    // The first word, past a bracket the sentence may open with ("(Your coins minus 2) plus ..."); a number stays as it is.
    return text.replace(/[\p{L}\p{N}]/u, (c) => c.toLocaleUpperCase(this.lang.tag));
  }

  private t(key: string, context: Record<string, unknown>): string {
    return this.lang.render(`valueRules.templates.${key}`, context);
  }

  /**
   * The locale's contractions (`valueRules.contractions`: pairs of a regular
   * expression and its replacement), applied to the whole sentence: a
   * template may put a preposition before a phrase that starts with an
   * article ("de" + "o total" is "do total" in Portuguese).
   */
  private contracted(text: string): string {
    const rules = this.lang.get('valueRules.contractions');
    let out = text;
    for (const r of Array.isArray(rules) ? rules : []) {
      if (!Array.isArray(r) || typeof r[0] !== 'string' || typeof r[1] !== 'string') continue;
      const re = regExpOf(r[0], 'gu');
      if (re) out = out.replace(re, r[1]);
    }
    return out;
  }

  /** A value as a noun phrase; `tail` when nothing follows it before the end of the sentence or of its brackets. */
  private phrase(v: Value, tail: boolean): string {
    if (typeof v === 'number') return String(v);
    if (isQuantity(v)) return this.t('quantity', { noun: this.noun(v, 'other') });
    switch (v.op) {
      case 'sum': {
        const terms = flat('sum', v.of);
        if (terms.length === 1) return this.phrase(terms[0]!, tail);
        if (isList(v)) return this.t('total', { nouns: (terms as Quantity[]).map((q) => this.noun(q, 'other')), pair: terms.length === 2 });
        return this.t('plus', { terms: terms.map((x, i) => this.term(x, tail && i === terms.length - 1, false)) });
      }
      case 'minus':
        return this.t('minus', {
          from: this.term(v.from, false, false),
          subtract: this.term(v.subtract, tail, true),
          // A phrase of its own before "minus" (a list of counts, "1 for every 3 coins") takes a comma, so what is
          // subtracted is read from all of it, not from its last word.
          comma: commaBefore(v.from),
        });
      case 'max': {
        const { floor, others } = floorOf(v.of);
        if (!others.length) return String(floor);
        if (floor === undefined && others.length === 1) return this.phrase(others[0]!, tail);
        const inner =
          others.length === 1
            ? this.bracketed(others[0]!, formOf(others[0]!) === 'open', false)
            : this.t('greatest', { values: others.map((x) => this.bracketed(x, formOf(x) !== 'closed', false)), pair: others.length === 2 });
        if (floor === undefined) return inner;
        return this.t('floor', { value: others.length === 1 ? inner : this.t('brackets', { value: inner }), n: floor });
      }
      case 'groupsOf':
        if (isQuantity(v.of)) return this.t('groupsOf', { size: v.size, noun: this.noun(v.of, this.lang.category(v.size) === 'one' ? 'one' : 'other') });
        return this.t('groupsOfValue', { size: v.size, value: this.bracketed(v.of, formOf(v.of) === 'open' && !tail, tail) });
      default:
        return assertNever(v);
    }
  }

  /** A term of a sum or a difference: brackets where the reader would take in too much or too little. */
  private term(v: Value, tail: boolean, subtracted: boolean): string {
    const form = formOf(v);
    return this.bracketed(v, form === 'floor' || (form === 'open' && !tail) || (form === 'infix' && subtracted), tail);
  }

  private bracketed(v: Value, brackets: boolean, tail: boolean): string {
    return brackets ? this.t('brackets', { value: this.phrase(v, true) }) : this.phrase(v, tail);
  }

  /**
   * A count named as the game names it, in the plural ("Serra Action cards",
   * "Cangaceiros in Garrisons in Serra spaces") or the singular: its
   * `nounPlural` / `noun` (which may place the keys itself), else the noun of
   * its `amount` ("{{n}} Fame Points" without the number). A field with none
   * prints its name, recorded as a gap for the build to warn about.
   */
  private noun(q: Quantity, count: 'one' | 'other'): string {
    const { lang } = this;
    const f = this.state.fields.get(q.field);
    const keys = q.keys?.map((k) => lang.word(f?.values.get(k) ?? k));
    const placed = (noun: string, template: string) => (keys && !template.includes('keys') ? lang.render('effects.templates.inKeys', { noun, keys }) : noun);
    const p = f?.phrases ?? {};
    const template = count === 'one' ? (p.noun ?? p.nounPlural) : (p.nounPlural ?? p.noun);
    if (template !== undefined) return placed(lang.phrase(template, { keys }), template);
    if (p.amount !== undefined) {
      // The amount rendered with a number in the wanted plural category, then without the number.
      const n = count === 'one' ? 1 : ([2, 5, 10, 100].find((k) => lang.category(k) === 'other') ?? 2);
      const text = lang.phrase(p.amount, { n, one: count === 'one' });
      if (text.startsWith(`${n} `)) return placed(text.slice(`${n} `.length), '');
    }
    this.gaps.push(q.field);
    return placed(q.field, '');
  }
}
