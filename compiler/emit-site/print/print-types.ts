/**
 * What `rulebook print` lays out: the cards of one collection, each copy
 * once, in collection order, with the face the site draws (one look
 * everywhere) and the back. The layout (sheets for a PDF, grids for
 * Tabletop Simulator) and the rendering (a headless browser) read these.
 */

/** A card's physical size in millimetres: its trim (the cut line) and the bleed past it on each side. */
export interface CardSize {
  widthMm: number;
  heightMm: number;
  bleedMm: number;
  /** The named size it came from (`poker`), when it did. */
  named?: string;
}

/** A value on the card that is a draft (a placeholder): which value, in the reader's words, and why. */
export interface CardDraft {
  /** Where the value is in the entry (`/cost`; '' for the whole entry). */
  path: string;
  /** The value's label as the card shows it ("Cost"), or the entry's name for the whole entry. */
  label: string;
  note: string;
}

/** One printed card: one copy of one entry. */
export interface PrintedCard {
  id: string;
  /** The entry's display name in the printed locale. */
  name: string;
  /** Which copy this is (1-based) of how many the entry's `copies` says. */
  copy: number;
  copies: number;
  /** The face's inner HTML (sanitised, no links, no site chrome), drawn inside a frame of the trim size. */
  faceHtml: string;
  /** The back's inner HTML, when the collection has a back. */
  backHtml?: string;
  /** The drafts this card shows (empty when none). */
  drafts: CardDraft[];
}

/** One collection's cards, ready to lay out. */
export interface PrintCollection {
  game: string;
  gameName: string;
  collection: string;
  /** The collection's title in the printed locale. */
  title: string;
  /** The locale the cards are printed in (the game's main one). */
  locale: string;
  size: CardSize;
  /** Whether the size is a reading (the rulebook prints no size): said once by the command, never on a card. */
  sizeIsReading: boolean;
  cards: PrintedCard[];
  hasBack: boolean;
  /** The reading or placeholder the size is, when it is one: a reading is "this edition's reading", a placeholder "not decided yet" (the command says which once). */
  sizeMark?: { kind: 'reading' | 'placeholder'; note: string };
  /** What keeps the collection from printing as declared (a back picture that is not there), in the designer's words: the command reports each as an error. */
  problems: string[];
}

/** The print HTML of one collection: the document, the stylesheet it links (`print.css`), and how it is paged. */
export interface PrintDocument {
  html: string;
  css: string;
  /** Sheets in the document, backs included. */
  pages: number;
  /** Cards on a full sheet. */
  perPage: number;
}

export type Paper = 'a4' | 'letter';
