import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeProject, runCli } from '../helpers.ts';

const run = promisify(execFile);

// The package as a consumer gets it: built from a copy of the bundled content (so the test does not depend on the
// committed generated/ being fresh: the freshness test proves that separately), packed with `npm pack` and installed
// from the tarball into a new project. Everything below goes through the package's exports map, as an engine would.

/** Uses every kind of generated function; under --strict with noUncheckedIndexedAccess, with no `!` anywhere. */
const GOOD = `import { cangaco, cangaceiros, root, type Standing } from 'rulebook-generated';
import { isCordelCardId, type CangacoEndState, type CordelCard } from 'rulebook-generated/cangaco';
import { isChiefId, isEventTileId, type PlayerState, type VolantePiece } from 'rulebook-generated/cangaceiros';

const players: CangacoEndState[] = [
  { flour: 13, cachaca: 0, ammunition: 0, cabras: [], completedSets: [], chefe: false, singles: [], doubled: [] },
  { flour: 5, cachaca: 0, ammunition: 0, cabras: [], completedSets: [], chefe: false, singles: [], doubled: [] },
];
// A player's state as an engine keeps it: every field the rules read is required (the package refuses a state without one).
const start: PlayerState = {
  reis: 0, fame: 0, wounds: 0, deal: 0, vengeance: 0, volanteTrophies: 0, cangaceirosInPrison: 0, cangaceirosOnGunsLine: 0, cangaceirosOnProtectionLine: 0,
  cangaceirosOnFacaoLine: 0, cangaceirosOnPlayerBoard: 0, cangaceirosOnEventTrack: 0, garrisonsByTerrain: {},
  trainingMarkersOnPlayerBoard: 0, serraActionCards: 0, caatingaActionCards: 0, gangTerrain: 'sertao',
};
const calunga: number[] = cangaco.cordel.byId['o-velho-calunga-e-a-rolinha-trelosa'].score(players);
const texts: string[] = cangaco.cordel.all.map((c) => c.rulesText);
const procura: PlayerState = cangaceiros.events.byId['procura-se'].apply({ ...start, cangaceirosInPrison: 2, reis: 3, fame: 10 });
const eventText: string = cangaceiros.events.byId['procura-se'].rulesText;
const finalFame: number = cangaceiros.scoring.byId['final-scoring'].value({ ...start, fame: 3, reis: 2 });
const goals: number[] = cangaceiros.lifeGoals.all.map((g) => g.value({ ...start, wounds: 3 }));
const reach: string[] = cangaceiros.movement.gang.reach('players-2-3', 'recife');
const pieces: VolantePiece<'players-2-3'>[] = [{ kind: 'garrison', node: 'paulo-afonso', owner: 'blue' }];
const volante = cangaceiros.movement.volante.next('players-2-3', 'paulo-afonso', { round: 3, pieces });
// Where a move goes is a node of the map: it feeds the next call with no cast.
const onward: string[] = volante.move === 'to' ? cangaceiros.movement.gang.reach('players-2-3', volante.node) : [];
const further: string[] = cangaceiros.movement.gang.reach('players-2-3', 'juazeiro', { by: { chiefs: 'cabeleira' } });
const attack = cangaceiros.tables.attackOutcome(5, { chiefs: 'esperanca' });
const exchange = cangaceiros.tables.cityExchange('mossoro', { chiefs: 'jararaca' });
const standings: Standing[] = cangaceiros.tables.standings([{ ...start, fame: 3 }, { ...start, fame: 9 }]);
const rule = root.rules.byId['16.4.1.II'];

/** An ID that arrives as a plain string (user input, a save file): checked by a guard, then used as a typed key. */
export function scoreOf(input: string): number[] | undefined {
  if (isCordelCardId(input)) return cangaco.cordel.byId[input].score(players);
  return undefined;
}
const looked: CordelCard | undefined = cangaco.cordel.get('nonato-e-o-bode-silas');

console.log(JSON.stringify({
  calunga,
  texts: texts.length,
  procura: { reis: procura.reis, fame: procura.fame, cangaceirosInPrison: procura.cangaceirosInPrison },
  eventText: eventText.length > 0,
  finalFame,
  goals: [...new Set(goals)],
  reach,
  volante,
  onward: onward.length,
  further: further.length > reach.length,
  attack: attack?.chiefWounds,
  exchangePay: exchange?.['pay'],
  standings: standings.map((s) => [s.player, s.place, s.score]),
  rule: rule.number,
  guards: [isCordelCardId('nonato-e-o-bode-silas'), isCordelCardId('nonato-e-o-bode-sila'), isCordelCardId('constructor'), isEventTileId('procura-se'), isChiefId('lampiao')],
  get: [looked?.id ?? null, cangaco.cordel.get('no-such-card') ?? null, cangaco.cordel.get('constructor') ?? null, cangaco.cordel.get('__proto__') ?? null],
  scoreOf: [scoreOf('o-velho-calunga-e-a-rolinha-trelosa'), scoreOf('nope') ?? null],
}));
`;

/** Each line after a directive must be a type error; an unused @ts-expect-error is itself an error. */
const BAD = `import { cangaco, cangaceiros } from 'rulebook-generated';
import type { CordelCardId } from 'rulebook-generated/cangaco';

export function misuse(input: string): void {
  // @ts-expect-error an unknown ID (a typo) is a type error
  cangaco.cordel.byId['nonato-e-o-bode-sila'];
  // @ts-expect-error score takes the players
  cangaco.cordel.byId['nonato-e-o-bode-silas'].score();
  // @ts-expect-error an effect takes a state
  cangaceiros.events.byId['procura-se'].apply();
  // @ts-expect-error a plain string is not an ID until a guard says so
  const id: CordelCardId = input;
  // @ts-expect-error get may find nothing: its result must be checked
  cangaco.cordel.get(input).score([]);
  // @ts-expect-error the table takes a Chief's ID, not any string
  cangaceiros.tables.attackOutcome(3, { chiefs: 'esperanza' });
  // @ts-expect-error a move is changed by a Chief's ID, not any string
  cangaceiros.movement.gang.reach('players-2-3', 'recife', { by: { chiefs: 'cabelera' } });
  // @ts-expect-error a piece stands on a node of the map
  cangaceiros.movement.volante.next('players-2-3', 'recife', { pieces: [{ kind: 'gang', node: 'recfe' }] });
  // @ts-expect-error a piece is of a kind the mover targets
  cangaceiros.movement.volante.next('players-2-3', 'recife', { pieces: [{ kind: 'gnag', node: 'recife' }] });
  void id;
}
`;

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: false, // the package's own .d.ts files are checked too
};

function diagnostics(program: ts.Program): string[] {
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

describe('the packed engine package, installed into a strict TypeScript consumer', () => {
  let consumer = '';

  beforeAll(async () => {
    const project = await makeProject({}, { copyContent: ['cangaco', 'cangaceiros', 'root'] });
    const build = await runCli(['build', '-C', project]);
    expect(build.code, build.err).toBe(0);
    const packs = await mkdtemp(path.join(tmpdir(), 'rulebook-pack-'));
    // npm's cache in the temp dir: the test leaves nothing in the user's home and needs no network.
    const env = { ...process.env, npm_config_cache: path.join(packs, 'npm-cache'), npm_config_update_notifier: 'false' };
    await run('npm', ['pack', '--pack-destination', packs, '--silent'], { cwd: path.join(project, 'generated'), env });
    const tarballs = (await readdir(packs)).filter((f) => f.endsWith('.tgz'));
    expect(tarballs).toHaveLength(1);
    consumer = await mkdtemp(path.join(tmpdir(), 'rulebook-consumer-'));
    await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // From the tarball alone: no registry is asked.
    await run('npm', ['install', path.join(packs, tarballs[0]!), '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--silent'], { cwd: consumer, env });
    await mkdir(path.join(consumer, 'src'));
    await writeFile(path.join(consumer, 'src', 'good.ts'), GOOD);
    await writeFile(path.join(consumer, 'src', 'bad.ts'), BAD);
    await writeFile(path.join(consumer, 'src', 'bad-bare.ts'), BAD.replace(/^ *\/\/ @ts-expect-error.*\n/gm, ''));
  }, 120_000);

  it('a consumer calling every kind of generated function type-checks with no errors and no `!`', () => {
    expect(GOOD).not.toMatch(/\)!|\]!/);
    const program = ts.createProgram([path.join(consumer, 'src', 'good.ts')], { ...OPTIONS, outDir: path.join(consumer, 'dist') });
    expect(diagnostics(program)).toEqual([]);
    expect(program.emit().emitSkipped).toBe(false);
  });

  it('an unknown ID, a missing argument, an unchecked string and an unchecked get are type errors', () => {
    // With the directives every error is expected, and every directive must meet its error.
    expect(diagnostics(ts.createProgram([path.join(consumer, 'src', 'bad.ts')], { ...OPTIONS, noEmit: true }))).toEqual([]);
    // Without them, the same lines fail: one error per directive, on the line that followed it.
    const bare = diagnostics(ts.createProgram([path.join(consumer, 'src', 'bad-bare.ts')], { ...OPTIONS, noEmit: true }));
    expect(bare.map((d) => d.split(' ')[0])).toEqual(['bad-bare.ts:5', 'bad-bare.ts:6', 'bad-bare.ts:7', 'bad-bare.ts:8', 'bad-bare.ts:9', 'bad-bare.ts:10', 'bad-bare.ts:11', 'bad-bare.ts:12', 'bad-bare.ts:13']);
    expect(bare[0]).toMatch(/nonato-e-o-bode-sila/);
  });

  it("the consumer's compiled JavaScript runs in Node against the installed package and gets the rulebook's values", async () => {
    const { stdout } = await run(process.execPath, [path.join(consumer, 'dist', 'good.js')], { cwd: consumer });
    const got = JSON.parse(stdout);
    expect(got.calunga).toEqual([10, 0]); // 5 points per 6 Flour: 13 is two sets
    expect(got.texts).toBe(20);
    expect(got.procura).toEqual({ reis: 1, fame: 8, cangaceirosInPrison: 2 }); // pays 2 Reis for 1 prisoner, loses 2 Fame for the other
    expect(got.eventText).toBe(true);
    expect(got.finalFame).toBe(3);
    expect(got.goals).toEqual([6]); // every Life Goal: 9 minus 3 wounds
    expect(got.reach).toEqual(expect.arrayContaining(['caruaru', 'mossoro', 'salgueiro']));
    expect(got.volante).toEqual({ move: 'stay', reason: 'target-here' });
    expect(got.onward).toBe(0); // the Volante stayed, so nothing onward
    expect(got.further).toBe(true); // Cabeleira's extra steps reach further than one
    expect(got.attack).toBe('dies');
    expect(got.exchangePay).toEqual(['deal', 'vengeance']);
    expect(got.standings).toEqual([[1, 1, 9], [0, 2, 3]]);
    expect(got.rule).toBe('16.4.1.II');
    expect(got.guards).toEqual([true, false, false, true, true]);
    expect(got.get).toEqual(['nonato-e-o-bode-silas', null, null, null]);
    expect(got.scoreOf).toEqual([[10, 0], null]);
  });
});
