import { sizeWords } from '../../emit-site/print/card-size.ts';
import { sheetGrid } from '../../emit-site/print/sheet-layout.ts';
import type { Paper, PrintCollection, PrintDocument } from '../../emit-site/print/print-types.ts';
import type { OverflowingCard } from './pdf.ts';

/** What `rulebook print` tells the designer about the cards: drafts, faces that overflow, size readings, what was written. */

export const PAPER_NAMES: Record<Paper, string> = { a4: 'A4', letter: 'Letter' };

/** Each entry with a draft on a printed card, once (not once per copy): game, collection, card, value, why. */
export function draftsOf(collections: readonly PrintCollection[]): string[] {
  const lines: string[] = [];
  for (const col of collections) {
    // A size that is a placeholder is a draft of every card (a reading is a choice made, and prints as final).
    if (col.sizeMark?.kind === 'placeholder') lines.push(`${col.game}, ${col.title}, card size: ${sizeWords(col.size)}: ${col.sizeMark.note}`);
    const seen = new Set<string>();
    for (const card of col.cards) {
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      for (const d of card.drafts) lines.push(`${col.game}, ${col.title}, “${card.name}”: ${d.label}: ${d.note}`);
    }
  }
  return lines;
}

/** The first line of `--final`'s refusal: "a value is still a draft", "2 values are still drafts". */
export function finalRefusalLine(count: number): string {
  return `--final: ${count === 1 ? 'a value is still a draft' : `${count} values are still drafts`}; nothing was written:`;
}

/** One warning per entry whose face overflows (its copies are the same face), naming the card as the designer knows it. */
export function overflowWarnings(col: PrintCollection, overflowing: readonly OverflowingCard[]): string[] {
  const ids = [...new Set(overflowing.map((o) => o.id))];
  return ids.map((id) => {
    const card = col.cards.find((c) => c.id === id);
    const copies = overflowing.filter((o) => o.id === id);
    const copyWords = card && card.copies > 1 && copies.length < card.copies ? ` (copy ${copies.map((o) => o.copy).join(', ')})` : '';
    // A draft's mark ("not given by the rulebook", "draft") is often longer than the value it stands for: said, so the
    // designer knows the card may fit once its values are given, and does not cut good text for a placeholder.
    const drafts = card?.drafts.length ?? 0;
    const draftWords = drafts
      ? ` (${drafts === 1 ? 'one of its values is a draft, whose mark takes' : `${drafts} of its values are drafts, whose marks take`} room: it may fit once ${drafts === 1 ? 'it is' : 'they are'} given)`
      : '';
    return `${col.title}: “${card?.name ?? id}”${copyWords} runs past the card's edge${draftWords}: shorten its text or choose a larger card size`;
  });
}

export function where(col: PrintCollection): string {
  return `${col.game}/${col.collection}`;
}

/** "5 cards on 2 pages (A4, 9 a sheet, backs mirrored for long-edge duplex)"; "(Letter landscape, 8 a sheet, ...)" for a turned sheet. */
export function pdfSummary(col: PrintCollection, doc: PrintDocument, paper: Paper): string {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const backs = col.hasBack ? 'backs mirrored for long-edge duplex' : 'no backs';
  // A turned sheet is said: the print dialog must keep it landscape (and its backs turn over the top edge).
  const turned = sheetGrid(col.size, paper).landscape ? ' landscape' : '';
  return `${n(col.cards.length, 'card')} on ${n(doc.pages, 'page')} (${PAPER_NAMES[paper]}${turned}, ${doc.perPage} a sheet, ${backs})`;
}

/** A size that is a reading or a placeholder, said once per collection, with the content's note; undefined for a size given. */
export function sizeMarkLine(col: PrintCollection): string | undefined {
  const mark = col.sizeMark ?? (col.sizeIsReading ? { kind: 'reading' as const, note: '' } : undefined);
  if (!mark) return undefined;
  const words =
    mark.kind === 'reading'
      ? `size not printed in the rulebook: ${sizeWords(col.size)} is this edition's reading`
      : `size not decided yet: ${sizeWords(col.size)} is a draft`;
  return `${where(col)}: ${words}${mark.note ? ` (${mark.note})` : ''}`;
}

/**
 * How many entries of a collection print with a draft on them (copies counted once), said when printing without
 * --final, so a prototype printed from drafts is known to be one before it is cut; undefined when none.
 */
export function draftNoteLine(col: PrintCollection): string | undefined {
  const ids = new Set(col.cards.filter((c) => c.drafts.length > 0).map((c) => c.id));
  if (!ids.size) return undefined;
  const names = col.cards.filter((c) => ids.has(c.id) && c.copy === 1).map((c) => `“${c.name}”`);
  const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  const words =
    ids.size === 1
      ? `${shown} prints with a draft value, marked "draft" on the card`
      : `${ids.size} cards print with draft values, marked "draft" on each: ${shown}`;
  return `${where(col)}: ${words} (--final refuses while any remain)`;
}

/** A card that does not fit the paper with room for its cut marks (no sheet can hold it). */
export function tooLargeLine(col: PrintCollection, paper: Paper): string {
  return `${where(col)}: a ${sizeWords(col.size)} card with ${col.size.bleedMm} mm bleed does not fit on ${PAPER_NAMES[paper]} paper with room for cut marks: choose a smaller card size`;
}
