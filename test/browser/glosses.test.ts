import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { ROOT } from '../helpers.ts';
import { siteOf } from '../site/built.ts';
import { axeViolations, browserAvailable, launch } from './browser.ts';

// Issue #22: "ambush" did not find the Tocaia event, and nothing told an English reader what Tocaia means. The
// bundled Cangaceiros glosses its Portuguese names (content/cangaceiros/events.yaml `gloss:`), so this is a content
// test of that game: the gloss is in the heading Pagefind indexes, and the result names the event with its gloss,
// only the Portuguese name marked as Portuguese.
describe.runIf(browserAvailable())('a gloss in the browser', () => {
  let browser: Browser;
  let server: SiteServer;
  beforeAll(async () => {
    const files = await siteOf(ROOT);
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('searching "ambush" finds Tocaia first, titled with its gloss, the name alone marked Portuguese', async () => {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}cangaceiros/index.html`);
    await page.keyboard.press('/');
    await page.keyboard.type('ambush');
    await page.waitForFunction(() => document.querySelector('#search-results .count')?.textContent?.includes('ambush'));
    const results = await page.$$eval('#search-results li', (lis) =>
      lis.map((li) => {
        const title = li.querySelector('.r-title')!;
        return {
          href: li.querySelector('a')?.getAttribute('href'),
          title: title.textContent,
          titleLang: title.getAttribute('lang'),
          marked: [...title.querySelectorAll('[lang]')].map((s) => `${s.getAttribute('lang')}:${s.textContent}`),
        };
      }),
    );
    // Both games' Tocaia (the Cangaceiros event, the Cangaço card kind) come first, each titled with its gloss.
    const tocaia = (href: string) => ({ href, title: 'Tocaia (Ambush)', titleLang: null, marked: ['pt-BR:Tocaia'] });
    expect(results.slice(0, 2)).toEqual(expect.arrayContaining([tocaia('../cangaceiros/events.html#tocaia'), tocaia('../cangaco/cards.html#tocaia')]));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the events page shows the gloss beside the name and says whose it is, with no axe violation', async () => {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    await page.goto(`${server.url}cangaceiros/events.html`);
    const heading = page.locator('h2#tocaia');
    expect(await heading.innerText()).toBe('Tocaia (Ambush)');
    expect(await heading.locator('[lang="pt-BR"]').innerText()).toBe('Tocaia');
    expect(await page.locator('.glosses-note').innerText()).toContain("this edition's gloss, not printed in the rulebook");
    // Drawn lighter and smaller than the name, on the same line.
    const [name, gloss] = await Promise.all(
      ['h2#tocaia [lang]', 'h2#tocaia .gloss'].map((s) =>
        page.locator(s).evaluate((el) => ({ size: parseFloat(getComputedStyle(el).fontSize), top: el.getBoundingClientRect().top })),
      ),
    );
    expect(gloss!.size).toBeLessThan(name!.size);
    expect(Math.abs(gloss!.top - name!.top)).toBeLessThan(name!.size);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
