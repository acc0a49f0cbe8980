import { readFileSync } from 'node:fs';
import type { CheckedGame } from '../model.ts';
import type { Release } from '../release/record.ts';
import { renderGame } from './game-pages.ts';
import { renderHome } from './home-page.ts';
import { SITE_DIR, stampOf } from './layout.ts';
import { NOT_FOUND, renderNotFound } from './not-found-page.ts';
import { startSearchIndex } from './search-beside.ts';
import { isFullUrl, sitemapXml } from './sitemap.ts';
import { isMovedPage } from './moved-pages.ts';
import type { RenderMemo } from './render-memo.ts';

/**
 * The whole site: every game's pages (game-pages.ts), the home page
 * (home-page.ts), the 404 page (not-found-page.ts), the assets, the sitemap
 * and the search index. Each page kind has its own module; the frame they
 * share is layout.ts.
 */

// The page kinds `serve` re-renders one by one.
export { renderGame } from './game-pages.ts';
export { renderHome } from './home-page.ts';
export { NOT_FOUND } from './not-found-page.ts';

/** Files copied as they are from docs-site/ to the root of dist/. */
const ASSETS = [
  'style.css',
  'site.js',
  'search.js',
  'filters.js',
  'fetch-json.js',
  'field-query.js',
  'field-search.js',
  'search-at-hand.js',
  'previews.js',
  'moved.js',
  'sw.js',
  'favicon.svg',
];

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
  /** `rulebook serve`'s memo of each entry's drawing, kept between renders (render-memo.ts). */
  memo?: RenderMemo;
}

/** Build every page of the site, then its search index. Returns path (relative to dist/) -> contents. */
export async function emitSite(games: readonly CheckedGame[], options: SiteOptions & { searchThread?: 'worker' | 'main' }): Promise<SiteFiles> {
  return startSite(games, options).whole;
}

/**
 * The pages now, and the whole site (pages and search index) when the index is done: the index is built on a
 * worker thread (search-beside.ts), so the caller can do other work meanwhile (the build emits the package).
 */
export function startSite(
  games: readonly CheckedGame[],
  options: SiteOptions & { searchThread?: 'worker' | 'main' },
): { pages: SiteFiles; whole: Promise<SiteFiles> } {
  const pages: SiteFiles = renderSite(games, options);
  if (options.search === false) return { pages, whole: Promise.resolve(sorted(pages)) };
  // The 404 page is nobody's answer to a search (nor is a moved page: search.ts leaves those out).
  const index = startSearchIndex(new Map([...pages].filter(([p]) => p !== NOT_FOUND)), { thread: options.searchThread });
  const whole = index.then((files) => {
    const out: SiteFiles = new Map(pages);
    for (const [p, c] of files) out.set(p, c);
    return sorted(out);
  });
  // Handled here so a failure that comes while the caller is still busy elsewhere is not an unhandled rejection;
  // the caller's own `await whole` still throws it.
  whole.catch(() => undefined);
  return { pages, whole };
}

/** The pages, assets and sitemap, without the search index. Synchronous and cheap: what `serve` re-runs on each save. */
export function renderSite(games: readonly CheckedGame[], options: SiteOptions): SiteFiles {
  const out: SiteFiles = new Map();
  const stamp = stampOf(options.releases ?? [], options.version);
  for (const a of ASSETS) out.set(a, readFileSync(SITE_DIR + a, 'utf8'));
  out.set('index.html', renderHome(games, stamp));
  out.set(NOT_FOUND, renderNotFound(games, options.base, stamp));
  for (const g of games) for (const [p, c] of renderGame(g, options.releases, options.version, options.memo)) out.set(p, c);
  return withSitemap(sorted(out), options.base);
}

/** The site with its sitemap.xml (re)made from the pages it holds (not the 404 page, not the moved pages left at old addresses). */
export function withSitemap(files: SiteFiles, base: string): SiteFiles {
  if (!isFullUrl(base)) {
    files.delete('sitemap.xml');
    return files;
  }
  files.set(
    'sitemap.xml',
    sitemapXml(
      [...files].filter(([p, c]) => p.endsWith('.html') && p !== NOT_FOUND && !isMovedPage(c)).map(([p]) => p),
      base,
    ),
  );
  return files;
}

export function sorted(files: SiteFiles): SiteFiles {
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
