import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { hostileProject, siteOf } from '../site/built.ts';
import { axeViolations, browserAvailable, siteInBrowser } from './browser.ts';

const run = browserAvailable();

/** Every kind of page the site has, one of each, from the fixture games (test/site/built.ts), never a bundled game. */
const KINDS: Record<string, string> = {
  home: 'index.html',
  'game overview': 'duel/index.html',
  'Markdown rules page': 'duel/rules/overview.html',
  'card faces with worked examples': 'duel/trophies.html',
  'entity list': 'board/events.html',
  map: 'board/maps.html',
  'numbered rules tree (pt-BR)': 'tree/rules.html',
  glossary: 'tree/glossary.html',
  drafts: 'duel/drafts.html',
};

describe.runIf(run)('the site in a browser', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    ({ browser, server } = await siteInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<Page> {
    const page = await browser.newPage({ colorScheme: options.colorScheme ?? 'light', viewport: { width: options.width ?? 1280, height: 900 } });
    await page.goto(server.url + path);
    return page;
  }

  /** Type a query as a reader does: `/` to focus the box, then the words; wait for the results. */
  async function search(page: Page, query: string): Promise<void> {
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q');
    await page.keyboard.type(query);
    await page.waitForFunction((q) => document.querySelector('#search-results .count')?.textContent?.includes(q), query);
  }

  const cases = [
    // An accent-free query finds an accented name; a two-word query a two-word name; a Portuguese stem the pt-BR plural title.
    { game: 'board', query: 'lampada', title: 'Lâmpada Velha', href: /board\/events\.html#lampada-velha$/ },
    { game: 'duel', query: 'counting house', title: 'The Counting House', href: /duel\/trophies\.html#the-counting-house$/ },
    { game: 'tree', query: 'clareira costeira', title: '16.5.1 Clareiras Costeiras.', href: /tree\/rules\.html#r-16-5-1$/ },
  ];
  for (const c of cases) {
    it(`search on ${c.game}: "${c.query}" finds ${c.title}, and the keyboard follows the result to its anchor`, async () => {
      const page = await open(`${c.game}/index.html`);
      await search(page, c.query);
      const first = page.locator('#search-results li a').first();
      expect(await first.locator('.r-title').innerText()).toBe(c.title);
      expect(await first.getAttribute('href')).toMatch(c.href);
      expect(await first.locator('.r-game').innerText()).not.toBe('');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.closest('#search-results') !== null)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(c.href);
      const hash = new URL(page.url()).hash.slice(1);
      expect(await page.locator(`[id="${hash}"]`).isVisible()).toBe(true);
      await page.close();
    });
  }

  it('the first query loads at most 150 KB gzipped', async () => {
    const page = await open('tree/rules.html');
    const sizes: Array<[string, number]> = [];
    page.on('response', async (r) => {
      const body = await r.body().catch(() => Buffer.alloc(0));
      sizes.push([r.url().replace(server.url, ''), gzipSync(body).length]);
    });
    await search(page, 'clareira costeira');
    await page.waitForTimeout(300);
    const total = sizes.reduce((s, [, n]) => s + n, 0);
    process.stderr.write(`first query (tree/rules.html, "clareira costeira"): ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} requests\n`);
    expect(sizes.some(([u]) => u.includes('wasm.pt-br.pagefind'))).toBe(true);
    expect(total).toBeLessThanOrEqual(150 * 1024);
    await page.close();
  });

  it('cross-references, backlinks and glossary terms work from the keyboard', async () => {
    const page = await open('tree/rules.html');
    // 16.4.1 refers to 16.5: follow it.
    await page
      .locator('#r-16-4-1')
      .locator('xpath=../..')
      .locator('a.xref', { hasText: /^16\.5$/ })
      .first()
      .click();
    await page.waitForURL(/#r-16-5$/);
    expect(await page.locator('#r-16-5').isVisible()).toBe(true);
    // A glossary term: focus shows the definition; Escape hides it; following it lands on the entry.
    const term = page.locator('a.term').first();
    await term.focus();
    const tip = page.locator(`#${await term.getAttribute('aria-describedby')}`);
    expect(await tip.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await tip.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await page.waitForURL(/glossary\.html#ruina$/);
    expect(await page.locator('#ruina').isVisible()).toBe(true);
    await page.close();
  });

  it('the copy button copies the URL with the rule anchor', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    const page = await context.newPage();
    await page.goto(`${server.url}tree/rules.html`);
    await page.locator('button.copy[data-copy="r-16-5-1"]').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}tree/rules.html#r-16-5-1`);
    await context.close();
  });

  for (const [kind, path] of Object.entries(KINDS)) {
    it(`axe-core finds no violations on the ${kind} page (${path}), light and dark`, async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await open(path, { colorScheme });
        // target-size (WCAG 2.5.8, 24 by 24 px touch targets) is off in axe by default: axeViolations turns it on.
        const violations = await axeViolations(page);
        process.stderr.write(`axe ${kind} (${colorScheme}): ${violations.length} violations\n`);
        expect(violations, `${path} ${colorScheme}`).toEqual([]);
        await page.close();
      }
    });
  }

  it('is readable 320 px wide: no page scrolls sideways', async () => {
    for (const path of Object.values(KINDS)) {
      const page = await open(path, { width: 320 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      await page.close();
    }
  });

  it('works offline once loaded (service worker)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}duel/trophies.html`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.reload();
    expect(await page.locator('h1').innerText()).toBe('Trophy cards');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  it('prints a clean rulebook: no navigation, search or buttons on paper', async () => {
    const page = await open('tree/rules.html');
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['nav.side', 'form.search', 'header.site', '.permalink'])
      expect(await page.locator(selector).first().isVisible(), selector).toBe(false);
    expect(await page.locator('#r-16-4-1').isVisible()).toBe(true);
    await page.close();
  });

  it('no script from content runs (a fixture with <script>, onerror and javascript:)', async () => {
    const files = await siteOf(await hostileProject(), { search: false });
    const hostile = await startServer(() => files, { port: 0, live: false });
    try {
      for (const path of ['hostile/cards.html', 'hostile/rules/intro.html']) {
        const page = await browser.newPage();
        await page.goto(hostile.url + path);
        await page
          .locator('a', { hasText: 'a link' })
          .first()
          .click({ timeout: 1000 })
          .catch(() => {});
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), path).toBeUndefined();
        await page.close();
      }
    } finally {
      await hostile.close();
    }
  });
});
