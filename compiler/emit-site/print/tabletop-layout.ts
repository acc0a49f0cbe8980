/**
 * Tabletop Simulator decks, laid out: which card face goes in which cell of
 * which sheet image, the pixel size of a card, and the saved object (the JSON
 * a designer drops into TTS's Saved Objects folder). Pure: no browser, no disk;
 * compiler/commands/print/tabletop.ts renders the sheets and writes the files.
 *
 * What TTS expects, and where we read it:
 * - A custom deck's face image is a grid of at most 10 columns by 7 rows; the
 *   last cell (bottom right of the grid) is the "hidden" card, so a sheet holds
 *   at most 69 faces. NumWidth/NumHeight give each image's grid, one
 *   `CustomDeck` entry per image. (TTS deck templates in `Tabletop
 *   Simulator/Modding/Deck Templates`; jeandeaual/tts-deckconverter
 *   tts/template.go, `maxTemplateCols = 10`, `maxTemplateRows = 7`.)
 * - A sheet image should stay within 4096×4096 pixels (kb.tabletopsimulator.com
 *   /custom-content/asset-creation: "keep the dimensions of your images under
 *   4096x4096"; a 10×7 deck at 409×585 per card is the usual practical limit).
 * - A card's `CardID` is its `CustomDeck` key times 100 plus its cell's index
 *   (row by row from 0); `DeckIDs` lists one CardID per card in the deck, top
 *   first, a face used twice listed twice; each card in `ContainedObjects`
 *   carries its own `CustomDeck` entry (tts-deckconverter tts/builder.go; the
 *   saved decks in 1j01/systemocracy data/export/Systemocracy.json).
 * - A deck of one card does not load as a `DeckCustom`: a lone card is saved as
 *   a `Card` (JonathanGuberman/unmatched_maker#55; tts-deckconverter builder.go
 *   "Don't create a deck, only generate a single card").
 * - A saved object is a whole save file whose outer fields are left empty
 *   (`SaveName`, `Date`, `VersionNumber`, ... `""`, `Gravity`/`PlayArea` 0.5,
 *   `TabStates` `{}`) around `ObjectStates` (argonui/TTSModManager
 *   saved-object-feature.md; kb.tabletopsimulator.com/custom-content/save-file-format).
 * - With `BackIsHidden: true` the back image (BackURL) is what a hidden card
 *   shows; we still draw the back (or the collection's name) in the last cell,
 *   for TTS versions and tools that read the hidden card from the sheet.
 * - `UniqueBack: false`: BackURL is one card's back, for every card of the
 *   entry; `true`: BackURL is a sheet of backs with the faces' grid, each back
 *   behind its face (tts-deckconverter structs.go `UniqueBack`). A collection
 *   whose back template draws every card alike gets the one image; one whose
 *   backs differ gets a back sheet per face sheet.
 */
import { createHash } from 'node:crypto';
import type { CardSize, PrintCollection, PrintedCard } from './print-types.ts';

export const TTS_MAX_COLUMNS = 10;
export const TTS_MAX_ROWS = 7;
/** Faces on a full sheet: every cell but the last, the hidden card. */
export const TTS_FACES_PER_SHEET = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1;
/** The largest side of a sheet image, in pixels. */
export const TTS_MAX_SHEET_PX = 4096;
/** The finest resolution we draw at: print quality; a card is drawn coarser only when its sheet would pass TTS_MAX_SHEET_PX. */
export const TTS_MAX_DPI = 300;
/**
 * The size in millimetres TTS gives a card (a `RectangleRounded` one) at scale 1, whatever its image's shape: a
 * face is stretched onto it, so the saved object scales the card to the collection's real size and shape
 * (tts-deckconverter builder.go measures it: "Default cards are approximately 56×80mm").
 */
export const TTS_UNSCALED_CARD_MM = { width: 56, height: 80 } as const;

export interface SheetGrid {
  columns: number;
  rows: number;
}

/** One image of faces: a `CustomDeck` entry. */
export interface TabletopSheet extends SheetGrid {
  /** The `CustomDeck` key (1, 2, ...) and the number in the image's file name (`<collection>-<key>.png`). */
  key: number;
  /** The faces in cell order (row by row); the cells after them are empty but for the last, the hidden card. */
  faces: PrintedCard[];
}

/** One printed card in the deck: which face it shows. */
export interface TabletopCard {
  card: PrintedCard;
  /** TTS's `CardID`: the sheet's key × 100 + the cell's index. */
  cardId: number;
  sheetKey: number;
}

export interface TabletopDeck {
  sheets: TabletopSheet[];
  /** One per printed card (copies counted), in collection order: the top of the deck first. */
  cards: TabletopCard[];
  /** A card's size in pixels on every sheet and on the back image. */
  cardPx: { width: number; height: number };
  /** Whether the cards' backs differ (a back sheet per face sheet) rather than one back for all. */
  uniqueBack: boolean;
}

/**
 * The grid of a sheet holding `faces` faces (1 to 69) and the hidden card: the
 * fewest rows that hold them in at most 10 columns, then the fewest columns for
 * those rows. So a full sheet is 10×7, 9 faces or fewer make one row (2 faces:
 * 3×1), 12 faces make 7×2 (13 cells needed, 14 drawn: the hidden card stays
 * last, one empty cell before it). TTS reads each sheet's own grid, so sheets
 * of one deck may differ.
 */
export function sheetGrid(faces: number): SheetGrid {
  if (!Number.isInteger(faces) || faces < 1 || faces > TTS_FACES_PER_SHEET) {
    throw new RangeError(`A Tabletop Simulator sheet holds 1 to ${TTS_FACES_PER_SHEET} faces, not ${faces}.`);
  }
  const cells = faces + 1;
  const rows = Math.ceil(cells / TTS_MAX_COLUMNS);
  return { columns: Math.ceil(cells / rows), rows };
}

/**
 * A card's pixel size: 300 dpi, or less when the widest or tallest sheet of the
 * deck would pass 4096 pixels (a poker card on a full 10×7 sheet is 409×572).
 * Whole pixels, so a sheet is exactly columns × width by rows × height.
 */
export function cardPixels(size: CardSize, grids: readonly SheetGrid[]): { width: number; height: number } {
  const columns = Math.max(1, ...grids.map((g) => g.columns));
  const rows = Math.max(1, ...grids.map((g) => g.rows));
  const pxPerMm = Math.min(TTS_MAX_DPI / 25.4, TTS_MAX_SHEET_PX / (columns * size.widthMm), TTS_MAX_SHEET_PX / (rows * size.heightMm));
  return { width: Math.max(1, Math.floor(size.widthMm * pxPerMm)), height: Math.max(1, Math.floor(size.heightMm * pxPerMm)) };
}

/**
 * The collection's deck: each distinct face once, in collection order, 69 to a
 * sheet; every copy of a card names that one face. (Copies look alike, so
 * drawing them again would only fill sheets: a face is shared when its card and
 * its drawing, front and back, are the same.)
 */
export function tabletopDeck(col: PrintCollection): TabletopDeck {
  if (col.cards.length === 0) throw new RangeError(`The collection ${col.collection} has no cards to put in a Tabletop Simulator deck.`);
  const faces: PrintedCard[] = [];
  const faceIndex = new Map<string, number>();
  const faceOf = col.cards.map((card) => {
    const key = `${card.id}\u0000${card.faceHtml}\u0000${card.backHtml ?? ''}`;
    let index = faceIndex.get(key);
    if (index === undefined) {
      index = faces.push(card) - 1;
      faceIndex.set(key, index);
    }
    return index;
  });
  const sheets: TabletopSheet[] = [];
  for (let start = 0; start < faces.length; start += TTS_FACES_PER_SHEET) {
    const onSheet = faces.slice(start, start + TTS_FACES_PER_SHEET);
    sheets.push({ key: sheets.length + 1, ...sheetGrid(onSheet.length), faces: onSheet });
  }
  const cards = col.cards.map((card, i) => {
    const face = faceOf[i]!;
    const sheetKey = Math.floor(face / TTS_FACES_PER_SHEET) + 1;
    return { card, cardId: sheetKey * 100 + (face % TTS_FACES_PER_SHEET), sheetKey };
  });
  const uniqueBack = col.hasBack && new Set(col.cards.map((c) => c.backHtml ?? '')).size > 1;
  return { sheets, cards, cardPx: cardPixels(col.size, sheets), uniqueBack };
}

// ---- The saved object ---------------------------------------------------------------------------------------

/** Where TTS finds the images: one address per sheet (by key order), and the back's (one per sheet when the backs differ). */
export interface TabletopUrls {
  faces: readonly string[];
  backs: readonly string[];
}

export interface CustomDeckEntry {
  FaceURL: string;
  BackURL: string;
  NumWidth: number;
  NumHeight: number;
  BackIsHidden: true;
  UniqueBack: boolean;
  /** 0: a rectangle with rounded corners. */
  Type: 0;
}

export interface TtsTransform {
  posX: number;
  posY: number;
  posZ: number;
  rotX: number;
  rotY: number;
  rotZ: number;
  scaleX: number;
  scaleY: number;
  scaleZ: number;
}

/** The fields TTS writes for every object, in its order. */
interface TtsObjectBase {
  GUID: string;
  Name: 'Card' | 'DeckCustom';
  Transform: TtsTransform;
  Nickname: string;
  Description: string;
  GMNotes: string;
  ColorDiffuse: { r: number; g: number; b: number };
  LayoutGroupSortIndex: number;
  Value: number;
  Locked: boolean;
  Grid: boolean;
  Snap: boolean;
  IgnoreFoW: boolean;
  MeasureMovement: boolean;
  DragSelectable: boolean;
  Autoraise: boolean;
  Sticky: boolean;
  Tooltip: boolean;
  GridProjection: boolean;
  HideWhenFaceDown: boolean;
  Hands: boolean;
  SidewaysCard: boolean;
}

export interface TtsCard extends TtsObjectBase {
  Name: 'Card';
  CardID: number;
  CustomDeck: Record<string, CustomDeckEntry>;
  LuaScript: string;
  LuaScriptState: string;
  XmlUI: string;
}

export interface TtsDeck extends TtsObjectBase {
  Name: 'DeckCustom';
  DeckIDs: number[];
  CustomDeck: Record<string, CustomDeckEntry>;
  LuaScript: string;
  LuaScriptState: string;
  XmlUI: string;
  ContainedObjects: TtsCard[];
}

/** A saved object file: a save with its outer fields empty around the deck (or the lone card). */
export interface TtsSavedObject {
  SaveName: string;
  Date: string;
  VersionNumber: string;
  GameMode: string;
  GameType: string;
  GameComplexity: string;
  Tags: string[];
  Gravity: number;
  PlayArea: number;
  Table: string;
  Sky: string;
  Note: string;
  TabStates: Record<string, never>;
  LuaScript: string;
  LuaScriptState: string;
  XmlUI: string;
  ObjectStates: [TtsDeck | TtsCard];
}

/** TTS's own default tint for cards (every deck it saves carries it). */
const CARD_TINT = { r: 0.713235259, g: 0.713235259, b: 0.713235259 };

/** The deck's scale: the card's real size over TTS's unscaled card, width along x, height along z; 4 decimals, so the file reads plainly. */
function scaleOf(size: CardSize): Pick<TtsTransform, 'scaleX' | 'scaleY' | 'scaleZ'> {
  const round = (n: number) => Math.round(n * 10000) / 10000;
  return { scaleX: round(size.widthMm / TTS_UNSCALED_CARD_MM.width), scaleY: 1, scaleZ: round(size.heightMm / TTS_UNSCALED_CARD_MM.height) };
}

/**
 * GUIDs (six hex digits, as TTS writes them) derived from the game, the
 * collection and the object's place, so the same content gives the same file;
 * a clash inside the file (unlikely) hashes again.
 */
function guidMaker(col: PrintCollection): (place: string) => string {
  const used = new Set<string>();
  return (place) => {
    for (let attempt = 0; ; attempt++) {
      const guid = createHash('sha256').update(`${col.game}/${col.collection}/${place}/${attempt}`).digest('hex').slice(0, 6);
      if (!used.has(guid)) {
        used.add(guid);
        return guid;
      }
    }
  };
}

function objectBase<N extends 'Card' | 'DeckCustom'>(
  name: N,
  guid: string,
  nickname: string,
  transform: TtsTransform,
  gmNotes = '',
): TtsObjectBase & { Name: N } {
  return {
    GUID: guid,
    Name: name,
    Transform: transform,
    Nickname: nickname,
    Description: '',
    GMNotes: gmNotes,
    ColorDiffuse: { ...CARD_TINT },
    LayoutGroupSortIndex: 0,
    Value: 0,
    Locked: false,
    Grid: true,
    Snap: true,
    IgnoreFoW: false,
    MeasureMovement: false,
    DragSelectable: true,
    Autoraise: true,
    Sticky: true,
    Tooltip: true,
    GridProjection: false,
    HideWhenFaceDown: true,
    // A card goes into a player's hand; a whole deck does not.
    Hands: name === 'Card',
    SidewaysCard: false,
  };
}

/**
 * The saved object of the deck: a `DeckCustom` named after the collection,
 * face down on the table, holding one `Card` per printed card named after it
 * (its entry's ID in `GMNotes`);
 * a collection of one printed card is that `Card` alone. `urls` must give one
 * face address per sheet.
 */
export function savedObject(col: PrintCollection, deck: TabletopDeck, urls: TabletopUrls): TtsSavedObject {
  if (urls.faces.length !== deck.sheets.length) {
    throw new RangeError(`The deck of ${col.collection} has ${deck.sheets.length} sheet images but ${urls.faces.length} addresses were given for them.`);
  }
  const backs = deck.uniqueBack ? deck.sheets.length : 1;
  if (urls.backs.length !== backs) {
    throw new RangeError(
      `The deck of ${col.collection} has ${backs} back image${backs === 1 ? '' : 's'} but ${urls.backs.length} addresses were given for them.`,
    );
  }
  const entries: Record<string, CustomDeckEntry> = {};
  deck.sheets.forEach((sheet, i) => {
    entries[String(sheet.key)] = {
      FaceURL: urls.faces[i]!,
      BackURL: urls.backs[deck.uniqueBack ? i : 0]!,
      NumWidth: sheet.columns,
      NumHeight: sheet.rows,
      BackIsHidden: true,
      UniqueBack: deck.uniqueBack,
      Type: 0,
    };
  });
  const guid = guidMaker(col);
  const scale = scaleOf(col.size);
  // Face down (rotZ 180), turned to face the player (rotY 180), resting on the table (posY 1), as TTS saves a deck.
  const lying: TtsTransform = { posX: 0, posY: 1, posZ: 0, rotX: 0, rotY: 180, rotZ: 180, ...scale };
  const cards: TtsCard[] = deck.cards.map((c, i) => ({
    // The entry's ID in the GM's notes (seen by no player): a table script finds the card in the data package by it.
    ...objectBase('Card', guid(`card/${i}`), c.card.name, { ...lying }, c.card.id),
    CardID: c.cardId,
    CustomDeck: { [String(c.sheetKey)]: entries[String(c.sheetKey)]! },
    LuaScript: '',
    LuaScriptState: '',
    XmlUI: '',
  }));
  const object: TtsDeck | TtsCard =
    cards.length === 1
      ? cards[0]!
      : {
          ...objectBase('DeckCustom', guid('deck'), col.title, lying),
          DeckIDs: deck.cards.map((c) => c.cardId),
          CustomDeck: entries,
          LuaScript: '',
          LuaScriptState: '',
          XmlUI: '',
          ContainedObjects: cards,
        };
  return {
    SaveName: '',
    Date: '',
    VersionNumber: '',
    GameMode: '',
    GameType: '',
    GameComplexity: '',
    Tags: [],
    Gravity: 0.5,
    PlayArea: 0.5,
    Table: '',
    Sky: '',
    Note: '',
    TabStates: {},
    LuaScript: '',
    LuaScriptState: '',
    XmlUI: '',
    ObjectStates: [object],
  };
}

/** The file names of the deck, beside each other in `<out>/<game>/tabletop/`: `<collection>-<n>.png`, `<collection>-back.png` (or `<collection>-<n>-back.png` per sheet when the backs differ), `<collection>.json`. */
export function tabletopFileNames(col: PrintCollection, deck: TabletopDeck): { sheets: string[]; backs: string[]; json: string } {
  return {
    sheets: deck.sheets.map((s) => `${col.collection}-${s.key}.png`),
    backs: deck.uniqueBack ? deck.sheets.map((s) => `${col.collection}-${s.key}-back.png`) : [`${col.collection}-back.png`],
    json: `${col.collection}.json`,
  };
}
