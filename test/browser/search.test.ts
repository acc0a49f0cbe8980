import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesProject, runCli } from '../helpers.ts';
import { staticHost, type StaticHost } from '../static-host.ts';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { fixturesSite } from '../site/built.ts';
import { axeViolations, browserAvailable, launch, searchResultLinks } from './browser.ts';

const run = browserAvailable();

// Search as a reader uses it, on the fixture games' site (test/site/built.ts): English `duel` and `board`,
// pt-BR `tree` (numbered rules). Every page's script errors and unhandled rejections fail the test that saw them.
describe.runIf(run)('search', () => {
  let browser: Browser;
  let server: SiteServer;
  const errors: string[] = [];

  /** Files the server answers "not found" for, as a host that lost them would: the failed-load tests. */
  const missing = new Set<string>();

  beforeAll(async () => {
    const files = await fixturesSite();
    // The site as built, less what a test took away: a failed load comes from the server itself, not from
    // intercepting the browser's request (page.route once left the index's import pending past a 90 s wait in CI).
    server = await startServer(() => (missing.size ? new Map([...files].filter(([file]) => !missing.has(file))) : files), { port: 0, live: false });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(where: string, options: { width?: number } = {}): Promise<Page> {
    // No service worker: requests must reach page.route (the failed-load test) and the server, never a cache.
    const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: 900 }, serviceWorkers: 'block' });
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
    await page.waitForFunction((q) => document.querySelector('#search-results .count')?.textContent?.includes(q), query);
  }

  const results = (page: Page) =>
    page.$$eval('#search-results li', (lis) =>
      lis.map((li) => ({
        title: li.querySelector('.r-title')?.textContent ?? '',
        game: li.querySelector('.r-game')?.textContent ?? '',
        href: li.querySelector('a')?.getAttribute('href') ?? '',
        lang: li.getAttribute('lang'),
      })),
    );

  it('one query from the home page searches every game in both languages; each result names its game and a foreign one carries its lang', async () => {
    const page = await open('index.html');
    expect(await page.locator('#search-lang').count()).toBe(0);
    await search(page, 'clareira costeira');
    const pt = (await results(page))[0]!;
    expect(pt).toEqual({ title: '16.5.1 Clareiras Costeiras.', game: expect.stringContaining('Árvore'), href: 'tree/rules.html#r-16-5-1', lang: 'pt-BR' });
    await search(page, 'counting house');
    const en = (await results(page))[0]!;
    expect(en).toEqual({
      title: 'The Counting House',
      game: expect.stringContaining('Lantern Duel'),
      href: 'duel/trophies.html#the-counting-house',
      lang: null,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('and from a game page in the other language: an English card from the pt-BR rules, a Portuguese rule from an English page', async () => {
    const tree = await open('tree/rules.html');
    await search(tree, 'counting house');
    expect((await results(tree))[0]).toMatchObject({ title: 'The Counting House', href: '../duel/trophies.html#the-counting-house', lang: 'en' });
    await tree.close();
    const duel = await open('duel/rules/overview.html');
    await search(duel, 'preparacao');
    expect((await results(duel))[0]).toMatchObject({ title: '16.4 Preparação', href: '../../tree/rules.html#r-16-4', lang: 'pt-BR' });
    // The reader follows it with the keyboard and lands on the rule.
    await duel.keyboard.press('ArrowDown');
    await duel.keyboard.press('Enter');
    await duel.waitForURL(/tree\/rules\.html#r-16-4$/);
    expect(await duel.locator('[id="r-16-4"]').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await duel.close();
  });

  it('a rule number finds that rule first, then the rules under it', async () => {
    const page = await open('index.html');
    await search(page, '16.5.1');
    const found = await results(page);
    expect(found[0]).toMatchObject({ title: '16.5.1 Clareiras Costeiras.', href: 'tree/rules.html#r-16-5-1' });
    // The words 16, 5 and 1 are in many worked examples: none of those follows a numbered rule.
    expect(found.filter((r) => !r.href.startsWith('tree/'))).toEqual([]);
    await search(page, '16.4');
    expect((await results(page)).slice(0, 2).map((r) => r.title)).toEqual(['16.4 Preparação', '16.4.1 1º Passo: Escolha o Tabuleiro.']);
    await page.close();
  });

  it('a misspelling offers the closest known name, announced, and the offer searches for it', async () => {
    const page = await open('duel/index.html');
    await search(page, 'lampeda');
    expect(await results(page)).toEqual([]);
    const offer = page.locator('#search-results .suggest');
    expect(await offer.isVisible()).toBe(true);
    expect((await offer.innerText()).replace(/\s+/g, ' ')).toBe('Did you mean Lâmpada?');
    expect(await page.locator('#search-status').textContent()).toBe('No results for “lampeda”. Did you mean Lâmpada?');
    // The offer is a button: Enter on it takes it.
    await page.locator('#search-results .suggest button').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#search-results .count')?.textContent?.includes('Lâmpada'));
    expect((await results(page))[0]).toMatchObject({ title: 'Lâmpada Velha' });
    expect(await offer.isVisible()).toBe(false);
    // A query that is a known name is not "corrected".
    await search(page, 'lantern race');
    expect(await offer.isVisible()).toBe(false);
    await page.close();
  });

  it('filters by game and by kind of entry, from the keyboard', async () => {
    const page = await open('index.html');
    await search(page, 'coins');
    const before = await results(page);
    expect(new Set(before.map((r) => r.game.split(' · ')[0])).size).toBeGreaterThan(1);
    // Tab from the box (past the Search button) reaches the game menu; typing a name picks it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-game');
    await page.keyboard.type('Border');
    await page.waitForFunction(() => [...document.querySelectorAll('#search-results .r-game')].every((g) => g.textContent?.startsWith('Border Run')));
    expect((await results(page)).length).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-kind');
    await page.keyboard.type('Event');
    // The option is labelled in the page's words; its value is the kind's key, the same in every language.
    await page.waitForFunction(() => (document.getElementById('search-kind') as HTMLSelectElement).selectedOptions[0]?.textContent === 'Event cards');
    await page.waitForFunction(() => [...document.querySelectorAll('#search-results .r-game')].every((g) => g.textContent === 'Border Run · Event cards'));
    expect((await results(page)).map((r) => r.title).sort()).toEqual(['Lâmpada Velha', 'Market Day', 'Scout Bounty']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the panel closes when focus leaves it and opens again when the reader comes back', async () => {
    const page = await open('duel/index.html');
    const panel = page.locator('#search-results');
    await search(page, 'lantern');
    expect(await panel.isVisible()).toBe(true);
    // A click on the panel's text keeps it open.
    await page.locator('#search-results .count').click();
    expect(await panel.isVisible()).toBe(true);
    // Shift+Tab from the box leaves the form.
    await page.locator('#search-q').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('form.search'))).toBeNull();
    expect(await panel.isVisible()).toBe(false);
    await page.locator('#search-q').focus();
    expect(await panel.isVisible()).toBe(true);
    // So does a click elsewhere on the page; Escape clears and closes.
    await page.locator('main h1').click();
    expect(await panel.isVisible()).toBe(false);
    await page.locator('#search-q').focus();
    await page.keyboard.press('Escape');
    expect(await panel.isVisible()).toBe(false);
    expect(await page.locator('#search-q').inputValue()).toBe('');
    await page.close();
  });

  it('the open panel, filters included, fits a 320 px screen', async () => {
    const page = await open('index.html', { width: 320 });
    await search(page, 'coins');
    expect(await page.locator('#search-game').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = await page.locator('#search-results').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    await page.close();
  });

  it('says the results shown are the first when more match, so ten is not read as all there are', async () => {
    const page = await open('index.html');
    await search(page, 'the');
    expect(await results(page)).toHaveLength(10);
    expect(await page.locator('#search-status').textContent()).toBe('Results for “the”: the first 10; more match, add a word to find fewer');
    // Pages that each give the first three of their places that answer ("gain": ten shown, none an eleventh).
    await search(page, 'gain');
    expect(await page.locator('#search-status').textContent()).toBe('Results for “gain”: the first 10; more match, add a word to find fewer');
    await page.close();
    // In the page's own language.
    const tree = await open('tree/rules.html');
    await search(tree, 'the');
    expect(await tree.locator('#search-status').textContent()).toBe('Resultados para “the”: os 10 primeiros; há mais, acrescente uma palavra para achar menos');
    await tree.close();
  });

  it('the live region announces the number of results, never the list', async () => {
    const page = await open('index.html');
    await search(page, 'lampada');
    expect(await page.locator('#search-status').textContent()).toBe('Results for “lampada”: 1');
    expect(await page.locator('#search-status').getAttribute('role')).toBe('status');
    // No live region holds the results list.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('#search-results li')].some((li) => li.closest('[aria-live], [role="status"], [role="alert"], [role="log"]')),
      ),
    ).toBe(false);
    await page.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`axe-core finds no violations in the open panel (results, filters, a suggestion), ${colorScheme}, 24 px targets included`, async () => {
      const page = await browser.newPage({ colorScheme, serviceWorkers: 'block' });
      await page.goto(`${server.url}index.html`);
      for (const query of ['coins', 'lampeda']) {
        await search(page, query);
        expect(await page.locator('#search-results').isVisible()).toBe(true);
        expect(await axeViolations(page, 'form.search'), query).toEqual([]);
      }
      await page.close();
    });
  }

  it('never shows more than 10 results', async () => {
    const page = await open('index.html');
    // Every page and heading of the fixture games says "the" or a rule number: well over 10 places.
    await search(page, 'a');
    const count = (await results(page)).length;
    // Eight pages of three places each were found: the cap, not a lack of results, stops the list at 10.
    expect(count).toBe(10);
    await page.close();
  });

  it('a search index that failed to load is tried again on the next query', async () => {
    const page = await open('duel/index.html');
    missing.add('pagefind/en/pagefind.js');
    try {
      await page.keyboard.press('/');
      await page.keyboard.type('counting');
      // The reader is told in words that the search could not run and to try again (not that the site needs a
      // web address: it has one). Polled on an interval: an animation frame may wait on a loaded machine.
      await page.waitForFunction(() => document.querySelector('#search-results .count')?.textContent === 'The search could not run. Try again.', undefined, {
        polling: 100,
      });
    } finally {
      missing.clear();
    }
    await search(page, 'counting house');
    expect((await results(page))[0]).toMatchObject({ title: 'The Counting House' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the misspelling module (levenshtein.js) that failed to load is tried again on the next query', async () => {
    const page = await open('duel/index.html');
    missing.add('pagefind/levenshtein.js');
    try {
      await page.keyboard.press('/');
      await page.keyboard.type('lampeda');
      // The reader is told in words that the search could not run, never shown an error.
      await page.waitForFunction(() => document.querySelector('#search-results .count')?.textContent?.includes('could not run'), undefined, { polling: 100 });
    } finally {
      missing.clear();
    }
    // The failed import is not kept: the next query imports the module afresh and makes the offer.
    await search(page, 'lampeda');
    expect((await page.locator('#search-results .suggest').innerText()).replace(/\s+/g, ' ')).toBe('Did you mean Lâmpada?');
    expect(errors).toEqual([]);
    await page.close();
  });
});

// The site built with a full URL as its base and served only under that URL's path, as GitHub Pages serves a
// project site: every result, in either language, resolves under the base.
describe.runIf(run)('search under a sub-path, across languages', () => {
  const BASE = 'https://me.github.io/rulebook/';
  let browser: Browser;
  let host: StaticHost;

  beforeAll(async () => {
    const root = await fixturesProject(['duel', 'tree']);
    expect((await runCli(['build', '--base', BASE, '-C', root])).code).toBe(0);
    host = await staticHost(path.join(root, 'docs-site', 'dist'), '/rulebook/');
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  for (const c of [
    { page: 'index.html', query: 'clareira costeira', href: '/rulebook/tree/rules.html#r-16-5-1' },
    { page: 'tree/rules.html', query: 'counting house', href: '/rulebook/duel/trophies.html#the-counting-house' },
    { page: 'duel/index.html', query: '16.5.1', href: '/rulebook/tree/rules.html#r-16-5-1' },
  ]) {
    it(`"${c.query}" from ${c.page}: every result link stays under /rulebook/ and answers 200`, async () => {
      const links = await searchResultLinks(browser, `${host.origin}/rulebook/${c.page}`, c.query);
      expect(new URL(links[0]!).pathname + new URL(links[0]!).hash).toBe(c.href);
      for (const link of links) {
        expect(new URL(link).pathname.startsWith('/rulebook/'), link).toBe(true);
        expect((await fetch(link)).status, link).toBe(200);
      }
    });
  }
});

// A language whose pages outweigh two bundles is split into several (compiler/emit-site/search.ts `searchBundles`,
// past 4 MB; here past 40 kB, so the fixtures split): the search box merges them all, and a page of each is found.
describe.runIf(run)('search over a language split into bundles', () => {
  let browser: Browser;
  let host: StaticHost;
  let dist: string;

  beforeAll(async () => {
    const root = await fixturesProject(['duel', 'board', 'tree']);
    const before = process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
    process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = '20000';
    try {
      expect((await runCli(['build', '-C', root])).code).toBe(0);
    } finally {
      if (before === undefined) delete process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
      else process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = before;
    }
    dist = path.join(root, 'docs-site', 'dist');
    host = await staticHost(dist, '/');
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  it('finds a page of every English bundle from an English page, and a Portuguese rule', async () => {
    const bundles = JSON.parse(await readFile(path.join(dist, 'pagefind', 'bundles.json'), 'utf8')) as Array<[string, string]>;
    const english = bundles.filter(([, lang]) => lang === 'en').map(([folder]) => folder);
    expect(english.length).toBeGreaterThanOrEqual(2);
    expect(bundles.some(([, lang]) => lang === 'pt-BR')).toBe(true);
    for (const folder of english) {
      // A page of this bundle, by its title: its first fragment with a title of its own.
      const dir = path.join(dist, 'pagefind', folder, 'fragment');
      const fragments = await Promise.all(
        (await readdir(dir)).sort().map(
          async (f) =>
            JSON.parse(
              gunzipSync(await readFile(path.join(dir, f)))
                .toString('utf8')
                .replace(/^pagefind_dcd/, ''),
            ) as { url: string; meta?: { title?: string } },
        ),
      );
      const page = fragments.find((f) => f.meta?.title && f.url !== '/index.html' && /^[\p{L} ]+$/u.test(f.meta.title));
      expect(page, folder).toBeDefined();
      const links = await searchResultLinks(browser, `${host.origin}/duel/index.html`, page!.meta!.title!);
      expect(
        links.map((l) => new URL(l).pathname),
        `${folder}: ${page!.meta!.title}`,
      ).toContain(page!.url);
    }
    const links = await searchResultLinks(browser, `${host.origin}/duel/index.html`, 'clareira costeira');
    expect(new URL(links[0]!).pathname + new URL(links[0]!).hash).toBe('/tree/rules.html#r-16-5-1');
  });

  it('asks every bundle at once, not one after another', async () => {
    // Each bundle's first file answers 400 ms late (a slow network): merged one after another, the bundles' first
    // requests would be 400 ms apart at least.
    // On the context, not the page: Pagefind fetches from its shared worker.
    const context = await browser.newContext();
    const page = await context.newPage();
    const asked: Array<{ folder: string; at: number }> = [];
    await context.route('**/pagefind/*/pagefind-entry.json*', async (route) => {
      asked.push({ folder: new URL(route.request().url()).pathname.split('/').at(-2)!, at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto(`${host.origin}/duel/index.html`);
    await page.keyboard.press('/');
    await page.keyboard.type('clareira');
    await page.waitForFunction(() => document.querySelectorAll('#search-results li a').length > 0);
    await context.close();
    const bundles = JSON.parse(await readFile(path.join(dist, 'pagefind', 'bundles.json'), 'utf8')) as Array<[string, string]>;
    // The page's own bundle first (pagefind/en/), then every other one, each asked once.
    expect(asked[0]!.folder).toBe('en');
    const merged = asked.slice(1);
    expect(merged.map((a) => a.folder).sort()).toEqual(
      bundles
        .map(([folder]) => folder)
        .filter((f) => f !== 'en')
        .sort(),
    );
    expect(merged.length).toBeGreaterThanOrEqual(2);
    const spread = Math.max(...merged.map((a) => a.at)) - Math.min(...merged.map((a) => a.at));
    expect(spread).toBeLessThan(300);
  });
});
