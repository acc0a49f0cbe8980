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
 * Tabletop Simulator grid: every length in it is a number of `--mm` (1mm).
 * The Tabletop sheet draws it at that size and scales the whole card into
 * its pixel cell (tabletop-html.ts), so its lines break as on paper.
 */

/** The stylesheet's selector for one collection's sizes (its name is an identifier; quoted as a CSS string all the same). */
function collectionSelector(collection: string): string {
  return `[data-collection="${collection.replace(/["\\]/g, '\\$&')}"]`;
}

/** The class that gives a card its size in the stylesheet (`card-63x88-3`: width, height, bleed in mm; a decimal point as `_`). */
export function sizeClass(size: CardSize): string {
  const n = (mm: number) => String(round(mm)).replace('.', '_');
  return `card-${n(size.widthMm)}x${n(size.heightMm)}-${n(size.bleedMm)}`;
}

/**
 * One card: a frame of the trim plus the bleed on each side, filled with the
 * face's background, the face (or back) in the trim box inside it
 * (`.card-face` or `.card-back-side`, both `.card-trim`, which hides what
 * runs past the card's edge). Sized by its size class, in `--mm`.
 */
export function cardHtml(card: PrintedCard, side: 'face' | 'back', size: CardSize): string {
  const inner = side === 'face' ? card.faceHtml : (card.backHtml ?? '');
  const drafted = side === 'face' && card.drafts.length > 0 ? ' has-draft' : '';
  return `<div class="card card-side-${side} ${sizeClass(size)}${drafted}" data-card="${esc(card.id)}" data-copy="${card.copy}"><div class="${side === 'face' ? 'card-face' : 'card-back-side'} card-trim">${inner}</div></div>`;
}

/** The print document of one collection on one paper. */
export function printDocument(col: PrintCollection, paper: Paper): PrintDocument {
  const grid = sheetGrid(col.size, paper);
  const pages = sheetPages(col.cards.length, grid, col.hasBack);
  const marks = marksSvg(grid);
  const sections = pages.map((p) => {
    const cells = p.cells.map((cell) => cellHtml(cell, p.side, col, grid)).join('');
    return `<section class="sheet sheet-${p.side}${grid.landscape ? ' turned' : ''}" data-sheet="${p.sheet}">${marks}<div class="sheet-grid">${cells}</div></section>`;
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
  const p = PAPERS[paper];
  const sizes = [...new Map(list.map((col) => [sizeClass(col.size), sizeCss(col.size)])).values()];
  return [
    `/* rulebook print: ${paper === 'a4' ? 'A4' : 'Letter'} sheets. Print at 100% scale (actual size), no margins. */`,
    `@page { size: ${p.cssName}; margin: 0; }`,
    // A sheet turned because it holds more cards that way is printed on a page turned the same way (a named page).
    `@page turned { size: ${p.cssName} landscape; margin: 0; }`,
    // The site's face rules first, so a card looks as it does on the site; the print rules after them adapt it to paper.
    "/* The site's face rules (docs-site/style.css). */",
    siteFaceCss(),
    '/* Print. */',
    PRINT_CSS,
    ...sizes,
    ...list.map((col) => collectionCss(col, paper)),
    '',
  ].join('\n');
}

/** A card size, as variables (numbers of mm) the fixed rules read. */
function sizeCss(s: CardSize): string {
  return [`.${sizeClass(s)} {`, `  --card-w: ${s.widthMm};`, `  --card-h: ${s.heightMm};`, `  --bleed: ${s.bleedMm};`, '}'].join('\n');
}

/** One collection's sheet geometry on a paper, as variables the fixed rules read. */
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
.sheet.turned {
  page: turned;
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
.cell.edge-l > .card {
  --clip-l: 0px;
}
.cell.edge-r > .card {
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
.card-head {
  display: flex;
  align-items: flex-start;
  gap: calc(1 * var(--mm));
  padding-bottom: calc(1 * var(--mm));
  border-bottom: calc(0.3 * var(--mm)) solid var(--fg);
}
.card-name {
  flex: 1;
  margin: 0;
  font-size: 1.25rem;
  line-height: 1.15;
}
/* "Draft" in the game's language beside the name: a card printed from drafted values says so on the table. */
.card-draft {
  flex: none;
  font-size: 0.8rem;
  font-weight: 700;
  line-height: 1;
  padding: calc(0.4 * var(--mm)) calc(0.8 * var(--mm));
  border: calc(0.25 * var(--mm)) dashed var(--draft-fg);
  border-radius: calc(0.8 * var(--mm));
  background: var(--draft-bg);
  color: var(--draft-fg);
}
.card-body {
  display: flex;
  flex-direction: column;
  gap: calc(1 * var(--mm));
}
.card-body p {
  margin: 0;
}
/* On a card's narrow width a long label wraps rather than squeeze its value to a sliver (the site's labels take their full width). */
.card dl.fields {
  grid-template-columns: fit-content(40%) minmax(0, 1fr);
  gap: 0.15rem 0.5rem;
  margin: 0;
}
/* A field list inside a value (a cost's resource and amount) runs on as one line that wraps. */
.card dl.fields dl.fields {
  display: flex;
  flex-wrap: wrap;
  gap: 0 0.3rem;
}
.card dl.fields dl.fields dd {
  margin-right: 0.3rem;
}
.card ul {
  margin: 0;
  padding-left: 1em;
}
/* A drafted value keeps the site's dashed box, drawn a little heavier for paper; no button follows it, so it closes on the right. */
.print-draft {
  border: calc(0.3 * var(--mm)) dashed var(--draft-fg);
  padding-right: 0.35rem;
}
/* A drafted list or table of values takes the width of its place, as a printed one does. */
.print-draft:has(ul, ol, dl) {
  display: block;
}
.card-back-side {
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  padding: calc(3 * var(--mm));
}
/* A back picture fills the whole frame, bleed included (draw it at the card's size plus the bleed on each side). */
.card-back-side:has(> .card-back-picture:only-child) {
  padding: 0;
  left: 0;
  top: 0;
  width: 100%;
  height: 100%;
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
