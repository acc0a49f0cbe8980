import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteServer } from '../../compiler/serve/server.ts';
import { browserAvailable, siteInBrowser } from './browser.ts';

const run = browserAvailable();

// What a search result says, the kind menu and the address, on the fixture games' site (test/site/built.ts):
// English `duel`, `sheet` (a reading on Élan's cost), `board`; `duo` in English and pt-BR; pt-BR `tree`
// (numbered rules).
describe.runIf(run)('search results that answer', () => {
  let browser: Browser;
  let server: SiteServer;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ browser, server } = await siteInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(where: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + where);
    return page;
  }

  /** Type a query as a reader does: `/` focuses the box; wait for the count line to name it. */
  async function search(page: Page, query: string): Promise<void> {
    await page.keyboard.press('/');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(query);
    await waitForQuery(page, query);
  }

  const waitForQuery = (page: Page, query: string) =>
    page.waitForFunction((q) => document.querySelector('#search-results .count')?.textContent?.includes(`“${q}”`), query);

  /** Each result: its title, link, the excerpt's text and its marked words. */
  const results = (page: Page) =>
    page.$$eval('#search-results li', (lis) =>
      lis.map((li) => ({
        title: li.querySelector('.r-title')?.textContent ?? '',
        href: li.querySelector('a')?.getAttribute('href') ?? '',
        excerpt: li.querySelector('.excerpt')?.textContent ?? '',
        marked: [...li.querySelectorAll('.excerpt mark')].map((m) => m.textContent),
      })),
    );

  const resultFor = async (page: Page, href: string) => (await results(page)).find((r) => r.href.endsWith(href));

  it("an entry's result quotes its rules text, not its fields, its draft marks or its notes", async () => {
    const page = await open('index.html');
    await search(page, 'counting house');
    // The face's stat ("Copies in the deck 2") and the examples follow the rule on the page: the answer is the rule.
    expect(await resultFor(page, 'duel/trophies.html#the-counting-house')).toMatchObject({
      excerpt: 'Gain 5 points for each set of 6 Silver coins you have at the end of the game.',
      marked: [],
    });
    // Élan's cost carries this edition's reading ("The test rules print no cost for Élan; ..."): the answer is
    // its text alone, neither the reading nor "Cost1" glued to its label.
    await search(page, 'élan');
    expect(await resultFor(page, 'sheet/spells.html#elan')).toMatchObject({ title: 'Élan', excerpt: 'Move again.' });
    // An entry whose text is two sentences of few words: both, and nothing after them.
    await search(page, 'fireball');
    expect(await resultFor(page, 'sheet/spells.html#fireball')).toMatchObject({ excerpt: 'Deal 3 damage. Then discard a card; draw one.' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a rule's result quotes its first sentence with the query's words marked", async () => {
    const page = await open('tree/rules.html');
    await search(page, 'clareira costeira');
    const rule = await resultFor(page, 'rules.html#r-16-5-1');
    expect(rule).toMatchObject({
      title: '16.5.1 Clareiras Costeiras.',
      excerpt: 'As clareiras da beira do tabuleiro são costeiras; um barco pode parar nelas.',
    });
    // The words Pagefind matched (by stem and accent-folded), marked in place, without the punctuation beside them.
    expect(rule!.marked).toEqual(['clareiras', 'costeiras']);
    // Marks are elements built from text, never HTML from the index.
    expect(await page.$$eval('#search-results .excerpt *', (els) => els.map((e) => e.tagName))).toEqual(expect.arrayContaining(['MARK']));
    expect(await page.$$eval('#search-results .excerpt *', (els) => els.every((e) => e.tagName === 'MARK'))).toBe(true);
    await page.close();
  });

  it("a transcription's notes are out of search: a reading's words find no entry through it", async () => {
    const page = await open('index.html');
    // Only Élan's reading says "print no cost" (sheet/spells.html): before the notes were cut from the indexed
    // copy, this query found Élan and quoted the reading.
    await search(page, 'print no cost');
    const found = await results(page);
    expect(found.filter((r) => r.href.includes('spells.html'))).toEqual([]);
    for (const r of found) expect(r.excerpt).not.toMatch(/reading|draft|not given/i);
    await page.close();
  });

  it('the kind menu holds one entry per kind, in the page language, a kind of several languages once', async () => {
    const menu = async (page: Page) => {
      await search(page, 'a');
      return page.$$eval('#search-kind option', (os) => os.slice(1).map((o) => o.textContent ?? ''));
    };
    const en = await open('duo/chiefs.html');
    const english = await menu(en);
    expect(new Set(english).size).toBe(english.length);
    // The rules pages of every game (tree's numbered rules too) are one kind, named in the page's words.
    expect(english).toContain('Rules');
    expect(english).not.toContain('Regras');
    // duo's collections, in English and in Portuguese, once each, by their English titles; `duel` and `sheet`
    // both title a collection "Trophy cards": one entry.
    expect(english).toEqual(expect.arrayContaining(['Chiefs', 'Harvest cards', 'Trophy cards']));
    expect(english).not.toContain('Chefes');
    expect(english.filter((k) => k === 'Trophy cards')).toHaveLength(1);
    await en.close();

    const pt = await open('duo/pt-BR/chiefs.html');
    const portuguese = await menu(pt);
    expect(new Set(portuguese).size).toBe(portuguese.length);
    expect(portuguese).toEqual(expect.arrayContaining(['Regras', 'Chefes', 'Cartas de colheita']));
    expect(portuguese).not.toContain('Rules');
    expect(portuguese).not.toContain('Chiefs');
    // Both menus hold the same kinds, each in its own words.
    expect(portuguese.length).toBe(english.length);

    // Choosing "Chefes" finds the chiefs of both languages (one kind), and nothing else.
    await pt.selectOption('#search-kind', { label: 'Chefes' });
    await pt.keyboard.press('/');
    await pt.keyboard.press('Control+A');
    await pt.keyboard.type('chief');
    await pt.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'chief');
    await waitForQuery(pt, 'chief');
    const chiefs = await results(pt);
    expect(chiefs.length).toBeGreaterThan(0);
    for (const r of chiefs) expect(r.href).toMatch(/chiefs\.html/);
    expect(errors).toEqual([]);
    await pt.close();
  });

  it('the address holds the query: a link opens its results, typing updates it, Back restores the previous query', async () => {
    const page = await open('duel/index.html?q=counting+house');
    // Loaded with ?q=: the box holds the query and the panel is open on its results.
    await waitForQuery(page, 'counting house');
    expect(await page.inputValue('#search-q')).toBe('counting house');
    expect(await page.locator('#search-results').isVisible()).toBe(true);
    expect((await results(page))[0]).toMatchObject({ title: 'The Counting House' });

    // Typing writes the query into the address (one history entry for the whole query, not one per key).
    const before = await page.evaluate(() => history.length);
    await search(page, 'lantern race');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'lantern race');
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    expect(new URL(page.url()).pathname).toBe('/duel/index.html');

    // Back: the previous query, its results shown again.
    await page.goBack();
    await page.waitForFunction(() => (document.getElementById('search-q') as HTMLInputElement).value === 'counting house');
    await waitForQuery(page, 'counting house');
    expect((await results(page))[0]).toMatchObject({ title: 'The Counting House' });
    // Forward: the later one.
    await page.goForward();
    await waitForQuery(page, 'lantern race');
    expect((await results(page))[0]).toMatchObject({ title: 'The Lantern Race' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the menus go into the address too, and a shared link with them opens the same filtered results', async () => {
    const page = await open('index.html');
    await search(page, 'coins');
    await page.selectOption('#search-game', { label: 'Border Run' });
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q-game') === 'Border Run');
    await page.selectOption('#search-kind', { label: 'Event cards' });
    await page.waitForFunction(() => new URL(location.href).searchParams.has('q-kind'));
    await page.waitForFunction(() => [...document.querySelectorAll('#search-results .r-game')].every((g) => g.textContent === 'Border Run · Event cards'));
    const shared = page.url();
    const filtered = (await results(page)).map((r) => r.title).sort();
    expect(filtered).toEqual(['Lâmpada Velha', 'Market Day', 'Scout Bounty']);
    await page.close();

    const other = await open(shared.slice(server.url.length));
    await waitForQuery(other, 'coins');
    await other.waitForFunction(() => [...document.querySelectorAll('#search-results .r-game')].every((g) => g.textContent === 'Border Run · Event cards'));
    expect((await results(other)).map((r) => r.title).sort()).toEqual(filtered);
    expect(await other.$eval('#search-kind', (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Event cards');
    expect(await other.$eval('#search-game', (s) => (s as HTMLSelectElement).value)).toBe('Border Run');
    expect(errors).toEqual([]);
    await other.close();
  });

  it("the search leaves the address's other parameters (a collection page's own ?kind= filter) as they are", async () => {
    const page = await open('duel/trophies.html?kind=worker#the-lantern-race');
    await search(page, 'lantern');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'lantern');
    const url = new URL(page.url());
    expect(url.searchParams.get('kind')).toBe('worker');
    expect(url.hash).toBe('#the-lantern-race');
    // Cleared with Escape: the query leaves the address, the filter stays.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('q'));
    expect(new URL(page.url()).searchParams.get('kind')).toBe('worker');
    await page.close();
  });

  it('without script, the form submits the query as ?q= to the home page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}duel/trophies.html`);
    await page.fill('#search-q', 'lantern');
    await page.press('#search-q', 'Enter');
    await page.waitForURL(/index\.html\?q=lantern$/);
    expect(new URL(page.url()).pathname).toBe('/index.html');
    await context.close();
  });
});
