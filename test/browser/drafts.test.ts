import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteServer } from '../../compiler/serve/server.ts';
import { browserAvailable, PHONE, siteInBrowser } from './browser.ts';

const run = browserAvailable();

// A drafted value's note on a phone (no hover): the "draft" button opens it with a tap and closes it with another;
// the keyboard does the same; a mouse's hover shows it as the button's tooltip. The fixture: duel's Crown Jewel,
// whose picture is a draft (test/fixtures/games/duel/content/duel/trophies.yaml).
describe.runIf(run)('a drafted value, tapped', () => {
  let browser: Browser;
  let server: SiteServer;

  beforeAll(async () => {
    ({ browser, server } = await siteInBrowser());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens its note on a tap, closes it on another, and the keyboard does the same', async () => {
    const page = await browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await page.goto(`${server.url}duel/trophies.html`);
    const mark = page.locator('article[aria-labelledby="the-crown-jewel"] button.draft-mark');
    const note = page.locator(`#${await mark.getAttribute('aria-controls')}`);
    expect(await mark.textContent()).toBe('draft');
    expect(await mark.getAttribute('title')).toBe("The test rules do not describe this card's picture.");
    expect(await note.isVisible()).toBe(false);
    // Big enough for a finger (WCAG 2.5.8).
    const box = (await mark.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);

    await mark.tap();
    expect(await mark.getAttribute('aria-expanded')).toBe('true');
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toBe("The test rules do not describe this card's picture.");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await mark.tap();
    expect(await mark.getAttribute('aria-expanded')).toBe('false');
    expect(await note.isVisible()).toBe(false);

    await mark.focus();
    await page.keyboard.press('Enter');
    expect(await note.isVisible()).toBe(true);
    await page.keyboard.press('Space');
    expect(await note.isVisible()).toBe(false);
    await page.close();
  });
});
