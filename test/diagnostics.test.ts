import { describe, expect, it } from 'vitest';
import { CASES, projectOf, reportsOf } from './diagnostic-cases.ts';
import { check } from '../compiler/pipeline.ts';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import { diagnosticsOf, entrySchema, fixturesProject, makeProject, MINI_GAME, MINI_SCHEMA, runCli } from './helpers.ts';

// Each mistake is held to its code and place on a fixture game; the words of the messages are
// held in one place, diagnostic-wording.test.ts, so rewording a message changes one file.

describe('each mistake is reported with its code, at its place', () => {
  it('the fixture games as they are report nothing', async () => {
    expect(await reportsOf(await fixturesProject(['duel', 'hostile']))).toEqual([]);
  });

  it.each(Object.entries(CASES))('%s', async (_, c) => {
    expect(await reportsOf(await projectOf(c))).toEqual(c.reports);
  });
});

describe('what check prints', () => {
  const enumCase = CASES['a value not among the allowed ones, with the nearest'];

  it('path:line:col: severity code, then the message with a code frame; exit 1', async () => {
    const r = await runCli(['check', '-C', await projectOf(enumCase)]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/hostile/cards.yaml:4:9: error schema-enum ');
    expect(r.err).toMatch(/> 4 \| {3}kind: sett\n\s+\|\s+\^\^\^\^/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('--format json gives the same diagnostics as data', async () => {
    const r = await runCli(['check', '-C', await projectOf(enumCase), '--format', 'json']);
    expect(r.code).toBe(1);
    const items = JSON.parse(r.out) as Array<{ file: string; line: number; column: number; ruleId: string; severity: string }>;
    expect(items).toEqual([expect.objectContaining({ file: 'content/hostile/cards.yaml', line: 4, column: 9, ruleId: 'schema-enum', severity: 'error' })]);
  });
});

describe('an unclosed `[`, `{` or quote in a collection file: one error, and the other entries load', () => {
  const UNCLOSED_LIST = '`[` opened here is never closed: add `]` where the list ends';
  const cards = [
    '- { name: Ace, kind: single }',
    '- name: King',
    '  kind: single',
    '  awards: [1, 2',
    '- { name: Queen, kind: single, points: x }',
    '- name: "Jack',
    '  kind: set',
    '- { name: Ten, kind: sett }',
    '',
  ].join('\n');
  const projectWith = (text: string, manifest = MINI_GAME) =>
    makeProject({ 'content/mini/game.yaml': manifest, 'schemas/mini/card.schema.json': MINI_SCHEMA, 'content/mini/cards.yaml': text });

  it('an error at each opening character, no parser knock-ons, and the later entries still validated', async () => {
    expect(await diagnosticsOf(await projectWith(cards))).toEqual([
      `error content/mini/cards.yaml:4:11 yaml-unclosed: ${UNCLOSED_LIST} [until it is closed, the entry on lines 2-4 is left out; the file's other entries are checked]`,
      'error content/mini/cards.yaml:6:9 yaml-unclosed: `"` opened here is never closed: add `"` where the text ends [until it is closed, the entry on lines 6-7 is left out; the file\'s other entries are checked]',
      'error content/mini/cards.yaml:5:40 schema-type: `cards "Queen" .points` must be an integer (got the string "x")',
      'error content/mini/cards.yaml:8:22 schema-enum: `cards "Ten" .kind` must be one of: single, set (got "sett") [did you mean "set"?]',
    ]);
  });

  it('the entries that load are counted, and the count printed says so', async () => {
    const root = await projectWith(cards.replace('points: x', 'points: 1').replace('kind: sett', 'kind: set'));
    const result = await check(root);
    expect([...result.games[0]!.linked.game.collections.get('cards')!.entries].map((e) => e.id)).toEqual(['ace', 'queen', 'ten']);
    const r = await runCli(['check', '-C', root]);
    expect(r.err).toContain('mini: 3 cards');
  });

  it('counts and references into the collection wait for the whole file', async () => {
    const manifest = `${MINI_GAME}components:\n  - { name: Cards, count: 9, collection: cards }\n`;
    const d = await diagnosticsOf(await projectWith('- { name: Ace, kind: single, beats: king }\n- name: King\n  awards: [1\n', manifest));
    expect(d).toEqual([
      `error content/mini/cards.yaml:3:11 yaml-unclosed: ${UNCLOSED_LIST} [until it is closed, the entry on lines 2-3 is left out; the file's other entries are checked]`,
    ]);
  });

  it('a file that is not a list (a manifest) is one error at the bracket, and is not loaded', async () => {
    const d = await diagnosticsOf(await projectWith('- { name: Ace, kind: single }\n', MINI_GAME.replace('locale: en', 'locales: [en, fr\nlocale: en')));
    expect(d).toEqual([`error content/mini/game.yaml:3:10 yaml-unclosed: ${UNCLOSED_LIST}`]);
  });

  it('a file parsed on a worker thread keeps its entries left out, so places stay right', () => {
    const parsed = new YamlSource('cards.yaml', cards).parse(new DiagnosticBag());
    const copy = YamlSource.fromParsed('cards.yaml', cards, parsed.toParsed());
    expect((copy.value as Array<{ name: string }>).map((e) => e.name)).toEqual(['Ace', 'Queen', 'Ten']);
    expect(copy.placeOf('/2/kind')?.start).toMatchObject({ line: 8, column: 22 });
  });
});

describe('a misspelt required field is one error, at the key', () => {
  const schema = JSON.stringify({
    ...JSON.parse(
      entrySchema('mini', 'card', {
        name: { type: 'string' },
        suit: { enum: ['cups', 'swords'] },
        stats: { type: 'object', additionalProperties: false, required: ['power'], properties: { power: { type: 'integer' }, range: { type: 'integer' } } },
      }),
    ),
    required: ['name', 'suit'],
  });
  const projectWith = (cards: string) =>
    makeProject({ 'content/mini/game.yaml': MINI_GAME, 'schemas/mini/card.schema.json': schema, 'content/mini/cards.yaml': cards });

  it('with the field it means as data (expected, suggestion), and no "missing" error beside it', async () => {
    const r = await runCli(['check', '-C', await projectWith('- name: Ace\n  suti: cups\n'), '--format', 'json']);
    expect(JSON.parse(r.out)).toEqual([
      expect.objectContaining({
        line: 2,
        column: 3,
        ruleId: 'schema-additionalProperties',
        message: 'unknown field `suti` in `cards "Ace"`: did you mean `suit`? (a required field, missing here)',
        expected: ['name', 'suit', 'stats'],
        suggestion: 'suit',
      }),
    ]);
  });

  it('in a nested object too', async () => {
    expect(await diagnosticsOf(await projectWith('- name: Ace\n  suit: cups\n  stats: { pwoer: 2 }\n'))).toEqual([
      'error content/mini/cards.yaml:3:12 schema-additionalProperties: unknown field `pwoer` in `cards "Ace" .stats`: did you mean `power`? (a required field, missing here)',
    ]);
  });

  it('only beside the missing field: a key like a field missing elsewhere is two errors', async () => {
    expect(await diagnosticsOf(await projectWith('- name: Ace\n  suit: cups\n  pwoer: 2\n  stats: { range: 2 }\n'))).toEqual([
      'error content/mini/cards.yaml:3:3 schema-additionalProperties: unknown field `pwoer` in `cards "Ace"` [known fields: name, suit, stats]',
      'error content/mini/cards.yaml:4:10 schema-required: `cards "Ace" .stats` is missing the required field `power`',
    ]);
  });
});

describe('bad content never crashes the tool', () => {
  const crashers = [
    'a manifest that is a list',
    'a manifest with fields of the wrong shape',
    'manifest names that name nothing',
    'a collection file that is not a list',
    'entries that are not maps, and a placeholder without a note',
    'a missing schema and a schema that is not JSON',
    'a file the manifest names that does not exist',
  ] as const;
  it.each(crashers)('%s: build refuses with exit 1, no internal error', async (name) => {
    const r = await runCli(['build', '-C', await projectOf(CASES[name])]);
    expect(r.code).toBe(1);
    expect(r.err).not.toContain('internal error');
  });
});
