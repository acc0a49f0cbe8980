import { readFileSync, existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileUrl, printArt, renderTabletop, writeTabletop } from '../../compiler/commands/print/tabletop.ts';
import { printCollections } from '../../compiler/emit-site/print/print-cards.ts';
import { check } from '../../compiler/pipeline.ts';
import { fixtureProject, runCli, swap } from '../helpers.ts';
import { DUEL_CARDS, madeUpCollection, printableDuel } from '../print-project.ts';
import { tabletopSheetPage, type CardArt } from '../../compiler/emit-site/print/tabletop-html.ts';
import { tabletopDeck, type TtsDeck, type TtsSavedObject } from '../../compiler/emit-site/print/tabletop-layout.ts';
import { browserAvailable, CHROMIUM, launch } from './browser.ts';

const run = browserAvailable();

/** A PNG's pixel size, read from its header (the IHDR chunk right after the 8-byte signature). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Colours per card, so a pixel says which card a cell shows. */
const FACE_COLOURS = ['rgb(200, 30, 30)', 'rgb(30, 160, 30)', 'rgb(30, 30, 200)'];
const BACK_COLOUR = 'rgb(240, 200, 0)';

/** A card drawn as the print draws one: a frame of the trim size filled with its colour, its name inside. */
const art: CardArt = {
  css: '.card { width: 100%; height: 100%; box-sizing: border-box; } .card p { margin: 0; font: 4mm sans-serif; }',
  draw: (card, side) => {
    const index = Number(card.id.replace('card-', '')) - 1;
    const colour = side === 'back' ? BACK_COLOUR : FACE_COLOURS[index % FACE_COLOURS.length]!;
    return `<div class="card c${side === 'back' ? 'back' : index % 3}" data-card="${card.id}"><p>${side === 'back' ? 'Back' : card.name}</p></div>
<style>.c${side === 'back' ? 'back' : index % 3} { background: ${colour}; }</style>`;
  },
};

const collection = madeUpCollection;

describe.runIf(run)('Tabletop Simulator decks drawn in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The colours of the pixels at `points` of a PNG, read back through the browser's canvas. */
  async function pixels(file: string, points: ReadonlyArray<readonly [number, number]>): Promise<string[]> {
    const page = await browser.newPage();
    try {
      const src = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
      return await page.evaluate(
        async ({ src, points }) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const g = canvas.getContext('2d')!;
          g.drawImage(img, 0, 0);
          return points.map(([x, y]) => {
            const [r, gr, b] = g.getImageData(x, y, 1, 1).data;
            return `rgb(${r}, ${gr}, ${b})`;
          });
        },
        { src, points },
      );
    } finally {
      await page.close();
    }
  }

  /** How many dark pixels (text, rules) a box of a PNG holds. */
  async function inkIn(file: string, box: { x: number; y: number; width: number; height: number }): Promise<number> {
    const page = await browser.newPage();
    try {
      const src = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
      return await page.evaluate(
        async ({ src, box }) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const g = canvas.getContext('2d')!;
          g.drawImage(img, 0, 0);
          const data = g.getImageData(box.x, box.y, box.width, box.height).data;
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 200) dark++;
          return dark;
        },
        { src, box },
      );
    } finally {
      await page.close();
    }
  }

  it('writes sheets whose pixel size is their grid, a back, and a saved object that names them', async () => {
    const col = collection(72, { hasBack: true });
    col.cards = col.cards.map((c) => ({ ...c, backHtml: '<p>Back</p>' }));
    // The first card has three copies: one face on the sheet, three cards in the deck.
    col.cards.splice(1, 0, { ...col.cards[0]!, copy: 2, copies: 3 }, { ...col.cards[0]!, copy: 3, copies: 3 });
    const out = await mkdtemp(path.join(tmpdir(), 'tabletop-'));
    const folder = path.join(out, 'demo', 'tabletop');
    const files = await renderTabletop(col, folder, browser, art);
    expect(files).toEqual(['cards-1.png', 'cards-2.png', 'cards-back.png', 'cards.json'].map((f) => path.join(folder, f)));
    for (const f of files) expect(existsSync(f), f).toBe(true);

    const { cardPx } = tabletopDeck(col);
    expect(cardPx).toEqual({ width: 409, height: 572 });
    expect(pngSize(files[0]!)).toEqual({ width: 10 * 409, height: 7 * 572 });
    expect(pngSize(files[1]!)).toEqual({ width: 4 * 409, height: 572 });
    expect(pngSize(files[2]!)).toEqual(cardPx);

    const saved = JSON.parse(readFileSync(files[3]!, 'utf8')) as TtsSavedObject;
    const deck = saved.ObjectStates[0] as TtsDeck;
    expect(deck.Name).toBe('DeckCustom');
    expect(deck.Nickname).toBe('Cards');
    expect(deck.DeckIDs).toHaveLength(74);
    expect(deck.DeckIDs.slice(0, 4)).toEqual([100, 100, 100, 101]);
    expect(deck.ContainedObjects.map((c) => c.Nickname).slice(0, 4)).toEqual(['Card 1', 'Card 1', 'Card 1', 'Card 2']);
    // Each CustomDeck entry is one sheet written beside the JSON, with that sheet's grid.
    for (const [key, entry] of Object.entries(deck.CustomDeck)) {
      const sheet = path.join(folder, `cards-${key}.png`);
      expect(entry.FaceURL).toBe(localFileUrl(sheet));
      expect(entry.FaceURL.startsWith('file:///')).toBe(true);
      expect(entry.BackURL).toBe(localFileUrl(path.join(folder, 'cards-back.png')));
      const size = pngSize(sheet);
      expect([entry.NumWidth, entry.NumHeight]).toEqual([size.width / cardPx.width, size.height / cardPx.height]);
    }
    expect(Object.keys(deck.CustomDeck)).toEqual(['1', '2']);

    // The pixels: the first cells show their faces in order, the last cell of a sheet the back, an empty cell nothing.
    const centre = (col: number, row: number) => [col * cardPx.width + cardPx.width / 2, row * cardPx.height + cardPx.height - 20] as const;
    expect(await pixels(files[0]!, [centre(0, 0), centre(1, 0), centre(2, 0), centre(8, 6), centre(9, 6)])).toEqual([
      ...FACE_COLOURS,
      FACE_COLOURS[68 % 3],
      BACK_COLOUR,
    ]);
    // Sheet 2 holds cards 70 to 72 (indexes 69..71), then the hidden card.
    expect(await pixels(files[1]!, [centre(0, 0), centre(2, 0), centre(3, 0)])).toEqual([FACE_COLOURS[69 % 3], FACE_COLOURS[71 % 3], BACK_COLOUR]);
    expect(await pixels(files[2]!, [[cardPx.width / 2, cardPx.height / 2]])).toEqual([BACK_COLOUR]);
  });

  it('addresses the images under --base, and draws the same bytes twice', async () => {
    const col = collection(5);
    const one = await mkdtemp(path.join(tmpdir(), 'tabletop-'));
    const two = await mkdtemp(path.join(tmpdir(), 'tabletop-'));
    const a = await renderTabletop(col, one, browser, art, { base: 'https://example.org/decks/' });
    const b = await renderTabletop(col, two, browser, art, { base: 'https://example.org/decks/' });
    const saved = JSON.parse(readFileSync(a.at(-1)!, 'utf8')) as TtsSavedObject;
    const deck = saved.ObjectStates[0] as TtsDeck;
    expect(deck.CustomDeck['1']).toMatchObject({
      FaceURL: 'https://example.org/decks/cards-1.png',
      BackURL: 'https://example.org/decks/cards-back.png',
      NumWidth: 6,
      NumHeight: 1,
    });
    for (const [i, file] of a.entries()) expect(readFileSync(file).equals(readFileSync(b[i]!)), path.basename(file)).toBe(true);
    // Without a back, the hidden cell and the back image say the collection's name on a plain card (not a face's colour).
    const [corner] = await pixels(a[1]!, [[10, 10]]);
    expect(FACE_COLOURS).not.toContain(corner);
  });

  it('writes nothing for a collection with no cards yet', async () => {
    const out = path.join(await mkdtemp(path.join(tmpdir(), 'tabletop-')), 'tabletop');
    expect(await renderTabletop(collection(0), out, browser, art)).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });

  it('gives a back sheet per face sheet when the backs differ', async () => {
    const col = collection(3, { hasBack: true });
    col.cards = col.cards.map((c, i) => ({ ...c, backHtml: `<p>Back ${i}</p>` }));
    const out = await mkdtemp(path.join(tmpdir(), 'tabletop-'));
    const files = await renderTabletop(col, out, browser, art);
    expect(files.map((f) => path.basename(f))).toEqual(['cards-1.png', 'cards-1-back.png', 'cards.json']);
    expect(pngSize(files[1]!)).toEqual(pngSize(files[0]!));
    const deck = (JSON.parse(readFileSync(files[2]!, 'utf8')) as TtsSavedObject).ObjectStates[0] as TtsDeck;
    expect(deck.CustomDeck['1']).toMatchObject({ UniqueBack: true, BackURL: localFileUrl(files[1]!) });
  });

  it('draws a game’s own cards: the print’s faces, at their size, one per entry, every copy in the deck', async () => {
    const root = await fixtureProject('duel', {
      'content/duel/game.yaml': swap('    title: Trophy cards\n', '    title: Trophy cards\n    card: { size: mini }\n'),
    });
    const result = await check(root);
    expect(result.bag.errorCount).toBe(0);
    const [col] = printCollections(result.games[0]!);
    expect(col).toBeDefined();
    const out = path.join(root, 'print', 'duel', 'tabletop');
    const files = await writeTabletop(col!, out, browser, { base: 'https://example.org/duel' });
    const entries = new Set(col!.cards.map((c) => c.id)).size;
    expect(col!.cards.length).toBeGreaterThan(entries); // a card with copies
    const { cardPx } = tabletopDeck(col!);
    // Mini cards (44×63 mm) at 300 dpi while the one-row sheet stays within 4096 px.
    expect(pngSize(files[0]!)).toEqual({ width: (entries + 1) * cardPx.width, height: cardPx.height });
    const deck = (JSON.parse(readFileSync(files.at(-1)!, 'utf8')) as TtsSavedObject).ObjectStates[0] as TtsDeck;
    expect(deck.DeckIDs).toHaveLength(col!.cards.length);
    expect(deck.ContainedObjects.map((c) => c.Nickname)).toEqual(col!.cards.map((c) => c.name));
    expect(deck.CustomDeck['1']).toMatchObject({ FaceURL: 'https://example.org/duel/trophies-1.png', NumWidth: entries + 1, NumHeight: 1 });
    // The face drawn is the print's card, with its name: the page the image was taken of, and ink in the first cell.
    const { art, trimmed } = printArt(col!);
    const first = tabletopSheetPage(trimmed, tabletopDeck(trimmed), tabletopDeck(trimmed).sheets[0]!, art).html;
    expect(first).toContain(`data-card="${col!.cards[0]!.id}"`);
    expect(first).toContain('class="card-face card-trim"');
    expect(first).toContain(col!.cards[0]!.name);
    expect(await inkIn(files[0]!, { x: 0, y: 0, width: cardPx.width, height: cardPx.height })).toBeGreaterThan(200);
  });

  it('is what `rulebook print --tabletop` writes, beside the PDF', async () => {
    const root = await printableDuel({ back: true });
    const r = await runCli(['-C', root, 'print', '--browser', CHROMIUM, '--tabletop', '--base', 'https://example.org/duel/']);
    // No warning: only the line that names the card printing with drafts (the fixture's Crown Jewel).
    expect(r.err).toBe('duel/trophies: “The Crown Jewel” prints with a draft value, marked "draft" on the card (--final refuses while any remain)\n');
    expect(r.code).toBe(0);
    const folder = path.join(root, 'print', 'duel', 'tabletop');
    // The back template writes each card's name: the backs differ, so each sheet has a sheet of backs.
    for (const f of ['trophies-1.png', 'trophies-1-back.png', 'trophies.json']) expect(existsSync(path.join(folder, f)), f).toBe(true);
    expect(r.out).toContain('trophies-1.png, trophies-1-back.png, trophies.json');
    const deck = (JSON.parse(readFileSync(path.join(folder, 'trophies.json'), 'utf8')) as TtsSavedObject).ObjectStates[0] as TtsDeck;
    expect(deck.Nickname).toBe('Trophy cards');
    expect(deck.ContainedObjects.map((c) => c.Nickname)).toEqual(DUEL_CARDS);
    expect(deck.CustomDeck['1']).toMatchObject({
      FaceURL: 'https://example.org/duel/trophies-1.png',
      BackURL: 'https://example.org/duel/trophies-1-back.png',
      UniqueBack: true,
      NumWidth: 5,
      NumHeight: 1,
    });
  });
});
