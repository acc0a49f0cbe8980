import type { CardDecl } from '../../model.ts';
import type { CardSize, Paper } from './print-types.ts';

/**
 * A card's physical size from its manifest declaration (`card: { size, bleed }`).
 * The named sizes are the issue's (#23), the common trade sizes of card games.
 */
export const NAMED_SIZES: Readonly<Record<Exclude<CardDecl['size'], readonly [number, number]>, readonly [number, number]>> = {
  poker: [63, 88],
  bridge: [56, 87],
  mini: [44, 63],
  tarot: [70, 120],
  square: [70, 70],
};

/** Millimetres of background past the cut line when the declaration gives none. */
export const DEFAULT_BLEED_MM = 3;

/** The trimmed size and bleed of a declared card. */
export function cardSizeOf(decl: CardDecl): CardSize {
  const bleedMm = decl.bleed ?? DEFAULT_BLEED_MM;
  if (typeof decl.size === 'string') {
    const [widthMm, heightMm] = NAMED_SIZES[decl.size];
    return { widthMm, heightMm, bleedMm, named: decl.size };
  }
  const [widthMm, heightMm] = decl.size;
  return { widthMm, heightMm, bleedMm };
}

/** A sheet of paper, portrait, in millimetres. */
export interface PaperSize {
  widthMm: number;
  heightMm: number;
  /** The name CSS `@page { size }` knows it by. */
  cssName: string;
}

export const PAPERS: Readonly<Record<Paper, PaperSize>> = {
  a4: { widthMm: 210, heightMm: 297, cssName: 'A4' },
  letter: { widthMm: 215.9, heightMm: 279.4, cssName: 'letter' },
};

/** `63×88 mm`, the size as a designer reads it (with its name when it has one: `poker 63×88 mm`). */
export function sizeWords(size: CardSize): string {
  return `${size.named ? `${size.named} ` : ''}${size.widthMm}×${size.heightMm} mm`;
}
