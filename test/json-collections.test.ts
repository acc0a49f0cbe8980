// JSON content files (load/json-source.ts): a collection or the constants in
// JSON build what the same data in YAML builds; invalid JSON is reported at
// every error; marks, depth and duplicate keys are read as YAML reads them;
// places are right in a large file.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mergeSection } from '../compiler/bench/report.ts';
import { jsonVerdicts, type Measure, type SizeResult } from '../compiler/bench/targets.ts';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { emitPackage } from '../compiler/emit-code/emit.ts';
import { loadGame } from '../compiler/load/game.ts';
import { JsonSource } from '../compiler/load/json-source.ts';
import { ParseCache } from '../compiler/load/parse-cache.ts';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, makeProject, MINI_SCHEMA } from './helpers.ts';

const JSON_GAME = `id: mini
name: Mini
locale: en
collections:
  cards:
    file: cards.json
    schema: mini/card.schema.json
    type: Card
`;

/** The mini game with its cards as the given JSON text. */
const miniJson = (cards: string) =>
  makeProject({ 'content/mini/game.yaml': JSON_GAME, 'content/mini/cards.json': cards, 'schemas/mini/card.schema.json': MINI_SCHEMA });

/** Every diagnostic of the cards file, `line:column code`. */
async function placed(root: string): Promise<string[]> {
  return (await diagnosticsOf(root))
    .filter((d) => d.includes('cards.json'))
    .map((d) => d.replace(/^(\w+) content\/mini\/cards\.json:(\d+:\d+) ([\w-]+): .*$/, '$2 $3'));
}

/** The file's one JSON parse with its diagnostics, as load does it. */
function read(text: string): { source: JsonSource; said: string[] } {
  const bag = new DiagnosticBag();
  const source = new JsonSource('cards.json', text).parse(bag);
  return { source, said: bag.sorted().map((d) => `${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}`) };
}

describe('a collection and the constants in JSON', () => {
  it('build the same package, byte for byte, as the same data in YAML (a bundled game converted)', async () => {
    const yamlRoot = await makeProject({}, { copyContent: ['cangaco'] });
    const jsonRoot = await makeProject({}, { copyContent: ['cangaco'] });
    const game = path.join(jsonRoot, 'content', 'cangaco');
    for (const file of ['cards', 'constants']) {
      const value = parse(await readFile(path.join(game, `${file}.yaml`), 'utf8')) as unknown;
      await writeFile(path.join(game, `${file}.json`), `${JSON.stringify(value, null, 2)}\n`);
      await rm(path.join(game, `${file}.yaml`));
    }
    const manifest = await readFile(path.join(game, 'game.yaml'), 'utf8');
    const converted = manifest.replace('file: cards.yaml', 'file: cards.json').replace('file: constants.yaml', 'file: constants.json');
    expect(converted).toContain('file: cards.json');
    expect(converted).toContain('file: constants.json');
    await writeFile(path.join(game, 'game.yaml'), converted);

    const fromYaml = await check(yamlRoot);
    const fromJson = await check(jsonRoot);
    expect(fromJson.bag.errorCount).toBe(0);
    // The same drafts and readings, each at its line in the JSON file.
    const marks = (r: typeof fromYaml) =>
      r.games[0]!.linked.placeholders.concat(r.games[0]!.linked.readings).map((p) => `${p.collection}/${p.id}${p.path}: ${p.note}`);
    expect(marks(fromJson)).toEqual(marks(fromYaml));
    expect(marks(fromJson).length).toBeGreaterThan(0);
    const reading = fromJson.games[0]!.linked.readings.find((p) => p.collection === '(constants)')!;
    const constantsText = await readFile(path.join(game, 'constants.json'), 'utf8');
    expect(constantsText.split('\n')[reading.line! - 1]).toMatch(/"unlisted": \{$/);

    const yamlPackage = emitPackage(fromYaml.games, fromYaml.schemas, '0');
    const jsonPackage = emitPackage(fromJson.games, fromJson.schemas, '0');
    expect([...jsonPackage.keys()]).toEqual([...yamlPackage.keys()]);
    for (const [file, text] of yamlPackage) expect(jsonPackage.get(file), file).toBe(text);
  }, 120_000);
});

describe('invalid JSON', () => {
  it('is reported at every error, in words, one a line, and the file is not loaded', async () => {
    const text = [
      '[',
      '  { "name": "A", "kind": "single", },',
      '  { "name": "B" "kind": "set" },',
      '  { \'name\': "C", "kind": "set" },',
      '  // the last card',
      '  { "name": "D", "kind": tru },',
      '  { "name": "E", "kind": "set", "note": "C:\\games" }',
      ']',
    ].join('\n');
    const { source, said } = read(text);
    expect(source.ok).toBe(false);
    expect(source.value).toBeUndefined();
    expect(said).toEqual([
      '2:34 json-syntax: a comma after the last field of an object: JSON allows none there, remove it',
      '3:17 json-syntax: a comma is missing before this: the fields of an object are separated by `,`',
      '4:5 json-invalid-value: JSON quotes text with double quotes (`"`), never single quotes',
      '5:3 json-comment: JSON has no comments: remove this one (a note for readers can go in a `note` field)',
      '6:26 json-invalid-value: `tru` is not a JSON value (did you mean `true`?): a value is "text" in double quotes, a number, true, false, null, a [list] or an {object}',
      '7:44 json-escape: `\\g` is not an escape JSON knows: a backslash is written `\\\\` (the escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)',
    ]);
  });

  it('an unclosed text, list or object is reported where it opens, not where the file ends', () => {
    expect(read('[\n  { "name": "A", "kind": "single" },\n  { "name": "B },\n  { "name": "C", "kind": "set" }\n]').said).toEqual([
      '3:13 json-unclosed: this text is never closed: add `"` where it ends (JSON text stays on one line; write a line break inside it as `\\n`)',
    ]);
    expect(read('[\n  { "name": "A", "kind": "single" },\n  { "name": "B", "kind": "set"\n').said).toEqual([
      '3:3 json-unclosed: `{` opened here is never closed: add `}` where the object ends',
    ]);
    expect(read('[1, 2}').said).toEqual(['1:6 json-syntax: `}` here, but the list `[` opened at line 1 is not closed: close it with `]` first']);
    expect(read('').said).toEqual(['1:1 json-syntax: this JSON file is empty: a collection file holds a list of entries (`[ { ... }, { ... } ]`)']);
    expect(read('[1] [2]').said).toEqual([
      '1:5 json-syntax: text after the end of the JSON value: a file holds one value (a collection file, one list `[ ... ]` of its entries)',
    ]);
  });

  it('in a game: the collection is incomplete and the errors carry the file and place', async () => {
    const root = await miniJson('[\n  { "name": "A", "kind": "single", }\n]\n');
    expect(await placed(root)).toEqual(['2:34 json-syntax']);
  });

  it('a number too large for a JavaScript number is refused where it stands', () => {
    const { source, said } = read('[\n  { "name": "A", "points": 1e400 }\n]');
    expect(source.ok).toBe(false);
    expect(said).toEqual(['2:28 json-number-range: this number is too large for content to hold (JavaScript reads it as Infinity): write a finite number']);
  });
});

describe('duplicate keys', () => {
  it('are reported at the second key (JSON.parse would keep the last silently); the file still loads', () => {
    const { source, said } = read('[\n  {\n    "name": "A",\n    "points": 3,\n    "points": 4\n  },\n  { "name": "B", "tags": { "a": 1, "a": 2 } }\n]');
    expect(said).toEqual([
      '5:5 json-duplicate-key: the key "points" is given twice in this object: JSON keeps only the last, so the value of the first (line 4, column 5) is lost',
      '7:36 json-duplicate-key: the key "a" is given twice in this object: JSON keeps only the last, so the value of the first (line 7, column 28) is lost',
    ]);
    expect(source.ok).toBe(true);
    expect((source.value as Array<Record<string, unknown>>)[0]!.points).toBe(4);
  });

  it('are not seen where there are none, whatever colons the text holds (the count that spares the second reading)', () => {
    const clean = read('[{ "name": "a:b", "c:d": "e::f", "note": "\\u003a", "x": { "placeholder": "1:2", "note": "n:o" } }]');
    expect(clean.said).toEqual([]);
    // Equal keys in different objects are no duplicate.
    expect(read('[{ "name": "A" }, { "name": "B", "x": { "name": "C" } }]').said).toEqual([]);
  });

  it('on one line: the lost value is told by its line and column', () => {
    const { said } = read('[\n  { "name": "A",\n    "text": "Glows.", "text": "Shines." }\n]');
    expect(said).toEqual([
      '3:23 json-duplicate-key: the key "text" is given twice in this object: JSON keeps only the last, so the value of the first (line 3, column 5) is lost',
    ]);
  });
});

describe("a schema's examples in a JSON file's errors", () => {
  it('are shown as JSON, not as the YAML flow text the schema writes them in (in a YAML file they stay YAML)', async () => {
    const schema = JSON.parse(MINI_SCHEMA) as { properties: Record<string, unknown> };
    schema.properties.flavor = { $ref: '../defs.schema.json#/$defs/text', description: 'Flavor' };
    const files = (cards: string, file: string) => ({
      'content/mini/game.yaml': JSON_GAME.replace('cards.json', file),
      [`content/mini/${file}`]: cards,
      'schemas/mini/card.schema.json': JSON.stringify(schema),
    });
    const json = await makeProject(files('[\n  { "name": "A", "kind": "single", "flavor": 3 }\n]\n', 'cards.json'));
    const said = (await diagnosticsOf(json)).find((d) => d.includes('.flavor'));
    expect(said).toContain('(`{ "en": "Flour", "pt-BR": "Farinha" }`)');
    expect(said).not.toContain('{ en: Flour');
    const yaml = await makeProject(files('- name: A\n  kind: single\n  flavor: 3\n', 'cards.yaml'));
    expect((await diagnosticsOf(yaml)).find((d) => d.includes('.flavor'))).toContain('(`{ en: Flour, pt-BR: Farinha }`)');
  });
});

describe('placeholders and readings in JSON', () => {
  it('are unwrapped and shown as drafts, with their notes and lines, as in YAML', async () => {
    const root = await miniJson(
      '[\n  { "name": "A", "kind": "single", "points": { "placeholder": 3, "note": "not printed" } },\n  { "name": "B", "kind": { "reading": "set", "note": "read as a set" } }\n]\n',
    );
    const result = await check(root);
    expect(result.bag.errorCount).toBe(0);
    const linked = result.games[0]!.linked;
    expect(linked.placeholders.map((p) => ({ ...p }))).toEqual([
      { collection: 'cards', id: 'a', path: '/points', note: 'not printed', file: 'content/mini/cards.json', line: 2 },
    ]);
    expect(linked.readings.map((p) => `${p.id}${p.path} ${p.note} line ${p.line}`)).toEqual(['b/kind read as a set line 3']);
    const cards = linked.game.collections.get('cards')!.entries;
    expect(cards.map((e) => e.value)).toEqual([
      { name: 'A', kind: 'single', points: 3 },
      { name: 'B', kind: 'set' },
    ]);
    // The package marks the value as a draft on its entry.
    const pkg = emitPackage(result.games, result.schemas, '0');
    expect([...pkg.values()].some((text) => text.includes('not printed'))).toBe(true);
  });

  it('a mark without a note, or with a key it does not take, is reported at its place', async () => {
    const root = await miniJson(
      '[\n  { "name": "A", "kind": "single", "points": { "placeholder": 3 } },\n  { "name": "B", "kind": "set", "points": { "reading": 2, "note": "n", "why": "x" } }\n]\n',
    );
    expect(await placed(root)).toEqual(['2:46 placeholder-note', '3:72 mark-malformed']);
  });

  it('a schema error inside a marked value points at the value, not at its mark', async () => {
    const root = await miniJson('[\n  { "name": "A", "kind": "single",\n    "points": { "placeholder": "three", "note": "n" } }\n]\n');
    expect(await placed(root)).toEqual(['3:32 schema-type']);
  });
});

describe('depth', () => {
  it('a value nested past the limit is refused at the bracket that passes it, like YAML', () => {
    const deep = `[{ "name": "A", "x": ${'['.repeat(250)}${']'.repeat(250)} }]`;
    const { source, said } = read(deep);
    expect(source.ok).toBe(false);
    expect(said).toEqual(['1:220 json-too-deep: this value nests more than 200 levels deep: content nests a few levels']);
  });

  it('a file nested a million deep, valid or not, is one error and no crash', () => {
    expect(read('['.repeat(1_000_000) + ']'.repeat(1_000_000)).said).toEqual([
      '1:201 json-too-deep: this value nests more than 200 levels deep: content nests a few levels',
    ]);
    expect(read('['.repeat(1_000_000)).said).toEqual(['1:201 json-too-deep: this value nests more than 200 levels deep: content nests a few levels']);
  });
});

describe('places in a large JSON file', () => {
  it('a schema error in the 4,321st of 5,000 entries is placed at its value, and a reference at its key', async () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({
      id: `c${i}`,
      name: `Card ${i}`,
      kind: i === 4321 ? 'sett' : 'single',
      ...(i === 77 ? { beats: 'nobody' } : {}),
    }));
    const text = `${JSON.stringify(entries, null, 2)}\n`;
    const root = await miniJson(text);
    const lines = text.split('\n');
    const kindLine = lines.findIndex((l) => l.includes('"sett"')) + 1;
    const beatsLine = lines.findIndex((l) => l.includes('"nobody"')) + 1;
    expect(await placed(root)).toEqual([`${beatsLine}:14 ref-unknown`, `${kindLine}:13 schema-enum`]);
    expect(kindLine).toBeGreaterThan(20_000);
  }, 60_000);

  it('pointers resolve through marks, to the last of two equal keys, and not past what the file holds', () => {
    const { source } = read('[\n  { "a": 1, "a": { "placeholder": [10, 20], "note": "n" } }\n]');
    const at = (p: string) => source.placeOf(p)?.start;
    expect(at('/0/a')).toMatchObject({ line: 2, column: 35 });
    expect(at('/0/a/1')).toMatchObject({ line: 2, column: 40 });
    expect(source.placeOf('/0/a', { key: true })?.start).toMatchObject({ line: 2, column: 13 });
    expect(at('/0/a/7')).toMatchObject({ line: 2, column: 35 });
    expect(at('/9')).toMatchObject({ line: 1, column: 1 });
    expect(source.ranges.get('/0/a/0')).toEqual([37, 39]);
    expect([...source.ranges.keys()].sort()).toEqual(['', '/0', '/0/a', '/0/a/0', '/0/a/1']);
  });
});

describe('rulebook serve', () => {
  it('keeps a JSON file parsed between runs, and parses it again once changed', async () => {
    const root = await miniJson('[{ "name": "A", "kind": "single" }]');
    const cache = new ParseCache();
    const load = async () =>
      (await loadGame(root, path.join(root, 'content', 'mini'), new DiagnosticBag(), new Map(), cache))!.collections.get('cards')!.sources[0];
    const first = await load();
    expect(first).toBeInstanceOf(JsonSource);
    expect(await load()).toBe(first);
    await writeFile(path.join(root, 'content', 'mini', 'cards.json'), '[{ "name": "B", "kind": "set" }]');
    const changed = await load();
    expect(changed).not.toBe(first);
    expect(changed!.value).toEqual([{ name: 'B', kind: 'set' }]);
  });
});

describe('the JSON layout of the bench', () => {
  it('writes its own section of RESULTS.md, between the sizes and the bundled games, keeping text written by hand', () => {
    const old = `# Benchmarks\n\nold head\n\n<!-- sizes:start -->\n## sizes\n<!-- sizes:end -->\n\n<!-- bundled:start -->\n## bundled\n<!-- bundled:end -->\n\n## Fuzzing\n\n10,000 cases\n`;
    const once = mergeSection(old, 'json', '## json one');
    expect(once.indexOf('## sizes')).toBeLessThan(once.indexOf('## json one'));
    expect(once.indexOf('## json one')).toBeLessThan(once.indexOf('## bundled'));
    expect(once).toContain('## Fuzzing\n\n10,000 cases\n');
    expect(once).not.toContain('old head');
    const twice = mergeSection(once, 'json', '## json two');
    expect(twice).toBe(once.replace('## json one', '## json two'));
  });

  it('judges the cold check against the JSON floor of the same run, and its peak memory', () => {
    const measure = (ms: number, rssMB: number): Measure => ({ ok: true, runs: 3, ms, rssMB, allMs: [ms], allRssMB: [rssMB] });
    const result = (check: number, floor: number, rss: number): SizeResult => ({
      cards: 30_000,
      perFile: 30_000,
      files: 1,
      mbytes: 18,
      measures: { 'check cold': measure(check, rss), 'floor json': measure(floor, 100) },
      phases: {},
    });
    expect(jsonVerdicts([result(1900, 1000, 300)]).map((v) => v.met)).toEqual([true, true]);
    expect(jsonVerdicts([result(2100, 1000, 650)]).map((v) => [v.met, v.figure])).toEqual([
      [false, '2.10 s vs 1.00 s: 2.10x'],
      [false, '650 MB'],
    ]);
    expect(jsonVerdicts([{ ...result(1, 1, 1), measures: {} }]).map((v) => v.met)).toEqual([undefined, undefined]);
  });
});
