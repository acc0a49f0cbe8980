import { textOf } from '../text.ts';
import type { Collection, Entry, MarkdownPage, Text } from '../model.ts';
import { collectionPage } from '../site-addresses.ts';
import { esc, plain, type PageContext } from './context.ts';
import { anchorHeadings, markdownToHtml, tokensToMarkdown } from './markdown.ts';
import { withIconChips } from './icon-images.ts';
import { inLang, nameLangOn, pageBodyIn } from './translation.ts';

/**
 * A prose chapter of the rules (a Markdown file under rules/), without its
 * title (the page's heading says it). A page a locale does not translate
 * (rules/<locale>/) keeps its language there, said so (translation.ts).
 * A chapter that stands for a collection of its title (`shows`, game-menu.ts)
 * links to it at its end unless its text already does.
 */
export function rulesChapterHtml(p: MarkdownPage, ctx: PageContext, shows?: string): string {
  let html = withIconChips(linkCollections(anchorHeadings(markdownToHtml(tokensToMarkdown(p.text.replace(/^#\s+.+$/m, ''), ctx)), ctx), ctx), ctx);
  const c = shows ? ctx.game.linked.game.collections.get(shows) : undefined;
  if (c && !html.includes(`href="${esc(ctx.toGame + collectionPage(c.name))}"`)) html += collectionLinkHtml(c, c.entries, ctx);
  // A prose page with no translation in this locale (rules/<locale>/) keeps its language, said so.
  return ctx.language ? pageBodyIn(html, p, ctx.language) : html;
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
  const href = ctx.toGame + collectionPage(c.name);
  const title = textOf(c.decl.title, ctx.locale) || c.name;
  const names = entries.map(
    (e) =>
      `<li><a href="${esc(ctx.toGame + ctx.index.hrefOf(c.name, e.id))}">${inLang(esc(plain(textOf((e.name ?? e.value.title) as Text | undefined, ctx.locale)) || e.id), nameLangOn(ctx.game.linked.game, c.name, e.name, ctx.locale, e.value))}</a></li>`,
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
