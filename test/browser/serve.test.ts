import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve } from '../../compiler/serve/serve.ts';
import { fixtureProject } from '../helpers.ts';
import { browserAvailable, launch } from './browser.ts';

const run = browserAvailable();

describe.runIf(run)('rulebook serve', () => {
  it('rebuilds on save and reloads the page; an error shows over the last good page until fixed', async () => {
    // The `duel` fixture game (test/fixtures/games/duel), never a bundled game.
    const root = await fixtureProject('duel');
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
    /** The titles a reader's query finds, from a fresh page (no service worker: every file comes from serve). */
    const searchTitles = async (query: string, from = 'index.html'): Promise<string[]> => {
      const reader = await browser.newPage({ serviceWorkers: 'block' });
      try {
        await reader.goto(`${handle.url}${from}`);
        await reader.keyboard.press('/');
        await reader.keyboard.type(query);
        await reader.waitForFunction((q) => document.querySelector('#search-results .count')?.textContent?.includes(q), query);
        return await reader.$$eval('#search-results li .r-title', (ts) => ts.map((t) => t.textContent ?? ''));
      } finally {
        await reader.close();
      }
    };
    try {
      expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await browser.newPage();
      await page.goto(`${handle.url}duel/trophies.html`);
      await page.waitForFunction(() => document.querySelector('script[src="/__rulebook/live.js"]') !== null);
      const trophies = path.join(root, 'content/duel/trophies.yaml');
      const original = await readFile(trophies, 'utf8');
      expect(original).toContain('A crown on a cushion.');

      // A save: the page reloads by itself and shows the new text, and the file on disk changed.
      let update = settle(true);
      await writeFile(trophies, original.replace('A crown on a cushion.', 'A crown on a VELVET cushion.'));
      expect((await update).changed).toContain('duel/trophies.html');
      await page.waitForFunction(() => document.body.innerText.includes('A crown on a VELVET cushion.'));
      expect(await readFile(path.join(root, 'docs-site/dist/duel/trophies.html'), 'utf8')).toContain('VELVET cushion');
      // Once the background work is done, search finds the saved text (serve re-indexed the changed pages only).
      await handle.live.settled();
      expect(await searchTitles('velvet')).toContainEqual(expect.stringContaining('Crown'));
      // And a field query, answered from the field-query data serve makes after the pages (live-site.ts).
      expect(await searchTitles('picture:velvet', 'duel/index.html')).toEqual(['The Crown Jewel']);

      // A broken save: the overlay names the file and line; the page keeps the last good content.
      update = settle(false);
      await writeFile(trophies, original.replace('ties: share-place', 'ties: share-plaec'));
      expect((await update).ok).toBe(false);
      const overlay = page.locator('.rb-overlay');
      await overlay.waitFor();
      expect(await overlay.innerText()).toMatch(/content\/duel\/trophies\.yaml:\d+:\d+: error/);
      expect(await page.locator('main').innerText()).toContain('VELVET cushion');
      expect(log.join('\n')).toMatch(/trophies\.yaml: errors; the last good site stays up/);

      // Fixed: the overlay goes and the page shows the fixed content.
      update = settle(true);
      await writeFile(trophies, original);
      expect((await update).ok).toBe(true);
      await page.waitForFunction(() => !document.body.innerText.includes('VELVET cushion') && document.querySelector('.rb-overlay') === null);
      await handle.live.settled();
      expect(log.join('\n')).toMatch(/generated\/ \d+ ms \((?:\d+ files? changed|unchanged)\); search index \d+ ms \(\d+ pages? indexed\)/);
    } finally {
      await browser.close();
      await handle.close();
    }
  });
});
