import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { textOf } from '../text.ts';
import { isInvented, type CheckedGame, type Collection, type Entry, type Manifest, type Text } from '../model.ts';
import type { Release } from '../release/record.ts';
import { changesHtml } from './changes.ts';
import { contentSecurityPolicy } from './csp.ts';
import { esc, glossaryOf, plain, readingsByEntry, type PageContext } from './context.ts';
import { collectionHtml, draftsHtml, gameHome, readingsListHtml } from './entities.ts';
import { entriesFile, entriesJson, filterFieldsOf, filtersHtml, pagesNavHtml, valueLabel } from './collection-pages.ts';
import { labelsOf } from './labels.ts';
import { isPaged, planCollection, type CollectionPlan } from './pages.ts';
import { siteIndexOf } from './site-index.ts';
import { wordsFor, type Words } from './i18n.ts';
import { anchorHeadings, markdownTitle, markdownToHtml, tokensToMarkdown } from './markdown.ts';
import { glossaryHtml, rulesTreeHtml } from './rules-tree.ts';
import { searchIndex } from './search.ts';
import { declaredLocales } from '../locales/game-locales.ts';
import { gameInLocale, inLang, nameLangOn, ownLang, pageBodyIn, pageLangOn, siteLanguages, type SiteLanguage } from './translation.ts';
import { isFullUrl, sitemapXml } from './sitemap.ts';

const SITE_DIR = fileURLToPath(new URL('../../docs-site/', import.meta.url));
/** Files copied as they are from docs-site/ to the root of dist/. */
const ASSETS = ['style.css', 'site.js', 'search.js', 'filters.js', 'sw.js', 'favicon.svg'];
/** The page a static host serves for an address it does not have; not a page of the site's own (no sitemap, no search). */
export const NOT_FOUND = '404.html';
/** A page with this many sections or more opens with an "On this page" list. */
const OUTLINE_FROM = 3;

export type SiteFiles = Map<string, string | Uint8Array>;

export interface SiteOptions {
  /** The URL path the site is served under (or a full URL); the sitemap and the 404 page use it (other links are relative). */
  base: string;
  /** Build the Pagefind index (default true). `rulebook serve` rebuilds it apart from the pages. */
  search?: boolean;
  /** The releases record (releases.yaml, newest first): each game gets a Changes page when there is one. */
  releases?: readonly Release[];
  /** The content's version when there is no release yet (the engine package's version), shown in the footer. */
  version?: string;
}

interface NavGroup {
  label: string;
  items: Array<{ href: string; label: string; lang?: string; current?: boolean }>;
}

/**
 * What the footer says of the content: its version and the date of the
 * release that made it. Both come from the releases record (or the package
 * version), never from the clock or git: a fresh clone builds the same bytes.
 */
interface Stamp {
  version?: string;
  date?: string;
}

function stampOf(releases: readonly Release[], version: string | undefined): Stamp {
  const newest = releases[0];
  return newest ? { version: newest.version, date: newest.date } : version ? { version } : {};
}

/** Build every page of the site, then its search index. Returns path (relative to dist/) -> contents. */
export async function emitSite(games: readonly CheckedGame[], options: SiteOptions): Promise<SiteFiles> {
  const out: SiteFiles = renderSite(games, options);
  if (options.search !== false) {
    // The 404 page is nobody's answer to a search.
    const pages = new Map([...out].filter(([p]) => p !== NOT_FOUND));
    for (const [p, c] of await searchIndex(pages)) out.set(p, c);
  }
  return sorted(out);
}

/** The pages, assets and sitemap, without the search index. Synchronous and cheap: what `serve` re-runs on each save. */
export function renderSite(games: readonly CheckedGame[], options: SiteOptions): SiteFiles {
  const out: SiteFiles = new Map();
  const stamp = stampOf(options.releases ?? [], options.version);
  for (const a of ASSETS) out.set(a, readFileSync(SITE_DIR + a, 'utf8'));
  out.set('index.html', renderHome(games, stamp));
  out.set(NOT_FOUND, renderNotFound(games, options.base, stamp));
  for (const g of games) for (const [p, c] of renderGame(g, options.releases, options.version)) out.set(p, c);
  return withSitemap(sorted(out), options.base);
}

/** The site with its sitemap.xml (re)made from the pages it holds. */
export function withSitemap(files: SiteFiles, base: string): SiteFiles {
  if (!isFullUrl(base)) {
    files.delete('sitemap.xml');
    return files;
  }
  files.set(
    'sitemap.xml',
    sitemapXml(
      [...files.keys()].filter((p) => p.endsWith('.html') && p !== NOT_FOUND),
      base,
    ),
  );
  return files;
}

let layoutCache: { source: string; template: HandlebarsTemplateDelegate } | undefined;
function layout(): HandlebarsTemplateDelegate {
  const source = readFileSync(SITE_DIR + 'templates/layout.hbs', 'utf8');
  if (layoutCache?.source !== source) layoutCache = { source, template: Handlebars.compile(source) };
  return layoutCache.template;
}

interface PageLink {
  href: string;
  label: string;
  /** The label's language, when it is not the page's. */
  lang?: string;
}

interface PageData {
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

function page(data: PageData): string {
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
      searching: data.t.searching,
      offline: data.t.searchOffline,
      copied: data.t.copied,
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

/**
 * What the home page says of a game: its summary; without one, what the
 * manifest knows for sure (the players, unless that is a draft, and the
 * rulebook it is transcribed from), so every game is described.
 */
function gameDescription(g: CheckedGame, w: Words): string {
  const m = g.linked.game.manifest;
  if (m.summary) return textOf(m.summary, m.locale);
  const draftPlayers = g.linked.placeholders.some((p) => p.collection === '(manifest)' && p.path === '/players');
  const players = m.players && !draftPlayers ? `${w.aboutGame} ${m.players.min}–${m.players.max} ${w.players.toLocaleLowerCase(m.locale)}` : '';
  const source = sourceTitle(m);
  if (!players && !source) return '';
  const sentence = [players, source ? `${w.transcribedFrom} ${source}` : ''].filter(Boolean).join(', ');
  return `${sentence.charAt(0).toLocaleUpperCase(m.locale)}${sentence.slice(1)}.`;
}

function sourceTitle(m: Manifest): string {
  return typeof m.source === 'string' ? m.source : (m.source?.title ?? '');
}

function gamesList(games: readonly CheckedGame[], root: string): string {
  const items = games.map((g) => {
    const m = g.linked.game.manifest;
    const description = gameDescription(g, wordsFor(m.locale, isInvented(m)));
    // A game in several locales: a link to each other version, named in its own language.
    const others = declaredLocales(g.linked.game)
      .filter((l) => l !== m.locale)
      .map((l) => `<a href="${esc(`${root}${m.id}/${l}/index.html`)}" hreflang="${esc(l)}" lang="${esc(l)}">${esc(languageName(l))}</a>`);
    return `<li><a href="${esc(root + m.id)}/index.html" lang="${esc(m.locale)}">${esc(textOf(m.name, m.locale))}</a>${description ? ` — <span lang="${esc(m.locale)}">${esc(description)}</span>` : ''}${others.length ? ` (${others.join(', ')})` : ''}</li>`;
  });
  return `<ul class="games">${items.join('\n')}</ul>`;
}

/** The home page: the list of games. */
export function renderHome(games: readonly CheckedGame[], stamp: Stamp = {}): string {
  const en = wordsFor('en');
  // The home page serves every game, in several languages: the reader picks which index to search.
  const locales = [...new Set(games.map((g) => g.linked.game.manifest.locale))];
  const searchLanguages = locales.length > 1 ? locales.map((l) => ({ value: `pagefind/${l.toLowerCase()}/`, label: languageName(l), lang: l })) : undefined;
  return page({ lang: 'en', title: en.games, root: '', t: en, body: gamesList(games, ''), searchLanguages, stamp });
}

/**
 * 404.html, in the home page's language. A host serves it at any missing
 * address, at any depth, so its links start from the path the site is
 * served under (`--base`), not from where the page happens to be.
 */
export function renderNotFound(games: readonly CheckedGame[], base: string, stamp: Stamp = {}): string {
  const en = wordsFor('en');
  const root = basePath(base);
  const body = `<p>${esc(en.notFoundText)}</p><h2>${esc(en.allGames)}</h2>${gamesList(games, root)}`;
  return page({ lang: 'en', title: en.notFound, root, t: en, body, stamp, noindex: true });
}

/** The URL path of `--base` ("/", "/docs/", or the path of a full URL), ending in "/". */
export function basePath(base: string): string {
  let p = base;
  try {
    p = new URL(base).pathname;
  } catch {
    // Not a full URL: a path.
  }
  if (!p.startsWith('/')) p = `/${p}`;
  return p.endsWith('/') ? p : `${p}/`;
}

interface GamePage {
  rel: string;
  title: string;
  body: string;
  /** The navigation group it stands in (its label tells two pages of one title apart). */
  group: string;
  /**
   * No "On this page": a page of a split collection has its page list and
   * filters instead, and 200 entry links ahead of them were 200 more stops
   * for a keyboard and a screen reader before the first card.
   */
  noOutline?: boolean;
}

/** Every page of one game, in each locale it declares (see translation.ts): the main one at `<game>/`, the others under `<game>/<locale>/`. */
export function renderGame(g: CheckedGame, releases: readonly Release[] = [], version?: string): Map<string, string> {
  const languages = siteLanguages(g);
  const out = new Map<string, string>();
  for (const language of languages) for (const [p, c] of renderGameIn(gameInLocale(g, language.locale), language, languages, releases, version)) out.set(p, c);
  return out;
}

/** Every page of one game in one locale: its overview, its Markdown rules, one page per collection, its drafts. */
function renderGameIn(
  g: CheckedGame,
  language: SiteLanguage,
  languages: readonly SiteLanguage[],
  releases: readonly Release[],
  version: string | undefined,
): Map<string, string> {
  const game = g.linked.game;
  const m = game.manifest;
  const locale = language.locale;
  const words = wordsFor(locale, isInvented(m));
  const gameName = textOf(m.name, locale);
  // A game's own words on this page: in the page's locale where the game's locale file translates them.
  const own = (t: Text | undefined) => language.word(textOf(t, locale));
  const drafts = new Map(g.linked.placeholders.map((p) => [`${p.collection}|${p.id}|${p.path}`, p]));
  const readings = readingsByEntry(g.linked.readings);
  const glossary = glossaryOf(g);
  const pages = game.pages.map((p) => ({ page: p, title: markdownTitle(p.text) ?? p.slug }));
  const roles = m.roles ?? {};
  // A collection without a title: a role's name in the reader's words (never the property name "glossary").
  const roleWords: Record<string, string> = { [roles.rules ?? '']: words.rules, [roles.glossary ?? '']: words.glossary, [roles.icons ?? '']: words.icons };
  const titleOf = (name: string) => own(game.collections.get(name)?.decl.title) || roleWords[name] || name;
  // The language of a page's title where it is not the page's: a prose chapter's (written in the main locale only), a collection title the locale file does not translate.
  const titleLangs = new Map<string, string | undefined>([
    ...pages.map((p) => [`rules/${p.page.slug}.html`, pageLangOn(p.page, language)] as const),
    ...[...game.collections.values()].map((c) => [`${c.name}.html`, c.decl.title ? ownLang(textOf(c.decl.title, locale), language) : undefined] as const),
  ]);
  const collectionLink = (name: string) => ({ href: `${name}.html`, label: titleOf(name), lang: titleLangs.get(`${name}.html`) });
  const ruleLinks = [
    ...pages.map((p) => ({ href: `rules/${p.page.slug}.html`, label: p.title, lang: titleLangs.get(`rules/${p.page.slug}.html`) })),
    ...[roles.rules, roles.glossary].filter((r): r is string => !!r && game.collections.has(r)).map(collectionLink),
  ];
  const dataLinks = [...game.collections.keys()].filter((c) => c !== roles.rules && c !== roles.glossary).map(collectionLink);
  const nav: NavGroup[] = [
    { label: gameName, items: [{ href: 'index.html', label: words.home }, ...(releases.length ? [{ href: 'changes.html', label: words.changes }] : [])] },
    ...(ruleLinks.length ? [{ label: words.rules, items: ruleLinks }] : []),
    { label: words.data, items: [...dataLinks, { href: 'drafts.html', label: words.drafts }] },
  ];
  // Every collection drawn as entries gets its pages planned before any page is drawn: a link to an entry needs the page that draws it.
  const plans = new Map<string, CollectionPlan>();
  // The index reads the plans as it is asked, so it is built once, before them.
  const index = siteIndexOf(g, plans);
  const ctxAt = (toGame: string): PageContext => ({ game: g, words, locale, toGame, drafts, readings, glossary, ids: { next: 0 }, index, language });
  for (const c of game.collections.values()) {
    if (c.name === roles.rules || c.name === roles.glossary) continue;
    const at = c.decl.pageBy ? labelsOf(game, c).at(`/${c.decl.pageBy}`) : undefined;
    plans.set(
      c.name,
      planCollection(c, {
        // A field the schema does not have (a warning of the check) leaves the pages numbered.
        by: at?.node ? c.decl.pageBy : undefined,
        title: titleOf(c.name),
        valueLabel: (v) => valueLabel(v, at?.ref, ctxAt('')),
        order: Array.isArray(at?.node?.enum) ? (at.node.enum as unknown[]) : undefined,
        none: '—',
      }),
    );
  }
  const extra = new Map<string, string>();

  const made: GamePage[] = [];
  // Pages of this locale live in its folder inside the game's (cangaco/pt-BR/rules.html).
  const home = `${m.id}/${language.folder}`;
  const add = (rel: string, title: string, body: string, group: string, noOutline?: boolean) => made.push({ rel: home + rel, title, body, group, noOutline });
  add('index.html', gameName, gameHome(ctxAt(''), [...ruleLinks, ...dataLinks]), gameName);
  for (const { page: p, title } of pages) {
    const ctx = ctxAt('../');
    const html = linkCollections(anchorHeadings(markdownToHtml(tokensToMarkdown(p.text.replace(/^#\s+.+$/m, ''), ctx)), ctx), ctx);
    // A prose page with no translation in this locale (rules/<locale>/) keeps its language, said so.
    add(`rules/${p.slug}.html`, title, pageBodyIn(html, p, language), words.rules);
  }
  for (const c of game.collections.values()) {
    const intro = c.decl.description ? `<p>${esc(own(c.decl.description))}</p>` : '';
    const plan = plans.get(c.name);
    if (!plan) {
      const ctx = ctxAt('');
      add(`${c.name}.html`, titleOf(c.name), intro + (c.name === roles.rules ? rulesTreeHtml(c, ctx) : glossaryHtml(c, ctx)), words.rules);
      continue;
    }
    if (!isPaged(plan)) {
      add(`${c.name}.html`, titleOf(c.name), intro + collectionHtml(c, ctxAt(''), 2), words.data);
      continue;
    }
    // A split collection: each page has the page list and the filters above its entries; the entry list beside them.
    const fields = filterFieldsOf(c, ctxAt(''));
    extra.set(home + entriesFile(c), entriesJson(plan, fields, ctxAt('')));
    plan.pages.forEach((p, i) => {
      const ctx = ctxAt('');
      const furniture = pagesNavHtml(c, plan, i, titleOf(c.name), ctx) + filtersHtml(c, fields, titleOf(c.name), ctx);
      add(p.file, p.label, intro + furniture + collectionHtml(c, ctx, 2, p.entries), words.data, true);
    });
  }
  // The drafts page lists notes, not rules: kept out of search, where it drowned the entries it annotates.
  add(
    'drafts.html',
    words.drafts,
    `<div data-pagefind-ignore="all">${draftsHtml(g.linked.placeholders, ctxAt('')) + readingsListHtml(g.linked.readings, ctxAt(''))}</div>`,
    words.data,
  );
  if (releases.length) add('changes.html', words.changes, changesHtml(releases, ctxAt('')), gameName);

  // The rulebook's order: the overview, the rules pages in file order, the numbered rules and glossary, the collections as the manifest lists them, the drafts; then the changes.
  // A split collection's pages follow its first page, in their own order.
  const pagesOf = (href: string) => plans.get(href.replace(/\.html$/, ''))?.pages.map((p) => p.file) ?? [href];
  const order = ['index.html', ...ruleLinks.map((l) => l.href), ...dataLinks.flatMap((l) => pagesOf(l.href)), 'drafts.html', 'changes.html'].map(
    (h) => home + h,
  );
  const rank = new Map(order.map((rel, i) => [rel, i]));
  made.sort((a, b) => (rank.get(a.rel) ?? -1) - (rank.get(b.rel) ?? -1));
  // Two pages of one title (a rules chapter named as the collection it shows) differ in the window title by their group.
  const titleCount = new Map<string, number>();
  for (const p of made) titleCount.set(p.title, (titleCount.get(p.title) ?? 0) + 1);
  const short = gameName.split(' — ')[0];

  const out = new Map<string, string>(extra);
  made.forEach((p, i) => {
    const depth = p.rel.split('/').length - 1;
    // From the page to its locale's folder, and to the game's folder (where the main locale's pages are).
    const inGame = p.rel.slice(home.length);
    const toGame = '../'.repeat(inGame.split('/').length - 1);
    const toGameFolder = '../'.repeat(depth - 1);
    const link = (q: GamePage | undefined, rel: 'prev' | 'next') =>
      q
        ? [
            {
              rel,
              dir: rel === 'prev' ? words.previous : words.next,
              href: toGame + q.rel.slice(home.length),
              label: q.rel === `${home}index.html` ? words.home : q.title,
              lang: titleLangs.get(q.rel.slice(home.length)),
            },
          ]
        : [];
    const overview = p.rel === `${home}index.html`;
    // A page in another locale than the game's names its language, so its title is not the main locale page's.
    const inLanguage = language.folder ? languageName(locale) : '';
    const headTitle = overview
      ? [gameName, inLanguage, 'rulebook'].filter(Boolean).join(' · ')
      : [p.title, (titleCount.get(p.title) ?? 0) > 1 ? p.group : '', short, inLanguage, 'rulebook'].filter(Boolean).join(' · ');
    out.set(
      p.rel,
      page({
        lang: locale,
        title: p.title,
        titleLang: titleLangs.get(inGame),
        headTitle,
        gameName,
        gameId: m.id,
        root: '../'.repeat(depth),
        gameRoot: toGame,
        t: words,
        body: p.body,
        nav: nav.map((group) => ({ ...group, items: group.items.map((n) => ({ ...n, href: toGame + n.href, current: home + n.href === p.rel })) })),
        // The same page in each locale of the game: hreflang alternates in the head, and links a reader can follow.
        alternates:
          languages.length > 1
            ? languages.map((l) => ({ lang: l.locale, label: languageName(l.locale), href: toGameFolder + l.folder + inGame, current: l.locale === locale }))
            : undefined,
        translated: language.folder ? words.translationNote : undefined,
        outline: p.noOutline ? undefined : outlineOf(p.body),
        pager: [...link(made[i - 1], 'prev'), ...link(made[i + 1], 'next')],
        stamp: stampOf(releases, version),
      }),
    );
  });
  return out;
}

/** The page's sections (its h2 headings, with their anchors) when there are enough of them to need a list. */
function outlineOf(body: string): PageLink[] | undefined {
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

/**
 * `::collection{name=...}` markers in a rules chapter. The collection has
 * its own page (its faces, its entries' anchors, its search results), so the
 * chapter links there, with the names of the entries it shows each linked
 * to its face, instead of drawing them a second time: no two pages carry
 * the same content, and a search finds each entry once. The list is left
 * out of the index for the same reason.
 */
function linkCollections(html: string, ctx: PageContext): string {
  const game = ctx.game.linked.game;
  return html.replace(/<div data-collection="([^"]*)"><\/div>/g, (_, spec: string) => {
    const [name = '', query = ''] = unescapeHtml(spec).split('?');
    const c = game.collections.get(name);
    if (!c) return `<p>${esc(name)}</p>`;
    const filter = [...new URLSearchParams(query)];
    const entries = c.entries.filter((e) => filter.every(([k, v]) => String(e.value[k]) === v));
    return collectionLinkHtml(c, entries, ctx);
  });
}

function collectionLinkHtml(c: Collection, entries: readonly Entry[], ctx: PageContext): string {
  const href = `${ctx.toGame}${c.name}.html`;
  const title = textOf(c.decl.title, ctx.locale) || c.name;
  const names = entries.map(
    (e) =>
      `<li><a href="${esc(ctx.toGame + ctx.index.hrefOf(c.name, e.id))}">${inLang(esc(plain(textOf((e.name ?? e.value.title) as Text | undefined, ctx.locale)) || e.id), nameLangOn(ctx.game.linked.game, c.name, e.name, ctx.locale))}</a></li>`,
  );
  return `<div class="collection-link" data-pagefind-ignore><p><a href="${esc(href)}">${esc(title)}</a> (${entries.length}, ${esc(ctx.words.entriesShownOn)}):</p><ul class="entry-links">${names.join('')}</ul></div>`;
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export function sorted(files: SiteFiles): SiteFiles {
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
