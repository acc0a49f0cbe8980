import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, fixtureProject, runCli, swap } from './helpers.ts';

// Tables as they arrive from spreadsheets and from hand edits, broken: every problem reported with its code at
// its line and column, in words, and the rest of the file still checked (test/fixtures/games/sheet/).
const SPELLS = 'content/sheet/spells.csv';
const GOOD_HEADER = 'name;cost;school;element;tags;attack.guns;attack.range;rare;text;link';

const spellCount = async (root: string) => (await check(root)).games[0]?.linked.game.collections.get('spells')?.entries.length;

describe('a hostile CSV corpus', () => {
  it('an unclosed quote: one error at the quote, the rows above it checked, none after it', async () => {
    const root = await fixtureProject('sheet', {
      [SPELLS]: (t) => swap('Fireball;3;', 'Fireball;three;')(swap(';Move again.;', ';"Move again.;')(t)),
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/spells.csv:5:118 csv-unclosed-quote: the quote opened here is never closed: a quoted cell ends with `"` (write a quote inside it as `""`) [until it is closed, the rows from line 5 to the end of the file are left out; the rows above are checked]',
      'error content/sheet/spells.csv:2:10 schema-type: `spells "Fireball" .cost` must be an integer (got the string "three")',
    ]);
    expect(await spellCount(root)).toBe(2);
    // A quote that a later line's quote happens to close is no unclosed quote: the cells between are one cell, and
    // the row it makes is what is reported (here, too long).
    const closedLater = await fixtureProject('sheet', { [SPELLS]: swap('yes;Freeze every enemy.;', 'yes;"Freeze every enemy.;') });
    expect(await diagnosticsOf(closedLater)).toEqual([
      expect.stringMatching(/^error content\/sheet\/spells\.csv:5:\d+ csv-row-too-long: this row has 18 cells, the header 10: /),
    ]);
  });

  it('ragged rows: a row longer than the header is one error at its first extra cell and is left out, a short row has its missing cells empty', async () => {
    const root = await fixtureProject('sheet', {
      [SPELLS]: (t) => swap('Freeze every enemy.;', 'Freeze every enemy.;;stray')(swap('\nÉlan;', '\nLone;5;flame\nÉlan;')(t)),
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/spells.csv:4:58 csv-row-too-long: this row has 11 cells, the header 10: a cell holding the delimiter (`;`) needs double quotes; the row is left out until its cells line up with the header [in quotes a cell holds `;`: "a; b"]',
    ]);
    const spells = (await check(root)).games[0]!.linked.game.collections.get('spells')!.entries;
    expect(spells.map((e) => e.id)).toEqual(['fireball', 'lone', 'elan']);
    expect(spells[1]!.value).toEqual({ name: 'Lone', cost: 5, school: 'flame' });
  });

  it('a duplicate, an empty and an unknown header cell: each at its cell, the other columns read', async () => {
    const root = await fixtureProject('sheet', {
      [SPELLS]: swap(GOOD_HEADER, 'name;cost;school;element;tags;attack.guns;attack;rarre;text;cost'),
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/spells.csv:1:43 csv-header-duplicate: `attack` and `attack.guns` (column 6) name the same field, one inside the other: a field is one cell or a group of cells, so this column is not read',
      'error content/sheet/spells.csv:1:50 csv-header-unknown: `rarre` is not a field of spells (sheet/spell.schema.json), so this column is not read [did you mean `rare`?]',
      'error content/sheet/spells.csv:1:61 csv-header-duplicate: `cost` is already the header of column 2: a field has one column, so this one is not read',
    ]);
    const spells = (await check(root)).games[0]!.linked.game.collections.get('spells')!.entries;
    expect(spells[0]!.value).toMatchObject({ name: 'Fireball', cost: 3, attack: { guns: 2 } });
    expect(spells[0]!.value).not.toHaveProperty('rare');
    const empty = await fixtureProject('sheet', { [SPELLS]: swap(GOOD_HEADER, 'name;cost;school;element;;attack.guns;attack..range;rare;text;link') });
    expect(await diagnosticsOf(empty)).toEqual([
      'error content/sheet/spells.csv:1:26 csv-header-empty: column 5 has no field name in the header, so its cells are not read [each header cell names a field by its path: `name`, `cost`, `attack.guns`]',
      'error content/sheet/spells.csv:1:39 csv-header-empty: the header path `attack..range` has an empty step, so its cells are not read [each header cell names a field by its path: `name`, `cost`, `attack.guns`]',
    ]);
  });

  it('a Latin-1 export: each bad byte at its place, read as Latin-1 in the note, the file not loaded', async () => {
    const root = await fixtureProject('sheet');
    const file = path.join(root, SPELLS);
    const text = await readFile(file, 'utf8');
    // Every character of the file is in Latin-1: `É` becomes the one byte 0xC9, as Excel's "CSV" (not "CSV UTF-8") saves it.
    await writeFile(file, Buffer.from(text, 'latin1'));
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/spells.csv:5:1 encoding-not-utf8: this byte (0xC9) is not UTF-8: save the file as UTF-8 [read as Latin-1 it is "É", so the file was probably saved in that encoding]',
    ]);
  });

  it('an empty file and a header alone', async () => {
    const empty = await fixtureProject('sheet', { [SPELLS]: () => '' });
    expect(await diagnosticsOf(empty)).toEqual([
      'error content/sheet/spells.csv:1:1 csv-header-missing: this file is empty: a table starts with a header row naming the fields',
    ]);
    const header = await fixtureProject('sheet', { [SPELLS]: () => `${GOOD_HEADER}\n;;;;\n` });
    expect(await diagnosticsOf(header)).toEqual([]);
    expect(await spellCount(header)).toBe(0);
  });

  it('a flow cell that does not parse: one error, at its place in the cell (the schema does not report the cell again)', async () => {
    const root = await fixtureProject('sheet', { 'content/sheet/trophies.csv': swap('order: most, awards: [5, 3, 2]', 'order: most, awards: [5, 3, 2') });
    // The cell starts with its quote at column 62; the `{` cellValue names is the first character of its text.
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/trophies.csv:2:63 csv-cell-flow: this cell is read as YAML flow text and does not parse: `{` opened here is never closed: add `}` where the map ends [`scoring` holds a map or a list of maps written as in YAML: { op: per, points: 2, each: { field: flour } }]',
    ]);
  });

  it('the header row again as a row (two exports pasted together): each cell reported as the value it is, nothing thrown', async () => {
    // Found by the fuzz: `examples` (a list of maps) holding the word "examples" once made the typing recurse without end.
    const root = await fixtureProject('sheet', {
      'content/sheet/trophies.csv': swap(
        'name,copies,flavor,scoring,examples\r\n',
        'name,copies,flavor,scoring,examples\r\nname,copies,flavor,scoring,examples\r\n',
      ),
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/trophies.csv:2:6 schema-type: `trophies "name" .copies` must be an integer (got the string "copies")',
      'error content/sheet/trophies.csv:2:20 schema-type: `trophies "name" .scoring` must be an object (got the string "scoring")',
      'error content/sheet/trophies.csv:2:28 schema-type: `trophies "name" .examples` must be an array (got the string "examples")',
    ]);
  });

  it('a formula cell is text: never evaluated, shown as written on the site', async () => {
    const root = await fixtureProject('sheet');
    const build = await runCli(['build', '-C', root]);
    expect(build.code, build.err).toBe(0);
    const page = await readFile(path.join(root, 'docs-site/dist/sheet/spells.html'), 'utf8');
    expect(page).toContain('&#x3D;HYPERLINK(&quot;https://example.com/fireball&quot;,&quot;rules&quot;)');
    expect(page).not.toContain('href="https://example.com/fireball"');
    const pkg = await readFile(path.join(root, 'generated/sheet.js'), 'utf8');
    expect(pkg).toContain('=HYPERLINK(\\"https://example.com/fireball\\",\\"rules\\")');
  });

  it('a 50 MB table checks: its errors at their lines and columns, far into the file', async () => {
    const root = await fixtureProject('sheet');
    const text = 'Deal damage, then draw a card; '.repeat(50);
    const rows = [GOOD_HEADER];
    let size = rows[0]!.length;
    for (let i = 0; size < 50_000_000; i++) {
      const row = `Spell ${i};${i % 7};${i % 2 ? 'flame' : 'frost'};Fire;quick | loud;2;4;no;"${text}""${i}""";`;
      rows.push(row);
      size += row.length + 1;
    }
    const last = rows.length;
    rows[last - 1] = rows[last - 1]!.replace(/;\d;flame;/, ';many;flame;').replace(/;\d;frost;/, ';many;frost;');
    rows[1000] = rows[1000]!.replace(';Fire;', ';Earth;');
    await writeFile(path.join(root, SPELLS), rows.join('\n') + '\n');
    const found = await diagnosticsOf(root);
    const name = (line: number) => `Spell ${line - 2}`;
    const col = (line: number) => rows[line - 1]!.indexOf(';') + 2;
    expect(found).toEqual([
      expect.stringMatching(
        new RegExp(`^error content/sheet/spells\\.csv:1001:${rows[1000]!.indexOf('Earth') + 1} schema-oneOf: \`spells "${name(1001)}" \\.element\``),
      ),
      `error content/sheet/spells.csv:${last}:${col(last)} schema-type: \`spells "${name(last)}" .cost\` must be an integer (got the string "many")`,
    ]);
  }, 240_000);
});
