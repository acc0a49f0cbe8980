import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, fixtureProject, swap } from './helpers.ts';

// What a designer's trial of CSV collections found (issue #21): each problem said once, in the sheet's words.
const SPELLS = 'content/sheet/spells.csv';
const TROPHIES = 'content/sheet/trophies.csv';
const HEADER = 'name;cost;school;element;tags;attack.guns;attack.range;rare;text;link';

const entries = async (root: string, name: string) => (await check(root)).games[0]!.linked.game.collections.get(name)!.entries;

describe("a designer's CSV trial", () => {
  it('a line break inside a quoted cell of a Windows export is `\\n` in the value, as in YAML; places after it still right', async () => {
    const root = await fixtureProject('sheet', {
      [TROPHIES]: swap('"A race by night, lanterns held ""high""."', '"A race by night,\r\nlanterns held ""high""."'),
    });
    expect(await diagnosticsOf(root)).toEqual([]);
    const race = (await entries(root, 'trophies'))[0]!;
    expect(race.value.flavor).toBe('A race by night,\nlanterns held "high".');
    // A flow cell after the break on the same row: an error inside it stands at its own column on line 3.
    const broken = await fixtureProject('sheet', {
      [TROPHIES]: (t) =>
        swap('order: most, awards: [5, 3, 2]', 'order: most, awards: [5, 3, 2')(swap('"A race by night, lanterns', '"A race by night,\r\nlanterns')(t)),
    });
    const found = await diagnosticsOf(broken);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^error content\/sheet\/trophies\.csv:3:\d+ csv-cell-flow: /);
    const line3 = (await readFile(path.join(broken, TROPHIES), 'utf8')).split('\n')[2]!;
    expect(found[0]).toContain(`:3:${line3.indexOf('"{ op: rank') + 2} `);
  });

  it('a row with more cells than the header, the extra ones empty, is one csv-row-too-long and is left out', async () => {
    const root = await fixtureProject('sheet', { [SPELLS]: swap('yes;Freeze every enemy.;', 'yes;Freeze; then stop.;') });
    const line = 'Frost Nova;2;frost;glace;slow;;;yes;Freeze; then stop.;';
    expect(await diagnosticsOf(root)).toEqual([
      `error content/sheet/spells.csv:4:${line.length + 1} csv-row-too-long: this row has 11 cells, the header 10: a cell holding the delimiter (\`;\`) needs double quotes; the row is left out until its cells line up with the header [in quotes a cell holds \`;\`: "a; b"]`,
    ]);
    expect((await entries(root, 'spells')).map((e) => e.id)).toEqual(['fireball', 'elan']);
    // Shifted cells that would each fail (an integer column holding text) are not reported for that row.
    const shifted = await fixtureProject('sheet', { [SPELLS]: swap('Frost Nova;2;', 'Frost; Nova;2;') });
    const found = await diagnosticsOf(shifted);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^error content\/sheet\/spells\.csv:4:\d+ csv-row-too-long: this row has 11 cells, the header 10: /);
  });

  it('a closing quote left out runs the cell on into the next row: csv-row-too-long says where that quote opens', async () => {
    const root = await fixtureProject('sheet', { [SPELLS]: swap('yes;Freeze every enemy.;', 'yes;"Freeze every enemy.;') });
    const line = 'Frost Nova;2;frost;glace;slow;;;yes;"Freeze every enemy.;';
    const found = await diagnosticsOf(root);
    expect(found).toHaveLength(1);
    // The error stands at the first extra cell, on the next line; its note names the quote on line 4.
    expect(found[0]).toMatch(/^error content\/sheet\/spells\.csv:5:\d+ csv-row-too-long: /);
    expect(found[0]).toContain(`the quote that opens a cell at line 4, column ${line.indexOf('"') + 1} runs on to line 5`);
    // A row too long with no quote running over lines has no such note.
    const plain = await fixtureProject('sheet', { [SPELLS]: swap('Frost Nova;2;', 'Frost; Nova;2;') });
    expect((await diagnosticsOf(plain))[0]).not.toContain('the quote that opens');
  });

  it('a header differing from a field by case or accents is that field, with no error', async () => {
    const root = await fixtureProject('sheet', { [SPELLS]: swap(HEADER, 'Name;COST;School;Élément;tags;Attack.Guns;attack.range;rare;Text;link') });
    expect(await diagnosticsOf(root)).toEqual([]);
    const spells = await entries(root, 'spells');
    expect(spells[0]!.value).toMatchObject({ name: 'Fireball', cost: 3, school: 'flame', element: 'fire', attack: { guns: 2, range: 4 } });
    expect(spells[0]!.value.text).toBe('Deal 3 damage.\nThen discard a card; draw one.');
    // Two columns for one field once their case is set aside: the second is a duplicate, not read.
    const twice = await fixtureProject('sheet', { [SPELLS]: swap(HEADER, 'name;cost;school;element;tags;attack.guns;attack.range;rare;text;Cost') });
    expect(await diagnosticsOf(twice)).toEqual([
      'error content/sheet/spells.csv:1:66 csv-header-duplicate: `Cost` names the field `cost`, already the header of column 2: a field has one column, so this one is not read',
    ]);
  });

  it('a required field with no column is one error at the header, at the cell probably meant for it', async () => {
    const typo = await fixtureProject('sheet', { [SPELLS]: swap(HEADER, 'name;cots;school;element;tags;attack.guns;attack.range;rare;text;link') });
    expect(await diagnosticsOf(typo)).toEqual([
      'error content/sheet/spells.csv:1:6 csv-header-missing-field: `cots` is not a field of spells (sheet/spell.schema.json), and the required field `cost` has no column: did you mean `cost`? [column 2 is not read until its header is `cost`]',
    ]);
    // The field that gives each entry its ID: nor is every row said to lack an ID.
    const nameless = await fixtureProject('sheet', { [SPELLS]: swap(HEADER, HEADER.replace('name;', 'Nmae;')) });
    expect(await diagnosticsOf(nameless)).toEqual([
      'error content/sheet/spells.csv:1:1 csv-header-missing-field: `Nmae` is not a field of spells (sheet/spell.schema.json), and the required field `name` has no column: did you mean `name`? [column 1 is not read until its header is `name`]',
    ]);
    const none = await fixtureProject('sheet', {
      [SPELLS]: (t) =>
        t
          .split('\n')
          .map((line, i) =>
            i === 0 ? line.replace('name;cost;', 'name;') : line.replace(/^(Fireball|Frost Nova);\d;/, '$1;').replace(/^Élan;".*?}";/, 'Élan;'),
          )
          .join('\n'),
    });
    expect(await diagnosticsOf(none)).toEqual([
      'error content/sheet/spells.csv:1:1 csv-header-missing-field: the header has no column for `cost`, a field every entry of spells (sheet/spell.schema.json) requires [add a column headed `cost`]',
    ]);
  });

  it('a draft written wrong in an integer cell is one error, at the flow problem, with how a draft is written', async () => {
    const root = await fixtureProject('sheet', { [TROPHIES]: swap('The Reckoning Hall,2,', 'The Reckoning Hall,{ reading: 2; note: x },') });
    const found = await diagnosticsOf(root);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^error content\/sheet\/trophies\.csv:3:\d+ csv-cell-flow: this cell is read as YAML flow text and does not parse: /);
    expect(found[0]).toContain('[a reading is written in a cell as in YAML, its fields separated by commas: { reading: 2, note: "');
    expect(found[0]).not.toContain('op: per');
    expect(found[0]).not.toContain('schema-type');
  });

  it('a decimal comma in a number column: the error says to write a decimal point', async () => {
    const root = await fixtureProject('sheet', { [SPELLS]: swap('Frost Nova;2;', 'Frost Nova;2,5;') });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/sheet/spells.csv:4:12 schema-type: `spells "Frost Nova" .cost` must be an integer (got the string "2,5") [write a decimal point: 2.5]',
    ]);
  });
});
