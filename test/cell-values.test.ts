import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import { cellText } from '../compiler/validate/cell-text.ts';
import { type CellMark, cellValue, type CellOptions, fieldSchema, type SchemaAt } from '../compiler/validate/cell-values.ts';
import { SCHEMA_BASE, SchemaSet } from '../compiler/validate/schemas.ts';
import { ROOT } from './helpers.ts';

/**
 * Spreadsheet cells typed by the schema at their field (issue #21), against the repository's own schemas (the
 * bundled games' and the tool's defs and DSL) and small inline ones.
 */

let schemas: SchemaSet;
let options: CellOptions;

beforeAll(async () => {
  const bag = new DiagnosticBag();
  schemas = await SchemaSet.load(ROOT, bag);
  expect(bag.sorted()).toEqual([]);
  options = { resolveRef: (ref, base) => schemas.resolveRef(ref, base), listSeparator: ';' };
});

/** The schema of a collection entry, by its path under schemas/. */
const entry = (schemaPath: string): SchemaAt => {
  const at = schemas.resolveRef(schemaPath, SCHEMA_BASE);
  if (!at) throw new Error(`no schema ${schemaPath}`);
  return at;
};

/** The schema a header names (`gain.amount`), failing the test when it names none. */
const field = (schemaPath: string, header: string): SchemaAt => {
  const found = fieldSchema(entry(schemaPath), header.split('.'), options);
  if (!('at' in found)) throw new Error(`${header}: no field ${found.unknown} (known: ${found.known.join(', ')})`);
  return found.at;
};

/** A cell's typed value in a bundled game's field. */
const cell = (schemaPath: string, header: string, text: string, separator = ';') =>
  cellValue(text, field(schemaPath, header), { ...options, listSeparator: separator });

/** A cell's typed value under an inline schema (`$ref`s resolve among `defs` by their URL). */
function inline(schema: Record<string, unknown>, text: string, defs: Record<string, Record<string, unknown>> = {}) {
  const base = 'https://example.test/inline.schema.json';
  const resolveRef = (ref: string, from: string): SchemaAt | undefined => {
    const url = new URL(ref, from);
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    let node: unknown = url.href === base ? schema : defs[url.href];
    for (const part of fragment.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[part];
    return node && typeof node === 'object' ? { schema: node as Record<string, unknown>, base: url.href } : undefined;
  };
  return cellValue(text, { schema, base }, { resolveRef, listSeparator: ';' });
}

const CARD = 'cangaco/card-kind.schema.json';
const STATION = 'cangaco/station.schema.json';
const PLUNDER = 'cangaceiros/plunder-bonus.schema.json';

describe('fieldSchema: the schema a header path names', () => {
  it('follows properties, a $ref to the shared text, and a localized text into one language', () => {
    expect(field(CARD, 'points').schema.type).toEqual(['integer', 'null']);
    // `text` is a $ref to defs.schema.json#/$defs/text: a string or a map of language to string.
    expect(field(CARD, 'text').schema.$ref).toBe('../defs.schema.json#/$defs/text');
    expect(field(CARD, 'text.pt-BR').schema).toEqual({ type: 'string', minLength: 1 });
  });

  it('finds a field declared in any branch of a oneOf, and one declared alike in several as that one schema', () => {
    expect(field(PLUNDER, 'gain.resource').schema.enum).toEqual(['reis', 'deal', 'vengeance']);
    expect(field(PLUNDER, 'gain.heal').schema).toMatchObject({ type: 'integer', minimum: 1 });
    // `amount` is declared by two branches in the same words: one field, not a union.
    expect(field(PLUNDER, 'gain.amount').schema).toMatchObject({ type: 'integer', title: 'Amount' });
  });

  it('names the segment that is no field and the fields known there, for "did you mean"', () => {
    expect(fieldSchema(entry(CARD), ['txet'], options)).toEqual({
      unknown: 'txet',
      known: [
        'id',
        'name',
        'gloss',
        'structure',
        'setSize',
        'positions',
        'grants',
        'limitPerPlayer',
        'points',
        'countScoring',
        'cardsInDeck',
        'text',
        'examples',
      ],
    });
    const nested = fieldSchema(entry(PLUNDER), ['gain', 'amont'], options);
    expect(nested).toEqual({ unknown: 'amont', known: ['resource', 'amount', 'cangaceiro', 'swapEventTiles', 'heal'] });
    // A list is written whole in its cell: a path does not go into it.
    expect(fieldSchema(entry(CARD), ['positions', '0'], options)).toEqual({ unknown: '0', known: [] });
    // Below a plain value there is nothing to name.
    expect(fieldSchema(entry(CARD), ['points', 'x'], options)).toMatchObject({ unknown: 'x' });
  });

  it('walks nested objects of the real schemas by dotted paths', () => {
    expect(field('cangaceiros/scoring.schema.json', 'winner.most').schema.enum).toContain('fame');
  });

  const inlineEntry = (schema: Record<string, unknown>): SchemaAt => ({ schema, base: 'https://example.test/e.schema.json' });
  const noRefs: CellOptions = { resolveRef: () => undefined, listSeparator: ';' };

  it('reads allOf members, if/then/else branches and an object left open', () => {
    const schema = {
      type: 'object',
      allOf: [{ properties: { cost: { type: 'integer' } } }],
      if: { properties: { kind: { const: 'unit' } } },
      then: { properties: { attack: { type: 'object', additionalProperties: false, properties: { guns: { type: 'integer' } } } } },
      else: { properties: { effect: { type: 'string' } } },
      properties: { kind: { enum: ['unit', 'spell'] }, extra: { type: 'object' } },
      additionalProperties: false,
    };
    expect(fieldSchema(inlineEntry(schema), ['cost'], noRefs)).toEqual({
      at: { schema: { type: 'integer' }, base: 'https://example.test/e.schema.json' },
      path: ['cost'],
    });
    expect(fieldSchema(inlineEntry(schema), ['attack', 'guns'], noRefs)).toMatchObject({ at: { schema: { type: 'integer' } } });
    expect(fieldSchema(inlineEntry(schema), ['effect'], noRefs)).toMatchObject({ at: { schema: { type: 'string' } } });
    // `extra` is an object that lists no keys and does not close itself: any name under it, of any value.
    expect(fieldSchema(inlineEntry(schema), ['extra', 'anything'], noRefs)).toMatchObject({ at: { schema: {} } });
    // The entry is closed: a name no part declares is unknown, with every name the parts declare.
    expect(fieldSchema(inlineEntry(schema), ['atack'], noRefs)).toEqual({ unknown: 'atack', known: ['kind', 'extra', 'cost', 'attack', 'effect'] });
    expect(fieldSchema(inlineEntry(schema), ['attack', 'gnus'], noRefs)).toEqual({ unknown: 'gnus', known: ['guns'] });
    // A header as a spreadsheet capitalises it is the field it names but for case and accents, spelt as the schema spells it.
    expect(fieldSchema(inlineEntry(schema), ['Attack', 'GUNS'], noRefs)).toMatchObject({ at: { schema: { type: 'integer' } }, path: ['attack', 'guns'] });
    // Under an object left open, a name is taken as written (it may be a field of its own).
    expect(fieldSchema(inlineEntry(schema), ['extra', 'Anything'], noRefs)).toMatchObject({ path: ['extra', 'Anything'] });
  });

  it('makes a field declared differently by two branches a union of both, tried in order', () => {
    const schema = { oneOf: [{ properties: { size: { type: 'integer' } } }, { properties: { size: { enum: ['small', 'large'] } } }] };
    const found = fieldSchema(inlineEntry(schema), ['size'], noRefs);
    expect(found).toEqual({
      at: { schema: { anyOf: [{ type: 'integer' }, { enum: ['small', 'large'] }] }, base: 'https://example.test/e.schema.json' },
      path: ['size'],
    });
    if (!('at' in found)) throw new Error('unreachable');
    expect(cellValue('3', found.at, noRefs).value).toBe(3);
    expect(cellValue('Large', found.at, noRefs).value).toBe('large');
  });
});

describe('cellValue: numbers, booleans, text and references', () => {
  it('reads trimmed decimal text as a number, and leaves any other text for the schema to report', () => {
    expect(cell(CARD, 'limitPerPlayer', '3')).toEqual({ value: 3, marks: [] });
    expect(cell(CARD, 'limitPerPlayer', ' -1 ').value).toBe(-1);
    expect(cell(CARD, 'limitPerPlayer', '1e3').value).toBe(1000);
    // Not an integer: the text unchanged, so ajv says "must be an integer (got "2.5")".
    expect(cell(CARD, 'limitPerPlayer', '2.5').value).toBe('2.5');
    expect(cell(CARD, 'limitPerPlayer', 'three').value).toBe('three');
    expect(cell(CARD, 'limitPerPlayer', '1,000').value).toBe('1,000');
    expect(inline({ type: 'number' }, '2.5').value).toBe(2.5);
    expect(inline({ type: 'number' }, '.5').value).toBe(0.5);
    expect(inline({ type: 'number' }, '0x10').value).toBe('0x10');
  });

  it('reads booleans as true/false, yes/no, 1/0 in any case, and by the titles of the true and false branches', () => {
    for (const [text, value] of [
      ['true', true],
      ['FALSE', false],
      ['Yes', true],
      ['no', false],
      ['1', true],
      ['0', false],
    ] as const)
      expect(inline({ type: 'boolean' }, text).value).toBe(value);
    expect(inline({ type: 'boolean' }, 'maybe').value).toBe('maybe');
    // card-kind's `orMore` names its values: "This number or more" / "Exactly this number".
    const orMore = fieldSchema(entry(CARD), ['countScoring'], options);
    if (!('at' in orMore)) throw new Error('countScoring');
    const row = cellValue(
      '[{ cards: 5, orMore: this number or more, points: 7 }, { cards: 4, orMore: Exactly this number, points: 6 }, { cards: 3, orMore: yes, points: 5 }]',
      orMore.at,
      options,
    );
    expect(row.value).toEqual([
      { cards: 5, orMore: true, points: 7 },
      { cards: 4, orMore: false, points: 6 },
      { cards: 3, orMore: true, points: 5 },
    ]);
  });

  it('keeps a string as written and trims a reference', () => {
    expect(cell(CARD, 'name', '  Cangaço  ').value).toBe('  Cangaço  ');
    expect(inline({ type: 'string', 'x-ref': 'resources' }, ' reis ').value).toBe('reis');
    // A string field whose text happens to start with a brace is still that text.
    expect(cell(CARD, 'name', '{Curly} card').value).toBe('{Curly} card');
    expect(cell(CARD, 'name', '{ Curly }').value).toBe('{ Curly }');
  });

  it('reads a localized text as a string, or as a map of languages when written in braces', () => {
    expect(cell(CARD, 'text', 'Take 2 Reis.').value).toBe('Take 2 Reis.');
    expect(cell(CARD, 'text', '{ en: Flour, pt-BR: Farinha }').value).toEqual({ en: 'Flour', 'pt-BR': 'Farinha' });
    expect(cell(CARD, 'text.en', 'Flour').value).toBe('Flour');
  });

  it("keeps a text's own braces (mana symbols, icons) as text where the field takes a string", () => {
    for (const text of ['{T}: Add {G}.', '{R}', '{2}{R}', '{X} damage to any target.', '{ en: Flour'])
      expect(cell(CARD, 'text', text)).toEqual({ value: text, marks: [] });
    // A field that takes only objects reads the same text as YAML, and says why it does not parse.
    expect(cell(PLUNDER, 'gain', '{2}{R}').problem?.message).toBeTruthy();
  });

  it('reads `null` as null where the schema takes null, and as text where it does not', () => {
    expect(cell(CARD, 'points', 'null').value).toBeNull();
    expect(cell(CARD, 'grants', 'null').value).toBeNull();
    expect(cell(CARD, 'name', 'null').value).toBe('null');
  });

  it('never evaluates a spreadsheet formula: the text stays as written', () => {
    const formula = '=HYPERLINK("https://example.com", "Rules")';
    expect(cell(CARD, 'points', formula)).toEqual({ value: formula, marks: [] });
    expect(cell(CARD, 'name', formula)).toEqual({ value: formula, marks: [] });
    expect(cell(CARD, 'positions', '=A1;B2')).toEqual({ value: '=A1;B2', marks: [] });
  });

  it('keeps the text when there is no schema at the field', () => {
    expect(cellValue(' 3 ', undefined, options)).toEqual({ value: ' 3 ', marks: [] });
  });
});

describe('cellValue: enums by value or title', () => {
  it('matches a value or a title, case and accents folded, and returns the value', () => {
    expect(cell(STATION, 'season', 'rain').value).toBe('rain');
    expect(cell(STATION, 'season', 'RAIN').value).toBe('rain');
    expect(cell(CARD, 'structure', 'set card').value).toBe('set');
    expect(cell(STATION, 'passDirection', 'to the  LEFT').value).toBe('left');
    expect(cell(STATION, 'passDirection', 'null').value).toBeNull();
    expect(cell(PLUNDER, 'gain.resource', ' Reis ').value).toBe('reis');
    const seasons = {
      oneOf: [
        { const: 'dry', title: 'Estação seca' },
        { const: 'rain', title: 'Estação chuvosa' },
      ],
    };
    expect(inline(seasons, 'estacao seca').value).toBe('dry');
    expect(inline(seasons, 'ESTAÇÃO CHUVOSA').value).toBe('rain');
    expect(inline({ enum: ['Estação seca', 'Chuva'] }, 'estacao SECA').value).toBe('Estação seca');
    expect(inline({ enum: [1, 2, 3] }, '2').value).toBe(2);
  });

  it('leaves a word no value or title matches for the schema to report', () => {
    expect(cell(STATION, 'season', 'winter').value).toBe('winter');
    expect(cell(STATION, 'season', 'dr').value).toBe('dr');
  });

  it('follows a $ref from a branch to its { const, title } definition', () => {
    const schema = {
      oneOf: [{ $ref: '#/$defs/dry' }, { $ref: '#/$defs/rain' }],
      $defs: { dry: { const: 'dry', title: 'Sêca' }, rain: { const: 'rain', title: 'Chuva' } },
    };
    expect(inline(schema, 'seca').value).toBe('dry');
    expect(inline(schema, 'chuva').value).toBe('rain');
  });
});

describe('cellValue: lists', () => {
  it('splits on the separator, trims each item, types it, and drops empty items', () => {
    expect(cell(CARD, 'positions', 'Left; middle ;').value).toEqual(['left', 'middle']);
    expect(cell(CARD, 'positions', 'right').value).toEqual(['right']);
    expect(cell(CARD, 'grants', ' reis ; fame').value).toEqual(['reis', 'fame']);
    expect(cell(CARD, 'positions', 'left | right', '|').value).toEqual(['left', 'right']);
    expect(inline({ type: 'array', items: { type: 'integer' } }, '1; 2;x').value).toEqual([1, 2, 'x']);
  });

  it('reads a bracketed list as YAML flow, so an item may hold the separator', () => {
    expect(cell(CARD, 'positions', '[Left, "right"]').value).toEqual(['left', 'right']);
    expect(inline({ type: 'array', items: { type: 'string' } }, '["a; b", c]').value).toEqual(['a; b', 'c']);
    // Brackets that are the items' own text, not one YAML list: split as any list.
    expect(inline({ type: 'array', items: { type: 'string' } }, '[Rare] Dragon; Goblin').value).toEqual(['[Rare] Dragon', 'Goblin']);
    expect(inline({ type: 'array', items: { type: 'string' } }, '[Rare] Dragon; [Epic] Goblin ]').value).toEqual(['[Rare] Dragon', '[Epic] Goblin ]']);
  });

  it('reads a list of objects as YAML flow, each item typed by the schema, drafts inside kept with their pointer', () => {
    const result = cell(
      CARD,
      'countScoring',
      '[{ cards: 1, points: { placeholder: null, note: "Only 4 cards = 7 points is given." } }, { cards: 4, points: 7 }]',
    );
    expect(result).toEqual({
      value: [
        { cards: 1, points: null },
        { cards: 4, points: 7 },
      ],
      marks: [{ kind: 'placeholder', pointer: '/0/points', note: 'Only 4 cards = 7 points is given.' }],
    });
  });
});

describe('cellValue: objects and rules as YAML flow text', () => {
  it('reads a scoring rule written in braces', () => {
    expect(cell('cangaco/cordel.schema.json', 'scoring', '{ op: per, points: 2, each: { field: flour } }')).toEqual({
      value: { op: 'per', points: 2, each: { field: 'flour' } },
      marks: [],
    });
  });

  it('reads a rule whose value may be a number as the number, and braces as the object', () => {
    const cost = field('cangaceiros/life-goal-cost.schema.json', 'quantity');
    expect(cost.schema['x-rule']).toBe('value');
    expect(cellValue('3', cost, options).value).toBe(3);
    expect(cellValue('{ field: fame }', cost, options).value).toEqual({ field: 'fame' });
  });

  it('reads any text in a field that takes only objects as YAML, braces or not', () => {
    expect(cell(PLUNDER, 'gain', 'heal: 2').value).toEqual({ heal: 2 });
    expect(cell(PLUNDER, 'gain', '{ resource: Reis, amount: "3" }').value).toEqual({ resource: 'reis', amount: 3 });
  });

  it('keeps a mark nested in a flow object at its pointer under the field', () => {
    const result = cell(
      'cangaco/cordel.schema.json',
      'scoring',
      '{ op: per, points: { reading: 2, note: "The card shows no number." }, each: { field: flour } }',
    );
    expect(result).toEqual({
      value: { op: 'per', points: 2, each: { field: 'flour' } },
      marks: [{ kind: 'reading', pointer: '/points', note: 'The card shows no number.' }],
    });
  });

  it('says what is wrong with flow text that does not parse, at its offset in the cell', () => {
    const unclosed = cell('cangaco/cordel.schema.json', 'scoring', '{ op: per, points: 2');
    expect(unclosed.value).toBe('{ op: per, points: 2');
    expect(unclosed.problem).toEqual({ message: '`{` opened here is never closed: add `}` where the map ends', offset: 0 });
    const text = '{ op: per, points: 2 } extra';
    expect(cell('cangaco/cordel.schema.json', 'scoring', text).problem).toEqual({ message: 'Unexpected scalar at node end', offset: text.indexOf('extra') });
    const reserved = '{ op: per, points: @2 }';
    expect(cell('cangaco/cordel.schema.json', 'scoring', reserved).problem?.offset).toBe(reserved.indexOf('@'));
    const duplicate = cell(PLUNDER, 'gain', '{ heal: 1, heal: 2 }');
    expect(duplicate.problem?.message).toMatch(/unique|duplicate/i);
    expect(duplicate.problem?.offset).toBe(11);
  });
});

describe('cellValue: unions', () => {
  it('takes the first branch the text converts to', () => {
    expect(inline({ type: ['integer', 'string'] }, '3').value).toBe(3);
    expect(inline({ type: ['integer', 'string'] }, 'x').value).toBe('x');
    expect(inline({ type: ['string', 'integer'] }, '3').value).toBe('3');
    expect(inline({ oneOf: [{ type: 'integer' }, { type: 'boolean' }] }, 'yes').value).toBe(true);
    expect(inline({ anyOf: [{ const: 'all' }, { type: 'integer', minimum: 1 }] }, 'All').value).toBe('all');
    expect(inline({ anyOf: [{ const: 'all' }, { type: 'integer', minimum: 1 }] }, '4').value).toBe(4);
    expect(cell(CARD, 'points', '7').value).toBe(7);
  });
});

describe('cellValue: schemas that refer to themselves', () => {
  it('tries each alternative once on the way down, and still finds the one the text reads as', () => {
    const schema = {
      $ref: '#/$defs/v',
      $defs: {
        v: { anyOf: [{ $ref: '#/$defs/v' }, { $ref: '#/$defs/w' }, { $ref: '#/$defs/w' }, { type: 'integer' }] },
        w: { anyOf: [{ $ref: '#/$defs/v' }, { $ref: '#/$defs/w' }, { type: 'boolean' }] },
      },
    };
    expect(inline(schema, '3').value).toBe(3);
    expect(inline(schema, 'yes').value).toBe(true);
    expect(inline(schema, 'x')).toEqual({ value: 'x', marks: [] });
    const list = { type: 'array', items: { $ref: '#/$defs/v' }, $defs: schema.$defs };
    // The first alternative that reads the text: `1` would be `true` (w, a boolean, comes before the integer).
    expect(inline(list, '3; no; x; 1').value).toEqual([3, false, 'x', true]);
    // Flow text in such a field: its items are looked for through the alternatives, each once.
    const lists = {
      $ref: '#/$defs/l',
      $defs: { l: { anyOf: [{ $ref: '#/$defs/l' }, { $ref: '#/$defs/l' }, { $ref: '#/$defs/l' }, { type: 'array', items: { type: 'integer' } }] } },
    };
    expect(inline(lists, '{ placeholder: ["1", 2], note: x }')).toEqual({ value: [1, 2], marks: [{ kind: 'placeholder', pointer: '', note: 'x' }] });
  });
});

describe('cellValue: drafts, written as YAML content writes them', () => {
  it('reads a placeholder with its note: the inner value typed by the schema, one mark on the cell itself', () => {
    expect(cell(CARD, 'points', '{ placeholder: 3, note: "not in the book" }')).toEqual({
      value: 3,
      marks: [{ kind: 'placeholder', pointer: '', note: 'not in the book' }],
    });
    expect(cell(CARD, 'points', '{ placeholder: null, note: The rulebook does not print the points. }')).toEqual({
      value: null,
      marks: [{ kind: 'placeholder', pointer: '', note: 'The rulebook does not print the points.' }],
    });
    expect(cell(CARD, 'points', '{ placeholder: "3", note: quoted }').value).toBe(3);
  });

  it('reads a reading, its inner value typed as a cell would be (an enum by its title, a list split)', () => {
    expect(cell(STATION, 'season', '{ reading: Dry, note: "The card is not shown." }')).toEqual({
      value: 'dry',
      marks: [{ kind: 'reading', pointer: '', note: 'The card is not shown.' }],
    });
    expect(cell(CARD, 'positions', '{ reading: "left; right", note: chosen }').value).toEqual(['left', 'right']);
    expect(cell(CARD, 'positions', '{ reading: [Left, Right], note: chosen }').value).toEqual(['left', 'right']);
    expect(cell(CARD, 'name', '{ placeholder: Unnamed, note: "The card name is not legible." }')).toEqual({
      value: 'Unnamed',
      marks: [{ kind: 'placeholder', pointer: '', note: 'The card name is not legible.' }],
    });
  });

  it('marks one item of a list written as YAML flow', () => {
    expect(cell(CARD, 'positions', '[Left, { placeholder: null, note: "The second position is not shown." }]')).toEqual({
      value: ['left', null],
      marks: [{ kind: 'placeholder', pointer: '/1', note: 'The second position is not shown.' }],
    });
  });

  it('holds a whole rule as a draft', () => {
    const result = cell('cangaco/cordel.schema.json', 'scoring', '{ placeholder: { op: per, points: 1, each: { field: flour } }, note: guessed }');
    expect(result.value).toEqual({ op: 'per', points: 1, each: { field: 'flour' } });
    expect(result.marks).toEqual([{ kind: 'placeholder', pointer: '', note: 'guessed' }]);
  });

  it('leaves a missing note to the caller, and refuses a draft written wrong in YAML content words', () => {
    // A missing note is no YAML mistake: the mark carries the empty note, for the caller to report as in YAML.
    expect(cell(CARD, 'points', '{ placeholder: 3 }')).toEqual({ value: 3, marks: [{ kind: 'placeholder', pointer: '', note: '' }] });
    expect(cell(STATION, 'season', '{ reading: Dry, note: "  " }')).toEqual({ value: 'dry', marks: [{ kind: 'reading', pointer: '', note: '  ' }] });
    const both = cell(CARD, 'points', '{ placeholder: 3, reading: 4, note: x }');
    expect(both.problem?.message).toMatch(/either a placeholder .* or a reading/);
    expect(both.problem?.offset).toBe('{ placeholder: 3, '.length);
    const unclosed = cell(CARD, 'points', '{ placeholder: 3, note: "x }');
    expect(unclosed).toEqual({
      value: '{ placeholder: 3, note: "x }',
      marks: [],
      problem: { message: '`{` opened here is never closed: add `}` where the map ends', offset: 0 },
    });
  });
});

describe('typed cells pass the schema they were typed by', () => {
  it('a row of a Cangaço card kind, typed cell by cell, validates against card-kind.schema.json', () => {
    const row: Record<string, string> = {
      name: 'Coronel',
      structure: 'Set card',
      setSize: '{ placeholder: null, note: "The rulebook does not say." }',
      positions: 'Left; Right',
      grants: 'reis',
      limitPerPlayer: '2',
      points: '7',
      countScoring: '[{ cards: 2, orMore: This number or more, points: 3 }]',
      cardsInDeck: 'null',
      text: '{ en: Take a Coronel., pt-BR: Pegue um Coronel. }',
    };
    const value: Record<string, unknown> = {};
    const marks: string[] = [];
    for (const [header, text] of Object.entries(row)) {
      const typed = cell(CARD, header, text);
      expect(typed.problem).toBeUndefined();
      value[header] = typed.value;
      marks.push(...typed.marks.map((m) => `${m.kind} /${header}${m.pointer}`));
    }
    const validate = schemas.validator(CARD, { file: 'test' }, new DiagnosticBag());
    expect(validate).not.toBeNull();
    expect(validate!(value), JSON.stringify(validate!.errors)).toBe(true);
    expect(marks).toEqual(['placeholder /setSize']);
    expect(value).toMatchObject({
      structure: 'set',
      positions: ['left', 'right'],
      points: 7,
      cardsInDeck: null,
      countScoring: [{ cards: 2, orMore: true, points: 3 }],
    });
  });

  it('a cell that does not convert fails the schema in its usual words', () => {
    const validate = schemas.validator(STATION, { file: 'test' }, new DiagnosticBag())!;
    const value = {
      name: 'Seca',
      number: cell(STATION, 'number', 'three').value,
      season: 'dry',
      deal: 3,
      discardAtEnd: 0,
      seasonEnds: 'When all have passed.',
    };
    expect(validate(value)).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual(['/number must be integer']);
  });
});

describe('cellText: every field of the bundled collections, written as a cell, reads back as its YAML', () => {
  it('writes the plainest text that reads back: a scalar as text, a plain list joined, the rest as YAML flow', () => {
    const text = (schemaPath: string, header: string, value: unknown, marks: CellMark[] = []) => cellText(value, field(schemaPath, header), options, marks);
    expect(text(CARD, 'points', 7)).toBe('7');
    expect(text(CARD, 'points', null)).toBe('null');
    expect(text(CARD, 'name', 'Coronel')).toBe('Coronel');
    expect(text(CARD, 'positions', ['left', 'right'])).toBe('left; right');
    expect(text(STATION, 'season', 'dry')).toBe('dry');
    expect(text(CARD, 'text', { en: 'Flour', 'pt-BR': 'Farinha' })).toBe('{ en: Flour, pt-BR: Farinha }');
    expect(text(CARD, 'countScoring', [{ cards: 2, orMore: true, points: 3 }])).toBe('[ { cards: 2, orMore: true, points: 3 } ]');
    expect(text(CARD, 'points', null, [{ kind: 'placeholder', pointer: '', note: 'Not printed.' }])).toBe('{ placeholder: null, note: Not printed. }');
    expect(text(CARD, 'countScoring', [{ cards: 1, points: null }], [{ kind: 'reading', pointer: '/0/points', note: 'x: y' }])).toBe(
      '[ { cards: 1, points: { reading: null, note: "x: y" } } ]',
    );
    // An item holding the separator: the list is written as YAML, where it may.
    expect(cellText(['a; b', 'c'], { schema: { type: 'array', items: { type: 'string' } }, base: 'https://example.test/x.json' }, options)).toBe('[ a; b, c ]');
    // A string that reads as null where null is taken: no cell gives it back, so it is written as it is.
    expect(cellText('null', { schema: { type: ['string', 'null'] }, base: 'https://example.test/x.json' }, options)).toBe('null');
  });

  it('types every cell of cangaco, cangaceiros and root back to the value and drafts YAML reads', async () => {
    let cells = 0;
    let drafts = 0;
    let flowCells = 0;
    const wrong: string[] = [];
    for (const game of ['cangaco', 'cangaceiros', 'root']) {
      const manifest = parse(await readFile(path.join(ROOT, 'content', game, 'game.yaml'), 'utf8')) as {
        collections: Record<string, { file?: string; schema: string }>;
      };
      for (const [name, collection] of Object.entries(manifest.collections)) {
        if (!collection.file) continue;
        const file = path.join(ROOT, 'content', game, collection.file);
        const bag = new DiagnosticBag();
        const source = new YamlSource(collection.file, await readFile(file, 'utf8')).parse(bag);
        expect(bag.errorCount, `${game}/${collection.file}`).toBe(0);
        const marks = new Map<string, { kind: string; note: string }>();
        for (const m of source.placeholders) marks.set(m.pointer, { kind: 'placeholder', note: m.note });
        for (const m of source.readings) marks.set(m.pointer, { kind: 'reading', note: m.note });
        (source.value as Array<Record<string, unknown>>).forEach((row, i) => {
          for (const [header, value] of Object.entries(row)) {
            const base = `/${i}/${header}`;
            const expectedMarks = [...marks]
              .filter(([p]) => p === base || p.startsWith(`${base}/`))
              .map(([p, m]) => ({ kind: m.kind as CellMark['kind'], pointer: p.slice(base.length), note: m.note }));
            const at = field(collection.schema, header);
            const text = cellText(value, at, options, expectedMarks);
            if (/^[[{]/.test(text)) flowCells++;
            const typed = cellValue(text, at, options);
            cells++;
            drafts += typed.marks.length;
            const sortMarks = (list: Array<{ pointer: string }>) => [...list].sort((a, b) => a.pointer.localeCompare(b.pointer));
            if (typed.problem || !isDeepStrictEqual(typed.value, value) || !isDeepStrictEqual(sortMarks(typed.marks), sortMarks(expectedMarks)))
              wrong.push(`${game}/${name}[${i}].${header}: ${text} -> ${JSON.stringify(typed)}`);
          }
        });
      }
    }
    expect(wrong).toEqual([]);
    // The three games hold hundreds of fields and dozens of drafts: the walk reached them.
    expect(cells).toBeGreaterThan(500);
    expect(drafts).toBeGreaterThan(20);
    // Most cells are plain text; rules, lists of objects and drafts are flow.
    expect(flowCells).toBeGreaterThan(20);
    expect(flowCells).toBeLessThan(cells / 2);
  });
});

describe('any text in any field', () => {
  it('is typed without a throw: a value, marks, and a problem only with an offset inside the cell', async () => {
    const { readdir } = await import('node:fs/promises');
    const fields: Array<{ name: string; at: SchemaAt }> = [];
    for (const game of ['cangaco', 'cangaceiros', 'root']) {
      for (const file of await readdir(path.join(ROOT, 'schemas', game))) {
        const root = entry(`${game}/${file}`);
        const top = fieldSchema(root, ['\u0000'], options);
        if (!('known' in top)) continue;
        for (const name of top.known) fields.push({ name: `${game}/${file} ${name}`, at: field(`${game}/${file}`, name) });
      }
    }
    expect(fields.length).toBeGreaterThan(100);
    // Text made of the pieces that steer the typing (braces, brackets, separators, quotes, marks, formulas, numbers)
    // and any other characters.
    const piece = fc.oneof(
      fc.constantFrom('{', '}', '[', ']', ';', ',', ':', ' ', '"', "'", '=', '#', '&', '*', '!', '|', '>', '-', '\n', '\t', 'null', 'yes', '3', '-1.5e2'),
      fc.constantFrom('placeholder: ', 'reading: ', 'note: x', 'op: per', '{ placeholder: 1, note: n }', 'Estação', '__proto__: 1'),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    );
    const text = fc.array(piece, { minLength: 1, maxLength: 12 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(text, fc.nat(fields.length - 1), (written, i) => {
        const { at } = fields[i]!;
        const typed = cellValue(written, at, options);
        expect(Array.isArray(typed.marks)).toBe(true);
        expect(typed.value).not.toBeUndefined();
        if (typed.problem) {
          expect(typed.problem.message).not.toBe('');
          expect(typed.problem.offset).toBeGreaterThanOrEqual(0);
          expect(typed.problem.offset).toBeLessThanOrEqual(written.length);
        }
      }),
      { numRuns: 3000, seed: 20261202 },
    );
    // Nesting far deeper than content does: reported, not a stack overflow.
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const scoring = field('cangaco/cordel.schema.json', 'scoring');
    expect(() => cellValue(deep, scoring, options)).not.toThrow();
    expect(cellValue(deep, scoring, options).problem?.message).toMatch(/nests/);
  });
});
