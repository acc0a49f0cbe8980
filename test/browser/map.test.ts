import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { fixturesSite, pagesOf } from '../site/built.ts';
import { AXE_SOURCE, browserAvailable, launch, PHONE } from './browser.ts';

const AXE = AXE_SOURCE;
const run = browserAvailable();

// The fixture games' site (test/site/built.ts); the map is the `board` fixture's (two maps, one a draft).
describe.runIf(run)('the map and touch targets on a phone (390 px)', () => {
  let browser: Browser;
  let server: SiteServer;
  let pages: string[];

  beforeAll(async () => {
    const files = await fixturesSite();
    pages = pagesOf(files).map(([p]) => p);
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await page.goto(server.url + path);
    return page;
  }

  it('zooms the map from the keyboard and pans it in its frame, without the page scrolling sideways', async () => {
    const page = await open('board/maps.html');
    const frame = page.locator('.map-scroll').first();
    const zoomIn = page.locator('button.map-zoom[data-zoom="in"]').first();
    const zoomOut = page.locator('button.map-zoom[data-zoom="out"]').first();
    expect(await zoomIn.isVisible()).toBe(true);
    expect(await zoomOut.isDisabled()).toBe(true);
    const box = (await zoomIn.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    const widthBefore = (await page.locator('svg.map').first().boundingBox())!.width;

    await zoomIn.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await frame.getAttribute('data-zoom')).toBe('2');
    expect(await zoomOut.isEnabled()).toBe(true);
    const widthAfter = (await page.locator('svg.map').first().boundingBox())!.width;
    expect(widthAfter).toBeGreaterThan(widthBefore * 1.9);
    // The frame scrolls, the page does not.
    const sizes = await frame.evaluate((f) => ({ scroll: f.scrollWidth, client: f.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The frame takes focus: arrow keys move around the drawing, + and - zoom.
    await frame.focus();
    const left = await frame.evaluate((f) => f.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((before) => (document.querySelector('.map-scroll') as HTMLElement).scrollLeft > before, left);
    await page.keyboard.press('+');
    expect(await frame.getAttribute('data-zoom')).toBe('3');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    expect(await frame.getAttribute('data-zoom')).toBe('1');
    expect(await zoomOut.isDisabled()).toBe(true);
    await page.close();
  });

  it('draws every name clear of every space and of the other names, as the browser lays the text out', async () => {
    const page = await open('board/maps.html');
    const problems = await page.evaluate(() => {
      const out: string[] = [];
      for (const svg of document.querySelectorAll('svg.map')) {
        const circles = [...svg.querySelectorAll('circle.space')].map((c) => ({
          x: Number(c.getAttribute('cx')),
          y: Number(c.getAttribute('cy')),
          r: Number(c.getAttribute('r')),
        }));
        const labels = [...svg.querySelectorAll<SVGTextElement>('text.label')].map((t) => ({ text: t.textContent, b: t.getBBox() }));
        if (labels.length !== circles.length || labels.length === 0) out.push(`${labels.length} names for ${circles.length} spaces`);
        for (const { text, b } of labels) {
          for (const c of circles) {
            const nx = Math.max(b.x, Math.min(c.x, b.x + b.width));
            const ny = Math.max(b.y, Math.min(c.y, b.y + b.height));
            if (Math.hypot(c.x - nx, c.y - ny) < c.r) out.push(`${text} over the space at ${c.x},${c.y}`);
          }
          for (const o of labels)
            if (o.b !== b && b.x < o.b.x + o.b.width && o.b.x < b.x + b.width && b.y < o.b.y + o.b.height && o.b.y < b.y + b.height)
              out.push(`${text} over ${o.text}`);
        }
      }
      return out;
    });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('axe target-size (24 by 24 px) passes on every page of the site at phone width', async () => {
    expect(pages.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const path of pages) {
      const page = await open(path);
      await page.evaluate(AXE);
      const result = await page.evaluate(() =>
        (
          window as unknown as {
            axe: { run: (c: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }>; passes: unknown[] }> };
          }
        ).axe.run(document, { runOnly: { type: 'rule', values: ['target-size'] } }),
      );
      for (const v of result.violations)
        failures.push(
          `${path}: ${v.nodes
            .slice(0, 3)
            .map((n) => JSON.stringify(n.target))
            .join(' ')}`,
        );
      await page.close();
    }
    process.stderr.write(`axe target-size at ${PHONE.width} px: ${pages.length} pages, ${failures.length} with violations\n`);
    expect(failures).toEqual([]);
  });
});
