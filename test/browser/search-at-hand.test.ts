import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { ROOT } from '../helpers.ts';
import { fixturesSite, siteOf } from '../site/built.ts';
import { axeViolations, browserAvailable, launch, PHONE } from './browser.ts';

const run = browserAvailable();

/** The box of an element as laid out on screen. */
async function box(page: Page, selector: string): Promise<{ top: number; bottom: number; left: number; width: number; height: number }> {
  return page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, width: r.width, height: r.height };
  });
}

/** Whether the element's box lies wholly inside the viewport. */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  const b = await box(page, selector);
  const size = page.viewportSize()!;
  return b.height > 0 && b.top >= 0 && b.bottom <= size.height && b.left >= 0;
}

/**
 * Search at hand (#22): on the bundled Root rules page (over 20,000 px tall at
 * 390 px) the header, its search box and the Menu button scrolled away; the
 * Search button was 57×21 px. The header now sticks; on a phone its names'
 * row scrolls away and the bar (Menu, box, button) stays, every target at
 * least 24 px; an anchored heading lands below the bar; `/` still focuses the
 * box on a keyboard.
 */
describe.runIf(run)('search at hand on long pages and phones', () => {
  let browser: Browser;
  let bundled: SiteServer;
  let fixtures: SiteServer;

  beforeAll(async () => {
    const [a, b] = await Promise.all([fixturesSite(), siteOf(ROOT, { search: false })]);
    fixtures = await startServer(() => a, { port: 0, live: false });
    bundled = await startServer(() => b, { port: 0, live: false });
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
    await bundled?.close();
  });

  const phone = () => browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const desktop = () => browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });

  it('at 390 px, scrolled to the bottom of the Root rules page, the search box, its button and Menu are on screen, 24 px and more, and a tap focuses the box', async () => {
    const page = await phone();
    await page.goto(`${bundled.url}root/rules.html`);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(10 * PHONE.height);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 1000);
    for (const selector of ['#search-q', 'form.search button[type="submit"]', 'button.menu']) {
      expect(await onScreen(page, selector), selector).toBe(true);
      const b = await box(page, selector);
      expect(b.width, selector).toBeGreaterThanOrEqual(24);
      expect(b.height, selector).toBeGreaterThanOrEqual(24);
    }
    // The names' row scrolled away: the stuck bar is one row, not the whole header.
    expect(await onScreen(page, 'header.site .brand')).toBe(false);
    const bar = await box(page, 'header.site');
    expect(bar.bottom).toBeLessThanOrEqual(80);
    await page.locator('#search-q').tap();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q');
    // The Menu opens where the reader is: its links start under the bar, on screen.
    await page.locator('button.menu').tap();
    const first = await box(page, '#side-nav a');
    expect(first.top).toBeGreaterThanOrEqual(bar.bottom - 1);
    expect(first.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(await axeViolations(page, 'header.site')).toEqual([]);
    await page.close();
  });

  it('at 390 px, a rule followed by its anchor lands below the stuck bar, not under it', async () => {
    const page = await phone();
    await page.goto(`${bundled.url}root/rules.html`);
    const id = await page.$$eval('main h3[id]', (hs) => hs[Math.floor(hs.length / 2)]!.id);
    await page.goto(`${bundled.url}root/rules.html#${id}`);
    await page.waitForFunction(() => window.scrollY > 0);
    const heading = await box(page, `[id="${id}"]`);
    const bar = await box(page, 'header.site');
    expect(heading.top).toBeGreaterThanOrEqual(bar.bottom);
    expect(heading.top).toBeLessThan(bar.bottom + 60);
    await page.close();
  });

  it('at 1280 px the header stays too, one row, its targets 24 px and more, and `/` focuses the box however far down', async () => {
    const page = await desktop();
    await page.goto(`${bundled.url}root/rules.html`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForFunction(() => window.scrollY > 1000);
    const scrolled = await page.evaluate(() => window.scrollY);
    for (const selector of ['#search-q', 'form.search button[type="submit"]', 'header.site .brand']) {
      expect(await onScreen(page, selector), selector).toBe(true);
      const b = await box(page, selector);
      expect(b.height, selector).toBeGreaterThanOrEqual(24);
    }
    expect((await box(page, 'header.site')).height).toBeLessThanOrEqual(64);
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-q');
    // Focusing the box in view does not move the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await axeViolations(page, 'header.site')).toEqual([]);
    await page.close();
  });

  it('the header passes axe (target-size on) on a fixture page at both widths, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const)
      for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
        const page = await browser.newPage({ viewport, colorScheme, isMobile: viewport.width < 500, hasTouch: viewport.width < 500, serviceWorkers: 'block' });
        await page.goto(`${fixtures.url}duel/trophies.html`);
        expect(await axeViolations(page, 'header.site'), `${colorScheme} ${viewport.width}`).toEqual([]);
        await page.close();
      }
  });
});
