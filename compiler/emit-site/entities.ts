import { textOf, type PlaceholderInfo } from '../link/link.ts';
import type { Collection, Entry, Game, Text } from '../model.ts';
import { draftBadge, draftOf, esc, inline, type PageContext } from './context.ts';
import type { Words } from './i18n.ts';
import { mapGraph, mapHtml } from './map-svg.ts';
import { anchoredHeading } from './rules-tree.ts';

/**
 * A collection is drawn as faces (cards, tiles, tokens) when the manifest's
 * component list counts it: that is what makes it a physical piece. Other
 * collections (phases, scoring steps, tables) stay sections of text.
 */
export function isPhysical(game: Game, collection: string): boolean {
  const m = game.manifest;
  return [...(m.components ?? []), ...(m.playerComponents ?? [])].some((c) => c.collection === collection);
}

export function collectionHtml(c: Collection, ctx: PageContext, level: number, entries: readonly Entry[] = c.entries): string {
  const physical = isPhysical(ctx.game.linked.game, c.name);
  const items = entries.map((e) => entryHtml(c, e, ctx, level, physical)).join('\n');
  return physical ? `<div class="faces">${items}</div>` : items;
}

/** One entry: its name as a heading with a stable anchor, its rules text, its fields and its worked examples. */
export function entryHtml(c: Collection, e: Entry, ctx: PageContext, level: number, face: boolean): string {
  const name = textOf(e.value.name as Text | undefined, ctx.locale) || e.id;
  const rule = ctx.game.rules.find((r) => r.collection === c.name && r.entryId === e.id);
  const nameDraft = draftOf(ctx, c.name, e.id, '/name');
  const wholeDraft = draftOf(ctx, c.name, e.id, '');
  const parts = [`<article class="entity${face ? ' face' : ''}${wholeDraft ? ' is-draft' : ''}" aria-labelledby="${esc(e.id)}">`];
  parts.push(anchoredHeading(level, e.id, `${inline(name, ctx)}${nameDraft ? draftBadge(ctx, nameDraft.note) : ''}`, name, ctx));
  if (wholeDraft) parts.push(`<p class="draft-note">${draftBadge(ctx)} ${esc(wholeDraft.note)}</p>`);
  if (rule) parts.push(`<p class="rules-text">${esc(rule.text)}</p>`);
  if (typeof e.value.text === 'string') parts.push(`<p>${inline(e.value.text, ctx)}</p>`);
  const map = mapGraph(c, e, ctx);
  if (map) parts.push(mapHtml(c, e, map, ctx, Math.min(6, level + 1)));
  const skip = new Set(['name', 'id', 'text', 'examples', ...(rule ? [rule.pointer.slice(1)] : []), ...(map ? [map.nodes, map.edges, ...(map.arrows ? [map.arrows] : [])] : [])]);
  const fields = Object.entries(e.value).filter(([k]) => !skip.has(k));
  if (fields.length) parts.push(`<dl class="fields">${fields.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${valueHtml(v, c.name, e.id, `/${k}`, ctx)}</dd>`).join('')}</dl>`);
  if (rule?.examples.length) parts.push(examplesHtml(rule.examples, ctx.words));
  if (rule?.stateExamples?.length) parts.push(stateExamplesHtml(rule.stateExamples, ctx.words));
  parts.push('</article>');
  return parts.join('\n');
}

function examplesHtml(examples: ReadonlyArray<{ note?: string; given: ReadonlyArray<Record<string, unknown>>; expect: readonly number[] }>, w: Words): string {
  const rows = examples.map((ex) => {
    const given = ex.given.map((g, i) => `${esc(w.player)} ${i + 1}: ${esc(Object.entries(g).map(([k, v]) => `${k} ${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`).join(', ') || '—')}`).join('<br>');
    return `<tr><td>${ex.note ? esc(ex.note) + '<br>' : ''}${given}</td><td>${esc(ex.expect.join(', '))}</td></tr>`;
  });
  return `<table class="examples"><caption>${esc(w.examples)}</caption><thead><tr><th scope="col">${esc(w.given)}</th><th scope="col">${esc(w.points)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Examples of an effect: one player's state before, and the fields after. */
function stateExamplesHtml(examples: ReadonlyArray<{ note?: string; given: Record<string, unknown>; expect: Record<string, unknown> }>, w: Words): string {
  const show = (state: Record<string, unknown>) => esc(Object.entries(state).map(([k, v]) => `${k} ${v && typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ') || '—');
  const rows = examples.map((ex) => `<tr><td>${ex.note ? esc(ex.note) + '<br>' : ''}${show(ex.given)}</td><td>${show(ex.expect)}</td></tr>`);
  return `<table class="examples"><caption>${esc(w.examples)}</caption><thead><tr><th scope="col">${esc(w.before)}</th><th scope="col">${esc(w.after)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function valueHtml(v: unknown, collection: string, id: string, path: string, ctx: PageContext): string {
  const draft = draftOf(ctx, collection, id, path);
  if (draft) return `<span class="draft" title="${esc(draft.note)}">${esc(ctx.words.draft)}${v === null ? '' : `: ${esc(JSON.stringify(v))}`}</span> <small>${esc(draft.note)}</small>`;
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x !== 'object' || x === null)) return v.map((x) => (typeof x === 'string' ? inline(x, ctx) : esc(String(x)))).join(', ');
    return `<ul>${v.map((x, i) => `<li>${valueHtml(x, collection, id, `${path}/${i}`, ctx)}</li>`).join('')}</ul>`;
  }
  if (typeof v === 'object') return `<dl class="fields">${Object.entries(v as Record<string, unknown>).map(([k, x]) => `<dt>${esc(k)}</dt><dd>${valueHtml(x, collection, id, `${path}/${k}`, ctx)}</dd>`).join('')}</dl>`;
  return typeof v === 'string' ? inline(v, ctx) : esc(String(v));
}

export function gameHome(ctx: PageContext, links: ReadonlyArray<{ href: string; label: string }>): string {
  const m = ctx.game.linked.game.manifest;
  const w = ctx.words;
  const parts: string[] = [];
  if (m.summary) parts.push(`<p>${esc(textOf(m.summary, m.locale))}</p>`);
  const players = draftOf(ctx, '(manifest)', m.id, '/players');
  if (m.players) parts.push(`<p>${esc(w.players)}: ${m.players.min}–${m.players.max}${players ? draftBadge(ctx, players.note) : ''}</p>`);
  parts.push(`<h2>${esc(w.contents)}</h2><ul class="toc">${links.map((l) => `<li><a href="${esc(l.href)}">${esc(l.label)}</a></li>`).join('')}</ul>`);
  if (m.components?.length) {
    const rows = m.components.map((c) => `<tr><td>${esc(textOf(c.name, m.locale))}</td><td>${c.count}</td><td>${c.gap ? esc(c.gap) : c.note ? esc(c.note) : ''}</td></tr>`).join('');
    parts.push(`<h2>${esc(w.components)}</h2><table><thead><tr><th scope="col">${esc(w.components)}</th><th scope="col">${esc(w.count)}</th><th scope="col">${esc(w.note)}</th></tr></thead><tbody>${rows}</tbody></table>`);
  }
  return parts.join('\n');
}

export function draftsHtml(placeholders: readonly PlaceholderInfo[], w: Words): string {
  if (!placeholders.length) return `<p>${esc(w.noDrafts)}</p>`;
  const rows = placeholders.map((p) => `<tr><td><code>${esc(p.file)}${p.line ? `:${p.line}` : ''}</code></td><td>${esc(p.collection)} / ${esc(p.id)}${esc(p.path)}</td><td>${esc(p.note)}</td></tr>`).join('');
  return `<p>${esc(w.draftsIntro)}</p><table><thead><tr><th scope="col">${esc(w.where)}</th><th scope="col">${esc(w.field)}</th><th scope="col">${esc(w.note)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
