// @ts-check
// Field queries in the search box (`cost<=3`, `faction:anarch cost<=1`, `-type:ice`, `or`, parentheses): the
// data the build writes for the game in view (compiler/emit-site/query-data.ts: `query.json`, then each
// collection's `<collection>.query.json` and, for a query that reads text, its text chunks), loaded on the
// first field query; the query parsed and answered by field-query.js; the results drawn in the search panel
// as links to each entry's anchor, with its rules text; and the help panel listing the game's fields.
// search.js hands a query here when isFieldQuery says it is one. Nothing from the data is inserted as HTML.
import { jsonAt } from './fetch-json.js';
import { QueryError, evaluate, fold, isFieldQuery, needsText, parse, resolve } from './field-query.js';

export { isFieldQuery };

/** Results drawn at a time; "Show more" draws as many again. */
const PAGE = 20;
/** Characters of an entry's rules text shown under its name. */
const EXCERPT = 240;

/**
 * The game's query index (query-data.ts `queryFiles`).
 * @typedef {{ name: string, label: string, words: string[], file: string, size: number,
 *   fields: Array<import('./field-query.js').FieldInfo & { values?: string[], count?: number }> }} CollectionIndex
 * @typedef {{ collections: CollectionIndex[], pseudo: { kind: string[], name: string[], text: string[] } }} GameIndex
 */
/**
 * One collection's columns (query-data.ts `collectionData`). A dictionary `{ of }` is a reference to that
 * collection's entries: the column holds their indices.
 * @typedef {{ pages: string[], size: number,
 *   columns: Record<string, Array<number | null> | number[][]>,
 *   dict: Record<string, { values: string[], labels: string[][] } | { of: string }>,
 *   text: { files: string[], starts: number[] } }} CollectionData
 * @typedef {{ ids: string[], names: string[], page?: number[], text: string[], fields: Record<string, Array<string | null>> }} TextChunk
 */
/**
 * A collection ready to query: the evaluator's table, the raw data, and, filled chunk by chunk, its entries' IDs,
 * names, pages and text as printed.
 * @typedef {{ info: CollectionIndex, data: CollectionData, table: import('./field-query.js').Table, base: URL,
 *   ids: string[], names: string[], page: number[], printed: Array<string | undefined>,
 *   chunks: Array<Promise<void> | undefined> }} Loaded
 */

/** Loaded collections by their data URL. @type {Map<string, Promise<Loaded>>} */
const collections = new Map();

/**
 * @param {CollectionIndex} info
 * @param {URL} index the URL of the game's query.json
 * @returns {Promise<Loaded>}
 */
function collection(info, index) {
  const url = new URL(info.file, index);
  let p = collections.get(url.href);
  if (!p) {
    p = jsonAt(url).then((/** @type {CollectionData} */ data) => {
      /** @type {import('./field-query.js').Table['dict']} */
      const dict = {};
      for (const [key, d] of Object.entries(data.dict))
        if ('labels' in d) dict[key] = d.labels.map((words, i) => [...new Set([d.values[i], ...words].map(fold))]);
      const size = data.size;
      /** @type {Loaded} */
      const loaded = {
        info,
        data,
        base: url,
        table: { name: info.name, size, names: new Array(size).fill(''), columns: { ...data.columns }, dict },
        ids: new Array(size),
        names: new Array(size),
        page: new Array(size).fill(0),
        printed: new Array(size),
        chunks: new Array(data.text.files.length),
      };
      return loaded;
    });
    collections.set(url.href, p);
    p.catch(() => collections.delete(url.href));
  }
  return p;
}

/**
 * The first text field an entry gives, in the collection's order of fields (what the page prints under its name).
 * @param {Loaded} c
 * @param {TextChunk} chunk
 * @param {number} i
 */
function ownTextOf(c, chunk, i) {
  for (const f of c.info.fields) if (f.type === 'text' && chunk.fields[f.key]?.[i]) return /** @type {string} */ (chunk.fields[f.key]?.[i]);
  return '';
}

/**
 * Load text chunk `k` of a collection into its table (folded) and its printed text.
 * @param {Loaded} c
 * @param {number} k
 */
function textChunk(c, k) {
  let p = c.chunks[k];
  if (!p) {
    p = jsonAt(new URL(c.data.text.files[k], c.base)).then((/** @type {TextChunk} */ chunk) => {
      const start = c.data.text.starts[k];
      const table = c.table;
      table.texts ??= new Array(table.size);
      chunk.text.forEach((t, i) => {
        const at = start + i;
        c.ids[at] = chunk.ids[i];
        c.names[at] = chunk.names[i];
        c.page[at] = chunk.page?.[i] ?? 0;
        // An entry whose rules text lives in a text field of its own (Cangaceiros' Action cards print their
        // "Action text") answers with that field, as the word search does, rather than with its name alone.
        c.printed[at] = t || ownTextOf(c, chunk, i);
        table.names[at] = fold(chunk.names[i]);
        /** @type {string[]} */ (table.texts)[at] = fold(t);
      });
      for (const f of c.info.fields) {
        if (f.type !== 'text') continue;
        const own = chunk.fields[f.key];
        /** @type {Array<string | null>} */
        const column = /** @type {any} */ (table.columns[f.key]) ?? (table.columns[f.key] = new Array(table.size).fill(null));
        // The `text` field is the rules text itself, which the build does not write twice.
        chunk.text.forEach((t, i) => {
          const v = own ? own[i] : t;
          column[start + i] = v === null || v === undefined ? null : fold(v);
        });
      }
    });
    c.chunks[k] = p;
    p.catch(() => {
      c.chunks[k] = undefined;
    });
  }
  return p;
}

/** Every text chunk of a collection. @param {Loaded} c */
const allText = (c) => c.data.text.files.map((_, k) => textChunk(c, k));

/**
 * The dictionaries of the references a query names that point at a collection's entries (`refersTo:"moinho"`):
 * that collection's IDs and names, loaded for it.
 * @param {import('./field-query.js').Bound} q
 * @param {Loaded[]} loaded
 * @returns {Promise<void>}
 */
async function namedReferences(q, loaded) {
  if (q.type === 'and' || q.type === 'or') {
    for (const item of q.items) await namedReferences(item, loaded);
    return;
  }
  if (q.type === 'not') return namedReferences(q.item, loaded);
  if (q.type !== 'field') return;
  for (const c of loaded) {
    const info = q.keys.get(c.info.name);
    const d = info ? c.data.dict[info.key] : undefined;
    if (!info || !d || !('of' in d) || c.table.dict[info.key]) continue;
    const target = loaded.find((t) => t.info.name === d.of);
    if (!target) continue;
    await Promise.all(allText(target));
    c.table.dict[info.key] = target.ids.map((id, i) => [...new Set([fold(id), fold(target.names[i])])]);
  }
}

/** The chunk holding entry `i`. @param {Loaded} c @param {number} i */
const chunkOf = (c, i) => {
  const starts = c.data.text.starts;
  let k = 0;
  while (k + 1 < starts.length && starts[k + 1] <= i) k++;
  return k;
};

/** @type {(template: string, values: Record<string, string>) => string} */
const format = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ''));

/** The help panel, which holds the address of the game's query index (layout.hbs; none on a page of no game). */
const panel = () => /** @type {HTMLElement | null} */ (document.getElementById('query-help'));
/** The words of field queries in the page's language, on the search panel of every page (layout.hbs). @returns {Record<string, string>} */
const wordsOf = () => JSON.parse(document.getElementById('search-results')?.dataset.queryWords || '{}');

/** The game's index, or undefined on a page of no game (the home page). */
function gameIndex() {
  const at = panel()?.dataset.query;
  if (!at) return undefined;
  const url = new URL(at, location.href);
  return { url, index: /** @type {Promise<GameIndex>} */ (jsonAt(url)) };
}

/**
 * A query's error in the page's words.
 * @param {QueryError} error
 * @param {Record<string, string>} words
 */
function errorWords(error, words) {
  const key = `queryError${error.code[0].toUpperCase()}${error.code.slice(1)}`;
  return format(words[key] || error.code, error.about);
}

/**
 * Answer a field query in the search panel `region`: its results as a list, and what the count line says
 * (the count in words, or what is wrong with the query), which the caller shows and announces. `current`
 * says whether the query is still the reader's latest, so an answer that comes late draws nothing.
 * @param {string} query
 * @param {HTMLElement} region
 * @param {() => boolean} current
 * @returns {Promise<string>}
 */
export async function answerFieldQuery(query, region, current) {
  const said = await answer(query, region, current);
  // Which query the panel answers now (the browser tests wait for it).
  if (current()) region.dataset.answered = query;
  return said;
}

/**
 * @param {string} query
 * @param {HTMLElement} region
 * @param {() => boolean} current
 * @returns {Promise<string>}
 */
async function answer(query, region, current) {
  const words = wordsOf();
  const game = gameIndex();
  const clear = () => {
    region.querySelector('ol')?.remove();
    region.querySelector('.query-suggest')?.remove();
  };
  if (!game) {
    if (current()) clear();
    return words.queryNoGame || '';
  }
  const started = performance.now();
  const index = await game.index;
  /** @type {import('./field-query.js').Bound} */
  let bound;
  try {
    bound = resolve(parse(query), index.collections, index.pseudo);
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    if (current()) {
      clear();
      if (error.about.suggestion) suggestField(region, error, words);
    }
    return errorWords(error, words);
  }
  const loaded = await Promise.all(index.collections.map((c) => collection(c, game.url)));
  if (needsText(bound)) await Promise.all(loaded.flatMap(allText));
  await namedReferences(bound, loaded);
  /** @type {Array<{ c: Loaded, i: number }>} */
  const hits = [];
  for (const c of loaded) {
    const m = evaluate(bound, c.table);
    for (let i = 0; i < m.length; i++) if (m[i]) hits.push({ c, i });
  }
  if (!current()) return '';
  clear();
  const list = document.createElement('ol');
  list.className = 'field-results';
  region.append(list);
  await drawMore(list, hits, 0, words);
  // How long the answer took, its data's fetches and its first results drawn included (compiler/bench/site-at-size.ts reads it).
  list.dataset.queryMs = String(Math.round(performance.now() - started));
  const n = hits.length;
  return n === 0
    ? `${words.queryNone} “${query}”`
    : `${n === 1 ? words.queryMatchOne : format(words.queryMatchMany, { n: n.toLocaleString(document.documentElement.lang || undefined) })}: “${query}”`;
}

/**
 * Draw results `from` on (PAGE of them), with a "Show more" button after them while more remain.
 * @param {HTMLOListElement} list
 * @param {Array<{ c: Loaded, i: number }>} hits
 * @param {number} from
 * @param {Record<string, string>} words
 * @returns {Promise<HTMLAnchorElement | undefined>} the first result drawn
 */
async function drawMore(list, hits, from, words) {
  const shown = hits.slice(from, from + PAGE);
  // The rules text of the entries shown: only their chunks.
  await Promise.all(
    [...new Set(shown.map(({ c, i }) => `${c.info.name} ${chunkOf(c, i)}`))].map((key) => {
      const hit = shown.find(({ c, i }) => `${c.info.name} ${chunkOf(c, i)}` === key);
      return hit ? textChunk(hit.c, chunkOf(hit.c, hit.i)).catch(() => {}) : undefined;
    }),
  );
  // New results go before the old "Show more", which the caller removes once focus has moved off it.
  const before = list.querySelector('li.more');
  /** @type {HTMLAnchorElement | undefined} */
  let firstLink;
  for (const { c, i } of shown) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    const page = c.data.pages[c.page[i]];
    a.href = new URL(`${page}#${encodeURIComponent(c.ids[i])}`, c.base).href;
    const title = document.createElement('span');
    title.className = 'r-title';
    title.textContent = c.names[i];
    const kind = document.createElement('span');
    kind.className = 'r-game';
    kind.textContent = c.info.label;
    a.append(title, ' ', kind);
    firstLink ??= a;
    li.append(a);
    const text = c.printed[i];
    if (text) {
      const p = document.createElement('p');
      p.className = 'excerpt';
      p.textContent = text.length > EXCERPT ? `${text.slice(0, EXCERPT).replace(/\s+\S*$/, '')}…` : text;
      li.append(p);
    }
    list.insertBefore(li, before);
  }
  if (from + PAGE < hits.length) {
    const li = document.createElement('li');
    li.className = 'more';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = words.queryShowMore;
    button.addEventListener('click', async () => {
      // Focus moves to the first new result before the button goes: focus leaving the form would close the panel.
      (await drawMore(list, hits, from + PAGE, words))?.focus();
      li.remove();
    });
    li.append(button);
    list.append(li);
  }
  return firstLink;
}

/**
 * "Did you mean Cost?" under an unknown field's error, as a button that puts the field in the query.
 * @param {HTMLElement} region
 * @param {QueryError} error
 * @param {Record<string, string>} words
 */
function suggestField(region, error, words) {
  const p = document.createElement('p');
  p.className = 'query-suggest suggest';
  const button = document.createElement('button');
  button.type = 'button';
  const label = error.about.suggestion;
  button.textContent = label;
  p.append(`${words.didYouMean || ''} `, button, '?');
  button.addEventListener('click', () => {
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'));
    if (!input) return;
    const written = /\s/.test(label) ? `"${label}"` : label.toLowerCase();
    const field = error.about.field;
    const at = input.value.toLowerCase().indexOf(field.toLowerCase());
    input.value = at >= 0 ? input.value.slice(0, at) + written + input.value.slice(at + field.length) : input.value;
    input.focus();
    input.dispatchEvent(new Event('input'));
  });
  region.querySelector('.count')?.after(p);
}

/**
 * The help panel's button: opens the panel (listing the game's fields, read from its query index on first
 * open) and closes it again; Escape closes it too, focus going back to the button.
 */
export function attachQueryHelp() {
  // A "Did you mean" left by a field query goes once the box holds plain words again (search.js answers those).
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'));
  input?.addEventListener('input', () => {
    if (!isFieldQuery(input.value)) document.querySelector('#search-results .query-suggest')?.remove();
  });
  // The game's fields and columns are fetched when the reader comes to the box, as the word index is (search.js),
  // so a first field query finds them loaded: 600 kB at 30,000 cards; the text waits for a query that reads it.
  input?.addEventListener(
    'focus',
    () => {
      const game = gameIndex();
      game?.index.then((index) => Promise.all(index.collections.map((c) => collection(c, game.url)))).catch(() => {});
    },
    { once: true },
  );
  const help = panel();
  const button = /** @type {HTMLButtonElement | null} */ (document.querySelector('button.query-help-button'));
  if (!help || !button) return;
  button.hidden = false;
  let filled = false;
  /** @param {boolean} open */
  const setOpen = async (open) => {
    button.setAttribute('aria-expanded', String(open));
    help.hidden = !open;
    if (open) document.getElementById('search-results')?.setAttribute('hidden', '');
    if (open && !filled) {
      filled = true;
      try {
        await fillHelp(help);
      } catch {
        filled = false;
        help.querySelector('.query-fields')?.replaceChildren(wordsOf().filterFailed || '');
      }
    }
  };
  button.addEventListener('click', () => {
    void setOpen(button.getAttribute('aria-expanded') !== 'true');
  });
  help.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    void setOpen(false);
    button.focus();
  });
  button.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !help.hidden) {
      event.stopPropagation();
      void setOpen(false);
    }
  });
  // An example in the panel is a query to try: it goes into the box and runs.
  help.addEventListener('click', (event) => {
    const example = event.target instanceof Element ? event.target.closest('button.query-example') : null;
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'));
    if (!(example instanceof HTMLElement) || !input) return;
    void setOpen(false);
    input.value = example.textContent ?? '';
    input.focus();
    input.dispatchEvent(new Event('input'));
  });
}

/**
 * The panel's list of fields: for each collection, its fields with the kind of value each holds, then the words
 * every game has (kind, name, text), and a few examples made from this game's own fields.
 * @param {HTMLElement} help
 */
async function fillHelp(help) {
  const words = wordsOf();
  const game = gameIndex();
  const holder = help.querySelector('.query-fields');
  if (!game || !holder) return;
  const index = await game.index;
  const lang = document.documentElement.lang || undefined;
  /** @param {CollectionIndex['fields'][number]} f */
  const kindOf = (f) => {
    if (f.type === 'number') return words.queryNumber;
    if (f.type === 'bool') return words.queryYesNo;
    if (f.type === 'text') return words.queryFreeText;
    const some = f.values?.length ? `${f.values.join(', ')}${(f.count ?? 0) > f.values.length ? ', …' : ''}` : '';
    if (f.type === 'list') return `${words.queryListOf} ${some || words.queryFreeText}`;
    return some ? `${words.queryOneOf} ${some}` : words.queryFreeText;
  };
  const out = document.createDocumentFragment();
  const dl = document.createElement('dl');
  /** @param {string} term @param {string} description */
  const row = (term, description) => {
    const dt = document.createElement('dt');
    const code = document.createElement('code');
    code.textContent = term;
    dt.append(code);
    const dd = document.createElement('dd');
    dd.textContent = description;
    dl.append(dt, dd);
  };
  /** How a reader writes a field: its label as one word, or quoted when it has several. @param {string} label */
  const written = (label) => (/\s/.test(label) ? `"${label.toLocaleLowerCase(lang)}"` : label.toLocaleLowerCase(lang));
  for (const c of index.collections) {
    if (!c.fields.length) continue;
    const h = document.createElement('p');
    h.className = 'group';
    h.textContent = c.label;
    out.append(h);
    const list = document.createElement('dl');
    for (const f of c.fields) {
      const dt = document.createElement('dt');
      const code = document.createElement('code');
      code.textContent = written(f.label);
      dt.append(code);
      const dd = document.createElement('dd');
      dd.textContent = kindOf(f);
      list.append(dt, dd);
    }
    out.append(list);
  }
  const own = (/** @type {string} */ word) => index.collections.some((c) => c.fields.some((f) => f.names.some((n) => fold(n) === fold(word))));
  const local = (/** @type {string[]} */ list) =>
    list.find((w) => w === words.queryKindWord || w === words.queryNameWord || w === words.queryTextWord) ?? list[0];
  const kindWord = local(index.pseudo.kind);
  if (!own(kindWord)) row(kindWord, `${words.queryKindHelp}: ${index.collections.map((c) => c.label).join(', ')}`);
  row(local(index.pseudo.name), words.queryNameHelp);
  if (!own(local(index.pseudo.text))) row(local(index.pseudo.text), words.queryTextHelp);
  out.append(dl);
  // Examples from the game's own fields: a number compared, a value named, one left out.
  const fields = index.collections.flatMap((c) => c.fields);
  const number = fields.find((f) => f.type === 'number');
  const named = fields.find((f) => (f.type === 'enum' || f.type === 'ref' || f.type === 'list') && f.values?.length);
  const examples = [
    number ? `${written(number.label)}<=3` : '',
    named?.values ? `${written(named.label)}:${written(named.values[0])}` : '',
    named?.values && number ? `-${written(named.label)}:${written(named.values[0])} ${written(number.label)}>=1` : '',
    `${kindWord}:${written(index.collections[0]?.label ?? '')}`,
  ].filter(Boolean);
  const p = document.createElement('p');
  p.className = 'query-examples';
  p.append(`${words.queryHelpExamples}: `);
  examples.forEach((e, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'query-example';
    b.textContent = e;
    p.append(...(i ? [' ', b] : [b]));
  });
  out.append(p);
  holder.replaceChildren(out);
}
