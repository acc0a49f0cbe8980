import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { CsvSource, detectDelimiter } from '../compiler/load/csv-source.ts';
import { ParseCache } from '../compiler/load/parse-cache.ts';
import { check, checkGame, type CheckMemo } from '../compiler/pipeline.ts';
import { ValidationMemo } from '../compiler/validate/game.ts';
import { SchemaSet } from '../compiler/validate/schemas.ts';
import { diagnosticsOf, fixtureProject, runCli, swap } from './helpers.ts';

// The sheet fixture game (test/fixtures/games/sheet/) keeps its three collections in tables: trophies.csv
// (comma, CRLF, a byte-order mark, DSL rules and drafts written as YAML flow text in cells), spells.csv (`;`
// found from the header, a quoted cell across two lines, a nested header path, a list split on the collection's
// `listSeparator: "|"`, an enum by its label, a reading) and schools.tsv (tab).
const SPELLS = 'content/sheet/spells.csv';
const TROPHIES = 'content/sheet/trophies.csv';
const GAME = 'content/sheet/game.yaml';

async function entries(root: string, collection: string) {
  const result = await check(root);
  const game = result.games[0]!.linked.game;
  return { result, entries: game.collections.get(collection)!.entries };
}

describe('CSV and TSV collections', () => {
  it('the sheet game checks clean, every cell typed by its field', async () => {
    const root = await fixtureProject('sheet');
    expect(await diagnosticsOf(root)).toEqual([]);
    const { result, entries: spells } = await entries(root, 'spells');
    expect(spells.map((e) => e.id)).toEqual(['fireball', 'frost-nova', 'elan']);
    expect(spells[0]!.value).toEqual({
      name: 'Fireball',
      cost: 3,
      school: 'flame',
      element: 'fire',
      tags: ['quick', 'loud'],
      attack: { guns: 2, range: 4 },
      rare: false,
      // A quoted cell keeps its line break and its `;` (the delimiter).
      text: 'Deal 3 damage.\nThen discard a card; draw one.',
      link: '=HYPERLINK("https://example.com/fireball","rules")',
    });
    // "glace" is the label of `ice`, matched without case; missing cells are absent fields.
    expect(spells[1]!.value).toEqual({ name: 'Frost Nova', cost: 2, school: 'frost', element: 'ice', tags: ['slow'], rare: true, text: 'Freeze every enemy.' });
    expect(spells[2]!.value).toEqual({ name: 'Élan', cost: 1, school: 'frost', element: 'ice', attack: { guns: 1 }, text: 'Move again.' });
    const game = result.games[0]!.linked.game;
    const schools = game.collections.get('schools')!.entries;
    expect(schools.map((e) => [e.id, e.value.motto])).toEqual([
      ['flame', 'Burn, then build'],
      ['frost', 'Still water'],
    ]);
    const trophies = game.collections.get('trophies')!.entries;
    expect(trophies[0]!.value.flavor).toBe('A race by night, lanterns held "high".');
    expect(trophies[0]!.value.scoring).toEqual({ op: 'rank', by: { field: 'lanterns' }, order: 'most', awards: [5, 3, 2], ties: 'share-place' });
    expect(trophies[1]!.copies).toBe(2);
  });

  it('a DSL rule written in a cell compiles, and its worked example is checked', async () => {
    const root = await fixtureProject('sheet');
    const result = await check(root);
    const rules = result.games[0]!.rules.filter((r) => r.collection === 'trophies');
    expect(rules.map((r) => [r.entryId, r.pointer, r.kind])).toEqual([
      ['the-beacon-chase', '/scoring', 'scoring'],
      ['the-reckoning-hall', '/scoring', 'scoring'],
    ]);
    expect(rules[0]!.examples).toEqual([{ given: [{ lanterns: 7 }, { lanterns: 2 }, { lanterns: 4 }], expect: [5, 2, 3] }]);
    // The example held to its rule: a wrong expectation in the cell is reported.
    const broken = await fixtureProject('sheet', { [TROPHIES]: swap('expect: [5, 2, 3]', 'expect: [5, 2, 9]') });
    expect((await diagnosticsOf(broken)).some((d) => d.startsWith('error content/sheet/trophies.csv:2:'))).toBe(true);
  });

  it('drafts written in cells are placeholders and readings at their cells, shown as drafts on the site', async () => {
    const root = await fixtureProject('sheet');
    const { result } = await entries(root, 'trophies');
    const linked = result.games[0]!.linked;
    expect(linked.placeholders.map((p) => [p.collection, p.id, p.path, p.line])).toEqual([
      ['trophies', 'the-reckoning-hall', '/flavor', 3],
      ['trophies', 'the-reckoning-hall', '/scoring/points', 3],
    ]);
    expect(linked.readings.map((p) => [p.collection, p.id, p.path, p.line, p.note])).toEqual([
      ['spells', 'elan', '/cost', 5, 'The test rules print no cost for Élan; this edition reads it as 1.'],
    ]);
    const build = await runCli(['build', '-C', root]);
    expect(build.code).toBe(0);
    const drafts = await readFile(path.join(root, 'docs-site/dist/sheet/drafts.html'), 'utf8');
    expect(drafts).toContain('The test rules do not print the points.');
    expect(drafts).toContain('The Reckoning Hall');
  });

  it('a cell the schema refuses is reported at the cell, by line and column, with the row in the frame', async () => {
    const root = await fixtureProject('sheet', {
      [SPELLS]: (t) => swap('Fireball;3;', 'Fireball;three;')(swap('slow;;;yes', 'slow;x;;yes')(t)),
      // After the byte-order mark and in a CRLF file, columns count from the line's first character.
      [TROPHIES]: swap('The Reckoning Hall,2,', 'The Reckoning Hall,two,'),
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/spells.csv:2:10 schema-type: `spells "Fireball" .cost` must be an integer (got the string "three")',
      'error content/sheet/spells.csv:4:31 schema-type: `spells "Frost Nova" .attack.guns` must be an integer (got the string "x")',
      'error content/sheet/trophies.csv:3:20 schema-type: `trophies "The Reckoning Hall" .copies` must be an integer (got the string "two")',
    ]);
    const cli = await runCli(['check', '-C', root]);
    expect(cli.err).toContain('content/sheet/spells.csv:2:10: error schema-type');
    expect(cli.err).toContain('  > 2 | Fireball;three;flame;');
  });

  it('an item of a list cell and a value inside a flow cell are placed where they stand in the cell', async () => {
    const root = await fixtureProject('sheet', {
      [SPELLS]: swap('quick | loud', 'quick | lound'),
      [TROPHIES]: swap('order: most', 'order: mots'),
    });
    const found = await diagnosticsOf(root);
    expect(found.map((d) => d.split(':').slice(0, 3).join(':').split(' ').slice(0, 2).join(' ') + ' ' + d.split(' ')[2]!.replace(/:$/, ''))).toEqual([
      'error content/sheet/spells.csv:2:31 schema-oneOf',
      'error content/sheet/trophies.csv:2:107 schema-enum',
    ]);
  });

  it('the delimiter is found from the header line, or declared', () => {
    expect(detectDelimiter('name,cost\n')).toBe(',');
    expect(detectDelimiter('name;cost;"a,b,c"\n')).toBe(';');
    expect(detectDelimiter('name\tcost\n')).toBe('\t');
    expect(detectDelimiter('name\n')).toBe(',');
    const declared = new CsvSource('t.csv', 'name|cost\nA|1\n', '|').parse(new DiagnosticBag());
    expect(declared.untypedValue).toEqual([{ name: 'A', cost: '1' }]);
    const tsv = new CsvSource('t.tsv', 'name,x\tcost\nA,b\t1\n').parse(new DiagnosticBag());
    expect(tsv.untypedValue).toEqual([{ 'name,x': 'A,b', cost: '1' }]);
  });

  it('a declared delimiter is read from game.yaml', async () => {
    const root = await fixtureProject('sheet', { [GAME]: swap('    listSeparator: "|"', '    listSeparator: "|"\n    delimiter: ","') });
    const found = await diagnosticsOf(root);
    // Read with `,`, the `;` header is one unknown field, said with the way out.
    expect(found[0]).toMatch(/^error content\/sheet\/spells\.csv:1:1 csv-header-unknown: /);
    expect(found[0]).toContain('declare `delimiter: ";"` on the collection');
  });

  it('CRLF, LF and a lone CR end records alike; cells keep their places in multi-byte text', () => {
    const bag = new DiagnosticBag();
    const s = new CsvSource('t.csv', 'name,text\r\nÉlan,"a\r\nb"\nZoë,c\rX,"d"\n').parse(bag);
    expect(bag.items).toEqual([]);
    expect(s.untypedValue).toEqual([
      // A line break in a quoted cell is `\n` whatever the file's (as YAML reads one), its place still the file's.
      { name: 'Élan', text: 'a\nb' },
      { name: 'Zoë', text: 'c' },
      { name: 'X', text: 'd' },
    ]);
    expect(s.placeOf('/1/text')?.start).toEqual({ line: 4, column: 5, offset: 27 });
    expect(s.text.slice(27, 28)).toBe('c');
    expect(s.placeOf('/2/text')?.start.offset).toBe(s.text.indexOf('"d"'));
    expect(s.placeOf('/0/text', { key: true })?.start).toEqual({ line: 1, column: 6, offset: 5 });
  });

  it('`rulebook serve` types a table again on each rebuild from its cells, never twice over', async () => {
    const root = await fixtureProject('sheet');
    const memo: CheckMemo = { parsed: new ParseCache(), validated: new ValidationMemo() };
    const dir = path.join(root, 'content', 'sheet');
    const run = async (schemas: SchemaSet) => {
      const bag = new DiagnosticBag();
      const r = await checkGame(root, dir, schemas, bag, undefined, memo);
      return { bag, linked: r.checked!.linked };
    };
    const schemas = await SchemaSet.load(root, new DiagnosticBag());
    const first = await run(schemas);
    const again = await run(schemas);
    // A schema saved: a new schema set, the cached source typed again.
    const reloaded = await run(await SchemaSet.load(root, new DiagnosticBag()));
    for (const r of [first, again, reloaded]) {
      expect(r.bag.items).toEqual([]);
      expect(r.linked.placeholders).toHaveLength(2);
      expect(r.linked.readings).toHaveLength(1);
      expect(r.linked.game.collections.get('spells')!.entries[0]!.value.cost).toBe(3);
    }
    // The same parsed source each time (the cache worked) ...
    expect(first.linked.game.collections.get('spells')!.sources[0]).toBe(reloaded.linked.game.collections.get('spells')!.sources[0]);
    // ... and an edit of the schema is followed: `cost` as a string now keeps the cell's text.
    const schemaFile = path.join(root, 'schemas/sheet/spell.schema.json');
    await writeFile(schemaFile, (await readFile(schemaFile, 'utf8')).replace('"type": "integer", "minimum": 0', '"type": "string"'));
    const edited = await run(await SchemaSet.load(root, new DiagnosticBag()));
    expect(edited.linked.game.collections.get('spells')!.entries[0]!.value.cost).toBe('3');
    expect(edited.linked.readings).toHaveLength(1);
  });

  it('`rulebook serve` keeps the typed value of each row a save left as it was, and types the saved row anew', async () => {
    const root = await fixtureProject('sheet');
    const memo: CheckMemo = { parsed: new ParseCache(), validated: new ValidationMemo() };
    const dir = path.join(root, 'content', 'sheet');
    const schemas = await SchemaSet.load(root, new DiagnosticBag());
    const spells = async (with_: SchemaSet = schemas) => {
      const bag = new DiagnosticBag();
      const r = await checkGame(root, dir, with_, bag, undefined, memo);
      expect(bag.items.filter((d) => d.severity === 'error')).toEqual([]);
      return new Map(r.checked!.linked.game.collections.get('spells')!.entries.map((e) => [e.id, e]));
    };
    const before = await spells();
    await writeFile(path.join(root, SPELLS), (await readFile(path.join(root, SPELLS), 'utf8')).replace('Frost Nova;2;', 'Frost Nova;4;'));
    memo.parsed.markChanged([SPELLS]);
    const after = await spells();
    // A new parse of the file: the rows written as they were keep their values, the very objects (so validation,
    // rules and drawings are kept for them too) ...
    expect(after.get('fireball')!.source).not.toBe(before.get('fireball')!.source);
    expect(after.get('fireball')!.value).toBe(before.get('fireball')!.value);
    // ... the saved row is typed anew ...
    expect(after.get('frost-nova')!.value).not.toBe(before.get('frost-nova')!.value);
    expect(after.get('frost-nova')!.value.cost).toBe(4);
    // ... and so is a row holding a reading, whose place a save may move.
    expect(after.get('elan')!.value).not.toBe(before.get('elan')!.value);
    expect(after.get('elan')!.value.cost).toBe(1);
    // Another schema set (a schema saved) types every row again.
    const reloaded = await spells(await SchemaSet.load(root, new DiagnosticBag()));
    expect(reloaded.get('fireball')!.value).not.toBe(after.get('fireball')!.value);
    expect(reloaded.get('fireball')!.value).toEqual(after.get('fireball')!.value);
  });

  it('`diff` and `release` read a CSV collection', async () => {
    const root = await fixtureProject('sheet');
    const { execFileSync } = await import('node:child_process');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '.');
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'first');
    git('tag', 'v1.0.0');
    await writeFile(path.join(root, SPELLS), (await readFile(path.join(root, SPELLS), 'utf8')).replace('Frost Nova;2;', 'Frost Nova;4;'));
    const diff = await runCli(['diff', 'HEAD', '-C', root]);
    expect(diff.code, diff.err).toBe(0);
    expect(diff.out).toContain('Frost Nova');
    expect(diff.out).toMatch(/2\D+4/);
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qam', 'second');
    const release = await runCli(['release', '--date', '2026-12-02', '-C', root]);
    expect(release.code, release.err + release.out).toBe(0);
    expect(release.out).toMatch(/^release 1\.\d\.\d+ \(/);
    const record = await readFile(path.join(root, 'releases.yaml'), 'utf8');
    expect(record).toContain('frost-nova');
  });

  it('the editor settings give no YAML schema to a CSV or TSV file', async () => {
    const root = await fixtureProject('sheet');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const settings = await readFile(path.join(root, '.vscode/settings.json'), 'utf8');
    expect(settings).toContain('content/*/game.yaml');
    expect(settings).not.toMatch(/\.csv|\.tsv/);
  });
});
