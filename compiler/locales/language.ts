import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { parse } from 'yaml';
import { ownFileValue } from '../load/yaml-fast.ts';
import { MAX_DEPTH } from '../load/yaml-source.ts';

/**
 * The words of the rules text in one locale: the compiler's locale files
 * (compiler/locales/<tag>.yaml: templates, ordinals, plural forms, list words,
 * articles), a game's own file for that locale on top (content/<game>/locales/<tag>.yaml),
 * and the game's texts translated (its `texts:` and its maps of locales). Adding
 * a language is adding a file: nothing here names one, except English as the
 * words of last resort, which a text missing in a locale falls back to (and is
 * recorded, so the build can warn).
 */

export type LocaleTree = { [key: string]: unknown };

/** A game's own locale file, read and shape-checked (see game-locales.ts). */
export interface GameLocale {
  tag: string;
  /** Display path of the file. */
  file: string;
  /** Templates and words, the same keys as a compiler locale file; adds to and overrides it. */
  words: LocaleTree;
  /** The game's texts (in its main locale) -> the same text in this locale. */
  texts: Map<string, string>;
  /** The labels of the game's fields in this locale: collection -> field path (`attack.guns`) -> label (its `labels:`). */
  labels?: Map<string, Map<string, string>>;
  /** The words of the game's enum values in this locale: collection -> field path -> value -> label (its `values:`). */
  values?: Map<string, Map<string, Map<string, string>>>;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The compiler's own locale files, read once when the module loads and never
 * changed after: they are part of the compiler like its code, so reading them
 * here does not make a later phase read content.
 */
const BUILT_IN: ReadonlyMap<string, LocaleTree> = new Map(
  readdirSync(HERE)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => [f.slice(0, -'.yaml'.length), readLocaleFile(readFileSync(path.join(HERE, f), 'utf8'))]),
);

/**
 * A compiler locale file's words, read by js-yaml as `yaml` would read them (load/yaml-fast.ts `ownFileValue`): every
 * command loads this module, the search worker too, and `yaml` took 40 ms of a 1,000-card build's main thread and
 * 80 ms of its search worker's start (its parser's code not yet compiled), which the build then waited for.
 */
function readLocaleFile(text: string): LocaleTree {
  return (ownFileValue(text, MAX_DEPTH) ?? parse(text)) as LocaleTree;
}
const LAST_RESORT = 'en';

/**
 * The words that introduce a rule named in capitals before its number, in
 * every locale the compiler has ("See", "Veja"): a rules text may quote a
 * rule in any of them, so the reference check reads them all.
 */
export function referenceWords(): string[] {
  const words = [...BUILT_IN.values()].flatMap((t) => at(t, 'references.see')).filter((w): w is string => typeof w === 'string');
  return [...new Set(words)].sort();
}

/**
 * The rules site's words in a locale (the `site:` section of the compiler's
 * locale files): English first, then the language's base file (`pt`), then
 * the tag's own (`pt-BR`), so a key a file lacks reads the English one.
 */
export function siteWords(tag: string): Record<string, string> {
  const base = tag.split('-')[0]!;
  const section = (t: string | undefined) => {
    const v = t ? at(BUILT_IN.get(t) ?? {}, 'site') : undefined;
    return isTree(v) ? v : undefined;
  };
  const words = merge(section(LAST_RESORT), base !== tag ? section(base) : undefined, section(tag));
  return Object.fromEntries(Object.entries(words).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The locales the compiler has words for (its files' names). */
export function builtInLocales(): string[] {
  return [...BUILT_IN.keys()].sort();
}

function isTree(v: unknown): v is LocaleTree {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Later trees win; maps merge key by key, anything else is replaced whole. */
function merge(...trees: Array<LocaleTree | undefined>): LocaleTree {
  const out: LocaleTree = {};
  for (const t of trees) {
    if (!t) continue;
    for (const [k, v] of Object.entries(t)) out[k] = isTree(v) && isTree(out[k]) ? merge(out[k] as LocaleTree, v) : v;
  }
  return out;
}

function at(tree: LocaleTree, key: string): unknown {
  let v: unknown = tree;
  for (const part of key.split('.')) v = isTree(v) && Object.hasOwn(v, part) ? v[part] : undefined;
  return v;
}

/** Intl.PluralRules for a tag; a tag Intl refuses gets the root rules (every number "other") rather than a crash. */
function pluralRules(tag: string, type: Intl.PluralRuleType): Intl.PluralRules {
  try {
    return new Intl.PluralRules(tag, { type });
  } catch {
    return new Intl.PluralRules('und', { type });
  }
}

type Template = HandlebarsTemplateDelegate;

export interface LanguageOptions {
  /** The game's main locale: its plain strings are in it, so they need no translation there. */
  main?: string;
  /** The game's own file for this locale, if it has one. */
  game?: GameLocale;
  /** More translations of the game's texts (from its maps of locales): main-locale text -> text in this locale. */
  texts?: ReadonlyMap<string, string>;
}

export class RulesLanguage {
  readonly tag: string;
  readonly main: string;
  private readonly words: LocaleTree;
  private readonly fallback: LocaleTree;
  private readonly texts: Map<string, string>;
  private readonly cardinal: Intl.PluralRules;
  private readonly ordinalRules: Intl.PluralRules;
  /** Lookups and plural categories, memoised: a 30,000-card game asks the same few thousands of times. */
  private readonly found = new Map<string, { value: unknown; own: boolean }>();
  private readonly categories = new Map<number, Intl.LDMLPluralRule>();
  /** What a render needed and this locale lacked since the last `takeMissing()`: a template key or a game text. */
  private missing = new Set<string>();

  constructor(tag: string, options: LanguageOptions = {}) {
    this.tag = tag;
    this.main = options.main ?? tag;
    const base = tag.split('-')[0]!;
    this.words = merge(base !== tag ? BUILT_IN.get(base) : undefined, BUILT_IN.get(tag), options.game?.words);
    this.fallback = BUILT_IN.get(LAST_RESORT)!;
    this.texts = new Map([...(options.texts ?? []), ...(options.game?.texts ?? [])]);
    this.cardinal = pluralRules(tag, 'cardinal');
    this.ordinalRules = pluralRules(tag, 'ordinal');
  }

  /** The template or word at a key (`scoring.templates.rank`); English when this locale lacks it, recorded as missing. */
  get(key: string): unknown {
    let f = this.found.get(key);
    if (!f) {
      const own = at(this.words, key);
      this.found.set(key, (f = own !== undefined ? { value: own, own: true } : { value: at(this.fallback, key), own: false }));
    }
    if (!f.own) this.missing.add(`${key} (a word of the rules text)`);
    return f.value;
  }

  /** Render the template at a key with a context. */
  render(key: string, context: Record<string, unknown>): string {
    const t = this.get(key);
    return this.fill(typeof t === 'string' ? t : '', context);
  }

  /** A game's own text (a noun, a phrase, a note) in this locale: its translation, else itself, recorded as missing. */
  word(text: string): string {
    if (this.tag === this.main || text === '') return text;
    const t = this.texts.get(text);
    if (t !== undefined) return t;
    this.missing.add(`"${text}"`);
    return text;
  }

  /** A game's text in this locale if the game translates it, else undefined (nothing recorded: for a name that may stay as written). */
  translation(text: string): string | undefined {
    return this.tag === this.main ? text : this.texts.get(text);
  }

  /** Every translation of the game's texts this locale has (main-locale text -> text here), without recording anything missing. */
  translations(): ReadonlyMap<string, string> {
    return this.texts;
  }

  /** A game's phrase template (`with {{a name}} resource`) in this locale, rendered with this locale's helpers. */
  phrase(template: string, context: Record<string, unknown>): string {
    return this.fill(this.word(template), context);
  }

  /** The CLDR plural category of a count in this locale. */
  category(n: number): Intl.LDMLPluralRule {
    let c = this.categories.get(n);
    if (c === undefined) this.categories.set(n, (c = this.cardinal.select(n)));
    return c;
  }

  /** One of a set of plural forms keyed by CLDR category (`other` when the category has none). */
  plural(forms: unknown, n: number): string {
    if (!isTree(forms)) return '';
    const f = forms[this.category(n)] ?? forms.other;
    return typeof f === 'string' ? this.fill(f, { n }) : '';
  }

  /** Record as lacking what an earlier render lacked (a text rendered once and reused: rules/compile.ts `renderOnce`). */
  noteMissing(items: readonly string[]): void {
    for (const item of items) this.missing.add(item);
  }

  /** What the renders since the last call lacked in this locale, and forget it. */
  takeMissing(): string[] {
    const out = [...this.missing];
    this.missing = new Set();
    return out;
  }

  /** A template rendered for this language: its helpers read the language from the render's data (see HELPERS). */
  private fill(template: string, context: Record<string, unknown>): string {
    let t = COMPILED.get(template);
    // Rules text is plain text (the site escapes it), so no HTML escaping; `strict: false` lets an absent word read as empty.
    if (!t) COMPILED.set(template, (t = HELPERS.compile(template, { noEscape: true, strict: false })));
    return t(context, { data: { lang: this } });
  }

  private join(list: unknown, xs: readonly string[]): string {
    const w = isTree(list) ? (list as Record<string, string>) : {};
    if (xs.length <= 1) return xs.join('');
    if (xs.length === 2) return `${xs[0]}${w.two ?? ' '}${xs[1]}`;
    return `${xs.slice(0, -1).join(w.middle ?? ' ')}${w.last ?? ' '}${xs.at(-1)}`;
  }

  /**
   * The helpers templates call, each for the language of the render that
   * calls it (`data.lang`, set by `fill`). Lists are joined by the locale
   * file's words rather than Intl.ListFormat: the printed rulebooks differ on
   * the serial comma within one language (Cangaço's "Flour, Cachaça and
   * Ammunition", Cangaceiros' "Sertão, Serra, or City"), which ListFormat
   * cannot express.
   */
  static helpers(hb: typeof Handlebars): typeof Handlebars {
    const of = (options: Handlebars.HelperOptions) => options.data.lang as RulesLanguage;
    hb.registerHelper('points', (n: number, o: Handlebars.HelperOptions) => of(o).plural(of(o).get('scoring.points'), Math.abs(n)));
    hb.registerHelper('verb', (n: number, o: Handlebars.HelperOptions) => String(of(o).get(n < 0 ? 'scoring.verbs.lose' : 'scoring.verbs.gain') ?? ''));
    hb.registerHelper('ordinal', (place: number, o: Handlebars.HelperOptions) => {
      const lang = of(o);
      const named = lang.get('scoring.ordinals');
      const word = Array.isArray(named) ? named[place - 1] : undefined;
      if (typeof word === 'string') return word;
      const forms = lang.get('scoring.ordinal');
      const f = isTree(forms) ? (forms[lang.ordinalRules.select(place)] ?? forms.other) : undefined;
      return typeof f === 'string' ? lang.fill(f, { n: place }) : String(place);
    });
    hb.registerHelper('list', (xs: string[], o: Handlebars.HelperOptions) => of(o).join(of(o).get('scoring.list'), xs));
    hb.registerHelper('andList', (xs: string[], o: Handlebars.HelperOptions) => of(o).join(of(o).get('effects.lists.and'), xs));
    hb.registerHelper('orList', (xs: string[], o: Handlebars.HelperOptions) => of(o).join(of(o).get('effects.lists.or'), xs));
    // Two forms written in a game's phrase (`{{plural n "token" "tokens"}}`): the first for the category "one".
    hb.registerHelper('plural', (n: number, one: string, many: string, o: Handlebars.HelperOptions) => (of(o).category(n) === 'one' ? one : many));
    hb.registerHelper('a', (word: string, o: Handlebars.HelperOptions) => {
      const lang = of(o);
      const rules = lang.get('articles');
      for (const r of Array.isArray(rules) ? rules : []) {
        if (!isTree(r) || typeof r.text !== 'string') continue;
        if (typeof r.before === 'string' && !new RegExp(r.before, 'u').test(word)) continue;
        return lang.fill(r.text, { word });
      }
      return word;
    });
    return hb;
  }
}

/**
 * One Handlebars for every language, and each template compiled once per
 * process: a check makes its games' languages anew on every run, and
 * `rulebook serve` on every save, and compiling the templates again for each
 * cost ~18 ms of a save at 10,000 cards. The helpers find their language in
 * the render's data (`RulesLanguage.fill`), so they need no Handlebars of their own.
 */
const HELPERS = RulesLanguage.helpers(Handlebars.create());
const COMPILED = new Map<string, Template>();

/**
 * The language of the compiler's words alone for a tag, for callers that
 * pass a bare tag (`renderEffect(effect, state)` on the site). Memoised per
 * process as the templates were when they were module constants: building one
 * compiles its templates, too costly once per sentence. Its record of missing
 * words is never read (`gameLanguages` gives a game its own languages).
 */
const COMPILER_LANGUAGES = new Map<string, RulesLanguage>();
export function compilerLanguage(tag: string): RulesLanguage {
  let lang = COMPILER_LANGUAGES.get(tag);
  if (!lang) COMPILER_LANGUAGES.set(tag, (lang = new RulesLanguage(tag)));
  lang.takeMissing();
  return lang;
}
