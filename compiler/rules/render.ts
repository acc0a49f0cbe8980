import Handlebars from 'handlebars';
import { assertNever, quantityKind, type Quantity, type Scoring } from './dsl.ts';
import type { StateModel } from './state.ts';
import { en, type Templates } from './templates/en.ts';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** A handlebars instance with the few helpers the templates need; texts are plain, so no HTML escaping. */
function makeRenderer(templates: Templates) {
  const hb = Handlebars.create();
  hb.registerHelper('points', (n: number) => compiled.points({ n: Math.abs(n), one: Math.abs(n) === 1 }));
  hb.registerHelper('verb', (n: number) => (n < 0 ? 'loses' : 'gains'));
  hb.registerHelper('ordinal', (place: number) => ORDINALS[place - 1] ?? `${place}th`);
  hb.registerHelper('list', (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`));
  const compiled = Object.fromEntries(Object.entries(templates).map(([k, t]) => [k, hb.compile(t, { noEscape: true, strict: false })])) as Record<keyof Templates, HandlebarsTemplateDelegate>;
  return compiled;
}

/** Phrases declared by a game (`where:` on a state field) get the same small helpers: `{{a name}}` -> "an Ammunition". */
const phrases = Handlebars.create();
phrases.registerHelper('a', (word: string) => `${/^[aeiouAEIOU]/.test(word) ? 'an' : 'a'} ${word}`);

const renderers = new Map<string, ReturnType<typeof makeRenderer>>();
const TEMPLATES: Record<string, Templates> = { en };

export function renderScoring(rule: Scoring, state: StateModel, locale = 'en'): string {
  const t = TEMPLATES[locale] ?? en;
  let r = renderers.get(locale);
  if (!r) renderers.set(locale, (r = makeRenderer(t)));
  return scoringText(rule, state, r);
}

function scoringText(rule: Scoring, state: StateModel, r: ReturnType<typeof makeRenderer>): string {
  switch (rule.op) {
    case 'rank': {
      const [first, second, ...rest] = rule.awards;
      return r.rank({
        order: rule.order,
        noun: plural(rule.by, state),
        first,
        second,
        rest: second !== undefined,
        tail: rest.map((award, i) => ({ award, place: i + 3 })),
      });
    }
    case 'per':
      return r.per({ points: rule.points, object: eachPhrase(rule.each, state, r) });
    case 'if':
      return r.if({ points: rule.points, has: rule.has.phrase ?? flagPhrase(rule.has, state) });
    case 'sum':
      return r.sum({ parts: rule.of.map((x) => scoringText(x, state, r)) });
    default:
      return assertNever(rule);
  }
}

function fieldOf(q: Quantity): string {
  return (q as Record<string, unknown>)[quantityKind(q)] as string;
}

/** "Flour markers", "completed sets": how a count or list is named in the plural. */
function plural(q: Quantity, state: StateModel): string {
  if (q.phrase) return q.phrase;
  const f = state.fields.get(fieldOf(q));
  if (!f) return fieldOf(q);
  if (f.resourceName) return `${f.resourceName} ${f.decl.nounPlural ?? 'markers'}`;
  return f.decl.nounPlural ?? f.decl.noun ?? f.name;
}

function singular(q: Quantity, state: StateModel): string {
  const f = state.fields.get(fieldOf(q));
  // A resource count reads as its printed name ("Cachaça marker"), never as the field's name ("cachaca").
  if (f?.resourceName) return `${f.resourceName} ${f.decl.noun ?? 'marker'}`;
  return f?.decl.noun ?? f?.name ?? fieldOf(q);
}

function flagPhrase(q: Quantity, state: StateModel): string {
  const f = state.fields.get(fieldOf(q));
  if (f?.decl.phrase) return f.decl.phrase;
  // "if you have Ammunition markers" for a count used as a condition; the field's name only as a last resort.
  return f?.resourceName ? plural(q, state) : fieldOf(q);
}

function eachPhrase(q: Quantity, state: StateModel, r: ReturnType<typeof makeRenderer>): string {
  if (q.phrase) return q.phrase;
  const kind = quantityKind(q);
  switch (kind) {
    case 'field':
      return r.eachField({ noun: singular(q, state) });
    case 'count': {
      const c = q as { count: string; where?: string };
      const f = state.fields.get(c.count);
      const where = c.where !== undefined && f?.decl.where ? phrases.compile(f.decl.where, { noEscape: true })({ name: f.values.get(c.where) ?? c.where }) : undefined;
      return r.eachCount({ noun: singular(q, state), where });
    }
    case 'repeated':
      return r.eachRepeated({ noun: singular(q, state), note: (q as { note?: string }).note });
    case 'distinct':
      return r.eachField({ noun: `different ${singular(q, state)}` });
    case 'flag':
      return flagPhrase(q, state);
    case 'min': {
      const parts = (q as { min: Quantity[] }).min;
      const fields = parts.map((p) => state.fields.get(fieldOf(p)));
      return r.eachMin({ pair: parts.length === 2, names: fields.map((f, i) => f?.resourceName ?? fieldOf(parts[i]!)), unit: fields[0]?.decl.nounPlural ?? 'markers' });
    }
    case 'groupsOf': {
      const g = q as { groupsOf: number; of: Quantity };
      if (quantityKind(g.of) === 'distinct') return r.eachGroupsOfDistinct({ n: g.groupsOf, noun: plural(g.of, state) });
      return r.eachGroupsOfField({ n: g.groupsOf, noun: plural(g.of, state) });
    }
    default:
      return assertNever(kind);
  }
}
