import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { declaredLocales, gameLanguages } from '../locales/game-locales.ts';
import type { CheckedGame, Collection, Game, LinkedGame, Manifest, MarkdownPage, Text } from '../model.ts';
import { wordsFor } from './i18n.ts';
import Handlebars from 'handlebars';

/**
 * The languages a game's site is drawn in: its main locale at the game's
 * folder, and every other locale it declares (`locales:`) under
 * `<game>/<locale>/`, with the same pages. A page in another locale than the
 * main one is a translation made for this edition, never printed text: its
 * rules sentences come from each rule's `texts[locale]`, its rules pages from
 * rules/<locale>/ (the same file names), and the game's own words (names,
 * titles, descriptions, notes, card texts) from its locale file's `texts:`.
 * A text it does not translate is never published silently: it stays in the
 * main locale, marked with that language, with a short note in the page's
 * language that it is not translated yet (and `check` warns, see
 * compiler/locales/untranslated.ts).
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
  /** True when the text reads in this locale: its translation exists, or it is one (the page need not mark it as another language). */
  translates(text: string): boolean;
  /** The note beside an untranslated part, in the page's language: "(em inglês: ainda não traduzido)". */
  untranslatedNote: string;
}

const languagesCache = new WeakMap<Game, SiteLanguage[]>();

export function siteLanguages(g: CheckedGame): SiteLanguage[] {
  const game = g.linked.game;
  const known = languagesCache.get(game);
  if (known) return known;
  const main = game.manifest.locale;
  const locales = declaredLocales(game);
  // The locale files were checked (and their problems reported) when the rules compiled; this reads them again for their words only.
  const languages = locales.length > 1 ? gameLanguages(game, new DiagnosticBag()) : [];
  const out = locales.map((locale): SiteLanguage => {
    const lang = locale === main ? undefined : languages.find((l) => l.tag === locale);
    const texts = lang?.translations() ?? new Map<string, string>();
    // A text already in this locale (a translation put in place by gameInLocale) reads as translated.
    const given = new Set(texts.values());
    const word = (text: string) => texts.get(text) ?? text;
    return {
      locale,
      main,
      folder: locale === main ? '' : `${locale}/`,
      word,
      translates: (text) => locale === main || texts.has(text) || given.has(text),
      untranslatedNote: wordsFor(locale).untranslated.replace('{language}', languageNameIn(main, locale)),
    };
  });
  languagesCache.set(game, out);
  return out;
}

/** A language's name in another, lower case as it stands inside a sentence ("inglês", "English"). */
function languageNameIn(tag: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The game as a page in `locale` reads it: each compiled rule's text in that
 * locale (the main one's where a rule has none), each rules page's
 * translation where rules/<locale>/ has one, and the game's own words that
 * the locale file translates put in place (names, titles, descriptions,
 * components, declared values, draft and reading notes, end-state nouns), so
 * every renderer reads them as it reads the main ones. What it does not
 * translate stays as written, for the renderers to mark (ownHtml).
 */
export function gameInLocale(g: CheckedGame, locale: string): CheckedGame {
  const game = g.linked.game;
  if (locale === game.manifest.locale) return g;
  const language = siteLanguages(g).find((l) => l.locale === locale);
  const tr = (t: string) => language?.word(t) ?? t;
  const trText = (t: Text | undefined): Text | undefined => (typeof t === 'string' ? tr(t) : t);
  const translatedGame: Game = {
    ...game,
    manifest: manifestIn(game.manifest, tr, trText),
    collections: new Map([...game.collections].map(([name, c]) => [name, collectionIn(c, game.manifest.locale, locale, tr)])),
    pages: game.pages.map((p) => pageIn(game, p, locale)),
  };
  const linked: LinkedGame = {
    ...g.linked,
    game: translatedGame,
    declarations: new Map([...g.linked.declarations].map(([k, list]) => [k, list.map((d) => ({ ...d, name: trText(d.name)! }))])),
    placeholders: g.linked.placeholders.map((p) => ({ ...p, note: tr(p.note) })),
    readings: g.linked.readings.map((r) => ({ ...r, note: tr(r.note) })),
  };
  // A worked example's note is translated where it is drawn (ownHtml): the page finds an example's readings by the
  // example object itself (the entry's), so the examples are not copied.
  return { ...g, linked, rules: g.rules.map((r) => ({ ...r, text: r.texts?.[locale] ?? r.text })) };
}

/** The words of an end state's field that a page shows (the others are IDs). */
const STATE_WORDS = new Set(['noun', 'nounPlural', 'phrase', 'description']);

/** The manifest's texts readers see (summary, components, collection titles and descriptions, declared values) in the locale. */
function manifestIn(m: Manifest, tr: (t: string) => string, trText: (t: Text | undefined) => Text | undefined): Manifest {
  const declarations = m.declarations
    ? Object.fromEntries(
        Object.entries(m.declarations).map(([k, list]) => [k, Array.isArray(list) ? list.map((d) => ({ ...d, name: trText(d.name)! })) : list]),
      )
    : undefined;
  return {
    ...m,
    summary: trText(m.summary),
    components: m.components?.map((c) => ({
      ...c,
      name: trText(c.name)!,
      ...(c.note ? { note: tr(c.note) } : {}),
      ...(c.gap ? { gap: tr(c.gap) } : {}),
      ...(c.parts ? { parts: c.parts.map((p) => ({ ...p, name: tr(p.name) })) } : {}),
    })),
    collections: m.collections
      ? Object.fromEntries(
          Object.entries(m.collections).map(([k, d]) => [
            k,
            { ...d, title: trText(d.title), ...(typeof d.description === 'string' ? { description: tr(d.description) } : {}) },
          ]),
        )
      : m.collections,
    ...(declarations ? { declarations: declarations as Manifest['declarations'] } : {}),
    // The end state's nouns and phrases name what a worked example's player holds ("4 markers").
    ...(m.endState
      ? {
          endState: {
            ...m.endState,
            fields: Object.fromEntries(
              Object.entries(m.endState.fields).map(([k, f]) => [
                k,
                Object.fromEntries(Object.entries(f).map(([key, v]) => [key, typeof v === 'string' && STATE_WORDS.has(key) ? tr(v) : v])) as typeof f,
              ]),
            ),
          },
        }
      : {}),
  };
}

/**
 * A collection in the locale: its title and description, and each entry's
 * name the locale file translates, given as a map of locales (so the name
 * reads in the page's language and is not marked as another).
 */
function collectionIn(c: Collection, main: string, locale: string, tr: (t: string) => string): Collection {
  const decl = {
    ...c.decl,
    title: typeof c.decl.title === 'string' ? tr(c.decl.title) : c.decl.title,
    description: typeof c.decl.description === 'string' ? tr(c.decl.description) : c.decl.description,
  };
  const entries = c.entries.map((e) => {
    if (typeof e.name !== 'string' || tr(e.name) === e.name) return e;
    return { ...e, name: { [main]: e.name, [locale]: tr(e.name) } as Text };
  });
  return { ...c, decl, entries };
}

/** A rules page in the locale: its translation (rules/<locale>/, same slug) where there is one, else itself. */
function pageIn(game: Game, page: MarkdownPage, locale: string): MarkdownPage {
  return game.translatedPages?.find((t) => t.locale === locale && t.slug === page.slug) ?? page;
}

/** The language a rules page's title and text are marked with on a page in `language`: the main locale's, when it has no translation there. */
export function pageLangOn(page: MarkdownPage, language: SiteLanguage): string | undefined {
  return language.folder && page.locale !== language.locale ? language.main : undefined;
}

/** A rules page's HTML: as it is, or (not translated yet) in its own language with the note that says so, once, at its top. */
export function pageBodyIn(html: string, page: MarkdownPage, language: SiteLanguage): string {
  const lang = pageLangOn(page, language);
  return lang ? `${untranslatedNoteHtml(language, true)}<div lang="${esc(lang)}">${html}</div>` : html;
}

/** The visible note beside (or above, for a block) a part not translated yet: in the page's language, out of search. */
export function untranslatedNoteHtml(language: SiteLanguage, block = false): string {
  const tag = block ? 'p' : 'span';
  return `<${tag} class="untranslated" data-pagefind-ignore>${esc(language.untranslatedNote)}</${tag}>`;
}

/**
 * The language to mark an entry's name with on a page in `locale`: the
 * entry's own `nameLang` (a Portuguese event among English ones), else the
 * collection's (Portuguese chiefs in an English game), else the game's own
 * locale, when that is not the page's; undefined when the name reads in the
 * page's language (or is given in it, as a map of locales).
 */
export function nameLangOn(
  game: Game,
  collection: string,
  name: Text | undefined,
  locale: string,
  value?: Readonly<Record<string, unknown>>,
): string | undefined {
  if (name && typeof name === 'object' && name[locale] !== undefined) return undefined;
  return otherLang(nameLangOf(game, collection, value), locale);
}

/** The language an entry's name is written in: its own `nameLang` (glosses.ts), the collection's, else the game's locale. */
export function nameLangOf(game: Game, collection: string, value?: Readonly<Record<string, unknown>>): string {
  const own = value?.nameLang;
  return (typeof own === 'string' && own) || (game.collections.get(collection)?.decl.nameLang ?? game.manifest.locale);
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

/**
 * True when a field's string value is a text of the game to translate: not one
 * of an enum's values (those have labels of their own), not an ID (a
 * reference, a declared value), which the page names by what it names.
 */
export function isFreeText(value: string, place: { ref?: string; node?: Record<string, unknown> } | undefined): boolean {
  return !place?.ref && !Array.isArray(place?.node?.enum) && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
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
 * locale file can, else kept as written, marked with the main locale's `lang`
 * (a block's `div` for HTML that holds paragraphs), so a screen reader reads
 * an English note on a Portuguese page in English, and followed by the note
 * that it is not translated yet, so a reader is not left guessing either.
 */
export function ownHtml(text: string, language: SiteLanguage | undefined, html: (t: string) => string = esc, block = false): string {
  const lang = ownLang(text, language);
  const out = html(ownText(text, language));
  if (!lang || !language) return out;
  return block ? `<div lang="${esc(lang)}">${out}</div>${untranslatedNoteHtml(language, true)}` : `${inLang(out, lang)} ${untranslatedNoteHtml(language)}`;
}
