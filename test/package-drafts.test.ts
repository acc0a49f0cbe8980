// Drafts visible on the entry: each entry of the package says which of its values are drafts (placeholders) and which
// are readings, by its field's dotted path with the note, typed by the collection's field paths, the same in the game
// module's literals and in a data module, so an engine shows "not final" without joining the namespace's pointers.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitPackage, packageSources, typeCheckPackage, type EmitOptions } from '../compiler/emit-code/emit.ts';
import { admits, dottedPath, fieldPaths, patternType } from '../compiler/emit-code/field-paths.ts';
import type { Schema, TypeContext } from '../compiler/emit-code/schema-to-ts.ts';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, makeProject, MINI_GAME, MINI_SCHEMA, ROOT, runCli } from './helpers.ts';
import { consumerOf, diagnostics, inNode } from './package-consumer.ts';

/** Write the package of `root`'s content to a fresh folder (not generated/): the build as the test sees it. */
async function writePackage(result: Awaited<ReturnType<typeof check>>, options: EmitOptions = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-drafts-'));
  for (const [file, text] of emitPackage(result.games, result.schemas, '0', undefined, options)) await writeFile(path.join(dir, file), text);
  return dir;
}

/** What the package holds, per game: each entry's drafts and readings, and the namespace's lists. */
interface Marks {
  [game: string]: {
    entries: { collection: string; id: string; drafts: Record<string, string>; readings: Record<string, string> }[];
    placeholders: { collection: string; id: string; path: string; note: string }[];
    readings: { collection: string; id: string; path: string; note: string }[];
    /** Entries whose drafts (or readings) are empty but not the one shared frozen value of their collection's first such entry. */
    unshared: number;
    frozen: boolean;
  };
}

const READ_MARKS = `
const out = {};
for (const [game, ns] of Object.entries(pkg)) {
  if (typeof ns !== 'object') continue; // a helper the index exports beside the games (text, rankPlayers, StateError)
  const entries = [];
  let unshared = 0;
  let frozen = true;
  for (const [name, c] of Object.entries(ns)) {
    if (!c || !Array.isArray(c.all)) continue;
    let empty;
    for (const e of c.all) {
      entries.push({ collection: name, id: e.id, drafts: e.drafts, readings: e.readings });
      for (const m of [e.drafts, e.readings]) {
        frozen &&= Object.isFrozen(m);
        if (Object.keys(m).length) continue;
        empty ??= m;
        if (m !== empty) unshared++;
      }
    }
  }
  out[game] = { entries, placeholders: ns.placeholders, readings: ns.readings, unshared, frozen };
}
console.log(JSON.stringify(out));`;

/** The namespace list's marks of one entry, as `entry.drafts` should give them: dotted path -> note. */
function expected(list: Marks[string]['placeholders'], collection: string, id: string): Record<string, string> {
  // Written out here rather than with the compiler's dottedPath, so the test does not check the code with itself.
  const dotted = (pointer: string) =>
    pointer
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .join('.');
  return Object.fromEntries(list.filter((p) => p.collection === collection && p.id === id).map((p) => [dotted(p.path), p.note]));
}

describe('the bundled games: drafts and readings on the entry', () => {
  let result: Awaited<ReturnType<typeof check>>;
  let dirs: { literal: string; data: string; parts: string };
  let marks: { literal: Marks; data: Marks; parts: Marks };

  beforeAll(async () => {
    result = await check(ROOT);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    dirs = {
      literal: await writePackage(result),
      data: await writePackage(result, { literalLimit: 0 }),
      // Every data module split in parts of 3 entries (data-module.ts PART_ENTRIES), as at 30,000 cards.
      parts: await writePackage(result, { literalLimit: 0, partSize: 3 }),
    };
    marks = {
      literal: (await inNode(path.join(dirs.literal, 'index.js'), READ_MARKS)) as Marks,
      data: (await inNode(path.join(dirs.data, 'index.js'), READ_MARKS)) as Marks,
      parts: (await inNode(path.join(dirs.parts, 'index.js'), READ_MARKS)) as Marks,
    };
  }, 120_000);

  it("a Cangaceiros chief's drafted Guns is in its drafts with the note, as the namespace lists it", () => {
    const c = marks.literal.cangaceiros!;
    const chief = c.entries.find((e) => e.collection === 'chiefs' && e.id === 'antonio-silvino')!;
    const guns = c.placeholders.find((p) => p.collection === 'chiefs' && p.id === 'antonio-silvino' && p.path === '/guns')!;
    expect(guns.note).toMatch(/does not print the Chief cards' Guns/);
    expect(chief.drafts.guns).toBe(guns.note);
    expect(chief.drafts).toEqual(expected(c.placeholders, 'chiefs', 'antonio-silvino'));
    expect(Object.keys(chief.drafts)).toEqual(expect.arrayContaining(['guns', 'protection', 'facao']));
    expect(chief.readings).toEqual({});
  });

  it("Cangaço's card kinds carry their structure readings", () => {
    const c = marks.literal.cangaco!;
    const read = c.entries.filter((e) => e.collection === 'cards' && e.readings.structure);
    expect(read.map((e) => e.id)).toEqual(['chefe-do-bando', 'volante', 'corone', 'padim', 'mascate']);
    for (const e of read) {
      expect(e.readings.structure).toMatch(/single card/);
      expect(e.readings).toEqual(expected(c.readings, 'cards', e.id));
    }
    // A card kind with placeholders but no reading: its drafts are filled in, its readings empty.
    const cabras = c.entries.find((e) => e.id === 'os-cabras')!;
    expect(cabras.readings).toEqual({});
    expect(cabras.drafts['countScoring.0.points']).toBe('The rulebook gives only 4 cards = 7 points.');
  });

  it('a whole drafted entry (a map side marked `provenance: placeholder`) is the empty path', () => {
    const c = marks.literal.cangaceiros!;
    const side = c.entries.find((e) => e.collection === 'map' && e.id === 'players-2-3')!;
    expect(side.drafts['']).toMatch(/^The rulebook does not print the Map board/);
    expect(side.readings['woundBorder.onEnter']).toMatch(/puts that wound on the Chief/);
  });

  it("every entry's drafts and readings are exactly the namespace's lists for it, and nothing is left over", () => {
    for (const [game, g] of Object.entries(marks.literal)) {
      let drafts = 0;
      let readings = 0;
      for (const e of g.entries) {
        expect(e.drafts, `${game} ${e.collection} ${e.id}`).toEqual(expected(g.placeholders, e.collection, e.id));
        expect(e.readings, `${game} ${e.collection} ${e.id}`).toEqual(expected(g.readings, e.collection, e.id));
        drafts += Object.keys(e.drafts).length;
        readings += Object.keys(e.readings).length;
      }
      // The namespace's other marks are the manifest's and the constants', which are no entry's.
      const own = (list: Marks[string]['placeholders']) => list.filter((p) => !p.collection.startsWith('(')).length;
      expect(drafts, game).toBe(own(g.placeholders));
      expect(readings, game).toBe(own(g.readings));
    }
    expect(marks.literal.cangaceiros!.placeholders.length).toBeGreaterThan(400);
  });

  it('an entry with neither has empty drafts and readings: one frozen value, shared', () => {
    for (const form of ['literal', 'data'] as const) {
      const plain = marks[form].root!.entries.filter((e) => e.collection === 'glossary');
      expect(plain.length).toBeGreaterThan(0);
      for (const e of plain) expect([e.drafts, e.readings]).toEqual([{}, {}]);
      for (const g of Object.values(marks[form])) expect([g.unshared, g.frozen]).toEqual([0, true]);
    }
  });

  it('a data module (literalLimit 0), whole or in parts, gives the same drafts and readings as the literals', () => {
    expect(marks.data).toEqual(marks.literal);
    expect(marks.parts).toEqual(marks.literal);
  });

  it('a data module in parts gives the same entries, rules and all, in the same order, as one module', async () => {
    // Each entry as JSON, its functions (the compiled rules) as their source text.
    const readAll = `
const out = {};
for (const [game, ns] of Object.entries(pkg)) {
  if (typeof ns !== 'object') continue;
  for (const [name, c] of Object.entries(ns)) if (c && Array.isArray(c.all)) out[game + '.' + name] = JSON.stringify(c.all, (k, v) => (typeof v === 'function' ? String(v) : v));
}
console.log(JSON.stringify(out));`;
    const whole = (await inNode(path.join(dirs.data, 'index.js'), readAll)) as Record<string, string>;
    const parts = (await inNode(path.join(dirs.parts, 'index.js'), readAll)) as Record<string, string>;
    expect(Object.keys(parts)).toEqual(Object.keys(whole));
    for (const [k, v] of Object.entries(whole)) expect(parts[k], k).toBe(v);
    expect(whole['cangaco.cordel']).toContain('"score"');
    // The parts are there: Root's glossary in parts of 3 (its module joins them), each part beside it.
    const glossary = await readFile(path.join(dirs.parts, 'root.glossary.js'), 'utf8');
    expect(glossary).toMatch(/import \{ \$glossary as part1 \} from '\.\/root\.glossary\.1\.js';/);
    expect(glossary).not.toContain('JSON.parse');
    const part = await readFile(path.join(dirs.parts, 'root.glossary.2.js'), 'utf8');
    expect(part.split('\n').filter((l) => l.startsWith('{"id":'))).toHaveLength(3);
  });

  it("a data module adds nothing to an entry's line: the marks are apart, only for the entries that have any", async () => {
    const glossary = await readFile(path.join(dirs.data, 'root.glossary.js'), 'utf8');
    expect(glossary).toContain('JSON.parse(`{}`)');
    expect(glossary).not.toContain('"drafts"');
    const chiefs = await readFile(path.join(dirs.data, 'cangaceiros.chiefs.js'), 'utf8');
    const lines = chiefs.split('\n');
    expect(lines.filter((l) => l.startsWith('{"id":')).every((l) => !l.includes('"drafts"'))).toBe(true);
    expect(lines.filter((l) => /^"\d+":\{"drafts":/.test(l)).length).toBe(marks.literal.cangaceiros!.entries.filter((e) => e.collection === 'chiefs').length);
  });

  it('the sources type-check as one strict program either way', () => {
    expect(typeCheckPackage(packageSources(result.games, result.schemas))).toEqual([]);
    expect(typeCheckPackage(packageSources(result.games, result.schemas, { literalLimit: 0 }))).toEqual([]);
    expect(typeCheckPackage(packageSources(result.games, result.schemas, { literalLimit: 0, partSize: 3 }))).toEqual([]);
  }, 180_000);

  it('a strict consumer reads `chief.drafts.guns` as an optional note; a path that is no field is a type error', async () => {
    const program = `import { cangaceiros, cangaco } from 'rulebook-generated';
import type { ChiefField, MapSideField } from 'rulebook-generated/cangaceiros';
import type { CardKindField } from 'rulebook-generated/cangaco';
const chief = cangaceiros.chiefs.byId['antonio-silvino'];
export const guns: string | undefined = chief.drafts.guns;
export const amount: string | undefined = chief.drafts['trainingSpaces.0.amount'];
export const structure: string | undefined = cangaco.cards.byId.volante.readings.structure;
export const whole: string | undefined = cangaceiros.map.byId['players-2-3'].drafts[''];
export const onEnter: string | undefined = cangaceiros.map.byId['players-2-3'].readings['woundBorder.onEnter'];
export const notFinal: boolean = Object.keys(chief.drafts).length > 0;
const field: ChiefField = 'trainingSpaces.2.unlocks';
const kind: CardKindField = 'countScoring.0.points';
const side: MapSideField = 'spaces.4.x';
export const fields: string[] = [field, kind, side];
// @ts-expect-error: a note may be missing (the field is not drafted)
export const sure: string = chief.drafts.guns;
// @ts-expect-error: no field of a Chief is called gnus
export const typo = chief.drafts.gnus;
// @ts-expect-error: trainingSpaces holds objects: no path below an index but their fields
export const deep = chief.readings['trainingSpaces.0.colour'];
// @ts-expect-error: a card kind's field is not a Chief's
export const other: ChiefField = 'countScoring';
// @ts-expect-error: the drafts are the package's, not the engine's to change
chief.drafts.guns = 'final';
`;
    for (const dir of [dirs.literal, dirs.data]) {
      const consumer = await consumerOf(dir);
      const file = path.join(consumer, 'drafts.ts');
      await writeFile(file, program);
      expect(diagnostics(file), dir).toEqual([]);
    }
  }, 120_000);
});

describe('the field-path union', () => {
  const ctx: TypeContext = { refType: () => 'string', resolve: () => undefined };
  const BASE = 'https://rulebook.dev/schemas/t/t.schema.json';

  it('walks objects, arrays and maps; stops below a text, a rule or a shape the schema does not give', () => {
    const schema: Schema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        guns: { type: 'integer' },
        spaces: { type: 'array', items: { type: 'object', properties: { amount: { type: 'integer' } } } },
        scores: { type: 'object', additionalProperties: { type: 'integer' } },
        name: { $ref: '../defs.schema.json#/$defs/text' },
        effect: { $ref: '../dsl.schema.json#/$defs/effect' },
        bag: { type: 'object' },
        either: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }] },
      },
    };
    const types = fieldPaths(schema, ctx, BASE, ['id']).map(patternType);
    // `id` left out as the caller asks (a name or copies field the package replaces is left out so).
    expect(types).toEqual([
      '"guns"',
      '"spaces"',
      '`spaces.${number}`',
      '`spaces.${number}.amount`',
      '"scores"',
      '`scores.${string}`',
      '"name"',
      '`name.${string}`',
      '"effect"',
      '`effect.${string}`',
      '"bag"',
      '`bag.${string}`',
      '"either"',
      '"either.a"',
    ]);
  });

  it('reads a JSON pointer as a dotted path, and admits a path as TypeScript reads the pattern', () => {
    expect(dottedPath('')).toBe('');
    expect(dottedPath('/trainingSpaces/0/amount')).toBe('trainingSpaces.0.amount');
    expect(dottedPath('/a~1b/c~0d')).toBe('a/b.c~d');
    const [spaces] = fieldPaths({ properties: { s: { type: 'array', items: { type: 'integer' } } } }, ctx, BASE, []).slice(1);
    expect(admits(spaces!, 's.12')).toBe(true);
    expect(admits(spaces!, 's.x')).toBe(false);
    expect(admits(spaces!, 's')).toBe(false);
  });

  it('escapes a key a template type would read otherwise', () => {
    const schema: Schema = { properties: { 'a`b${c}\\': { type: 'array', items: { type: 'integer' } } } };
    expect(fieldPaths(schema, ctx, BASE, []).map(patternType)).toEqual(['"a`b${c}\\\\"', '`a\\`b\\${c}\\\\.${number}`']);
  });
});

describe('a field named like the build’s members', () => {
  const schemaWith = (extra: Record<string, unknown>, additional = false) => {
    const s = JSON.parse(MINI_SCHEMA) as Record<string, unknown> & { properties: Record<string, unknown> };
    return JSON.stringify({ ...s, additionalProperties: additional, properties: { ...s.properties, ...extra } });
  };

  it('an entry with a `drafts` or `readings` field is a located error: the package would hide it', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: single\n- name: B\n  kind: set\n  drafts: 2\n  readings: [x]\n',
      'schemas/mini/card.schema.json': schemaWith({ drafts: { type: 'integer' }, readings: { type: 'array', items: { type: 'string' } } }),
    });
    expect((await diagnosticsOf(root)).map((d) => d.split(': ')[0])).toEqual([
      'error content/mini/cards.yaml:5:11 mark-member-clash',
      'error content/mini/cards.yaml:6:13 mark-member-clash',
    ]);
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('a field cannot be called "drafts": generated/ gives each cards entry `drafts`, which of its values are placeholders');
    expect(r.err).toContain('= rename the field in the schema and the content');
  });

  it("a schema that declares one no entry uses builds: the package's member takes the name, typed once", async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: single\n  points: { placeholder: 0, note: "not printed" }\n',
      'schemas/mini/card.schema.json': schemaWith({ drafts: { type: 'integer' } }),
    });
    const result = await check(root);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    const sources = packageSources(result.games, result.schemas);
    expect(typeCheckPackage(sources)).toEqual([]);
    expect(sources.get('mini')).toContain('export type CardField = "id" | "name" | "kind" | "points" | "awards" | `awards.${number}`');
    expect(sources.get('mini')).not.toMatch(/readonly drafts\?: number/);
    const dir = await writePackage(result);
    expect(await inNode(path.join(dir, 'index.js'), 'console.log(JSON.stringify(pkg.mini.cards.all[0].drafts));')).toEqual({ points: 'not printed' });
  }, 60_000);

  it("a declaration whose type name is a collection's field-path union is a type-name clash", async () => {
    const root = await makeProject({
      'content/mini/game.yaml': `${MINI_GAME}declarations:\n  cardFields: [{ name: Colour }]\n`,
      'content/mini/cards.yaml': '- name: A\n  kind: single\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    expect((await diagnosticsOf(root)).map((d) => d.split(' (')[0])).toEqual(['error content/mini/game.yaml:8:11 type-name-clash: the type name "CardField"']);
  });

  it("a drafted ID is the entry's `id` path, in both forms", async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- id: { placeholder: a-card, note: "no code printed" }\n  name: A\n  kind: single\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const result = await check(root);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    for (const options of [{}, { literalLimit: 0 }]) {
      const sources = packageSources(result.games, result.schemas, options);
      expect(sources.get('mini')).toContain('export type CardField = "id" | "name" | "kind"');
      expect(typeCheckPackage(sources)).toEqual([]);
      const dir = await writePackage(result, options);
      expect(await inNode(path.join(dir, 'index.js'), 'console.log(JSON.stringify(pkg.mini.cards.all[0].drafts));')).toEqual({ id: 'no code printed' });
    }
  }, 60_000);

  it('a mark on a field the schema allows without naming is still in the union', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: single\n  colour: { placeholder: red, note: "not printed" }\n',
      'schemas/mini/card.schema.json': schemaWith({}, true),
    });
    const result = await check(root);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    // In a data module: a game module's literal of such an entry meets TypeScript's excess-property check on `colour`
    // itself, whatever its drafts (the entry interface types only the fields the schema names).
    const sources = packageSources(result.games, result.schemas, { literalLimit: 0 });
    expect(sources.get('mini')).toMatch(/export type CardField = .* \| "colour";/);
    expect(typeCheckPackage(sources)).toEqual([]);
  }, 60_000);
});
