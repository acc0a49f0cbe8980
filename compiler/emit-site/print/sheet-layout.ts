import { PAPERS } from './card-size.ts';
import type { CardSize, Paper } from './print-types.ts';

/**
 * Where the cards go on a printed sheet: pure grid arithmetic in millimetres.
 *
 * Cards abut at their cut lines (no gutter): one cut between two neighbours,
 * and the bleed runs past the cut only on the outer edges of the block. A
 * gutter of twice the bleed between every card would cost a row or column of
 * cards (three poker cards with 3 mm bleed are 207 mm wide, leaving an A4 sheet
 * 1.5 mm margins no printer prints), and doubles the cuts; abutting cards keep
 * nine poker cards on A4 (eight on Letter, turned). A cut a little off shows a sliver of the
 * neighbour's background instead of white, which the bleed of the same
 * background (cards of a collection share a look) makes invisible in practice.
 *
 * The block is centred and keeps at least MIN_MARGIN_MM of paper around its
 * bleed, room for the cut marks and for printers that cannot print to the edge.
 * The sheet is turned (landscape) only when that fits more cards.
 */
export const MIN_MARGIN_MM = 7;

/** How far a cut mark stays from the bleed, and how long it is. */
export const MARK_GAP_MM = 1;
export const MARK_LENGTH_MM = 5;

export interface SheetGrid {
  paper: Paper;
  /** The sheet as printed (landscape swaps the paper's sides). */
  sheetWidthMm: number;
  sheetHeightMm: number;
  landscape: boolean;
  cols: number;
  rows: number;
  /** Cards on one sheet. */
  perSheet: number;
  /** Where the top-left card's cut line (its trim, not its bleed) sits on the sheet. */
  originXMm: number;
  originYMm: number;
  size: CardSize;
}

/** A tiny tolerance so a card that fits exactly (by the millimetre) is not lost to floating point. */
const EPSILON = 1e-6;

function fitIn(widthMm: number, heightMm: number, size: CardSize): { cols: number; rows: number } {
  const usableW = widthMm - 2 * MIN_MARGIN_MM - 2 * size.bleedMm;
  const usableH = heightMm - 2 * MIN_MARGIN_MM - 2 * size.bleedMm;
  return {
    cols: Math.max(0, Math.floor(usableW / size.widthMm + EPSILON)),
    rows: Math.max(0, Math.floor(usableH / size.heightMm + EPSILON)),
  };
}

/**
 * The grid of a card size on a paper: portrait unless landscape fits more.
 * Zero cards a sheet when the card is larger than the paper (the caller says so in words).
 */
export function sheetGrid(size: CardSize, paper: Paper): SheetGrid {
  const p = PAPERS[paper];
  const portrait = fitIn(p.widthMm, p.heightMm, size);
  const turned = fitIn(p.heightMm, p.widthMm, size);
  const landscape = turned.cols * turned.rows > portrait.cols * portrait.rows;
  const { cols, rows } = landscape ? turned : portrait;
  const sheetWidthMm = landscape ? p.heightMm : p.widthMm;
  const sheetHeightMm = landscape ? p.widthMm : p.heightMm;
  return {
    paper,
    sheetWidthMm,
    sheetHeightMm,
    landscape,
    cols,
    rows,
    perSheet: cols * rows,
    originXMm: round((sheetWidthMm - cols * size.widthMm) / 2),
    originYMm: round((sheetHeightMm - rows * size.heightMm) / 2),
    size,
  };
}

/** Millimetres to a hundredth: enough for a printer, and the same bytes every time. */
export function round(mm: number): number {
  return Math.round(mm * 100) / 100;
}

/** One place on a sheet: the card's index in the collection's printed cards, or null for an empty place. */
export interface Cell {
  row: number;
  col: number;
  card: number | null;
}

/** One printed page: a sheet of faces, or the backs behind the sheet before it. */
export interface SheetPage {
  side: 'face' | 'back';
  /** 1-based sheet of faces this page belongs to. */
  sheet: number;
  /** Every place of the grid, row by row, left to right as printed. */
  cells: Cell[];
}

/**
 * The pages for `count` cards: each sheet of faces, and after it (when the
 * collection has backs) its backs mirrored so that a sheet printed on both
 * sides, flipped on its long edge, puts each back behind its face. On a
 * portrait sheet the long edge is a side: each row is reversed. On a landscape
 * (turned) sheet the long edge is the top: the paper turns over top to bottom,
 * so the rows are reversed instead, each keeping its left-to-right order
 * (reversing the rows there would put each back behind another card, or
 * behind an empty place). One instruction, "flip on the long edge", then holds
 * for every sheet the command prints.
 * Every page lays out the whole grid (empty places included), so every sheet
 * is cut along the same lines.
 */
export function sheetPages(
  count: number,
  grid: Pick<SheetGrid, 'cols' | 'rows' | 'perSheet'> & Partial<Pick<SheetGrid, 'landscape'>>,
  withBacks: boolean,
): SheetPage[] {
  if (grid.perSheet === 0) return [];
  const sheets = Math.ceil(count / grid.perSheet);
  const pages: SheetPage[] = [];
  for (let s = 0; s < sheets; s++) {
    const at = (row: number, col: number): number | null => {
      const i = s * grid.perSheet + row * grid.cols + col;
      return i < count ? i : null;
    };
    const faces: Cell[] = [];
    const backs: Cell[] = [];
    for (let row = 0; row < grid.rows; row++)
      for (let col = 0; col < grid.cols; col++) {
        faces.push({ row, col, card: at(row, col) });
        // Long-edge duplex: the back at this place is the face at the place mirrored across the sheet's long axis.
        backs.push({ row, col, card: grid.landscape ? at(grid.rows - 1 - row, col) : at(row, grid.cols - 1 - col) });
      }
    pages.push({ side: 'face', sheet: s + 1, cells: faces });
    if (withBacks) pages.push({ side: 'back', sheet: s + 1, cells: backs });
  }
  return pages;
}

/** A cut mark: a short line in the margin, on the extension of a cut line. */
export interface CutMark {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * The cut marks of a grid: for every vertical cut line (cols + 1) a mark
 * above and below the block, for every horizontal one (rows + 1) a mark left
 * and right of it; all outside the bleed, so none crosses a card.
 */
export function cutMarks(grid: SheetGrid): CutMark[] {
  const { cols, rows, originXMm: x0, originYMm: y0, size } = grid;
  const blockW = cols * size.widthMm;
  const blockH = rows * size.heightMm;
  const out = size.bleedMm + MARK_GAP_MM;
  const marks: CutMark[] = [];
  for (let c = 0; c <= cols; c++) {
    const x = round(x0 + c * size.widthMm);
    marks.push({ x1: x, y1: round(y0 - out - MARK_LENGTH_MM), x2: x, y2: round(y0 - out) });
    marks.push({ x1: x, y1: round(y0 + blockH + out), x2: x, y2: round(y0 + blockH + out + MARK_LENGTH_MM) });
  }
  for (let r = 0; r <= rows; r++) {
    const y = round(y0 + r * size.heightMm);
    marks.push({ x1: round(x0 - out - MARK_LENGTH_MM), y1: y, x2: round(x0 - out), y2: y });
    marks.push({ x1: round(x0 + blockW + out), y1: y, x2: round(x0 + blockW + out + MARK_LENGTH_MM), y2: y });
  }
  return marks;
}
