import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { browserAvailable, launch } from '../browser/browser.ts';
import { ROOT } from '../helpers.ts';
import { siteOf } from '../site/built.ts';

const run = browserAvailable();

// The queries issue 9 names, on the bundled games (built in memory from content/, nothing written): they hold
// what the three rulebooks print (Root's Governar, the Cordel card José Tatu, rule 16.6.5, the chief Lampião),
// so a designer's rename may break them; test/browser/search.test.ts holds the search itself to the fixtures.
describe.runIf(run)('searching the bundled games', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    const files = await siteOf(ROOT);
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function search(where: string, query: string): Promise<Page> {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    await page.goto(server.url + where);
    await page.keyboard.press('/');
    await page.keyboard.type(query);
    await page.waitForFunction((q) => document.querySelector('#search-results .count')?.textContent?.includes(q), query);
    return page;
  }
  const first = (page: Page) => page.$eval('#search-results li', (li) => ({ title: li.querySelector('.r-title')?.textContent, href: li.querySelector('a')?.getAttribute('href') }));

  it('"governar" from an English page finds Root\'s Governar first', async () => {
    const page = await search('cangaceiros/index.html', 'governar');
    expect(await first(page)).toMatchObject({ title: expect.stringMatching(/Governar\.?$/), href: expect.stringMatching(/^\.\.\/root\//) });
    await page.close();
  });

  it('"jose tatu" from Root\'s Portuguese rules finds the Cordel card', async () => {
    const page = await search('root/rules.html', 'jose tatu');
    expect(await first(page)).toMatchObject({ title: expect.stringContaining('José Tatu'), href: expect.stringMatching(/^\.\.\/cangaco\/cordel\.html#/) });
    await page.close();
  });

  it('"16.6.5" from the home page finds that rule first', async () => {
    const page = await search('index.html', '16.6.5');
    expect(await first(page)).toMatchObject({ title: expect.stringMatching(/^16\.6\.5 /), href: expect.stringMatching(/^root\//) });
    await page.close();
  });

  it('"lampeao" offers Lampião, in the page\'s language', async () => {
    const page = await search('root/rules.html', 'lampeao');
    expect(await page.locator('#search-status').textContent()).toBe('Nenhum resultado para “lampeao”. Você quis dizer Lampião?');
    await page.close();
  });
});
