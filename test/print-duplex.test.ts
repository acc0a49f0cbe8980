import { describe, expect, it } from 'vitest';
import { cardSizeOf, NAMED_SIZES, PAPERS } from '../compiler/emit-site/print/card-size.ts';
import { printDocument } from '../compiler/emit-site/print/print-html.ts';
import type { Paper, PrintCollection } from '../compiler/emit-site/print/print-types.ts';
import { sheetGrid, sheetPages, type SheetGrid } from '../compiler/emit-site/print/sheet-layout.ts';

// #23 print and play, tried as a designer would: every sheet the command prints says "flip on the long edge". This
// checks that instruction against the paper itself for every named size on both papers, portrait and landscape
// (poker and bridge cards lie landscape on Letter, mini cards on A4), by turning the printed sheet over in millimetres.

/** The centre of a place of the grid, in mm on the sheet as printed (landscape sheets as they lie on the table). */
function centre(grid: SheetGrid, row: number, col: number): { x: number; y: number } {
  return { x: grid.originXMm + (col + 0.5) * grid.size.widthMm, y: grid.originYMm + (row + 0.5) * grid.size.heightMm };
}

/**
 * Where a point of the face side lies on the back side once the paper is turned over its long edge, in the back
 * page's own coordinates. The paper's long edge is a side of a portrait sheet (the paper turns left to right) and
 * the top of a landscape one (it turns over top to bottom, as a wall calendar does).
 */
function behind(grid: SheetGrid, p: { x: number; y: number }): { x: number; y: number } {
  const longEdgeIsTop = grid.sheetWidthMm > grid.sheetHeightMm;
  return longEdgeIsTop ? { x: p.x, y: grid.sheetHeightMm - p.y } : { x: grid.sheetWidthMm - p.x, y: p.y };
}

describe('backs behind their faces, printed double-sided flipping on the long edge', () => {
  const cases = Object.keys(NAMED_SIZES).flatMap((named) => (Object.keys(PAPERS) as Paper[]).map((paper) => ({ named, paper })));

  it.each(cases)('$named cards on $paper', ({ named, paper }) => {
    const grid = sheetGrid(cardSizeOf({ size: named as keyof typeof NAMED_SIZES }), paper);
    expect(grid.perSheet).toBeGreaterThan(0);
    // A sheet and a half, so that a full sheet and a part-filled one are both turned over.
    const count = grid.perSheet + Math.ceil(grid.perSheet / 2);
    const pages = sheetPages(count, grid, true);
    for (let s = 0; s < pages.length; s += 2) {
      const face = pages[s]!;
      const back = pages[s + 1]!;
      expect(back.side).toBe('back');
      for (const f of face.cells) {
        const at = behind(grid, centre(grid, f.row, f.col));
        const b = back.cells.find((c) => {
          const p = centre(grid, c.row, c.col);
          return Math.abs(p.x - at.x) < 0.01 && Math.abs(p.y - at.y) < 0.01;
        });
        // Every place has a place behind it (the block is centred), and the back there is this face's (or empty with it).
        expect(b, `${named} on ${paper}: row ${f.row}, column ${f.col}`).toBeDefined();
        expect(b!.card).toBe(f.card);
      }
    }
  });

  it('turns a landscape sheet over its top: poker cards on Letter keep their columns and swap their rows', () => {
    const grid = sheetGrid(cardSizeOf({ size: 'poker' }), 'letter');
    expect(grid).toMatchObject({ cols: 4, rows: 2, landscape: true });
    const [face, back] = sheetPages(6, grid, true);
    expect(face!.cells.map((c) => c.card)).toEqual([0, 1, 2, 3, 4, 5, null, null]);
    expect(back!.cells.map((c) => c.card)).toEqual([4, 5, null, null, 0, 1, 2, 3]);
  });

  it('draws the print HTML of a landscape sheet so: the back page holds the second row of backs above the first', () => {
    const cards = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({
      id,
      name: id.toUpperCase(),
      copy: 1,
      copies: 1,
      faceHtml: id,
      backHtml: `back of ${id}`,
      drafts: [],
    }));
    const col: PrintCollection = {
      game: 'mygame',
      gameName: 'Mygame',
      collection: 'goods',
      title: 'Goods',
      locale: 'en',
      size: cardSizeOf({ size: 'poker' }),
      sizeIsReading: false,
      cards,
      hasBack: true,
      problems: [],
    };
    const sections = printDocument(col, 'letter').html.split('<section ').slice(1);
    expect(sections).toHaveLength(2);
    expect(sections[1]).toContain('class="sheet sheet-back turned"');
    // Each cell in order (row by row): the card it holds, or '-' for an empty place.
    const cellsOf = (html: string) =>
      html
        .split('<div class="cell')
        .slice(1)
        .map((c) => /data-card="([^"]+)"/.exec(c)?.[1] ?? '-');
    expect(cellsOf(sections[0]!)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', '-', '-']);
    expect(cellsOf(sections[1]!)).toEqual(['e', 'f', '-', '-', 'a', 'b', 'c', 'd']);
  });
});
