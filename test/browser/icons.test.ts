import { describe, expect, it } from 'vitest';
import { startServer } from '../../compiler/serve/server.ts';
import { treeWithHostileIcon } from '../site/icon-fixture.ts';
import { siteOf } from '../site/built.ts';
import { browserAvailable, launch } from './browser.ts';

const run = browserAvailable();

// The `tree` fixture with a hostile icon picture (test/site/icon-fixture.ts): script, onload and onclick
// handlers, a javascript: link, and <image>, <use>, url() paints and an <iframe> pointing at another host.
describe.runIf(run)('icon pictures in a browser', () => {
  it('a hostile SVG runs nothing and loads nothing; pictures are drawn at the size of the text', async () => {
    const files = await siteOf(await treeWithHostileIcon(), { search: false });
    const server = await startServer(() => files, { port: 0, live: false });
    const browser = await launch();
    try {
      for (const path of ['tree/icons.html', 'tree/rules.html']) {
        const page = await browser.newPage();
        const outside: string[] = [];
        page.on('request', (r) => {
          if (!r.url().startsWith(server.url)) outside.push(r.url());
        });
        await page.goto(server.url + path);
        const perigo = page.locator('svg[aria-label="Perigo"]').first();
        await perigo.click({ timeout: 2000 });
        await page.locator('svg[aria-label="Perigo"] rect').first().click({ timeout: 2000, force: true });
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), path).toBeUndefined();
        expect(outside, path).toEqual([]);
        // Drawn, named for screen readers, and as tall as the text around it (1.25em), not the file's own size.
        const box = await perigo.boundingBox();
        const fontSize = await perigo.evaluate((el) => parseFloat(getComputedStyle(el.parentElement!).fontSize));
        expect(box, path).not.toBeNull();
        if (path === 'tree/rules.html') expect(Math.abs(box!.height - 1.25 * fontSize), path).toBeLessThan(1);
        else expect(box!.height, path).toBeGreaterThan(2 * fontSize);
        expect(await perigo.getAttribute('role')).toBe('img');
        await page.close();
      }
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
