import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { declaredLocales, gameLanguages } from '../locales/game-locales.ts';
import type { CheckedGame, Game, Text } from '../model.ts';
import Handlebars from 'handlebars';

/**
 * The languages a game's site is drawn in: its main locale at the game's
 * folder, and every other locale it declares (`locales:`) under
 * `<game>/<locale>/`, with the same pages. A page in another locale than the
 * main one is a translation made for this edition, never printed text: its
 * rules sentences come from each rule's `texts[locale]`, and the game's own
 * words (collection titles, descriptions, notes) from its locale file's
 * `texts:` (a word it does not translate stays in the main locale, marked
 * with that language by the page).
 */
const esc = Handlebars.escapeExpression;

export interface SiteLanguage {
  locale: string;
  /** The game's main locale. */
  main: string;
  /** The folder inside the game's folder ('' for the main locale, `pt-BR/` for another). */
  folder: string;
  /** A text of the game (in its main locale) in this locale; itself when it has no translation. */
  word(text: string): string;
  /** True when `word` has a translation of this text (so the page need not mark it as another language). */
  translates(text: string): boolean;
}

export function siteLanguages(g: CheckedGame): SiteLanguage[] {
  const game = g.linked.game;
  const main = game.manifest.locale;
  const locales = declaredLocales(game);
  // The locale files were checked (and their problems reported) when the rules compiled; this reads them again for their words only.
  const languages = locales.length > 1 ? gameLanguages(game, new DiagnosticBag()) : [];
  return locales.map((locale) => {
    const lang = languages.find((l) => l.tag === locale);
    const word = (text: string) => (lang && locale !== main ? lang.word(text) : text);
    return { locale, main, folder: locale === main ? '' : `${locale}/`, word, translates: (text) => locale === main || word(text) !== text };
  });
}

/** The game as a page in `locale` reads it: each compiled rule's text in that locale (the main one's where a rule has none). */
export function gameInLocale(g: CheckedGame, locale: string): CheckedGame {
  if (locale === g.linked.game.manifest.locale) return g;
  return { ...g, rules: g.rules.map((r) => ({ ...r, text: r.texts?.[locale] ?? r.text })) };
}

/**
 * The language to mark an entry's name with on a page in `locale`: the
 * collection's `nameLang` (Portuguese chiefs in an English game), else the
 * game's own locale, when that is not the page's; undefined when the name
 * reads in the page's language (or is given in it, as a map of locales).
 */
export function nameLangOn(game: Game, collection: string, name: Text | undefined, locale: string): string | undefined {
  if (name && typeof name === 'object' && name[locale] !== undefined) return undefined;
  return otherLang(game.collections.get(collection)?.decl.nameLang ?? game.manifest.locale, locale);
}

/** The same for the names of a graph's spaces (the graph's own `nameLang`). */
export function spaceLangOn(game: Game, graph: string, locale: string): string | undefined {
  return otherLang(game.manifest.graphs?.[graph]?.nameLang ?? game.manifest.locale, locale);
}

function otherLang(lang: string, locale: string): string | undefined {
  return lang.toLowerCase() === locale.toLowerCase() ? undefined : lang;
}

/** HTML (already escaped) wrapped in an element that carries its own language, when it differs from the page's. */
export function inLang(html: string, lang: string | undefined): string {
  return lang ? `<span lang="${esc(lang)}">${html}</span>` : html;
}

/** A game's text (in its main locale) in the page's locale: its translation (the locale file's `texts:`), else itself. */
export function ownText(text: string, language: SiteLanguage | undefined): string {
  return language?.folder ? language.word(text) : text;
}

/** The language to mark a game's text with on the page: its main locale, when the page is in another and the text has no translation. */
export function ownLang(text: string, language: SiteLanguage | undefined): string | undefined {
  return language?.folder && !language.translates(text) ? language.main : undefined;
}

/**
 * A game's text drawn on a page: translated into the page's locale where the
 * locale file can, else kept as written and marked with the main locale's
 * `lang` (a block's `div` for HTML that holds paragraphs), so a screen reader
 * reads an English note on a Portuguese page in English.
 */
export function ownHtml(text: string, language: SiteLanguage | undefined, html: (t: string) => string = esc, block = false): string {
  const lang = ownLang(text, language);
  const out = html(ownText(text, language));
  if (!lang) return out;
  return block ? `<div lang="${esc(lang)}">${out}</div>` : inLang(out, lang);
}
