import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { median, parsePhases, parseTimeV } from '../compiler/bench/measure.ts';
import { mergeSection } from '../compiler/bench/report.ts';
import { parseSizeArgs } from '../compiler/bench/size-bench.ts';
import { syntheticCards, writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { verdicts, type Measure, type SizeResult } from '../compiler/bench/targets.ts';
import { ROOT, runCli } from './helpers.ts';

// The benchmark's pure parts (no timing is asserted anywhere: figures live in bench/RESULTS.md).

const TIME_V = `	Command being timed: "node bin/rulebook.js build"
	User time (seconds): 20.11
	Elapsed (wall clock) time (h:mm:ss or m:ss): 1:07.25
	Maximum resident set size (kbytes): 1992704
	Exit status: 0
`;

describe('the /usr/bin/time -v parser', () => {
  it('reads wall clock (m:ss and h:mm:ss), peak RSS and exit status', () => {
    expect(parseTimeV(TIME_V)).toEqual({ wallMs: 67250, rssMB: 1946, exit: 0 });
    expect(parseTimeV(TIME_V.replace('1:07.25', '1:02:03.50'))?.wallMs).toBe(3_723_500);
    expect(parseTimeV(TIME_V.replace('1:07.25', '0:00.10'))?.wallMs).toBe(100);
  });

  it('notes a process ended by a signal, and is undefined for text that is not a report', () => {
    expect(parseTimeV(`Command terminated by signal 9\n${TIME_V}`)?.signal).toBe(9);
    expect(parseTimeV('timeout: failed to run command')).toBeUndefined();
  });
});

describe("the build's phases line", () => {
  it('is read as [phase, ms] pairs with the total last, from anywhere in the output', () => {
    const out =
      'built synth: 1000 Cards\nwrote generated/ (8 files)\nphases: schemas 53 ms, load 1871 ms, emit site 287 ms, editor schemas 9 ms; total 9000 ms\n';
    expect(parsePhases(out)).toEqual([
      ['schemas', 53],
      ['load', 1871],
      ['emit site', 287],
      ['editor schemas', 9],
      ['total', 9000],
    ]);
  });

  it('is undefined when the build printed none (a failed build)', () => {
    expect(parsePhases('build stopped: nothing was written')).toBeUndefined();
  });

  it('median is the middle value, the upper one of an even count, as the peer harness takes it', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeUndefined();
  });
});

const ok = (ms: number, rssMB = 100): Measure => ({ ok: true, runs: 3, ms, rssMB, allMs: [ms, ms, ms], allRssMB: [rssMB] });
const size = (cards: number, f: number, extra: Partial<SizeResult> = {}): SizeResult => ({
  cards,
  perFile: 100,
  files: cards / 100,
  mbytes: 1,
  measures: {
    '--version': ok(250),
    'check --help': ok(320),
    'check cold': ok(1000 * f),
    'check warm': ok(150 * f),
    build: ok(3000 * f, 600 * f),
    'floor x100': ok(1100 * f),
    'velite x100': ok(2900 * f),
  },
  phases: { load: 500 * f, link: 10 * f, total: 3000 * f },
  serve: { ok: true, edits: 3, pageMs: 50, generatedMs: 140 * f, rssMB: 400 },
  ...extra,
});
const verdict = (vs: ReturnType<typeof verdicts>, start: string) => vs.find((v) => v.target.startsWith(start));

describe("the targets' verdicts", () => {
  it('growth 10,000 -> 30,000: within 3.3x is met, past it missed; a phase under 20 ms is counted from 20 ms', () => {
    const vs = verdicts([size(30_000, 3), size(10_000, 1, { phases: { load: 500, link: 5, total: 3000 } })]);
    expect(verdict(vs, 'phase load: 30,000 within 3.3x of 10,000')).toMatchObject({ met: true, figure: '3.00x (500 ms -> 1500 ms)' });
    expect(verdict(vs, 'phase link')).toMatchObject({ met: true, figure: '1.50x (5 ms counted as 20 -> 30 ms)' });
    const steep = verdicts([size(10_000, 1), size(30_000, 3, { phases: { load: 1700, link: 30, total: 9000 } })]);
    expect(verdict(steep, 'phase load')).toMatchObject({ met: false, figure: '3.40x (500 ms -> 1700 ms)' });
  });

  it('start-up, check against the floor on the same layout, warm check, Velite, memory and serve', () => {
    const vs = verdicts([size(30_000, 3)]);
    expect(verdict(vs, 'start-up `rulebook --version`')?.met).toBe(true);
    expect(verdict(vs, 'start-up `rulebook check --help`')).toMatchObject({ met: false, figure: '0.32 s' });
    expect(verdict(vs, 'cold check <= 1.0x floor, same cards and layout (30,000)')).toMatchObject({ met: true, figure: '3.00 s vs 3.30 s: 0.91x' });
    expect(verdict(vs, 'warm check <= 0.2x floor')).toMatchObject({ met: true });
    expect(verdict(vs, 'build < Velite')).toMatchObject({ met: false, figure: '9.00 s vs 8.70 s: 1.03x' });
    expect(verdict(vs, 'peak RSS')).toMatchObject({ met: false, figure: '1800 MB' });
    expect(verdict(vs, 'one-card save under serve: page <= 1/20 build (30,000)')).toMatchObject({ met: true, figure: '0.05 s vs 9.00 s: 1/180.0' });
    expect(verdict(vs, 'one-card save under serve: generated/ and search <= 1/10 build (30,000)')).toMatchObject({
      met: true,
      figure: '0.42 s vs 9.00 s: 1/21.4',
    });
  });

  it("issue #24's limits by size: the floor 1.5x and Velite 1.5x at 1,000, Velite strictly beaten from 10,000; a save's generated/ within 1/10", () => {
    const small = size(1000, 1);
    small.measures['check cold'] = ok(1600);
    small.measures.build = ok(4000);
    small.serve = { ok: true, edits: 3, pageMs: 250, generatedMs: 350 };
    const vs = verdicts([small, size(10_000, 1, { cards: 10_000 })]);
    expect(verdict(vs, 'cold check <= 1.5x floor, same cards and layout (1,000)')).toMatchObject({ met: true, figure: '1.60 s vs 1.10 s: 1.45x' });
    expect(verdict(vs, 'build <= 1.5x Velite, same cards and layout (1,000)')).toMatchObject({ met: true, figure: '4.00 s vs 2.90 s: 1.38x' });
    expect(verdict(vs, 'build < Velite, same cards and layout (10,000)')).toMatchObject({ met: false, figure: '3.00 s vs 2.90 s: 1.03x' });
    expect(verdict(vs, 'one-card save under serve: generated/ and search <= 1/10 build (1,000)')).toMatchObject({
      met: true,
      figure: '0.35 s vs 4.00 s: 1/11.4',
    });
    expect(verdict(vs, 'one-card save under serve: page <= 1/20 build (1,000)')).toMatchObject({ met: false, figure: '0.25 s vs 4.00 s: 1/16.0' });
  });

  it('a wait for work beside a phase (the search index) gets no growth verdict', () => {
    const vs = verdicts([
      size(1000, 1, { phases: { 'search wait': 3, load: 50, total: 300 } }),
      size(10_000, 10, { phases: { 'search wait': 1700, load: 500, total: 3000 } }),
    ]);
    expect(verdict(vs, 'phase load')?.met).toBe(true);
    expect(vs.some((v) => v.target.includes('search wait'))).toBe(false);
  });

  it('the one-file layout: its cold check against the floor on the same file (1.5x at 1,000, 1.0x at 30,000) and a save in it under serve', () => {
    const one = (check: number, floor: number) => ({
      mbytes: 14,
      measures: { 'check cold': ok(check), 'floor xall': ok(floor) },
      serve: { ok: true, edits: 3, pageMs: 400, generatedMs: 1000 },
    });
    const vs = verdicts([size(1000, 1, { oneFile: one(1400, 1000) }), size(30_000, 3, { oneFile: one(8600, 8400) })]);
    expect(verdict(vs, 'cold check <= 1.5x floor, all cards in one file (1,000)')).toMatchObject({ met: true, figure: '1.40 s vs 1.00 s: 1.40x' });
    expect(verdict(vs, 'cold check <= 1.0x floor, all cards in one file (30,000)')).toMatchObject({ met: false, figure: '8.60 s vs 8.40 s: 1.02x' });
    expect(verdict(vs, 'one-card save in one file under serve: page <= 1/20 build (30,000)')).toMatchObject({ met: true, figure: '0.40 s vs 9.00 s: 1/22.5' });
    expect(verdict(vs, 'one-card save in one file under serve: generated/ and search <= 1/10 build (1,000)')).toMatchObject({ met: false });
    expect(verdicts([size(30_000, 3)]).some((v) => v.target.includes('one file'))).toBe(false);
  });

  it('a failed or missing measure is "not measured", never met', () => {
    const r = size(30_000, 3);
    r.measures['check cold'] = { ok: false, runs: 1, allMs: [300_000], allRssMB: [900], error: 'timeout after 300 s' };
    delete r.measures['velite x100'];
    const vs = verdicts([r]);
    expect(verdict(vs, 'cold check <= 1.0x floor')?.met).toBeUndefined();
    expect(verdict(vs, 'build < Velite')?.met).toBeUndefined();
    expect(verdict(vs, 'peak RSS')?.met).toBeUndefined();
  });
});

describe('bench/RESULTS.md sections', () => {
  it('each run rewrites its own section and keeps the other', () => {
    const first = mergeSection(undefined, 'sizes', '## sizes one');
    const both = mergeSection(first, 'bundled', '## bundled one');
    const again = mergeSection(both, 'sizes', '## sizes two');
    expect(again).toContain('## sizes two');
    expect(again).not.toContain('## sizes one');
    expect(again).toContain('## bundled one');
    expect(again.indexOf('sizes two')).toBeLessThan(again.indexOf('bundled one'));
  });

  it("a file from before the sections is kept as the bundled games' report", () => {
    const merged = mergeSection('# Benchmarks\n\nWritten by `npm run bench` on 2026-11-29\n', 'sizes', '## sizes');
    expect(merged).toContain('## The bundled games\n\nWritten by `npm run bench` on 2026-11-29');
  });
});

describe('the arguments of `npm run bench -- --cards`', () => {
  it('reads sizes and options, and refuses what is not a whole number', () => {
    expect(parseSizeArgs([])).toBeUndefined();
    expect(parseSizeArgs(['--cards', '1000,10_000', '--runs', '5'])).toMatchObject({ sizes: [1000, 10_000], runs: 5, perFile: 100, timeoutS: 300 });
    expect(() => parseSizeArgs(['--cards', '1000,ten'])).toThrow('--cards NaN');
    expect(() => parseSizeArgs(['--cards', '1000', '--runs', '0'])).toThrow('--runs 0');
  });
});

describe('the synthetic game', () => {
  async function bytesOf(dir: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
      if (e.isFile()) out.set(path.relative(dir, path.join(e.parentPath, e.name)), await readFile(path.join(e.parentPath, e.name), 'utf8'));
    return out;
  }

  it('is deterministic: the same seed writes the same bytes, another seed other cards', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => mkdtemp(path.join(tmpdir(), 'rulebook-synth-'))));
    await writeSyntheticGame(a!, { cards: 300, perFile: 100 });
    await writeSyntheticGame(b!, { cards: 300, perFile: 100 });
    await writeSyntheticGame(c!, { cards: 300, perFile: 100, seed: 7 });
    const [x, y, z] = await Promise.all([a!, b!, c!].map(bytesOf));
    expect([...x!.keys()].filter((k) => k.startsWith('content/synth/cards/'))).toHaveLength(3);
    expect(y).toEqual(x);
    expect(z!.get('content/synth/cards/cards-00000.yaml')).not.toBe(x!.get('content/synth/cards/cards-00000.yaml'));
  });

  it('refuses fewer than one card a file, rather than loop for ever', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-synth-'));
    for (const perFile of [0, -5, 0.5, Number.NaN]) await expect(writeSyntheticGame(dir, { cards: 10, perFile })).rejects.toThrow(/cards per file/);
  });

  it("holds the peers' cards (bench/peers/gen.mjs), draw for draw", async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'rulebook-peer-'));
    execFileSync('node', [path.join(ROOT, 'bench', 'peers', 'gen.mjs'), '--n', '200', '--per-file', '200', '--out', out], { cwd: ROOT });
    const theirs = parse(await readFile(path.join(out, 'cards-0000.yaml'), 'utf8')) as Array<Record<string, unknown>>;
    const ours = syntheticCards(200);
    expect(theirs).toHaveLength(200);
    expect(
      ours.map(({ id, name, kind, cost, resource, points, text, tags, effect, refersTo }) => ({
        id,
        name,
        kind,
        cost,
        resource,
        points,
        text,
        tags,
        effect,
        refersTo,
      })),
    ).toEqual(theirs);
  });

  it('at 200 cards in 4 files, checks with 0 errors through the CLI', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-synth-'));
    await writeSyntheticGame(dir, { cards: 200, perFile: 50 });
    const r = await runCli(['check', '-C', dir]);
    expect(r.err).toContain('synth: 200 cards');
    expect(r.err).toContain('0 errors');
    expect(r.code).toBe(0);
  });
});
