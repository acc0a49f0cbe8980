import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { decodeUtf8 } from '../compiler/load/encoding.ts';
import { findBadIndents } from '../compiler/load/indentation.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import { diagnosticsOf, makeProject, MINI_DSL_GAME, MINI_GAME, MINI_SCHEMA, miniDslFiles, runCli } from './helpers.ts';

/**
 * Input robustness: whatever bytes or shapes a designer's editor saves, the
 * tool answers with located diagnostics (file, line, column, rule id) and
 * never with a silently changed value. Every fixture is the mini game of
 * test/helpers.ts, never a bundled game.
 */

type Files = Record<string, string | Buffer>;

/** A mini project; Buffers are written as raw bytes (a Latin-1 file, a byte-order mark). */
async function project(files: Files): Promise<string> {
  const text: Record<string, string> = {};
  const raw: Array<[string, Buffer]> = [];
  for (const [rel, content] of Object.entries({ 'content/mini/game.yaml': MINI_GAME, 'schemas/mini/card.schema.json': MINI_SCHEMA, ...files })) {
    if (typeof content === 'string') text[rel] = content;
    else raw.push([rel, content]);
  }
  const root = await makeProject(text);
  for (const [rel, bytes] of raw) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), bytes);
  }
  return root;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const bom = (s: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s, 'utf8')]);

/** `build` fails and leaves what a previous build wrote exactly as it was. */
async function expectBuildRefused(root: string): Promise<void> {
  const outputs = { 'generated/index.js': '// the last good build\n', 'docs-site/dist/index.html': '<p>the last good site</p>\n' };
  for (const [rel, text] of Object.entries(outputs)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  }
  const r = await runCli(['build', '-C', root]);
  expect(r.code).toBe(1);
  expect(r.err).toContain('build stopped: nothing was written');
  expect(r.err).not.toContain('internal error');
  for (const [rel, text] of Object.entries(outputs)) expect(await readFile(path.join(root, rel), 'utf8')).toBe(text);
}

const LATIN1_NOTE = (ch: string) => `read as Latin-1 it is "${ch}", so the file was probably saved in that encoding`;

describe('bytes that are not UTF-8 are an error at the byte', () => {
  it('a Latin-1 "ã" in a collection: one error per line with a bad byte, and the file gives no entries', async () => {
    const root = await project({ 'content/mini/cards.yaml': latin1('- name: João\n  kind: single\n- name: Zé\n  kind: set\n- name: Ok\n  kind: set\n') });
    expect(await diagnosticsOf(root)).toEqual([
      `error content/mini/cards.yaml:1:11 encoding-not-utf8: this byte (0xE3) is not UTF-8: save the file as UTF-8 [${LATIN1_NOTE('ã')}]`,
      `error content/mini/cards.yaml:3:10 encoding-not-utf8: this byte (0xE9) is not UTF-8: save the file as UTF-8 [${LATIN1_NOTE('é')}]`,
    ]);
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('mini: 0 cards'); // not a "Jo\uFFFDo" with a changed ID
    expect(r.err).toMatch(/> 1 \| - name: Jo\uFFFDo\n\s+\|\s+\^/);
    await expectBuildRefused(root);
  });

  it('a whole file saved as Latin-1: the first three lines in full, the rest counted in one message', async () => {
    const cards = ['João', 'Zé', 'Sebastião', 'Corisco é', 'Dadá', 'Lampião'].map((n) => `- name: ${n}\n  kind: set\n`).join('');
    const d = await diagnosticsOf(await project({ 'content/mini/cards.yaml': latin1(cards) }));
    expect(d.map((x) => x.replace(/ \[.*\]$/, ''))).toEqual([
      'error content/mini/cards.yaml:1:11 encoding-not-utf8: this byte (0xE3) is not UTF-8: save the file as UTF-8',
      'error content/mini/cards.yaml:3:10 encoding-not-utf8: this byte (0xE9) is not UTF-8: save the file as UTF-8',
      'error content/mini/cards.yaml:5:16 encoding-not-utf8: this byte (0xE3) is not UTF-8: save the file as UTF-8',
      'error content/mini/cards.yaml:7:17 encoding-not-utf8: 3 more lines have bytes that are not UTF-8: save the file as UTF-8',
    ]);
    expect(d[3]).toContain('[lines 7, 9, 11]');
  });

  it('only the first bad byte of a line is reported; a valid "ã" beside it is fine', async () => {
    const bytes = Buffer.concat([Buffer.from('- name: ã ', 'utf8'), Buffer.from([0x80, 0x20, 0xe9]), Buffer.from('\n  kind: set\n')]);
    expect(await diagnosticsOf(await project({ 'content/mini/cards.yaml': bytes }))).toEqual([
      // 0x80 is "€" in Windows-1252 but a control in Latin-1: no guess is offered.
      'error content/mini/cards.yaml:1:11 encoding-not-utf8: this byte (0x80) is not UTF-8: save the file as UTF-8',
    ]);
  });

  it('a broken multi-byte sequence is named whole', async () => {
    // E3 A3 starts "ã" (E3 A3 in UTF-8 is the start of a three-byte character) but stops after two bytes.
    const bytes = Buffer.concat([Buffer.from('- { name: A'), Buffer.from([0xe3, 0xa3]), Buffer.from(', kind: set }\n')]);
    const d = await diagnosticsOf(await project({ 'content/mini/cards.yaml': bytes }));
    expect(d).toHaveLength(1);
    expect(d[0]).toMatch(/^error content\/mini\/cards\.yaml:1:12 encoding-not-utf8: these bytes \(0xE3 0xA3\) are not UTF-8/);
  });

  it('in the manifest: the game is not loaded, and the error has its code frame', async () => {
    const root = await project({
      'content/mini/game.yaml': latin1(MINI_GAME.replace('name: Mini', 'name: Mini Jogão')),
      'content/mini/cards.yaml': '- { name: A, kind: set }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      `error content/mini/game.yaml:2:15 encoding-not-utf8: this byte (0xE3) is not UTF-8: save the file as UTF-8 [${LATIN1_NOTE('ã')}]`,
    ]);
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/> 2 \| name: Mini Jog\uFFFDo\n\s+\|\s+\^/);
    await expectBuildRefused(root);
  });

  it('in a Markdown page: reported at the byte, and the page is left out', async () => {
    const root = await project({
      'content/mini/cards.yaml': '- { name: A, kind: set }\n',
      'content/mini/rules/01-intro.md': latin1('# Intro\n\nA regra é simples.\n'),
    });
    expect(await diagnosticsOf(root)).toEqual([
      `error content/mini/rules/01-intro.md:3:9 encoding-not-utf8: this byte (0xE9) is not UTF-8: save the file as UTF-8 [${LATIN1_NOTE('é')}]`,
    ]);
    await expectBuildRefused(root);
  });

  it('in a schema: reported at the byte, and not reported as missing as well', async () => {
    const schema = MINI_SCHEMA.replace('"description": "Name"', '"description": "Nome do cart\u00e3o"');
    const root = await project({ 'content/mini/cards.yaml': '- { name: A, kind: set }\n', 'schemas/mini/card.schema.json': latin1(schema) });
    const d = await diagnosticsOf(root);
    expect(d).toEqual([
      `error schemas/mini/card.schema.json:17:35 encoding-not-utf8: this byte (0xE3) is not UTF-8: save the file as UTF-8 [${LATIN1_NOTE('ã')}]`,
    ]);
    await expectBuildRefused(root);
  });

  it('UTF-8 text passes and keeps its ID', async () => {
    const root = await project({ 'content/mini/cards.yaml': '- { name: João, kind: set }\n- { name: Zé, kind: set, beats: joao }\n' });
    expect(await diagnosticsOf(root)).toEqual([]);
  });

  it('decodeUtf8 finds the column in UTF-16 units, as the YAML parser counts', () => {
    // "😀" is two UTF-16 units: the bad byte after it stands at column 4.
    const bytes = Buffer.concat([Buffer.from('a😀'), Buffer.from([0xff]), Buffer.from('\nok\n')]);
    expect(decodeUtf8(bytes).bad).toEqual([{ line: 1, column: 4, bytes: [0xff] }]);
  });
});

describe('a byte-order mark is accepted in every file', () => {
  it('a collection file that starts with "- name:" after a BOM gives its entries', async () => {
    const root = await project({ 'content/mini/cards.yaml': bom('- name: A\n  kind: single\n- name: B\n  kind: set\n') });
    expect(await diagnosticsOf(root)).toEqual([]);
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(0);
    expect(r.err).toContain('mini: 2 cards');
  });

  it('columns on line 1 do not count the BOM', async () => {
    const root = await project({ 'content/mini/cards.yaml': bom('- { name: A, kind: sett }\n') });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/cards.yaml:1:20 schema-enum: `cards "A" .kind` must be one of: single, set (got "sett") [did you mean "set"?]',
    ]);
  });

  it('in the manifest, a Markdown page and a schema', async () => {
    const root = await project({
      'content/mini/game.yaml': bom(MINI_GAME),
      'content/mini/cards.yaml': '- { name: A, kind: set }\n',
      'content/mini/rules/01-intro.md': bom('# Intro\n\nText.\n'),
      'schemas/mini/card.schema.json': bom(MINI_SCHEMA),
    });
    expect(await diagnosticsOf(root)).toEqual([]);
    expect((await runCli(['check', '-C', root])).code).toBe(0);
  });
});

describe('a YAML file the manifest does not declare is a warning', () => {
  it('names the file and the manifest to declare it in, at any depth; declared, Markdown and source files are quiet', async () => {
    const root = await project({
      'content/mini/game.yaml': `${MINI_GAME}constants:\n  file: constants.yaml\n  schema: mini/card.schema.json\nsource:\n  title: The rulebook\n  files:\n    - { file: source/book.txt, about: The text. }\n    - { file: source/tables.yaml, about: Its tables as extracted. }\n`,
      'content/mini/cards.yaml': '- { name: A, kind: set }\n',
      'content/mini/constants.yaml': '{ name: K, kind: set }\n',
      'content/mini/extra.yaml': '- { name: B, kind: set }\n',
      'content/mini/drafts/more.yml': '- { name: C, kind: set }\n',
      'content/mini/rules/01-intro.md': '# Intro\n',
      'content/mini/source/book.txt': 'The rulebook.\n',
      'content/mini/source/tables.yaml': 'a: 1\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'warning content/mini/drafts/more.yml:1:1 file-undeclared: content/mini/drafts/more.yml is not declared in content/mini/game.yaml (add it under collections:), so it is not read [a collection reads it with `file: drafts/more.yml`]',
      'warning content/mini/extra.yaml:1:1 file-undeclared: content/mini/extra.yaml is not declared in content/mini/game.yaml (add it under collections:), so it is not read [a collection reads it with `file: extra.yaml`]',
    ]);
    expect((await runCli(['check', '-C', root])).code).toBe(0); // a warning does not fail the check
  });
});

describe('__proto__, constructor and prototype are ordinary unknown keys', () => {
  it('each is reported at its key; the entry keeps its prototype', async () => {
    const root = await project({ 'content/mini/cards.yaml': '- name: A\n  kind: set\n  __proto__: { polluted: true }\n  constructor: 1\n  prototype: 2\n' });
    const known = '[known fields: id, name, kind, points, awards, beats]';
    expect(await diagnosticsOf(root)).toEqual([
      `error content/mini/cards.yaml:3:3 schema-additionalProperties: unknown field \`__proto__\` in \`cards "A"\` ${known}`,
      `error content/mini/cards.yaml:4:3 schema-additionalProperties: unknown field \`constructor\` in \`cards "A"\` ${known}`,
      `error content/mini/cards.yaml:5:3 schema-additionalProperties: unknown field \`prototype\` in \`cards "A"\` ${known}`,
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a misspelt field beside them still gets its did-you-mean', async () => {
    const d = await diagnosticsOf(await project({ 'content/mini/cards.yaml': '- { name: A, kind: set, __proto__: 1, pointz: 2 }\n' }));
    expect(d).toContain('error content/mini/cards.yaml:1:39 schema-additionalProperties: unknown field `pointz` in `cards "A"` [did you mean `points`?]');
  });

  it('the loaded value holds `__proto__` as an own field, never as its prototype', () => {
    const source = new YamlSource('x.yaml', 'a: 1\n__proto__: { polluted: true }\n').parse(new DiagnosticBag());
    const value = source.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['a', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
    expect(value.polluted).toBeUndefined();
  });

  it("in the manifest's free maps too, and the game stops there", async () => {
    const game = `${MINI_DSL_GAME}`.replace('    flour: { kind: count', '    constructor: { kind: flag }\n    flour: { kind: count');
    expect(
      await diagnosticsOf(
        await makeProject({ ...miniDslFiles('- { name: G, scoring: { op: if, has: { flag: constructor }, points: 1 } }\n'), 'content/mini/game.yaml': game }),
      ),
    ).toEqual(["error content/mini/game.yaml:16:5 key-reserved: `constructor` cannot be a key (in `endState.fields`): it names JavaScript's object machinery"]);
  });

  it('in a map whose keys are free (a worked example), it is refused too', async () => {
    const goals =
      '- name: Most flour\n  scoring: { op: rank, by: { field: flour }, order: most, awards: [5], ties: share-place }\n  examples:\n    - given: [{ flour: 1, __proto__: 2 }]\n      expect: [5]\n';
    expect(await diagnosticsOf(await makeProject(miniDslFiles(goals)))).toEqual([
      'error content/mini/goals.yaml:4:27 key-reserved: `__proto__` cannot be a key (in `goals "Most flour" .examples[0].given[0]`): it names JavaScript\'s object machinery',
    ]);
  });
});

describe('causes come before their effects', () => {
  const counted = `${MINI_GAME}  extras:\n    file: extras.yaml\n    schema: mini/card.schema.json\n    type: Extra\ncomponents:\n  - { name: Cards, count: 2, collection: cards }\n`;

  it('a collection that does not parse gives no count error and no unknown-reference errors', async () => {
    const root = await project({
      'content/mini/game.yaml': counted,
      'content/mini/cards.yaml': '- name: "A\n  kind: set\n- name: B\n  kind: set\n',
      'content/mini/extras.yaml': '- { name: X, kind: set, beats: a }\n- { name: Y, kind: set, beats: b }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      `error content/mini/cards.yaml:1:9 yaml-unclosed: ${QUOTE_UNCLOSED} [until it is closed, the entry on lines 1-2 is left out; the file's other entries are checked]`,
    ]);
  });

  it('nor does one with bytes that are not UTF-8', async () => {
    const root = await project({
      'content/mini/game.yaml': counted,
      'content/mini/cards.yaml': latin1('- { name: Jo\u00e3o, kind: set }\n- { name: B, kind: set }\n'),
      'content/mini/extras.yaml': '- { name: X, kind: set, beats: b }\n',
    });
    expect((await diagnosticsOf(root)).map((d) => d.split(' ').slice(0, 3).join(' '))).toEqual(['error content/mini/cards.yaml:1:13 encoding-not-utf8:']);
  });

  it('a collection file that does not exist gives that error alone', async () => {
    const root = await project({ 'content/mini/game.yaml': counted, 'content/mini/extras.yaml': '- { name: X, kind: set, beats: b }\n' });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/game.yaml:6:11 collection-file-missing: collection "cards": file "content/mini/cards.yaml" does not exist',
    ]);
  });

  it('the counts and references still speak when the file reads', async () => {
    const root = await project({
      'content/mini/game.yaml': counted,
      'content/mini/cards.yaml': '- { name: A, kind: set }\n',
      'content/mini/extras.yaml': '- { name: X, kind: set, beats: b }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/extras.yaml:1:32 ref-unknown: unknown cards ID "b" [did you mean "a"?]',
      'error content/mini/game.yaml:14:27 component-count: Cards: the manifest gives 2, the collection "cards" describes 1',
    ]);
  });

  it('syntax errors print first, before errors of files earlier in the alphabet', async () => {
    const root = await project({
      'content/mini/game.yaml': counted,
      'content/mini/cards.yaml': '- { name: A, kind: sett }\n- { name: B, kind: set }\n',
      'content/mini/extras.yaml': '- name: X\n  kind: set\n   points: 1\n',
    });
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    const heads = r.err.split('\n').filter((l) => /^content\/\S+:\d+:\d+: /.test(l));
    expect(heads).toEqual([
      'content/mini/extras.yaml:3:4: error yaml-indent this line is indented 3 spaces, the entry above uses 2',
      'content/mini/cards.yaml:1:20: error schema-enum `cards "A" .kind` must be one of: single, set (got "sett")',
    ]);
  });
});

describe('indentation mistakes are one message in words', () => {
  const cases: Array<[string, string, string]> = [
    [
      'a key indented one space too far under a list item',
      '- name: A\n   kind: single\n',
      '2:4 yaml-indent: this line is indented 3 spaces, the entry above uses 2',
    ],
    ['a dedented key', '- name: A\n  kind: single\n points: 3\n', '3:2 yaml-indent: this line is indented 1 space, the entry above uses 2'],
    [
      'in the second entry, with the next key right again',
      '- name: A\n  kind: single\n- name: B\n   kind: set\n  points: 2\n',
      '4:4 yaml-indent: this line is indented 3 spaces, the entry above uses 2',
    ],
    [
      'a list item out of line',
      '- name: A\n  kind: single\n  awards:\n    - 1\n   - 2\n',
      '5:4 yaml-indent: this line is indented 3 spaces, the list item above uses 4',
    ],
    [
      'a key after a block scalar',
      '- name: A\n  kind: single\n  points: |\n    3\n     4\n  awards: []\n    beats: a\n',
      '7:5 yaml-indent: this line is indented 4 spaces, the entry above uses 2',
    ],
  ];
  it.each(cases)('%s', async (_, cards, expected) => {
    const d = await diagnosticsOf(await project({ 'content/mini/cards.yaml': cards }));
    expect(d).toHaveLength(1);
    expect(d[0]).toMatch(new RegExp(`^error content/mini/cards\\.yaml:${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[YAML nests by indentation`));
  });

  it('in the manifest', async () => {
    const game = MINI_GAME.replace('    schema: mini', '   schema: mini');
    expect(await diagnosticsOf(await project({ 'content/mini/game.yaml': game, 'content/mini/cards.yaml': '- { name: A, kind: set }\n' }))).toEqual([
      'error content/mini/game.yaml:7:4 yaml-indent: this line is indented 3 spaces, the entry above uses 4 [YAML nests by indentation: line it up with the keys of its list or map (4 spaces)]',
    ]);
  });

  it('valid forms are not read as mistakes: block scalars, multi-line flow, continued plain scalars, compact lists', () => {
    const text = [
      'id: x',
      'text: |',
      '  line one',
      '     indented more',
      'summary: a plain scalar',
      '  continued on the next line',
      'list:',
      '- a',
      '- b: 1',
      '  c: 2',
      'flow: { a: 1,',
      '   b: 2 }',
      'quoted: "two',
      '   lines"',
      'nested:',
      '    deep:',
      '        deeper: 1',
      '    back: 2',
      'base: &base',
      '  a: 1',
      'tagged: !thing',
      '  b: 2',
    ].join('\n');
    expect(findBadIndents(text)).toEqual([]);
  });
});

const QUOTE_UNCLOSED = '`"` opened here is never closed: add `"` where the text ends';

describe('an unclosed quote says where it opened', () => {
  it('at the quote, with that line in the code frame', async () => {
    const root = await project({ 'content/mini/cards.yaml': '- name: "A\n  kind: single\n' });
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`content/mini/cards.yaml:1:9: error yaml-unclosed ${QUOTE_UNCLOSED}\n  > 1 | - name: "A\n      |         ^`);
  });

  it('an apostrophe in the unclosed text does not mislead it', async () => {
    const d = await diagnosticsOf(await project({ 'content/mini/cards.yaml': '- { name: A, kind: set }\n- name: "It\'s B\n  kind: set\n' }));
    expect(d).toEqual([
      `error content/mini/cards.yaml:2:9 yaml-unclosed: ${QUOTE_UNCLOSED} [until it is closed, the entry on lines 2-3 is left out; the file's other entries are checked]`,
    ]);
  });
});

describe('an unknown DSL op gets a did-you-mean wherever it stands', () => {
  const goal = (scoring: string, fame = '') => `- name: G\n  scoring: ${scoring}\n${fame ? `  fame: ${fame}\n` : ''}`;
  const cases: Array<[string, string, string]> = [
    [
      'a scoring rule',
      goal('{ op: rnk, by: { field: flour }, order: most, awards: [5], ties: share-place }'),
      'error content/mini/goals.yaml:2:18 schema-discriminator: unknown op "rnk" in `goals "G" .scoring`; known: rank, per, if, sum [did you mean "rank"?]',
    ],
    [
      'a rule inside sum',
      goal('{ op: sum, of: [{ op: pr, points: 1, each: { field: flour } }] }'),
      'error content/mini/goals.yaml:2:34 schema-discriminator: unknown op "pr" in `goals "G" .scoring.of[0]`; known: rank, per, if, sum [did you mean "per"?]',
    ],
    [
      'a value rule (a union without a discriminator)',
      goal('{ op: per, points: 1, each: { field: flour } }', '{ op: minis, from: 9, subtract: { field: wounds } }'),
      'error content/mini/goals.yaml:3:15 schema-discriminator: unknown op "minis" in `goals "G" .fame`; known: sum, minus, max, groupsOf [did you mean "minus"?]',
    ],
    [
      'a value rule nested in a value rule',
      goal('{ op: per, points: 1, each: { field: flour } }', '{ op: sum, of: [{ op: mx, of: [1] }] }'),
      'error content/mini/goals.yaml:3:31 schema-discriminator: unknown op "mx" in `goals "G" .fame.of[0]`; known: sum, minus, max, groupsOf [did you mean "max"?]',
    ],
  ];
  it.each(cases)('%s', async (_, goals, expected) => {
    expect(await diagnosticsOf(await makeProject(miniDslFiles(goals)))).toEqual([expected]);
  });

  it("a known op with a misspelt field names that form's field only", async () => {
    const goals = goal('{ op: per, points: 1, each: { field: flour } }', '{ op: minus, from: 9, subtrct: { field: wounds } }');
    expect(await diagnosticsOf(await makeProject(miniDslFiles(goals)))).toEqual([
      // One mistake, at the misspelt key, naming the field it means (not "missing `subtract`" beside it).
      'error content/mini/goals.yaml:3:31 schema-additionalProperties: unknown field `subtrct` in `goals "G" .fame`: did you mean `subtract`? (a required field, missing here)',
    ]);
  });
});

describe('paths in messages name the entry', () => {
  it('by its collection and display name', async () => {
    const d = await diagnosticsOf(
      await project({ 'content/mini/cards.yaml': '- { name: A, kind: set }\n- name: Nonato e o Bode Silas\n  kind: set\n  awards: [5, 3, two]\n' }),
    );
    expect(d).toEqual(['error content/mini/cards.yaml:4:18 schema-type: `cards "Nonato e o Bode Silas" .awards[2]` must be an integer (got the string "two")']);
  });

  it('by its id, or its place in the file, when it has no name', async () => {
    const d = await diagnosticsOf(await project({ 'content/mini/cards.yaml': '- { id: first, kind: set }\n- { kind: set }\n' }));
    expect(d).toEqual([
      'error content/mini/cards.yaml:1:3 schema-required: `cards "first"` is missing the required field `name`',
      'error content/mini/cards.yaml:2:3 schema-required: `cards [1]` is missing the required field `name`',
    ]);
  });
});

describe('a rules file that does not parse', () => {
  it('suppresses the reference errors that only follow from its missing rules', async () => {
    const { fixtureProject } = await import('./helpers.ts');
    const root = await fixtureProject('tree', {
      'content/tree/rules.yaml': (t) => `${t}- { number: "16.9", title: [\n`,
      // The glossary (which loads) refers to a rule: with no rules loaded, that is not a second error.
      'content/tree/glossary.yaml': (t) => t.replace('text: Uma ruína. }', 'text: "Uma ruína ({ref:16.5})." }'),
    });
    const d = await diagnosticsOf(root);
    expect(d.length).toBeGreaterThan(0);
    expect(
      d.every((x) => / content\/tree\/rules\.yaml:\d+:\d+ yaml-/.test(x)),
      d.join('\n'),
    ).toBe(true);
  });
});

describe('a folder under content/ without game.yaml', () => {
  it('is a warning that says what is missing, not silence', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: set\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
      'content/newgame/cards.yaml': '- name: B\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'warning content/newgame/cards.yaml:1:1 game-no-manifest: content/newgame/ has no game.yaml, so none of its 1 YAML file is read [a game is a folder with a manifest: write content/newgame/game.yaml (`rulebook new game newgame` makes a minimal one)]',
    ]);
  });
});

describe('a single quote closed lines later by an apostrophe in the text', () => {
  it('a single quote is reported where it opened, not as the indentation it swallowed', async () => {
    const d = await diagnosticsOf(await project({ 'content/mini/cards.yaml': `- name: 'Lampião\n  kind: set\n- name: Corisco's band\n  kind: set\n` }));
    expect(d[0]).toMatch(/^error content\/mini\/cards.yaml:1:9 yaml-unclosed: `'` opened here is never closed/);
  });
});
