import type { Collection, Entry, Text } from '../model.ts';
import { esc, isAtOrUnder, readingsOf, type PageContext } from './context.ts';
import { nameLangOn } from './translation.ts';

/**
 * A gloss: what a name in another language means, in the reader's language
 * ("Tocaia" glossed "ambush"), drawn beside the name in the entry's heading
 * as "Tocaia (ambush)". The heading is what a search result is titled by and
 * what Pagefind indexes, so a reader who searches "ambush" finds Tocaia, and
 * "On this page" shows the gloss too.
 *
 * An entry gives it in its `gloss` field (schemas: `"$ref":
 * "../defs.schema.json#/$defs/gloss"`), a Text like a name: a string in the
 * game's main language, or a map of locales. It is shown only where the name
 * is in another language than the page's (translation.ts `nameLangOn`: the
 * entry's `nameLang`, the collection's, the game's), and only in the page's
 * language: the map's entry for the page's locale, or a string the locale
 * file translates on another locale's page. A gloss in yet another language
 * would gloss nothing for this reader, so it is left out rather than marked.
 *
 * Who wrote it is the content's convention for every value: a plain gloss is
 * the rulebook's (Cangaço prints "Camp (Acampamento)"), or in an invented game
 * the designer's, and is shown as it is. A gloss the rulebook does not give is
 * a choice this edition made where the book is silent, a reading
 * (`gloss: { reading: Ambush, note: ... }`): listed with the game's readings
 * (the drafts page, `rulebook drafts`, the package's `entry.readings.gloss`),
 * but on the entry it is marked by a title on the gloss and one note above the
 * entries (glossesNoteHtml), not by a reading box under every heading: its
 * note would say the same thing a dozen times on one page.
 */

/** The gloss of an entry on this page, as plain text; undefined when it has none to show here. */
export function glossOn(c: Collection, e: Entry, ctx: PageContext): string | undefined {
  const game = ctx.game.linked.game;
  // Only a name in another language than the page's needs its meaning said.
  if (!nameLangOn(game, c.name, e.name, ctx.locale, e.value)) return undefined;
  const gloss = e.value.gloss as Text | undefined;
  if (typeof gloss === 'string') {
    if (!gloss.trim()) return undefined;
    if (ctx.locale === game.manifest.locale) return gloss;
    // On another locale's page, a string gloss shows where the locale file translates it.
    return ctx.language?.translates(gloss) ? ctx.language.word(gloss) : undefined;
  }
  if (gloss && typeof gloss === 'object') {
    const given = gloss[ctx.locale];
    return typeof given === 'string' && given.trim() ? given : undefined;
  }
  return undefined;
}

/** The gloss beside an entry's name, in the page's language (the heading's own), or '' when it has none to show here. */
export function glossHtml(c: Collection, e: Entry, ctx: PageContext): string {
  const gloss = glossOn(c, e, ctx);
  if (gloss === undefined) return '';
  const title = isEditions(c, e, ctx) ? ` title="${esc(ctx.words.glossTitle)}"` : '';
  return ` <span class="gloss"${title}>(${esc(gloss)})</span>`;
}

/**
 * Once above a collection's entries, when any shown here has a gloss that is
 * this edition's reading: that the meanings in brackets are this edition's,
 * not the rulebook's. Said in words on the page, so a reader on a phone (no
 * hover for the title) and a screen reader both learn it. Out of search: it
 * answers no question about the game.
 */
export function glossesNoteHtml(c: Collection, entries: readonly Entry[], ctx: PageContext): string {
  if (!entries.some((e) => isEditions(c, e, ctx) && glossOn(c, e, ctx) !== undefined)) return '';
  return `<p class="glosses-note" data-pagefind-ignore>${esc(ctx.words.glossesNote)}</p>`;
}

/** The entry's gloss is this edition's: a reading (`{ reading: ..., note: ... }`), not the rulebook's nor a designer's. */
function isEditions(c: Collection, e: Entry, ctx: PageContext): boolean {
  return readingsOf(ctx, c.name, e.id, (p) => isAtOrUnder(p, '/gloss')).length > 0;
}
