import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageSources, typeCheckPackage } from '../compiler/emit-code/emit.ts';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, fixtureProject, makeProject, MINI_GAME, MINI_SCHEMA, ROOT, runCli } from './helpers.ts';

const run = promisify(execFile);
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'hostile-names');

/** Every file of the fixture (content/hostile/ and schemas/hostile/), path -> text, for makeProject. */
async function fixtureFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(FIXTURE, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(FIXTURE, full)] = await readFile(full, 'utf8');
  }
  return files;
}

/** Import a built package in a fresh Node (no TypeScript toolchain) and print what `script` computes from it. */
async function inNode(file: string, script: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `import * as pkg from ${JSON.stringify(file)};\n${script}`]);
  return JSON.parse(stdout);
}

// Field names, IDs and descriptions holding a hyphen, quotes, a backslash and a comment end: content that,
// spliced into generated code as text, would change (or break) what the code means.
describe('content names are data, never code', () => {
  let root = '';
  beforeAll(async () => {
    root = await makeProject(await fixtureFiles());
  });

  it('check reports no error for fields and IDs with - \' " \\ and */', async () => {
    expect((await diagnosticsOf(root)).filter((d) => d.startsWith('error'))).toEqual([]);
  });

  it('the package sources type-check as one strict program', async () => {
    const result = await check(root);
    expect(typeCheckPackage(packageSources(result.games, result.schemas))).toEqual([]);
  });

  it('build succeeds and the package scores, applies and values over the hostile fields in Node', async () => {
    const build = await runCli(['build', '-C', root]);
    expect(build.code, build.err).toBe(0);
    const got = await inNode(
      path.join(root, 'generated', 'hostile.js'),
      `
      const h = pkg.hostile;
      const odd = 'it\\'s "odd" \\\\ */ id';
      // Every field the rules read is required (the package parses each state first), so each call gives them all.
      const p = (s) => ({ 'gold-x': 0, "o'brien": 0, 'q"uote': 0, 'back\\\\slash': 0, '*/': 0, ...s });
      const players = [
        { 'flour-x': 1, "it's": 2, 'say "hi"': 1, 'back\\\\slash': ['flour-x', 'gold', 'flour-x'], 'end */ here': true },
        { 'flour-x': 4, "it's": 0, 'say "hi"': 0, 'back\\\\slash': [], 'end */ here': false },
      ];
      console.log(JSON.stringify({
        ids: h.cards.all.map((c) => c.id),
        rank: h.cards.byId[odd].score(players),
        sum: h.cards.byId['everything-else'].score(players),
        bonus: h.cards.byId[odd]['bonus-points'],
        toll: h.move.get('toll "double" \\\\ */').apply(p({ "o'brien": 3, 'gold-x': 5, 'q"uote': 1 })),
        flee: h.move.byId.flee.apply(p({ 'back\\\\slash': 0, 'gold-x': 2 })),
        stash: h.move.byId.stash.apply(p({ 'back\\\\slash': 1, 'gold-x': 4 })),
        goal: h.goals.all[0].value(p({ '*/': 7, 'q"uote': 2 })),
        refused: (() => { try { h.move.byId.flee.apply(p({ 'q"uote': -1, 'back\\\\slash': 'x' })); } catch (e) { return e.problems; } })(),
        guard: [pkg.isHostileCardId(odd), pkg.isHostileCardId('it'), pkg.isHostileEventId('flee')],
        texts: h.cards.all.map((c) => typeof c.rulesText),
      }));`,
    );
    expect(got).toEqual({
      ids: ['it\'s "odd" \\ */ id', 'everything-else'],
      rank: [2, 5],
      sum: [2 * 2 + 1 + 3 + 2, 0],
      bonus: 1,
      // 3 O'Briens at 2 gold each: 2 paid with 5 gold, the third costs 1 "quote" (never below 0)
      toll: { "o'brien": 3, 'gold-x': 1, 'q"uote': 0, 'back\\slash': 0, '*/': 0 },
      flee: { 'back\\slash': 0, 'gold-x': 2, '*/': 2, "o'brien": 1, 'q"uote': 0 },
      stash: { 'back\\slash': 5, 'gold-x': 0, "o'brien": 0, 'q"uote': 0, '*/': 0 }, // the collection `move` and the runtime's moveAll live side by side
      goal: 5,
      // The state's check names the fields as data too (ajv's code, and the words beside it).
      refused: [
        { path: '/q"uote', message: '"q"uote" (Double "quotes") must be 0 or more, got -1' },
        { path: '/back\\slash', message: '"back\\slash" (A back\\slash) must be a whole number, got "x"' },
      ],
      guard: [true, false, true],
      texts: ['string', 'string'],
    });
  });

  it('the declarations that end a comment stay inside their comments in the .d.ts', async () => {
    const dts = await readFile(path.join(root, 'generated', 'hostile.d.ts'), 'utf8');
    expect(dts).toContain('/** Flour * / held at the end. */');
    expect(dts).toContain('readonly "end */ here": boolean;');
    expect(dts).toContain('/** Hostile * / names: every collection');
  });
});

describe('names that would not be identifiers', () => {
  it('a game ID that starts with a digit gets a namespace that is a valid binding', async () => {
    const root = await makeProject({
      'content/7-up/game.yaml': MINI_GAME.replace('id: mini', 'id: 7-up').replace('mini/card', '7-up/card'),
      'content/7-up/cards.yaml': '- { name: One, kind: single }\n',
      'schemas/7-up/card.schema.json': MINI_SCHEMA.replace('mini/card', '7-up/card'),
    });
    const build = await runCli(['build', '-C', root]);
    expect(build.code, build.err).toBe(0);
    expect(await inNode(path.join(root, 'generated', 'index.js'), 'console.log(JSON.stringify(pkg.game7Up.cards.all.map((c) => c.id)));')).toEqual(['one']);
    expect(await readFile(path.join(root, 'generated', 'index.d.ts'), 'utf8')).toMatch(/export type \* as Game7Up from ["']\.\/7-up\.js["'];/);
    const result = await check(root);
    expect(typeCheckPackage(packageSources(result.games, result.schemas))).toEqual([]);
  });

  it('a field with the name of a compiled function is a located error, not a second property', async () => {
    const files = await fixtureFiles();
    files['content/hostile/goals.yaml'] = files['content/hostile/goals.yaml']!.replace('  worth:', '  value:');
    files['schemas/hostile/goal.schema.json'] = files['schemas/hostile/goal.schema.json']!.replaceAll('"worth"', '"value"');
    const errors = (await diagnosticsOf(await makeProject(files))).filter((d) => d.startsWith('error'));
    expect(errors).toEqual([expect.stringMatching(/^error content\/hostile\/goals\.yaml:3:10 rule-name-clash: a field cannot be called "value" here/)]);
  });

  it('a second rule of the same kind in one entry is a located error, not a silently replaced function', async () => {
    const files = await fixtureFiles();
    files['schemas/hostile/event.schema.json'] = files['schemas/hostile/event.schema.json']!.replace(
      '"examples": {',
      '"also": { "$ref": "../dsl.schema.json#/$defs/effect", "x-rule": "effect", "description": "A second effect." },\n    "examples": {',
    );
    files['content/hostile/events.yaml'] = files['content/hostile/events.yaml']!.replace('- name: Flee\n', '- name: Flee\n  also: { op: none }\n');
    const errors = (await diagnosticsOf(await makeProject(files))).filter((d) => d.startsWith('error'));
    expect(errors).toEqual([
      expect.stringMatching(/^error content\/hostile\/events\.yaml:9:9 rule-duplicate: this entry already has a rule of kind "effect" \(at \/effect\)/),
    ]);
  });

  it("a second rule of a kind that is not the entry's first kind is found too", async () => {
    // The entry's first rule is its effect; the two value rules after it are the duplicate pair.
    const files = await fixtureFiles();
    const value = '{ "$ref": "../dsl.schema.json#/$defs/value", "x-rule": "value", "description": "A value." }';
    files['schemas/hostile/event.schema.json'] = files['schemas/hostile/event.schema.json']!.replace(
      '"examples": {',
      `"worth": ${value},\n    "worth2": ${value},\n    "examples": {`,
    );
    const worth = `{ op: minus, from: { field: "*/" }, subtract: { field: 'q"uote' } }`;
    files['content/hostile/events.yaml'] = files['content/hostile/events.yaml']!.replace(
      '- name: Flee\n',
      `- name: Flee\n  worth: ${worth}\n  worth2: ${worth}\n`,
    );
    // The value rules also run the event's examples, written for its effect: only the duplicate is asked about here.
    const errors = (await diagnosticsOf(await makeProject(files))).filter((d) => d.includes(' rule-duplicate: '));
    expect(errors).toEqual([
      expect.stringMatching(/^error content\/hostile\/events\.yaml:\d+:\d+ rule-duplicate: this entry already has a rule of kind "value" \(at \/worth\)/),
    ]);
  });

  it('two parts of the manifest that give the same type name are a located error', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': `${MINI_GAME}declarations:\n  cards:\n    - { name: One }\n`,
      'content/mini/cards.yaml': '- { name: One, kind: single }\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const errors = (await diagnosticsOf(root)).filter((d) => d.startsWith('error'));
    expect(errors).toEqual([
      expect.stringMatching(
        /^error content\/mini\/game\.yaml:8:11 type-name-clash: the type name "Card" \(collection "cards"\) is already declaration "cards"/,
      ),
    ]);
  });

  it('a game with movers may name its own types Piece and MoveBy (a collection, a `pieces` declaration): the package compiles', async () => {
    const root = await fixtureProject('board', {
      'content/board/game.yaml': (t) =>
        t.replace('    type: EventCard\n', '    type: MoveBy\n').replace('declarations:\n', 'declarations:\n  pieces:\n    - { name: Scout }\n'),
    });
    const result = await check(root);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    expect(typeCheckPackage(packageSources(result.games, result.schemas))).toEqual([]);
  });

  it('an ID outside the shared ID pattern is a located error, not generated code', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- { name: One, kind: single }\n- { id: "it\'s */ bad", name: Two, kind: single }\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const errors = (await diagnosticsOf(root)).filter((d) => d.startsWith('error'));
    expect(errors).toEqual([expect.stringMatching(/^error content\/mini\/cards\.yaml:2:9 schema-pattern: /)]);
  });
});
