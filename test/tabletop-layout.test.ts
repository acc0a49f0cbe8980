import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostedUrl, localFileUrl } from '../compiler/commands/print/tabletop.ts';
import type { CardSize, PrintCollection, PrintedCard } from '../compiler/emit-site/print/print-types.ts';
import { tabletopBackPage, tabletopBackSheetPage, tabletopSheetPage, type CardArt } from '../compiler/emit-site/print/tabletop-html.ts';
import {
  cardPixels,
  savedObject,
  sheetGrid,
  tabletopDeck,
  tabletopFileNames,
  TTS_FACES_PER_SHEET,
  TTS_MAX_SHEET_PX,
  type TtsCard,
  type TtsDeck,
} from '../compiler/emit-site/print/tabletop-layout.ts';
import { madeUpCollection } from './print-project.ts';

const POKER: CardSize = { widthMm: 63, heightMm: 88, bleedMm: 3, named: 'poker' };

const collection = madeUpCollection;

/** Fake URLs for a deck: what the driver would write. */
function urls(col: PrintCollection) {
  const deck = tabletopDeck(col);
  const files = tabletopFileNames(col, deck);
  return {
    deck,
    files,
    urls: { faces: files.sheets.map((f) => `https://example.org/tts/${f}`), backs: files.backs.map((f) => `https://example.org/tts/${f}`) },
  };
}

describe('sheet grids', () => {
  it('chooses the fewest rows of at most 10 columns holding the faces and the hidden card', () => {
    expect(sheetGrid(1)).toEqual({ columns: 2, rows: 1 });
    expect(sheetGrid(9)).toEqual({ columns: 10, rows: 1 });
    expect(sheetGrid(10)).toEqual({ columns: 6, rows: 2 });
    expect(sheetGrid(12)).toEqual({ columns: 7, rows: 2 });
    expect(sheetGrid(68)).toEqual({ columns: 10, rows: 7 });
    expect(sheetGrid(69)).toEqual({ columns: 10, rows: 7 });
  });

  it('always leaves the last cell for the hidden card and never passes 10 by 7', () => {
    for (let faces = 1; faces <= TTS_FACES_PER_SHEET; faces++) {
      const g = sheetGrid(faces);
      expect(g.columns * g.rows, `${faces} faces`).toBeGreaterThan(faces);
      expect(g.columns).toBeLessThanOrEqual(10);
      expect(g.rows).toBeLessThanOrEqual(7);
    }
  });

  it('refuses a sheet it cannot be, in words', () => {
    expect(() => sheetGrid(0)).toThrow(/1 to 69 faces, not 0/);
    expect(() => sheetGrid(70)).toThrow(/1 to 69 faces, not 70/);
  });

  it.each([
    [1, [[2, 1]]],
    [12, [[7, 2]]],
    [69, [[10, 7]]],
    [
      70,
      [
        [10, 7],
        [2, 1],
      ],
    ],
    [
      140,
      [
        [10, 7],
        [10, 7],
        [3, 1],
      ],
    ],
  ])('lays %i cards on sheets of 69', (count, grids) => {
    const deck = tabletopDeck(collection(count));
    expect(deck.sheets.map((s) => [s.columns, s.rows])).toEqual(grids);
    expect(deck.sheets.map((s) => s.key)).toEqual(grids.map((_, i) => i + 1));
    expect(deck.sheets.flatMap((s) => s.faces.map((c) => c.id))).toEqual(collection(count).cards.map((c) => c.id));
  });
});

describe('card ids', () => {
  it('numbers each card by its sheet key times 100 plus its cell', () => {
    const deck = tabletopDeck(collection(140));
    expect(deck.cards).toHaveLength(140);
    expect(deck.cards[0]).toMatchObject({ cardId: 100, sheetKey: 1 });
    expect(deck.cards[68]).toMatchObject({ cardId: 168, sheetKey: 1 });
    expect(deck.cards[69]).toMatchObject({ cardId: 200, sheetKey: 2 });
    expect(deck.cards[138]).toMatchObject({ cardId: 300, sheetKey: 3 });
    expect(deck.cards[139]).toMatchObject({ cardId: 301, sheetKey: 3 });
  });

  it('draws a face once for all its copies and lists every copy', () => {
    const col = collection(2);
    const [a, b] = col.cards as [PrintedCard, PrintedCard];
    col.cards = [
      { ...a, copies: 3, copy: 1 },
      { ...a, copies: 3, copy: 2 },
      { ...a, copies: 3, copy: 3 },
      { ...b, copies: 2, copy: 1 },
      { ...b, copies: 2, copy: 2 },
    ];
    const deck = tabletopDeck(col);
    expect(deck.sheets).toHaveLength(1);
    expect(deck.sheets[0]!.faces.map((c) => c.id)).toEqual(['card-1', 'card-2']);
    expect(deck.cards.map((c) => c.cardId)).toEqual([100, 100, 100, 101, 101]);
  });

  it('refuses an empty collection, naming it', () => {
    expect(() => tabletopDeck(collection(0))).toThrow(/collection cards has no cards/);
  });
});

describe('pixel size', () => {
  it('draws at 300 dpi when the sheet allows it', () => {
    // 63 mm at 300 dpi is 744.09 px; 3 columns of it stay under 4096.
    expect(cardPixels(POKER, [{ columns: 3, rows: 1 }])).toEqual({ width: 744, height: 1039 });
  });

  it('keeps a full 10 by 7 sheet within 4096 pixels', () => {
    const px = cardPixels(POKER, [{ columns: 10, rows: 7 }]);
    expect(px).toEqual({ width: 409, height: 572 });
    expect(px.width * 10).toBeLessThanOrEqual(TTS_MAX_SHEET_PX);
    expect(px.height * 7).toBeLessThanOrEqual(TTS_MAX_SHEET_PX);
  });

  it('lets a tall card be bound by the rows', () => {
    const tarot: CardSize = { widthMm: 70, heightMm: 120, bleedMm: 3 };
    const px = cardPixels(tarot, [{ columns: 10, rows: 7 }]);
    expect(px.height * 7).toBeLessThanOrEqual(TTS_MAX_SHEET_PX);
    expect(px.height).toBe(585);
  });
});

describe('the saved object', () => {
  it('is a save with empty outer fields around one DeckCustom', () => {
    const col = collection(70);
    const { deck, urls: u } = urls(col);
    const saved = savedObject(col, deck, u);
    expect(Object.keys(saved)).toEqual([
      'SaveName',
      'Date',
      'VersionNumber',
      'GameMode',
      'GameType',
      'GameComplexity',
      'Tags',
      'Gravity',
      'PlayArea',
      'Table',
      'Sky',
      'Note',
      'TabStates',
      'LuaScript',
      'LuaScriptState',
      'XmlUI',
      'ObjectStates',
    ]);
    expect(saved.Date).toBe('');
    expect(saved.TabStates).toEqual({});
    expect(saved.ObjectStates).toHaveLength(1);
    const d = saved.ObjectStates[0] as TtsDeck;
    expect(d.Name).toBe('DeckCustom');
    expect(d.Nickname).toBe('Cards');
    expect(d.DeckIDs).toHaveLength(70);
    expect(d.DeckIDs.slice(68)).toEqual([168, 200]);
    expect(d.CustomDeck).toEqual({
      '1': {
        FaceURL: 'https://example.org/tts/cards-1.png',
        BackURL: 'https://example.org/tts/cards-back.png',
        NumWidth: 10,
        NumHeight: 7,
        BackIsHidden: true,
        UniqueBack: false,
        Type: 0,
      },
      '2': {
        FaceURL: 'https://example.org/tts/cards-2.png',
        BackURL: 'https://example.org/tts/cards-back.png',
        NumWidth: 2,
        NumHeight: 1,
        BackIsHidden: true,
        UniqueBack: false,
        Type: 0,
      },
    });
    expect(d.ContainedObjects).toHaveLength(70);
    const last = d.ContainedObjects[69]!;
    expect(last).toMatchObject({ Name: 'Card', Nickname: 'Card 70', CardID: 200, GMNotes: 'card-70' });
    expect(d.GMNotes).toBe('');
    expect(Object.keys(last.CustomDeck)).toEqual(['2']);
    expect(last.CustomDeck['2']).toEqual(d.CustomDeck['2']);
    for (const key of ['posX', 'posY', 'posZ', 'rotX', 'rotY', 'rotZ', 'scaleX', 'scaleY', 'scaleZ'])
      expect(typeof (d.Transform as unknown as Record<string, unknown>)[key]).toBe('number');
    // Face down, poker-sized against TTS's 56×80 mm card.
    expect(d.Transform).toMatchObject({ rotZ: 180, scaleX: 1.125, scaleY: 1, scaleZ: 1.1 });
  });

  it('gives every object its own six-digit GUID, the same on every run', () => {
    const col = collection(70);
    const { deck, urls: u } = urls(col);
    const saved = savedObject(col, deck, u);
    const d = saved.ObjectStates[0] as TtsDeck;
    const guids = [d.GUID, ...d.ContainedObjects.map((c) => c.GUID)];
    for (const g of guids) expect(g).toMatch(/^[0-9a-f]{6}$/);
    expect(new Set(guids).size).toBe(guids.length);
    expect(JSON.stringify(savedObject(col, tabletopDeck(col), u))).toBe(JSON.stringify(saved));
    // Another game's deck does not share them.
    const other = { ...col, game: 'other' };
    expect((savedObject(other, tabletopDeck(other), u).ObjectStates[0] as TtsDeck).GUID).not.toBe(d.GUID);
  });

  it('saves a collection of one printed card as a lone Card', () => {
    const col = collection(1);
    const { deck, urls: u } = urls(col);
    const card = savedObject(col, deck, u).ObjectStates[0] as TtsCard;
    expect(card.Name).toBe('Card');
    expect(card.Nickname).toBe('Card 1');
    expect(card.CardID).toBe(100);
    expect(card.CustomDeck['1']).toMatchObject({ NumWidth: 2, NumHeight: 1 });
    expect('DeckIDs' in card).toBe(false);
  });

  it('keeps copies of one card as a deck', () => {
    const col = collection(1);
    col.cards = [col.cards[0]!, { ...col.cards[0]!, copy: 2 }];
    const { deck, urls: u } = urls(col);
    const d = savedObject(col, deck, u).ObjectStates[0] as TtsDeck;
    expect(d.Name).toBe('DeckCustom');
    expect(d.DeckIDs).toEqual([100, 100]);
  });

  it('gives each sheet a sheet of backs when the backs differ', () => {
    const col = collection(3, { hasBack: true });
    col.cards = col.cards.map((c, i) => ({ ...c, backHtml: `<p>back ${i % 2}</p>` }));
    const { deck, files, urls: u } = urls(col);
    expect(deck.uniqueBack).toBe(true);
    expect(files.backs).toEqual(['cards-1-back.png']);
    const d = savedObject(col, deck, u).ObjectStates[0] as TtsDeck;
    expect(d.CustomDeck['1']).toMatchObject({ BackURL: 'https://example.org/tts/cards-1-back.png', UniqueBack: true });
  });

  it('says which addresses are missing', () => {
    const col = collection(70);
    const deck = tabletopDeck(col);
    expect(() => savedObject(col, deck, { faces: ['a.png'], backs: ['b.png'] })).toThrow(/2 sheet images but 1 addresses/);
    expect(() => savedObject(col, deck, { faces: ['a.png', 'b.png'], backs: [] })).toThrow(/1 back image but 0 addresses/);
  });
});

describe('the pages to screenshot', () => {
  const art: CardArt = {
    css: '.card { background: red; }',
    draw: (card, side) => `<div class="card" data-card="${card.id}" data-side="${side}">${card.name}</div>`,
  };

  it('puts the faces in order, empty cells, then the hidden card last', () => {
    const col = collection(12);
    const deck = tabletopDeck(col);
    const page = tabletopSheetPage(col, deck, deck.sheets[0]!, art);
    expect(page.width).toBe(7 * deck.cardPx.width);
    expect(page.height).toBe(2 * deck.cardPx.height);
    const cells = page.html.match(/<div class="tts-cell">/g) ?? [];
    expect(cells).toHaveLength(14);
    expect([...page.html.matchAll(/data-card="([^"]+)"/g)].map((m) => m[1])).toEqual(col.cards.map((c) => c.id));
    expect(page.html).toContain('<div class="tts-cell"></div>\n<div class="tts-cell"><div class="tts-card"><div class="tts-plain">Cards</div></div></div>');
    expect(page.html).toContain('.card { background: red; }');
    expect(page.html).toContain(`grid-template-columns: repeat(7, ${deck.cardPx.width}px)`);
  });

  it('draws the back in the hidden cell and on the back image when there is one', () => {
    const col = collection(2, { hasBack: true });
    col.cards = col.cards.map((c) => ({ ...c, backHtml: '<p>back</p>' }));
    const deck = tabletopDeck(col);
    expect(tabletopSheetPage(col, deck, deck.sheets[0]!, art).html).toContain('data-card="card-1" data-side="back"');
    const back = tabletopBackPage(col, deck, art);
    expect(back).toMatchObject({ width: deck.cardPx.width, height: deck.cardPx.height });
    expect(back.html).toContain('data-side="back"');
    expect(back.html).not.toContain('data-side="face"');
  });

  it('puts each back in its face’s cell on a back sheet', () => {
    const col = collection(3, { hasBack: true });
    col.cards = col.cards.map((c, i) => ({ ...c, backHtml: `<p>back ${i}</p>` }));
    const deck = tabletopDeck(col);
    const page = tabletopBackSheetPage(col, deck, deck.sheets[0]!, art);
    expect([...page.html.matchAll(/data-card="([^"]+)" data-side="back"/g)].map((m) => m[1])).toEqual(['card-1', 'card-2', 'card-3', 'card-1']);
  });

  it('escapes the collection’s name on the plain card', () => {
    const col = collection(1, { title: '<Cards & Co>' });
    const deck = tabletopDeck(col);
    expect(tabletopSheetPage(col, deck, deck.sheets[0]!, art).html).toContain('&lt;Cards &amp; Co&gt;');
  });
});

describe('image addresses', () => {
  it('gives a local file as TTS writes one: file:/// and the absolute path', () => {
    expect(localFileUrl('/home/ana/print/demo/tabletop/cards-1.png')).toBe('file:///home/ana/print/demo/tabletop/cards-1.png');
    expect(localFileUrl('print/x.png')).toBe(`file:///${path.resolve('print/x.png').replace(/^\/+/, '')}`);
  });

  it('puts a hosted file under the base, with or without its trailing slash', () => {
    expect(hostedUrl('https://example.org/decks', 'cards-1.png')).toBe('https://example.org/decks/cards-1.png');
    expect(hostedUrl('https://example.org/decks/', 'cards-back.png')).toBe('https://example.org/decks/cards-back.png');
  });
});
