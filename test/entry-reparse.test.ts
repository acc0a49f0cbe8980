// A save in a large collection file re-parses only the entries it changed (load/entry-reparse.ts, load/parse-cache.ts),
// and the file reads exactly as a fresh parse of the whole file would.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { ENTRY_REUSE_BYTES, prepareEntries, reparseChanged } from '../compiler/load/entry-reparse.ts';
import { loadContentFile, loadYaml } from '../compiler/load/game.ts';
import { ParseCache } from '../compiler/load/parse-cache.ts';
import type { YamlSource } from '../compiler/load/yaml-source.ts';

const entry = (i: number, points: string = String(i)) =>
  `- id: card-${i}\n  name: Card ${i}\n  points: ${points}\n  tags: [a, b]\n  text: |\n    Some text for card ${i}, long enough to make the file large.\n`;
const N = 600;

async function expectSameAsWhole(dir: string, file: string, got: YamlSource): Promise<void> {
  const main = (await loadYaml(dir, file, new DiagnosticBag()))!;
  expect(got.text).toBe(main.text);
  expect(got.ok).toBe(main.ok);
  expect(got.value).toEqual(main.value);
  expect(got.placeholders).toEqual(main.placeholders);
  expect(got.readings).toEqual(main.readings);
  for (const pointer of [...main.ranges.keys()]) expect(got.placeOf(pointer), pointer).toEqual(main.placeOf(pointer));
  for (const pointer of [...main.keys.keys()]) expect(got.placeOf(pointer, { key: true }), pointer).toEqual(main.placeOf(pointer, { key: true }));
  for (let at = 0; at <= main.text.length; at += 331) expect(got.placeOfRange([at, at + 1]), `@${at}`).toEqual(main.placeOfRange([at, at + 1]));
}

describe('a save in a large file', () => {
  it('re-parses the entries it changed, and reads as the whole file does', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-entries-'));
    const file = path.join(dir, 'cards.yaml');
    const files = [{ file, shown: 'cards.yaml' }];
    const texts = Array.from({ length: N }, (_, i) => entry(i));
    texts[7] = entry(7, '{ placeholder: 3, note: Not printed yet. }');
    const save = async () => writeFile(file, `# Cards\n${texts.join('')}`);
    await save();
    const cache = new ParseCache();
    const sources = new Map<string, string>();
    expect((await loadYaml(dir, file, new DiagnosticBag(), sources, cache))!.ok).toBe(true);
    expect(sources.get('cards.yaml')!.length).toBeGreaterThan(ENTRY_REUSE_BYTES);

    // Unchanged: the cached parse, nothing parsed.
    const same = await reparseChanged(files, cache);
    expect(same.get(file)!.source).toBe(cache.get('cards.yaml', sources.get('cards.yaml')!)!.source);
    expect(cache.entryCounts).toEqual({ parsed: 0, reused: 0 });

    // One entry edited: one entry parsed, the others taken as they were.
    texts[300] = entry(300, '{ reading: 5, note: The rules are silent. }');
    await save();
    let got = (await reparseChanged(files, cache)).get(file)!;
    expect(cache.entryCounts).toEqual({ parsed: 1, reused: N - 1 });
    expect(got.diagnostics).toEqual([]);
    await expectSameAsWhole(dir, file, got.source!);

    // A second save, another entry, and one inserted: two parsed, the placeholder's entry moved on by one.
    texts[5] = entry(5, '42');
    texts.splice(2, 0, entry(9999));
    await save();
    got = (await reparseChanged(files, cache)).get(file)!;
    expect(cache.entryCounts).toEqual({ parsed: 3, reused: 2 * N - 1 - 1 });
    await expectSameAsWhole(dir, file, got.source!);
    expect(got.source!.placeholders[0]!.pointer).toBe('/8/points');

    // A save that breaks an entry: left to the whole file's parse, whose diagnostics are its own.
    texts[400] = `- id: card-399\n  name: A\n  name: B\n`; // card 399, moved on by the insertion
    await save();
    expect((await reparseChanged(files, cache)).has(file)).toBe(false);
    const bag = new DiagnosticBag();
    await loadYaml(dir, file, bag, undefined, cache);
    const fresh = new DiagnosticBag();
    await loadYaml(dir, file, fresh);
    expect(bag.items.length).toBeGreaterThan(0);
    expect(bag.items).toEqual(fresh.items);

    // Mended: the last parse had problems, so this save parses the file whole once; the next reuses entries again.
    texts[400] = entry(399);
    await save();
    expect((await reparseChanged(files, cache)).has(file)).toBe(false);
    await loadYaml(dir, file, new DiagnosticBag(), undefined, cache);
    texts[10] = entry(10, '7');
    await save();
    const before = cache.entryCounts.parsed;
    got = (await reparseChanged(files, cache)).get(file)!;
    expect(cache.entryCounts.parsed - before).toBe(1);
    await expectSameAsWhole(dir, file, got.source!);

    // Two entries with the same text: each its own value, as the whole file's parse gives them.
    texts[21] = texts[20]!;
    await save();
    const values = (await reparseChanged(files, cache)).get(file)!.source!.value as unknown[];
    expect(values[21]).toEqual(values[20]);
    expect(values[21]).not.toBe(values[20]);
  });

  it('reads as the whole file after edits at its start, its end, and across entries', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-entries-'));
    const file = path.join(dir, 'cards.yaml');
    const files = [{ file, shown: 'cards.yaml' }];
    let head = '# Cards\n';
    const texts = Array.from({ length: N }, (_, i) => entry(i));
    const save = async () => writeFile(file, `${head}${texts.join('')}`);
    await save();
    const cache = new ParseCache();
    await loadYaml(dir, file, new DiagnosticBag(), undefined, cache);
    // Each step: what it does, and how many entries it may parse at most (the ones it changed).
    const steps: Array<[string, () => void, number]> = [
      ['the comment before the first entry', () => (head = '# Cards, second draft\n'), 1],
      ['the first entry', () => (texts[0] = entry(0, '100')), 1],
      ['the last entry', () => (texts[N - 1] = entry(N - 1, '77')), 1],
      ['an entry added at the end', () => texts.push(entry(N)), 1],
      ['the last entry taken away', () => texts.pop(), 0],
      ['an entry taken away in the middle', () => texts.splice(250, 1), 0],
      ['two entries swapped', () => ([texts[100], texts[101]] = [texts[101]!, texts[100]!]), 0],
      ['an entry made the same as its neighbour', () => (texts[51] = texts[50]!), 1],
      ['a field added at the end of an entry', () => (texts[40] = `${entry(40)}  extra: 1\n`), 1],
      // The entry now ends where the two texts stop being alike: it is not the longer entry it was.
      ['that field taken away again', () => (texts[40] = entry(40)), 1],
      ['a name with a dash in it', () => (texts[30] = '- id: card-30\n  name: Card 30 - B\n'), 1],
      // The new entry starts where the two texts' shared end begins: it is not the entry that ended there before.
      ['that name broken into a second entry', () => (texts[30] = '- id: card-30\n  name: Card 30\n- B\n'), 2],
      ['one line made longer at the end of an entry', () => (texts[10] = texts[10]!.replace('large.\n', 'large, and longer.\n')), 1],
      // Reversed: the first and last entries change (the comment goes with the first), and of the two alike one is parsed.
      ['the file reversed', () => texts.reverse(), 3],
    ];
    for (const [what, step, most] of steps) {
      step();
      await save();
      const before = cache.entryCounts.parsed;
      const got = (await reparseChanged(files, cache)).get(file);
      expect(got, what).toBeDefined();
      expect(cache.entryCounts.parsed - before, what).toBeLessThanOrEqual(most);
      await expectSameAsWhole(dir, file, got!.source!);
    }
  });

  it("readies a large JSON file's drafts' places in serve's warm-up, and goes on to the YAML files after it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-entries-'));
    const json = path.join(dir, 'cards.json');
    const yaml = path.join(dir, 'more.yaml');
    const items = Array.from({ length: N }, (_, i) => ({
      id: `card-${i}`,
      name: `Card ${i}`,
      cost: i === 5 ? { placeholder: 2, note: 'Not printed yet.' } : i,
    }));
    await writeFile(json, JSON.stringify(items, null, 2));
    await writeFile(yaml, `# Cards\n${Array.from({ length: N }, (_, i) => entry(i)).join('')}`);
    const cache = new ParseCache();
    const source = await loadContentFile(dir, json, new DiagnosticBag(), undefined, cache);
    await loadYaml(dir, yaml, new DiagnosticBag(), undefined, cache);
    expect(source!.text.length).toBeGreaterThan(ENTRY_REUSE_BYTES);
    // Its offsets are read when a place is first asked for: not yet.
    expect((source as unknown as { index: unknown }).index).toBeUndefined();
    await prepareEntries(cache, async () => true);
    expect((source as unknown as { index: unknown }).index).toBeDefined();
    expect(cache.entries('more.yaml')?.starts).toHaveLength(N);
  });

  it("is taken apart ahead of its first save (serve's warm-up), and that save then parses only what it changed", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-entries-'));
    const file = path.join(dir, 'cards.yaml');
    const small = path.join(dir, 'small.yaml');
    const texts = Array.from({ length: N }, (_, i) => entry(i));
    texts[7] = entry(7, '{ placeholder: 3, note: Not printed yet. }');
    await writeFile(file, `# Cards\n${texts.join('')}`);
    await writeFile(small, entry(1));
    const cache = new ParseCache();
    await loadYaml(dir, file, new DiagnosticBag(), undefined, cache);
    await loadYaml(dir, small, new DiagnosticBag(), undefined, cache);
    expect(cache.entries('cards.yaml')).toBeUndefined();

    // Stopped before the first file: nothing taken apart.
    await prepareEntries(cache, async () => false);
    expect(cache.entries('cards.yaml')).toBeUndefined();

    await prepareEntries(cache, async () => true);
    expect(cache.entries('cards.yaml')?.starts).toHaveLength(N);
    expect(cache.entries('small.yaml')).toBeUndefined(); // under ENTRY_REUSE_BYTES: parsed whole on a save
    // Taken apart from the whole file's parse, each entry reads as its own parse would: the entry after the edit
    // keeps its placeholder's place.
    texts[3] = entry(3, '8');
    await writeFile(file, `# Cards\n${texts.join('')}`);
    const got = (await reparseChanged([{ file, shown: 'cards.yaml' }], cache)).get(file)!;
    expect(cache.entryCounts).toEqual({ parsed: 1, reused: N - 1 });
    await expectSameAsWhole(dir, file, got.source!);
  });

  it('takes no entries apart in a file whose values may hold an alias', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-entries-'));
    const file = path.join(dir, 'cards.yaml');
    const texts = Array.from({ length: N }, (_, i) => entry(i));
    texts[0] = '- base: &b { x: 1 }\n';
    texts[500] = '- copy: *b\n';
    await writeFile(file, texts.join(''));
    const cache = new ParseCache();
    await loadYaml(dir, file, new DiagnosticBag(), undefined, cache);
    texts[3] = entry(3, '8');
    await writeFile(file, texts.join(''));
    expect((await reparseChanged([{ file, shown: 'cards.yaml' }], cache)).has(file)).toBe(false);
  });
});
