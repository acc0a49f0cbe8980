// `rulebook new` on CSV, TSV and JSON collections (a row, an item: the rest of the file byte for byte), and
// `rulebook new collection --csv` (a CSV file whose header row is the schema's fields by path).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendJsonItem } from '../compiler/commands/append-json.ts';
import { appendRow } from '../compiler/commands/append-row.ts';
import { detectDelimiter as delimiterOf } from '../compiler/load/csv-source.ts';
import { headerColumns } from '../compiler/commands/table-header.ts';
import { check } from '../compiler/pipeline.ts';
import { SCHEMA_BASE } from '../compiler/validate/schemas.ts';
import { entrySchema, fixtureProject, makeProject, runCli } from './helpers.ts';

const read = (root: string, file: string) => readFile(path.join(root, file), 'utf8');

// A drafted entry as new-entry.ts makes it: the name, then each required field as a draft around its draft value.
const DRAFTED = {
  name: 'Fire, Ball',
  kind: { placeholder: 'single', note: 'To decide: Kind.' },
  attack: { placeholder: { guns: 0 }, note: 'To decide: Attack.' },
};
const KIND_CELL = "{ placeholder: single, note: 'To decide: Kind.' }";

describe('appendRow: a CSV or TSV collection takes the drafted entry as one more row', () => {
  it('cells in header order, a draft as YAML flow text, a draft over an object spread to the column under it, quoted where needed', () => {
    const text = 'name,kind,attack.guns,attack.range,tags\nAxe,set,2,1,melee;heavy\n';
    expect(appendRow(text, DRAFTED)).toEqual({
      text: `${text}"Fire, Ball","${KIND_CELL}","{ placeholder: 0, note: 'To decide: Attack.' }",,\n`,
      line: 3,
      drafts: 2,
    });
  });

  it("keeps a byte-order mark, Windows line ends and Excel's `;`, and ends a last line that had no line end", () => {
    const text = '\uFEFFname;kind;attack\r\nAxe;set;{ guns: 2 }';
    expect(appendRow(text, DRAFTED)).toEqual({
      text: `${text}\r\nFire, Ball;${KIND_CELL};{ placeholder: { guns: 0 }, note: 'To decide: Attack.' }\r\n`,
      line: 3,
      drafts: 2,
    });
  });

  it('a TSV file is tab-separated; a declared delimiter wins over what the header line suggests', () => {
    expect(appendRow('name\tkind\tattack\n', DRAFTED, { tsv: true })).toMatchObject({
      text: `name\tkind\tattack\nFire, Ball\t${KIND_CELL}\t{ placeholder: { guns: 0 }, note: 'To decide: Attack.' }\n`,
    });
    // One column, so nothing in the header says `;`: only the declaration does.
    expect(appendRow('name\n', { name: 'A, B; C' }, { delimiter: ';' })).toEqual({ text: 'name\n"A, B; C"\n', line: 2, drafts: 0 });
    expect(appendRow('name\n', { name: 'A, B; C' })).toEqual({ text: 'name\n"A, B; C"\n', line: 2, drafts: 0 });
  });

  it('a list joined by `;` or the declared separator; a list whose items would not survive the split, and an object, as flow text', () => {
    const header = 'name,tags,points,flag,rule\n';
    const entry = { name: 'A', tags: ['fire', 'ice'], points: 3, flag: false, rule: { op: 'per', points: 2, each: { field: 'flour' } } };
    expect(appendRow(header, entry)).toMatchObject({ text: `${header}A,fire;ice,3,false,"{ op: per, points: 2, each: { field: flour } }"\n` });
    expect(appendRow(header, entry, { listSeparator: '|' })).toMatchObject({
      text: `${header}A,fire|ice,3,false,"{ op: per, points: 2, each: { field: flour } }"\n`,
    });
    expect(appendRow(header, { name: 'A', tags: ['a;b', 'c'] })).toMatchObject({ text: `${header}A,"[ a;b, c ]",,,\n` });
    expect(appendRow(header, { name: 'A', tags: [' padded'] })).toMatchObject({ text: `${header}A,[ ' padded' ],,,\n` });
  });

  it('quotes a cell holding a quote or a line break, in a CRLF file too', () => {
    expect(appendRow('name,kind\r\nA,set\r\n', { name: 'Say "hi"\nnow' })).toEqual({
      text: 'name,kind\r\nA,set\r\n"Say ""hi""\nnow",\r\n',
      line: 3,
      drafts: 0,
    });
  });

  it('goes after the last row, before the blank lines that end the file (a blank line between rows reads as an empty row)', () => {
    expect(appendRow('name,kind\nA,set\n\n\n', { name: 'B' })).toEqual({ text: 'name,kind\nA,set\nB,\n\n\n', line: 3, drafts: 0 });
    expect(appendRow('"name","kind"\n', { name: 'B', kind: 'set' })).toEqual({ text: '"name","kind"\nB,set\n', line: 2, drafts: 0 });
  });

  it('refuses, in words, a header without a column the entry needs, and a file with no header', () => {
    expect(appendRow('name,kind\n', DRAFTED)).toEqual({
      error: 'has no column for `attack.guns`, which the new entry must have: add that column to the header row, then run this again',
    });
    expect(appendRow('title\n', DRAFTED)).toEqual({
      error: 'has no column for `name`, `kind`, `attack.guns`, which the new entry must have: add those columns to the header row, then run this again',
    });
    for (const empty of ['', '\uFEFF', '\n\n'])
      expect(appendRow(empty, DRAFTED)).toEqual({
        error: 'has no header row (the field names, by path: `name,cost,attack.guns`): write one first, or start the file with `rulebook new collection --csv`',
      });
  });

  it("delimiterOf reads the header line's most frequent delimiter outside quotes, `,` when it has none", () => {
    expect(delimiterOf('name;cost;text\na,b,c,d,e\n')).toBe(';');
    expect(delimiterOf('name,cost\n')).toBe(',');
    expect(delimiterOf('name\tcost\n')).toBe('\t');
    expect(delimiterOf('"a;b;c",d\n')).toBe(',');
    expect(delimiterOf('name\n')).toBe(',');
  });
});

describe("appendJsonItem: a JSON collection takes the drafted entry as its array's last item", () => {
  it("one property a line, at the file's indentation (two spaces, four, tabs)", () => {
    expect(appendJsonItem('[\n  {\n    "name": "A"\n  }\n]\n', { name: 'B', cost: { placeholder: 0, note: 'N' } })).toEqual({
      text: '[\n  {\n    "name": "A"\n  },\n  {\n    "name": "B",\n    "cost": {\n      "placeholder": 0,\n      "note": "N"\n    }\n  }\n]\n',
      line: 5,
    });
    expect(appendJsonItem('[\n    {\n        "name": "A"\n    }\n]', { name: 'B' })).toEqual({
      text: '[\n    {\n        "name": "A"\n    },\n    {\n        "name": "B"\n    }\n]',
      line: 5,
    });
    expect(appendJsonItem('[\n\t{\n\t\t"name": "A"\n\t}\n]\n', { name: 'B' })).toEqual({
      text: '[\n\t{\n\t\t"name": "A"\n\t},\n\t{\n\t\t"name": "B"\n\t}\n]\n',
      line: 5,
    });
  });

  it('one item a line, spaced as the file spaces them, with the separator the file puts between items', () => {
    const text = '[\n  { "name": "A", "n": 1 },\n\n  { "name": "B" }\n]\n';
    expect(appendJsonItem(text, { name: 'C', cost: { placeholder: 0, note: 'N' } })).toEqual({
      text: '[\n  { "name": "A", "n": 1 },\n\n  { "name": "B" },\n\n  { "name": "C", "cost": { "placeholder": 0, "note": "N" } }\n]\n',
      line: 6,
    });
    expect(appendJsonItem('[{"name":"A"}]', { name: 'B', tags: ['x', 'y'] })).toEqual({ text: '[{"name":"A"},{"name":"B","tags":["x","y"]}]', line: 1 });
  });

  it('fills an empty array and an empty file; keeps Windows line ends and a byte-order mark', () => {
    expect(appendJsonItem('[]\n', { name: 'A' })).toEqual({ text: '[\n  {\n    "name": "A"\n  }\n]\n', line: 2 });
    expect(appendJsonItem('', { name: 'A' })).toEqual({ text: '[\n  {\n    "name": "A"\n  }\n]\n', line: 2 });
    expect(appendJsonItem('\uFEFF[\r\n  {\r\n    "name": "A"\r\n  }\r\n]\r\n', { name: 'B' })).toEqual({
      text: '\uFEFF[\r\n  {\r\n    "name": "A"\r\n  },\r\n  {\r\n    "name": "B"\r\n  }\r\n]\r\n',
      line: 5,
    });
  });

  it('refuses a file whose top level is not an array, and one that is not JSON, in words', () => {
    expect(appendJsonItem('{ "cards": [] }\n', { name: 'A' })).toEqual({
      error: 'holds a JSON object at its top level, not an array of entries (`[{ "name": ... }]`): nothing was changed',
    });
    expect(appendJsonItem('"cards"\n', { name: 'A' })).toMatchObject({ error: expect.stringContaining('holds a JSON value at its top level') });
    expect(appendJsonItem('[\n  { "name": "A" },\n  { "name": }\n]\n', { name: 'B' })).toEqual({
      error: 'does not read as JSON (ValueExpected at line 3): fix it first',
    });
  });
});

describe('headerColumns: a CSV header from an entry schema', () => {
  it('required fields first, then the rest, in schema order; a plain object spread by path; rules, texts, maps and lists of objects one column each', async () => {
    const schema = {
      $id: `${SCHEMA_BASE}t/card.schema.json`,
      type: 'object',
      required: ['name', 'attack', 'score'],
      properties: {
        id: { $ref: '../defs.schema.json#/$defs/id' },
        text: { $ref: '../defs.schema.json#/$defs/text' },
        name: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        attack: { type: 'object', required: ['range'], properties: { guns: { type: 'integer' }, range: { type: 'integer' } } },
        parts: { type: 'array', items: { type: 'object', properties: { card: { type: 'string' } } } },
        score: { 'x-rule': 'scoring', type: 'object', properties: { op: { type: 'string' } } },
        banned: { type: 'object', propertyNames: { 'x-ref': 'cards' }, additionalProperties: { type: 'integer' } },
      },
    };
    const { schemas } = await check(await makeProject({}));
    expect(headerColumns(schema, schema.$id, schemas)).toEqual(['name', 'attack.range', 'attack.guns', 'score', 'id', 'text', 'tags', 'parts', 'banned']);
  });
});

// A game with one collection whose file is given: name, a kind, a required attack (an object) and optional tags.
const GAME = (file: string) => `id: mini
name: Mini
locale: en
collections:
  cards:
    file: ${file}
    schema: mini/card.schema.json
    type: Card
`;
const SCHEMA = entrySchema('mini', 'card', {
  id: { $ref: '../defs.schema.json#/$defs/id', description: 'Stable ID.' },
  name: { type: 'string', description: 'The name.' },
  kind: { enum: ['single', 'set'], description: 'Kind.' },
  attack: {
    type: 'object',
    additionalProperties: false,
    required: ['guns'],
    properties: { guns: { type: 'integer', description: 'Guns.' }, range: { type: 'integer', description: 'Range.' } },
    description: 'Attack.',
  },
  tags: { type: 'array', items: { type: 'string' }, description: 'Tags.' },
}).replace('"type":"object",', '"type":"object","required":["name","kind","attack"],');

const project = (file: string, text: string) =>
  makeProject({ 'schemas/mini/card.schema.json': SCHEMA, 'content/mini/game.yaml': GAME(file), [`content/mini/${file}`]: text });

describe('rulebook new on a JSON collection', () => {
  it("appends an item in the file's layout, prints its ID, and the entry checks and lists as a draft", async () => {
    const before = '[\n  {\n    "name": "Axe",\n    "kind": "set",\n    "attack": { "guns": 2 }\n  }\n]\n';
    const root = await project('cards.json', before);
    expect((await runCli(['check', '-C', root])).code).toBe(0);
    const r = await runCli(['new', 'mini', 'cards', 'Fire, Ball', '-C', root]);
    expect(r.err).toContain('added cards/fire-ball at content/mini/cards.json:7, with 2 placeholders to fill');
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe('fire-ball');
    expect(await read(root, 'content/mini/cards.json')).toBe(
      before.slice(0, -3) +
        ',\n  {\n    "name": "Fire, Ball",\n    "kind": {\n      "placeholder": "single",\n      "note": "To decide: Kind."\n    },\n    "attack": {\n      "placeholder": {\n        "guns": 0\n      },\n      "note": "To decide: Attack."\n    }\n  }\n]\n',
    );
    expect((await runCli(['check', '-C', root])).code).toBe(0);
    const drafts = (await runCli(['drafts', '-C', root])).out;
    expect(drafts).toContain('placeholder cards/fire-ball/kind: To decide: Kind.');
    expect(drafts).toContain('placeholder cards/fire-ball/attack: To decide: Attack.');
  });

  it('a JSON file whose top level is an object is refused, and left as it was', async () => {
    const text = '{ "cards": [] }\n';
    const root = await project('cards.json', text);
    const r = await runCli(['new', 'mini', 'cards', 'Fire', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'content/mini/cards.json:1:1: error: content/mini/cards.json is not a list of entries (a JSON array, `[{ "name": ... }]`); nothing was changed',
    );
    expect(await read(root, 'content/mini/cards.json')).toBe(text);
  });
});

// These need the CSV reader (compiler/load/csv-source.ts, helper csv): until it is merged, a CSV collection does not load.
describe('rulebook new on CSV and TSV collections, and new collection --csv (needs the CSV reader)', () => {
  it('appends a row: the draft in its cells, the rest of the file byte for byte; the entry checks and lists as a draft', async () => {
    const before = 'name,kind,attack.guns,attack.range,tags\r\nAxe,set,2,1,melee;heavy\r\n';
    const root = await project('cards.csv', before);
    const r = await runCli(['new', 'mini', 'cards', 'Fire, Ball', '-C', root]);
    expect(r.err).toContain('added cards/fire-ball at content/mini/cards.csv:3, with 2 placeholders to fill');
    expect(r.code).toBe(0);
    expect(await read(root, 'content/mini/cards.csv')).toBe(`${before}"Fire, Ball","${KIND_CELL}","{ placeholder: 0, note: 'To decide: Attack.' }",,\r\n`);
    expect((await runCli(['check', '-C', root])).code).toBe(0);
    const drafts = (await runCli(['drafts', '-C', root])).out;
    expect(drafts).toContain('content/mini/cards.csv:3: placeholder cards/fire-ball/kind: To decide: Kind.');
    expect(drafts).toContain('content/mini/cards.csv:3: placeholder cards/fire-ball/attack/guns: To decide: Attack.');
  });

  it('a TSV collection takes a tab-separated row; a header missing a needed column is refused and the file left as it was', async () => {
    const tsv = await project('cards.tsv', 'name\tkind\tattack\nAxe\tset\t{ guns: 2 }\n');
    const r = await runCli(['new', 'mini', 'cards', 'Fire', '-C', tsv]);
    expect(r.code).toBe(0);
    expect(await read(tsv, 'content/mini/cards.tsv')).toBe(
      `name\tkind\tattack\nAxe\tset\t{ guns: 2 }\nFire\t${KIND_CELL}\t{ placeholder: { guns: 0 }, note: 'To decide: Attack.' }\n`,
    );
    expect((await runCli(['check', '-C', tsv])).code).toBe(0);

    const text = 'name,kind\nAxe,set\n';
    const narrow = await project('cards.csv', text);
    // The schema then requires `attack` of every row: make the existing one valid by dropping that requirement on disk.
    const schemaFile = path.join(narrow, 'schemas/mini/card.schema.json');
    await writeFile(schemaFile, SCHEMA.replace('"required":["name","kind","attack"]', '"required":["name","kind"]'));
    expect((await runCli(['check', '-C', narrow])).code).toBe(0);
    await writeFile(schemaFile, SCHEMA.replace('"required":["name","kind","attack"]', '"required":["name","kind","tags"]'));
    const refused = await runCli(['new', 'mini', 'cards', 'Fire', '-C', narrow]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'error: content/mini/cards.csv has no column for `tags`, which the new entry must have: add that column to the header row, then run this again; nothing was changed',
    );
    expect(await read(narrow, 'content/mini/cards.csv')).toBe(text);
  });

  it("`new collection --csv` makes a CSV file whose header is the schema's fields, declared in the manifest; entries then append to it", async () => {
    const root = await fixtureProject('duel');
    const before = await read(root, 'content/duel/game.yaml');
    const r = await runCli(['new', 'collection', 'duel', 'actionCards', '--csv', '-C', root]);
    expect(r.err).toContain(
      'added the collection "actionCards" to content/duel/game.yaml, with content/duel/action-cards.csv and schemas/duel/action-card.schema.json',
    );
    expect(r.err).toContain("its header row names the schema's fields (name,text,id)");
    expect(r.code).toBe(0);
    expect(await read(root, 'content/duel/action-cards.csv')).toBe('name,text,id\n');
    // The declaration goes after the last collection, as `new collection` without --csv puts it (test/commands.test.ts).
    const at = before.indexOf('\ndeclarations:');
    expect(await read(root, 'content/duel/game.yaml')).toBe(
      before.slice(0, at) +
        '  actionCards:\n    file: action-cards.csv\n    schema: duel/action-card.schema.json\n    type: ActionCard\n    title: Action cards\n' +
        before.slice(at),
    );
    const entry = await runCli(['new', 'duel', 'actionCards', 'Run Away', '-C', root]);
    expect(entry.code).toBe(0);
    expect(await read(root, 'content/duel/action-cards.csv')).toBe(
      'name,text,id\nRun Away,"{ placeholder: TODO, note: ""Not written yet: The text, in the rulebook\'s words."" }",\n',
    );
    const build = await runCli(['build', '-C', root]);
    expect(build.code, build.err).toBe(0);
    expect(await read(root, 'generated/duel.js')).toContain('run-away');
  });
});

describe('new collection --json', () => {
  it('makes a JSON file holding an empty list, declared in the manifest; entries then append to it, and the summary counts in the singular', async () => {
    const root = await fixtureProject('duel');
    const before = await read(root, 'content/duel/game.yaml');
    const r = await runCli(['new', 'collection', 'duel', 'relics', '--json', '-C', root]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('added the collection "relics" to content/duel/game.yaml, with content/duel/relics.json and schemas/duel/relic.schema.json');
    expect(await read(root, 'content/duel/relics.json')).toBe('[]\n');
    const at = before.indexOf('\ndeclarations:');
    expect(await read(root, 'content/duel/game.yaml')).toBe(
      before.slice(0, at) + '  relics:\n    file: relics.json\n    schema: duel/relic.schema.json\n    type: Relic\n    title: Relics\n' + before.slice(at),
    );
    const entry = await runCli(['new', 'duel', 'relics', 'Old Lamp', '-C', root]);
    expect(entry.code, entry.err).toBe(0);
    expect(JSON.parse(await read(root, 'content/duel/relics.json'))).toEqual([
      { name: 'Old Lamp', text: { placeholder: 'TODO', note: "Not written yet: The text, in the rulebook's words." } },
    ]);
    const checked = await runCli(['check', '-C', root]);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).toMatch(/duel: .*, 1 relic(,|\n|$)/m);
    expect(checked.err).not.toContain('1 relics');
  });

  it('is refused with --csv, and for anything but a new collection; nothing is written', async () => {
    const root = await fixtureProject('duel');
    const before = await read(root, 'content/duel/game.yaml');
    const both = await runCli(['new', 'collection', 'duel', 'relics', '--json', '--csv', '-C', root]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--csv or --json, not both');
    const entry = await runCli(['new', 'duel', 'trophies', 'X', '--json', '-C', root]);
    expect(entry.code).toBe(2);
    expect(entry.err).toContain('--json makes a new collection a JSON file');
    expect(await read(root, 'content/duel/game.yaml')).toBe(before);
  });
});

describe('--csv is for new collections only', () => {
  it('is a usage error anywhere else, and nothing is written', async () => {
    const root = await fixtureProject('duel');
    const before = await read(root, 'content/duel/trophies.yaml');
    const r = await runCli(['new', 'duel', 'trophies', 'X', '--csv', '-C', root]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--csv makes a new collection a CSV file');
    expect(await read(root, 'content/duel/trophies.yaml')).toBe(before);
  });
});
