import { describe, expect, it } from 'vitest';
import { draftNoteLine, finalRefusalLine, overflowWarnings, pdfSummary } from '../compiler/commands/print/print-words.ts';
import { printDocument } from '../compiler/emit-site/print/print-html.ts';
import type { CardDraft, PrintCollection, PrintedCard } from '../compiler/emit-site/print/print-types.ts';

// #23 print and play, tried as a designer would: what `rulebook print` says, read as a designer reads it.

const draft = (label: string): CardDraft => ({ path: `/${label.toLowerCase()}`, label, note: 'The rulebook gives only 4 cards = 7 points.' });
const card = (id: string, name: string, drafts: CardDraft[]): PrintedCard => ({ id, name, copy: 1, copies: 1, faceHtml: '', drafts });

const col = (cards: PrintedCard[]): PrintCollection => ({
  game: 'cangaco',
  gameName: 'Cangaço',
  collection: 'cards',
  title: 'Cangaço cards',
  locale: 'en',
  size: { widthMm: 63, heightMm: 88, bleedMm: 3, named: 'poker' },
  sizeIsReading: true,
  cards,
  hasBack: true,
  problems: [],
});

describe('--final refusing drafts', () => {
  it('says "a value is still a draft" for one, and counts several', () => {
    expect(finalRefusalLine(1)).toBe('--final: a value is still a draft; nothing was written:');
    expect(finalRefusalLine(2)).toBe('--final: 2 values are still drafts; nothing was written:');
  });
});

describe('a face that runs past its card', () => {
  it("says when the card's draft marks take room, so the designer does not cut good text for a placeholder", () => {
    const cabras = card('os-cabras', 'Os Cabras', [draft('Grants'), draft('Points'), draft('Points')]);
    const igreja = card('igreja', 'Igreja', [draft('Set size')]);
    expect(overflowWarnings(col([cabras, igreja]), [{ id: 'os-cabras', copy: 1 }])).toEqual([
      "Cangaço cards: “Os Cabras” runs past the card's edge (3 of its values are drafts, whose marks take room: it may fit once they are given): shorten its text or choose a larger card size",
    ]);
    expect(overflowWarnings(col([cabras, igreja]), [{ id: 'igreja', copy: 1 }])).toEqual([
      "Cangaço cards: “Igreja” runs past the card's edge (one of its values is a draft, whose mark takes room: it may fit once it is given): shorten its text or choose a larger card size",
    ]);
  });

  it('says nothing of drafts for a card that has none', () => {
    expect(overflowWarnings(col([card('volante', 'Volante', [])]), [{ id: 'volante', copy: 1 }])).toEqual([
      "Cangaço cards: “Volante” runs past the card's edge: shorten its text or choose a larger card size",
    ]);
  });
});

describe('printing drafts without --final', () => {
  it('says which cards show a draft, each entry once however many copies it prints', () => {
    const saffron = card('saffron', 'Saffron', [draft('Cost')]);
    const copies = [1, 2, 3].map((copy) => ({ ...card('tea', 'Green Tea', [draft('Cost'), draft('Kind')]), copy, copies: 3 }));
    expect(draftNoteLine(col([card('silk', 'Silk Bale', []), saffron]))).toBe(
      'cangaco/cards: “Saffron” prints with a draft value, marked "draft" on the card (--final refuses while any remain)',
    );
    expect(draftNoteLine(col([...copies, saffron]))).toBe(
      'cangaco/cards: 2 cards print with draft values, marked "draft" on each: “Green Tea”, “Saffron” (--final refuses while any remain)',
    );
    const many = Array.from({ length: 7 }, (_, i) => card(`c${i}`, `Card ${i}`, [draft('Points')]));
    expect(draftNoteLine(col(many))).toContain(': “Card 0”, “Card 1”, “Card 2”, “Card 3”, “Card 4” and 2 more (');
    expect(draftNoteLine(col([card('silk', 'Silk Bale', [])]))).toBeUndefined();
  });
});

describe('what was written', () => {
  it('says a sheet is landscape when it is turned (poker cards on Letter), and nothing of it on a portrait one', () => {
    const c = col(['a', 'b', 'c'].map((id) => card(id, id, [])));
    expect(pdfSummary(c, printDocument(c, 'a4'), 'a4')).toBe('3 cards on 2 pages (A4, 9 a sheet, backs mirrored for long-edge duplex)');
    expect(pdfSummary(c, printDocument(c, 'letter'), 'letter')).toBe('3 cards on 2 pages (Letter landscape, 8 a sheet, backs mirrored for long-edge duplex)');
  });
});
