/**
 * The pages a browser screenshots into Tabletop Simulator's images: one per
 * sheet (its grid of faces, the hidden card last) and one for the back. Each
 * card is the print's own card (print-html.ts `cardHtml`, handed in as
 * `CardArt`), drawn at its trim size (TTS shows no bleed and no cut marks) and
 * scaled to the deck's whole-pixel cell, so a sheet is exactly columns × width
 * by rows × height pixels. Pure: the driver (compiler/commands/print/tabletop.ts)
 * renders them.
 */
import { esc as escape } from '../context.ts';
import type { PrintCollection, PrintedCard } from './print-types.ts';
import type { TabletopDeck, TabletopSheet } from './tabletop-layout.ts';

/** How a card is drawn: the print stylesheet and the HTML of one side of a card at its trim size. */
export interface CardArt {
  css: string;
  draw(card: PrintedCard, side: 'face' | 'back'): string;
}

/** A page to screenshot: its HTML and the pixel size of the image. */
export interface TabletopPage {
  html: string;
  width: number;
  height: number;
}

/** CSS pixels in a millimetre (CSS's fixed 96 px to the inch). */
const PX_PER_MM = 96 / 25.4;
/** Lengths in the generated CSS: four decimals, so the same deck gives the same bytes. */
const n = (x: number) => String(Math.round(x * 10000) / 10000);

/** The page's own rules: a grid of fixed cells, each card scaled from its millimetres to the cell's pixels. */
function tabletopCss(col: PrintCollection, deck: TabletopDeck, columns: number, rows: number): string {
  const { width, height } = deck.cardPx;
  const w = col.size.widthMm;
  const h = col.size.heightMm;
  return `
html, body { margin: 0; padding: 0; background: #fff; }
.tts-sheet { display: grid; grid-template-columns: repeat(${columns}, ${width}px); grid-template-rows: repeat(${rows}, ${height}px); width: ${columns * width}px; height: ${rows * height}px; overflow: hidden; }
.tts-cell { position: relative; width: ${width}px; height: ${height}px; overflow: hidden; }
.tts-card { position: absolute; left: 0; top: 0; width: ${n(w)}mm; height: ${n(h)}mm; transform-origin: 0 0; transform: scale(${n(width / (w * PX_PER_MM))}, ${n(height / (h * PX_PER_MM))}); }
.tts-plain { box-sizing: border-box; width: 100%; height: 100%; display: flex; align-items: center; justify-content: center; padding: 8%; background: #f4f1ea; color: #333; border: 1mm solid #999; font: 600 5mm/1.3 system-ui, sans-serif; text-align: center; overflow-wrap: anywhere; }
`;
}

function page(col: PrintCollection, art: CardArt, css: string, cells: string[]): string {
  const body = cells.map((cell) => `<div class="tts-cell">${cell}</div>`).join('\n');
  return `<!doctype html>
<html lang="${escape(col.locale)}">
<head>
<meta charset="utf-8">
<title>${escape(col.title)}</title>
<style>${art.css}
${css}</style>
</head>
<body>
<div class="tts-sheet">
${body}
</div>
</body>
</html>
`;
}

/** A card inside its cell, at its trim size. */
const cardCell = (inner: string) => `<div class="tts-card">${inner}</div>`;

/** What the hidden cell and the back image show: the collection's back, or when it has none a plain card with the collection's name. */
function backCell(col: PrintCollection, art: CardArt): string {
  const first = col.cards[0];
  if (col.hasBack && first) return cardCell(art.draw(first, 'back'));
  return cardCell(`<div class="tts-plain">${escape(col.title)}</div>`);
}

/** One sheet: its faces in cell order, empty cells after them, the hidden card in the last cell. */
export function tabletopSheetPage(col: PrintCollection, deck: TabletopDeck, sheet: TabletopSheet, art: CardArt): TabletopPage {
  return sheetPage(col, deck, sheet, art, 'face');
}

/** The backs of one sheet when the cards' backs differ (TTS's `UniqueBack`): each back in its face's cell, not mirrored. */
export function tabletopBackSheetPage(col: PrintCollection, deck: TabletopDeck, sheet: TabletopSheet, art: CardArt): TabletopPage {
  return sheetPage(col, deck, sheet, art, 'back');
}

/** A sheet of one side of its cards, in the faces' cell order, with the hidden card in the last cell. */
function sheetPage(col: PrintCollection, deck: TabletopDeck, sheet: TabletopSheet, art: CardArt, side: 'face' | 'back'): TabletopPage {
  const cells: string[] = sheet.faces.map((card) => cardCell(art.draw(card, side)));
  while (cells.length < sheet.columns * sheet.rows - 1) cells.push('');
  cells.push(backCell(col, art));
  return {
    html: page(col, art, tabletopCss(col, deck, sheet.columns, sheet.rows), cells),
    width: sheet.columns * deck.cardPx.width,
    height: sheet.rows * deck.cardPx.height,
  };
}

/** The back image: one card, what every card of the deck shows face down. */
export function tabletopBackPage(col: PrintCollection, deck: TabletopDeck, art: CardArt): TabletopPage {
  return { html: page(col, art, tabletopCss(col, deck, 1, 1), [backCell(col, art)]), width: deck.cardPx.width, height: deck.cardPx.height };
}
