// @ts-check
// The search box. One query searches every game in every language: the
// page's own Pagefind bundle (its stemmer) with the other languages' bundles,
// and the other parts of a large language's, merged in (`mergeIndex`), all
// loaded on the reader's first query. A rule
// number ("16.5.1") puts that rule first and a misspelling close to a known
// name offers it ("Did you mean Lampião?"), from pagefind/numbers.json and
// pagefind/spellings.json, which the build writes beside
// pagefind/bundles.json (the bundles to merge; compiler/emit-site/search.ts).
// Results are links (deep links to the rule or entry anchor) naming their
// game, and their page beside a name several entries bear; the status line
// announces how many there are, never the list. Nothing from the index is
// inserted as HTML: excerpts are rebuilt as text and <mark> elements.
//
// A result under a heading quotes its answer: the first sentences after the
// heading, which the build puts first in each entry of the indexed copy (its
// rules text, its ability; compiler/emit-site/search-copy.ts), with the
// words Pagefind matched marked. The kind menu is in the page's language, one
// entry per kind (pagefind/kinds.json). The query and the menus live in the
// address (?q=, &q-game=, &q-kind=): a link shares the search, Back restores
// the previous one.

import { answerFieldQuery, isFieldQuery } from './field-search.js';

/**
 * The parts of Pagefind's browser API (pagefind.js; https://pagefind.app/docs/api/) this file uses.
 * @typedef {object} Pagefind
 * @property {(options: object) => Promise<void>} options
 * @property {() => Promise<void>} init
 * @property {(path: string, options: object) => Promise<void>} mergeIndex
 * @property {() => Promise<Record<string, Record<string, number>>>} filters
 * @property {(query: string, options: { filters: Filters }) => Promise<{ results: { data: () => Promise<PageData> }[] } | null>} search
 */
/** @typedef {Record<string, string | { any: string[] }>} Filters */
/**
 * One page Pagefind found, with its headings that hold the query: its text (`content`, the words Pagefind's
 * locations count) and its anchors (each heading with an id, at the location of its first word).
 * @typedef {{ url: string, excerpt?: string, content?: string, anchors?: Anchor[], locations?: number[], meta?: Record<string, string>, sub_results?: SubResult[] }} PageData
 * @typedef {{ element: string, id: string, text?: string, location: number }} Anchor
 * @typedef {{ url: string, title?: string, excerpt?: string, locations?: number[], anchor?: Anchor }} SubResult
 */
/**
 * A result as the list shows it.
 * `titleLang`: the language of the title itself when it is a name in another language than its page's (`nameLang`).
 * `nameEnd`: where that name ends in the title, when a gloss in the page's language follows it ("Tocaia (Ambush)").
 * `answer`: the sentences after its heading, each word with whether the query matched it.
 * @typedef {{ url: string, title?: string, excerpt?: string, answer?: Answer, game?: string, page?: string, lang?: string, titleLang?: string, nameEnd?: number }} Place
 * @typedef {{ words: { text: string, marked: boolean }[], cut: boolean }} Answer
 */
/** Each kind's labels, [language, label] with the main locale's first (pagefind/kinds.json). @typedef {Record<string, [string, string][]>} KindLabels */
/**
 * The numbered rules (pagefind/numbers.json): each name is [text, url, game index, language index, rule number].
 * @typedef {{ languages: string[], games: string[], names: [string, string, number, number, string?][] }} Names
 */
/** @typedef {{ pagefind: Pagefind, numbersList: () => Promise<Names>, spellingsList: () => Promise<string[]>, kinds: Promise<KindLabels>, base: URL }} Engine */

/** bundle URL -> the loaded engine; a failed load is dropped, so the next query tries again. @type {Map<string, Promise<Engine>>} */
const engines = new Map();

/** Module URL -> how many times its import failed. */
const failedImports = new Map();
/**
 * Import a module, and after a failure (the network dropped) import it afresh on the next call. The HTML module
 * map used to keep a failed import under its URL for the page's life, and a browser may still do so (Chromium 156
 * fetches again): a retry asks for another URL, so every browser fetches it anew.
 * @param {string} href
 */
async function importAgain(href) {
  const failures = failedImports.get(href) ?? 0;
  try {
    return await import(failures ? `${href}?retry=${failures}` : href);
  } catch (error) {
    failedImports.set(href, failures + 1);
    throw error;
  }
}

/** @type {Names} */
const EMPTY_NAMES = { languages: [], games: [], names: [] };
/** A query that is a rule number: "16.5.1", "16.4.1.II", "16." */
const NUMBER = /^\d+(?:\.[0-9a-z]+)*\.?$/i;
/** A rule number at the start of a name, left out when a name is compared with a misspelling. */
const LEADING_NUMBER = /^\d+(?:\.[0-9a-z]+)*\.?\s+/i;
const MAX_RESULTS = 10;

/**
 * The engine of the bundle at `bundlePath`, loaded once; a load that failed is forgotten, so the next query loads it again.
 * @param {string} bundlePath
 * @returns {Promise<Engine>}
 */
function load(bundlePath) {
  const base = new URL(bundlePath, document.baseURI);
  const key = base.href;
  let engine = engines.get(key);
  if (!engine) {
    const opening = open(base);
    engine = opening;
    engines.set(key, opening);
    opening.catch(() => {
      if (engines.get(key) === opening) engines.delete(key);
    });
  }
  return engine;
}

/**
 * @param {URL} base
 * @returns {Promise<Engine>}
 */
async function open(base) {
  // The bundles to merge into this one, [folder, language]: every language's, and a large language's parts
  // (pagefind/en.2/); compiler/emit-site/search.ts `searchBundles`.
  /** @type {Promise<[string, string][]>} */
  const bundles = fetch(new URL('../bundles.json', base))
    .then((r) => (r.ok ? r.json() : []))
    .catch(() => []);
  // Without the labels the menu names each kind by its key: a failed fetch costs words, not the search.
  /** @type {Promise<KindLabels>} */
  const kinds = fetch(new URL('../kinds.json', base))
    .then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({}));
  /** @type {Pagefind} */
  const pagefind = await importAgain(new URL('pagefind.js', base).href);
  // Result URLs relative to the site's root ("/duel/x.html"), which the caller joins to the page's
  // relative `root`. Pagefind's default base is the path above its bundle, which under a sub-path
  // (/docs/pagefind/) would put /docs/ into every result link a second time.
  await pagefind.options({ excerptLength: 22, baseUrl: '/' });
  await pagefind.init();
  const own = base.pathname.split('/').filter(Boolean).pop();
  // All at once: each merge fetches its bundle's entry and meta files, and one after another a 30,000-card game's
  // ten bundles cost twenty round trips in a row before the first answer (75 ms from a local server; on a real
  // network, a second or more). Pagefind adds each bundle in the order asked, before its own fetches.
  await Promise.all(
    (await bundles)
      .filter(([folder]) => folder !== own)
      .map(([folder, lang]) => pagefind.mergeIndex(new URL(`../${folder}/`, base).pathname, { language: lang.toLowerCase(), baseUrl: '/', excerptLength: 22 })),
  );
  // Each list is fetched only for a query that needs it, and a failed fetch is tried again: the numbered
  // rules (numbers.json) for a rule number, the distinct names (spellings.json) for a query that found
  // nothing. (One list of every heading with its URL weighed 3 MB at 30,000 cards.)
  /**
   * @template T
   * @param {string} file
   * @param {T} empty
   * @returns {() => Promise<T>}
   */
  const lazy = (file, empty) => {
    /** @type {Promise<T> | undefined} */
    let list;
    return () => {
      list ??= fetch(new URL(`../${file}`, base)).then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.statusText))));
      return list.catch(() => {
        list = undefined;
        return empty;
      });
    };
  };
  return { pagefind, numbersList: lazy('numbers.json', EMPTY_NAMES), spellingsList: lazy('spellings.json', /** @type {string[]} */ ([])), kinds, base };
}

/** Pagefind's word separators: its locations count the words of a page's content split by these. */
const WORD_SEPARATORS = /[^\S\uFEFF]+/;
/** An answer reaches this many words with whole sentences, or stops at the most and says it was cut. */
const ANSWER_WORDS = 12;
const ANSWER_MOST = 40;
/** The anchor that ends an entry's prose in the indexed copy (compiler/emit-site/search-copy.ts ANSWER_END). */
const ANSWER_END = 'answer-end';

/**
 * The answer under a result's heading: the sentences that follow the heading in the page's text, up to
 * ANSWER_WORDS words (whole sentences, the first one always; at most ANSWER_MOST), each word marked when
 * Pagefind matched it there. Undefined when the heading has no text of its own (a rule with only sub-rules).
 * @param {PageData} data
 * @param {SubResult} sub
 * @returns {Answer | undefined}
 */
export function answerOf(data, sub) {
  if (typeof data.content !== 'string') return undefined;
  const words = data.content.split(WORD_SEPARATORS);
  // A page found before any of its headings: its text opens with its title, then what the page says first.
  const title = (data.meta?.title ?? '').split(WORD_SEPARATORS).filter(Boolean);
  const titled = title.every((w, i) => fold(words[i] ?? '').startsWith(fold(w)));
  const anchor = sub.anchor ?? { element: 'h1', id: '', text: titled ? title.join(' ') : '', location: 0 };
  // The answer stops at the next heading, or where the entry's prose ends (the build's `answer-end` anchor).
  const next = (data.anchors ?? [])
    .filter((a) => (a.id === ANSWER_END || (/^h\d$/i.test(a.element) && a.text && /\S/.test(a.text))) && a.location > anchor.location)
    .reduce((min, a) => Math.min(min, a.location), words.length);
  const start = anchor.location + (anchor.text ?? '').split(WORD_SEPARATORS).filter(Boolean).length;
  const matched = new Set(sub.locations ?? []);
  /** @type {Answer['words']} */
  const out = [];
  let cut = false;
  for (let i = start; i < next; i++) {
    const text = words[i];
    if (!text) continue;
    if (out.length >= ANSWER_MOST) {
      cut = true;
      break;
    }
    out.push({ text, marked: matched.has(i) });
    if (out.length >= ANSWER_WORDS && /[.!?…]$/.test(text)) break;
  }
  return out.length ? { words: out, cut } : undefined;
}

/** @param {Answer} answer */
function answerNode(answer) {
  const p = document.createElement('p');
  p.className = 'excerpt';
  answer.words.forEach(({ text, marked }, i) => {
    if (i) p.append(' ');
    if (!marked) return p.append(text);
    // The word without the punctuation around it is marked, as Pagefind marks it.
    const [, before = '', core = '', after = ''] = /^([^\p{L}\p{N}]*)([\s\S]*?)([^\p{L}\p{N}]*)$/u.exec(text) ?? [];
    const mark = document.createElement('mark');
    mark.textContent = core || text;
    if (core) p.append(before, mark, after);
    else p.append(mark);
  });
  if (answer.cut) p.append(' …');
  return p;
}

/** @param {string} s */
const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A text's words as printed, split as the folded comparison splits them. @param {string} s */
const wordsOf = (s) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Whether an excerpt's marked words answer the query. Pagefind, finding no
 * word for a misspelling ("lampeda"), may match a short word it starts with
 * ("la", in every French page), which would hide the misspelling suggestion
 * behind pages of noise. A marked word counts when it is about as long as a
 * query word (4 letters, or the whole of a shorter one) and starts like it;
 * an excerpt with no marks (a match in the title) counts.
 * @param {string | undefined} excerpt
 * @param {string[]} asked
 */
function answers(excerpt, asked) {
  // A marked word is compared from its first letter: Pagefind marks "(Ambush)." whole, brackets and all (a gloss).
  const marks = [...(excerpt ?? '').matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => fold(m[1]).replace(/^[^\p{L}\p{N}]+/u, ''));
  if (!marks.length) return true;
  return marks.some((mark) =>
    asked.some((word) => {
      const need = Math.min(4, word.length);
      return mark.length >= need && mark.slice(0, need) === word.slice(0, need);
    }),
  );
}

/**
 * The best places inside one page: its sub-results (headings with an anchor),
 * those whose heading holds the query's words first (by a 4-letter stem, so
 * "clareira costeira" ranks "Clareiras Costeiras"), then by matches; at most
 * three, and `cut` when more of the page's places answer the query.
 * @param {PageData} data
 * @param {string} query
 * @returns {{ list: Place[], cut: boolean }}
 */
function places(data, query) {
  const stems = fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.slice(0, 4));
  /** @param {SubResult} s */
  const inTitle = (s) => stems.filter((w) => fold(s.title ?? '').includes(w)).length;
  const subs = (data.sub_results ?? []).filter((s) => s.url.includes('#'));
  const ranked = [...subs].sort((a, b) => inTitle(b) - inTitle(a) || (b.locations?.length ?? 0) - (a.locations?.length ?? 0));
  const asked = wordsOf(fold(query));
  /** @type {SubResult[]} */
  const candidates = ranked.length ? ranked : [{ url: data.url, title: data.meta?.title ?? data.url, excerpt: data.excerpt, locations: data.locations }];
  const answering = candidates.filter((p) => answers(p.excerpt, asked));
  const found = answering.slice(0, 3);
  const named = nameLangs(data.meta?.names);
  const glossed = nameLangs(data.meta?.glossed);
  const list = found.map((p) => ({
    url: p.url,
    title: p.title,
    excerpt: p.excerpt,
    answer: answerOf(data, p),
    game: data.meta?.game,
    page: data.meta?.title,
    lang: data.meta?.lang,
    titleLang: named.get(p.url.split('#')[1] ?? ''),
    nameEnd: Number(glossed.get(p.url.split('#')[1] ?? '')) || undefined,
  }));
  return { list, cut: answering.length > found.length };
}

/**
 * Mark a result title's name with its language: the whole title, or only the name where a gloss in the page's
 * language follows it (the build's `glossed` metadata: compiler/emit-site/search.ts), so "(Ambush)" is read in English.
 * @param {HTMLElement} title
 * @param {string} lang
 * @param {number | undefined} nameEnd
 */
function markNameLang(title, lang, nameEnd) {
  const text = title.textContent ?? '';
  if (!nameEnd || !text.startsWith(' (', nameEnd)) {
    title.lang = lang;
    return;
  }
  const name = document.createElement('span');
  name.lang = lang;
  name.textContent = text.slice(0, nameEnd);
  title.replaceChildren(name, text.slice(nameEnd));
}

/**
 * The headings of a page whose name is in another language than the page
 * (the build's `names` metadata, "id=lang id=lang": compiler/emit-site/search.ts).
 * @param {string | undefined} meta
 * @returns {Map<string, string>}
 */
function nameLangs(meta) {
  return new Map(
    (meta ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => /** @type {[string, string]} */ (pair.split('='))),
  );
}

/**
 * The rule whose number is the query, then the rules under it ("16.5" then
 * 16.5.1, ...), from the build's names list: shown before any other result.
 * @param {Names} names
 * @param {string} query
 * @returns {Place[]}
 */
function numbered(names, query) {
  if (!NUMBER.test(query)) return [];
  const number = query.replace(/\.$/, '').toLowerCase();
  const hits = names.names.filter((n) => n[4] && (n[4].toLowerCase() === number || n[4].toLowerCase().startsWith(`${number}.`)));
  // The rule itself, then the rules under it in the rulebook's order (16.4.1 before 16.10).
  /** @param {Names['names'][number]} n */
  const exact = (n) => (n[4]?.length === number.length ? 0 : 1);
  hits.sort((a, b) => exact(a) - exact(b) || (a[4] ?? '').localeCompare(b[4] ?? '', 'en', { numeric: true }));
  return hits.map(([text, url, game, lang]) => ({ url, title: text, game: names.games[game], lang: names.languages[lang] }));
}

/**
 * Results whose title holds every word of the query (as a word or the start
 * of one, accents aside) before the others, each group in Pagefind's order:
 * "governar" puts the rule and the glossary entry named Governar before a
 * page where the English stemmer matched "governor".
 * @param {Place[]} found
 * @param {string} query
 */
function byTitle(found, query) {
  const asked = wordsOf(fold(query));
  /** @param {Place} p */
  const named = (p) => {
    const words = wordsOf(fold(p.title ?? ''));
    return asked.every((a) => words.some((w) => w.startsWith(a)));
  };
  return [...found.filter(named), ...found.filter((p) => !named(p))];
}

/** Whether a result's excerpt quotes the rule number (a rule that refers to it), for a number query. @type {(place: Place, number: string) => boolean} */
const quotes = (place, number) => new DOMParser().parseFromString(place.excerpt ?? '', 'text/html').body.textContent.includes(number.replace(/\.$/, ''));

/**
 * The known name closest to a query that found nothing: the query's words
 * against every run of as many words in each name, accent-folded, within an
 * edit distance that grows with the query's length (1 up to 4 letters, 2 up
 * to 8, then 3). The distance is fastest-levenshtein's, shipped beside the
 * index (pagefind/levenshtein.js) and loaded only for such a query.
 * @param {string[]} spellings
 * @param {string} query
 * @param {URL} base
 * @returns {Promise<string | undefined>}
 */
async function closestName(spellings, query, base) {
  const asked = wordsOf(fold(query));
  const target = asked.join(' ');
  if (target.length < 3 || !spellings.length) return undefined;
  /** @type {{ distance: (a: string, b: string) => number }} */
  const { distance } = await importAgain(new URL('../levenshtein.js', base).href);
  const budget = target.length <= 4 ? 1 : target.length <= 8 ? 2 : 3;
  /** @type {{ d: number, text: string } | undefined} */
  let best;
  for (const text of spellings) {
    const printed = wordsOf(text.replace(LEADING_NUMBER, ''));
    for (let i = 0; i + asked.length <= printed.length; i++) {
      const run = printed.slice(i, i + asked.length);
      const d = distance(target, fold(run.join(' ')));
      if (d === 0) return undefined;
      if (d <= budget && (!best || d < best.d)) best = { d, text: run.join(' ') };
    }
  }
  return best?.text;
}

/**
 * One option per label: `values` maps each label to the filter values it stands for (one game; the kinds
 * one label names, in the page's language). An option's value is its filter values joined by spaces.
 * @param {HTMLSelectElement} select
 * @param {Map<string, string[]>} values
 */
function fillFilter(select, values) {
  const labels = [...values.keys()].sort((a, b) => a.localeCompare(b, document.documentElement.lang || undefined));
  for (const label of labels) {
    const value = (values.get(label) ?? []).join(' ');
    if ([...select.options].some((o) => o.value === value)) continue;
    const option = document.createElement('option');
    option.value = value;
    option.textContent = label;
    select.append(option);
  }
  // One value is no choice: the menu stays hidden.
  const label = select.closest('label');
  if (label) label.hidden = labels.length < 2;
  return labels.length > 1;
}

/**
 * The kind menu's entries: each kind the index holds, labelled in the page's language (or, for a kind no
 * page of that language names, in its game's main language), kinds of one label as one entry ("Event cards"
 * of two games).
 * @param {Record<string, number> | undefined} counts
 * @param {KindLabels} labels
 * @param {string} lang
 */
function kindEntries(counts, labels, lang) {
  /** @type {Map<string, string[]>} */
  const out = new Map();
  for (const key of Object.keys(counts ?? {}).sort()) {
    const named = labels[key] ?? [];
    const label = (named.find(([l]) => fold(l) === fold(lang)) ?? named[0])?.[1] ?? key;
    out.set(label, [...(out.get(label) ?? []), key]);
  }
  return out;
}

/** The kind filter as Pagefind takes it: any of the kinds the chosen entry stands for. @param {string} value */
const kindFilterOf = (value) => ({ any: value.split(' ') });

/**
 * Choose the option holding `wanted` (from the address): the option of that value, or, in the kind menu
 * (`keys`), one standing for any of its kinds. Nothing chosen when there is none (a link from an older site).
 * @param {HTMLSelectElement | null} select
 * @param {string} wanted
 * @param {boolean} keys
 */
function choose(select, wanted, keys) {
  if (!select) return;
  const asked = wanted.split(' ');
  const option = wanted
    ? ([...select.options].find((o) => o.value === wanted) ??
      (keys ? [...select.options].find((o) => o.value.split(' ').some((v) => asked.includes(v))) : undefined))
    : undefined;
  select.value = option?.value ?? '';
}

/**
 * The address's parameters for the search: the query, and the menus' choices. The menus' are named apart
 * from a collection page's own filters (`?kind=worker`, filters.js), which share the address.
 */
const PARAMS = { q: 'q', game: 'q-game', kind: 'q-kind' };

/** The search a page's address holds: `?q=`, with `&q-game=` and `&q-kind=` when a menu chose one. */
function searchInAddress() {
  const params = new URLSearchParams(location.search);
  return { q: params.get(PARAMS.q) ?? '', game: params.get(PARAMS.game) ?? '', kind: params.get(PARAMS.kind) ?? '' };
}

/**
 * The page's address holding a search (the page's own address, its other parameters and its #anchor kept).
 * @param {{ q: string, game: string, kind: string }} search
 */
function addressOf(search) {
  const url = new URL(location.href);
  for (const key of /** @type {const} */ (['q', 'game', 'kind'])) {
    if (search[key]) url.searchParams.set(PARAMS[key], search[key]);
    else url.searchParams.delete(PARAMS[key]);
  }
  return url.href;
}

/**
 * `bundlePath` is the bundle's path, or a function giving it.
 * @param {HTMLInputElement} input
 * @param {HTMLElement} region
 * @param {Record<string, string>} words
 * @param {string | (() => string)} bundlePath
 * @param {string} root
 */
export function attachSearch(input, region, words, bundlePath, root) {
  const bundle = () => (typeof bundlePath === 'function' ? bundlePath() : bundlePath);
  const form = /** @type {HTMLElement} */ (input.form ?? region.parentElement);
  const status = document.getElementById('search-status');
  const count = region.querySelector('.count') ?? region.appendChild(Object.assign(document.createElement('p'), { className: 'count' }));
  const suggest = /** @type {HTMLElement | null} */ (region.querySelector('.suggest'));
  const suggestion = suggest?.querySelector('button');
  const filters = /** @type {HTMLElement | null} */ (region.querySelector('.filters'));
  const gameFilter = /** @type {HTMLSelectElement | null} */ (document.getElementById('search-game'));
  const kindFilter = /** @type {HTMLSelectElement | null} */ (document.getElementById('search-kind'));
  let seq = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let filled = false;
  /** The menus' choices an address asked for before the menus had their entries (filled on the first query). */
  /** @type {{ game: string, kind: string } | undefined} */
  let pendingChoice;
  /**
   * Whether the current history entry is a search the reader is still typing: the next keystroke's query
   * replaces it. A search is settled (the next one is a new entry, which Back returns from) when it is
   * submitted, a menu or the suggestion chooses, or the panel closes.
   */
  let typing = false;

  const focusInside = () => form.contains(document.activeElement);
  const show = () => {
    if (count.textContent) region.hidden = false;
  };
  const hide = () => {
    region.hidden = true;
  };
  const clear = () => {
    region.querySelector('ol')?.remove();
    count.textContent = '';
    if (suggest) suggest.hidden = true;
    if (status) status.textContent = '';
    hide();
  };
  /** The visible count line and the status line (what a screen reader hears: the count, and a suggestion). */
  /** @param {string} text */
  const report = (text) => {
    count.textContent = text;
    if (status) status.textContent = suggest && !suggest.hidden ? `${text}. ${suggest.textContent.replace(/\s+/g, ' ').trim()}` : text;
    if (focusInside()) show();
  };
  /** A search that could not run: its reason, and nothing left over from an earlier query. */
  /** @param {string} text */
  const fail = (text) => {
    region.querySelector('ol')?.remove();
    if (suggest) suggest.hidden = true;
    report(text);
  };

  /**
   * The address holds the search in view: `type` replaces the entry of a search being typed (a new entry
   * for its first keystroke); `settle` does the same and closes it, so the next search is a new entry.
   * @param {'type' | 'settle'} how
   */
  function record(how) {
    const href = addressOf({ q: input.value.trim(), game: gameFilter?.value ?? '', kind: kindFilter?.value ?? '' });
    try {
      if (href !== location.href) {
        if (typing) history.replaceState(history.state, '', href);
        else history.pushState(null, '', href);
      }
    } catch {
      // A page opened as a file may not change its address (the browser's rule for file: URLs): the search runs all the same.
    }
    typing = how === 'type';
  }

  /**
   * Run the query in the box with the menus' choices: the one entry point of a search (typed, submitted,
   * chosen, or restored from the address). `how` says what the address does: `type` and `settle` as
   * `record`; `restore` leaves it (the search came from it).
   * @param {'type' | 'settle' | 'restore'} [how]
   */
  async function runQuery(how = 'type') {
    if (how !== 'restore') record(how);
    const query = input.value.trim();
    const mine = ++seq;
    if (!query) return clear();
    // ---- field queries (field-search.js): `cost<=3`, `-type:ice`, `or`, parentheses; answered from the build's data, not Pagefind ----
    if (isFieldQuery(query)) {
      try {
        const said = await answerFieldQuery(query, region, () => mine === seq);
        if (mine !== seq) return;
        if (suggest) suggest.hidden = true;
        report(said);
      } catch {
        if (mine === seq) fail(region.dataset.failed || words.offline);
      }
      return;
    }
    // ---- end of field queries ----
    let engine;
    try {
      engine = await load(bundle());
    } catch {
      // Opened as a file, the index cannot load at all: the reader is told the site needs a web address. On the
      // web the network failed: the next query tries again, and the reader is told so.
      if (mine === seq) fail(location.protocol === 'file:' ? words.offline : region.dataset.failed || words.offline);
      return;
    }
    try {
      if (!filled && filters && gameFilter && kindFilter) {
        const [known, labels] = await Promise.all([engine.pagefind.filters(), engine.kinds]);
        filled = true;
        const games = new Map(Object.keys(known.game ?? {}).map((g) => [g, [g]]));
        const some = [fillFilter(gameFilter, games), fillFilter(kindFilter, kindEntries(known.kind, labels, document.documentElement.lang))];
        filters.hidden = !some.some(Boolean);
      }
      if (filled && pendingChoice) {
        choose(gameFilter, pendingChoice.game, false);
        choose(kindFilter, pendingChoice.kind, true);
        pendingChoice = undefined;
      }
      /** @type {Filters} */
      const chosen = {};
      if (gameFilter?.value) chosen.game = gameFilter.value;
      if (kindFilter?.value) chosen.kind = kindFilterOf(kindFilter.value);
      const found = await engine.pagefind.search(query, { filters: chosen });
      if (mine !== seq || !found) return;
      const pages = await Promise.all(found.results.slice(0, 8).map((r) => r.data()));
      if (mine !== seq) return;
      const first = NUMBER.test(query) ? numbered(await engine.numbersList(), query).filter((n) => !gameFilter?.value || n.game === gameFilter.value) : [];
      // Pagefind reads "16.5.1" as the words 16, 5 and 1, found in any rule with those numbers: after a
      // numbered rule, only the results that quote the number (rules referring to it) follow.
      const placed = pages.map((data) => places(data, query));
      const rest = byTitle(
        placed.flatMap((p) => p.list).filter((p) => !first.length || quotes(p, query)),
        query,
      );
      /** @type {Place[]} */
      const items = [];
      const seen = new Set();
      // Whether more match than are shown (Pagefind's pages past the ones read, a page's places past the three it
      // gives, or places past MAX_RESULTS): the count then says these are the first, not all ("Results for “moinho”:
      // 10" read as ten in all; "pepper" said 3 of a page of 14 Pepper Sacks).
      let more = found.results.length > pages.length || placed.some((p) => p.cut);
      for (const place of [...first, ...rest]) {
        if (seen.has(place.url)) continue;
        if (items.length >= MAX_RESULTS) {
          more = true;
          break;
        }
        seen.add(place.url);
        items.push(place);
      }
      const closest = items.length ? undefined : await closestName(await engine.spellingsList(), query, engine.base);
      if (mine !== seq) return;
      render(query, items, closest, more);
    } catch {
      if (mine === seq) fail(region.dataset.failed || words.offline);
    }
  }

  /**
   * @param {string} query
   * @param {Place[]} items
   * @param {string | undefined} closest
   * @param {boolean} more whether more match than `items`
   */
  function render(query, items, closest, more) {
    const list = document.createElement('ol');
    for (const item of items) {
      const li = document.createElement('li');
      if (item.lang && fold(item.lang) !== fold(document.documentElement.lang)) li.lang = item.lang;
      const a = document.createElement('a');
      a.href = root + item.url.replace(/^\//, '');
      const title = document.createElement('span');
      title.className = 'r-title';
      title.textContent = item.title ?? '';
      // A name in another language than the result's own (Portuguese chiefs on an English page) says so too.
      const around = li.lang || document.documentElement.lang;
      if (item.titleLang && fold(item.titleLang) !== fold(around)) markNameLang(title, item.titleLang, item.nameEnd);
      const game = document.createElement('span');
      game.className = 'r-game';
      game.textContent = [item.game, item.page].filter((t) => t && t !== item.title).join(' · ');
      a.append(title, ' ', game);
      li.append(a);
      // The answer; a heading with no text of its own (a rule with only sub-rules) shows none.
      if (item.answer) li.append(answerNode(item.answer));
      list.append(li);
    }
    region.querySelector('ol')?.remove();
    if (items.length) region.append(list);
    if (suggest && suggestion) {
      suggest.hidden = !closest;
      suggestion.textContent = closest ?? '';
    }
    const count = more ? (words.moreResults ?? '{n}').replace('{n}', String(items.length)) : String(items.length);
    report(items.length ? `${words.results} “${query}”: ${count}` : `${words.noResults} “${query}”`);
  }

  const runSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void runQuery('type');
    }, 120);
  };
  input.addEventListener('input', runSoon);
  for (const select of [gameFilter, kindFilter])
    select?.addEventListener('change', () => {
      void runQuery('settle');
    });
  suggestion?.addEventListener('click', () => {
    input.value = suggestion.textContent ?? '';
    input.focus();
    void runQuery('settle');
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearTimeout(timer);
    await runQuery('settle');
    /** @type {HTMLElement | null} */ (region.querySelector('ol a'))?.focus();
  });
  // The panel closes when focus leaves the search form (a click inside the panel focuses the panel itself),
  // and opens again when the reader comes back to a query with results. A closed panel settles its search.
  form.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) {
      hide();
      typing = false;
    }
  });
  /**
   * The search the address holds, shown: on load (a shared link), on Back or Forward, and when the browser
   * brings the page back from its cache with another address than its box shows. The box takes focus, so
   * the panel opens as it does for a reader's own query.
   */
  const restore = () => {
    const wanted = searchInAddress();
    clearTimeout(timer);
    typing = false;
    input.value = wanted.q;
    pendingChoice = { game: wanted.game, kind: wanted.kind };
    if (filled) {
      choose(gameFilter, wanted.game, false);
      choose(kindFilter, wanted.kind, true);
      pendingChoice = undefined;
    }
    if (!wanted.q) return clear();
    input.focus({ preventScroll: true });
    void runQuery('restore');
  };
  window.addEventListener('popstate', restore);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && input.value.trim() !== searchInAddress().q) restore();
  });
  if (searchInAddress().q) restore();
  input.addEventListener('focus', show);
  // Arrow keys move between the input and the result links; Escape clears and closes.
  form.addEventListener('keydown', (event) => {
    const links = [.../** @type {NodeListOf<HTMLElement>} */ (region.querySelectorAll('ol a'))];
    const at = links.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (event.key === 'ArrowDown' && links.length && (at >= 0 || document.activeElement === input)) {
      event.preventDefault();
      show();
      links[Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : links[at - 1]).focus();
    } else if (event.key === 'Escape' && (input.value || !region.hidden)) {
      input.value = '';
      clearTimeout(timer);
      record('settle');
      clear();
      input.focus();
    }
  });
  // Start fetching the index when the reader comes to the box, not on every page load.
  // (Not when a menu picks the language: the reader may change it before the first query.)
  if (typeof bundlePath !== 'function')
    input.addEventListener(
      'focus',
      () => {
        load(bundle()).catch(() => {});
      },
      { once: true },
    );
}
