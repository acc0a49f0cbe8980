import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';
import { isMovedPage } from './moved-pages.ts';
import { indexedCopy } from './search-copy.ts';
import { unwrapForIndex } from './search-unwrap.ts';
import { decode, KindLabels, kindOf, type Kind } from './search-kinds.ts';

/**
 * The search index, built with Pagefind's Node API from the pages in memory
 * (nothing is read back from disk).
 *
 * One Pagefind bundle per page language, at pagefind/<lang>/ (pagefind/en/,
 * pagefind/pt-br/). A page's search box loads the bundle of its own language,
 * whose WebAssembly module stems with that language's stemmer (Portuguese for
 * Root: "clareira costeira" finds "Clareiras Costeiras"), and merges the other
 * languages' bundles into it (Pagefind's `mergeIndex`), so one query searches
 * every game in every language. A merged bundle costs only its index chunks:
 * Pagefind runs every merged index with the first one's WebAssembly module,
 * so words of another language are matched unstemmed (accent-free and by
 * prefix, which finds names: "governar" from an English page).
 *
 * Accents: Pagefind 1.6 indexes every word also under its diacritic-folded
 * form (Pagefind PR #995), for every language, so `lampiao` finds Lampião
 * with no help from us; test/browser/search.test.ts holds it to that.
 *
 * A language over twice `bundleSizes().bytes` of pages is split into several
 * bundles (pagefind/en/, pagefind/en.2/, ...: `searchBundles`), merged alike;
 * `rulebook serve` splits finer (`liveBundleSizes`).
 *
 * Besides the bundles, the build writes pagefind/bundles.json (the bundles a
 * page merges, with their languages), pagefind/languages.json, pagefind/numbers.json (every numbered rule heading with its
 * number, page, game and language; the `SearchNames` shape) and
 * pagefind/spellings.json (every distinct heading a result can name: entry
 * names, rule titles). The client reads the first to put a rule number's rule
 * first ("16.5.1") and the second to offer the closest name for a misspelling
 * ("did you mean Lampião?"); pagefind/levenshtein.js measures the distance.
 *
 * Pagefind's own UI bundles are left out: the site has its own search box
 * (docs-site/search.js) that fits the CSP and the page's words.
 */
const UI_FILES = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|playground\/.*)$/;

/**
 * Pages readers never land on from search: a game's draft values (placeholders, not rules), in each of its
 * locales (`cangaco/pt-BR/drafts.html`), and the "page not found" page.
 */
const UNSEARCHED = /^([^/]+\/(?:[^/]+\/)?drafts|404)\.html$/;

/** A rule number at the start of a heading: "16.5.1 Clareiras", "16.4.1.II Passo", "2. Setup". */
const NUMBER = /^(\d+(?:\.[0-9A-Za-z]+)*)\.?(?=\s|$)/;

/** One heading (or page) a search result can name: [text, url, index in `games`, index in `languages`, rule number?]. */
export type SearchName = [text: string, url: string, game: number, lang: number, number?: string];

export interface SearchNames {
  /** The page languages ("pt-BR"), one bundle each under pagefind/ (in lower case: pagefind/pt-br/). */
  languages: string[];
  games: string[];
  names: SearchName[];
}

export async function searchIndex(
  files: ReadonlyMap<string, string | Uint8Array>,
  options: { keepAlive?: boolean; sizes?: BundleSizes } = {},
): Promise<Map<string, Uint8Array>> {
  const byLang = searchedPages(files);
  const bundles = new Map<string, BuiltBundle>();
  try {
    for (const [folder, bundle] of searchBundles(byLang, options.sizes)) bundles.set(folder, { lang: bundle.lang, files: await indexBundle(bundle) });
  } finally {
    // The Node API talks to a Pagefind binary in a child process; a one-off build stops it so the CLI can exit.
    if (!options.keepAlive) await pagefind.close();
  }
  return searchFiles(byLang, bundles);
}

/** The pages the index holds, by page language (sorted, case-insensitively), each language's in the site's order. */
export function searchedPages(files: ReadonlyMap<string, string | Uint8Array>): Map<string, Array<[string, string]>> {
  const byLang = new Map<string, Array<[string, string]>>();
  for (const [rel, content] of files) {
    if (!rel.endsWith('.html') || typeof content !== 'string' || UNSEARCHED.test(rel) || isMovedPage(content)) continue;
    const lang = /<html lang="([^"]+)"/.exec(content)?.[1] ?? 'unknown';
    const list = byLang.get(lang);
    if (list) list.push([rel, content]);
    else byLang.set(lang, [[rel, content]]);
  }
  return new Map([...byLang].sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
}

/** One Pagefind bundle: the language its pages are in (its stemmer), and the pages, in the site's order. */
export interface SearchBundle {
  lang: string;
  pages: Array<[string, string]>;
}

/** A bundle as Pagefind wrote it. */
export interface BuiltBundle {
  lang: string;
  files: readonly pagefind.IndexFile[];
}

/** How a language's pages are split (`searchBundles`): into bundles of about `bytes` of HTML, at most `most` of them. */
export interface BundleSizes {
  bytes: number;
  most: number;
}

/**
 * The build's bundles: 2 MB of HTML each (RULEBOOK_SEARCH_BUNDLE_BYTES, for the tests), at most 12 a language. A
 * language with more than twice the size is split into bundles of about this size (`searchBundles`), which the search
 * box merges as it merges languages. Why: Pagefind cannot drop or re-read part of an index, so `rulebook serve` made
 * the whole bundle again for each saved card (1.7 s of a save at 30,000 cards, 35 MB of pages); split, a save makes
 * again the bundle its page is in. Pagefind takes ~35 ms a MB of pages to make a bundle's files again (measured from
 * 2 to 11 MB), so the size is what a save waits for: at 8 MB a 10,000-card game had 2 bundles, and its index landed
 * 0.58 s after a save, past a tenth of its build; at 4 MB (3 bundles) serve's index of a save took 160-189 ms, at 2 MB
 * (6 bundles) 127-149 ms (alternated, six saves each). A reader's query asks each bundle for its chunk of the word: at
 * 30,000 cards, 10 bundles in place of 5 made a first query's 38-43 requests 63-73, and its time (0.8-1.4 s, each in
 * a fresh browser, from this machine) moved within its noise; at 10,000 cards, 6 in place of 3 made them 45-51 in
 * place of 30-33, and its bytes 236-295 KB in place of 234-243 KB, in 0.9-1.3 s either way. So a language is split
 * into at most 12 (what 4 MB bundles made of 30,000 cards), and past that its bundles grow.
 */
export function bundleSizes(): BundleSizes {
  return { bytes: bytesFromEnv() ?? 2_000_000, most: 12 };
}

/**
 * `rulebook serve`'s bundles: 1 MB of HTML each, at most 24 a language. Its site is read from this machine, where a
 * query's requests cost next to nothing, and each save waits for its page's bundle to be made again: Pagefind made a
 * 10,000-card game's bundle's files again in 74-91 ms at 2 MB of pages (2.5 MB, the largest of 6), in 37-43 ms at
 * 1 MB (1.2 MB, of 12). The build, whose site readers query from afar, keeps the fewer bundles of `bundleSizes`.
 */
export function liveBundleSizes(): BundleSizes {
  return { bytes: bytesFromEnv() ?? 1_000_000, most: 24 };
}

function bytesFromEnv(): number | undefined {
  const fromEnv = Number(process.env.RULEBOOK_SEARCH_BUNDLE_BYTES);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}

/**
 * The bundles, by folder under pagefind/: a language's pages in one bundle (pagefind/<lang>/), or, over twice
 * `sizes.bytes`, spread over n bundles of about that size, at most `sizes.most` (pagefind/<lang>/,
 * pagefind/<lang>.2/, ...). A page's bundle is fixed by its address (a hash of it, modulo n), so a save that changes a
 * page's text changes only the bundle it is in (a save that carries the language across a multiple of the limit
 * changes n, and every bundle of it once).
 */
export function searchBundles(byLang: ReadonlyMap<string, ReadonlyArray<[string, string]>>, sizes: BundleSizes = bundleSizes()): Map<string, SearchBundle> {
  const out = new Map<string, SearchBundle>();
  for (const [lang, pages] of byLang) {
    const folder = lang.toLowerCase();
    const bytes = pages.reduce((n, [, content]) => n + content.length, 0);
    // Split only past two bundles' worth: a smaller language keeps one index, whose words are spread over more
    // chunks (a first query at 2,500 cards read 64% of one bundle's chunks when split in two, against under half whole).
    const n = bytes <= 2 * sizes.bytes ? 1 : Math.min(sizes.most, Math.ceil(bytes / sizes.bytes));
    if (n === 1) {
      out.set(folder, { lang, pages: [...pages] });
      continue;
    }
    const parts = Array.from({ length: n }, (): Array<[string, string]> => []);
    for (const page of pages) parts[addressHash(page[0]) % n]!.push(page);
    // Named in order among the parts that hold pages: a page's search box loads pagefind/<lang>/ itself (and merges the
    // rest), so that one must exist. Named by part, a language of few large pages lost it when no page hashed to the
    // first part (3 pages in 3 parts: 8 times in 27), and its pages' search box found nothing.
    let named = 0;
    for (const part of parts) if (part.length) out.set(named++ === 0 ? folder : `${folder}.${named}`, { lang, pages: part });
  }
  return out;
}

/** FNV-1a (32 bits) of a page's address: the same bundle for a page on every build, on every machine. */
function addressHash(rel: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < rel.length; i++) h = Math.imul(h ^ rel.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** One bundle's files, from a fresh Pagefind index of its pages. */
export async function indexBundle(bundle: SearchBundle): Promise<pagefind.IndexFile[]> {
  const index = await newIndex(bundle.lang);
  for (const [rel, content] of bundle.pages) await addPage(index, rel, content, bundle.lang);
  const files = await indexFiles(index);
  await index.deleteIndex();
  return files;
}

/** A new, empty Pagefind index for one page language (its stemmer). */
export async function newIndex(lang: string): Promise<pagefind.PagefindIndex> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: lang.toLowerCase() });
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  return index;
}

/** Index one page (a page already in the index, by its URL, is replaced: Pagefind 1.6 keeps one record per URL). */
export async function addPage(index: pagefind.PagefindIndex, rel: string, content: string, lang: string): Promise<void> {
  const r = await index.addHTMLFile({ url: `/${rel}`, content: withSearchFields(rel, content, lang) });
  if (r.errors.length) throw new Error(`pagefind ${rel}: ${r.errors.join('; ')}`);
}

/** The index's bundle as files (Pagefind's own UI left out). */
export async function indexFiles(index: pagefind.PagefindIndex): Promise<pagefind.IndexFile[]> {
  const built = await index.getFiles();
  if (built.errors.length) throw new Error(`pagefind: ${built.errors.join('; ')}`);
  return built.files.filter((f) => !UI_FILES.test(f.path));
}

/** Every file of pagefind/: each language's bundle, and the lists made from all of them (languages, numbers, spellings, kinds). */
export function searchFiles(
  byLang: ReadonlyMap<string, ReadonlyArray<[string, string]>>,
  bundles: ReadonlyMap<string, BuiltBundle>,
  fragments?: FragmentCache,
): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const names = new NameList(fragments);
  const kinds = new KindLabels();
  for (const [lang, pages] of byLang) for (const [rel, content] of pages) kinds.addKind(fragments ? fragments.kind(rel, content) : kindOf(rel, content), lang);
  const folders = [...bundles.keys()].sort(compare);
  for (const folder of folders) {
    const { lang, files } = bundles.get(folder)!;
    for (const f of files) {
      out.set(`pagefind/${folder}/${f.path}`, f.content);
      if (f.path.startsWith('fragment/')) names.addFragment(f.content, lang, `${folder}/${f.path}`);
    }
  }
  const { numbered: list, texts } = names.lists([...byLang.keys()]);
  // The languages, and the bundles a page's search box merges into its own (every first query needs them): each
  // bundle's folder and language, a language's bundles together (pagefind/en/, pagefind/en.2/, pagefind/pt-br/).
  out.set('pagefind/languages.json', new TextEncoder().encode(JSON.stringify(list.languages)));
  out.set('pagefind/bundles.json', new TextEncoder().encode(JSON.stringify(folders.map((f) => [f, bundles.get(f)!.lang]))));
  // The names in two lists, each fetched only by a query that needs it: the numbered rules (a rule-number
  // query) and the distinct names (a query that found nothing, for "did you mean"). One list of every
  // heading with its URL was 3 MB at 30,000 cards, all of it fetched by a first query that was a misspelling.
  out.set('pagefind/numbers.json', new TextEncoder().encode(JSON.stringify(list)));
  const spellings = [...new Set(texts)];
  out.set('pagefind/spellings.json', fragments ? fragments.spellingsFile(spellings) : spellingsFile(spellings));
  // The kind menu's words: each kind's label in each language that names it (search-kinds.ts).
  out.set('pagefind/kinds.json', new TextEncoder().encode(JSON.stringify(kinds.toJSON([...byLang.keys()]))));
  out.set('pagefind/levenshtein.js', new TextEncoder().encode(levenshteinModule()));
  fragments?.prune();
  return out;
}

/**
 * What each fragment gives the lists of names (and each page's kind, spellings.json), kept by `rulebook serve`
 * between saves (live-search.ts): Pagefind names a fragment by a hash of what it holds, so a page that did not
 * change keeps its fragment's name, and the lists above are made again without unzipping every page's fragment
 * (at 30,000 cards, 100 MB of short-lived text a save) nor reading its headings again (at 10,000 cards, 40 ms a save).
 */
export class FragmentCache {
  private kept = new Map<string, { bytes: Uint8Array; names: readonly NameItem[] }>();
  private seen = new Map<string, { bytes: Uint8Array; names: readonly NameItem[] }>();

  names(key: string, content: Uint8Array, make: () => readonly NameItem[]): readonly NameItem[] {
    const hit = this.kept.get(key);
    // The same name and the same bytes (compared, in case a name ever stops being a hash of the contents).
    const names = hit && sameBytes(hit.bytes, content) ? hit.names : make();
    this.seen.set(key, { bytes: content, names });
    return names;
  }

  private lastSpellings: { given: readonly string[]; file: Uint8Array } | undefined;
  private kinds = new Map<string, { html: string; kind: Kind | undefined }>();
  private kindsSeen = new Map<string, { html: string; kind: Kind | undefined }>();

  /** A page's kind (search-kinds.ts `kindOf`, which reads the whole page): the last lists' for a page of the same text. */
  kind(rel: string, html: string): Kind | undefined {
    const hit = this.kinds.get(rel);
    const kind = hit && hit.html === html ? hit.kind : kindOf(rel, html);
    this.kindsSeen.set(rel, { html, kind });
    return kind;
  }

  /** spellings.json (`spellingsFile`): the last lists' when they have the same names in the same order (a save that renamed nothing). */
  spellingsFile(spellings: readonly string[]): Uint8Array {
    const last = this.lastSpellings;
    if (last && last.given.length === spellings.length && last.given.every((s, i) => s === spellings[i])) return last.file;
    const file = spellingsFile(spellings);
    this.lastSpellings = { given: spellings, file };
    return file;
  }

  /** Forget the fragments the last lists did not read (pages gone or changed). */
  prune(): void {
    this.kept = this.seen;
    this.seen = new Map();
    this.kinds = this.kindsSeen;
    this.kindsSeen = new Map();
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/** Stop Pagefind's child process (after `keepAlive` indexing). */
export async function closeSearch(): Promise<void> {
  await pagefind.close();
}

/**
 * The page as Pagefind should read it: with its kind of entry as a filter
 * and its language as metadata (a result from another language's page
 * carries its own `lang`), its notes cut and its prose first (search-copy.ts).
 * The kind is a key the same in every language ("rules" for every rules
 * page, "cangaco/cards" for a collection's pages in any locale), which the
 * search box labels in the page's words from pagefind/kinds.json
 * (search-kinds.ts). Only the indexed copy changes: the page written to
 * dist/ is left as it is. Last, the tags Pagefind reads nothing from are
 * taken out (search-unwrap.ts): the same index, made in less time.
 */
export function withSearchFields(rel: string, html: string, lang: string): string {
  return unwrapForIndex(searchCopy(rel, html, lang));
}

/** The indexed copy with every tag still in it (`withSearchFields` before search-unwrap.ts; its test compares the two). */
export function searchCopy(rel: string, html: string, lang: string): string {
  const kind = kindOf(rel, html)?.key;
  const fields = `<span hidden data-pagefind-meta="lang:${attr(lang)}"${kind ? ` data-pagefind-filter="kind[data-kind]" data-kind="${attr(kind)}"` : ''}></span>`;
  // The headings whose name carries its own language (translation.ts `inLang`), "id=lang ...": a result titled by one says so too.
  const named = [...html.matchAll(/<h[2-6] id="([^"]+)"[^>]*><span lang="([^"]+)">/g)].map((m) => `${m[1]}=${m[2]}`);
  const names = named.length ? `<span hidden data-pagefind-meta="names:${attr(decode(named.join(' ')))}"></span>` : '';
  // The game's name stays metadata and a filter, out of the text: a page's excerpt started "Cangaceiros. Wounds. When you...".
  const body = html
    .replace(/<main\b[^>]*>/, (open) => open + fields + names + glossedNames(html))
    .replace(UNINDEXED, '')
    .replace('<p class="game-name" ', '<p class="game-name" data-pagefind-ignore ');
  return indexedCopy(body);
}

/**
 * The headings whose foreign name is followed by its gloss in the page's language (glosses.ts), "id=length ...":
 * the length of the name at the start of the result's title, so only the name carries its `lang`, not the gloss.
 */
function glossedNames(html: string): string {
  const glossed = [...html.matchAll(/<h[2-6] id="([^"]+)"[^>]*>([\s\S]*?)<\/h[2-6]>/g)].flatMap((h) => {
    const name = /^<span lang="[^"]+">([\s\S]*)<\/span> <span class="gloss"/.exec(h[2]!)?.[1];
    if (name === undefined) return [];
    const shown = decode(name.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    return [`${h[1]}=${shown.length}`];
  });
  return glossed.length ? `<span hidden data-pagefind-meta="glossed:${attr(decode(glossed.join(' ')))}"></span>` : '';
}

/**
 * Parts of a page Pagefind would parse only to ignore (each is marked
 * data-pagefind-ignore), cut from the indexed copy: a split collection's page
 * list (on each of its pages a link to every page, so the whole grew as the
 * square of the pages) and filters, and each heading's `#` link and copy button.
 */
const UNINDEXED =
  /<nav class="collection-pages"[^>]*>[\s\S]*?<\/nav>|<form class="entry-filters"[^>]*>[\s\S]*?<\/form>|<span class="permalink" data-pagefind-ignore>[\s\S]*?<\/span>/g;

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Pagefind's fragment file: one page's URL, metadata and its headings with an id (gzip, after a `pagefind_dcd` signature). */
interface Fragment {
  url: string;
  meta?: { title?: string; game?: string };
  anchors?: Array<{ element: string; id: string; text: string }>;
}

/** A name the lists hold: its text as read, where it leads, its game and language, its rule number; `key` tells two apart. */
interface NameItem {
  text: string;
  url: string;
  game: string;
  lang: string;
  number?: string | undefined;
  key: string;
}

/** The names one page's fragment gives: its title and each heading's text, each once. */
function fragmentNames(content: Uint8Array, lang: string): NameItem[] {
  const fragment = JSON.parse(
    gunzipSync(content)
      .toString('utf8')
      .replace(/^pagefind_dcd/, ''),
  ) as Fragment;
  const game = fragment.meta?.game;
  // The home page lists the games: it names no entry of its own.
  if (!game) return [];
  const out: NameItem[] = [];
  const add = (raw: string, url: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text) out.push({ text, url, game, lang, number: NUMBER.exec(text)?.[1], key: `${url}|${text}` });
  };
  if (fragment.meta?.title) add(fragment.meta.title, fragment.url);
  for (const a of fragment.anchors ?? []) if (/^h[1-6]$/.test(a.element)) add(a.text, `${fragment.url}#${a.id}`);
  return out;
}

/** spellings.json: the distinct names, sorted (for "did you mean"). */
function spellingsFile(spellings: readonly string[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify([...spellings].sort(compare)));
}

/** The lists' order of names: by URL, then text (a total order: two names of one URL and text are one name). */
function byName(a: NameItem, b: NameItem): number {
  return compare(a.url, b.url) || compare(a.text, b.text);
}

class NameList {
  /** Each fragment's names, sorted (as kept by the cache): one page's names sit together in the lists' order. */
  private readonly groups: Array<readonly NameItem[]> = [];
  private readonly seen = new Set<string>();

  constructor(private readonly fragments?: FragmentCache) {}

  addFragment(content: Uint8Array, lang: string, key: string): void {
    const make = () => fragmentNames(content, lang).sort(byName);
    const items = this.fragments ? this.fragments.names(key, content, make) : make();
    let kept: NameItem[] | undefined;
    items.forEach((n, i) => {
      if (this.seen.has(n.key)) kept ??= items.slice(0, i);
      else {
        this.seen.add(n.key);
        kept?.push(n);
      }
    });
    this.groups.push(kept ?? items);
  }

  /**
   * Sorted (names by URL, games and languages by name), so the files are byte-identical whatever order Pagefind writes
   * fragments in: the numbered names with the languages and games they index (numbers.json), and every name's text.
   */
  lists(bundles: readonly string[]): { numbered: SearchNames; texts: string[] } {
    // The pages' groups in the order of their first names, then joined: sorted, unless two pages' names interleave
    // (checked in one pass, and sorted whole then), without sorting 30,000 names anew on every save of `serve`.
    const groups = this.groups.filter((g) => g.length).sort((a, b) => byName(a[0]!, b[0]!));
    const all = groups.flat();
    for (let i = 1; i < all.length; i++)
      if (byName(all[i - 1]!, all[i]!) > 0) {
        all.sort(byName);
        break;
      }
    const languageSet = new Set(bundles);
    const gameSet = new Set<string>();
    for (const n of all) {
      languageSet.add(n.lang);
      gameSet.add(n.game);
    }
    const languages = [...languageSet].sort();
    const games = [...gameSet].sort();
    // Only a numbered name is listed with its address (a rule-number query); the rest give their text.
    const names: SearchName[] = [];
    const texts: string[] = [];
    for (const n of all) {
      texts.push(n.text);
      if (n.number) names.push([n.text, n.url, games.indexOf(n.game), languages.indexOf(n.lang), n.number]);
    }
    return { numbered: { languages, games, names }, texts };
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * fastest-levenshtein's ES module (a dependency the compiler already uses for
 * its own suggestions), served as it is to the search box: small, well kept,
 * and no copy of an edit distance of our own to maintain.
 */
let levenshteinSource: string | undefined;

function levenshteinModule(): string {
  // Read once a process: `rulebook serve` makes the search lists on every save.
  return (levenshteinSource ??= readLevenshtein());
}

function readLevenshtein(): string {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve('fastest-levenshtein/package.json'), 'utf8')) as { version: string };
  const source = readFileSync(require.resolve('fastest-levenshtein/esm/mod.js'), 'utf8');
  return `/*! fastest-levenshtein ${pkg.version} | MIT License | Copyright (c) 2020 Kasper Unn Weihe */\n${source}`;
}
