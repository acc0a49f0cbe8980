import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteServer } from '../../compiler/serve/server.ts';
import { axeViolations, browserAvailable, PHONE, siteInBrowser } from './browser.ts';

const run = browserAvailable();

// The fixture games' site (test/site/built.ts) on a phone: a 390 px touch screen, as Chromium emulates one.
describe.runIf(run)('the site on a phone', () => {
  let browser: Browser;
  let server: SiteServer;
  let phone: BrowserContext;

  beforeAll(async () => {
    ({ browser, server } = await siteInBrowser());
    phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: 'light' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await phone.newPage();
    await page.goto(server.url + path);
    return page;
  }

  /** Whether the element's box lies (at least partly) inside the first screen. */
  const onFirstScreen = async (page: Page, selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return !!box && box.y >= 0 && box.y < PHONE.height && box.height > 0;
  };

  for (const path of ['tree/rules.html', 'duel/trophies.html']) {
    it(`${path}: the navigation is one tap on the Menu button away, and a second tap folds it`, async () => {
      const page = await open(path);
      const menu = page.locator('button.menu');
      expect(await menu.isVisible()).toBe(true);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#side-nav').isVisible()).toBe(false);
      await menu.tap();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      // The current page's link, among the others, is on the first screen: no scrolling past the page.
      expect(await onFirstScreen(page, '#side-nav a[aria-current="page"]')).toBe(true);
      const box = await menu.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
      await menu.tap();
      expect(await page.locator('#side-nav').isVisible()).toBe(false);
      await page.close();
    });
  }

  it("a card's face is as tall as what it shows: no empty space under a short card's text", async () => {
    const page = await open('duel/trophies.html');
    // The space a face has beyond what it shows: its height, less its height were nothing to hold it taller.
    const spare = await page.$$eval('.face', (faces) =>
      faces.map((face) => {
        const drawn = face.getBoundingClientRect().height;
        (face as HTMLElement).style.minHeight = '0px';
        return drawn - face.getBoundingClientRect().height;
      }),
    );
    expect(spare.length).toBeGreaterThan(0);
    for (const px of spare) expect(px).toBeLessThan(1);
    await page.close();
  });

  it('Escape folds the open menu and gives focus back to its button', async () => {
    const page = await open('tree/rules.html');
    await page.locator('button.menu').tap();
    await page.locator('#side-nav a').first().focus();
    await page.keyboard.press('Escape');
    expect(await page.locator('#side-nav').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('menu');
    await page.close();
  });

  it('no "Press / to search" on a touch screen, neither shown nor announced', async () => {
    const page = await open('duel/index.html');
    expect(await page.locator('#search-hint').count()).toBe(0);
    expect((await page.locator('#search-q').getAttribute('aria-describedby')) ?? '').not.toContain('search-hint');
    await page.close();
  });

  it('axe finds no violations on a phone with the menu open (target-size on)', async () => {
    const page = await open('tree/rules.html');
    await page.locator('button.menu').tap();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('the 404 page, served at a missing address, is styled and passes axe in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, colorScheme });
      const page = await context.newPage();
      await page.goto(server.url + '404.html');
      // Its stylesheet loaded (absolute from the base): the skip link is moved off screen by style.css.
      expect((await page.locator('a.skip').boundingBox())!.x).toBeLessThan(0);
      expect(await axeViolations(page), colorScheme).toEqual([]);
      await context.close();
    }
  });

  it('on a wide screen there is no Menu button and the navigation shows as it is', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url + 'tree/rules.html');
    expect(await page.locator('button.menu').isVisible()).toBe(false);
    expect(await page.locator('#side-nav').isVisible()).toBe(true);
    expect(await page.locator('#search-hint').isVisible()).toBe(true);
    // The favicon every page links is the site's own SVG file.
    const icon = await page.evaluate(async () => {
      const response = await fetch((document.querySelector('link[rel="icon"]') as HTMLLinkElement).href);
      return [response.status, response.headers.get('content-type')];
    });
    expect(icon).toEqual([200, 'image/svg+xml']);
    await page.close();
  });

  for (const c of [
    { path: 'tree/rules.html#16.5.1', hash: '#r-16-5-1' },
    { path: 'tree/glossary.html#16.6.1', hash: '#ruina' },
  ]) {
    it(`${c.path}, a rule by its number, opens at that rule (${c.hash})`, async () => {
      const page = await open(c.path);
      await page.waitForFunction((h) => location.hash === h, c.hash);
      expect(await onFirstScreen(page, `[id="${c.hash.slice(1)}"]`)).toBe(true);
      expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe(c.hash.slice(1));
      await page.close();
    });
  }
});
