import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve } from '../../compiler/serve/serve.ts';
import { fixtureProject, swap } from '../helpers.ts';
import { axeViolations, browserAvailable, launch } from './browser.ts';

const run = browserAvailable();

/** A PNG of one pixel, for a back picture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Millimetres in CSS pixels (96 px to the inch). */
const px = (mm: number) => (mm * 96) / 25.4;

describe.runIf(run)('the print sheets under rulebook serve, in a browser', () => {
  it('links from the index to the sheets, draws real-size cards under the CSP, and reloads on a save of a card or a back', async () => {
    // The `duel` fixture with its Trophy cards printable at poker size (63×88 mm, 3 mm bleed by default), a PNG on their backs.
    const root = await fixtureProject('duel', {
      'content/duel/game.yaml': swap('    title: Trophy cards\n', '    title: Trophy cards\n    card: { size: poker, back: back.png }\n'),
    });
    await writeFile(path.join(root, 'content/duel/back.png'), PNG);
    const handle = await serve(root, { port: 0, base: '/', version: '0.0.0', color: false, log: () => {} });
    const browser = await launch();
    const settle = async () => {
      for (;;) {
        const report = await handle.nextUpdate();
        if (report.ok) return report;
      }
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
      const cards = page.locator('.card-side-face[data-card]');
      expect(await cards.count()).toBe(5);
      // The stylesheet is served and applied: each frame is the trim plus the bleed on both sides, at real size.
      const box = (await cards.first().boundingBox())!;
      expect(box.width).toBeCloseTo(px(63 + 6), 0);
      expect(box.height).toBeCloseTo(px(88 + 6), 0);
      expect(await page.locator('[data-card="the-crown-jewel"]').first().innerText()).toContain('The Crown Jewel');
      // The back picture loads (a file of serve's, not a data: address the policy would refuse), behind each card.
      const backs = page.locator('img.card-back-picture');
      expect(await backs.count()).toBe(5);
      expect(await backs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth))).toEqual([
        1, 1, 1, 1, 1,
      ]);

      // A save of a card: the open sheets reload by themselves and show it.
      const cardsFile = path.join(root, 'content/duel/trophies.yaml');
      let update = settle();
      await writeFile(cardsFile, (await readFile(cardsFile, 'utf8')).replace('- name: The Crown Jewel', '- name: The Velvet Crown'));
      await update;
      await page.waitForFunction(() => document.body.innerText.includes('The Velvet Crown'));

      // A back template (it takes the picture's place): no page of the site changes, yet the sheets reload and show it.
      expect(await page.locator('text=BACK OF THE DUEL').count()).toBe(0);
      update = settle();
      await writeFile(path.join(root, 'content/duel/templates/trophies.back.hbs'), 'BACK OF THE DUEL\n');
      expect((await update).changed).toEqual([]);
      await page.waitForFunction(() => document.body.innerText.includes('BACK OF THE DUEL'));
      expect(await page.locator('[data-card="the-lantern-race"]').count()).toBe(2);
      expect(await backs.count()).toBe(0);
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
      await handle.close();
    }
  });
});
