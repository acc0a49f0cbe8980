import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSizeOf } from '../../compiler/emit-site/print/card-size.ts';
import { printDocument } from '../../compiler/emit-site/print/print-html.ts';
import type { CardSize, Paper, PrintCollection } from '../../compiler/emit-site/print/print-types.ts';
import { sheetGrid } from '../../compiler/emit-site/print/sheet-layout.ts';
import { browserAvailable, launch } from './browser.ts';

// #23 print and play: the print HTML (compiler/emit-site/print/print-html.ts) as Chromium lays it out: cards at
// their real size in millimetres where the grid puts them, backs behind their faces, an overflowing face
// detectable as the renderer detects it, and a turned sheet printed on a turned page.

const run = browserAvailable();
const PX_PER_MM = 96 / 25.4;

function collection(size: CardSize, count: number, longText: number[] = []): PrintCollection {
  return {
    game: 'demo',
    gameName: 'Demo',
    collection: 'cards',
    title: 'Cards',
    locale: 'en',
    size,
    sizeIsReading: false,
    cards: Array.from({ length: count }, (_, i) => ({
      id: `c${i + 1}`,
      name: `Card ${i + 1}`,
      copy: 1,
      copies: 1,
      faceHtml: `<div class="card-head"><h2 class="card-name">Card ${i + 1}</h2></div><div class="card-body"><p>${longText.includes(i) ? 'A long rule. '.repeat(200) : 'Short.'}</p></div>`,
      backHtml: `<p>Back ${i + 1}</p>`,
      drafts: [],
    })),
    hasBack: true,
    problems: [],
  };
}

async function open(page: Page, col: PrintCollection, paper: Paper): Promise<ReturnType<typeof printDocument>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-print-'));
  const doc = printDocument(col, paper);
  await writeFile(path.join(dir, 'cards.html'), doc.html);
  await writeFile(path.join(dir, 'print.css'), doc.css);
  await page.emulateMedia({ media: 'print' });
  await page.goto(pathToFileURL(path.join(dir, 'cards.html')).href);
  return doc;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Boxes in mm relative to their sheet, by selector inside each sheet. */
function boxesIn(page: Page, sheet: number, selector: string): Promise<Array<Box & { id: string }>> {
  return page.$$eval(
    `section.sheet:nth-of-type(${sheet}) ${selector}`,
    (els, mm) =>
      els.map((el) => {
        const s = el.closest('section')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return {
          id: el.closest('[data-card]')?.getAttribute('data-card') ?? '',
          x: (r.left - s.left) / mm,
          y: (r.top - s.top) / mm,
          w: r.width / mm,
          h: r.height / mm,
        };
      }),
    PX_PER_MM,
  );
}

describe.runIf(run)('the print HTML in a browser', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws each card at its real size where the grid puts it, and each back behind its face', async () => {
    const size = cardSizeOf({ size: 'poker' });
    const grid = sheetGrid(size, 'a4');
    await open(page, collection(size, 7), 'a4');
    const sheets = await page.$$eval('section.sheet', (els) => els.map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height]));
    expect(sheets).toHaveLength(2);
    for (const [w, h] of sheets) {
      expect(w! / PX_PER_MM).toBeCloseTo(210, 0);
      expect(h! / PX_PER_MM).toBeCloseTo(297, 0);
    }
    const frames = await boxesIn(page, 1, '.card');
    const trims = await boxesIn(page, 1, '.card-trim');
    expect(trims.map((t) => t.id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    trims.forEach((t, i) => {
      // The trim box is the card, 63×88 mm, at its place in the grid; its frame adds the bleed on each side.
      expect(t.w).toBeCloseTo(63, 1);
      expect(t.h).toBeCloseTo(88, 1);
      expect(t.x).toBeCloseTo(grid.originXMm + (i % 3) * 63, 1);
      expect(t.y).toBeCloseTo(grid.originYMm + Math.floor(i / 3) * 88, 1);
      expect(frames[i]!.w).toBeCloseTo(69, 1);
      expect(frames[i]!.x).toBeCloseTo(t.x - 3, 1);
    });
    // Flipped on the long edge, a back's place is its face's mirrored left to right.
    const backs = await boxesIn(page, 2, '.card-trim');
    for (const b of backs) {
      const face = trims.find((t) => t.id === b.id)!;
      expect(b.x).toBeCloseTo(210 - face.x - face.w, 1);
      expect(b.y).toBeCloseTo(face.y, 1);
    }
    expect(await page.$$eval('section.sheet:nth-of-type(2) .card-trim', (els) => els.map((e) => e.textContent))).toEqual([
      'Back 3',
      'Back 2',
      'Back 1',
      'Back 6',
      'Back 5',
      'Back 4',
      'Back 7',
    ]);
  });

  it('lets the renderer find a face whose text runs past the card, and only that one', async () => {
    await open(page, collection(cardSizeOf({ size: 'poker' }), 4, [2]), 'letter');
    const over = await page.$$eval('.card-face', (els) =>
      els.filter((e) => e.scrollHeight > e.clientHeight).map((e) => e.closest('[data-card]')!.getAttribute('data-card')),
    );
    expect(over).toEqual(['c3']);
  });

  it('prints one page a sheet, each at the paper size, a turned sheet on a turned page', async () => {
    const doc = await open(page, collection(cardSizeOf({ size: 'mini' }), 20), 'a4');
    expect(doc.pages).toBe(4);
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
    // A4 turned, in points: 297×210 mm.
    expect(boxes).toEqual(Array.from({ length: 4 }, () => [842, 595]));
    await open(page, collection(cardSizeOf({ size: 'poker' }), 10), 'letter');
    const letter = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect([...letter.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => `${Math.round(Number(m[1]))}x${Math.round(Number(m[2]))}`)).toEqual(
      ['792x612', '792x612', '792x612', '792x612'],
    );
  });
});
