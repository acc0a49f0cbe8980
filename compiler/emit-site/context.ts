import Handlebars from 'handlebars';
import type { Token } from '../link/tokens.ts';
import { findInlineTokens, type LinkToken } from '../link/link-tokens.ts';
import { textOf } from '../text.ts';
import type { CheckedGame, Entry, PlaceholderInfo, Text } from '../model.ts';
import { collectionPage } from '../site-addresses.ts';
import type { Words } from './i18n.ts';
import type { SiteIndex } from './site-index.ts';
import { ownHtml, ownText, type SiteLanguage } from './translation.ts';
import { iconChipHtml } from './icon-images.ts';

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
  /** The page's locale among the game's (translation.ts): the game's own texts are translated, or marked with their language, through it. */
  language?: SiteLanguage;
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
  return { page: c ? collectionPage(c.name) : undefined, byId, idByNumber };
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
  return `${collectionPage(rules)}#${ruleAnchor(number)}`;
}

/** A rule the game's text refers to but does not hold: the rules collection marks it `external: true` (a number and a title, no text). */
export function isOutsideText(number: string, ctx: Pick<PageContext, 'index'>): boolean {
  return ctx.index.ruleByNumber(number)?.value.external === true;
}

/** Where a rule outside the text lives, in the page's words: "na Lei de Root completa, fora deste texto"; the manifest's `source.elsewhere` names the place. */
export function outsideTextWords(ctx: PageContext): string {
  const source = ctx.game.linked.game.manifest.source;
  const elsewhere = source && typeof source === 'object' ? textOf(source.elsewhere, ctx.locale) : '';
  return [elsewhere ? ownText(elsewhere, ctx.language) : '', ctx.words.outsideText].filter(Boolean).join(', ');
}

/**
 * A reference to a rule by number, in `shown` words (HTML): a link to the
 * rule; or, for a rule outside the text, its words with where it lives, and
 * no link (a link would land on a title with nothing under it): "2.5 (na Lei
 * de Root completa, fora deste texto)", or "(5.1.4, na Lei de Root completa,
 * fora deste texto)" when the text already holds the reference in brackets.
 */
export function ruleRefHtml(number: string, shown: string, ctx: PageContext, inBrackets = false): string {
  if (!isOutsideText(number, ctx)) return `<a class="xref" href="${esc(ctx.toGame + ruleHref(number, ctx))}">${shown}</a>`;
  const where = esc(outsideTextWords(ctx));
  return `<span class="xref-outside">${shown}<span class="outside-text">${inBrackets ? `, ${where}` : ` (${where})`}</span></span>`;
}

/** Escape a text and turn its tokens into links, glossary popovers and icons. */
export function inline(text: string, ctx: PageContext): string {
  let out = '';
  let last = 0;
  // With the rules tokens, `{link:collection/ID}` and the dataset's own symbols the manifest maps to icons (link/link-tokens.ts).
  for (const token of findInlineTokens(text, ctx.game.linked.game.manifest.symbols)) {
    const inBrackets = text[token.offset - 1] === '(' && text[token.offset + token.length] === ')';
    out += esc(text.slice(last, token.offset)) + tokenHtml(token, ctx, inBrackets);
    last = token.offset + token.length;
  }
  return out + esc(text.slice(last));
}

/** A text with tokens reduced to what a reader sees, for tooltips and attributes. */
export function plain(text: string): string {
  return plainWords(text, undefined);
}

/** The same with the page's game known: a link reads as its target's name, a mapped symbol as its icon's. */
export function plainWords(text: string, ctx: Pick<PageContext, 'game' | 'index' | 'locale'> | undefined): string {
  let out = '';
  let last = 0;
  for (const token of findInlineTokens(text, ctx?.game.linked.game.manifest.symbols)) {
    out += text.slice(last, token.offset) + (token.label ?? plainTarget(token, ctx));
    last = token.offset + token.length;
  }
  return out + text.slice(last);
}

/** What a reader sees of a token without its label: the linked entry's or the icon's name when the page is known, else its target. */
function plainTarget(token: Token, ctx: Pick<PageContext, 'game' | 'index' | 'locale'> | undefined): string {
  const icons = ctx?.game.linked.game.manifest.roles?.icons;
  const entry =
    token.kind === 'link'
      ? ctx?.index.entry((token as LinkToken).collection, (token as LinkToken).id)
      : token.kind === 'icon' && icons
        ? ctx?.index.entry(icons, token.target)
        : undefined;
  if (entry && ctx) return textOf(entry.name, ctx.locale) || entry.id;
  return token.kind === 'link' ? (token as LinkToken).id : token.target;
}

/** A token as HTML; `inBrackets` when the text holds it in brackets already ("(5.1.4)"). */
function tokenHtml(token: Token, ctx: PageContext, inBrackets: boolean): string {
  const game = ctx.game.linked.game;
  if (token.kind === 'ref') return ruleRefHtml(token.target, esc(token.label ? `${token.target} - ${token.label}` : token.target), ctx, inBrackets);
  if (token.kind === 'term') return termHtml(token.target, token.label ?? token.target, ctx);
  if (token.kind === 'link') return linkHtml(token as LinkToken, ctx);
  const roles = game.manifest.roles ?? {};
  const icon = roles.icons ? ctx.index.entry(roles.icons, token.target) : undefined;
  const alt = icon ? textOf(icon.name, ctx.locale) : token.target;
  return iconChipHtml(ctx, token.target, alt);
}

/** `{link:cards/01001}`: a link to the entry, in the words of its name (or the token's label); a numbered rule is found by its number. */
function linkHtml(token: LinkToken, ctx: PageContext): string {
  const target = linkTarget(token, ctx);
  // The check reports a link to nothing; were it drawn anyway, its words are kept.
  if (!target) return esc(token.label ?? token.target);
  if (target.rule !== undefined && isOutsideText(target.rule, ctx)) return ruleRefHtml(target.rule, esc(target.words), ctx);
  return `<a class="entry-link" href="${esc(target.href)}">${esc(target.words)}</a>`;
}

/**
 * Where a `{link:collection/ID}` token leads, and the words it shows: the
 * entry's page and anchor, or, for a numbered rule, the rule (`rule`; a rule
 * outside the text has nowhere to lead, see ruleRefHtml). Undefined when the
 * entry is not there (the check reports it).
 */
export function linkTarget(token: LinkToken, ctx: PageContext): { words: string; href: string; rule?: string } | undefined {
  const entry = ctx.index.entry(token.collection, token.id);
  if (!entry) return undefined;
  const roles = ctx.game.linked.game.manifest.roles ?? {};
  const numbered = token.collection === roles.rules && typeof entry.value.number === 'string';
  const href = numbered ? ruleHref(entry.value.number as string, ctx) : ctx.index.hrefOf(token.collection, token.id);
  const words = token.label ?? (plain(textOf(entry.name ?? (entry.value.title as Text | undefined), ctx.locale)) || token.id);
  return { words, href: ctx.toGame + href, ...(numbered ? { rule: entry.value.number as string } : {}) };
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
  const name = textOf(entry.name, ctx.locale);
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
  return readings
    .map((r) => `<p class="reading"><span class="reading-label">${esc(ctx.words.reading)}:</span> ${ownHtml(r.note, ctx.language, (t) => inline(t, ctx))}</p>`)
    .join('');
}
