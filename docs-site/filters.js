// @ts-check
// A collection split over pages (compiler/emit-site/collection-pages.ts): its filters,
// and links to an entry that lives on another of its pages.
//
// The filters know every entry, not only this page's: the build writes the
// collection's entry list (`<collection>.entries.json`: IDs, names, page and
// each filter field's value, by column), fetched the first time a reader
// touches a filter or arrives with one in the address (`?kind=building`, which
// the page list's links carry on). Entries of this page that do not match are
// hidden; the status line says how many match in all and here (a polite live
// region); the pages holding matches are listed with their counts. Without
// script the form stays hidden and every page still reads, with its page list.
//
// A link that names an entry on the collection's first page (`cards.html#id`:
// a bookmark, a link from before the split) is sent on to the page that draws it.

/**
 * A collection's entry list (compiler/emit-site/collection-pages.ts, `entriesJson`): every entry's ID and page
 * (an index into `pages`), and each filter field's value per entry as an index into that field's `values` (-1: none).
 * @typedef {object} EntryList
 * @property {{ href: string, label: string }[]} pages
 * @property {{ key: string, label: string, values: string[], labels: string[] }[]} fields
 * @property {string[]} ids
 * @property {string[]} names
 * @property {number[]} page
 * @property {Record<string, number[]>} values
 */

/** List URL -> the list; a failed fetch is dropped, so the next use fetches it again. @type {Map<string, Promise<EntryList>>} */
const lists = new Map();
/**
 * @param {string | undefined} href
 * @returns {Promise<EntryList>}
 */
function entryList(href) {
  // `href` is the element's data-entries, which the selectors that find it require.
  const url = new URL(href ?? '', location.href).href;
  let list = lists.get(url);
  if (!list) {
    list = fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText))));
    lists.set(url, list);
    list.catch(() => lists.delete(url));
  }
  return list;
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

/** @param {HTMLFormElement} form */
function attachFilters(form) {
  const words = JSON.parse(form.dataset.words || '{}');
  const status = /** @type {HTMLElement} */ (form.querySelector('.filter-count'));
  const pagesNav = /** @type {HTMLElement} */ (form.querySelector('.filter-pages'));
  const selects = [...form.querySelectorAll('select')];
  const articles = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('main article.entity[aria-labelledby]'))];
  const lang = document.documentElement.lang || undefined;
  /** @param {number} n */
  const number = (n) => n.toLocaleString(lang);
  let seq = 0;

  const chosen = () => selects.filter((s) => s.value).map((s) => [s.name, s.value]);

  async function apply() {
    const mine = ++seq;
    const picks = chosen();
    const query = new URLSearchParams(picks).toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    if (!picks.length) {
      for (const a of articles) a.hidden = false;
      pagesNav.hidden = true;
      pagesNav.replaceChildren();
      status.textContent = '';
      return;
    }
    status.textContent = words.loading;
    try {
      const list = await entryList(form.dataset.entries);
      if (mine === seq) draw(list, picks, query);
    } catch {
      // No list (offline), or one not shaped as this script reads it: the reader is told in words, and no
      // rejection goes unhandled (apply runs from event listeners, which drop its promise).
      if (mine === seq) status.textContent = words.failed;
    }
  }

  /**
   * Show the entries that match every pick: this page's, and the pages holding the others.
   * @param {EntryList} list
   * @param {string[][]} picks
   * @param {string} query
   */
  function draw(list, picks, query) {
    const tests = picks.map(([key, value]) => {
      const field = list.fields.find((f) => f.key === key);
      const wanted = field ? field.values.indexOf(value) : -2;
      const column = list.values[key] ?? [];
      /** @param {number} i */
      return (i) => column[i] === wanted;
    });
    const perPage = new Array(list.pages.length).fill(0);
    const matches = new Set();
    for (let i = 0; i < list.ids.length; i++) {
      if (!tests.every((t) => t(i))) continue;
      perPage[list.page[i]] += 1;
      matches.add(list.ids[i]);
    }
    let onPage = 0;
    for (const a of articles) {
      const hit = matches.has(a.getAttribute('aria-labelledby'));
      a.hidden = !hit;
      if (hit) onPage += 1;
    }
    const items = list.pages.flatMap((p, i) => {
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
    status.textContent = matches.size
      ? `${format(words.match, { n: number(matches.size), total: number(list.ids.length) })}; ${format(words.onPage, { n: number(onPage) })}.`
      : words.none;
  }

  for (const s of selects)
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
  // Fetch the list when a reader comes to the filters, before the first choice.
  form.addEventListener(
    'focusin',
    () => {
      entryList(form.dataset.entries).catch(() => {});
    },
    { once: true },
  );

  // Filters named in the address (a page list link, a shared URL) are applied at once.
  const params = new URLSearchParams(location.search);
  let any = false;
  for (const s of selects) {
    const v = params.get(s.name);
    if (v !== null && [...s.options].some((o) => o.value === v)) {
      s.value = v;
      any = true;
    }
  }
  form.hidden = false;
  if (any) void apply();
}

export function attachCollectionPages() {
  const nav = /** @type {HTMLElement | null} */ (document.querySelector('nav.collection-pages[data-entries]'));
  if (!nav || !location.protocol.startsWith('http')) return;
  void followEntry(nav);
  window.addEventListener('hashchange', () => {
    void followEntry(nav);
  });
  const form = /** @type {HTMLFormElement | null} */ (document.querySelector('form.entry-filters[data-entries]'));
  if (form) attachFilters(form);
}
