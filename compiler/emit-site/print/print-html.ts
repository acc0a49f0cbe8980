import { readFileSync } from 'node:fs';
import { esc } from '../context.ts';
import { SITE_DIR } from '../layout.ts';
import { PAPERS } from './card-size.ts';
import type { CardSize, Paper, PrintCollection, PrintDocument, PrintedCard } from './print-types.ts';
import { cutMarks, round, sheetGrid, sheetPages, type Cell, type SheetGrid } from './sheet-layout.ts';

/**
 * The print HTML of one collection: one `<section class="sheet">` per page
 * of paper, faces then (when the collection has backs) their backs mirrored
 * for long-edge duplex (sheet-layout.ts). No script; every length is in the
 * stylesheet (`print.css`) or in SVG attributes, never in a style attribute,
 * so the page keeps the site's content security policy when `serve` shows it.
 *
 * A card is drawn by `cardHtml`, the same element on a sheet and in a
 * Tabletop Simulator grid: every length in it is a number of `--mm`, which is
 * 1mm on paper and a number of pixels in a Tabletop sheet.
 */

/** The stylesheet's selector for one collection's sizes (its name is an identifier; quoted as a CSS string all the same). */
function collectionSelector(collection: string): string {
  return `[data-collection="${collection.replace(/["\\]/g, '\\$&')}"]`;
}

/** One card: a frame of the trim plus the bleed on each side, filled with the face's background, the face (or back) in the trim box inside it. */
export function cardHtml(card: PrintedCard, side: 'face' | 'back', size: CardSize, collection?: string): string {
  void size; // The sizes are the stylesheet's (printCss), keyed by the collection; the parameter keeps the call the same for a caller that lays out its own.
  const inner = side === 'face' ? card.faceHtml : (card.backHtml ?? '');
  const drafted = side === 'face' && card.drafts.length > 0 ? ' has-draft' : '';
  return `<div class="card card-${side}${drafted}"${collection !== undefined ? ` data-collection="${esc(collection)}"` : ''} data-card="${esc(card.id)}" data-copy="${card.copy}"><div class="card-${side === 'face' ? 'face' : 'back-side'} card-trim">${inner}</div></div>`;
}

/** The print document of one collection on one paper. */
export function printDocument(col: PrintCollection, paper: Paper): PrintDocument {
  const grid = sheetGrid(col.size, paper);
  const pages = sheetPages(col.cards.length, grid, col.hasBack);
  const marks = marksSvg(grid);
  const sections = pages.map((p) => {
    const cells = p.cells.map((cell) => cellHtml(cell, p.side, col, grid)).join('');
    return `<section class="sheet sheet-${p.side}" data-sheet="${p.sheet}">${marks}<div class="sheet-grid">${cells}</div></section>`;
  });
  const title = `${col.gameName}: ${col.title}`;
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${esc(col.locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${esc(title)}</title>`,
    '<link rel="stylesheet" href="print.css">',
    '</head>',
    `<body class="print" data-collection="${esc(col.collection)}">`,
    `<h1 class="print-title">${esc(title)}</h1>`,
    ...sections,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { html, css: printCss(col, paper), pages: pages.length, perPage: grid.perSheet };
}

function cellHtml(cell: Cell, side: 'face' | 'back', col: PrintCollection, grid: SheetGrid): string {
  // The outer edges of the block keep their bleed; a side with a neighbour is cut on the shared line (sheet-layout.ts).
  const edges = [
    cell.row === 0 ? 'edge-t' : '',
    cell.row === grid.rows - 1 ? 'edge-b' : '',
    cell.col === 0 ? 'edge-l' : '',
    cell.col === grid.cols - 1 ? 'edge-r' : '',
  ].filter(Boolean);
  const card = cell.card === null ? undefined : col.cards[cell.card];
  const inner = card && (side === 'face' || card.backHtml !== undefined) ? cardHtml(card, side, col.size) : '';
  return `<div class="cell${edges.length ? ` ${edges.join(' ')}` : ''}${inner ? '' : ' empty'}">${inner}</div>`;
}

/** The cut marks of a sheet as one SVG drawn over the paper, in millimetres (attributes, not styles). */
function marksSvg(grid: SheetGrid): string {
  const d = cutMarks(grid)
    .map((m) => `M${m.x1} ${m.y1}L${m.x2} ${m.y2}`)
    .join('');
  const w = grid.sheetWidthMm;
  const h = grid.sheetHeightMm;
  return `<svg class="cut-marks" aria-hidden="true" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}"><path d="${d}"/></svg>`;
}

/**
 * The stylesheet a collection's print HTML links (`print.css`): the page
 * and sheet geometry of one paper, the card sizes of each collection given
 * (several collections of one game share the file: pass them all), and the
 * site's own face rules.
 */
export function printCss(cols: PrintCollection | readonly PrintCollection[], paper: Paper): string {
  const list = Array.isArray(cols) ? (cols as readonly PrintCollection[]) : [cols as PrintCollection];
  const blocks = list.map((col) => collectionCss(col, paper));
  const p = PAPERS[paper];
  // One orientation per file: a sheet turned for one collection turns the page for all (the sizes each collection needs are its own block).
  const landscape = list.some((col) => sheetGrid(col.size, paper).landscape);
  return [
    `/* rulebook print: ${paper === 'a4' ? 'A4' : 'Letter'} sheets. Print at 100% scale (actual size), no margins. */`,
    `@page { size: ${p.cssName}${landscape ? ' landscape' : ''}; margin: 0; }`,
    PRINT_CSS,
    ...blocks,
    "/* The site's face rules (docs-site/style.css), so a card looks as it does on the site. */",
    siteFaceCss(),
    '',
  ].join('\n');
}

/** One collection's sizes and sheet geometry, as variables the fixed rules read. */
function collectionCss(col: PrintCollection, paper: Paper): string {
  const grid = sheetGrid(col.size, paper);
  const s = col.size;
  return [
    `${collectionSelector(col.collection)} {`,
    `  --card-w: ${s.widthMm};`,
    `  --card-h: ${s.heightMm};`,
    `  --bleed: ${s.bleedMm};`,
    `  --cols: ${grid.cols};`,
    `  --rows: ${grid.rows};`,
    `  --sheet-w: ${grid.sheetWidthMm};`,
    `  --sheet-h: ${grid.sheetHeightMm};`,
    `  --origin-x: ${round(grid.originXMm)};`,
    `  --origin-y: ${round(grid.originYMm)};`,
    '}',
  ].join('\n');
}

/**
 * The fixed rules: a sheet is exactly the paper, the grid of cut lines sits
 * at the sheet's origin, a card's frame spills its bleed past its cell, and
 * the trim box (`.card-trim`) hides what runs past the card's edge, so the
 * renderer can find a face whose text overflows (its scrollHeight beyond its
 * clientHeight). Text is sized in points of `--mm`.
 */
export const PRINT_CSS = `:root {
  color-scheme: light;
  --mm: 1mm;
  /* 8pt: 1pt is 0.3528 mm. */
  font-size: calc(var(--mm) * 2.8222);
  --fg: #1d1b16;
  --muted: #5f5a4e;
  --line: #b9b09a;
  --band: #efe4cc;
  --draft-fg: #5c4000;
  --draft-bg: #fff1c2;
  --face-bg: #fffdf8;
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
}
* {
  box-sizing: border-box;
}
html,
body {
  margin: 0;
  padding: 0;
  background: #fff;
  color: var(--fg);
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', sans-serif;
  line-height: 1.25;
}
.print-title {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  margin: 0;
}
.sheet {
  position: relative;
  width: calc(var(--sheet-w) * 1mm);
  height: calc(var(--sheet-h) * 1mm);
  overflow: hidden;
  break-after: page;
  page-break-after: always;
}
.sheet:last-of-type {
  break-after: auto;
  page-break-after: auto;
}
.cut-marks {
  position: absolute;
  inset: 0;
}
.cut-marks path {
  stroke: #000;
  stroke-width: 0.2;
  fill: none;
}
.sheet-grid {
  position: absolute;
  left: calc(var(--origin-x) * 1mm);
  top: calc(var(--origin-y) * 1mm);
  display: grid;
  grid-template-columns: repeat(var(--cols), calc(var(--card-w) * 1mm));
  grid-auto-rows: calc(var(--card-h) * 1mm);
}
.cell {
  position: relative;
}
/* A side with a neighbour is cut on the shared line: its bleed is not drawn over the neighbour. */
.cell > .card {
  position: absolute;
  left: calc(var(--bleed) * -1mm);
  top: calc(var(--bleed) * -1mm);
  --clip-t: calc(var(--bleed) * var(--mm));
  --clip-r: calc(var(--bleed) * var(--mm));
  --clip-b: calc(var(--bleed) * var(--mm));
  --clip-l: calc(var(--bleed) * var(--mm));
  clip-path: inset(var(--clip-t) var(--clip-r) var(--clip-b) var(--clip-l));
}
.cell.edge-t > .card {
  --clip-t: 0px;
}
.cell.edge-b > .card {
  --clip-b: 0px;
}
/* A back sheet is the face sheet seen from behind: its left edge is the face's right. */
.sheet-face .cell.edge-l > .card,
.sheet-back .cell.edge-l > .card {
  --clip-l: 0px;
}
.sheet-face .cell.edge-r > .card,
.sheet-back .cell.edge-r > .card {
  --clip-r: 0px;
}
.card {
  position: relative;
  width: calc((var(--card-w) + 2 * var(--bleed)) * var(--mm));
  height: calc((var(--card-h) + 2 * var(--bleed)) * var(--mm));
  background: var(--face-bg);
  overflow: hidden;
}
.card-trim {
  position: absolute;
  left: calc(var(--bleed) * var(--mm));
  top: calc(var(--bleed) * var(--mm));
  width: calc(var(--card-w) * var(--mm));
  height: calc(var(--card-h) * var(--mm));
  overflow: hidden;
}
.card-face {
  display: flex;
  flex-direction: column;
  /* The safe area: 3 mm inside the cut line, where a cut a little off never reaches. */
  padding: calc(3 * var(--mm));
  gap: calc(1 * var(--mm));
}
.card-name {
  margin: 0;
  font-size: 1.25rem;
  line-height: 1.15;
  padding-bottom: calc(1 * var(--mm));
  border-bottom: calc(0.3 * var(--mm)) solid var(--fg);
}
.card-draft {
  position: absolute;
  top: calc(0.8 * var(--mm));
  right: calc(0.8 * var(--mm));
  font-size: 0.8rem;
  font-weight: 700;
  line-height: 1;
  padding: calc(0.4 * var(--mm)) calc(0.8 * var(--mm));
  border: calc(0.25 * var(--mm)) dashed var(--draft-fg);
  border-radius: calc(0.8 * var(--mm));
  background: var(--draft-bg);
  color: var(--draft-fg);
  text-transform: uppercase;
  letter-spacing: 0.04em;
}
.card-body {
  display: flex;
  flex-direction: column;
  gap: calc(1 * var(--mm));
}
.card-body p {
  margin: 0;
}
.print-draft {
  outline: calc(0.35 * var(--mm)) dashed var(--draft-fg);
  outline-offset: calc(0.3 * var(--mm));
}
.card-back-side {
  display: flex;
  align-items: center;
  justify-content: center;
}
.card-back-picture {
  width: 100%;
  height: 100%;
  object-fit: cover;
}
@media screen {
  body {
    background: #777;
  }
  .sheet {
    background: #fff;
    margin: 1rem auto;
    box-shadow: 0 0 0.5rem rgb(0 0 0 / 0.4);
  }
}`;

/** Selectors of the site's stylesheet that draw a face's parts: kept for print, where the rest (page, menus, search) has no place. */
const FACE_SELECTOR = /^(\.face-|\.draft-value|\.draft-figure|dl\.fields|\.rules-text|\.icon\b|svg\.icon-image)/;

/**
 * The rules of a stylesheet that draw a face: top-level rules (not inside
 * `@media`) whose every selector is a face part. Read from the site's own
 * stylesheet rather than copied, so a face restyled on the site prints the
 * same; the file is the tool's, read once.
 */
export function faceRulesOf(css: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let selector = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') {
      if (depth === 0) {
        selector = text.slice(start, i).trim();
        start = i + 1;
      }
      depth++;
    } else if (ch === '}') {
      depth--;
      if (depth === 0) {
        const body = text.slice(start, i);
        const selectors = selector.split(',').map((s) => s.trim());
        if (!selector.startsWith('@') && selectors.every((s) => FACE_SELECTOR.test(s))) out.push(`${selector} {${body}}`);
        start = i + 1;
      }
    }
  }
  return out.join('\n');
}

let faceCss: string | undefined;
function siteFaceCss(): string {
  faceCss ??= faceRulesOf(readFileSync(`${SITE_DIR}style.css`, 'utf8'));
  return faceCss;
}
