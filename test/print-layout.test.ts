import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { cardSizeOf, NAMED_SIZES, PAPERS } from '../compiler/emit-site/print/card-size.ts';
import { cardHtml, faceRulesOf, printCss, printDocument, sizeClass } from '../compiler/emit-site/print/print-html.ts';
import type { CardSize, Paper, PrintCollection, PrintedCard } from '../compiler/emit-site/print/print-types.ts';
import { cutMarks, MIN_MARGIN_MM, sheetGrid, sheetPages } from '../compiler/emit-site/print/sheet-layout.ts';
import { ROOT } from './helpers.ts';

// #23 print and play: the pure layout of printed sheets (compiler/emit-site/print/): card sizes, the grid of a
// paper, the pages (faces, then their backs mirrored for long-edge duplex), cut marks, and the print HTML.

const POKER: CardSize = { widthMm: 63, heightMm: 88, bleedMm: 3, named: 'poker' };

describe('card sizes', () => {
  it('reads the named sizes of the issue, a [width, height] in mm, and a bleed of 3 mm unless given', () => {
    expect(cardSizeOf({ size: 'poker' })).toEqual(POKER);
    expect(cardSizeOf({ size: 'bridge' })).toEqual({ widthMm: 56, heightMm: 87, bleedMm: 3, named: 'bridge' });
    expect(cardSizeOf({ size: 'mini' })).toMatchObject({ widthMm: 44, heightMm: 63 });
    expect(cardSizeOf({ size: 'tarot' })).toMatchObject({ widthMm: 70, heightMm: 120 });
    expect(cardSizeOf({ size: 'square' })).toMatchObject({ widthMm: 70, heightMm: 70 });
    expect(cardSizeOf({ size: [50, 75], bleed: 0 })).toEqual({ widthMm: 50, heightMm: 75, bleedMm: 0 });
    expect(PAPERS.a4).toMatchObject({ widthMm: 210, heightMm: 297 });
    expect(PAPERS.letter).toMatchObject({ widthMm: 215.9, heightMm: 279.4 });
  });
});

describe('the sheet grid', () => {
  // Cards abut at their cut lines, the bleed runs past the block's outer edge, at least 7 mm of paper around it;
  // a sheet is turned only when that holds more cards (sheet-layout.ts says why).
  const FIGURES: Record<string, Record<Paper, string>> = {
    poker: { a4: '3x3 portrait', letter: '4x2 landscape' },
    bridge: { a4: '3x3 portrait', letter: '4x2 landscape' },
    mini: { a4: '6x3 landscape', letter: '4x4 portrait' },
    tarot: { a4: '2x2 portrait', letter: '2x2 portrait' },
    square: { a4: '2x3 portrait', letter: '2x3 portrait' },
  };
  for (const [name, papers] of Object.entries(FIGURES))
    for (const [paper, figure] of Object.entries(papers) as [Paper, string][])
      it(`lays ${name} cards ${figure} on ${paper}, centred, inside the margins`, () => {
        const size = cardSizeOf({ size: name as keyof typeof NAMED_SIZES });
        const g = sheetGrid(size, paper);
        expect(`${g.cols}x${g.rows} ${g.landscape ? 'landscape' : 'portrait'}`).toBe(figure);
        expect(g.perSheet).toBe(g.cols * g.rows);
        const blockW = g.cols * size.widthMm + 2 * size.bleedMm;
        const blockH = g.rows * size.heightMm + 2 * size.bleedMm;
        const left = g.originXMm - size.bleedMm;
        const top = g.originYMm - size.bleedMm;
        expect(left).toBeGreaterThanOrEqual(MIN_MARGIN_MM);
        expect(top).toBeGreaterThanOrEqual(MIN_MARGIN_MM);
        // Centred: the same paper on both sides (to the hundredth of a mm the layout rounds to).
        expect(Math.abs(g.sheetWidthMm - blockW - 2 * left)).toBeLessThan(0.02);
        expect(Math.abs(g.sheetHeightMm - blockH - 2 * top)).toBeLessThan(0.02);
        // One more column or row would not fit in the same orientation.
        expect((g.cols + 1) * size.widthMm + 2 * size.bleedMm + 2 * MIN_MARGIN_MM).toBeGreaterThan(g.sheetWidthMm);
        expect((g.rows + 1) * size.heightMm + 2 * size.bleedMm + 2 * MIN_MARGIN_MM).toBeGreaterThan(g.sheetHeightMm);
      });

  it('fits nothing when the card is larger than the paper, and then makes no pages', () => {
    const g = sheetGrid({ widthMm: 300, heightMm: 400, bleedMm: 3 }, 'a4');
    expect(g.perSheet).toBe(0);
    expect(sheetPages(5, g, true)).toEqual([]);
  });

  it('with no bleed fits the cards edge to edge', () => {
    // Letter holds a third row of poker cards once they need no bleed; a tie between the orientations stays portrait.
    expect(sheetGrid({ widthMm: 63, heightMm: 88, bleedMm: 0 }, 'letter')).toMatchObject({ cols: 3, rows: 3, landscape: false });
    expect(sheetGrid({ widthMm: 98, heightMm: 142, bleedMm: 0 }, 'a4')).toMatchObject({ cols: 2, rows: 1, landscape: false });
  });
});

describe('the pages', () => {
  const grid = sheetGrid(POKER, 'a4');

  it('puts the cards in order, nine a sheet, and after each sheet its backs with each row reversed', () => {
    const pages = sheetPages(20, grid, true);
    expect(pages.map((p) => `${p.side}${p.sheet}`)).toEqual(['face1', 'back1', 'face2', 'back2', 'face3', 'back3']);
    expect(pages[0]!.cells.map((c) => c.card)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pages[1]!.cells.map((c) => c.card)).toEqual([2, 1, 0, 5, 4, 3, 8, 7, 6]);
    // The last sheet holds two cards; its empty places are laid out too, so every sheet is cut on the same lines.
    expect(pages[4]!.cells.map((c) => c.card)).toEqual([18, 19, null, null, null, null, null, null, null]);
    expect(pages[5]!.cells.map((c) => c.card)).toEqual([null, 19, 18, null, null, null, null, null, null]);
    // Flipped on its long edge, the back at each place is behind its face.
    for (let s = 0; s < pages.length; s += 2)
      for (const back of pages[s + 1]!.cells)
        expect(back.card).toBe(pages[s]!.cells.find((f) => f.row === back.row && f.col === grid.cols - 1 - back.col)!.card);
  });

  it('without backs is faces only', () => {
    expect(sheetPages(9, grid, false).map((p) => p.side)).toEqual(['face']);
    expect(sheetPages(10, grid, false).map((p) => p.side)).toEqual(['face', 'face']);
  });

  it('draws a cut mark at each end of every cut line, in the margin, none over a card or its bleed', () => {
    const marks = cutMarks(grid);
    expect(marks).toHaveLength(2 * (grid.cols + 1) + 2 * (grid.rows + 1));
    const x0 = grid.originXMm - POKER.bleedMm;
    const y0 = grid.originYMm - POKER.bleedMm;
    const x1 = grid.originXMm + grid.cols * POKER.widthMm + POKER.bleedMm;
    const y1 = grid.originYMm + grid.rows * POKER.heightMm + POKER.bleedMm;
    for (const m of marks) {
      for (const [x, y] of [
        [m.x1, m.y1],
        [m.x2, m.y2],
      ] as const) {
        expect(x >= 0 && x <= grid.sheetWidthMm && y >= 0 && y <= grid.sheetHeightMm).toBe(true);
        expect(x > x0 && x < x1 && y > y0 && y < y1).toBe(false);
      }
      // On a cut line: a vertical mark at a column's edge, a horizontal one at a row's.
      if (m.x1 === m.x2) expect(Number.isInteger(Math.round(((m.x1 - grid.originXMm) / POKER.widthMm) * 1000) / 1000)).toBe(true);
      else expect(Number.isInteger(Math.round(((m.y1 - grid.originYMm) / POKER.heightMm) * 1000) / 1000)).toBe(true);
    }
  });
});

function card(id: string, copy = 1, copies = 1, drafts = 0): PrintedCard {
  return {
    id,
    name: `Card ${id}`,
    copy,
    copies,
    faceHtml: `<div class="card-head"><h2 class="card-name">Card ${id}</h2></div>`,
    backHtml: `<p>Back of ${id}</p>`,
    drafts: Array.from({ length: drafts }, () => ({ path: '/cost', label: 'Cost', note: 'Not printed.' })),
  };
}

function collection(count: number, size: CardSize = POKER, hasBack = true): PrintCollection {
  return {
    game: 'demo',
    gameName: 'Demo & Co',
    collection: 'cards',
    title: 'Cards',
    locale: 'pt-BR',
    size,
    sizeIsReading: false,
    cards: Array.from({ length: count }, (_, i) => card(`c${i + 1}`)),
    hasBack,
    problems: [],
  };
}

/** The cards of each `<section class="sheet">` of a print HTML, by `data-card`, in document order. */
function sheetsOf(html: string): { side: string; cards: string[] }[] {
  return [...html.matchAll(/<section class="sheet sheet-(face|back)[^"]*"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => ({
    side: m[1]!,
    cards: [...m[2]!.matchAll(/data-card="([^"]*)"/g)].map((c) => c[1]!),
  }));
}

describe('the print HTML', () => {
  it('has one sheet a page, the cards in order, and behind each sheet its backs mirrored', () => {
    const doc = printDocument(collection(11), 'a4');
    expect(doc.perPage).toBe(9);
    expect(doc.pages).toBe(4);
    const sheets = sheetsOf(doc.html);
    expect(sheets.map((s) => s.side)).toEqual(['face', 'back', 'face', 'back']);
    expect(sheets[0]!.cards).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']);
    expect(sheets[1]!.cards).toEqual(['c3', 'c2', 'c1', 'c6', 'c5', 'c4', 'c9', 'c8', 'c7']);
    expect(sheets[2]!.cards).toEqual(['c10', 'c11']);
    expect(sheets[3]!.cards).toEqual(['c11', 'c10']);
    // Every place is laid out, the empty ones too (the back of c10 is the third place of its row).
    expect(doc.html.match(/<div class="cell[ "]/g)).toHaveLength(4 * 9);
  });

  it('is a document of its own: its language, a title, print.css, no script, no style attribute, no link; it validates', async () => {
    const doc = printDocument(collection(3), 'letter');
    expect(doc.html).toMatch(/^<!DOCTYPE html>\n<html lang="pt-BR">/);
    expect(doc.html).toContain('<title>Demo &amp; Co: Cards</title>');
    expect(doc.html).toContain('<link rel="stylesheet" href="print.css">');
    expect(doc.html).not.toMatch(/<script|\sstyle=|<a\s/);
    const report = await new HtmlValidate({ extends: ['html-validate:recommended'] }).validateString(doc.html, 'cards.html');
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`))).toEqual([]);
  });

  it('without backs prints faces only', () => {
    const doc = printDocument(collection(10, POKER, false), 'a4');
    expect(sheetsOf(doc.html).map((s) => s.side)).toEqual(['face', 'face']);
    expect(doc.pages).toBe(2);
  });

  it('turns the page of a sheet laid out landscape (a named page), and sizes each card in --mm from its size class', () => {
    const mini = cardSizeOf({ size: 'mini' });
    const doc = printDocument(collection(2, mini), 'a4');
    expect(doc.html).toContain('<section class="sheet sheet-face turned"');
    expect(doc.css).toContain('@page { size: A4; margin: 0; }');
    expect(doc.css).toContain('@page turned { size: A4 landscape; margin: 0; }');
    expect(doc.css).toMatch(/\.sheet\.turned \{\s*page: turned;/);
    expect(doc.css).toContain(`.${sizeClass(mini)} {\n  --card-w: 44;\n  --card-h: 63;\n  --bleed: 3;\n}`);
    expect(doc.css).toContain('[data-collection="cards"] {');
    // The trim box hides what runs past the card's edge, so the renderer finds an overflowing face.
    expect(doc.css).toMatch(/\.card-trim \{[^}]*overflow: hidden;/);
    expect(printCss(collection(1), 'letter')).toContain('@page { size: letter; margin: 0; }');
  });

  it('draws one card the same anywhere: a frame with its size class, its ID and copy, the face in the trim box', () => {
    const c = { ...card('ze-baiano', 2, 3, 1) };
    expect(cardHtml(c, 'face', POKER)).toBe(
      '<div class="card card-side-face card-63x88-3 has-draft" data-card="ze-baiano" data-copy="2"><div class="card-face card-trim"><div class="card-head"><h2 class="card-name">Card ze-baiano</h2></div></div></div>',
    );
    expect(cardHtml(c, 'back', { widthMm: 63.5, heightMm: 88, bleedMm: 0 })).toBe(
      '<div class="card card-side-back card-63_5x88-0" data-card="ze-baiano" data-copy="2"><div class="card-back-side card-trim"><p>Back of ze-baiano</p></div></div>',
    );
  });

  it('is the same bytes for the same cards', () => {
    expect(printDocument(collection(12), 'a4')).toEqual(printDocument(collection(12), 'a4'));
  });
});

describe("the site's face rules in print.css", () => {
  it('keeps the top-level rules whose selectors are all face parts, and nothing else', () => {
    const css = `/* a { } */\n.face { border: 1px; }\n.face-stat, .face-stat-draft { gap: 1px; }\n.face > .head { x: 1; }\n@media (max-width: 30rem) { .face-stat { display: block; } }\ndl.fields dt { color: red; }\n.face-icon, .nav { y: 2; }`;
    expect(faceRulesOf(css)).toBe('.face-stat, .face-stat-draft { gap: 1px; }\ndl.fields dt { color: red; }');
  });

  it("takes the site stylesheet's face parts into print.css", () => {
    const site = readFileSync(path.join(ROOT, 'docs-site', 'style.css'), 'utf8');
    const kept = faceRulesOf(site);
    for (const selector of ['.face-stat-label', '.face-draft-value', 'dl.fields dt', '.face-icon::before']) expect(kept).toContain(selector);
    expect(kept).not.toMatch(/(^|\n)(\.face|body|\.entity) \{|\.nav/);
    expect(printDocument(collection(1), 'a4').css).toContain(kept);
  });
});
