import { textOf, type PlaceholderInfo } from '../link/link.ts';
import type { Collection, Entry, Game, Text } from '../model.ts';
import { draftBadge, draftOf, esc, inline, isAtOrUnder, plain, readingsHtml, readingsOf, ruleHref, type PageContext } from './context.ts';
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
  const map = mapGraph(c, e, ctx);
  const skip = new Set(['name', 'id', 'text', 'examples', ...(rule ? [rule.pointer.slice(1)] : []), ...(map ? [map.nodes, map.edges, ...(map.arrows ? [map.arrows] : [])] : [])]);
  const fields = Object.entries(e.value).filter(([k]) => !skip.has(k));
  // A reading inside the rule stands right under the rule's sentence; one in a
  // listed field stands beside that field (valueHtml); the rest (in the name,
  // the text, the map) stand here, beside the entry's own text.
  const inFields = (p: string) => fields.some(([k]) => isAtOrUnder(p, `/${k}`));
  parts.push(readingsHtml(ctx, readingsOf(ctx, c.name, e.id, (p) => !isAtOrUnder(p, '/examples') && !inFields(p))));
  if (typeof e.value.text === 'string') parts.push(`<p>${inline(e.value.text, ctx)}</p>`);
  if (map) parts.push(mapHtml(c, e, map, ctx, Math.min(6, level + 1)));
  if (fields.length) parts.push(`<dl class="fields">${fields.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${valueHtml(v, c.name, e.id, `/${k}`, ctx)}</dd>`).join('')}</dl>`);
  // An example that depends on a reading is marked in the data (a reading around its `expect`) and says so beside it.
  const exampleReading = (ex: object) => {
    const i = Array.isArray(e.value.examples) ? e.value.examples.indexOf(ex) : -1;
    const found = i < 0 ? [] : readingsOf(ctx, c.name, e.id, (p) => isAtOrUnder(p, `/examples/${i}`));
    return found.map((r) => `<span class="reading"><span class="reading-label">${esc(ctx.words.exampleReading)}:</span> ${inline(r.note, ctx)}</span>`).join('');
  };
  if (rule?.examples.length) parts.push(examplesHtml(rule.examples, ctx.words, exampleReading));
  if (rule?.stateExamples?.length) parts.push(stateExamplesHtml(rule.stateExamples, ctx.words, exampleReading));
  parts.push('</article>');
  return parts.join('\n');
}

type ExampleReading = (example: object) => string;

function examplesHtml(examples: ReadonlyArray<{ note?: string; given: ReadonlyArray<Record<string, unknown>>; expect: readonly number[] }>, w: Words, reading: ExampleReading): string {
  const rows = examples.map((ex) => {
    const given = ex.given.map((g, i) => `${esc(w.player)} ${i + 1}: ${esc(Object.entries(g).map(([k, v]) => `${k} ${Array.isArray(v) ? `[${v.join(', ')}]` : String(v)}`).join(', ') || '—')}`).join('<br>');
    return `<tr><td>${ex.note ? esc(ex.note) + '<br>' : ''}${given}${reading(ex)}</td><td>${esc(ex.expect.join(', '))}</td></tr>`;
  });
  return `<table class="examples"><caption>${esc(w.examples)}</caption><thead><tr><th scope="col">${esc(w.given)}</th><th scope="col">${esc(w.points)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Examples of an effect: one player's state before, and the fields after. */
function stateExamplesHtml(examples: ReadonlyArray<{ note?: string; given: Record<string, unknown>; expect: Record<string, unknown> }>, w: Words, reading: ExampleReading): string {
  const show = (state: Record<string, unknown>) => esc(Object.entries(state).map(([k, v]) => `${k} ${v && typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ') || '—');
  const rows = examples.map((ex) => `<tr><td>${ex.note ? esc(ex.note) + '<br>' : ''}${show(ex.given)}${reading(ex)}</td><td>${show(ex.expect)}</td></tr>`);
  return `<table class="examples"><caption>${esc(w.examples)}</caption><thead><tr><th scope="col">${esc(w.before)}</th><th scope="col">${esc(w.after)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A field's value, with any reading made at it (or inside it, when the value is drawn as one line). */
export function valueHtml(v: unknown, collection: string, id: string, path: string, ctx: PageContext): string {
  const line = v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null));
  return fieldValueHtml(v, collection, id, path, ctx) + readingsHtml(ctx, readingsOf(ctx, collection, id, (p) => (line ? isAtOrUnder(p, path) : p === path)));
}

function fieldValueHtml(v: unknown, collection: string, id: string, path: string, ctx: PageContext): string {
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

/**
 * The readings section of the drafts page: each reading under the name of the
 * entry it shapes (a link to it) and its note, in the reader's words; a
 * reading in the manifest or the constants shapes the whole game.
 */
export function readingsListHtml(readings: readonly PlaceholderInfo[], ctx: PageContext): string {
  const w = ctx.words;
  const head = `<h2 id="readings">${esc(w.readings)}</h2>`;
  if (!readings.length) return `${head}<p>${esc(w.noReadings)}</p>`;
  const game = ctx.game.linked.game;
  const items = readings.map((r) => {
    const c = game.collections.get(r.collection);
    const entry = c?.entries.find((e) => e.id === r.id);
    if (!c || !entry) return `<li><a href="${esc(ctx.toGame)}index.html">${esc(plain(gameWideName(ctx, r.path) ?? w.overview))}</a> (${esc(textOf(game.manifest.name, ctx.locale))}): ${inline(r.note, ctx)}</li>`;
    // A reading in a worked example says which example, by its number as the page shows them.
    const example = /^\/examples\/(\d+)(\/|$)/.exec(r.path);
    const where = example ? `, ${w.example} ${Number(example[1]) + 1}` : '';
    const roles = game.manifest.roles ?? {};
    const numbered = (c.name === roles.rules || c.name === roles.glossary) && entry.value.number !== undefined;
    const label = [numbered ? String(entry.value.number) : '', textOf((entry.value.name ?? entry.value.title) as Text | undefined, ctx.locale)].filter(Boolean).join(' ') || entry.id;
    const href = numbered ? ruleHref(String(entry.value.number), ctx) : `${c.name}.html#${entry.id}`;
    const title = textOf(c.decl.title, ctx.locale) || c.name;
    // The link's words are plain text: a token in a name would put a link inside this link.
    return `<li><a href="${esc(ctx.toGame + href)}">${esc(plain(label))}</a> (${esc(title)}${esc(where)}): ${inline(r.note, ctx)}</li>`;
  });
  return `${head}<p>${esc(w.readingsIntro)}</p><ul class="readings">${items.join('')}</ul>`;
}

/** The name of the manifest declaration a game-wide reading stands in (a terrain, a resource), if it stands in one. */
function gameWideName(ctx: PageContext, path: string): string | undefined {
  const m = /^\/declarations\/([^/]+)\/(\d+)(\/|$)/.exec(path);
  if (!m) return undefined;
  const declared = ctx.game.linked.game.manifest.declarations?.[m[1]!]?.[Number(m[2])];
  return declared ? textOf(declared.name, ctx.locale) || undefined : undefined;
}
