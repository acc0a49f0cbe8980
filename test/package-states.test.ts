// The states the package's rules read, with a contract: each state's JSON Schema ships in the package, a parse per
// state (generated from that schema by ajv) rejects what does not fit with its path and the game's words, and every
// compiled rule refuses a state that does not parse. Checked on a package of the bundled games, built into a temp
// folder, as a strict consumer and plain Node see it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitPackage, packageSources, typeCheckPackage } from '../compiler/emit-code/emit.ts';
import { check } from '../compiler/pipeline.ts';
import { ROOT } from './helpers.ts';
import { consumerOf, diagnostics, inNode } from './package-consumer.ts';

const run = promisify(execFile);

/** A state every Cangaceiros rule can read: the fields they read, each 0 (a terrain where one is needed). */
const PLAYER = {
  reis: 3,
  fame: 10,
  wounds: 0,
  deal: 0,
  vengeance: 0,
  volanteTrophies: 0,
  cangaceirosInPrison: 2,
  cangaceirosOnGunsLine: 0,
  cangaceirosOnProtectionLine: 0,
  cangaceirosOnFacaoLine: 0,
  cangaceirosOnPlayerBoard: 0,
  cangaceirosOnEventTrack: 0,
  garrisonsByTerrain: { serra: 1 },
  trainingMarkersOnPlayerBoard: 0,
  serraActionCards: 0,
  caatingaActionCards: 0,
  gangTerrain: 'serra',
};
const END = { flour: 3, cachaca: 0, ammunition: 1, cabras: ['flour'], completedSets: ['igreja'], chefe: false, singles: ['volante'], doubled: [] };

/** Write the package emitted from the bundled content into a fresh folder; `literalLimit` 0 puts every collection in a data module. */
async function buildPackage(literalLimit?: number): Promise<string> {
  const result = await check(ROOT);
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-states-'));
  const files = emitPackage(result.games, result.schemas, '0.0.0', 'rulebook-generated', literalLimit === undefined ? {} : { literalLimit });
  for (const [name, text] of files) await writeFile(path.join(dir, name), text);
  return dir;
}

/** What a call throws, as `{ name, problems }`, or what it returns: run in Node against the package in `dir`. */
function outcome(dir: string, game: string, call: string): Promise<unknown> {
  return inNode(
    path.join(dir, 'index.js'),
    `const game = await import(${JSON.stringify(path.join(dir, `${game}.js`))});
const { cangaco, cangaceiros } = pkg;
let out;
try { out = { value: ${call} }; } catch (e) { out = { name: e.name, isStateError: e instanceof pkg.StateError, problems: e.problems, message: e.message }; }
console.log(JSON.stringify(out));`,
  );
}

describe('the states of the engine package', () => {
  let dir = '';
  let literal0 = '';

  beforeAll(async () => {
    [dir, literal0] = await Promise.all([buildPackage(), buildPackage(0)]);
  }, 120_000);

  it('parse accepts a good save, as it is', async () => {
    expect(await outcome(dir, 'cangaco', `game.parseEndState(${JSON.stringify(END)})`)).toEqual({ value: END });
    expect(await outcome(dir, 'cangaceiros', `game.parsePlayerState(${JSON.stringify(PLAYER)})`)).toEqual({ value: PLAYER });
    // A field no rule reads (the bounty) may be left out or given.
    expect(await outcome(dir, 'cangaceiros', `game.parsePlayerState(${JSON.stringify({ ...PLAYER, bounty: 2 })}).bounty`)).toEqual({ value: 2 });
    expect(await outcome(dir, 'cangaco', `game.safeParseEndStates([${JSON.stringify(END)}])`)).toEqual({ value: { ok: true, value: [END] } });
  });

  it('parse rejects a bad save with every problem, its exact path and the game’s words', async () => {
    const bad = { flor: 1, flour: -1, cachaca: '3', ammunition: 1.5, cabras: ['wheat'], completedSets: 'igreja', chefe: 1, singles: [], doubled: [] };
    const got = (await outcome(dir, 'cangaco', `game.parseEndState(${JSON.stringify(bad)})`)) as { problems: unknown; isStateError: boolean; message: string };
    expect(got.isStateError).toBe(true);
    expect(got.problems).toEqual([
      { path: '/flor', message: '"flor" is not a field of the Cangaço end state (did you mean "flour"?)' },
      { path: '/flour', message: '"flour" (Flour markers held at the end) must be 0 or more, got -1' },
      { path: '/cachaca', message: '"cachaca" (Cachaça markers held at the end) must be a whole number, got "3"' },
      { path: '/ammunition', message: '"ammunition" (Ammunition markers held at the end) must be a whole number, got 1.5' },
      {
        path: '/cabras/0',
        message:
          '"cabras" (The resource on each Os Cabras card in play) item 1 must be one of flour (Flour), cachaca (Cachaça), ammunition (Ammunition), got "wheat"',
      },
      { path: '/completedSets', message: '"completedSets" (One entry per completed set) must be a list, got "igreja"' },
      { path: '/chefe', message: '"chefe" (A Chefe do Bando in play) must be true or false, got 1' },
    ]);
    expect(got.message).toContain('Cangaço end state does not parse (7 problems):\n  "flor" is not a field');
    // A missing field, an undeclared terrain among a count's keys, a value outside its declaration.
    const player = { ...PLAYER, garrisonsByTerrain: { desert: 1 }, gangTerrain: 'mar' } as Record<string, unknown>;
    delete player.cangaceirosInPrison;
    expect(await outcome(dir, 'cangaceiros', `game.safeParsePlayerState(${JSON.stringify(player)})`)).toEqual({
      value: {
        ok: false,
        problems: [
          { path: '/cangaceirosInPrison', message: `"cangaceirosInPrison" (Cangaceiros of the player's color in the Recife Prison) is missing` },
          {
            path: '/garrisonsByTerrain/desert',
            message: expect.stringMatching(
              /^"garrisonsByTerrain" \(Cangaceiros of the player's color in Garrisons .*\) counts by sertao \(Sertão\), serra \(Serra\), caatinga \(Caatinga\), .* not "desert"$/,
            ),
          },
          { path: '/gangTerrain', message: expect.stringMatching(/^"gangTerrain" \(.*\) must be one of sertao \(Sertão\), serra \(Serra\), .*, got "mar"$/) },
        ],
      },
    });
    expect(await outcome(dir, 'cangaco', 'game.safeParseEndState(null)')).toEqual({
      value: { ok: false, problems: [{ path: '', message: "must be an object holding the Cangaço end state's fields, got null" }] },
    });
  });

  it('a scoring rule refuses end states that do not parse (no 5 for a player with no flour)', async () => {
    const empty = (await outcome(dir, 'cangaco', 'cangaco.cordel.all[0].score([{}])')) as { isStateError: boolean; problems: Array<{ path: string }> };
    expect(empty.isStateError).toBe(true);
    expect(empty.problems.map((p) => p.path)).toEqual([
      '/0/flour',
      '/0/cachaca',
      '/0/ammunition',
      '/0/cabras',
      '/0/completedSets',
      '/0/chefe',
      '/0/singles',
      '/0/doubled',
    ]);
    const text = (await outcome(dir, 'cangaco', `cangaco.cordel.all[0].score([{ ...${JSON.stringify(END)}, flour: '3' }, ${JSON.stringify(END)}])`)) as {
      problems: unknown;
    };
    expect(text.problems).toEqual([{ path: '/0/flour', message: 'player 1: "flour" (Flour markers held at the end) must be a whole number, got "3"' }]);
    expect(await outcome(dir, 'cangaco', `cangaco.cordel.all[0].score([${JSON.stringify(END)}, { ...${JSON.stringify(END)}, flour: 1 }])`)).toEqual({
      value: [5, 3],
    });
  });

  it('an effect, a value and the standings refuse a player state that does not parse, in a data module too', async () => {
    for (const built of [dir, literal0]) {
      const noPrison = (await outcome(built, 'cangaceiros', `cangaceiros.events.byId['procura-se'].apply({ reis: 3, fame: 10 })`)) as {
        isStateError: boolean;
        problems: Array<{ path: string }>;
      };
      expect(noPrison.isStateError).toBe(true);
      expect(noPrison.problems.map((p) => p.path)).toContain('/cangaceirosInPrison');
      const textReis = (await outcome(built, 'cangaceiros', `cangaceiros.events.byId['procura-se'].apply(${JSON.stringify({ ...PLAYER, reis: '3' })})`)) as {
        problems: unknown;
      };
      expect(textReis.problems).toEqual([
        {
          path: '/reis',
          message: `"reis" (Total value of the Reis tokens in the player's reserve (1 silver = 1, 1 gold = 5)) must be a whole number, got "3"`,
        },
      ]);
      // The event's own worked example, with every field its rules read: 2 in prison, 3 Reis -> pays 2, loses 2 Fame.
      expect(await outcome(built, 'cangaceiros', `cangaceiros.events.byId['procura-se'].apply(${JSON.stringify(PLAYER)})`)).toEqual({
        value: { ...PLAYER, reis: 1, fame: 8 },
      });
      const value = (await outcome(built, 'cangaceiros', `cangaceiros.scoring.byId['final-scoring'].value({ fame: 3 })`)) as { isStateError: boolean };
      expect(value.isStateError).toBe(true);
      const standings = (await outcome(
        built,
        'cangaceiros',
        `cangaceiros.tables.standings([${JSON.stringify(PLAYER)}, { ...${JSON.stringify(PLAYER)}, wounds: -1 }])`,
      )) as {
        problems: unknown;
      };
      expect(standings.problems).toEqual([
        { path: '/1/wounds', message: `player 2: "wounds" (Wound cubes on the player's Chief card) must be 0 or more, got -1` },
      ]);
    }
  });

  it('every Cordel worked example, its left-out fields filled as the build fills them, parses and scores as it expects', async () => {
    const got = (await outcome(
      literal0,
      'cangaco',
      `(() => {
  const fill = (g) => ({ flour: 0, cachaca: 0, ammunition: 0, cabras: [], completedSets: [], chefe: false, singles: [], doubled: [], ...g });
  return cangaco.cordel.all.flatMap((c) => c.examples.map((x) => [c.id, c.score(x.given.map(fill)), x.expect]));
})()`,
    )) as { value: Array<[string, number[], number[]]> };
    expect(got.value.length).toBeGreaterThanOrEqual(20);
    for (const [id, score, expected] of got.value) expect(score, id).toEqual(expected);
  });

  it('a strict consumer gets a type error for a state missing a field the rules read', async () => {
    const consumer = await consumerOf(dir);
    const file = path.join(consumer, 'states.ts');
    await writeFile(
      file,
      `import { cangaco, cangaceiros, StateError, type StateResult } from 'rulebook-generated';
import { parseEndState, safeParseEndStates, type CangacoEndState } from 'rulebook-generated/cangaco';
import { parsePlayerState, type PlayerState } from 'rulebook-generated/cangaceiros';

// @ts-expect-error cachaca, ammunition and the rest are read by the Cordel cards
const partial: CangacoEndState = { flour: 1 };
// @ts-expect-error the Procura-se event reads the Cangaceiros in prison
const noPrison: PlayerState = { reis: 3, fame: 10 };
const player: PlayerState = ${JSON.stringify(PLAYER)};
// @ts-expect-error a count is a number
const textReis: PlayerState = { ...player, reis: '3' };
export const after: PlayerState = cangaceiros.events.byId['procura-se'].apply(player);
export const end: CangacoEndState = parseEndState(JSON.parse('{}'));
export const points: number[] = cangaco.cordel.all[0]!.score([end]);
export const checked: StateResult<CangacoEndState[]> = safeParseEndStates([]);
export const state: PlayerState = parsePlayerState({});
export function problemsOf(e: unknown): string[] {
  return e instanceof StateError ? e.problems.map((p) => p.path + ': ' + p.message) : [];
}
export const unused = [partial, noPrison, textReis];
`,
    );
    expect(diagnostics(file)).toEqual([]);
  }, 60_000);

  it('ships each state schema as valid JSON Schema, resolved through the package exports', async () => {
    const consumer = await consumerOf(dir);
    await mkdir(path.join(consumer, 'scripts'));
    const script = path.join(consumer, 'scripts', 'schemas.mjs');
    await writeFile(
      script,
      `import end from 'rulebook-generated/cangaco/end-state.schema.json' with { type: 'json' };
import player from 'rulebook-generated/cangaceiros/player-state.schema.json' with { type: 'json' };
console.log(JSON.stringify([end, player]));`,
    );
    const { stdout } = await run(process.execPath, [script], { cwd: consumer });
    const [end, player] = JSON.parse(stdout) as [Record<string, unknown>, Record<string, unknown>];
    expect(end).toEqual(JSON.parse(await readFile(path.join(dir, 'cangaco.end-state.schema.json'), 'utf8')));
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    for (const schema of [end, player]) {
      expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
      expect(schema.additionalProperties).toBe(false);
    }
    expect(end.required).toEqual(['flour', 'cachaca', 'ammunition', 'cabras', 'completedSets', 'chefe', 'singles', 'doubled']);
    expect((end.properties as Record<string, unknown>).flour).toEqual({ description: 'Flour markers held at the end.', type: 'integer', minimum: 0 });
    expect((end.properties as Record<string, unknown>).completedSets).toEqual({
      description: 'One entry per completed set.',
      type: 'array',
      items: { enum: ['igreja', 'tocaia', 'tiroteio', 'coiteiro', 'acampamento'] },
    });
    // What a consumer's own ajv makes of the shipped schema agrees with the package's parse.
    const validate = ajv.compile(player);
    expect(validate(PLAYER)).toBe(true);
    expect(validate({ ...PLAYER, reis: '3' })).toBe(false);
    expect(player.required).toContain('cangaceirosInPrison');
    expect(player.required).not.toContain('bounty');
  });

  it('the package needs nothing at run time: the state parsers import only the runtime', async () => {
    for (const game of ['cangaco', 'cangaceiros']) {
      const js = await readFile(path.join(dir, `${game}.state-parsers.js`), 'utf8');
      expect([...js.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['./runtime.js']);
      expect(js).not.toMatch(/\brequire\(/);
    }
  });

  it('its sources, state parsers included, type-check as one strict program, with every collection in a data module too', async () => {
    const result = await check(ROOT);
    expect(typeCheckPackage(packageSources(result.games, result.schemas, { literalLimit: 0 }))).toEqual([]);
  }, 60_000);
});
