import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { fixtureProject } from '../helpers.ts';
import { siteOf } from '../site/built.ts';
import { browserAvailable, launch } from './browser.ts';

const run = browserAvailable();

// A page's old address (before pages were named by slugs) in a real browser: the reader lands on the new page, on the entry the link named.
describe.runIf(run)('an old page address in a browser', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    // The duel fixture with its collection renamed to camelCase: its page moves from trophyCards.html to trophy-cards.html.
    const root = await fixtureProject('duel', {
      'content/duel/game.yaml': (t) => t.replace('collection: trophies', 'collection: trophyCards').replace('  trophies:\n', '  trophyCards:\n'),
    });
    const files = await siteOf(root, { search: false });
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends the reader to the new address, keeping the entry the link named', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}duel/trophyCards.html#the-lantern-race`);
    await page.waitForURL(/trophy-cards\.html/);
    expect(page.url()).toBe(`${server.url}duel/trophy-cards.html#the-lantern-race`);
    expect(await page.locator('h1').innerText()).toBe('Trophy cards');
    expect(await page.locator('#the-lantern-race').count()).toBe(1);
    await page.close();
  });

  it('without JavaScript, the refresh still takes the reader to the new page (not to the entry)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}duel/trophyCards.html#the-lantern-race`);
    await page.waitForURL(/trophy-cards\.html/);
    // The refresh alone drops the entry (moved.js is what keeps it), but the page is the right one.
    expect(page.url()).toBe(`${server.url}duel/trophy-cards.html`);
    expect(await page.locator('h1').innerText()).toBe('Trophy cards');
    await context.close();
  });
});
