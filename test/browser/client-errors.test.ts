import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { siteOf, syntheticProject } from '../site/built.ts';
import { browserAvailable, launch } from './browser.ts';

const run = browserAvailable();

// The client scripts (docs-site/site.js, filters.js) given what a server or an address can hand them that they do
// not expect: the reader gets a page that works, or a message in words, and no script error or unhandled rejection.
// The synthetic game at 300 cards: its cards split over two pages, with filters.
describe.runIf(run)('client scripts meet bad input', () => {
  let browser: Browser;
  let server: SiteServer;
  const errors: string[] = [];

  beforeAll(async () => {
    const files = await siteOf(await syntheticProject(300), { search: false });
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  }, 120_000);
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

  it('an address whose fragment is a malformed escape neither throws (rules by number) nor rejects (an entry on another page)', async () => {
    // decodeURIComponent throws on "%E0%A4%A": site.js (rule numbers) and filters.js (entries) both read the fragment.
    const page = await open('synth/cards.html#%E0%A4%A');
    // The filters show once filters.js has run, after the fragment was read.
    await expect(page.locator('form.entry-filters').isVisible()).resolves.toBe(true);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(page.url()).toContain('cards.html#%E0%A4%A');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an entry list not shaped as the filters read it: the reader is told in words, and nothing is left unhandled', async () => {
    const page = await open('synth/cards.html');
    await page.route('**/cards.entries.json', (route) => route.fulfill({ contentType: 'application/json', body: '{"pages": 1}' }));
    const kind = page.getByLabel('Kind', { exact: true });
    await kind.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('.filter-count')?.textContent === 'The list of entries could not load.');
    expect(errors).toEqual([]);
    await page.close();
  });
});
