import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Release } from '../release/record.ts';
import { contentSecurityPolicy } from './csp.ts';
import { esc } from './context.ts';
import type { Words } from './i18n.ts';

/**
 * The frame every page of the site shares (docs-site/templates/layout.hbs):
 * the head, the menu, the search box, the pager and the footer. The page
 * kinds (home-page.ts, not-found-page.ts, game-pages.ts) fill in its data.
 */

export const SITE_DIR = fileURLToPath(new URL('../../docs-site/', import.meta.url));
/** A page with this many sections or more opens with an "On this page" list. */
const OUTLINE_FROM = 3;

export interface NavGroup {
  label: string;
  items: Array<{ href: string; label: string; lang?: string; current?: boolean }>;
}

/**
 * What the footer says of the content: its version and the date of the
 * release that made it. Both come from the releases record (or the package
 * version), never from the clock or git: a fresh clone builds the same bytes.
 */
export interface Stamp {
  version?: string;
  date?: string;
}

export function stampOf(releases: readonly Release[], version: string | undefined): Stamp {
  const newest = releases[0];
  return newest ? { version: newest.version, date: newest.date } : version ? { version } : {};
}

let layoutCache: { source: string; template: HandlebarsTemplateDelegate } | undefined;
function layout(): HandlebarsTemplateDelegate {
  const source = readFileSync(SITE_DIR + 'templates/layout.hbs', 'utf8');
  if (layoutCache?.source !== source) layoutCache = { source, template: Handlebars.compile(source) };
  return layoutCache.template;
}

export interface PageLink {
  href: string;
  label: string;
  /** The label's language, when it is not the page's. */
  lang?: string;
}

export interface PageData {
  lang: string;
  title: string;
  /** The title's language, when it is not the page's (a chapter written in the game's main locale only). */
  titleLang?: string;
  /** The window title; by default "page · game · rulebook". */
  headTitle?: string;
  root: string;
  t: Words;
  body: string;
  gameName?: string;
  gameId?: string;
  gameRoot?: string;
  nav?: NavGroup[];
  /** On a page that is no game's (the home page): the search bundles a reader may choose, one per language. */
  searchLanguages?: Array<{ value: string; label: string; lang: string }>;
  /** "On this page": the page's sections, when it has several. */
  outline?: PageLink[];
  /** The pages before and after this one in the rulebook's order. */
  pager?: Array<PageLink & { rel: 'prev' | 'next'; dir: string }>;
  stamp?: Stamp;
  /** Left out of the search index (the 404 page). */
  noindex?: boolean;
  /** The same page in each locale of its game (hreflang alternates and the language links), when the game has several. */
  alternates?: Array<{ lang: string; label: string; href: string; current: boolean }>;
  /** On a page in a locale other than the game's own: the note that its sentences are a translation, not printed text. */
  translated?: string;
}

export function page(data: PageData): string {
  // "Root — Lei de Root, seção 16 (Apêndices)" is "Root" in the window title, which stays short.
  const gameShort = data.gameName?.split(' — ')[0];
  return layout()({
    ...data,
    csp: contentSecurityPolicy(),
    headTitle: windowTitle(data.headTitle ?? [data.title, gameShort, 'rulebook'].filter(Boolean).join(' · ')),
    searchLang: data.lang.toLowerCase(),
    // The search script reads its interface words from here, so it needs no copy of i18n.ts.
    words: JSON.stringify({
      noResults: data.t.noResults,
      results: data.t.results,
      moreResults: data.t.moreResults,
      searching: data.t.searching,
      offline: data.t.searchOffline,
      copied: data.t.copied,
      // The words of a cross-reference's preview (previews.js).
      previewGo: data.t.previewGo,
      previewLoading: data.t.previewLoading,
      previewFailed: data.t.previewFailed,
    }),
    // Field queries' words (docs-site/field-search.js): every `query...` word, the "Did you mean" and the failure.
    queryWords: JSON.stringify({
      ...Object.fromEntries(Object.entries(data.t).filter(([k]) => k.startsWith('query'))),
      didYouMean: data.t.didYouMean,
      filterFailed: data.t.filterFailed,
    }),
  });
}

/** A window title reads in a tab, a bookmark and a search engine's result, which show about 70 characters. */
const TITLE_MAX = 70;

/**
 * The title, its page part shortened with an ellipsis when the whole would
 * pass TITLE_MAX (a chapter titled with a whole sentence), so the game and
 * site names stay. Counted as written in the page, escapes included, as
 * html-validate's long-title counts it.
 */
export function windowTitle(title: string): string {
  const fits = (t: string) => esc(t).length <= TITLE_MAX;
  if (fits(title)) return title;
  const cut = title.indexOf(' · ');
  const rest = cut < 0 || !fits(`x…${title.slice(cut)}`) ? '' : title.slice(cut);
  const head = [...(rest ? title.slice(0, cut) : title)];
  while (head.length && !fits(`${head.join('').trimEnd()}…${rest}`)) head.pop();
  return `${head.join('').trimEnd()}…${rest}`;
}

/**
 * Each language named in itself, as a language menu shows it ("English",
 * "Português (Brasil)"), by Intl.DisplayNames: a new locale needs no entry
 * here. A tag Intl does not know is shown as it is.
 */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return tag;
  }
}

/** The page's sections (its h2 headings, with their anchors) when there are enough of them to need a list. */
export function outlineOf(body: string): PageLink[] | undefined {
  const sections = [...body.matchAll(/<h2 id="([^"]+)"[^>]*>([\s\S]*?)<\/h2>/g)].map((h) => ({
    href: `#${h[1]!}`,
    // The heading's words only: a glossary tooltip inside it is the term's definition, and a draft badge a mark, not the heading's.
    label: h[2]!
      .replace(/<span class="(?:tip|draft)"[\s\S]*?<\/span>/g, '')
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
  return sections.length >= OUTLINE_FROM ? sections : undefined;
}
