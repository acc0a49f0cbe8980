import { textOf } from '../text.ts';
import type { Collection, Text } from '../model.ts';
import { esc, plain, type PageContext } from './context.ts';
import { labelsOf, type SchemaPlace } from './labels.ts';
import { collectionSlug } from '../site-addresses.ts';
import type { CollectionPlan } from './pages.ts';
import { declaredName } from './phrases.ts';
import { sortColumn, type SortField } from './sort-fields.ts';

/**
 * What a split collection's pages carry besides their entries: the list of
 * its pages, the filters and the entry list the filters read.
 *
 * The filters work across the split, so they need every entry, not the ones
 * on this page: the build writes `<collection>.entries.json` (ID, name, page
 * and each filter field's value, column by column), which the page's script
 * (docs-site/filters.js) fetches only when a reader uses a filter or follows
 * a link to an entry drawn on another page. Without script the form stays
 * hidden and the pages read as they are, with their page list.
 */

/**
 * Every collection drawn as entries has the same form above them (filters,
 * sort): on a page holding all its entries the form reads the entry list
 * from its own `data-list` (a few KB for 200 entries: no fetch, and it works
 * from a file), on a split collection from `<collection>.entries.json`.
 */

/** A field is a filter when it holds one of a few values: a menu of 10,000 card names helps no one. */
const MAX_FILTER_VALUES = 60;

export interface FilterField {
  key: string;
  label: string;
  /** The values present, in the schema's enum order or by their names, with the reader's word for each. */
  values: Array<{ value: string; label: string }>;
}

/**
 * A field's value as a reader names it: an enum value by its word (the schema's `const` title or the locale's
 * `values:`), an ID by the referenced entry's name, a declared name (a resource, a terrain), else the value itself.
 */
export function valueLabel(value: string, place: Pick<SchemaPlace, 'ref' | 'values'> | undefined, ctx: PageContext): string {
  const word = place?.values?.get(value);
  if (word !== undefined) return word;
  const ref = place?.ref;
  const entry = ref ? ctx.index.entry(ref, value) : undefined;
  if (entry) return plain(textOf((entry.name ?? entry.value.title) as Text | undefined, ctx.locale)) || value;
  return declaredName(ctx.game.linked, value) ?? value;
}

/** The collection's enum and reference fields (titled, top-level, one scalar per entry) with between 2 and MAX_FILTER_VALUES values. */
export function filterFieldsOf(c: Collection, ctx: PageContext): FilterField[] {
  const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
  const keys = new Set<string>();
  for (const e of c.entries) for (const k of Object.keys(e.value)) keys.add(k);
  const out: FilterField[] = [];
  for (const key of keys) {
    // `sort` names the sort menu in the address (`?sort=cost`).
    if (key === 'sort') continue;
    const place = labels.at(`/${key}`);
    const en = place.choices;
    if (!place.title || (!en && !place.ref)) continue;
    const present = new Set<string>();
    let scalar = true;
    for (const e of c.entries) {
      const v = e.value[key];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
        scalar = false;
        break;
      }
      present.add(String(v));
      if (present.size > MAX_FILTER_VALUES) break;
    }
    if (!scalar || present.size < 2 || present.size > MAX_FILTER_VALUES) continue;
    const values = [...present].map((value) => ({ value, label: valueLabel(value, place, ctx) }));
    if (en) {
      values.sort((a, b) => en.indexOf(a.value) - en.indexOf(b.value));
    } else if (place.ref && ctx.index.entry(place.ref, values[0]!.value)) {
      // Entries of another collection in that collection's order (packs in release order, as the designer lists them).
      const at = (v: string) => ctx.index.entry(place.ref!, v)?.index ?? Number.MAX_SAFE_INTEGER;
      values.sort((a, b) => at(a.value) - at(b.value) || a.label.localeCompare(b.label, ctx.locale));
    } else values.sort((a, b) => a.label.localeCompare(b.label, ctx.locale) || (a.value < b.value ? -1 : 1));
    out.push({ key, label: place.title, values });
  }
  return out;
}

/** The file of a collection's entry list, relative to the game's folder. */
export function entriesFile(c: Collection): string {
  return `${collectionSlug(c.name)}.entries.json`;
}

/**
 * The entry list, by columns (an array per property) so that 30,000 entries
 * stay a file a browser fetches and parses in a blink: `page` indexes
 * `pages`; a filter's column indexes its `values` (-1: no value); a sort
 * field's column holds each entry's number (null: none, sorted last).
 */
export function entriesJson(plan: CollectionPlan, fields: readonly FilterField[], ctx: PageContext, sorts: readonly SortField[] = []): string {
  const entries = plan.pages.flatMap((p) => p.entries);
  const columns: Record<string, number[]> = {};
  for (const f of fields) {
    const at = new Map(f.values.map((v, i) => [v.value, i]));
    columns[f.key] = entries.map((e) => {
      const v = e.value[f.key];
      return v === undefined || v === null ? -1 : (at.get(String(v)) ?? -1);
    });
  }
  return JSON.stringify({
    pages: plan.pages.map((p) => ({ href: p.file, label: p.label })),
    fields: fields.map((f) => ({ key: f.key, label: f.label, values: f.values.map((v) => v.value), labels: f.values.map((v) => v.label) })),
    ids: entries.map((e) => e.id),
    names: entries.map((e) => plain(textOf(e.name, ctx.locale)) || e.id),
    page: entries.map((e) => plan.pageOf.get(e.id) ?? 0),
    values: columns,
    sorts: sorts.map((f) => ({ key: f.key, label: f.label })),
    numbers: Object.fromEntries(sorts.map((f) => [f.key, sortColumn(entries, f)])),
  });
}

/**
 * The list of a split collection's pages, the current one marked, with the
 * collection's title for the search index's kind menu (every page of Cards is
 * of the kind "Cards", whatever its own heading says) and its entry list.
 */
export function pagesNavHtml(c: Collection, plan: CollectionPlan, current: number, title: string, ctx: PageContext): string {
  const w = ctx.words;
  const items = plan.pages.map(
    (p, i) =>
      `<li><a href="${esc(p.file)}"${i === current ? ' aria-current="page"' : ''}>${esc(p.label)}</a> <span class="n">(${p.entries.length})</span></li>`,
  );
  return `<nav class="collection-pages" aria-label="${esc(`${w.pagesOf} ${title}`)}" data-pagefind-ignore data-collection-kind="${esc(title)}" data-entries="${esc(entriesFile(c))}"><p class="group">${esc(`${w.pagesOf} ${title}`)} (${plan.pages.length}; ${plan.pageOf.size} ${esc(w.entriesCount)})</p><ol>${items.join('')}</ol></nav>`;
}

/**
 * The form above a collection's entries: one menu per filter field (each
 * option with its count, filled in by the script), the sort menus (the
 * listed order, the name, each numeric field; ascending or descending), a
 * reset, a live count and, on a split collection, the pages holding matches
 * and the sorted list across them. Hidden until the script shows it; nothing
 * when there is nothing to filter or sort (a collection of one entry).
 *
 * `list` is the entry list itself for a collection on one page; a split one
 * names its file instead (`entriesFile`).
 */
export function filtersHtml(
  c: Collection,
  fields: readonly FilterField[],
  title: string,
  ctx: PageContext,
  sorts: readonly SortField[] = [],
  list?: string,
): string {
  const sortable = c.entries.length > 1;
  if (!fields.length && !sortable) return '';
  const w = ctx.words;
  const id = (key: string) => `filter-${c.name}-${key}`.replace(/[^A-Za-z0-9-]/g, '-');
  const menus = fields.map(
    (f) =>
      `<label for="${esc(id(f.key))}">${esc(f.label)}</label> <select id="${esc(id(f.key))}" name="${esc(f.key)}" data-filter><option value="">${esc(w.filterAll)}</option>${f.values.map((v) => `<option value="${esc(v.value)}" data-label="${esc(v.label)}">${esc(v.label)}</option>`).join('')}</select>`,
  );
  const filterSet = fields.length
    ? `<fieldset class="filter-menus"><legend>${esc(`${w.filterEntries} ${title}`)}</legend>${menus.map((m) => `<span class="filter">${m}</span>`).join(' ')}</fieldset>`
    : '';
  const sortId = id('sort-by');
  const orderId = id('sort-order');
  const sortSet = sortable
    ? `<fieldset class="sort-menus"><legend>${esc(`${w.sortEntries} ${title}`)}</legend><span class="filter"><label for="${esc(sortId)}">${esc(w.sortBy)}</label> <select id="${esc(sortId)}" name="sort" data-sort><option value="">${esc(w.sortListed)}</option><option value="name">${esc(w.sortName)}</option>${sorts.map((f) => `<option value="${esc(f.key)}">${esc(f.label)}</option>`).join('')}</select></span> <span class="filter"><label for="${esc(orderId)}">${esc(w.sortOrder)}</label> <select id="${esc(orderId)}" data-order><option value="asc">${esc(w.sortAscending)}</option><option value="desc">${esc(w.sortDescending)}</option></select></span></fieldset>`
    : '';
  const words = {
    match: w.filterMatch,
    onPage: w.filterOnPage,
    loading: w.filterLoading,
    failed: w.filterFailed,
    none: w.filterNone,
    optionSaid: w.filterOptionSaid,
    sorted: w.sortStatus,
    ascending: w.sortAscending,
    descending: w.sortDescending,
    name: w.sortName,
    more: w.sortMore,
    page: w.sortPage,
    title,
  };
  const source = list === undefined ? `data-entries="${esc(entriesFile(c))}"` : `data-list="${esc(list)}"`;
  // Apply is for a reader who changes a menu and presses Enter (a change applies at once); Show all clears every choice.
  const actions = `<p class="filter-actions"><button type="submit">${esc(w.filterApply)}</button> <button type="reset">${esc(w.filterReset)}</button></p>`;
  return `<form class="entry-filters" ${source} data-words="${esc(JSON.stringify(words))}" data-pagefind-ignore hidden>${filterSet}${sortSet}${actions}<p class="filter-count" role="status"></p><nav class="filter-pages" aria-label="${esc(w.filterPages)}" hidden></nav></form>${list === undefined ? '<div class="sorted-list" data-pagefind-ignore hidden></div>' : ''}`;
}
