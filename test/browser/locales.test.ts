import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteServer } from '../../compiler/serve/server.ts';
import { axeViolations, browserAvailable, siteInBrowser } from './browser.ts';

const run = browserAvailable();

// A game's pages in its second locale (test/fixtures/games/duo: English and pt-BR), as a reader meets them:
// found by the search from the home page (Pagefind indexes them in the pt-BR bundle, merged into every page's
// search), reached from the English page by its language link, and accessible.
describe.runIf(run)('a game in two locales, in the browser', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    ({ browser, server } = await siteInBrowser());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(where: string): Promise<Page> {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    await page.goto(server.url + where);
    return page;
  }

  it('"farinha" from the (English) home page finds the Portuguese page of the card that scores flour', async () => {
    const page = await open('index.html');
    await page.keyboard.press('/');
    await page.keyboard.type('farinha');
    await page.waitForFunction(() => document.querySelector('#search-results .count')?.textContent?.includes('farinha'));
    const results = await page.$$eval('#search-results li', (lis) =>
      lis.map((li) => ({
        title: li.querySelector('.r-title')?.textContent ?? '',
        href: li.querySelector('a')?.getAttribute('href') ?? '',
        lang: li.getAttribute('lang'),
      })),
    );
    expect(results[0]).toMatchObject({ title: 'Mill Wheel', href: 'duo/pt-BR/harvests.html#mill-wheel', lang: 'pt-BR' });
    await page.close();
  });

  it("a result titled by a name in another language than its page's carries that language", async () => {
    const page = await open('duo/index.html');
    await page.keyboard.press('/');
    await page.keyboard.type('ze moleque');
    await page.waitForFunction(() => document.querySelector('#search-results .count')?.textContent?.includes('ze moleque'));
    const first = page.locator('#search-results li').first();
    expect(await first.locator('a').getAttribute('href')).toBe('../duo/chiefs.html#ze-moleque');
    // The page is English (no lang on the item); the chief's name is Portuguese (`nameLang`).
    expect(await first.getAttribute('lang')).toBeNull();
    expect(await first.locator('.r-title').getAttribute('lang')).toBe('pt-BR');
    await page.close();
  });

  it('the language link leads from the English page to the same page in Portuguese, which says it is a translation', async () => {
    const page = await open('duo/harvests.html');
    await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Português (Brasil)' }).click();
    await page.waitForURL(/\/duo\/pt-BR\/harvests\.html$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await expect(page.locator('.translation-note').isVisible()).resolves.toBe(true);
    expect(await page.locator('h2#mill-wheel span[lang="en"]').textContent()).toBe('Mill Wheel');
    // Salt Pan's text is not translated: shown in English, and a reader sees the note that says so, in Portuguese.
    const note = page.locator('article[aria-labelledby="salt-pan"] .untranslated');
    await expect(note.first().isVisible()).resolves.toBe(true);
    expect(await note.first().textContent()).toBe('(em inglês: ainda não traduzido)');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
