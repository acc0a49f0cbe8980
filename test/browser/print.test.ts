import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers.ts';
import { DUEL_CARDS, printableDuel } from '../print-project.ts';
import { browserAvailable, CHROMIUM } from './browser.ts';

// `rulebook print` rendering real PDFs through the machine's Chromium, read back with pdfjs (the text a PDF reader
// extracts, and where each piece of text sits on the page). The Trophy cards of the `duel` fixture: four entries, one
// with two copies (five printed cards), one with drafted values.

const available = browserAvailable();

/** Points per millimetre: PDF pages are measured in points (1/72 inch). */
const PT = 72 / 25.4;

interface TextItem {
  str: string;
  x: number;
  y: number;
}

interface PdfPage {
  width: number;
  height: number;
  items: TextItem[];
  text: string;
}

/** Each page's size in points and its text items with their positions (pdfjs, as a PDF reader reads them). */
async function readPdf(file: string): Promise<PdfPage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(file)), isEvalSupported: false }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const items = content.items
      .filter((i): i is typeof i & { str: string; transform: number[] } => 'str' in i && i.str.trim() !== '')
      .map((i) => ({ str: i.str, x: i.transform[4]!, y: i.transform[5]! }));
    pages.push({ width: x1 - x0, height: y1 - y0, items, text: items.map((i) => i.str).join(' ') });
  }
  await doc.destroy();
  return pages;
}

/** How many times `needle` appears in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1;

/** The text items that hold `needle`, top to bottom, then left to right (the reading order of a sheet). */
const itemsWith = (page: PdfPage, needle: string) => page.items.filter((i) => i.str.includes(needle)).sort((a, b) => b.y - a.y || a.x - b.x);

describe.skipIf(!available)('rulebook print (PDF)', () => {
  let root: string;
  let a4: { code: number; out: string; err: string };
  let pages: PdfPage[];

  beforeAll(async () => {
    // Tarot cards (70×120 mm + 3 mm bleed) sit 2×2 on A4: five cards are two sheets of faces, each followed by its backs.
    root = await printableDuel({ size: 'tarot', back: true });
    a4 = await runCli(['-C', root, 'print', '--browser', CHROMIUM]);
    pages = await readPdf(path.join(root, 'print', 'duel', 'trophies.pdf'));
  }, 120_000);

  it('writes one PDF per collection and says what it holds', () => {
    expect(a4.code, a4.err).toBe(0);
    expect(a4.out).toContain('print/duel/trophies.pdf: 5 cards on 4 pages (A4, 4 a sheet, backs mirrored for long-edge duplex)');
  });

  it('prints on A4 pages', () => {
    expect(pages).toHaveLength(4);
    for (const p of pages) {
      // Chromium rounds the page to whole CSS pixels: within a point of 210×297 mm.
      expect(Math.abs(p.width - 210 * PT)).toBeLessThan(1);
      expect(Math.abs(p.height - 297 * PT)).toBeLessThan(1);
    }
  });

  it('puts each card on a face page in collection order, copies counted, as many a sheet as fit', () => {
    const faces = [pages[0]!, pages[2]!];
    const names = faces.map((p) => DUEL_CARDS.filter((n, i) => DUEL_CARDS.indexOf(n) === i).flatMap((n) => Array(count(p.text, n)).fill(n) as string[]));
    // Four frames on the first sheet (The Counting House twice: two copies), the fifth card alone on the second.
    expect(names[0]).toHaveLength(4);
    expect(count(faces[0]!.text, 'The Counting House') - count(faces[0]!.text, 'Back of The Counting House')).toBe(2);
    expect(names[1]).toEqual(['The Banner Parade']);
    const order = itemsWith(faces[0]!, 'The ').map((i) => DUEL_CARDS.find((n) => i.str.includes(n)));
    expect(order.filter(Boolean)).toEqual(DUEL_CARDS.slice(0, 4));
  });

  it('prints the backs on the even pages, each row mirrored so a long-edge duplex puts each back behind its face', () => {
    for (const n of [1, 3]) expect(pages[n]!.text).toContain('Back of');
    for (const n of [0, 2]) expect(pages[n]!.text).not.toContain('Back of');
    const face = pages[0]!;
    const back = pages[1]!;
    for (const name of ['The Lantern Race', 'The Crown Jewel']) {
      const f = itemsWith(face, name)[0]!;
      const b = itemsWith(back, `Back of ${name}`)[0] ?? itemsWith(back, name)[0]!;
      // Same row (the same half of the sheet: tarot cards sit 2×2); the other column, mirrored about the page's centre.
      expect(Math.sign(f.y - face.height / 2)).toBe(Math.sign(b.y - back.height / 2));
      expect(Math.sign(f.x - face.width / 2)).toBe(-Math.sign(b.x - back.width / 2));
    }
    // Within a row the backs run right to left: the first card's back is to the right of the second's.
    const race = itemsWith(back, 'The Lantern Race')[0]!;
    const house = itemsWith(back, 'The Counting House')[0]!;
    expect(race.x).toBeGreaterThan(house.x);
    // The lone fifth card: its back in the mirrored cell of its row.
    const lone = itemsWith(pages[2]!, 'The Banner Parade')[0]!;
    const loneBack = itemsWith(pages[3]!, 'The Banner Parade')[0]!;
    expect(Math.sign(lone.x - pages[2]!.width / 2)).toBe(-Math.sign(loneBack.x - pages[3]!.width / 2));
  });

  it('marks a drafted value with the word "draft" on its card', () => {
    const jewel = itemsWith(pages[0]!, 'The Crown Jewel')[0]!;
    // The word is the game's ("draft" in English), printed in capitals by the stylesheet.
    const drafts = pages[0]!.items.filter((i) => i.str.toLowerCase() === 'draft');
    expect(drafts.length).toBeGreaterThan(0);
    // On the Crown Jewel's card (its column), not on another.
    expect(
      drafts.some(
        (d) =>
          Math.sign(d.x - pages[0]!.width / 2) === Math.sign(jewel.x - pages[0]!.width / 2) &&
          Math.sign(d.y - pages[0]!.height / 2) === Math.sign(jewel.y - pages[0]!.height / 2),
      ),
    ).toBe(true);
    expect(pages[0]!.text).toContain('A crown on a cushion.');
  });

  it('prints on Letter pages with --paper letter', async () => {
    const r = await runCli(['-C', root, 'print', '--browser', CHROMIUM, '--paper', 'letter', '--out', 'letter']);
    expect(r.code, r.err).toBe(0);
    const letter = await readPdf(path.join(root, 'letter', 'duel', 'trophies.pdf'));
    expect(r.out).toContain(`letter/duel/trophies.pdf: 5 cards on ${letter.length} pages (Letter,`);
    for (const p of letter) {
      expect(Math.abs(p.width - 8.5 * 72)).toBeLessThan(1);
      expect(Math.abs(p.height - 11 * 72)).toBeLessThan(1);
    }
  });

  it('gives the same bytes for the same content, and the PDF still opens', async () => {
    const first = await readFile(path.join(root, 'print', 'duel', 'trophies.pdf'));
    const again = await runCli(['-C', root, 'print', '--browser', CHROMIUM, '--out', 'again']);
    expect(again.code, again.err).toBe(0);
    const second = await readFile(path.join(root, 'again', 'duel', 'trophies.pdf'));
    expect(second.equals(first)).toBe(true);
    expect(first.toString('latin1')).toContain("/CreationDate (D:20000101000000+00'00')");
  });

  it('keeps the last good PDF when a run stops on content errors', async () => {
    const file = path.join(root, 'print', 'duel', 'trophies.pdf');
    const before = await stat(file);
    const yaml = path.join(root, 'content/duel/trophies.yaml');
    const text = await readFile(yaml, 'utf8');
    await writeFile(yaml, text.replace('  copies: 2\n', '  copies: two\n'));
    try {
      const r = await runCli(['-C', root, 'print', '--browser', CHROMIUM]);
      expect(r.code).toBe(1);
      expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
    } finally {
      await writeFile(yaml, text);
    }
  });
});

describe.skipIf(!available)('rulebook print (warnings)', () => {
  it('warns, naming the card, when a face runs past its edge', async () => {
    // Mini cards 20×20 mm: no face's text fits.
    const root = await printableDuel({ size: '[20, 20]' });
    const r = await runCli(['-C', root, 'print', '--browser', CHROMIUM]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("warning: Trophy cards: “The Lantern Race” runs past the card's edge: shorten its text or choose a larger card size");
    // One line per entry, not per copy.
    expect(count(r.err, '“The Counting House”')).toBe(1);
  }, 120_000);

  it('says in words that a browser would not start', async () => {
    const root = await printableDuel();
    const fake = path.join(root, 'not-a-browser');
    await writeFile(fake, '#!/bin/sh\nexit 3\n', { mode: 0o755 });
    const r = await runCli(['-C', root, 'print', '--browser', fake]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`error: the browser at ${fake} would not start`);
    expect(r.err).not.toMatch(/\n\s+at /);
  }, 120_000);
});
