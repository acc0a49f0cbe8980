import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { ROOT } from '../helpers.ts';
import { fixturesSite, siteOf } from '../site/built.ts';
import { browserAvailable, launch, PHONE } from './browser.ts';

const run = browserAvailable();

/** What a reader sees of each drawn map on a page, as the browser lays it out: every name's box, its size on screen, and the draft mark's box. */
interface MapSeen {
  names: Array<{ text: string; box: { left: number; top: number; right: number; bottom: number }; fontPx: number }>;
  stamp?: { left: number; top: number; right: number; bottom: number };
}

/** Two boxes share any point once each is grown by `gap` px: names closer than that read as one line. */
const near = (a: MapSeen['names'][0]['box'], b: MapSeen['names'][0]['box'], gap: number) =>
  a.left - gap < b.right && b.left - gap < a.right && a.top - gap < b.bottom && b.top - gap < a.bottom;

/**
 * The map on a phone (issue #19): at 390 px, at the zoom the map opens with,
 * every name is at least 12 px tall, no two names touch or stack, and the
 * draft mark covers none. Measured with getBoundingClientRect, as laid out,
 * on the fixture maps (board: two maps, one a draft) and on the bundled
 * Cangaceiros board, where "Cabrobó" sat on "Raso da Catarina" and the mark
 * lay over five names.
 */
describe.runIf(run)('the map at phone width (390 px), as it opens', () => {
  let browser: Browser;
  const servers: SiteServer[] = [];
  let fixtures: SiteServer;
  let bundled: SiteServer;

  beforeAll(async () => {
    const [a, b] = await Promise.all([fixturesSite(), siteOf(ROOT, { search: false })]);
    fixtures = await startServer(() => a, { port: 0, live: false });
    bundled = await startServer(() => b, { port: 0, live: false });
    servers.push(fixtures, bundled);
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
  });

  async function mapsAt(url: string, width: number): Promise<{ maps: MapSeen[]; pageWidth: number }> {
    const page = await browser.newPage({ viewport: { ...PHONE, width }, hasTouch: width < 500, isMobile: width < 500 });
    await page.goto(url);
    const seen = await page.evaluate(() => {
      const rect = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      };
      const maps = [...document.querySelectorAll<SVGSVGElement>('svg.map')].map((svg) => {
        // Screen px per map unit: the drawing's width on screen over its viewBox's.
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const stamp = svg.querySelector('text.watermark');
        return {
          names: [...svg.querySelectorAll('text.label')].map((t) => ({
            text: t.textContent ?? '',
            box: rect(t),
            fontPx: parseFloat(getComputedStyle(t).fontSize) * scale,
          })),
          ...(stamp ? { stamp: rect(stamp) } : {}),
        };
      });
      return { maps, pageWidth: document.documentElement.scrollWidth };
    });
    await page.close();
    return seen;
  }

  function problemsOf(maps: MapSeen[]): string[] {
    const out: string[] = [];
    for (const m of maps) {
      for (const n of m.names) {
        if (n.box.bottom - n.box.top < 12) out.push(`${n.text}: ${(n.box.bottom - n.box.top).toFixed(1)} px tall`);
        if (n.fontPx < 12) out.push(`${n.text}: ${n.fontPx.toFixed(1)} px letters`);
        if (m.stamp && near(n.box, m.stamp, 0)) out.push(`${n.text} under the draft mark`);
        // 2 px apart at least: two names whose boxes touch read as one ("Cabrobó Raso da Catarina").
        for (const o of m.names) if (o !== n && near(n.box, o.box, 2)) out.push(`${n.text} against ${o.text}`);
      }
    }
    return out;
  }

  it('the fixture maps: names 12 px and up, apart, clear of the draft mark; the page itself does not scroll sideways', async () => {
    const { maps, pageWidth } = await mapsAt(`${fixtures.url}board/maps.html`, PHONE.width);
    expect(maps).toHaveLength(2);
    expect(maps.filter((m) => m.stamp)).toHaveLength(1);
    expect(maps.every((m) => m.names.length > 0)).toBe(true);
    expect(problemsOf(maps)).toEqual([]);
    expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  });

  it('the Cangaceiros board: names 12 px and up, apart, clear of the draft mark, at 390 and at 1280 px', async () => {
    for (const width of [PHONE.width, 1280]) {
      const { maps, pageWidth } = await mapsAt(`${bundled.url}cangaceiros/map.html`, width);
      expect(maps.length).toBeGreaterThanOrEqual(2);
      // Both sides of the board are drafts (the rulebook does not print the board): each carries the mark. 18 and 23 spaces.
      expect(maps.map((m) => [m.names.length, Boolean(m.stamp)])).toEqual([
        [18, true],
        [23, true],
      ]);
      expect(problemsOf(maps), `at ${width} px`).toEqual([]);
      expect(pageWidth).toBeLessThanOrEqual(width);
    }
  });
});
