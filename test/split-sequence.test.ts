// Where a large collection file may be cut between workers (load/split-sequence.ts): at the starts of its entries, and
// nowhere when the file is anything but a plain list at the left margin.
import { describe, expect, it } from 'vitest';
import { entryStarts, joinSlices, slicesOf } from '../compiler/load/split-sequence.ts';

describe('entry starts', () => {
  it('finds every top-level entry, past comments, blank lines, nested lists and block text', () => {
    const text = '# cards\n\n- name: Ant\n  tags:\n  - a\n  - b\n# between\n-\n  name: Bee\n- text: |\n    - not an entry\n\n- name: Cat\r\n- name: Dog';
    const at = (s: string) => text.indexOf(s);
    expect(entryStarts(text)).toEqual([at('- name: Ant'), at('-\n  name: Bee'), at('- text'), at('- name: Cat'), at('- name: Dog')]);
  });

  it.each([
    ['a document marker', '---\n- a\n- b\n'],
    ['a document end', '- a\n...\n- b\n'],
    ['a directive', '%YAML 1.2\n---\n- a\n'],
    ['a key at the margin', '- a\nkey: value\n'],
    ['a map, not a list', 'name: Ant\npoints: 3\n'],
    ['a flow list', '[a, b]\n'],
    ['a tab in indentation', '- a: 1\n\t b: 2\n- c\n'],
    ['a tab after spaces', '- a: 1\n  \tb: 2\n'],
    ['a dash with no space', '- a\n-b\n'],
    ['a negative number at the margin', '- a\n-1\n'],
    ['an empty file', ''],
    ['only comments', '# nothing\n'],
  ])('refuses %s', (_what, text) => {
    expect(entryStarts(text)).toBeUndefined();
  });

  it('allows a tab inside a value (not indentation)', () => {
    expect(entryStarts('- a: "x\ty"\n- b\n')).toEqual([0, 11]);
  });
});

describe('slices', () => {
  const text = Array.from({ length: 10 }, (_, i) => `- n: ${i}\n`).join('');
  const starts = entryStarts(`# head\n${text}`)!;

  it('cover the whole text in whole entries, the head with the first', () => {
    const full = `# head\n${text}`;
    const slices = slicesOf(full, starts, 3);
    expect(slices.length).toBe(3);
    expect(slices[0]!.start).toBe(0);
    expect(slices.at(-1)!.end).toBe(full.length);
    for (let k = 1; k < slices.length; k++) expect(slices[k]!.start).toBe(slices[k - 1]!.end);
    expect(slices.reduce((n, s) => n + s.entries, 0)).toBe(10);
    for (const s of slices) expect(starts[s.firstEntry]! <= s.start || s.firstEntry === 0).toBe(true);
    expect(slices.map((s) => s.firstEntry)).toEqual([0, slices[0]!.entries, slices[0]!.entries + slices[1]!.entries]);
  });

  it('are never more than the entries', () => {
    expect(slicesOf('- a\n- b\n', [0, 4], 8)).toEqual([
      { start: 0, end: 4, firstEntry: 0, entries: 1 },
      { start: 4, end: 8, firstEntry: 1, entries: 1 },
    ]);
  });

  it('are not joined when one has a diagnostic, an alias, a cut entry or the wrong number of entries', () => {
    const slices = slicesOf('- a\n- b\n', [0, 4], 2);
    const good = (value: unknown[], lineStarts: number[]) => ({
      parsed: { ok: true, value, lineStarts: Int32Array.from(lineStarts), placeholders: [], readings: [], cut: [] },
      diagnostics: [],
    });
    expect(joinSlices('- a\n- b\n', slices, [good(['a'], [0, 4]), good(['b'], [0, 4])])).toEqual({
      ok: true,
      value: ['a', 'b'],
      lineStarts: Int32Array.from([0, 4, 8]),
      placeholders: [],
      readings: [],
      cut: [],
    });
    expect(joinSlices('- a\n- b\n', slices, [good(['a'], [0, 4]), { ...good(['b'], [0, 4]), aliases: 1 }])).toBeUndefined();
    expect(joinSlices('- a\n- b\n', slices, [good(['a'], [0, 4]), good(['b', 'c'], [0, 4])])).toBeUndefined();
    const warned = { ...good(['b'], [0, 4]), diagnostics: [{ file: 'x', place: undefined, code: 'yaml', severity: 'warning', message: 'w' }] };
    expect(joinSlices('- a\n- b\n', slices, [good(['a'], [0, 4]), warned as never])).toBeUndefined();
  });
});
