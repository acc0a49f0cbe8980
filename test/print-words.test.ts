import { describe, expect, it } from 'vitest';
import { finalRefusalLine, overflowWarnings } from '../compiler/commands/print/print-words.ts';
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
