import { isInvented, type Collection, type Entry, type Text } from '../model.ts';
import { esc, type PageContext } from './context.ts';
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
 * Who wrote it: a gloss is editorial, not a rule value. In a game transcribed
 * from a rulebook (it has `source:`), the rulebook prints the names, not their
 * meanings, so a gloss is this edition's: each carries a title that says so
 * and the collection says it once above its entries, in words (glossesNoteHtml).
 * It is not a reading: readings are choices that change how the game plays,
 * listed for whoever settles the rules; a gloss changes nothing in play. In an
 * invented game (no `source:`) the glosses are the designer's own, unmarked.
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
  const title = editorial(ctx) ? ` title="${esc(ctx.words.glossTitle)}"` : '';
  return ` <span class="gloss"${title}>(${esc(gloss)})</span>`;
}

/**
 * Once above a collection's entries, when any shown here has a gloss in a
 * transcribed game: that the meanings in brackets are this edition's, not
 * the rulebook's. Said in words on the page, so a reader on a phone (no
 * hover for the title) and a screen reader both learn it. Out of search: it
 * answers no question about the game.
 */
export function glossesNoteHtml(c: Collection, entries: readonly Entry[], ctx: PageContext): string {
  if (!editorial(ctx) || !entries.some((e) => glossOn(c, e, ctx) !== undefined)) return '';
  return `<p class="glosses-note" data-pagefind-ignore>${esc(ctx.words.glossesNote)}</p>`;
}

/** A transcribed game's glosses are this edition's (the rulebook prints none); an invented game's are its designer's. */
function editorial(ctx: PageContext): boolean {
  return !isInvented(ctx.game.linked.game.manifest);
}
