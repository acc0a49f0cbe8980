import { describe, expect, it } from 'vitest';
import { diagnosticsOf, makeProject, MINI_GAME, MINI_SCHEMA, miniDslFiles, runCli } from './helpers.ts';

async function mini(cards: string): Promise<string[]> {
  const root = await makeProject({
    'content/mini/game.yaml': MINI_GAME,
    'content/mini/cards.yaml': cards,
    'schemas/mini/card.schema.json': MINI_SCHEMA,
  });
  return diagnosticsOf(root);
}

describe('YAML syntax errors are located', () => {
  it('a tab in indentation', async () => {
    const d = await mini('- name: A\n\tkind: single\n');
    expect(d).toEqual(['error content/mini/cards.yaml:2:1 yaml-tab-indent: a tab in indentation: YAML indents with spaces only']);
  });

  it('an unclosed quote', async () => {
    const d = await mini('- name: "A\n  kind: single\n');
    expect(d).toEqual(['error content/mini/cards.yaml:1:9 yaml-missing-char: this quote is never closed']);
  });

  it('a duplicate key points at the second key', async () => {
    const d = await mini('- name: A\n  kind: single\n  name: B\n');
    expect(d).toContain('error content/mini/cards.yaml:3:3 yaml-duplicate-key: Map keys must be unique');
  });

  it('bad indentation is one message in words, on the line that is off', async () => {
    const d = await mini('- name: A\n   kind: single\n');
    expect(d).toEqual([
      'error content/mini/cards.yaml:2:4 yaml-indent: this line is indented 3 spaces, the entry above uses 2 [YAML nests by indentation: line it up with the keys of its list or map (2 spaces)]',
    ]);
  });
});

describe('schema errors point at the offending value', () => {
  it('a string in the third award of the fifth card points at that value', async () => {
    const cards = ['A', 'B', 'C', 'D'].map((n) => `- { name: ${n}, kind: single }`).join('\n') + '\n- name: E\n  kind: single\n  awards: [5, 3, two]\n';
    const d = await mini(cards);
    expect(d).toEqual(['error content/mini/cards.yaml:7:18 schema-type: `cards "E" .awards[2]` must be an integer (got the string "two")']);
  });

  it('a missing required field points at its object and names the field', async () => {
    const d = await mini('- name: A\n  kind: set\n- name: B\n');
    expect(d).toEqual(['error content/mini/cards.yaml:3:3 schema-required: `cards "B"` is missing the required field `kind`']);
  });

  it('an unknown key points at the key and suggests the closest', async () => {
    const d = await mini('- name: A\n  kind: set\n  pointz: 3\n');
    expect(d).toEqual(['error content/mini/cards.yaml:3:3 schema-additionalProperties: unknown field `pointz` in `cards "A"` [did you mean `points`?]']);
  });

  it('a wrong enum value lists the allowed values and suggests the nearest', async () => {
    const d = await mini('- name: A\n  kind: sett\n');
    expect(d).toEqual(['error content/mini/cards.yaml:2:9 schema-enum: `cards "A" .kind` must be one of: single, set (got "sett") [did you mean "set"?]']);
  });
});

describe('link errors', () => {
  it('a duplicate ID is reported at both places', async () => {
    const d = await mini('- name: Zé Baiano\n  kind: set\n- name: Ze Baiano\n  kind: set\n');
    expect(d.filter((x) => x.includes('duplicate-id')).map((x) => x.split(' ')[1])).toEqual(['content/mini/cards.yaml:1:3', 'content/mini/cards.yaml:3:3']);
    // Names that slug alike are two entries to tell apart: say how.
    expect(d).toContain(
      'error content/mini/cards.yaml:3:3 duplicate-id: duplicate ID "ze-baiano" in collection "cards" [first defined at content/mini/cards.yaml:1:3; both names give the ID "ze-baiano": if they are different entries, give this one an `id:` of its own]',
    );
  });

  it('an unknown reference gets a did-you-mean', async () => {
    const d = await mini('- name: Lampião\n  kind: set\n- name: Corisco\n  kind: set\n  beats: lampiao-\n');
    expect(d).toEqual(['error content/mini/cards.yaml:5:10 ref-unknown: unknown cards ID "lampiao-" [did you mean "lampiao"?]']);
  });
});

describe('every problem in one run', () => {
  it('reports errors from several files together', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: sett\n- name: B\n',
      'content/other/game.yaml': MINI_GAME.replace('id: mini', 'id: other').replace('mini/card', 'mini/card'),
      'content/other/cards.yaml': '- name: "x\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const d = await diagnosticsOf(root);
    expect(d.filter((x) => x.startsWith('error content/mini/cards.yaml'))).toHaveLength(2);
    expect(d.filter((x) => x.startsWith('error content/other/cards.yaml')).length).toBeGreaterThan(0);
  });

  it('prints path:line:col: error rule-id message with a code frame, and exits 1', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: sett\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/mini/cards.yaml:2:9: error schema-enum `cards "A" .kind` must be one of: single, set (got "sett")');
    expect(r.err).toMatch(/> 2 \| {3}kind: sett\n\s+\|\s+\^\^\^\^/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('--format json gives the same diagnostics as data', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: sett\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const r = await runCli(['check', '-C', root, '--format', 'json']);
    expect(r.code).toBe(1);
    const items = JSON.parse(r.out) as Array<{ file: string; line: number; column: number; ruleId: string; severity: string }>;
    expect(items).toEqual([expect.objectContaining({ file: 'content/mini/cards.yaml', line: 2, column: 9, ruleId: 'schema-enum', severity: 'error' })]);
  });
});

describe('counts against the manifest', () => {
  it('a known gap is a warning that names it; an unexplained one is an error', async () => {
    const game =
      MINI_GAME +
      'components:\n  - { name: Cards, count: 3, collection: cards, gap: two cards are not described }\n  - { name: More cards, count: 5, collection: cards }\n';
    const root = await makeProject({
      'content/mini/game.yaml': game,
      'content/mini/cards.yaml': '- { name: A, kind: set }\n- { name: B, kind: set }\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const d = await diagnosticsOf(root);
    expect(d).toContain(
      'warning content/mini/game.yaml:10:27 component-count: Cards: the manifest gives 3, the collection "cards" describes 2 [known gap: two cards are not described]',
    );
    expect(d).toContain('error content/mini/game.yaml:11:32 component-count: More cards: the manifest gives 5, the collection "cards" describes 2');
  });
});

describe('bad content never crashes the tool', () => {
  const game = (extra: string) => `id: x\nname: X\nlocale: en\ncollections:\n  cards: { file: c.yaml, schema: mini/card.schema.json, type: Card }\n${extra}`;
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['a manifest that is a list', { 'content/x/game.yaml': '- a\n- b\n' }, /game\.yaml:1:1 schema-type: the document must be an object/],
    [
      'a manifest with fields of the wrong shape',
      { 'content/x/game.yaml': 'id: x\nname: X\nlocale: en\ncollections: 5\ncomponents: nope\n' },
      /game\.yaml:4:14 schema-type: `collections` must be an object/,
    ],
    [
      'manifest names that name nothing',
      {
        'content/x/game.yaml': game(
          'tables: { t: { kind: lookup, collection: cardz } }\nendState: { type: E, fields: { a: { kind: list, of: nothing } } }\nplayerState: [{ id: q, type: countByNothing }]\n',
        ),
        'content/x/c.yaml': '- { name: A, kind: set }\n',
      },
      /manifest-name: unknown collection "cardz" \[did you mean "cards"\?\]/,
    ],
    ['a collection file that is not a list', { 'content/x/game.yaml': game(''), 'content/x/c.yaml': 'just a string\n' }, /c\.yaml:1:1 collection-not-a-list/],
    [
      'entries that are not maps, and a placeholder without a note',
      { 'content/x/game.yaml': game(''), 'content/x/c.yaml': '- 5\n- { name: { placeholder: B }, kind: set }\n' },
      /c\.yaml:2:11 placeholder-note/,
    ],
    [
      'a missing schema and a schema that is not JSON',
      {
        'content/x/game.yaml': game('').replace('mini/card.schema.json', 'mini/cards.schema.json'),
        'content/x/c.yaml': '- { name: A }\n',
        'schemas/bad.schema.json': '{ nope',
      },
      /schema-missing: no schema "schemas\/mini\/cards\.schema\.json" \[did you mean "mini\/card\.schema\.json"\?\]/,
    ],
    ['a file the manifest names that does not exist', { 'content/x/game.yaml': game('').replace('c.yaml', 'nowhere.yaml') }, /collection-file-missing/],
  ];
  it.each(cases)('%s', async (_, files, expected) => {
    const root = await makeProject({ ...files, 'schemas/mini/card.schema.json': MINI_SCHEMA });
    const d = await diagnosticsOf(root);
    expect(d.join('\n')).toMatch(expected);
    const r = await runCli(['build', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).not.toContain('internal error');
  });
});

describe('DSL mistakes', () => {
  // The mini game's goals (test/helpers.ts miniDslFiles), not a bundled game: editing a bundled card must not break these.
  const GOALS = [
    '- name: Most flour',
    '  scoring: { op: rank, by: { field: flour }, order: most, awards: [5, 3, 2], ties: share-place }',
    '- name: Flour in sixes',
    '  scoring: { op: per, points: 5, each: { groupsOf: 6, of: { field: flour } } }',
    '- name: Cabras with Lampião',
    '  scoring: { op: per, points: 2, each: { count: cabras, where: lampiao } }',
    '',
  ].join('\n');

  async function goals(edit: (y: string) => string): Promise<string[]> {
    return (await diagnosticsOf(await makeProject(miniDslFiles(edit(GOALS))))).filter((d) => d.startsWith('error'));
  }

  it('the fixture itself is clean', async () => {
    expect(await goals((y) => y)).toEqual([]);
  });

  it('an unknown op is named once, with the known ops and the nearest', async () => {
    expect(await goals((y) => y.replace('op: rank', 'op: rnk'))).toEqual([
      'error content/mini/goals.yaml:2:18 schema-discriminator: unknown op "rnk" in `goals "Most flour" .scoring`; known: rank, per, if, sum [did you mean "rank"?]',
    ]);
  });

  it('a quantity with a misspelt key names the keys and suggests one', async () => {
    expect(await goals((y) => y.replace('each: { groupsOf: 6, of: { field: flour } }', 'each: { groupOf: 6, of: { field: flour } }'))).toEqual([
      'error content/mini/goals.yaml:4:40 schema-form: `goals "Flour in sixes" .scoring.each` needs one of the keys: field, count, distinct, repeated, flag, min, groupsOf [did you mean `groupsOf` for `groupOf`?]',
    ]);
  });

  it('an unknown field inside a quantity points at the key', async () => {
    expect(await goals((y) => y.replace('each: { count: cabras, where: lampiao }', 'each: { count: cabras, wher: lampiao }'))).toEqual([
      'error content/mini/goals.yaml:6:57 schema-additionalProperties: unknown field `wher` in `goals "Cabras with Lampião" .scoring.each` [did you mean `where`?]',
    ]);
  });
});
