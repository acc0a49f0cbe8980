import type { CheckedGame } from '../model.ts';
import { esc } from './context.ts';
import { gamesList } from './home-page.ts';
import { wordsFor } from './i18n.ts';
import { page, type Stamp } from './layout.ts';

/** The page a static host serves for an address it does not have; not a page of the site's own (no sitemap, no search). */
export const NOT_FOUND = '404.html';

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
