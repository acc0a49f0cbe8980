import Handlebars from 'handlebars';
import { findTokens, plainText, type Token } from '../link/tokens.ts';
import { textOf } from '../link/link.ts';
import type { CheckedGame, Entry, PlaceholderInfo, Text } from '../model.ts';
import type { Words } from './i18n.ts';
import type { SiteIndex } from './site-index.ts';

/** HTML-escape a text from content. Every string from content goes through this or the Markdown sanitizer. */
export const esc = Handlebars.escapeExpression;

/** What every piece of a game's page needs: the game, its words, where the page sits, the drafts and the readings. */
export interface PageContext {
  game: CheckedGame;
  words: Words;
  locale: string;
  /** Relative path from the page to the game's folder ('' or '../'). */
  toGame: string;
  drafts: Map<string, PlaceholderInfo>;
  /** Readings by `collection|id`: choices made where the rulebook is silent, shown beside what they shape. */
  readings: Map<string, PlaceholderInfo[]>;
  /** Glossary entries by ID and by number (16.6.N): references to a glossary number go to the glossary. */
  glossary: Glossary;
  /** Per-page counter, so tooltip IDs are unique on the page. */
  ids: { next: number };
  /** The game's entries, rules, drafts and pages, indexed once for every page. */
  index: SiteIndex;
}

export interface Glossary {
  page: string | undefined;
  byId: Map<string, Entry>;
  idByNumber: Map<string, string>;
}

export function glossaryOf(game: CheckedGame): Glossary {
  const roles = game.linked.game.manifest.roles ?? {};
  const c = roles.glossary ? game.linked.game.collections.get(roles.glossary) : undefined;
  const byId = new Map((c?.entries ?? []).map((e) => [e.id, e]));
  const idByNumber = new Map((c?.entries ?? []).filter((e) => e.value.number !== undefined).map((e) => [String(e.value.number), e.id]));
  return { page: c ? `${c.name}.html` : undefined, byId, idByNumber };
}

export function ruleAnchor(number: string): string {
  return `r-${number.replace(/\./g, '-')}`;
}

/**
 * Where a rule number lives, relative to the game's folder. Glossary entries
 * carry rule numbers (16.6.N) but are rendered on the glossary page under
 * their term ID, so a reference to one goes there.
 */
export function ruleHref(number: string, ctx: Pick<PageContext, 'game' | 'glossary'>): string {
  const term = ctx.glossary.idByNumber.get(number);
  if (term && ctx.glossary.page) return `${ctx.glossary.page}#${term}`;
  const rules = ctx.game.linked.game.manifest.roles?.rules ?? 'rules';
  return `${rules}.html#${ruleAnchor(number)}`;
}

/** Escape a text and turn its tokens into links, glossary popovers and icons. */
export function inline(text: string, ctx: PageContext): string {
  let out = '';
  let last = 0;
  for (const token of findTokens(text)) {
    out += esc(text.slice(last, token.offset)) + tokenHtml(token, ctx);
    last = token.offset + token.length;
  }
  return out + esc(text.slice(last));
}

/** A text with tokens reduced to what a reader sees, for tooltips and attributes. */
export function plain(text: string): string {
  return plainText(text, (t) => t.label ?? t.target);
}

function tokenHtml(token: Token, ctx: PageContext): string {
  const game = ctx.game.linked.game;
  if (token.kind === 'ref')
    return `<a class="xref" href="${esc(ctx.toGame + ruleHref(token.target, ctx))}">${esc(token.label ? `${token.target} - ${token.label}` : token.target)}</a>`;
  if (token.kind === 'term') return termHtml(token.target, token.label ?? token.target, ctx);
  const roles = game.manifest.roles ?? {};
  const icon = roles.icons ? ctx.index.entry(roles.icons, token.target) : undefined;
  const alt = icon ? textOf(icon.value.name as Text, ctx.locale) : token.target;
  return `<span class="icon" role="img" aria-label="${esc(alt)}">${esc(alt)}</span>`;
}

/**
 * A glossary term: a link to its entry, with the definition in a tooltip that
 * shows on hover and on keyboard focus (CSS :focus-within) and is announced
 * through aria-describedby. Escape hides it (site.js). The tooltip is left
 * out of the search index so a definition is found once, on the glossary.
 */
export function termHtml(id: string, label: string, ctx: PageContext): string {
  const entry = ctx.glossary.byId.get(id);
  const href = esc(`${ctx.toGame}${ctx.glossary.page ?? 'glossary.html'}#${id}`);
  if (!entry) return `<a class="term" href="${href}">${esc(label)}</a>`;
  const tipId = `tip-${++ctx.ids.next}`;
  const name = textOf(entry.value.name as Text, ctx.locale);
  const definition = plain(textOf(entry.value.text as Text | undefined, ctx.locale));
  return `<span class="term-wrap"><a class="term" href="${href}" aria-describedby="${tipId}">${esc(label)}</a><span class="tip" role="tooltip" id="${tipId}" data-pagefind-ignore><b>${esc(name)}</b>: ${esc(definition)}</span></span>`;
}

export function draftOf(ctx: PageContext, collection: string, id: string, path: string): PlaceholderInfo | undefined {
  return ctx.drafts.get(`${collection}|${id}|${path}`);
}

/** A draft marker that says so in words (not by colour alone), with the note for hover and for screen readers. */
export function draftBadge(ctx: PageContext, note?: string): string {
  // Not indexed: a search result is titled by the entry's name, not "Juazeiro draft".
  return ` <span class="draft" data-pagefind-ignore${note ? ` title="${esc(note)}"` : ''}>${esc(ctx.words.draft)}</span>`;
}

/** Readings of an entry, grouped by entry so each part of a page finds its own. */
export function readingsByEntry(readings: readonly PlaceholderInfo[]): Map<string, PlaceholderInfo[]> {
  const out = new Map<string, PlaceholderInfo[]>();
  for (const r of readings) {
    const key = `${r.collection}|${r.id}`;
    const list = out.get(key);
    if (list) list.push(r);
    else out.set(key, [r]);
  }
  return out;
}

/** The readings of an entry whose path passes the test (at a field, under a rule, in an example). */
export function readingsOf(ctx: PageContext, collection: string, id: string, test: (path: string) => boolean = () => true): PlaceholderInfo[] {
  return (ctx.readings.get(`${collection}|${id}`) ?? []).filter((r) => test(r.path));
}

/** True when `path` is `at` or lies below it. */
export function isAtOrUnder(path: string, at: string): boolean {
  return path === at || path.startsWith(`${at}/`);
}

/**
 * Readings shown to a reader: the label in the page's language, then the
 * note, which the content writes in the reader's words (what the rulebook
 * says, what this edition chose). Never the field or pointer it stands at.
 */
export function readingsHtml(ctx: PageContext, readings: readonly PlaceholderInfo[]): string {
  return readings.map((r) => `<p class="reading"><span class="reading-label">${esc(ctx.words.reading)}:</span> ${inline(r.note, ctx)}</p>`).join('');
}
