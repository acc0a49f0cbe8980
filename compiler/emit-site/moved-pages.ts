import type { Game } from '../model.ts';
import { collectionPage, formerAddress } from '../site-addresses.ts';
import { contentSecurityPolicy } from './csp.ts';
import { esc } from './context.ts';
import { windowTitle } from './layout.ts';
import type { CollectionPlan } from './pages.ts';

/**
 * A page left at an address the site no longer uses (`actionCards.html`,
 * before pages were named by slugs; a chapter that became its collection's
 * page), so bookmarks and links from elsewhere still arrive. It sends the
 * reader on at once (meta refresh; docs-site/moved.js keeps the `#entry`
 * the refresh would drop), names the new address for search engines
 * (canonical, noindex) and shows a link for a reader whose browser does
 * not follow. It is not a page of the site's own: no sitemap, no search,
 * no menu entry.
 */

/** What tells a moved page from the site's own pages (the sitemap and the search index leave it out). */
const MARK = '<meta name="robots" content="noindex">';

export interface MovedPage {
  lang: string;
  /** The new address, relative to the moved page. */
  href: string;
  /** The new page's title. */
  title: string;
  titleLang?: string;
  gameName: string;
  /** From the moved page to the site's root (where moved.js is). */
  root: string;
  /** "This page has a new address:" in the page's language. */
  movedTo: string;
}

export function movedPageHtml(p: MovedPage): string {
  const href = esc(p.href);
  const lang = p.titleLang ? ` lang="${esc(p.titleLang)}"` : '';
  return `<!DOCTYPE html>
<html lang="${esc(p.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">
${MARK}
<meta http-equiv="refresh" content="0; url=${href}">
<link rel="canonical" href="${href}">
<title>${esc(windowTitle([p.title, p.gameName.split(' — ')[0], 'rulebook'].join(' · ')))}</title>
<script src="${esc(p.root)}moved.js"></script>
</head>
<body>
<main>
<p>${esc(p.movedTo)} <a href="${href}"${lang}>${esc(p.title)}</a></p>
</main>
</body>
</html>
`;
}

export function isMovedPage(content: string | Uint8Array | undefined): boolean {
  if (typeof content !== 'string') return false;
  // The mark is in the head: a page's body (hundreds of kB for a collection page) is not searched for it, where
  // looking through every page's whole text took 17 ms of each save at 10,000 cards.
  const head = content.indexOf('</head>');
  return content.lastIndexOf(MARK, head < 0 ? content.length : head) >= 0;
}

/**
 * The addresses (in a locale's folder) that held a page before and hold none
 * now, each with the page that took its place: every page of a collection
 * named by its ID before slugs (`actionCards.html`, `actionCards.2.html`),
 * and a chapter that became its collection's page. An old address that a
 * page of the site now holds, even in another case, keeps that page.
 */
export function movedPages(
  game: Game,
  plans: ReadonlyMap<string, CollectionPlan>,
  chapters: ReadonlyMap<string, string>,
  pages: readonly string[],
): Map<string, string> {
  const taken = new Set(pages.map((p) => p.toLowerCase()));
  const out = new Map<string, string>();
  const move = (from: string, to: string) => {
    if (from !== to && !taken.has(from.toLowerCase())) out.set(from, to);
  };
  for (const c of game.collections.values()) {
    const files = plans.get(c.name)?.pages.map((p) => p.file) ?? [collectionPage(c.name)];
    for (const f of files) move(formerAddress(c.name, f), f);
  }
  for (const [from, to] of chapters) move(from, to);
  return out;
}
