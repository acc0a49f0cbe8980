// A JSON list file saved under `rulebook serve` keeps the values of the entries whose text did not change
// (json-source.ts `takeEntries`): whatever the edit, the values must be exactly what reading the new text alone gives.
import { visit } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { JsonSource } from '../compiler/load/json-source.ts';
import { ParseCache } from '../compiler/load/parse-cache.ts';
import { seededRandom as random } from './helpers.ts';

function reading(source: JsonSource, bag: DiagnosticBag) {
  return { ok: source.ok, value: source.value, placeholders: source.placeholders, readings: source.readings, diagnostics: bag.items };
}

function both(before: string, after: string) {
  const last = new JsonSource('content/g/cards.json', before).parse(new DiagnosticBag());
  const bag = new DiagnosticBag();
  const again = new JsonSource('content/g/cards.json', after, last).parse(bag);
  const aloneBag = new DiagnosticBag();
  const alone = new JsonSource('content/g/cards.json', after).parse(aloneBag);
  return { last, again, readAgain: reading(again, bag), readAlone: reading(alone, aloneBag) };
}

function cards(rand: () => number, n: number): string {
  const entries = Array.from({ length: n }, (_, i) => ({
    id: `card-${i}`,
    name: `Card ${i}`,
    cost: rand() < 0.1 ? { placeholder: 2, note: 'not printed, "yet"' } : i % 7,
    text: rand() < 0.3 ? `says "quoted", with [brackets], {braces} and a \\ backslash ${i}` : `plain ${i}`,
    tags: rand() < 0.5 ? ['a', 'b,c'] : [],
  }));
  return rand() < 0.5 ? `${JSON.stringify(entries, null, 2)}\n` : JSON.stringify(entries);
}

/** The characters that change how JSON reads, weighted up. */
const PIECES = ['"', '\\', '\\"', ',', '[', ']', '{', '}', ':', ' ', 'x', '1', '"a",', '{"id":"new","name":"New"},', '\n'];

function edit(rand: () => number, text: string): string {
  const at = Math.floor(rand() * (text.length + 1));
  const cut = rand() < 0.5 ? Math.floor(rand() * 8) : 0;
  let put = '';
  for (let k = Math.floor(rand() * 3); k >= 0; k--) put += PIECES[Math.floor(rand() * PIECES.length)];
  return text.slice(0, at) + put + text.slice(at + cut);
}

const valid = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('a JSON list read again after a save', () => {
  it("keeps the values of every entry but the saved one, the very objects, and reads the saved one's new text", () => {
    const before = cards(random(1), 100);
    const after = before.replace('"Card 50"', '"Card fifty"');
    const r = both(before, after);
    expect(r.readAgain).toStrictEqual(r.readAlone);
    const was = r.last.value as object[];
    const now = r.again.value as Array<{ name: string }>;
    expect(now[49]).toBe(was[49]);
    expect(now[51]).toBe(was[51]);
    expect(now[50]).not.toBe(was[50]);
    expect(now[50]!.name).toBe('Card fifty');
    expect(r.again.entriesTaken).toBe(99);
    // Every draft's place is known (the site compares them line by line on each save) without reading the whole
    // file's offsets again: those of the entries taken are moved, those of the saved entry read from its own text.
    const drafted = (JSON.parse(before) as Array<{ name: string; cost: unknown }>).filter((c) => typeof c.cost === 'object').at(-1)!;
    const last = both(before, after.replace(`"${drafted.name}"`, `"${drafted.name} edited"\n`));
    expect(last.again.placeholders.map((m) => m.pointer)).toContain(`/${drafted.name.slice('Card '.length)}/cost`);
    expect(last.again.placeholders.length).toBeGreaterThan(3);
    expect(last.again.placeholders.map((m) => m.place)).toStrictEqual(last.readAlone.placeholders.map((m) => m.place));
    expect((last.again as unknown as { index: unknown }).index).toBeUndefined();
  });

  it('an entry added or removed moves the entries after it, each still its own value', () => {
    const before = cards(random(2), 40);
    const list = JSON.parse(before) as unknown[];
    const added = JSON.stringify([...list.slice(0, 10), { id: 'new', name: 'New' }, ...list.slice(10)], null, 2);
    const r = both(JSON.stringify(list, null, 2), added);
    expect(r.readAgain).toStrictEqual(r.readAlone);
    // The texts are compared from each end, so the entry next to the change may be read anew; those past it are taken.
    expect((r.again.value as object[])[20]).toBe((r.last.value as object[])[19]);
    expect((r.again.value as object[])[5]).toBe((r.last.value as object[])[5]);
    expect(r.again.entriesTaken).toBeGreaterThanOrEqual(38);
    const removed = both(JSON.stringify(list, null, 2), JSON.stringify([...list.slice(0, 10), ...list.slice(11)], null, 2));
    expect(removed.readAgain).toStrictEqual(removed.readAlone);
    expect((removed.again.value as object[])[20]).toBe((removed.last.value as object[])[21]);
    expect(removed.again.entriesTaken).toBeGreaterThanOrEqual(37);
  });

  it('reads as reading the new text alone does, whatever the edit (seeded edits, several in a row)', () => {
    const rand = random(42);
    let cases = 0;
    let takenSome = 0;
    for (let t = 0; t < 60 && cases < 600; t++) {
      let text = cards(rand, 5 + Math.floor(rand() * 40));
      for (let k = 0; k < 40; k++) {
        const next = edit(rand, text);
        if (!valid(next)) continue;
        const r = both(text, next);
        expect({ case: cases, before: text, after: next, ...r.readAgain }).toStrictEqual({ case: cases, before: text, after: next, ...r.readAlone });
        if (r.again.entriesTaken > 0) takenSome++;
        cases++;
        text = next;
      }
    }
    expect(cases).toBeGreaterThan(300);
    expect(takenSome).toBeGreaterThan(cases / 2);
  });

  it('reads as reading the new text alone does where every edit is next to a comma between entries (short entries)', () => {
    // Long entries put few edits near the commas that bound what is taken: a list of short values puts most there.
    const rand = random(7);
    let cases = 0;
    for (let t = 0; t < 100; t++) {
      let text = JSON.stringify(Array.from({ length: 30 }, (_, i) => (rand() < 0.5 ? i * 7 : rand() < 0.5 ? `s${i}` : [i, `"${i}"`])));
      for (let k = 0; k < 40; k++) {
        const next = edit(rand, text);
        if (!valid(next)) continue;
        const r = both(text, next);
        expect({ case: cases, before: text, after: next, ...r.readAgain }).toStrictEqual({ case: cases, before: text, after: next, ...r.readAlone });
        cases++;
        text = next;
      }
    }
    expect(cases).toBeGreaterThan(500);
  });

  it('reads as reading alone does when each save starts from the save before it (its commas and line starts carried over)', () => {
    // What a save keeps for the next, seen from outside: the commas between the list's entries (by jsonc-parser's
    // separators at the list's own depth) and the line starts, each as the new text alone has them.
    const inner = (source: JsonSource) => source as unknown as { commas?: number[]; lineStarts?: number[] };
    const commasOf = (text: string) => {
      const out: number[] = [];
      let depth = 0;
      visit(text, {
        onArrayBegin: () => void depth++,
        onObjectBegin: () => void depth++,
        onArrayEnd: () => void depth--,
        onObjectEnd: () => void depth--,
        onSeparator: (char, offset) => void (char === ',' && depth === 1 && out.push(offset)),
      });
      return out;
    };
    const lineStartsOf = (text: string) => [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];
    const rand = random(11);
    let cases = 0;
    let carried = 0;
    let linesCarried = 0;
    for (let t = 0; t < 40; t++) {
      let text = rand() < 0.5 ? cards(rand, 5 + Math.floor(rand() * 40)) : JSON.stringify(Array.from({ length: 30 }, (_, i) => (rand() < 0.5 ? i : `s${i}`)));
      let last = new JsonSource('content/g/cards.json', text).parse(new DiagnosticBag());
      for (let k = 0; k < 40; k++) {
        const next = edit(rand, text);
        if (!valid(next)) continue;
        const bag = new DiagnosticBag();
        const again = new JsonSource('content/g/cards.json', next, last).parse(bag);
        const aloneBag = new DiagnosticBag();
        const alone = new JsonSource('content/g/cards.json', next).parse(aloneBag);
        // Read in full, the drafts' places included (which reads, or splices, the line starts).
        expect({ case: cases, before: text, after: next, ...reading(again, bag) }).toStrictEqual({
          case: cases,
          before: text,
          after: next,
          ...reading(alone, aloneBag),
        });
        const { commas, lineStarts } = inner(again);
        if (commas) {
          expect({ case: cases, commas }).toStrictEqual({ case: cases, commas: commasOf(next) });
          carried++;
        }
        if (lineStarts && inner(last).lineStarts) {
          expect({ case: cases, lineStarts: Array.from(lineStarts) }).toStrictEqual({ case: cases, lineStarts: lineStartsOf(next) });
          linesCarried++;
        }
        cases++;
        last = again;
        text = next;
      }
    }
    expect(cases).toBeGreaterThan(300);
    expect(carried).toBeGreaterThan(cases / 2);
    expect(linesCarried).toBeGreaterThan(cases / 10);
  });

  it('after a parse that failed (a file read half written, a mistake saved), the next starts from the last that read', () => {
    const cache = new ParseCache();
    const file = 'content/g/cards.json';
    const text = cards(random(9), 30);
    const good = new JsonSource(file, text).parse(new DiagnosticBag());
    cache.set(file, text, good, []);
    const half = new JsonSource(file, text.slice(0, text.length / 2), cache.lastRead(file) as JsonSource | undefined).parse(new DiagnosticBag());
    expect(half.ok).toBe(false);
    cache.set(file, half.text, half, []);
    expect(cache.lastRead(file) as JsonSource | undefined).toBe(good);
    const whole = new JsonSource(file, text.replace('"Card 3"', '"Card three"'), cache.lastRead(file) as JsonSource | undefined).parse(new DiagnosticBag());
    expect(whole.entriesTaken).toBe(29);
    cache.set(file, whole.text, whole, []);
    expect(cache.lastRead(file) as JsonSource | undefined).toBe(whole);
  });
});
