import { textOf } from '../text.ts';
import type { Release, ReleaseChange } from '../release/record.ts';
import { collectionPage } from '../site-addresses.ts';
import { esc, plain, ruleHref, type PageContext } from './context.ts';
import { examplePlace, fieldLabel } from '../diff/words.ts';
import { labelsOf } from './labels.ts';

/**
 * A game's Changes page: each release (newest first) and what it changed in
 * this game, from the releases record `rulebook release` writes. Entries
 * link to where they stand now; a removed one is named only. The words are
 * the game's language; the before and after are the rulebook's own text
 * (rendered rules, values as the entry pages show them).
 */
export function changesHtml(releases: readonly Release[], ctx: PageContext): string {
  const w = ctx.words;
  const id = ctx.game.linked.game.manifest.id;
  const sections = releases.map((r) => {
    // Schema changes are the engine package's types, not the rules a reader reads: the changelog lists them.
    const mine = (r.games[id] ?? []).filter((c) => !c.change.startsWith('schema-'));
    const anchor = `v-${r.version.replace(/\./g, '-')}`;
    // Worked examples test the rules: their changes are read apart, after the rules changes.
    const examples = mine.filter((c) => examplePlace(c.path) && c.change !== 'rule-changed');
    const items = groupByEntry(mine.filter((c) => !examples.includes(c))).map((group) => itemHtml(group, ctx));
    const exampleItems = groupByEntry(examples).map((group) => itemHtml(group, ctx));
    const body =
      items.length || exampleItems.length
        ? `${items.length ? `<ul class="changes">${items.join('')}</ul>` : ''}${exampleItems.length ? `<h3>${esc(w.examples)}</h3><ul class="changes">${exampleItems.join('')}</ul>` : ''}`
        : `<p>${esc(w.noGameChanges)}</p>`;
    return `<section aria-labelledby="${anchor}"><h2 id="${anchor}">${esc(w.version)} ${esc(r.version)}</h2><p>${esc(w.released)} <time datetime="${esc(r.date)}">${esc(r.date)}</time></p>${body}</section>`;
  });
  // Left out of the search index: a search for a card should find the card, not each release that touched it.
  return `<div data-pagefind-ignore="all"><p>${esc(w.changesIntro)}</p>${sections.join('\n')}</div>`;
}

/** Field changes of one entry are one item: the reader looks the entry up once. */
function groupByEntry(changes: readonly ReleaseChange[]): ReleaseChange[][] {
  const out: ReleaseChange[][] = [];
  const byEntry = new Map<string, ReleaseChange[]>();
  for (const c of changes) {
    const field = ['field-added', 'field-removed', 'type-changed', 'value-changed', 'rule-changed', 'example-changed'].includes(c.change);
    if (!field) {
      out.push([c]);
      continue;
    }
    const key = `${c.collection}|${c.id}`;
    const group = byEntry.get(key);
    if (group) group.push(c);
    else {
      const fresh = [c];
      byEntry.set(key, fresh);
      out.push(fresh);
    }
  }
  return out;
}

function itemHtml(group: readonly ReleaseChange[], ctx: PageContext): string {
  const w = ctx.words;
  const c = group[0]!;
  const game = ctx.game.linked.game;
  const collectionTitle = c.collection ? textOf(game.collections.get(c.collection)?.decl.title, ctx.locale) || c.collection : '';
  const verb =
    c.change.endsWith('-added') && !c.change.startsWith('field')
      ? w.changeAdded
      : c.change.endsWith('-removed') && !c.change.startsWith('field')
        ? w.changeRemoved
        : c.change === 'entry-renamed'
          ? w.changeRenamed
          : w.changeChanged;
  const label = `<strong>${esc(verb)}</strong>: `;
  if (c.change.startsWith('page-')) {
    const here = game.pages.some((p) => p.slug === c.id);
    const name = here ? `<a href="rules/${esc(c.id ?? '')}.html">${esc(plain(c.name ?? ''))}</a>` : esc(plain(c.name ?? ''));
    const paragraphs = c.change === 'page-changed' ? beforeAfterHtml(list(c.before).map(plain), list(c.after).map(plain), ctx) : '';
    return `<li>${label}${name} (${esc(w.rulesPage)})${paragraphs}</li>`;
  }
  if (c.change.startsWith('collection-') || c.change.startsWith('game-')) {
    const here = c.collection ? game.collections.has(c.collection) : c.change === 'game-added';
    const href = c.collection ? collectionPage(c.collection) : 'index.html';
    return `<li>${label}${here ? `<a href="${esc(href)}">${esc(plain(c.name ?? ''))}</a>` : esc(plain(c.name ?? ''))}</li>`;
  }
  const entry = c.collection && c.id !== undefined ? ctx.index.entry(c.collection, c.id) : undefined;
  const name = esc(plain(c.name ?? c.id ?? ''));
  const numbered =
    entry && typeof entry.value.number === 'string' && (c.collection === game.manifest.roles?.rules || c.collection === game.manifest.roles?.glossary);
  const href =
    !entry || c.change === 'entry-removed' ? undefined : numbered ? ruleHref(String(entry.value.number), ctx) : ctx.index.hrefOf(c.collection!, entry.id);
  const linked = href ? `<a href="${esc(href)}">${name}</a>` : name;
  const formerly = c.change === 'entry-renamed' ? `; ${esc(w.formerly)} ${esc(plain(c.wasName ?? c.was ?? ''))}` : '';
  const details = group.map((f) => fieldHtml(f, ctx)).join('');
  return `<li>${label}${linked} (${esc(collectionTitle)}${formerly})${details}</li>`;
}

/**
 * A changed field: a rule as its sentence before and after; any other field
 * under its label (as the entry pages label it), its value before and after
 * when it reads as text.
 */
function fieldHtml(c: ReleaseChange, ctx: PageContext): string {
  // The rule's sentence, and an entry's own text, name or title, are the rulebook's words: before and after, unlabelled (the entry pages show them so).
  if (c.change === 'rule-changed' || (c.change === 'value-changed' && /^\/(text|name|title)(\/|$)/.test(c.path ?? ''))) {
    return beforeAfterHtml([display(c.before) ?? ''], [display(c.after) ?? ''], ctx);
  }
  if (!['field-added', 'field-removed', 'type-changed', 'value-changed', 'example-changed'].includes(c.change)) return '';
  // A field under its label as the entry pages show it, in the page's locale; its values in words (an enum value's word).
  const game = ctx.game.linked.game;
  const collection = c.collection ? game.collections.get(c.collection) : undefined;
  const labels = collection ? labelsOf(game, collection, ctx.locale) : undefined;
  const path = c.path ?? '';
  const example = examplePlace(path);
  const label =
    (example
      ? example.index >= 0
        ? capitalised(`${ctx.words.example} ${example.index + 1}`, ctx.locale)
        : ctx.words.examples
      : labels && fieldLabel(labels, path)) ?? ctx.words.field;
  const word = (v: unknown, at: string) => (labels && v !== null && typeof v !== 'object' ? labels.valueLabel(at, v) : undefined);
  const words = (v: unknown) =>
    Array.isArray(v) && v.some((x, i) => word(x, `${path}/${i}`) !== undefined)
      ? v.map((x, i) => word(x, `${path}/${i}`) ?? display(x)).join(', ')
      : (word(v, path) ?? display(v));
  const before = c.before === undefined ? undefined : words(c.before);
  const after = c.after === undefined ? undefined : words(c.after);
  const value = before !== undefined && after !== undefined ? `${esc(before)} → ${esc(after)}` : esc(after ?? before ?? ctx.words.changeChanged);
  return `<dl class="fields"><dt>${esc(label)}</dt><dd>${value}</dd></dl>`;
}

/** A label that starts a line starts with a capital ("worked example 1" -> "Worked example 1"). */
function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** What a reader sees of a value: text and numbers as they are, a list of them joined; a record is not shown (its entry page is a link away). */
function display(v: unknown): string | undefined {
  if (typeof v === 'string') return plain(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return v.join(', ');
  return undefined;
}

function beforeAfterHtml(before: readonly string[], after: readonly string[], ctx: PageContext): string {
  if (!before.length && !after.length) return '';
  const rows = [
    ...before.map((b) => `<dt>${esc(ctx.words.before)}</dt><dd>${esc(b)}</dd>`),
    ...after.map((a) => `<dt>${esc(ctx.words.after)}</dt><dd>${esc(a)}</dd>`),
  ];
  return `<dl class="fields">${rows.join('')}</dl>`;
}

function list(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
