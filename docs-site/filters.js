// @ts-check
// A collection's filters and sort (compiler/emit-site/collection-pages.ts), and,
// for a collection split over pages, links to an entry that lives on another of its pages.
//
// The filters and the sort know every entry, not only this page's. A collection
// on one page carries its entry list in the form (`data-list`); a split one has
// it in `<collection>.entries.json` (IDs, names, page, each filter field's value
// and each numeric field's number, by column), fetched the first time a reader
// touches the form or arrives with a choice in the address (`?kind=building`,
// `?sort=-cost`, which the page list's links carry on).
//
// Filters: entries of this page that do not match are hidden; the status line
// says how many match in all and here (a polite live region); on a split
// collection the pages holding matches are listed with their counts. Each
// menu's options show how many entries have that value among those the other
// menus let through ("Event (12)"), said in words to a screen reader.
//
// Sort (by name or a numeric field, ascending or descending; entries without
// the value last, ties by name): on a page holding every entry, the entries
// themselves are put in that order, so reading, Tab and a screen reader follow
// it; their anchors stay. On a split collection the order is over all its
// entries, so the page shows the sorted list instead of its own entries, as a
// card database's list view does (NetrunnerDB, ArkhamDB): name, value and page,
// each name a link to the entry on its page, 100 rows and a button for more.
// Leaving the list for an entry and coming Back finds it as it was (the
// choice is in the address).
//
// Without script the form stays hidden and every page reads as it is.
//
// A link that names an entry on the collection's first page (`cards.html#id`:
// a bookmark, a link from before the split) is sent on to the page that draws it.

import { askedFor, jsonAt } from './fetch-json.js';

/**
 * A collection's entry list (compiler/emit-site/collection-pages.ts, `entriesJson`): every entry's ID and page
 * (an index into `pages`), each filter field's value per entry as an index into that field's `values` (-1: none),
 * and each sort field's number per entry (null: none).
 * @typedef {object} EntryList
 * @property {{ href: string, label: string }[]} pages
 * @property {{ key: string, label: string, values: string[], labels: string[] }[]} fields
 * @property {string[]} ids
 * @property {string[]} names
 * @property {number[]} page
 * @property {Record<string, number[]>} values
 * @property {{ key: string, label: string }[]} [sorts]
 * @property {Record<string, (number | null)[]>} [numbers]
 */

/** Rows of the sorted list shown at once, and added by each "Show more". */
const LIST_STEP = 100;

/**
 * @param {string | undefined} href
 * @returns {Promise<EntryList>}
 */
function entryList(href) {
  // `href` is the element's data-entries, which the selectors that find it require.
  return jsonAt(href ?? '');
}

/** This page's file name ("cards.3.html"), which the entry list names its pages by. */
const here = () => decodeURIComponent(location.pathname.split('/').pop() || 'index.html');

/** @param {HTMLElement} nav */
async function followEntry(nav) {
  try {
    // Inside the try: a malformed escape in the address ("#a%") throws, and names no entry.
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id || document.getElementById(id)) return;
    const list = await entryList(nav.dataset.entries);
    const at = list.ids.indexOf(id);
    const page = at >= 0 ? list.pages[list.page[at]] : undefined;
    if (page && page.href !== here()) location.replace(`${page.href}${location.search}#${encodeURIComponent(id)}`);
  } catch {
    // No list (opened as a file, offline) or no entry named: the page stays as it is.
  }
}

/** @type {(template: string, values: Record<string, string>) => string} */
const format = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));

/**
 * Entry positions in the chosen order: by name, or by a number with entries lacking it last (either way);
 * ties by name, then as listed.
 * @param {EntryList} list
 * @param {number[]} at positions to order
 * @param {string} key "name" or a sort field's key
 * @param {boolean} descending
 * @param {Intl.Collator} collator
 */
export function sortedPositions(list, at, key, descending, collator) {
  const byName = (/** @type {number} */ a, /** @type {number} */ b) => collator.compare(list.names[a] ?? '', list.names[b] ?? '') || a - b;
  if (key === 'name') return [...at].sort((a, b) => (descending ? byName(b, a) : byName(a, b)));
  const column = list.numbers?.[key] ?? [];
  return [...at].sort((a, b) => {
    const x = column[a];
    const y = column[b];
    if (x == null || y == null) return x == null && y == null ? byName(a, b) : x == null ? 1 : -1;
    return (descending ? y - x : x - y) || byName(a, b);
  });
}

/** @param {HTMLFormElement} form */
function attachFilters(form) {
  const words = JSON.parse(form.dataset.words || '{}');
  const status = /** @type {HTMLElement} */ (form.querySelector('.filter-count'));
  const pagesNav = /** @type {HTMLElement} */ (form.querySelector('.filter-pages'));
  const selects = [.../** @type {NodeListOf<HTMLSelectElement>} */ (form.querySelectorAll('select[data-filter]'))];
  const sortMenu = /** @type {HTMLSelectElement | null} */ (form.querySelector('select[data-sort]'));
  const orderMenu = /** @type {HTMLSelectElement | null} */ (form.querySelector('select[data-order]'));
  const sortedBox = /** @type {HTMLElement | null} */ (form.nextElementSibling?.matches('.sorted-list') ? form.nextElementSibling : null);
  const articles = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('main article.entity[aria-labelledby]'))];
  // Where the entries go back to: they are contiguous, so each order is written before what follows the last.
  const parent = articles[0]?.parentNode;
  const after = articles[articles.length - 1]?.nextSibling ?? null;
  const byId = new Map(articles.map((a) => [a.getAttribute('aria-labelledby'), a]));
  // "On this page" (layout.hbs) lists the entries too: its items follow the entries' order and hide with them.
  const outline = document.querySelector('nav.outline ul');
  /** @type {Map<string, HTMLElement>} */
  const outlineItems = new Map();
  for (const li of /** @type {HTMLElement[]} */ (outline ? [...outline.children] : [])) {
    const id = li.querySelector('a')?.getAttribute('href')?.replace(/^#/, '') ?? '';
    if (byId.has(id)) outlineItems.set(id, li);
  }
  const outlineAfter = [...outlineItems.values()].at(-1)?.nextSibling ?? null;
  /** "On this page" in the order of the entries given (those drawn), each item hidden where its entry is. @param {HTMLElement[]} ordered */
  const outlineFollows = (ordered) => {
    for (const a of ordered) {
      const li = outlineItems.get(a.getAttribute('aria-labelledby') ?? '');
      if (li && outline) outline.insertBefore(li, outlineAfter);
    }
    for (const [id, li] of outlineItems) li.hidden = byId.get(id)?.hidden ?? false;
  };
  const lang = document.documentElement.lang || undefined;
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
  /** @param {number} n */
  const number = (n) => n.toLocaleString(lang);
  const inline = form.dataset.list;
  // Each option's own words, which its count follows ("All" has none from the build).
  for (const s of selects) for (const o of s.options) o.dataset.label ??= o.text;
  /** The page's own list, read once; a malformed one rejects like a failed fetch. @type {Promise<EntryList> | undefined} */
  let own;
  /** @returns {Promise<EntryList>} */
  const load = () => (inline !== undefined ? (own ??= new Promise((resolve) => resolve(JSON.parse(inline)))) : entryList(form.dataset.entries));
  let seq = 0;

  const chosen = () => selects.filter((s) => s.value).map((s) => [s.name, s.value]);
  /** The sort chosen, as the address writes it: `cost`, `-cost` (descending), or '' (as listed). */
  const sortParam = () => (sortMenu?.value ? `${orderMenu?.value === 'desc' ? '-' : ''}${sortMenu.value}` : '');

  async function apply() {
    const mine = ++seq;
    const picks = chosen();
    const sort = sortParam();
    // The address's other parameters (a search's ?q=, a shared link's own) stay: only the filters' and the sort's change.
    const params = new URLSearchParams(location.search);
    for (const s of selects) params.delete(s.name);
    params.delete('sort');
    for (const [name, value] of picks) params.set(name, value);
    if (sort) params.set('sort', sort);
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    if (orderMenu) orderMenu.disabled = !sort;
    if (!picks.length && !sort) {
      if (parent) for (const a of articles) parent.insertBefore(a, after);
      for (const a of articles) a.hidden = false;
      outlineFollows(articles);
      pagesNav.hidden = true;
      pagesNav.replaceChildren();
      if (sortedBox) {
        sortedBox.hidden = true;
        sortedBox.replaceChildren();
      }
      status.textContent = '';
      // The counts still show, over every entry, once the list is here.
      if (inline !== undefined || askedFor(form.dataset.entries ?? ''))
        load()
          .then((list) => mine === seq && counts(list, []))
          .catch(() => {});
      return;
    }
    if (inline === undefined) status.textContent = words.loading;
    try {
      const list = await load();
      if (mine === seq) draw(list, picks, sort);
    } catch {
      // No list (offline), or one not shaped as this script reads it: the reader is told in words, and no
      // rejection goes unhandled (apply runs from event listeners, which drop its promise).
      if (mine === seq) status.textContent = words.failed;
    }
  }

  /**
   * Each filter's options with how many entries have their value among those every other filter lets through.
   * @param {EntryList} list
   * @param {string[][]} picks
   */
  function counts(list, picks) {
    const keys = selects.map((s) => s.name);
    const columns = keys.map((k) => list.values[k] ?? []);
    const wanted = keys.map((k) => {
      const pick = picks.find(([key]) => key === k);
      return pick ? (list.fields.find((x) => x.key === k)?.values.indexOf(pick[1]) ?? -2) : undefined;
    });
    /** @type {number[][]} per filter, per value index: the count */
    const tally = keys.map((k) => new Array((list.fields.find((x) => x.key === k)?.values.length ?? 0) + 1).fill(0));
    const all = keys.map(() => 0);
    for (let i = 0; i < list.ids.length; i++) {
      // The one filter this entry fails (-1: none; -2: more than one, so it counts nowhere).
      let failed = -1;
      for (let f = 0; f < keys.length; f++) {
        if (wanted[f] === undefined || columns[f][i] === wanted[f]) continue;
        failed = failed === -1 ? f : -2;
        if (failed === -2) break;
      }
      if (failed === -2) continue;
      for (let f = 0; f < keys.length; f++) {
        if (failed !== -1 && failed !== f) continue;
        all[f] += 1;
        const v = columns[f][i] ?? -1;
        if (v >= 0) tally[f][v] += 1;
      }
    }
    selects.forEach((s, f) => {
      const values = list.fields.find((x) => x.key === s.name)?.values ?? [];
      for (const option of s.options) {
        const label = option.dataset.label ?? option.text;
        const at = values.indexOf(option.value);
        const n = option.value ? (at >= 0 ? tally[f][at] : 0) : all[f];
        option.text = `${label} (${number(n)})`;
        option.setAttribute('aria-label', format(words.optionSaid, { label, n: number(n) }));
      }
    });
  }

  /**
   * Show the entries that match every pick, in the order chosen: this page's, and the pages holding the others
   * (or, on a split collection with a sort, the sorted list of all of them).
   * @param {EntryList} list
   * @param {string[][]} picks
   * @param {string} sort
   */
  function draw(list, picks, sort) {
    counts(list, picks);
    const tests = picks.map(([key, value]) => {
      const field = list.fields.find((f) => f.key === key);
      const wanted = field ? field.values.indexOf(value) : -2;
      const column = list.values[key] ?? [];
      /** @param {number} i */
      return (i) => column[i] === wanted;
    });
    const perPage = new Array(list.pages.length).fill(0);
    /** @type {number[]} */
    const hits = [];
    for (let i = 0; i < list.ids.length; i++) {
      if (!tests.every((t) => t(i))) continue;
      perPage[list.page[i]] += 1;
      hits.push(i);
    }
    const matches = new Set(hits.map((i) => list.ids[i]));
    const descending = sort.startsWith('-');
    const key = sort.replace(/^-/, '');
    const order = sort ? sortedPositions(list, hits, key, descending, collator) : hits;
    const split = sortedBox !== null;
    let onPage = 0;
    for (const a of articles) {
      const hit = matches.has(a.getAttribute('aria-labelledby') ?? '') && !(split && sort);
      a.hidden = !hit;
      if (hit) onPage += 1;
    }
    if (!split && parent) {
      // One page: the entries themselves take the order (as listed when no sort is chosen).
      const ordered = sort ? order.map((i) => byId.get(list.ids[i])).filter((a) => a !== undefined) : articles;
      for (const a of ordered) parent.insertBefore(a, after);
      outlineFollows(ordered);
    }
    if (split && sortedBox) drawSorted(list, order, sort ? key : '', descending);
    const query = new URLSearchParams(picks).toString();
    const items =
      !split || !picks.length
        ? []
        : list.pages.flatMap((p, i) => {
            if (!perPage[i]) return [];
            const li = document.createElement('li');
            const link = document.createElement('a');
            link.href = `${p.href}?${query}`;
            link.textContent = p.label;
            if (p.href === here()) link.setAttribute('aria-current', 'page');
            li.append(link, ` (${number(perPage[i])})`);
            return [li];
          });
    const ol = document.createElement('ol');
    ol.append(...items);
    pagesNav.replaceChildren(ol);
    pagesNav.hidden = items.length === 0;
    const sortedSaid = sort ? format(words.sorted, { field: fieldLabel(list, key), order: orderWord(descending) }) : '';
    if (!picks.length) status.textContent = `${sortedSaid}.`;
    else if (!matches.size) status.textContent = words.none;
    else {
      const match = format(words.match, { n: number(matches.size), total: number(list.ids.length) });
      const where = split && !sort ? `; ${format(words.onPage, { n: number(onPage) })}` : '';
      status.textContent = `${match}${where}${sortedSaid ? `. ${sortedSaid}` : ''}.`;
    }
  }

  /** @param {EntryList} list @param {string} key */
  const fieldLabel = (list, key) => (key === 'name' ? words.name : (list.sorts?.find((f) => f.key === key)?.label ?? key));
  /** @param {boolean} descending */
  const orderWord = (descending) => String(descending ? words.descending : words.ascending).toLocaleLowerCase(lang);

  /**
   * A split collection sorted: every matching entry in order, as a table (name linked to its page, value, page),
   * LIST_STEP rows at a time.
   * @param {EntryList} list
   * @param {number[]} order
   * @param {string} key
   * @param {boolean} descending
   */
  function drawSorted(list, order, key, descending) {
    if (!sortedBox) return;
    if (!key) {
      sortedBox.hidden = true;
      sortedBox.replaceChildren();
      return;
    }
    const table = document.createElement('table');
    const caption = table.createCaption();
    caption.textContent = `${words.title}: ${format(words.sorted, { field: fieldLabel(list, key), order: orderWord(descending) })}`;
    const head = table.createTHead().insertRow();
    const column = key === 'name' ? undefined : list.numbers?.[key];
    for (const text of [words.name, ...(column ? [fieldLabel(list, key)] : []), words.page]) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = text;
      head.append(th);
    }
    const body = table.createTBody();
    const more = document.createElement('button');
    more.type = 'button';
    let shown = 0;
    const addRows = () => {
      const next = order.slice(shown, shown + LIST_STEP);
      /** @type {HTMLAnchorElement | undefined} */
      let first;
      for (const i of next) {
        const row = body.insertRow();
        const link = document.createElement('a');
        const page = list.pages[list.page[i]];
        link.href = `${page?.href ?? ''}#${encodeURIComponent(list.ids[i])}`;
        link.textContent = list.names[i] ?? list.ids[i];
        first ??= link;
        row.insertCell().append(link);
        if (column) {
          const cell = row.insertCell();
          cell.className = 'n';
          const v = column[i];
          cell.textContent = v == null ? '—' : number(v);
        }
        row.insertCell().textContent = page?.label ?? '';
      }
      shown += next.length;
      const left = order.length - shown;
      more.hidden = left <= 0;
      more.textContent = format(words.more, { n: number(Math.min(LIST_STEP, left)) });
      return first;
    };
    more.addEventListener('click', () => addRows()?.focus());
    addRows();
    sortedBox.replaceChildren(table, more);
    sortedBox.hidden = false;
  }

  for (const s of [...selects, ...(sortMenu ? [sortMenu] : []), ...(orderMenu ? [orderMenu] : [])])
    s.addEventListener('change', () => {
      void apply();
    });
  // Reset clears the menus after this event: apply once they are clear.
  form.addEventListener('reset', () =>
    setTimeout(() => {
      void apply();
    }, 0),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void apply();
  });
  // Fetch the list when a reader comes to the form, before the first choice, and show the counts.
  form.addEventListener(
    'focusin',
    () => {
      load()
        .then((list) => {
          if (!chosen().length) counts(list, []);
        })
        .catch(() => {});
    },
    { once: true },
  );

  // Choices named in the address (a page list link, a shared URL, Back to this page) are applied at once.
  function restore() {
    const params = new URLSearchParams(location.search);
    let any = false;
    for (const s of selects) {
      const v = params.get(s.name);
      s.value = v !== null && [...s.options].some((o) => o.value === v) ? v : '';
      if (s.value) any = true;
    }
    const sort = params.get('sort') ?? '';
    const key = sort.replace(/^-/, '');
    if (sortMenu && orderMenu) {
      const known = [...sortMenu.options].some((o) => o.value && o.value === key);
      sortMenu.value = known ? key : '';
      orderMenu.value = known && sort.startsWith('-') ? 'desc' : 'asc';
      orderMenu.disabled = !known;
      if (known) any = true;
    }
    return any;
  }
  form.hidden = false;
  if (restore() || inline !== undefined) void apply();
  // Back and Forward within the page's own history (the hash): the address's choices are the page's.
  window.addEventListener('popstate', () => {
    restore();
    void apply();
  });
  // A page restored from the back/forward cache keeps its DOM; the menus follow the address it left with.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    restore();
    void apply();
  });
}

export function attachCollectionPages() {
  const nav = /** @type {HTMLElement | null} */ (document.querySelector('nav.collection-pages[data-entries]'));
  const http = location.protocol.startsWith('http');
  if (nav && http) {
    void followEntry(nav);
    window.addEventListener('hashchange', () => {
      void followEntry(nav);
    });
  }
  // A split collection's form needs its list over http; a one-page collection's carries its own.
  const form = /** @type {HTMLFormElement | null} */ (document.querySelector('form.entry-filters:is([data-entries], [data-list])'));
  if (form && (http || form.dataset.list !== undefined)) attachFilters(form);
}
