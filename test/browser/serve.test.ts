import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve } from '../../compiler/serve/serve.ts';
import { makeProject } from '../helpers.ts';
import { browserAvailable, launch } from './browser.ts';

const run = browserAvailable();

describe.runIf(run)('rulebook serve', () => {
  it('rebuilds on save and reloads the page; an error shows over the last good page until fixed', async () => {
    const root = await makeProject({}, { copyContent: ['cangaco'] });
    const log: string[] = [];
    const handle = await serve(root, { port: 0, base: '/', version: '0.0.0', color: false, log: (l) => log.push(l) });
    const browser = await launch();
    // A write may show as two events (truncate, then the bytes); wait for the update that sees the whole file.
    const settle = async (ok: boolean) => {
      for (;;) {
        const report = await handle.nextUpdate();
        if (report.ok === ok) return report;
      }
    };
    try {
      expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await browser.newPage();
      await page.goto(`${handle.url}cangaco/cards.html`);
      await page.waitForFunction(() => document.querySelector('script[src="/__rulebook/live.js"]') !== null);
      const cards = path.join(root, 'content/cangaco/cards.yaml');
      const original = await readFile(cards, 'utf8');
      expect(original).toContain('This card has special rules');

      // A save: the page reloads by itself and shows the new text, and the file on disk changed.
      let update = settle(true);
      await writeFile(cards, original.replace('This card has special rules', 'This card has VERY special rules'));
      expect((await update).changed).toContain('cangaco/cards.html');
      await page.waitForFunction(() => document.body.innerText.includes('This card has VERY special rules'));
      expect(await readFile(path.join(root, 'docs-site/dist/cangaco/cards.html'), 'utf8')).toContain('VERY special rules');

      // A broken save: the overlay names the file and line; the page keeps the last good content.
      update = settle(false);
      await writeFile(cards, original.replace('structure: single', 'structure: singel'));
      expect((await update).ok).toBe(false);
      const overlay = page.locator('.rb-overlay');
      await overlay.waitFor();
      expect(await overlay.innerText()).toMatch(/content\/cangaco\/cards\.yaml:\d+:\d+: error/);
      expect(await page.locator('main').innerText()).toContain('VERY special rules');
      expect(log.join('\n')).toMatch(/cards\.yaml: errors; the last good site stays up/);

      // Fixed: the overlay goes and the page shows the fixed content.
      update = settle(true);
      await writeFile(cards, original);
      expect((await update).ok).toBe(true);
      await page.waitForFunction(() => !document.body.innerText.includes('VERY special rules') && document.querySelector('.rb-overlay') === null);
      await handle.live.settled();
      expect(log.join('\n')).toMatch(/search index \d+ ms; generated\/ \d+ ms/);
    } finally {
      await browser.close();
      await handle.close();
    }
  });
});
