// The quick reading of YAML (load/yaml-fast.ts, js-yaml) is only a shortcut: for any text, a YamlSource's `parse`
// must give what `yaml` alone gives (values, marks and where they stand, line starts, every diagnostic), whether
// the quick reading was taken or declined. Held here over every YAML file of the repository and a list of edge
// cases, each also held to the way it should go (quick or declined), so the test cannot pass by always declining.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { mutate, type Mutation } from '../compiler/bench/fuzz.ts';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { ownFileValue, quickYamlValue } from '../compiler/load/yaml-fast.ts';
import { parse } from 'yaml';
import { MAX_DEPTH, YamlSource } from '../compiler/load/yaml-source.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Everything a later phase reads of a parsed file. */
function reading(text: string, how: 'parse' | 'parseWithYaml') {
  const bag = new DiagnosticBag();
  const source = new YamlSource('file.yaml', text)[how](bag);
  return {
    ok: source.ok,
    value: source.value,
    placeholders: source.placeholders,
    readings: source.readings,
    cut: source.cut,
    lineStarts: Array.from(source.lineStarts),
    diagnostics: bag.items,
  };
}

function expectSameAsYaml(text: string): void {
  expect(reading(text, 'parse')).toStrictEqual(reading(text, 'parseWithYaml'));
}

const quick = (text: string) => quickYamlValue(text, MAX_DEPTH) !== undefined;

describe('the quick YAML reading', () => {
  const files = globSync(['content/**/*.{yaml,yml}', 'test/**/*.{yaml,yml}', 'compiler/**/*.{yaml,yml}'], { cwd: ROOT });

  it('reads every YAML file of the repository as `yaml` does', () => {
    expect(files.length).toBeGreaterThan(90);
    let quickly = 0;
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      if (quick(text)) quickly++;
      expect({ file, ...reading(text, 'parse') }).toStrictEqual({ file, ...reading(text, 'parseWithYaml') });
    }
    // The bundled games' content reads the quick way (the hostile files mostly do not).
    const content = files.filter((f) => f.startsWith('content/'));
    expect(content.filter((f) => quick(readFileSync(path.join(ROOT, f), 'utf8'))).length).toBeGreaterThan(content.length * 0.8);
    expect(quickly).toBeGreaterThan(0);
  });

  it("reads the compiler's own locale files as `yaml` does, without the checks a designer's file goes through", () => {
    // language.ts reads them by `ownFileValue`: a line where js-yaml and `yaml` part must fail here.
    const locales = globSync('compiler/locales/*.yaml', { cwd: ROOT });
    expect(locales.length).toBeGreaterThanOrEqual(2);
    for (const file of locales) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const value = ownFileValue(text, MAX_DEPTH);
      expect(value, file).toBeDefined();
      expect({ file, value }).toStrictEqual({ file, value: parse(text) });
    }
  });

  it("reads the bench's generated cards (placeholders in most files) the quick way, as `yaml` does", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-yaml-fast-'));
    try {
      await writeSyntheticGame(dir, { cards: 1000, perFile: 100 });
      const files = globSync('content/**/cards*.yaml', { cwd: dir });
      expect(files.length).toBe(10);
      let marks = 0;
      for (const file of files) {
        const text = await readFile(path.join(dir, file), 'utf8');
        expect(quickYamlValue(text, MAX_DEPTH)).toBeDefined();
        const r = reading(text, 'parse');
        marks += r.placeholders.length;
        expect(r).toStrictEqual(reading(text, 'parseWithYaml'));
      }
      expect(marks).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("reads the fuzzer's damaged YAML (npm run fuzz's edits of the fixture games) as `yaml` does, 400 cases", () => {
    const sources = ['duel/content/duel/trophies.yaml', 'board/content/board/maps.yaml', 'board/content/board/events.yaml', 'tree/content/tree/rules.yaml'].map(
      (f) => readFileSync(path.join(ROOT, 'test/fixtures/games', f)),
    );
    let quickly = 0;
    const mutations = fc.sample(fc.tuple(fc.nat({ max: sources.length - 1 }), fc.array(fuzzMutation(), { minLength: 1, maxLength: 3 })), {
      numRuns: 400,
      seed: 24,
    });
    for (const [file, edits] of mutations) {
      let bytes: Buffer = sources[file]!;
      for (const m of edits) bytes = mutate(bytes, m);
      const text = bytes.toString('utf8');
      if (quick(text)) quickly++;
      expect({ edits, ...reading(text, 'parse') }).toStrictEqual({ edits, ...reading(text, 'parseWithYaml') });
    }
    // Most damage leaves a file readable; those are the cases that test the quick reading.
    expect(quickly).toBeGreaterThan(100);
  });

  // [text, read the quick way?]
  const cases: Array<[string, boolean]> = [
    // Scalars as YAML 1.2's core schema reads them (`yaml`'s rules), not YAML 1.1's or js-yaml's own.
    ['a: 1\nb: 0o17\nc: 0x1F\nd: +5\ne: -0\nf: 1.50\ng: 1e3\nh: .5\ni: 1.\nj: -1.5e-3\nk: +.5\nl: 00012\n', true],
    ['a: 0b101\nb: 1_000\nc: 012\nd: 0o\ne: 0x\nf: 1.2.3\ng: 1e\nh: .\ni: "-"\nj: +\nk: 12:30\nl: 2001-12-14\n', true],
    ['a: ~\nb: Null\nc: NULL\nd: null\ne:\nf: nULL\ng: yes\nh: No\ni: on\nj: True\nk: FALSE\nl: tRUE\n', true],
    ['a: "1"\nb: \'true\'\nc: "null"\nd: "\\u00e9\\t\\n"\ne: \'it\'\'s\'\nf: "x\\\n  y"\n', true],
    ['a: |\n  one\n  two\n\nb: >-\n  folded\n  text\n\n  para\nc: |+\n  kept\n\nd: plain\n  over lines\n', true],
    ['a: {b: 1, c: [1, 2, {d: e}]}\nf: []\ng: {}\n', true],
    ['- a\n- - b\n  - c\n- {d: 1}\n-\n- key: value # a comment\n  other: a#b\n', true],
    ['__proto__: 1\nconstructor: 2\n', true],
    ['\uFEFFa: 1\n', true],
    ['a: 1\r\nb:\r\n  - 2\r\n', true],
    ['# only a comment\n', false],
    ['', false],
    ['---\n', true],
    ['a: &x 1\n', true],
    // Not finite: `yaml` reports where it stands.
    ['a: .inf\n', false],
    ['a: -.Inf\nb: .NaN\n', false],
    [`a: 1${'0'.repeat(400)}\n`, false],
    // What the quick reading leaves to `yaml`.
    ['a: 1\na: 2\n', false],
    ['1: a\n"1": b\n', false],
    ['a: 1\n---\nb: 2\n', false],
    ['a:\n\tb: 1\n', false],
    ['a: "tab\there"\n', false],
    ['a: &x 1\nb: *x\n', false],
    ['a: &x [1, *x]\n', false],
    ['a: !!str 1\n', false],
    ['a: !custom 1\n', false],
    ['? a\n: b\n', false],
    ['[a, b]: c\n', false],
    ['{a: 1}: c\n', false],
    ['%YAML 1.1\n---\na: yes\n', false],
    ['a: 1\rb: 2\n', false],
    [`${'['.repeat(300)}${']'.repeat(300)}\n`, false],
    // Broken files: `yaml` explains them.
    ['a: @b\n', false],
    ['a: `b\n', false],
    ['a: "x"y\n', false],
    ['a: [1,\n2]\n', false],
    ['a: {b: 1\n', false],
    ['a:\n  - 1\n  b: 2\n', false],
    ['a: b: c\n', false],
    ['a: 1\n b: 2\n', false],
    ['- a\n  - b\n', true],
    ['a: "\\ud800"\n', true],
    [`${'k'.repeat(1100)}: v\n`, false],
    ['a: "unclosed\nb: 2\n', false],
    ['- id: one\n  cost: [1, 2\n- id: two\n  cost: 3\n', false],
    // Marks: in a list's entries, read again alone by `yaml` (places moved to the file's lines and offsets).
    ['- id: a\n  cost:\n    placeholder: 3\n    note: not printed yet\n- id: b\n  cost: {reading: 2, note: "the rules are silent"}\n- id: c\n', true],
    ['# heading\n\n- id: a\n  cost: {placeholder: 1, note: n}\n  tags: [x, {placeholder: y, note: m}]\n\n# between\n- id: b\n', true],
    ['- id: a\r\n  cost:\r\n    placeholder: 3\r\n    note: x\r\n- id: b\r\n  cost: {placeholder: 4, note: y}\r\n', true],
    // Marks written wrong, or out of a list's entries: `yaml` reads the file and reports them.
    ['- id: a\n  cost: {placeholder: 3}\n', true],
    ['- id: a\n  cost: {placeholder: 3, note: x, extra: 1}\n', true],
    ['- id: a\n  cost: {placeholder: 3, reading: 2, note: x}\n', true],
    ['cost:\n  placeholder: 3\n  note: x\n', false],
    ['- id: a\n  cost: {placeholder: .inf, note: x}\n', false],
  ];

  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text.length > 70 ? `${text.slice(0, 70)}…` : text)}: ${expected ? 'quick' : 'declined'}, and as \`yaml\` reads it`, () => {
      expect(quick(text)).toBe(expected);
      expectSameAsYaml(text);
    });
  }

  it('moves the marks of entries read alone to where they stand in the file', () => {
    const text = '# heading\n- id: a\n- id: b\n  cost:\n    placeholder: 3\n    note: not printed\n';
    const r = reading(text, 'parse');
    expect(r.value).toStrictEqual([{ id: 'a' }, { id: 'b', cost: 3 }]);
    expect(r.placeholders).toHaveLength(1);
    expect(r.placeholders[0]!.pointer).toBe('/1/cost');
    expect(r.placeholders[0]!.note).toBe('not printed');
    expect(r.placeholders[0]!.place?.start).toStrictEqual({ line: 5, column: 5, offset: text.indexOf('placeholder') });
  });
});

/**
 * The fuzzer's kinds of damage (compiler/bench/fuzz.ts `mutate`), aimed at what the quick reading declines: YAML's
 * indicators, tabs, marks, tags and odd scalars. Not the fuzzer's own mix (random bytes, spreadsheet cells): with it,
 * 400 cases passed even with the quick reading's checks removed; with this one they fail.
 */
function fuzzMutation(): fc.Arbitrary<Mutation> {
  const at = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
  const values = [
    '0',
    '-1',
    '1.5',
    '1e309',
    '99999999999999999999',
    'true',
    'no',
    'null',
    '~',
    '""',
    '[]',
    '{}',
    '[1, two]',
    '{ a: 1 }',
    '.nan',
    '-.inf',
    '0x1F',
    '0o17',
    '0b1',
    '1_000',
  ];
  const marks = [
    '{placeholder: 1, note: n}',
    '{placeholder: 1}',
    '{reading: 1, note: ""}',
    '{placeholder: 2, note: x, y: 1}',
    '!!str 3',
    '&a x',
    '*a',
    '? x',
    '[a]: b',
    '"a\\tb"',
    "'it''s'",
  ];
  const indicators = [...': -[]{}#&*!|>\'"%@`,?'].map((c) => [c.charCodeAt(0)]).concat([[0x0a], [0x0d], [0x09], [0x20, 0x20]]);
  return fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at, length: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ kind: fc.constant('swap-lines' as const), a: at, b: at }),
    fc.record({ kind: fc.constant('repeat-line' as const), at }),
    fc.record({ kind: fc.constant('retype' as const), at, value: fc.constantFrom(...values, ...marks) }),
    fc.record({
      kind: fc.constant('insert' as const),
      at,
      bytes: fc.array(fc.constantFrom(...indicators), { minLength: 1, maxLength: 4 }).map((c) => c.flat()),
    }),
  );
}
