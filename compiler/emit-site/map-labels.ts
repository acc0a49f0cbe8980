/**
 * Where each space's name goes on a drawn map: beside its circle, on the
 * side that overlaps the fewest other circles, names already placed and
 * border lines, so that no name is drawn over a space (a reader on a phone
 * zooms into a crowded corner and still reads every name).
 *
 * Text is not measured here (no fonts at build time): a name's box is
 * estimated from its length at the map's label size, generously, so the
 * real text fits inside the box the placement kept clear.
 */

export interface Circle {
  x: number;
  y: number;
  r: number;
}
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Label {
  /** The text's anchor point and alignment, as SVG `<text x y text-anchor>` takes them. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  box: Box;
}

/** The label font size in map units (the stylesheet's `svg .label` font-size). */
export const LABEL_SIZE = 24;
/** A bold system font's widest average glyph, as a share of the font size; wider than most text, so the box errs on the safe side. */
const GLYPH = 0.62;
const GAP = 6;
/** The clear space kept around a name, so that two names never stack into one line of text. */
export const NAME_GAP = LABEL_SIZE * 0.4;

/** A box with `by` more on every side. */
export function grown(b: Box, by: number): Box {
  return { x: b.x - by, y: b.y - by, w: b.w + 2 * by, h: b.h + 2 * by };
}

/** The estimated box of a name whose text is anchored at (x, y). */
export function labelBox(text: string, x: number, y: number, anchor: Label['anchor']): Box {
  const w = [...text].length * LABEL_SIZE * GLYPH;
  const h = LABEL_SIZE * 1.2;
  const left = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  // The baseline sits at y: most of the glyph is above it, descenders below.
  return { x: left, y: y - LABEL_SIZE * 0.9, w, h };
}

/** The spots beside a circle a name may take, nearest first, below first (the old default); the second ring sits further out. */
function candidates(text: string, c: Circle): Label[] {
  const out: Label[] = [];
  for (const extra of [0, LABEL_SIZE, LABEL_SIZE * 2.5]) {
    const d = c.r + GAP + extra;
    const spots: Array<[number, number, Label['anchor']]> = [
      [c.x, c.y + d + LABEL_SIZE * 0.9, 'middle'],
      [c.x + d, c.y + LABEL_SIZE * 0.35, 'start'],
      [c.x, c.y - d - LABEL_SIZE * 0.3, 'middle'],
      [c.x - d, c.y + LABEL_SIZE * 0.35, 'end'],
      [c.x + d * 0.72, c.y + d * 0.72 + LABEL_SIZE * 0.9, 'start'],
      [c.x - d * 0.72, c.y + d * 0.72 + LABEL_SIZE * 0.9, 'end'],
      [c.x + d * 0.72, c.y - d * 0.72, 'start'],
      [c.x - d * 0.72, c.y - d * 0.72, 'end'],
    ];
    for (const [x, y, anchor] of spots) out.push({ x, y, anchor, box: labelBox(text, x, y, anchor) });
  }
  return out;
}

/** The area a box shares with another box. */
export function boxOverlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** How deep a circle reaches into a box (0 when they do not touch). */
export function circleIntrusion(b: Box, c: Circle): number {
  const nx = Math.max(b.x, Math.min(c.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(c.y, b.y + b.h));
  return Math.max(0, c.r - Math.hypot(c.x - nx, c.y - ny));
}

/** How far a box's nearest point lies from a circle's edge. */
function gap(b: Box, c: Circle): number {
  const nx = Math.max(b.x, Math.min(c.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(c.y, b.y + b.h));
  return Math.hypot(c.x - nx, c.y - ny) - c.r;
}

/** Whether a segment crosses a box (a border line under a name makes it hard to read). */
function crosses(s: Segment, b: Box): boolean {
  // Liang-Barsky clipping: the segment crosses the box when some part of it survives.
  let t0 = 0;
  let t1 = 1;
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  for (const [p, q] of [
    [-dx, s.x1 - b.x],
    [dx, b.x + b.w - s.x1],
    [-dy, s.y1 - b.y],
    [dy, b.y + b.h - s.y1],
  ] as const) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * One label per circle (same order). Circles are placed in turn, crowded
 * ones first, each taking its cheapest spot: a circle under the name costs
 * most, then another name, then a name nearer another space than its own,
 * then a line; a spot outside `bounds` costs as much as a name.
 */
export function placeLabels(names: readonly string[], circles: readonly Circle[], lines: readonly Segment[], bounds?: Box): Label[] {
  const placed: Array<Label | undefined> = new Array(names.length);
  const crowd = (i: number) => circles.filter((c, j) => j !== i && Math.hypot(c.x - circles[i]!.x, c.y - circles[i]!.y) < 200).length;
  const order = names.map((_, i) => i).sort((a, b) => crowd(b) - crowd(a) || a - b);
  for (const i of order) {
    let best: Label | undefined;
    let bestCost = Infinity;
    for (const spot of candidates(names[i]!, circles[i]!)) {
      let cost = 0;
      for (const c of circles) cost += circleIntrusion(spot.box, c) * 10_000;
      // A name nearer another space than its own reads as that space's name.
      const own = gap(spot.box, circles[i]!);
      for (const [j, c] of circles.entries()) if (j !== i && gap(spot.box, c) < own) cost += 300;
      // Two names closer than this gap read as one ("Cabrobó" over "Raso da Catarina"): the gap counts as overlap.
      for (const other of placed) if (other) cost += boxOverlap(grown(spot.box, NAME_GAP), other.box) * 10;
      for (const line of lines) if (crosses(line, spot.box)) cost += 50;
      if (bounds) cost += (spot.box.w * spot.box.h - boxOverlap(spot.box, bounds)) * 10;
      // Nearer spots first among equals: the name stays visibly with its space.
      if (cost < bestCost) [best, bestCost] = [spot, cost];
    }
    placed[i] = best;
  }
  return placed as Label[];
}
