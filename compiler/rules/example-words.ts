import type { RulesLanguage } from '../locales/language.ts';
import type { PlayerField, PlayerStateModel } from '../model.ts';
import { pluralNoun, regExpOf, singularNoun } from './render.ts';
import type { StateModel } from './state.ts';

/**
 * A worked example in the words a rulebook uses for a situation: "With 2
 * Reis tokens, your Gang in a City space, and no wounds", "Player 1:
 * 5 Flour markers and 2 Ammunition markers", and after an effect only what
 * changed ("3 Fame Points", or "No change"). The nouns are the ones the
 * game's declarations give each field (the same the rules text uses), the
 * grammar is the locale's (`examples:` in compiler/locales/<tag>.yaml). A
 * field at zero is said ("no wounds") when the rule reads it and left out
 * when it does not; a field with no words declared for it is left out rather
 * than named by its identifier.
 */

/** The fields a rule reads or changes: every field a DSL tree names, under any of the keys that name one. */
export function fieldsOf(rule: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(rule)) for (const x of rule) fieldsOf(x, out);
  else if (rule && typeof rule === 'object')
    for (const [k, v] of Object.entries(rule)) {
      if (typeof v === 'string' && ['field', 'count', 'distinct', 'repeated', 'flag'].includes(k)) out.add(v);
      else fieldsOf(v, out);
    }
  return out;
}

/** One player's end state, as the phrases after "Player 1:" ("5 Flour markers and no Ammunition markers"). */
export function endStateWords(given: Record<string, unknown>, state: StateModel, lang: RulesLanguage, reads: ReadonlySet<string>): string {
  const have: string[] = [];
  const lack: string[] = [];
  for (const [name, v] of Object.entries(given)) {
    const f = state.fields.get(name);
    if (!f) continue;
    const read = reads.has(name);
    if (f.decl.kind === 'count' && typeof v === 'number') {
      if (v !== 0)
        have.push(lang.render('examples.count', { n: v, noun: lang.category(v) === 'one' ? singularNoun(name, state, lang) : pluralNoun(name, state, lang) }));
      else if (read) lack.push(lang.render('examples.none', { noun: pluralNoun(name, state, lang) }));
    } else if (f.decl.kind === 'list' && Array.isArray(v)) {
      if (v.length) have.push(listWords(name, v.map(String), state, lang));
      else if (read) lack.push(lang.render('examples.none', { noun: pluralNoun(name, state, lang) }));
    } else if (f.decl.kind === 'flag' && typeof v === 'boolean' && f.decl.phrase !== undefined) {
      const phrase = lang.word(f.decl.phrase);
      if (v) have.push(phrase);
      else if (read) lack.push(lang.render('examples.none', { noun: withoutArticle(phrase, lang) }));
    }
  }
  const items = [...have, ...lack];
  return items.length ? lang.render('examples.items', { items }) : lang.render('examples.nothing', {});
}

/** "3 Os Cabras cards (2 with a Flour resource and 1 with a Cachaça resource)", "2 completed sets (Igreja and Tocaia)". */
function listWords(name: string, values: readonly string[], state: StateModel, lang: RulesLanguage): string {
  const f = state.fields.get(name)!;
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const n = values.length;
  const noun = lang.category(n) === 'one' ? singularNoun(name, state, lang) : pluralNoun(name, state, lang);
  // The values in brackets are names ("Igreja", a collection's entry): translated where the game gives a translation, else as written.
  const valueName = (v: string) => {
    const name = f.values.get(v) ?? v;
    return f.entryValues ? name : (lang.translation(name) ?? name);
  };
  const what = (v: string) => (f.decl.where !== undefined ? lang.phrase(f.decl.where, { name: valueName(v) }) : valueName(v));
  if (counts.size === 1 && f.decl.where !== undefined) return lang.render('examples.listAll', { n, noun, what: what(values[0]!) });
  const groups = [...counts].map(([v, k]) => lang.render('examples.group', { n: k, what: what(v), all: counts.size === 1 }));
  return lang.render('examples.list', { n, noun, groups });
}

/** A flag's phrase without its article, to follow "no" ("no Chefe do Bando card"): the locale's `examples.article` says what an article is. */
function withoutArticle(phrase: string, lang: RulesLanguage): string {
  const article = lang.get('examples.article');
  const re = typeof article === 'string' ? regExpOf(article, 'iu') : undefined;
  return re ? phrase.replace(re, '') : phrase;
}

/** A player's state during play as a situation: "With 2 Reis tokens, your Gang in a City space, and no wounds". */
export function situationWords(given: Record<string, unknown>, model: PlayerStateModel, lang: RulesLanguage, reads: ReadonlySet<string>): string {
  const { have, lack } = stateItems(given, model, lang, (name) => reads.has(name));
  const items = [...have, ...lack];
  // `have` tells a locale whose zero carries its own preposition ("sem ferimentos") to drop "Com" when nothing else is said.
  return items.length ? capitalized(lang.render('examples.player', { items, have: have.length > 0 }), lang) : lang.render('examples.playerWithNothing', {});
}

function capitalized(text: string, lang: RulesLanguage): string {
  return text.charAt(0).toLocaleUpperCase(lang.tag) + text.slice(1);
}

/** What an effect changed: the fields whose value after differs from before, zeros said ("no Reis tokens"); "No change" when none does. */
export function changeWords(given: Record<string, unknown>, expect: Record<string, unknown>, model: PlayerStateModel, lang: RulesLanguage): string {
  const changed: Record<string, unknown> = {};
  for (const [name, after] of Object.entries(expect)) {
    const before = given[name];
    if (isCounts(after)) {
      const was = isCounts(before) ? before : {};
      const keys = Object.entries(after).filter(([k, n]) => (was[k] ?? 0) !== n);
      if (keys.length) changed[name] = Object.fromEntries(keys);
    } else if (JSON.stringify(after ?? 0) !== JSON.stringify(before ?? 0)) changed[name] = after;
  }
  const { have, lack } = stateItems(changed, model, lang, () => true);
  const items = [...have, ...lack];
  if (!items.length) return lang.render('examples.unchanged', {});
  return capitalized(lang.render('examples.changes', { items }), lang);
}

function isCounts(v: unknown): v is Record<string, number> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The phrases of a player's state, in the order given: what the player has (and where their pieces are), then what they lack. */
function stateItems(
  given: Record<string, unknown>,
  model: PlayerStateModel,
  lang: RulesLanguage,
  read: (name: string) => boolean,
): { have: string[]; lack: string[] } {
  const have: string[] = [];
  const lack: string[] = [];
  for (const [name, v] of Object.entries(given)) {
    const f = model.fields.get(name);
    if (!f) continue;
    if (f.kind === 'count' && typeof v === 'number') {
      if (v !== 0) pushDefined(have, amountWords(f, v, lang));
      else if (read(name)) pushDefined(lack, noneWords(f, lang));
    } else if (f.kind === 'countBy' && isCounts(v)) {
      const zero = Object.keys(v).filter((k) => v[k] === 0);
      for (const [k, n] of Object.entries(v)) if (n !== 0) pushDefined(have, amountWords(f, n, lang, [k]));
      // The keys at zero said once: "no Cangaceiros in Garrisons in Caatinga or Sertão spaces".
      if (zero.length && read(name)) pushDefined(lack, noneWords(f, lang, zero));
    } else if (f.kind === 'value' && typeof v === 'string' && f.phrases.state !== undefined) {
      have.push(lang.phrase(f.phrases.state, { value: lang.word(f.values.get(v) ?? v) }));
    }
  }
  return { have, lack };
}

function pushDefined(list: string[], item: string | undefined): void {
  if (item !== undefined) list.push(item);
}

/** "2 Reis tokens", "1 Cangaceiro in a Garrison in a Sertão space": the field's `amount`, else its nouns after the number. */
function amountWords(f: PlayerField, n: number, lang: RulesLanguage, keys?: string[]): string | undefined {
  const keyNames = keys?.map((k) => lang.word(f.values.get(k) ?? k));
  if (f.phrases.amount !== undefined && !keys) return lang.phrase(f.phrases.amount, { n, one: lang.category(n) === 'one' });
  const noun = nounOf(f, lang.category(n) === 'one' ? 'noun' : 'nounPlural', lang, keyNames);
  return noun !== undefined ? lang.render('examples.count', { n, noun }) : undefined;
}

/** "no wounds", "no Cangaceiros in Garrisons in Caatinga or Sertão spaces": the plural noun, or the `amount` at 0 without its number. */
function noneWords(f: PlayerField, lang: RulesLanguage, keys?: string[]): string | undefined {
  const keyNames = keys?.map((k) => lang.word(f.values.get(k) ?? k));
  let noun = nounOf(f, 'nounPlural', lang, keyNames);
  if (noun === undefined && f.phrases.amount !== undefined && !keys) {
    // The amount's plural noun: rendered with a number the locale puts in the plural ("other": 0 is "one" in Portuguese), then without it.
    const many = [0, 2, 5, 10, 100].find((k) => lang.category(k) === 'other') ?? 2;
    const text = lang.phrase(f.phrases.amount, { n: many, one: false });
    if (!text.startsWith(`${many} `)) return lang.phrase(f.phrases.amount, { n: 0, one: lang.category(0) === 'one' });
    noun = text.slice(`${many} `.length);
  }
  return noun !== undefined ? lang.render('examples.none', { noun }) : undefined;
}

/** A noun of the field (or its plural), with the keys it is counted over placed by the noun itself or by the locale's `inKeys`. */
function nounOf(f: PlayerField, which: 'noun' | 'nounPlural', lang: RulesLanguage, keys: string[] | undefined): string | undefined {
  const template = f.phrases[which] ?? f.phrases.noun ?? f.phrases.nounPlural;
  if (template === undefined) return undefined;
  const noun = lang.phrase(template, { keys });
  return keys && !template.includes('keys') ? lang.render('effects.templates.inKeys', { noun, keys }) : noun;
}

/**
 * The fields an example gives that the game declares no words for, so its
 * sentence leaves them out rather than print an identifier: a player-state
 * count with no `amount` or noun, a value with no `state` phrase; an
 * end-state count, list or flag with no noun, resource or phrase.
 */
export function unwordedPlayerFields(given: Record<string, unknown>, model: PlayerStateModel): string[] {
  return Object.keys(given).filter((name) => {
    const f = model.fields.get(name);
    if (!f) return false;
    const p = f.phrases;
    if (f.kind === 'value') return p.state === undefined;
    return p.noun === undefined && p.nounPlural === undefined && (f.kind === 'countBy' || p.amount === undefined);
  });
}

export function unwordedEndFields(given: Record<string, unknown>, state: StateModel): string[] {
  return Object.keys(given).filter((name) => {
    const f = state.fields.get(name);
    if (!f) return false;
    if (f.decl.kind === 'flag') return f.decl.phrase === undefined;
    return f.decl.noun === undefined && f.decl.nounPlural === undefined && f.resourceName === undefined;
  });
}
