import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findTokens, type Token } from '../link/tokens.ts';
import { textOf, type PlaceholderInfo } from '../link/link.ts';
import type { Collection, Entry, Game, Text } from '../model.ts';
import type { CheckedGame } from '../pipeline.ts';
import { wordsFor, type Words } from './i18n.ts';
import { markdownTitle, markdownToHtml } from './markdown.ts';

const SITE_DIR = fileURLToPath(new URL('../../docs-site/', import.meta.url));
const esc = Handlebars.escapeExpression;

interface NavItem {
  href: string;
  label: string;
  current?: boolean;
}

interface PageContext {
  game: CheckedGame;
  words: Words;
  /** Relative path from the page to the game's folder. */
  toGame: string;
  drafts: Map<string, PlaceholderInfo>;
}

/** Build every page of the site. Returns path (relative to dist/) -> contents. */
export async function emitSite(games: readonly CheckedGame[], options: { base: string }): Promise<Map<string, string>> {
  const layout = Handlebars.compile(readFileSync(SITE_DIR + 'templates/layout.hbs', 'utf8'));
  const out = new Map<string, string>();
  out.set('style.css', readFileSync(SITE_DIR + 'style.css', 'utf8'));
  const base = options.base.endsWith('/') ? options.base : options.base + '/';
  const en = wordsFor('en');
  const home = games
    .map((g) => {
      const m = g.linked.game.manifest;
      return `<li><a href="${esc(m.id)}/index.html" lang="${esc(m.locale)}">${esc(textOf(m.name, m.locale))}</a>${m.summary ? ` — <span lang="${esc(m.locale)}">${esc(textOf(m.summary, m.locale))}</span>` : ''}</li>`;
    })
    .join('\n');
  out.set('index.html', layout({ lang: 'en', title: en.games, root: '', t: en, body: `<ul class="games">${home}</ul>` }));
  const sitemap: string[] = ['index.html'];
  for (const g of games) {
    const game = g.linked.game;
    const m = game.manifest;
    const words = wordsFor(m.locale);
    const drafts = new Map(g.linked.placeholders.map((p) => [`${p.collection}|${p.id}|${p.path}`, p]));
    const pages = game.pages.map((p) => ({ page: p, title: markdownTitle(p.text) ?? p.slug }));
    const rulesCollection = m.roles?.rules;
    const nav: NavItem[] = [
      { href: 'index.html', label: words.home },
      ...pages.map((p) => ({ href: `rules/${p.page.slug}.html`, label: p.title })),
      ...[...game.collections.values()].map((c) => ({ href: `${c.name}.html`, label: textOf(c.decl.title, m.locale) || c.name })),
      { href: 'drafts.html', label: words.drafts },
    ];
    const render = (rel: string, title: string, body: string) => {
      const depth = rel.split('/').length - 1;
      const toGame = '../'.repeat(depth - 1);
      out.set(rel, layout({
        lang: m.locale, title, gameName: textOf(m.name, m.locale), root: '../'.repeat(depth), gameRoot: toGame, t: words,
        nav: nav.map((n) => ({ ...n, href: toGame + n.href, current: `${m.id}/${n.href}` === rel })), body,
      }));
      sitemap.push(rel);
    };
    const ctxAt = (toGame: string): PageContext => ({ game: g, words, toGame, drafts });
    render(`${m.id}/index.html`, textOf(m.name, m.locale), gameHome(game, ctxAt('')));
    for (const { page, title } of pages) {
      const ctx = ctxAt('../');
      let html = markdownToHtml(tokensToMarkdown(page.text.replace(/^#\s+.+$/m, ''), ctx));
      html = html.replace(/<div data-collection="([^"]*)"><\/div>/g, (_, spec: string) => {
        const [name = '', query = ''] = unescapeHtml(spec).split('?');
        const c = game.collections.get(name);
        if (!c) return `<p>${esc(name)}</p>`;
        const filter = [...new URLSearchParams(query)];
        const entries = c.entries.filter((e) => filter.every(([k, v]) => String(e.value[k]) === v));
        return entries.map((e) => entryHtml(c, e, ctx, 3)).join('\n');
      });
      render(`${m.id}/rules/${page.slug}.html`, title, html);
    }
    for (const c of game.collections.values()) {
      const ctx = ctxAt('');
      const intro = c.decl.description ? `<p>${esc(textOf(c.decl.description, m.locale))}</p>` : '';
      const body = c.name === rulesCollection ? rulesTreeHtml(c, ctx) : collectionHtml(c, ctx, 2);
      render(`${m.id}/${c.name}.html`, textOf(c.decl.title, m.locale) || c.name, intro + body);
    }
    render(`${m.id}/drafts.html`, words.drafts, draftsHtml(g.linked.placeholders, words));
  }
  out.set('sitemap.txt', sitemap.map((p) => base + p).join('\n') + '\n');
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function gameHome(game: Game, ctx: PageContext): string {
  const m = game.manifest;
  const w = ctx.words;
  const parts: string[] = [];
  if (m.summary) parts.push(`<p>${esc(textOf(m.summary, m.locale))}</p>`);
  if (m.players) parts.push(`<p>${esc(w.players)}: ${m.players.min}–${m.players.max}${isDraft(ctx, '(manifest)', m.id, '/players') ? draftBadge(ctx) : ''}</p>`);
  if (m.components?.length) {
    const rows = m.components.map((c) => `<tr><td>${esc(textOf(c.name, m.locale))}</td><td>${c.count}</td><td>${c.gap ? esc(c.gap) : c.note ? esc(c.note) : ''}</td></tr>`).join('');
    parts.push(`<h2>${esc(w.components)}</h2><table><thead><tr><th scope="col">${esc(w.components)}</th><th scope="col">${esc(w.count)}</th><th scope="col">${esc(w.note)}</th></tr></thead><tbody>${rows}</tbody></table>`);
  }
  return parts.join('\n');
}

/** Every entry of a collection as a section with a stable anchor, its fields and any compiled rule. */
function collectionHtml(c: Collection, ctx: PageContext, level: number): string {
  return c.entries.map((e) => entryHtml(c, e, ctx, level)).join('\n');
}

function entryHtml(c: Collection, e: Entry, ctx: PageContext, level: number): string {
  const locale = ctx.game.linked.game.manifest.locale;
  const name = textOf(e.value.name as Text | undefined, locale) || e.id;
  const rule = ctx.game.rules.find((r) => r.collection === c.name && r.entryId === e.id);
  const parts = [`<section class="entity" id="${esc(e.id)}" aria-labelledby="${esc(e.id)}-h"><h${level} id="${esc(e.id)}-h">${inline(name, ctx)}${isDraft(ctx, c.name, e.id, '/name') ? draftBadge(ctx) : ''}</h${level}>`];
  if (rule) parts.push(`<p class="rules-text">${esc(rule.text)}</p>`);
  if (typeof e.value.text === 'string') parts.push(`<p>${inline(e.value.text, ctx)}</p>`);
  const skip = new Set(['name', 'id', 'text', 'examples', ...(rule ? [rule.pointer.slice(1)] : [])]);
  const fields = Object.entries(e.value).filter(([k]) => !skip.has(k));
  if (fields.length) parts.push(`<dl class="fields">${fields.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${valueHtml(v, c.name, e.id, `/${k}`, ctx)}</dd>`).join('')}</dl>`);
  if (rule?.examples.length) {
    const w = ctx.words;
    const rows = rule.examples.map((ex) => {
      const given = ex.given.map((g, i) => `${w.player} ${i + 1}: ${esc(Object.entries(g).map(([k, v]) => `${k} ${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`).join(', ') || '—')}`).join('<br>');
      return `<tr><td>${ex.note ? esc(ex.note) + '<br>' : ''}${given}</td><td>${ex.expect.join(', ')}</td></tr>`;
    });
    parts.push(`<table class="examples"><caption>${esc(w.examples)}</caption><thead><tr><th scope="col">${esc(w.given)}</th><th scope="col">${esc(w.points)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`);
  }
  parts.push('</section>');
  return parts.join('\n');
}

function valueHtml(v: unknown, collection: string, id: string, path: string, ctx: PageContext): string {
  const draft = isDraft(ctx, collection, id, path);
  if (draft) return `<span class="draft" title="${esc(draft.note)}">${esc(ctx.words.draft)}${v === null ? '' : `: ${esc(JSON.stringify(v))}`}</span> <small>${esc(draft.note)}</small>`;
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x !== 'object' || x === null)) return v.map((x) => esc(String(x))).join(', ');
    return `<ul>${v.map((x, i) => `<li>${valueHtml(x, collection, id, `${path}/${i}`, ctx)}</li>`).join('')}</ul>`;
  }
  if (typeof v === 'object') return `<dl class="fields">${Object.entries(v as Record<string, unknown>).map(([k, x]) => `<dt>${esc(k)}</dt><dd>${valueHtml(x, collection, id, `${path}/${k}`, ctx)}</dd>`).join('')}</dl>`;
  return typeof v === 'string' ? inline(v, ctx) : esc(String(v));
}

function isDraft(ctx: PageContext, collection: string, id: string, path: string): PlaceholderInfo | undefined {
  return ctx.drafts.get(`${collection}|${id}|${path}`);
}

function draftBadge(ctx: PageContext): string {
  return ` <span class="draft">${esc(ctx.words.draft)}</span>`;
}

/** The numbered rules: anchors from numbers, the last part shown as printed, links to copy, cross-references and backlinks. */
function rulesTreeHtml(c: Collection, ctx: PageContext): string {
  const backlinks = ctx.game.linked.referencedBy;
  return c.entries
    .map((e) => {
      const number = String(e.value.number);
      const depth = number.split('.').length;
      const h = Math.min(6, depth + 1);
      const anchor = ruleAnchor(number);
      const title = e.value.title ? inline(textOf(e.value.title as Text), ctx) : '';
      const text = e.value.text ? `<p>${inline(textOf(e.value.text as Text), ctx)}</p>` : '';
      const see = Array.isArray(e.value.see) ? `<p>${(e.value.see as Array<{ ref: string; label?: string }>).map((s) => `(<a href="#${ruleAnchor(s.ref)}">${esc(s.ref)}</a>${s.label ? ` - ${esc(s.label)}` : ''})`).join(' ')}</p>` : '';
      const by = backlinks.get(number);
      const back = by?.length ? `<p class="backlinks">${esc(ctx.words.referencedBy)}: ${by.map((b) => `<a href="#${ruleAnchor(b)}">${esc(b)}</a>`).join(', ')}</p>` : '';
      const external = e.value.external === true ? ' external' : '';
      return `<section class="rule${external}" id="${anchor}"><h${h}><span class="num">${esc(number)}</span>${title} <a class="copy" href="#${anchor}" aria-label="${esc(ctx.words.copyLink)} ${esc(number)}">#</a></h${h}>${text}${see}${back}</section>`;
    })
    .join('\n');
}

function unescapeHtml(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

export function ruleAnchor(number: string): string {
  return `r-${number.replace(/\./g, '-')}`;
}

/** Escape a text and turn its tokens into links and icons. */
function inline(text: string, ctx: PageContext): string {
  let out = '';
  let last = 0;
  for (const token of findTokens(text)) {
    out += esc(text.slice(last, token.offset)) + tokenHtml(token, ctx);
    last = token.offset + token.length;
  }
  return out + esc(text.slice(last));
}

function tokenHtml(token: Token, ctx: PageContext): string {
  const game = ctx.game.linked.game;
  const roles = game.manifest.roles ?? {};
  if (token.kind === 'ref') return `<a href="${ctx.toGame}${esc(roles.rules ?? 'rules')}.html#${ruleAnchor(token.target)}">${esc(token.label ? `${token.target} - ${token.label}` : token.target)}</a>`;
  if (token.kind === 'term') return `<a class="term" href="${ctx.toGame}${esc(roles.glossary ?? 'glossary')}.html#${esc(token.target)}">${esc(token.label ?? token.target)}</a>`;
  const icon = roles.icons ? game.collections.get(roles.icons)?.entries.find((e) => e.id === token.target) : undefined;
  const alt = icon ? textOf(icon.value.name as Text, game.manifest.locale) : token.target;
  return `<span class="icon" role="img" aria-label="${esc(alt)}">${esc(alt)}</span>`;
}

/** Tokens inside Markdown become Markdown links (so the sanitizer keeps them) or bracketed icon names. */
function tokensToMarkdown(markdown: string, ctx: PageContext): string {
  const roles = ctx.game.linked.game.manifest.roles ?? {};
  let out = '';
  let last = 0;
  for (const t of findTokens(markdown)) {
    out += markdown.slice(last, t.offset);
    if (t.kind === 'ref') out += `[${t.label ? `${t.target} - ${t.label}` : t.target}](${ctx.toGame}${roles.rules ?? 'rules'}.html#${ruleAnchor(t.target)})`;
    else if (t.kind === 'term') out += `[${t.label ?? t.target}](${ctx.toGame}${roles.glossary ?? 'glossary'}.html#${t.target})`;
    else out += `[${t.target}]`;
    last = t.offset + t.length;
  }
  return out + markdown.slice(last);
}

function draftsHtml(placeholders: readonly PlaceholderInfo[], w: Words): string {
  if (!placeholders.length) return `<p>${esc(w.noDrafts)}</p>`;
  const rows = placeholders.map((p) => `<tr><td><code>${esc(p.file)}${p.line ? `:${p.line}` : ''}</code></td><td>${esc(p.collection)} / ${esc(p.id)}${esc(p.path)}</td><td>${esc(p.note)}</td></tr>`).join('');
  return `<p>${esc(w.draftsIntro)}</p><table><thead><tr><th scope="col">${esc(w.where)}</th><th scope="col">${esc(w.field)}</th><th scope="col">${esc(w.note)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
