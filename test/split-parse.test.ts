// A large YAML file parsed in slices on worker threads (load/parse-pool.ts, load/split-sequence.ts) reads exactly as the
// whole file parsed on the main thread: the same values, marks, places and diagnostics, good files and broken ones.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { loadYaml } from '../compiler/load/game.ts';
import { preparse } from '../compiler/load/parse-pool.ts';
import { sharedText, sliceOf } from '../compiler/load/split-sequence.ts';

/** Forty entries, so every file is cut into several slices; `i` is the entry's index. */
function entries(entry: (i: number) => string): string {
  return Array.from({ length: 40 }, (_, i) => entry(i)).join('');
}

const plain = (i: number) => `- id: card-${i}\n  name: Card ${i}\n  points: ${i}\n  tags: [a, b]\n  text: |\n    Line one of ${i}\n    - not an entry\n`;
const middle = (broken: string) => entries((i) => (i === 20 ? broken : plain(i)));

/** Files that split and join (the fast path), and files that must read as the whole file reads. */
const FILES: Record<string, string | Buffer> = {
  'good.yaml': `# The cards\n\n${entries(plain)}`,
  'crlf.yaml': entries(plain).replace(/\n/g, '\r\n'),
  'marks.yaml': entries((i) =>
    i % 7 === 3
      ? `- id: card-${i}\n  points: { placeholder: ${i}, note: Not printed yet. }\n  cost:\n    reading: 2\n    note: The rules are silent.\n`
      : plain(i),
  ),
  'comments.yaml': entries((i) => `# entry ${i}\n${plain(i)}\n`),
  'anchor-within.yaml': entries((i) => `- base: &b${i} { x: ${i} }\n  copy: *b${i}\n`),
  'bad-indent.yaml': middle('- id: card-20\n  name: Card 20\n   points: 3\n'),
  'unclosed-quote.yaml': middle('- id: card-20\n  name: "Card 20\n  points: 3\n'),
  'unclosed-bracket.yaml': middle('- id: card-20\n  tags: [a, b\n  points: 3\n'),
  'unclosed-two.yaml': entries((i) => (i === 5 ? '- id: x\n  tags: [a\n' : i === 30 ? "- id: y\n  name: 'open\n" : plain(i))),
  'unclosed-and-indent.yaml': entries((i) => (i === 5 ? '- id: x\n  tags: [a\n' : i === 30 ? '- id: y\n  name: a\n   points: 3\n' : plain(i))),
  'tab.yaml': middle('- id: card-20\n\tname: Card 20\n'),
  'duplicate-key.yaml': middle('- id: card-20\n  name: A\n  name: B\n'),
  'no-note.yaml': middle('- id: card-20\n  points: { placeholder: 3 }\n'),
  'infinity.yaml': middle('- id: card-20\n  points: .inf\n'),
  'alias-across.yaml': entries((i) => (i === 0 ? '- base: &b { x: 1 }\n' : i === 35 ? '- copy: *b\n' : plain(i))),
  'alias-unknown.yaml': middle('- copy: *nothing\n'),
  'quote-over-entries.yaml': middle('- id: card-20\n  text: "runs on\n- id: inside the quote\n  and on"\n'),
  'document-marker.yaml': `---\n${entries(plain)}`,
  'second-document.yaml': `${entries(plain)}---\n- id: more\n`,
  'not-utf8.yaml': Buffer.concat([Buffer.from(entries(plain).slice(0, 500)), Buffer.from([0xe7, 0xe3]), Buffer.from(`\n${entries(plain)}`)]),
};

/** Files the fast path must take: joined from slices, not left to the main thread (a file with aliases is parsed whole). */
const SPLIT = ['good.yaml', 'crlf.yaml', 'marks.yaml', 'comments.yaml'];

describe('a large file parsed in slices', () => {
  let workers: string | undefined;
  beforeAll(() => {
    workers = process.env.RULEBOOK_WORKERS;
    process.env.RULEBOOK_WORKERS = '2';
  });
  afterAll(() => {
    if (workers === undefined) delete process.env.RULEBOOK_WORKERS;
    else process.env.RULEBOOK_WORKERS = workers;
  });

  it('reads as the whole file does: values, marks, places, cut entries and diagnostics', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-split-'));
    for (const [name, text] of Object.entries(FILES)) await writeFile(path.join(dir, name), text);
    const files = Object.keys(FILES).map((name) => ({ file: path.join(dir, name), shown: name }));
    const pre = await preparse(files, { minBytes: 0, splitBytes: 0 });
    expect(pre, 'the pool did not run (workers could not start?)').toBeDefined();
    for (const name of SPLIT) expect(pre!.has(path.join(dir, name)), `${name} was not joined from its slices`).toBe(true);
    // A file whose slices read with any diagnostic or alias is left to the main thread, which parses it whole.
    for (const name of [
      'bad-indent.yaml',
      'unclosed-quote.yaml',
      'unclosed-two.yaml',
      'duplicate-key.yaml',
      'no-note.yaml',
      'alias-across.yaml',
      'quote-over-entries.yaml',
    ])
      expect(pre!.has(path.join(dir, name)), `${name} was joined from slices`).toBe(false);
    // A file that is not plainly a list, or not UTF-8, goes whole to one worker, as before.
    for (const name of ['tab.yaml', 'document-marker.yaml', 'not-utf8.yaml']) expect(pre!.has(path.join(dir, name)), name).toBe(true);
    for (const { file, shown } of files) {
      const bag = new DiagnosticBag();
      const main = (await loadYaml(dir, file, bag))!;
      // What load/game.ts does: a file the pool left out is parsed on the main thread, as `main` was.
      const got = pre!.get(file);
      if (!got) continue;
      const split = got.source!;
      expect(got.text, shown).toBe(main.text);
      expect(split.ok, shown).toBe(main.ok);
      expect(split.value, shown).toEqual(main.value);
      expect(split.cut, shown).toEqual(main.cut);
      expect(got.diagnostics, shown).toEqual(bag.items);
      expect(split.placeholders, shown).toEqual(main.placeholders);
      expect(split.readings, shown).toEqual(main.readings);
      for (const pointer of [...main.ranges.keys()]) expect(split.placeOf(pointer), `${shown} ${pointer}`).toEqual(main.placeOf(pointer));
      for (const pointer of [...main.keys.keys()])
        expect(split.placeOf(pointer, { key: true }), `${shown} ${pointer}`).toEqual(main.placeOf(pointer, { key: true }));
      for (let at = 0; at <= main.text.length; at += 97) expect(split.placeOfRange([at, at + 1]), `${shown} @${at}`).toEqual(main.placeOfRange([at, at + 1]));
    }
    // The broken files really are broken, one way or another (so the comparison above compared something).
    for (const name of Object.keys(FILES).filter(
      (n) => !SPLIT.includes(n) && !['document-marker.yaml', 'anchor-within.yaml', 'alias-across.yaml'].includes(n),
    )) {
      const bag = new DiagnosticBag();
      await loadYaml(dir, path.join(dir, name), bag);
      expect(bag.items.length, name).toBeGreaterThan(0);
    }
  });
});

describe("a large file's text shared with the workers", () => {
  it('reads back any slice exactly, code unit for code unit', () => {
    const text = '- name: Maçã 🐜\n  note: "\uD800 alone"\n- name: Ünïcode\n';
    const shared = sharedText(text);
    for (const [start, end] of [
      [0, text.length],
      [0, 17],
      [17, text.length],
      [13, 15], // the ant's two code units
      [text.indexOf('\uD800'), text.indexOf('\uD800') + 1], // a lone surrogate
    ] as const)
      expect(sliceOf({ text: shared, start, end })).toBe(text.slice(start, end));
  });
});
