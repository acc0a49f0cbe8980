import { compilerLanguage, type RulesLanguage } from '../locales/language.ts';
import { assertNever, quantityKind, type Quantity, type Scoring } from './dsl.ts';
import type { ResolvedField, StateModel } from './state.ts';

/**
 * A scoring rule as rules text. The grammar comes from the language's
 * locale files (compiler/locales/), the nouns from the game's endState
 * declarations, each passed through `lang.word` so a game's own words are
 * translated too. A bare tag renders with the compiler's words only.
 */
export function renderScoring(rule: Scoring, state: StateModel, lang: RulesLanguage | string = 'en'): string {
  return scoringText(rule, state, typeof lang === 'string' ? compilerLanguage(lang) : lang);
}

function scoringText(rule: Scoring, state: StateModel, lang: RulesLanguage): string {
  switch (rule.op) {
    case 'rank': {
      const [first, second, ...rest] = rule.awards;
      return lang.render('scoring.templates.rank', {
        order: lang.get(`scoring.order.${rule.order}`),
        noun: plural(rule.by, state, lang),
        first,
        second,
        rest: second !== undefined,
        tail: rest.map((award, i) => ({ award, place: i + 3 })),
      });
    }
    case 'per':
      return lang.render('scoring.templates.per', { points: rule.points, object: eachPhrase(rule.each, state, lang) });
    case 'if':
      return lang.render('scoring.templates.if', {
        points: rule.points,
        has: rule.has.phrase !== undefined ? lang.word(rule.has.phrase) : flagPhrase(rule.has, state, lang),
      });
    case 'sum':
      return lang.render('scoring.templates.sum', { parts: rule.of.map((x) => scoringText(x, state, lang)) });
    default:
      return assertNever(rule);
  }
}

/** A field of the end state named after a number of 1 ("Flour marker", "Os Cabras card"), as the rules text names it. */
export function singularNoun(field: string, state: StateModel, lang: RulesLanguage): string {
  return singular({ field }, state, lang);
}

/** The same in the plural ("Flour markers", "completed sets"). */
export function pluralNoun(field: string, state: StateModel, lang: RulesLanguage): string {
  return plural({ count: field }, state, lang);
}

/** A locale file's regular expression, or undefined when it is not one (a game's locale file is content: never a crash). */
export function regExpOf(source: string, flags = 'u'): RegExp | undefined {
  try {
    return new RegExp(source, flags);
  } catch {
    return undefined;
  }
}

function fieldOf(q: Quantity): string {
  return (q as Record<string, unknown>)[quantityKind(q)] as string;
}

/** The noun a game declares for a resource count, else the locale's ("markers"). */
function resourceNoun(declared: string | undefined, count: 'one' | 'other', lang: RulesLanguage): string {
  return declared !== undefined ? lang.word(declared) : String((lang.get('scoring.marker') as Record<string, string> | undefined)?.[count] ?? '');
}

/** "Flour markers", "completed sets": how a count or list is named in the plural. */
function plural(q: Quantity, state: StateModel, lang: RulesLanguage): string {
  if (q.phrase) return lang.word(q.phrase);
  const kind = quantityKind(q);
  // What a player holds most of when the quantity is not one field: "sets of 2 Tea cards", "different contracts".
  if (kind === 'groupsOf') {
    const g = q as { groupsOf: number; of: Quantity };
    return lang.render('scoring.templates.pluralGroupsOf', { n: g.groupsOf, noun: plural(g.of, state, lang) });
  }
  if (kind === 'distinct') return lang.render('scoring.templates.pluralDistinct', { noun: plural({ count: fieldOf(q) }, state, lang) });
  if (kind === 'min') return minPhrase((q as { min: Quantity[] }).min, state, lang, 'plural');
  const c = q as { count?: string; where?: string };
  if (kind === 'count' && c.where !== undefined) {
    const f = state.fields.get(c.count!);
    if (f?.decl.where)
      return lang.render('scoring.templates.pluralWhere', { noun: plural({ count: c.count! }, state, lang), where: wherePhrase(f, c.where, lang) });
  }
  const f = state.fields.get(fieldOf(q));
  if (!f) return fieldOf(q);
  if (f.resourceName)
    return lang.render('scoring.templates.resourceNoun', { name: lang.word(f.resourceName), noun: resourceNoun(f.decl.nounPlural, 'other', lang) });
  return f.decl.nounPlural !== undefined || f.decl.noun !== undefined ? lang.word((f.decl.nounPlural ?? f.decl.noun)!) : f.name;
}

function singular(q: Quantity, state: StateModel, lang: RulesLanguage): string {
  const f = state.fields.get(fieldOf(q));
  // A resource count reads as its printed name ("Cachaça marker"), never as the field's name ("cachaca").
  if (f?.resourceName)
    return lang.render('scoring.templates.resourceNoun', {
      name: lang.word(f.resourceName),
      noun:
        f.decl.noun === undefined && f.decl.nounPlural !== undefined ? singularOf(lang.word(f.decl.nounPlural), lang) : resourceNoun(f.decl.noun, 'one', lang),
    });
  if (f?.decl.noun !== undefined) return lang.word(f.decl.noun);
  if (f?.decl.nounPlural !== undefined) return singularOf(lang.word(f.decl.nounPlural), lang);
  return f?.name ?? fieldOf(q);
}

/**
 * The singular of a noun a game declares only in the plural ("Lantern
 * tokens" -> "Lantern token"), by the locale's `singulars` (pairs of a
 * regular expression and its replacement, the first that matches): better
 * the game's own noun than the locale's "marker".
 */
export function singularOf(plural: string, lang: RulesLanguage): string {
  const rules = lang.get('singulars');
  for (const r of Array.isArray(rules) ? rules : []) {
    if (!Array.isArray(r) || typeof r[0] !== 'string' || typeof r[1] !== 'string') continue;
    const re = regExpOf(r[0]);
    if (re?.test(plural)) return plural.replace(re, r[1]);
  }
  return plural;
}

/** Which entries of a list are counted: the list's `where` phrase with the value's name ("for Silk"). */
function wherePhrase(f: ResolvedField, value: string, lang: RulesLanguage): string {
  return lang.phrase(f.decl.where!, { name: lang.word(f.values.get(value) ?? value) });
}

function flagPhrase(q: Quantity, state: StateModel, lang: RulesLanguage): string {
  const f = state.fields.get(fieldOf(q));
  if (f?.decl.phrase) return lang.word(f.decl.phrase);
  // "if you have Ammunition markers" for a count used as a condition; the field's name only as a last resort.
  return f?.resourceName || f?.decl.nounPlural !== undefined || f?.decl.noun !== undefined || quantityKind(q) !== 'field' ? plural(q, state, lang) : fieldOf(q);
}

/**
 * "each set of Flour, Cachaça and Ammunition markers" when the parts are
 * counts of resources sharing one noun (the names before the noun they share);
 * otherwise each part named whole, "each set of a Tea card, a Spice card and
 * a Silk card", so a designer's own nouns ("Tea card") never follow a list of
 * field names.
 */
function minPhrase(nested: readonly Quantity[], state: StateModel, lang: RulesLanguage, as: 'each' | 'plural' = 'each'): string {
  // The smallest of (the smallest of a and b) and c is the smallest of a, b and c: one set, not a set inside a set.
  const flat = (qs: readonly Quantity[]): Quantity[] =>
    qs.flatMap((q) => (quantityKind(q) === 'min' && !q.phrase ? flat((q as { min: Quantity[] }).min) : [q]));
  const parts = flat(nested);
  const pair = parts.length === 2;
  const fields = parts.map((p) => (quantityKind(p) === 'field' && !p.phrase ? state.fields.get(fieldOf(p)) : undefined));
  const shared = fields.every((f) => f?.resourceName !== undefined) && new Set(fields.map((f) => f?.decl.nounPlural)).size === 1;
  if (shared)
    return lang.render(as === 'each' ? 'scoring.templates.eachMin' : 'scoring.templates.pluralMin', {
      pair,
      names: fields.map((f) => lang.word(f!.resourceName!)),
      unit: resourceNoun(fields[0]!.decl.nounPlural, 'other', lang),
    });
  return lang.render(as === 'each' ? 'scoring.templates.eachMinOf' : 'scoring.templates.pluralMinOf', {
    pair,
    items: parts.map((p) => minItem(p, state, lang)),
  });
}

/** One part of a set, named whole: "a Tea card", "a contract for Silk", "3 coins". */
function minItem(q: Quantity, state: StateModel, lang: RulesLanguage): string {
  if (q.phrase) return lang.word(q.phrase);
  const kind = quantityKind(q);
  if (kind === 'groupsOf') {
    const g = q as { groupsOf: number; of: Quantity };
    return lang.render('scoring.templates.minGroup', { n: g.groupsOf, noun: plural(g.of, state, lang) });
  }
  if (kind === 'flag') return flagPhrase(q, state, lang);
  const c = q as { count?: string; where?: string };
  const f = c.count !== undefined ? state.fields.get(c.count) : undefined;
  const where = c.where !== undefined && f?.decl.where ? wherePhrase(f, c.where, lang) : undefined;
  return lang.render('scoring.templates.minItem', { noun: singular(q, state, lang), where });
}

function eachPhrase(q: Quantity, state: StateModel, lang: RulesLanguage): string {
  if (q.phrase) return lang.word(q.phrase);
  const kind = quantityKind(q);
  switch (kind) {
    case 'field':
      return lang.render('scoring.templates.eachField', { noun: singular(q, state, lang) });
    case 'count': {
      const c = q as { count: string; where?: string };
      const f = state.fields.get(c.count);
      const where = c.where !== undefined && f?.decl.where ? wherePhrase(f, c.where, lang) : undefined;
      return lang.render('scoring.templates.eachCount', { noun: singular(q, state, lang), where });
    }
    case 'repeated': {
      const note = (q as { note?: string }).note;
      return lang.render('scoring.templates.eachRepeated', { noun: singular(q, state, lang), note: note !== undefined ? lang.word(note) : undefined });
    }
    case 'distinct':
      return lang.render('scoring.templates.eachDistinct', { noun: singular(q, state, lang) });
    case 'flag':
      return flagPhrase(q, state, lang);
    case 'min':
      return minPhrase((q as { min: Quantity[] }).min, state, lang);
    case 'groupsOf': {
      const g = q as { groupsOf: number; of: Quantity };
      if (quantityKind(g.of) === 'distinct' && !g.of.phrase)
        return lang.render('scoring.templates.eachGroupsOfDistinct', { n: g.groupsOf, noun: plural({ count: fieldOf(g.of) }, state, lang) });
      return lang.render('scoring.templates.eachGroupsOfField', { n: g.groupsOf, noun: plural(g.of, state, lang) });
    }
    default:
      return assertNever(kind);
  }
}
