// A table file saved under `rulebook serve` is read again only where its text changed (csv-source.ts
// `recordsFrom`): whatever the edit, the source must be exactly what reading the whole new text gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { CsvSource } from '../compiler/load/csv-source.ts';
import { seededRandom as random } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SPELLS = readFileSync(path.join(ROOT, 'test/fixtures/games/sheet/content/sheet/spells.csv'), 'utf8');

/** Everything a later phase reads of a parsed table. */
function reading(source: CsvSource, bag: DiagnosticBag) {
  return {
    ok: source.ok,
    delimiter: source.delimiter,
    cut: source.cut,
    header: source.header,
    rows: source.rows,
    value: source.untypedValue,
    diagnostics: bag.items,
  };
}

/** The new text read after the old one (taking what it can), and read alone. */
function both(before: string, after: string, file = 'content/g/cards.csv', delimiter?: string) {
  const last = new CsvSource(file, before, delimiter).parse(new DiagnosticBag());
  const bag = new DiagnosticBag();
  const again = new CsvSource(file, after, delimiter, last).parse(bag);
  const aloneBag = new DiagnosticBag();
  const alone = new CsvSource(file, after, delimiter).parse(aloneBag);
  return { again: reading(again, bag), alone: reading(alone, aloneBag), taken: again.recordsTaken };
}

/** Text a spreadsheet's export may hold, the characters that change how a table reads weighted up. */
const PIECES = ['"', '""', ';', ',', '\n', '\r\n', '\r', '\t', ' ', 'a', 'Zoë', '7', '{ reading: 1, note: x }', 'quick | loud', '\n\n', ';;;'];

function table(rand: () => number, rows: number): string {
  const lines = ['name;cost;school;text'];
  for (let i = 0; i < rows; i++) {
    const text = rand() < 0.2 ? `"a quoted ""text""; line ${i}\nand its second line"` : `plain text ${i}`;
    lines.push(`Card ${i};${i % 7};${rand() < 0.5 ? 'flame' : 'frost'};${text}`);
    if (rand() < 0.05) lines.push(rand() < 0.5 ? '' : ';;;');
  }
  return lines.join(rand() < 0.2 ? '\r\n' : '\n') + '\n';
}

function edit(rand: () => number, text: string): string {
  const at = Math.floor(rand() * (text.length + 1));
  const cut = rand() < 0.5 ? Math.floor(rand() * 12) : 0;
  let put = '';
  const n = rand() < 0.3 ? 0 : 1 + Math.floor(rand() * 3);
  for (let k = 0; k < n; k++) put += PIECES[Math.floor(rand() * PIECES.length)];
  return text.slice(0, at) + put + text.slice(at + cut);
}

describe('a table read again after a save', () => {
  it('takes the records before and after the saved row, and reads only that row', () => {
    const before = table(random(1), 200);
    const after = before.replace('plain text 100\n', 'plain text 100, edited\n');
    expect(after).not.toBe(before);
    const r = both(before, after);
    expect(r.again).toStrictEqual(r.alone);
    // The header and every other record are taken: one record is read.
    expect(r.taken).toBeGreaterThan(190);
  });

  it('reads as reading the whole text does, whatever the edit (1,000 seeded edits, several in a row)', () => {
    const rand = random(42);
    let takenSome = 0;
    let cases = 0;
    for (let t = 0; t < 50; t++) {
      let text = rand() < 0.2 ? SPELLS : table(rand, 20 + Math.floor(rand() * 60));
      if (rand() < 0.1) text = `\ufeff${text}`;
      for (let k = 0; k < 20; k++) {
        const next = edit(rand, text);
        const r = both(text, next);
        expect({ case: cases, before: text, after: next, ...r.again }).toStrictEqual({ case: cases, before: text, after: next, ...r.alone });
        if (r.taken > 0) takenSome++;
        cases++;
        // Most edits keep the table readable, a few break it for the next ones: both are cases to read.
        text = next;
      }
    }
    expect(cases).toBe(1000);
    // Not passing by always reading the whole text.
    expect(takenSome).toBeGreaterThan(cases / 2);
  });

  it('reads the whole text again when a quote the edit opens is never closed, with the same report', () => {
    const before = ['name;cost;school;text', ...Array.from({ length: 50 }, (_, i) => `Card ${i};${i % 7};flame;plain text ${i}`)].join('\n') + '\n';
    const after = before.replace('plain text 20', '"plain text 20');
    const r = both(before, after);
    expect(r.taken).toBe(0);
    expect(r.again).toStrictEqual(r.alone);
    expect(r.again.diagnostics.map((d) => d.ruleId)).toContain('csv-unclosed-quote');
  });

  it('reads the whole text again when the header changed', () => {
    const before = table(random(4), 30);
    const r = both(before, before.replace('name;cost', 'name;price'));
    expect(r.taken).toBe(0);
    expect(r.again).toStrictEqual(r.alone);
  });
});
