import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { LITERAL_LIMIT, PART_ENTRIES } from '../compiler/emit-code/data-module.ts';
import { emitPackage, packageSources, typeCheckPackage, type EmitOptions } from '../compiler/emit-code/emit.ts';
import { check } from '../compiler/pipeline.ts';
import { fixturesProject, makeProject, MINI_GAME, MINI_SCHEMA, runCli } from './helpers.ts';
import { consumerOf, diagnostics, inNode } from './package-consumer.ts';

// The package at a size past the point where TypeScript used to give up (TS2590, "union type too complex", near
// 1,020 entries in one collection): a synthetic game of 2,000 cards, built, then read by a strict consumer.
const CARDS = 2000;

/** The CPU milliseconds `work` takes in this process. */
function cpuMs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe(`the engine package of a ${CARDS}-card game`, () => {
  let root = '';
  let consumer = '';
  let ids: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rulebook-synth-'));
    await writeSyntheticGame(root, { cards: CARDS });
    const build = await runCli(['build', '-C', root]);
    expect(build.code, build.err).toBe(0);
    ids = (await check(root)).games[0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id);
    consumer = await consumerOf(path.join(root, 'generated'));
  }, 120_000);

  it('its sources type-check as one strict program (no TS2590)', async () => {
    const result = await check(root);
    expect(typeCheckPackage(packageSources(result.games, result.schemas))).toEqual([]);
  }, 60_000);

  it('a strict consumer type-checks, typos in IDs are still errors, and neither meets TS2590', async () => {
    const [first, last] = [ids[0]!, ids[ids.length - 1]!];
    const good = path.join(consumer, 'good.ts');
    const bad = path.join(consumer, 'bad.ts');
    await writeFile(
      good,
      `import { synth } from 'rulebook-generated';
import { isCardId, type Card, type CardId, type SynthEndState } from 'rulebook-generated/synth';
const players: SynthEndState[] = [{ flour: 3, ammunition: 1, timber: 2 }, { flour: 0, ammunition: 5, timber: 6 }];
const first: Card = synth.cards.byId[${JSON.stringify(first)}];
export const points: number[] = first.score(players);
const lastId: CardId = ${JSON.stringify(last)};
export const lastPoints: number[] = synth.cards.byId[lastId].score(players);
export const texts: string[] = synth.cards.all.map((c) => c.rulesText);
export function lookup(s: string): string | undefined {
  if (isCardId(s)) return synth.cards.byId[s].rulesText;
  return synth.cards.get(s)?.name;
}
`,
    );
    await writeFile(
      bad,
      `import { synth } from 'rulebook-generated';
export const card = synth.cards.byId[${JSON.stringify(first + 'x')}];
`,
    );
    // CPU time beside a program that imports nothing (the same options, so the same standard library to check):
    // wall time on a shared machine says more about the neighbours than about the package. Measured first, the
    // empty program also pays the checker's warm-up, which only makes the bound looser.
    const empty = path.join(consumer, 'empty.ts');
    await writeFile(empty, 'export const one: number = 1;\n');
    const emptyCpu = cpuMs(() => expect(diagnostics(empty)).toEqual([]));
    // One program for both files (the standard library is checked once): every error is the typo's, in bad.ts.
    let errors: string[] = [];
    const consumerCpu = cpuMs(() => (errors = diagnostics(good, bad)));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^bad\.ts:2 /);
    expect(errors[0]).toContain(`${first}x`);
    expect(errors[0]).not.toContain('TS2590');
    // About what the standard library costs at this size; far more means the package's types grew a cost per entry.
    expect(consumerCpu).toBeLessThan(3 * emptyCpu);
  }, 60_000);

  it('holds every entry, frozen, in source order, with the functions and texts the build compiled', async () => {
    const result = await check(root);
    const rules = result.games[0]!.rules;
    const sample = [0, 1, 999, CARDS - 1].map((i) => ids[i]!);
    const expected = sample.map((id) => rules.find((r) => r.entryId === id)!.text);
    const got = await inNode(
      path.join(root, 'generated', 'index.js'),
      `
      const c = pkg.synth.cards;
      const players = [{ flour: 3, ammunition: 1, timber: 2 }, { flour: 0, ammunition: 5, timber: 6 }];
      console.log(JSON.stringify({
        count: c.all.length,
        ids: c.all.map((e) => e.id),
        texts: ${JSON.stringify(sample)}.map((id) => c.byId[id].rulesText),
        scores: c.all.every((e) => Array.isArray(e.score(players)) && e.score(players).length === 2),
        frozen: [Object.isFrozen(c.all), Object.isFrozen(c.all[0]), Object.isFrozen(c.all[0].tags), Object.isFrozen(c.all[${CARDS - 1}].scoring)],
        same: c.get(${JSON.stringify(ids[5])}) === c.all[5] && c.byId[${JSON.stringify(ids[5])}] === c.all[5],
        unknown: [c.get('constructor') ?? null, c.get('__proto__') ?? null],
      }));`,
    );
    expect(got).toEqual({ count: CARDS, ids, texts: expected, scores: true, frozen: [true, true, true, true], same: true, unknown: [null, null] });
  }, 60_000);

  it('keeps the large collection in a data module of its own, in parts of PART_ENTRIES, one entry a line', async () => {
    const parts = Math.ceil(CARDS / PART_ENTRIES);
    expect(parts).toBeGreaterThan(1);
    const joined = await readFile(path.join(root, 'generated', 'synth.cards.js'), 'utf8');
    let lines = 0;
    for (let n = 1; n <= parts; n++) {
      expect(joined).toContain(`from './synth.cards.${n}.js';`);
      const part = await readFile(path.join(root, 'generated', `synth.cards.${n}.js`), 'utf8');
      lines += part.split('\n').filter((l) => l.startsWith('{"id":')).length;
    }
    expect(lines).toBe(CARDS);
    expect(existsSync(path.join(root, 'generated', `synth.cards.${parts + 1}.js`))).toBe(false);
    expect(await readFile(path.join(root, 'generated', 'synth.js'), 'utf8')).toMatch(/from ["']\.\/synth\.cards\.js["']/);
  });
});

// The data module carries content as JSON inside a template literal: the characters a template or JSON gives a
// meaning to must come back as written, in a collection large enough to take that path.
describe('a large collection with hostile text', () => {
  const hostile = ['back\\slash', 'tick ` tock', 'dollar ${brace}', 'line\u2028separator', 'quote " and \' both', '*/ end', 'tab\there'];

  it('reads back every value as written', async () => {
    const count = LITERAL_LIMIT + 10;
    const cards = Array.from(
      { length: count },
      (_, i) => `- id: card-${i}\n  name: ${JSON.stringify(`${hostile[i % hostile.length]} ${i}`)}\n  kind: single\n  points: ${i}\n`,
    ).join('');
    const root = await makeProject({ 'content/mini/game.yaml': MINI_GAME, 'content/mini/cards.yaml': cards, 'schemas/mini/card.schema.json': MINI_SCHEMA });
    const build = await runCli(['build', '-C', root]);
    expect(build.code, build.err).toBe(0);
    const got = (await inNode(
      path.join(root, 'generated', 'mini.js'),
      'console.log(JSON.stringify(pkg.mini.cards.all.map((c) => [c.id, c.name, c.points])));',
    )) as unknown[];
    expect(got).toEqual(Array.from({ length: count }, (_, i) => [`card-${i}`, `${hostile[i % hostile.length]} ${i}`, i]));
    const result = await check(root);
    expect(typeCheckPackage(packageSources(result.games, result.schemas))).toEqual([]);
  }, 60_000);
});

// The same package either way: each fixture game emitted as usual (small collections as literals) and with every
// collection in a data module gives the same entries, the same functions' results and the same types.
describe('a collection in a data module is the same collection as a literal', () => {
  let dirs: { literal: string; data: string };
  let result: Awaited<ReturnType<typeof check>>;

  beforeAll(async () => {
    const root = await fixturesProject(['duel', 'board', 'tree', 'hostile']);
    result = await check(root);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    const write = async (options: EmitOptions) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-emit-'));
      for (const [file, text] of emitPackage(result.games, result.schemas, '0', undefined, options)) await writeFile(path.join(dir, file), text);
      return dir;
    };
    dirs = { literal: await write({}), data: await write({ literalLimit: 0 }) };
  }, 60_000);

  it('every collection of the fixtures takes the data path, and the sources type-check as one strict program', async () => {
    const modules = [...packageSources(result.games, result.schemas, { literalLimit: 0 }).keys()];
    const collections = result.games.flatMap((g) => [...g.linked.game.collections.keys()].map((c) => `${g.linked.game.manifest.id}.${c}`));
    expect(modules).toEqual(expect.arrayContaining(collections));
    expect(typeCheckPackage(packageSources(result.games, result.schemas, { literalLimit: 0 }))).toEqual([]);
  }, 60_000);

  it('gives the same entries, members and function results in Node', async () => {
    // Each rule function run on the same made-up input (missing fields read as the runtime reads them); a throw is a result too.
    const script = `
      const run = (f, arg) => { try { return JSON.stringify(f(arg)) ?? 'undefined'; } catch (e) { return 'throws ' + e.message; } };
      const out = {};
      for (const [game, ns] of Object.entries(pkg)) {
        // The index also exports the runtime's helpers (text, rankPlayers, isDraft, StateError, ...): functions, not games.
        if (typeof ns !== 'object') continue;
        out[game] = { members: Object.keys(ns) };
        for (const [name, c] of Object.entries(ns)) {
          if (!c || !Array.isArray(c.all)) continue;
          out[game][name] = c.all.map((e) => ({
            keys: Object.keys(e),
            data: JSON.stringify(e),
            frozen: Object.isFrozen(e),
            byId: c.byId[e.id] === e && c.get(e.id) === e,
            score: e.score && run(e.score, [{}, { flour: 3 }]),
            apply: e.apply && run(e.apply, {}),
            value: e.value && run(e.value, {}),
            // The IDs its name finds, which hold it: the index is built from the entries either way.
            byName: (typeof e.name === 'string' ? [e.name] : Object.values(e.name)).map((n) => c.byName[n]).every((ids) => ids.includes(e.id)),
          }));
          out[game][name + '.byName'] = { names: Object.entries(c.byName), frozen: Object.isFrozen(c.byName) };
        }
      }
      console.log(JSON.stringify(out));`;
    const literal = await inNode(path.join(dirs.literal, 'index.js'), script);
    const data = await inNode(path.join(dirs.data, 'index.js'), script);
    expect(Object.keys(literal as object).length).toBe(4);
    expect(data).toEqual(literal);
  }, 60_000);
});
