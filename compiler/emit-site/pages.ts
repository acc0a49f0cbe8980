import { slug } from '../load/slug.ts';
import { collectionSlug } from '../site-addresses.ts';
import type { Collection, Entry } from '../model.ts';

/**
 * How a collection's entries are spread over pages. A page of 30,000 cards
 * weighed 30 MB; a reader's browser, the search index and the link checker
 * all choke on it. So a large collection is split: by a declared field
 * (`pageBy: kind` in game.yaml, one page per value) or, past PAGE_SIZE
 * entries, into numbered pages ("Cards 1–200"). A collection that fits on one
 * page keeps its one page, `<slug>.html` (site-addresses.ts: `action-cards.html`).
 *
 * The first page is always `<slug>.html`, so a link to the collection stays
 * what it was; the others are `<slug>.<n>.html` (numbered) or
 * `<slug>.<value>.html` (by field). Links to an entry go to the page that
 * draws it (`hrefOf`); a link that names only the collection's first page
 * (`cards.html#id`, from outside or from before a split) is sent on by the
 * page's script, which looks the ID up in the collection's entry list.
 */
export const PAGE_SIZE = 200;
/**
 * The entries' data (as JSON) one page may carry: a stand-in for the page's
 * HTML (about 2.5 times the data for a card), so a collection of large
 * entries (maps, long texts) pages sooner and no page nears 1 MB.
 */
export const PAGE_DATA_BUDGET = 250_000;

export interface CollectionPage {
  /** Relative to the game's folder: `cards.html`, `cards.2.html`, `cards.building.html`. */
  file: string;
  /** The page's heading: the collection's title when it has one page, else "Cards 1–200" or "Building". */
  label: string;
  entries: Entry[];
}

export interface CollectionPlan {
  pages: CollectionPage[];
  /** Entry ID -> index in `pages`. */
  pageOf: Map<string, number>;
  /** The field the pages are split by, when `pageBy` is declared. */
  by?: string;
}

export interface PlanOptions {
  /** The field to split by (`pageBy`), when the collection's schema has it; else the pages are numbered. */
  by?: string;
  /** The collection's title in the reader's words ("Cards"). */
  title: string;
  /** A value of the `pageBy` field in the reader's words (an enum's declared name, a referenced entry's name). */
  valueLabel: (value: string) => string;
  /** The field's values in the schema's order (an enum), if it lists them. */
  order?: readonly unknown[];
  /** The label of entries without a value for the field. */
  none: string;
}

export function planCollection(c: Collection, options: PlanOptions): CollectionPlan {
  const by = options.by;
  const pages: CollectionPage[] = [];
  const stemOf = collectionSlug(c.name);
  if (by) {
    const groups = new Map<string, Entry[]>();
    for (const v of options.order ?? []) if (typeof v === 'string' || typeof v === 'number') groups.set(String(v), []);
    const rest: Entry[] = [];
    for (const e of c.entries) {
      const v = e.value[by];
      if (typeof v !== 'string' && typeof v !== 'number') {
        rest.push(e);
        continue;
      }
      const list = groups.get(String(v));
      if (list) list.push(e);
      else groups.set(String(v), [e]);
    }
    const used = new Set<string>([stemOf]);
    const groupList = [...groups].filter(([, list]) => list.length).map(([v, list]) => ({ label: options.valueLabel(v), key: v, list }));
    if (rest.length) groupList.push({ label: options.none, key: '', list: rest });
    groupList.forEach((g, gi) => {
      let stem = slug(g.key) || `${gi + 1}`;
      if (used.has(`${stemOf}.${stem}`)) stem = `${stem}-${gi + 1}`;
      used.add(`${stemOf}.${stem}`);
      const chunks = chunked(g.list);
      chunks.forEach((chunk, k) => {
        const file = pages.length === 0 ? `${stemOf}.html` : `${stemOf}.${stem}${k ? `.${k + 1}` : ''}.html`;
        pages.push({ file, label: chunks.length > 1 ? `${g.label} ${range(chunks, k)}` : g.label, entries: chunk });
      });
    });
    if (!pages.length) pages.push({ file: `${stemOf}.html`, label: options.title, entries: [] });
  } else {
    const chunks = chunked(c.entries);
    if (chunks.length <= 1) pages.push({ file: `${stemOf}.html`, label: options.title, entries: [...c.entries] });
    else
      chunks.forEach((chunk, k) =>
        pages.push({ file: k ? `${stemOf}.${k + 1}.html` : `${stemOf}.html`, label: `${options.title} ${range(chunks, k)}`, entries: chunk }),
      );
  }
  const pageOf = new Map<string, number>();
  pages.forEach((p, i) => {
    for (const e of p.entries) if (!pageOf.has(e.id)) pageOf.set(e.id, i);
  });
  return { pages, pageOf, by };
}

/** "201–400": the positions (from 1) of a chunk's first and last entries among its group. */
function range(chunks: readonly Entry[][], k: number): string {
  const start = chunks.slice(0, k).reduce((n, c) => n + c.length, 0) + 1;
  const end = start + chunks[k]!.length - 1;
  return start === end ? String(start) : `${start}–${end}`;
}

/** Entries in source order, PAGE_SIZE at most per chunk and within the data budget (one oversized entry still gets its page). */
function chunked(entries: readonly Entry[]): Entry[][] {
  const out: Entry[][] = [];
  let chunk: Entry[] = [];
  let bytes = 0;
  for (const e of entries) {
    const size = dataSize(e.value);
    if (chunk.length && (chunk.length >= PAGE_SIZE || bytes + size > PAGE_DATA_BUDGET)) {
      out.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(e);
    bytes += size;
  }
  if (chunk.length) out.push(chunk);
  return out;
}

/** Whether the collection is drawn on more than one page (then it gets the page list, the filters and its entry list). */
export function isPaged(plan: CollectionPlan): boolean {
  return plan.pages.length > 1 || plan.by !== undefined;
}

/** About the length of a value as JSON, counted without writing it (JSON.stringify of every entry was a tenth of the site phase at 30,000 cards, most of it garbage). */
function dataSize(v: unknown): number {
  if (typeof v === 'string') return v.length + 2;
  if (v === null || typeof v !== 'object') return 6;
  let n = 2;
  if (Array.isArray(v)) for (const x of v) n += dataSize(x) + 1;
  else for (const k in v as Record<string, unknown>) n += k.length + 4 + dataSize((v as Record<string, unknown>)[k]);
  return n;
}
