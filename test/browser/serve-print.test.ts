import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve } from '../../compiler/serve/serve.ts';
import { fixtureProject, swap } from '../helpers.ts';
import { axeViolations, browserAvailable, launch } from './browser.ts';

const run = browserAvailable();

/** Millimetres in CSS pixels (96 px to the inch). */
const px = (mm: number) => (mm * 96) / 25.4;

describe.runIf(run)('the print sheets under rulebook serve, in a browser', () => {
  it('links from the index to the sheets, draws real-size cards under the CSP, and reloads on a save of a card or a back', async () => {
    // The `duel` fixture with its Trophy cards printable at poker size (63×88 mm, 3 mm bleed by default).
    const root = await fixtureProject('duel', {
      'content/duel/game.yaml': swap('    title: Trophy cards\n', '    title: Trophy cards\n    card: { size: poker }\n'),
    });
    const handle = await serve(root, { port: 0, base: '/', version: '0.0.0', color: false, log: () => {} });
    const browser = await launch();
    const settle = async () => {
      for (;;) if ((await handle.nextUpdate()).ok) return;
    };
    try {
      const page = await browser.newPage();
      // Anything the Content-Security-Policy refuses (an inline style or script, a data: picture) is a console error;
      // a file the page links and serve does not have (its stylesheet) is a failed response. (The browser's own ask
      // for /favicon.ico, which the print HTML need not link, is neither.)
      const refused: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Refused|Content Security Policy/i.test(m.text())) refused.push(m.text());
      });
      page.on('response', (r) => {
        if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(`${handle.url}duel/print/`);
      expect(await page.locator('h1').innerText()).toBe('Print and play');
      expect(await axeViolations(page)).toEqual([]);

      await Promise.all([page.waitForURL(/\/duel\/print\/trophies\.html$/), page.locator('main a', { hasText: 'Trophy cards' }).click()]);
      await page.waitForFunction(() => document.querySelector('script[src="/__rulebook/live.js"]') !== null);
      const cards = page.locator('[data-card]');
      expect(await cards.count()).toBe(5);
      // The stylesheet is served and applied: each frame is the trim plus the bleed on both sides, at real size.
      const box = (await cards.first().boundingBox())!;
      expect(box.width).toBeCloseTo(px(63 + 6), 0);
      expect(box.height).toBeCloseTo(px(88 + 6), 0);
      expect(await page.locator('[data-card="the-crown-jewel"]').first().innerText()).toContain('The Crown Jewel');

      // A save of a card: the open sheets reload by themselves and show it.
      const cardsFile = path.join(root, 'content/duel/trophies.yaml');
      let update = settle();
      await writeFile(cardsFile, (await readFile(cardsFile, 'utf8')).replace('- name: The Crown Jewel', '- name: The Velvet Crown'));
      await update;
      await page.waitForFunction(() => document.body.innerText.includes('The Velvet Crown'));

      // A back template: no page of the site changes, yet the sheets reload and now have backs.
      expect(await page.locator('text=BACK OF THE DUEL').count()).toBe(0);
      update = settle();
      await writeFile(path.join(root, 'content/duel/templates/trophies.back.hbs'), 'BACK OF THE DUEL\n');
      await update;
      await page.waitForFunction(() => document.body.innerText.includes('BACK OF THE DUEL'));
      expect(await page.locator('[data-card="the-lantern-race"]').count()).toBe(2);
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
      await handle.close();
    }
  });
});
