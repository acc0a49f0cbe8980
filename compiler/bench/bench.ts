// `npm run bench`: the time of `check` and of each build phase on the bundled
// content, beside the floor measured in the same run (reading, parsing and
// ajv-validating the same files with nothing else). Medians of several runs,
// in one warm process, written to bench/RESULTS.md's bundled-games section.
// Targets live here, never in timed unit tests.
//
// `npm run bench -- --cards 1000,10000,30000`: the synthetic game at those
// sizes in fresh processes, beside the floor and Velite (size-bench.ts).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { cp, mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { parse } from 'yaml';
import { clearEmitCache, emitPackage } from '../emit-code/emit.ts';
import { renderSite } from '../emit-site/site.ts';
import { searchIndex } from '../emit-site/search.ts';
import { LiveSite } from '../serve/live-site.ts';
import { findGames } from '../load/game.ts';
import { listFiles } from '../load/files.ts';
import type { Manifest } from '../model.ts';
import { TOOL_SCHEMA_DIR } from '../validate/schemas.ts';
import { check } from '../pipeline.ts';
import { writeResults } from './report.ts';
import { parseSizeArgs, sizeBench } from './size-bench.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CHECK_TARGET = 1.5;
const SERVE_TARGET = 100;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The floor: the same files read, parsed and validated against the same schemas, nothing else. */
async function floor(): Promise<number> {
  const t0 = performance.now();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addKeyword('x-ref');
  ajv.addKeyword('x-rule');
  for (const file of [...(await listFiles(TOOL_SCHEMA_DIR, '.schema.json')), ...(await listFiles(path.join(ROOT, 'schemas'), '.schema.json'))])
    ajv.addSchema(JSON.parse(await readFile(file, 'utf8')));
  for (const dir of await findGames(ROOT)) {
    const manifest = parse(await readFile(path.join(dir, 'game.yaml'), 'utf8')) as Manifest;
    ajv.getSchema('https://rulebook.dev/schemas/game.schema.json')!(manifest);
    for (const c of Object.values(manifest.collections)) {
      // A collection is one file or a glob of them, as the loader reads it.
      const files = c.files ? await glob(c.files, { cwd: dir, absolute: true }) : [path.join(dir, c.file ?? '')];
      const validate = ajv.getSchema(`https://rulebook.dev/schemas/${c.schema}`)!;
      for (const file of files.sort()) for (const e of (parse(await readFile(file, 'utf8')) as unknown[] | null) ?? []) validate(e);
    }
  }
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const floors: number[] = [];
  const checks: number[] = [];
  const phases = new Map<string, number[]>();
  const add = (k: string, v: number) => phases.set(k, [...(phases.get(k) ?? []), v]);
  for (let i = 0; i < RUNS; i++) {
    floors.push(await floor());
    const t0 = performance.now();
    const result = await check(ROOT);
    checks.push(performance.now() - t0);
    if (result.bag.errorCount) {
      process.stderr.write('bench: the bundled content has errors (run `npm run check`): nothing measured, bench/RESULTS.md untouched.\n');
      process.exit(1);
    }
    for (const [p, ms] of result.timings) add(p, ms);
    let t = performance.now();
    clearEmitCache(); // every module emitted, as a fresh build does
    emitPackage(result.games, result.schemas, '0');
    add('emit code', performance.now() - t);
    t = performance.now();
    const site = renderSite(result.games, { base: '/' });
    add('emit site (pages)', performance.now() - t);
    t = performance.now();
    await searchIndex(site);
    add('emit site (search index)', performance.now() - t);
  }
  const live = await serveBench();
  const f = median(floors);
  const c = median(checks);
  const ratio = c / f;
  const rows = [...phases].map(([p, xs]) => `| ${p} | ${median(xs).toFixed(1)} |`);
  const report = `## The bundled games

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ${RUNS} runs in one warm process, medians in ms).

| measure | ms |
| --- | --- |
| floor: read + parse + ajv-validate the same files | ${f.toFixed(1)} |
| \`check\` (load, validate, link, rules) | ${c.toFixed(1)} |
| ratio check / floor | ${ratio.toFixed(2)} (target ≤ ${CHECK_TARGET}) |

Phases of a build:

| phase | ms |
| --- | --- |
${rows.join('\n')}

\`rulebook serve\`, one card's text edited and saved (${live.runs} saves; the
time from the save being seen to the changed pages written to docs-site/dist/;
the search index and generated/ follow in the background and are timed apart):

| measure | ms |
| --- | --- |
| pages updated on disk (check the game + render its pages + write) | ${live.total.toFixed(1)} (target ≤ ${SERVE_TARGET}) |
| of which: check the edited game | ${live.check.toFixed(1)} |
| of which: render the game's pages and the home page | ${live.render.toFixed(1)} |
| of which: write the changed files | ${live.write.toFixed(1)} |
| then: search index (all pages) | ${live.search.toFixed(1)} |
| then: generated/ (ts-morph, every game) | ${live.generated.toFixed(1)} |
`;
  await mkdir(path.join(ROOT, 'bench'), { recursive: true });
  await writeResults(ROOT, 'bundled', report, { date: new Date().toISOString(), node: process.version, runs: RUNS, floorMs: f, checkMs: c, phases: Object.fromEntries([...phases].map(([p, xs]) => [p, median(xs)])), serve: live });
  process.stdout.write(report);
  if (live.total > SERVE_TARGET) process.stdout.write(`\nserve: pages updated in ${live.total.toFixed(0)} ms, over the ${SERVE_TARGET} ms target.\n`);
  if (ratio > CHECK_TARGET) process.stdout.write(`\ncheck is ${ratio.toFixed(2)}x the floor: over the ${CHECK_TARGET}x target.\n`);
}

/**
 * \`rulebook serve\` on a copy of the project: save one card with a changed
 * text, as an editor does, and time LiveSite.update (what the watcher calls).
 */
async function serveBench(): Promise<{ runs: number; total: number; check: number; render: number; write: number; search: number; generated: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-bench-'));
  await cp(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  await cp(path.join(ROOT, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  const live = new LiveSite(dir, { base: '/', version: '0' });
  await live.init();
  await live.settled();
  const file = path.join(dir, 'content', 'cangaco', 'cards.yaml');
  const original = await readFile(file, 'utf8');
  const xs = { total: [] as number[], check: [] as number[], render: [] as number[], write: [] as number[], search: [] as number[], generated: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    await writeFile(file, original.replace('This card has special rules', `This card has special rules (edit ${i})`));
    const r = await live.update([file]);
    if (!r.ok || !r.changed.includes('cangaco/cards.html')) throw new Error(`serve bench: the edit did not update cangaco/cards.html: ${r.errors ?? r.changed.join(', ')}`);
    for (const k of ['total', 'check', 'render', 'write'] as const) xs[k].push(r.timings[k]);
    const bg = await live.settled();
    if (bg) {
      xs.search.push(bg.searchMs);
      xs.generated.push(bg.generatedMs);
    }
  }
  await (await import('../emit-site/search.ts')).closeSearch();
  return { runs: RUNS, total: median(xs.total), check: median(xs.check), render: median(xs.render), write: median(xs.write), search: median(xs.search), generated: median(xs.generated) };
}

let sizes: ReturnType<typeof parseSizeArgs>;
try {
  sizes = parseSizeArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\nusage: npm run bench [-- --cards 1000,10000,30000 [--runs 3] [--per-file 100 (0: one file)] [--timeout 300] [--seed 42] [--work DIR] [--json | --search]]\n`);
  process.exit(2);
}
if (sizes) await sizeBench(ROOT, sizes);
else await main();
