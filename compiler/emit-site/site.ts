import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { textOf } from '../link/link.ts';
import type { CheckedGame } from '../pipeline.ts';
import type { Release } from '../release/record.ts';
import { changesHtml } from './changes.ts';
import { contentSecurityPolicy } from './csp.ts';
import { esc, glossaryOf, readingsByEntry, type PageContext } from './context.ts';
import { collectionHtml, draftsHtml, gameHome, readingsListHtml } from './entities.ts';
import { wordsFor, type Words } from './i18n.ts';
import { markdownTitle, markdownToHtml, tokensToMarkdown } from './markdown.ts';
import { glossaryHtml, rulesTreeHtml } from './rules-tree.ts';
import { searchIndex } from './search.ts';
import { sitemapXml } from './sitemap.ts';

const SITE_DIR = fileURLToPath(new URL('../../docs-site/', import.meta.url));
/** Files copied as they are from docs-site/ to the root of dist/. */
const ASSETS = ['style.css', 'site.js', 'search.js', 'sw.js'];

export type SiteFiles = Map<string, string | Uint8Array>;

export interface SiteOptions {
  /** The URL path the site is served under; used only in the sitemap (links are relative). */
  base: string;
  /** Build the Pagefind index (default true). `rulebook serve` rebuilds it apart from the pages. */
  search?: boolean;
  /** The releases record (releases.yaml, newest first): each game gets a Changes page when there is one. */
  releases?: readonly Release[];
}

interface NavGroup {
  label: string;
  items: Array<{ href: string; label: string; current?: boolean }>;
}

/** Build every page of the site, then its search index. Returns path (relative to dist/) -> contents. */
export async function emitSite(games: readonly CheckedGame[], options: SiteOptions): Promise<SiteFiles> {
  const out: SiteFiles = renderSite(games, options);
  if (options.search !== false) for (const [p, c] of await searchIndex(out)) out.set(p, c);
  return sorted(out);
}

/** The pages, assets and sitemap, without the search index. Synchronous and cheap: what `serve` re-runs on each save. */
export function renderSite(games: readonly CheckedGame[], options: SiteOptions): SiteFiles {
  const out: SiteFiles = new Map();
  for (const a of ASSETS) out.set(a, readFileSync(SITE_DIR + a, 'utf8'));
  out.set('index.html', renderHome(games));
  for (const g of games) for (const [p, c] of renderGame(g, options.releases)) out.set(p, c);
  return withSitemap(sorted(out), options.base);
}

/** The site with its sitemap.xml (re)made from the pages it holds. */
export function withSitemap(files: SiteFiles, base: string): SiteFiles {
  files.set('sitemap.xml', sitemapXml([...files.keys()].filter((p) => p.endsWith('.html')), base));
  return files;
}

let layoutCache: { source: string; template: HandlebarsTemplateDelegate } | undefined;
function layout(): HandlebarsTemplateDelegate {
  const source = readFileSync(SITE_DIR + 'templates/layout.hbs', 'utf8');
  if (layoutCache?.source !== source) layoutCache = { source, template: Handlebars.compile(source) };
  return layoutCache.template;
}

interface PageData {
  lang: string;
  title: string;
  root: string;
  t: Words;
  body: string;
  gameName?: string;
  gameId?: string;
  gameRoot?: string;
  nav?: NavGroup[];
  /** On a page that is no game's (the home page): the search bundles a reader may choose, one per language. */
  searchLanguages?: Array<{ value: string; label: string; lang: string }>;
}

function page(data: PageData): string {
  return layout()({
    ...data,
    csp: contentSecurityPolicy(),
    // "Root — Lei de Root, seção 16 (Apêndices)" is "Root" in the window title, which stays short.
    gameShort: data.gameName?.split(' — ')[0],
    searchLang: data.lang.toLowerCase(),
    // The search script reads its interface words from here, so it needs no copy of i18n.ts.
    words: JSON.stringify({ noResults: data.t.noResults, results: data.t.results, searching: data.t.searching, offline: data.t.searchOffline, copied: data.t.copied }),
  });
}

/** Each language named in itself, as a language menu shows it. */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', 'pt-BR': 'Português' };

/** The home page: the list of games. */
export function renderHome(games: readonly CheckedGame[]): string {
  const en = wordsFor('en');
  const items = games.map((g) => {
    const m = g.linked.game.manifest;
    return `<li><a href="${esc(m.id)}/index.html" lang="${esc(m.locale)}">${esc(textOf(m.name, m.locale))}</a>${m.summary ? ` — <span lang="${esc(m.locale)}">${esc(textOf(m.summary, m.locale))}</span>` : ''}</li>`;
  });
  // The home page serves every game, in several languages: the reader picks which index to search.
  const locales = [...new Set(games.map((g) => g.linked.game.manifest.locale))];
  const searchLanguages = locales.length > 1 ? locales.map((l) => ({ value: `pagefind/${l.toLowerCase()}/`, label: LANGUAGE_NAMES[l] ?? l, lang: l })) : undefined;
  return page({ lang: 'en', title: en.games, root: '', t: en, body: `<ul class="games">${items.join('\n')}</ul>`, searchLanguages });
}

/** Every page of one game: its overview, its Markdown rules, one page per collection, its drafts. */
export function renderGame(g: CheckedGame, releases: readonly Release[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const game = g.linked.game;
  const m = game.manifest;
  const words = wordsFor(m.locale);
  const drafts = new Map(g.linked.placeholders.map((p) => [`${p.collection}|${p.id}|${p.path}`, p]));
  const readings = readingsByEntry(g.linked.readings);
  const glossary = glossaryOf(g);
  const pages = game.pages.map((p) => ({ page: p, title: markdownTitle(p.text) ?? p.slug }));
  const roles = m.roles ?? {};
  const collectionLink = (name: string) => ({ href: `${name}.html`, label: textOf(game.collections.get(name)?.decl.title, m.locale) || name });
  const ruleLinks = [
    ...pages.map((p) => ({ href: `rules/${p.page.slug}.html`, label: p.title })),
    ...[roles.rules, roles.glossary].filter((r): r is string => !!r && game.collections.has(r)).map(collectionLink),
  ];
  const dataLinks = [...game.collections.keys()].filter((c) => c !== roles.rules && c !== roles.glossary).map(collectionLink);
  const nav: NavGroup[] = [
    { label: textOf(m.name, m.locale), items: [{ href: 'index.html', label: words.home }, ...(releases.length ? [{ href: 'changes.html', label: words.changes }] : [])] },
    ...(ruleLinks.length ? [{ label: words.rules, items: ruleLinks }] : []),
    { label: words.data, items: [...dataLinks, { href: 'drafts.html', label: words.drafts }] },
  ];
  const ctxAt = (toGame: string): PageContext => ({ game: g, words, locale: m.locale, toGame, drafts, readings, glossary, ids: { next: 0 } });
  const render = (rel: string, title: string, body: string) => {
    const depth = rel.split('/').length - 1;
    const toGame = '../'.repeat(depth - 1);
    out.set(rel, page({
      lang: m.locale, title, gameName: textOf(m.name, m.locale), gameId: m.id, root: '../'.repeat(depth), gameRoot: toGame, t: words, body,
      nav: nav.map((group) => ({ ...group, items: group.items.map((n) => ({ ...n, href: toGame + n.href, current: `${m.id}/${n.href}` === rel })) })),
    }));
  };
  render(`${m.id}/index.html`, textOf(m.name, m.locale), gameHome(ctxAt(''), [...ruleLinks, ...dataLinks]));
  for (const { page: p, title } of pages) {
    const ctx = ctxAt('../');
    const html = markdownToHtml(tokensToMarkdown(p.text.replace(/^#\s+.+$/m, ''), ctx));
    render(`${m.id}/rules/${p.slug}.html`, title, embedCollections(html, ctx));
  }
  for (const c of game.collections.values()) {
    const ctx = ctxAt('');
    const intro = c.decl.description ? `<p>${esc(textOf(c.decl.description, m.locale))}</p>` : '';
    const body = c.name === roles.rules ? rulesTreeHtml(c, ctx) : c.name === roles.glossary ? glossaryHtml(c, ctx) : collectionHtml(c, ctx, 2);
    render(`${m.id}/${c.name}.html`, textOf(c.decl.title, m.locale) || c.name, intro + body);
  }
  if (releases.length) render(`${m.id}/changes.html`, words.changes, changesHtml(releases, ctxAt('')));
  render(`${m.id}/drafts.html`, words.drafts, draftsHtml(g.linked.placeholders, words) + readingsListHtml(g.linked.readings, ctxAt('')));
  return out;
}

/**
 * `::collection{name=...}` markers in Markdown become the collection rendered
 * from data. Entry headings go one level below the last heading before the
 * marker, so the page's outline never skips a level.
 */
function embedCollections(html: string, ctx: PageContext): string {
  const game = ctx.game.linked.game;
  return html.replace(/<div data-collection="([^"]*)"><\/div>/g, (_, spec: string, offset: number) => {
    const [name = '', query = ''] = unescapeHtml(spec).split('?');
    const c = game.collections.get(name);
    if (!c) return `<p>${esc(name)}</p>`;
    const filter = [...new URLSearchParams(query)];
    const entries = c.entries.filter((e) => filter.every(([k, v]) => String(e.value[k]) === v));
    const before = [...html.slice(0, offset).matchAll(/<h([1-6])[\s>]/g)].pop();
    const level = Math.min(6, (before ? Number(before[1]) : 1) + 1);
    return collectionHtml(c, ctx, level, entries);
  });
}

function unescapeHtml(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

export function sorted(files: SiteFiles): SiteFiles {
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
