import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import type { SiteFiles } from '../../compiler/emit-site/site.ts';
import { siteOf, syntheticProject } from '../site/built.ts';
import { axeViolations, browserAvailable, launch } from './browser.ts';

const run = browserAvailable();
const CARDS = 2500;

interface EntryList {
  pages: Array<{ href: string; label: string }>;
  fields: Array<{ key: string; values: string[] }>;
  ids: string[];
  names: string[];
  page: number[];
  values: Record<string, number[]>;
}

// A collection split over pages (the synthetic game at 2,500 cards: 13 pages), as a reader uses it:
// its filters across the pages, a link to a card on another page, and the first search's download.
describe.runIf(run)('a large collection in a browser', () => {
  let browser: Browser;
  let server: SiteServer;
  let files: SiteFiles;
  let list: EntryList;
  const errors: string[] = [];

  beforeAll(async () => {
    files = await siteOf(await syntheticProject(CARDS));
    list = JSON.parse(String(files.get('synth/cards.entries.json'))) as EntryList;
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(where: string, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', colorScheme: options.colorScheme ?? 'light' });
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + where);
    return page;
  }

  const matching = (key: string, value: string) => {
    const field = list.fields.find((f) => f.key === key)!;
    const wanted = field.values.indexOf(value);
    return list.ids.map((_, i) => i).filter((i) => list.values[key]![i] === wanted);
  };

  it("filters by kind from the keyboard across every page: a live count, this page's other cards hidden, the pages with matches listed and carrying the filter", async () => {
    const page = await open('synth/cards.2.html');
    // Shown once the script runs; labelled menus.
    const kind = page.getByLabel('Kind', { exact: true });
    await expect(kind.isVisible()).resolves.toBe(true);
    await kind.focus();
    await page.keyboard.press('ArrowDown');
    const chosen = await kind.inputValue();
    expect(chosen).toBe(list.fields[0]!.values[0]);
    const hits = matching('kind', chosen);
    const here = hits.filter((i) => list.page[i] === 1).length;
    await page.waitForFunction(() => document.querySelector('.filter-count')?.textContent?.includes('match'));
    expect(await page.locator('.filter-count').textContent()).toBe(
      `${hits.length.toLocaleString('en')} of ${CARDS.toLocaleString('en')} match; ${here} on this page.`,
    );
    expect(await page.locator('main article.entity:visible').count()).toBe(here);
    expect(page.url()).toContain(`?kind=${chosen}`);
    // Every page with a match is listed, with its count, and its link keeps the filter.
    const links = await page.$$eval('.filter-pages a', (as) => as.map((a) => a.getAttribute('href')));
    expect(links.length).toBe(new Set(hits.map((i) => list.page[i])).size);
    expect(links[0]).toBe(`cards.html?kind=${chosen}`);
    // Following one applies the filter there at once.
    await page.click(`.filter-pages a[href="cards.5.html?kind=${chosen}"]`);
    await page.waitForURL(/cards\.5\.html\?kind=/);
    await page.waitForFunction(() => document.querySelector('.filter-count')?.textContent?.includes('match'));
    expect(await page.getByLabel('Kind', { exact: true }).inputValue()).toBe(chosen);
    expect(await page.locator('main article.entity:visible').count()).toBe(hits.filter((i) => list.page[i] === 4).length);
    // Two filters narrow it; Show all brings every card back.
    await page.getByLabel('Resource', { exact: true }).selectOption('flour');
    await page.waitForFunction(() => /^\d+ of/.test(document.querySelector('.filter-count')?.textContent ?? '') && location.search.includes('resource=flour'));
    const both = hits.filter((i) => list.values.resource![i] === list.fields[1]!.values.indexOf('flour'));
    expect(await page.locator('.filter-count').textContent()).toContain(`${both.length} of`);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.waitForFunction(() => !location.search);
    expect(await page.locator('main article.entity:visible').count()).toBe(200);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('axe-core finds no violations on a page of the split collection with a filter chosen, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open('synth/cards.3.html?kind=worker', { colorScheme });
      await page.waitForFunction(() => document.querySelector('.filter-count')?.textContent?.includes('match'));
      expect(await axeViolations(page), colorScheme).toEqual([]);
      await page.close();
    }
  });

  it("a link to a card on the first page's address (a bookmark from before the split) lands on the page that draws it", async () => {
    const i = list.page.indexOf(8);
    const page = await open(`synth/cards.html#${list.ids[i]}`);
    await page.waitForURL(new RegExp(`cards\\.9\\.html#${list.ids[i]}$`));
    expect(await page.locator(`[id="${list.ids[i]}"]`).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('without script the pages read as they are: every card shown, the filters hidden, the page list there', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}synth/cards.4.html`);
    expect(await page.locator('main article.entity:visible').count()).toBe(200);
    expect(await page.locator('form.entry-filters').isVisible()).toBe(false);
    expect(await page.locator('nav.collection-pages a').count()).toBe(13);
    await context.close();
  });

  it('the first search downloads a small part of the index, and a repeated name shows its kind and its page', async () => {
    const page = await open('synth/cards.html');
    let fetched = 0;
    const urls: string[] = [];
    const sizes = new Map<string, number>();
    const fetchedOf = (part: string) => [...sizes].filter(([u]) => u.includes(part)).reduce((n, [, b]) => n + b, 0);
    const all: string[] = [];
    page.on('response', async (r) => {
      all.push(r.url());
      if (!r.url().includes('/pagefind/')) return;
      const size = (await r.body().catch(() => Buffer.alloc(0))).length;
      urls.push(r.url());
      sizes.set(r.url(), size);
      fetched += size;
    });
    const counts = new Map<string, number>();
    for (const n of list.names) counts.set(n, (counts.get(n) ?? 0) + 1);
    const name = list.names.find((n) => counts.get(n)! > 1)!;
    // The query arrives whole (as pasted), so what is measured is one query, not one per letter typed.
    await page.keyboard.press('/');
    await page.locator('#search-q').fill(name);
    await page.waitForFunction(() => document.querySelectorAll('#search-results li').length > 0);
    await page.waitForLoadState('networkidle');
    // Pagefind's runtime (its script, worker and WebAssembly) is the same at any size; what grows with the
    // cards is the index chunks (words) and the fragments (pages): the query fetches only the chunks of its
    // words and the fragments of the results it shows.
    const size = (c: string | Uint8Array) => (typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength);
    const chunks = [...files].filter(([p]) => p.startsWith('pagefind/en/index/'));
    const allChunks = chunks.reduce((n, [, c]) => n + size(c), 0);
    const gotChunks = fetchedOf('/pagefind/en/index/');
    process.stderr.write(
      `first query at ${CARDS} cards: ${fetched} bytes in ${urls.length} files; index chunks ${gotChunks} of ${allChunks} bytes (${chunks.length} files)\n`,
    );
    expect(gotChunks).toBeGreaterThan(0);
    expect(gotChunks).toBeLessThan(allChunks / 2);
    expect(urls.filter((u) => u.includes('/fragment/')).length).toBeLessThanOrEqual(8);
    // Neither the filters' entry list nor the names lists (a rule number's, a misspelling's) for a query that found its card.
    expect(all.filter((u) => /entries\.json|numbers\.json|spellings\.json/.test(u))).toEqual([]);
    const results = await page.$$eval('#search-results li a', (as) =>
      as.map((a) => ({ title: a.querySelector('.r-title')?.textContent, where: a.querySelector('.r-game')?.textContent })),
    );
    // Pagefind ranks pages, not phrases: the synthetic names share their words, so the other card of the same
    // name may rank past the 8 pages a first query opens. Each shown is told apart by its kind and its page.
    const same = results.filter((r) => r.title?.startsWith(name));
    expect(same.length).toBeGreaterThan(0);
    for (const r of same) {
      expect(r.title).toMatch(new RegExp(`^${name} · (${list.fields[0]!.values.join('|')})$`));
      expect(r.where).toMatch(/^Synthetic · Cards \d+–\d+$/);
    }
    // Every card of that name, exactly: a field query on the name (docs-site/field-search.js).
    await page.locator('#search-q').fill(`name:"${name}"`);
    await page.waitForFunction((n) => [...document.querySelectorAll('#search-results li a .r-title')].filter((t) => t.textContent === n).length > 1, name);
    const named = await page.$$eval('#search-results li a .r-title', (ts) => ts.map((t) => t.textContent));
    expect(named).toEqual(Array(counts.get(name)).fill(name));
    expect(errors).toEqual([]);
    await page.close();
  });
});
