// `npm run bench -- --cards 1000,10000,30000 [--runs 3] [--per-file 100] [--timeout 300]`:
// for each size, the synthetic game in rulebook's format and the peers' data
// with the same cards, then every measure in fresh processes (measure.ts),
// the one-card serve rebuild (serve-probe.ts), the floor and Velite
// (peers.ts), and the targets as ratios within the run (targets.ts).
import { searchBench } from './search-bench.ts';
import { execFileSync } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { writeConsumer } from './consumer.ts';
import { median, parsePhases, tail, timed } from './measure.ts';
import { clearDir, floorCommand, generatePeerData, generatePeerJson, jsonFloorCommand, prepareJsonPeers, preparePeers, veliteCommand, type Peers } from './peers.ts';
import { jsonMarkdown, machine, sizesMarkdown, treeFingerprint, writeResults } from './report.ts';
import { serveProbe } from './serve-probe.ts';
import { syntheticCards, writeSyntheticGame } from './synthetic-game.ts';
import { jsonVerdicts, verdicts, type Measure, type SizeResult } from './targets.ts';

export interface SizeOptions {
  sizes: number[];
  runs: number;
  /** Cards per file in rulebook's project; 0: all in one file. */
  perFile: number;
  timeoutS: number;
  seed: number;
  work: string;
  /** The JSON layout: the cards as one JSON file, beside the JSON floor (floor-json.mjs), written to its own section. */
  json: boolean;
  /** Field queries in the browser over the site at each size (search-bench.ts), written to their own section. */
  search: boolean;
}

export function parseSizeArgs(argv: readonly string[]): SizeOptions | undefined {
  const arg = (k: string) => (argv.includes(`--${k}`) ? argv[argv.indexOf(`--${k}`) + 1] : undefined);
  const cards = arg('cards');
  if (cards === undefined) return undefined;
  const sizes = cards.split(',').map((s) => Number(s.replace(/_/g, '')));
  const num = (k: string, d: number) => (arg(k) === undefined ? d : Number(arg(k)));
  const o: SizeOptions = { sizes, runs: num('runs', 3), perFile: num('per-file', 100), timeoutS: num('timeout', 300), seed: num('seed', 42), work: path.resolve(arg('work') ?? path.join(tmpdir(), 'rulebook-bench')), json: argv.includes('--json'), search: argv.includes('--search') };
  const bad = [...sizes.filter((n) => !Number.isInteger(n) || n < 2).map((n) => `--cards ${n}`), ...(['runs', 'per-file', 'timeout', 'seed'] as const).filter((k) => !Number.isInteger(num(k, 1)) || num(k, 1) < (k === 'per-file' || k === 'seed' ? 0 : 1)).map((k) => `--${k} ${arg(k)}`)];
  if (bad.length) throw new Error(`bench: not a whole number (cards >= 2, runs >= 1): ${bad.join(', ')}`);
  return o;
}

async function measure(label: string, runs: number, log: (line: string) => void, once: (i: number) => Promise<{ ok: boolean; wallMs: number; rssMB: number; timedOut: boolean; output: string }>, timeoutS: number): Promise<Measure> {
  const all: Array<{ ok: boolean; wallMs: number; rssMB: number }> = [];
  let error: string | undefined;
  for (let i = 0; i < runs; i++) {
    const r = await once(i);
    all.push(r);
    log(`  ${label} run ${i + 1}: ${r.ok ? '' : 'FAILED '}${r.wallMs} ms, ${r.rssMB} MB`);
    // A failure is the result: it is recorded once, not repeated.
    if (!r.ok) {
      error = r.timedOut ? `timeout after ${timeoutS} s` : tail(r.output);
      break;
    }
  }
  const done = all.filter((r) => r.ok);
  return {
    ok: !error,
    runs: all.length,
    ...(done.length ? { ms: median(done.map((r) => r.wallMs)), rssMB: median(done.map((r) => r.rssMB)) } : { rssMB: all.at(-1)?.rssMB }),
    allMs: all.map((r) => r.wallMs),
    allRssMB: all.map((r) => r.rssMB),
    ...(error ? { error } : {}),
  };
}

/**
 * How many saves a serve probe times: at least five. Its figure is their median, and with three one slow save of the
 * machine's (a search index at 2.8 s among 1.5 s ones, 30,000 cards in one file) moved it by half a second.
 */
function serveEdits(runs: number): number {
  return Math.max(5, runs);
}

async function sizeOf(dir: string): Promise<number> {
  let bytes = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) bytes += (await stat(path.join(e.parentPath, e.name))).size;
  return bytes;
}

async function benchSize(root: string, peers: Peers, n: number, o: SizeOptions, log: (line: string) => void): Promise<SizeResult> {
  const loadBefore = +loadavg()[0]!.toFixed(1);
  const treeBefore = treeFingerprint(root);
  const bin = path.join(root, 'bin', 'rulebook.js');
  const work = path.join(o.work, `n${n}`);
  await rm(work, { recursive: true, force: true });
  const project = path.join(work, 'project');
  const perFile = o.perFile > 0 && o.perFile < n ? o.perFile : n;
  const written = await writeSyntheticGame(project, { cards: n, perFile: perFile < n ? perFile : undefined, seed: o.seed });
  log(`${n} cards: project in ${project} (${written.files} files)`);
  const layouts = [...new Set([1, 100, perFile])].filter((p) => p <= n);
  const dataDir = (per: number) => path.join(work, `peer-x${per >= n ? 'all' : per}`);
  for (const per of layouts) generatePeerData(peers, n, per, dataDir(per), o.seed);

  const t = { timeoutS: o.timeoutS };
  const run = (cmd: string[], cwd = project, env?: Record<string, string>) => timed(cmd, { cwd, env, ...t });
  const measures: Record<string, Measure> = {};
  const m = async (label: string, once: (i: number) => ReturnType<typeof run>) => (measures[label] = await measure(label, o.runs, log, once, o.timeoutS));
  const cache = path.join(project, 'node_modules', '.cache', 'rulebook');

  await m('--version', () => run(['node', bin, '--version']));
  await m('check --help', () => run(['node', bin, 'check', '--help']));
  // The peers on this project's own layout run in turn with what they are compared to: a floor run after each cold
  // check, a Velite run after each build, so a spell of load on the machine falls on both alike (as in the one-file
  // layout below). Before, they ran minutes apart, and the ratios swung with the machine: the 1,000-card cold check was
  // 0.91x-1.93x the floor across one day's runs.
  const own = `x${perFile >= n ? 'all' : perFile}`;
  const velite = peers.velite ? veliteCommand(dataDir(perFile), path.join(work, `velite-${own}`)) : undefined;
  const runVelite = async () => {
    await clearDir(path.join(work, `velite-${own}`));
    return run(velite!.cmd, peers.dir, velite!.env);
  };
  const ownFloors: Array<Awaited<ReturnType<typeof run>>> = [];
  const ownVelites: Array<Awaited<ReturnType<typeof run>>> = [];
  // Cold and warm alternate: each warm run follows the cold run that filled the cache.
  const warm: Array<Awaited<ReturnType<typeof run>>> = [];
  await m('check cold', async () => {
    await rm(cache, { recursive: true, force: true });
    const r = await run(['node', bin, 'check']);
    ownFloors.push(await run(floorCommand(dataDir(perFile)), peers.dir));
    if (r.ok) warm.push(await run(['node', bin, 'check']));
    return r;
  });
  measures['check warm'] = await measure('check warm', warm.length, log, async (i) => warm[i]!, o.timeoutS);
  if (!warm.length) measures['check warm'] = { ok: false, runs: 0, allMs: [], allRssMB: [], error: 'not run: the cold check failed' };
  measures[`floor ${own}`] = await measure(`floor ${own}`, ownFloors.length, log, async (i) => ownFloors[i]!, o.timeoutS);

  const phases = new Map<string, number[]>();
  await m('build', async () => {
    for (const d of [cache, path.join(project, 'generated'), path.join(project, 'docs-site', 'dist')]) await rm(d, { recursive: true, force: true });
    const r = await run(['node', bin, 'build']);
    const p = parsePhases(r.output);
    if (r.ok && !p) return { ...r, ok: false, output: `no "phases:" line in the build's output: ${tail(r.output)}` };
    for (const [k, v] of p ?? []) phases.set(k, [...(phases.get(k) ?? []), v]);
    if (velite) ownVelites.push(await runVelite());
    return r;
  });
  if (velite) measures[`velite ${own}`] = await measure(`velite ${own}`, ownVelites.length, log, async (i) => ownVelites[i]!, o.timeoutS);

  if (measures.build!.ok) {
    const first = syntheticCards(1, o.seed)[0]!;
    const consumer = await writeConsumer(root, project, { id: 'synth', collection: 'cards', entryId: first.id });
    await m('tsc consumer', () => run(consumer.cmd, consumer.dir));
  }

  log('  serve: starting');
  const serve = await serveProbe(bin, project, { edits: serveEdits(o.runs), timeoutS: o.timeoutS, log });
  if (!serve.ok) log(`  serve FAILED: ${serve.error}`);

  for (const per of layouts) {
    const key = `x${per >= n ? 'all' : per}`;
    if (key !== own) await m(`floor ${key}`, () => run(floorCommand(dataDir(per)), peers.dir));
  }
  if (peers.velite) {
    for (const per of layouts) {
      const key = `x${per >= n ? 'all' : per}`;
      const out = path.join(work, `velite-${key}`);
      const v = veliteCommand(dataDir(per), out);
      const r =
        key === own
          ? measures[`velite ${key}`]!
          : await m(`velite ${key}`, async () => {
              await clearDir(out);
              return run(v.cmd, peers.dir, v.env);
            });
      // Stock Velite opens every file at once: past `ulimit -n` it fails (EMFILE). The peers' read limit shows what it would take.
      if (!r.ok && /EMFILE/.test(r.error ?? '')) {
        const limited = veliteCommand(dataDir(per), out, 64);
        await m(`velite ${key} readlimit64`, async () => {
          await clearDir(out);
          return run(limited.cmd, peers.dir, limited.env);
        });
      }
    }
  }
  // The same cards in ONE file, when the project above has several: the cold check beside the floor on the same file,
  // alternating so the machine's load falls on both alike, and a one-card save under serve.
  let oneFile: SizeResult['oneFile'];
  if (perFile < n) {
    const one = path.join(work, 'one-file');
    const oneWritten = await writeSyntheticGame(one, { cards: n, seed: o.seed });
    if (!layouts.includes(n)) generatePeerData(peers, n, n, dataDir(n), o.seed);
    log(`${n} cards in one file: project in ${one}`);
    const oneCache = path.join(one, 'node_modules', '.cache', 'rulebook');
    const floors: Array<Awaited<ReturnType<typeof run>>> = [];
    const oneMeasures: Record<string, Measure> = {};
    oneMeasures['check cold'] = await measure('one file: check cold', o.runs, log, async () => {
      await rm(oneCache, { recursive: true, force: true });
      const r = await run(['node', bin, 'check'], one);
      floors.push(await run(floorCommand(dataDir(n)), peers.dir));
      return r;
    }, o.timeoutS);
    oneMeasures['floor xall'] = await measure('one file: floor', floors.length, log, async (i) => floors[i]!, o.timeoutS);
    log('  serve, one file: starting');
    const oneServe = await serveProbe(bin, one, { edits: serveEdits(o.runs), timeoutS: o.timeoutS, log });
    if (!oneServe.ok) log(`  serve, one file FAILED: ${oneServe.error}`);
    // The same one file as JSON (a bulk export from another tool): a save is taken apart as a YAML file's is
    // (load/json-source.ts takeEntries), measured beside it, not held to the issue's targets.
    const oneJson = path.join(work, 'one-json');
    await writeSyntheticGame(oneJson, { cards: n, seed: o.seed, format: 'json' });
    log('  serve, one JSON file: starting');
    const jsonServe = await serveProbe(bin, oneJson, { edits: serveEdits(o.runs), timeoutS: o.timeoutS, log });
    if (!jsonServe.ok) log(`  serve, one JSON file FAILED: ${jsonServe.error}`);
    oneFile = { mbytes: +(oneWritten.bytes / 1e6).toFixed(2), measures: oneMeasures, serve: oneServe, jsonServe };
  }
  return {
    cards: n,
    perFile,
    files: written.files,
    mbytes: +((await sizeOf(path.join(project, 'content'))) / 1e6).toFixed(2),
    measures,
    phases: Object.fromEntries([...phases].map(([k, xs]) => [k, median(xs)!])),
    serve,
    ...(oneFile ? { oneFile } : {}),
    load: [loadBefore, +loadavg()[0]!.toFixed(1)],
    ...(treeBefore !== undefined && treeFingerprint(root) !== treeBefore ? { treeChanged: true } : {}),
  };
}

/**
 * The JSON layout at one size: the cards as ONE JSON file (the shape bulk card
 * data comes in), `check` cold and warm and `build` in fresh processes, and
 * the JSON floor over the same cards, one JSON file too. Velite, the serve
 * probe and tsc are the YAML layout's measures, not repeated here.
 */
async function benchJsonSize(root: string, peers: Peers, n: number, o: SizeOptions, log: (line: string) => void): Promise<SizeResult> {
  const loadBefore = +loadavg()[0]!.toFixed(1);
  const treeBefore = treeFingerprint(root);
  const bin = path.join(root, 'bin', 'rulebook.js');
  const work = path.join(o.work, `json-n${n}`);
  await rm(work, { recursive: true, force: true });
  const project = path.join(work, 'project');
  const written = await writeSyntheticGame(project, { cards: n, seed: o.seed, format: 'json' });
  log(`${n} cards as one JSON file: project in ${project}`);
  const peerDir = path.join(work, 'peer-json');
  await generatePeerJson(peers, n, peerDir, o.seed);
  const run = (cmd: string[], cwd = project) => timed(cmd, { cwd, timeoutS: o.timeoutS });
  const measures: Record<string, Measure> = {};
  const m = async (label: string, once: (i: number) => ReturnType<typeof run>) => (measures[label] = await measure(label, o.runs, log, once, o.timeoutS));
  const cache = path.join(project, 'node_modules', '.cache', 'rulebook');
  // The floor and the check alternate, so a change in the machine's load falls on both alike.
  const warm: Array<Awaited<ReturnType<typeof run>>> = [];
  const floors: Array<Awaited<ReturnType<typeof run>>> = [];
  await m('check cold', async () => {
    await rm(cache, { recursive: true, force: true });
    const r = await run(['node', bin, 'check']);
    if (r.ok) warm.push(await run(['node', bin, 'check']));
    floors.push(await run(jsonFloorCommand(peerDir), peers.dir));
    return r;
  });
  measures['check warm'] = await measure('check warm', warm.length, log, async (i) => warm[i]!, o.timeoutS);
  measures['floor json'] = await measure('floor json', floors.length, log, async (i) => floors[i]!, o.timeoutS);
  const phases = new Map<string, number[]>();
  await m('build', async () => {
    for (const d of [cache, path.join(project, 'generated'), path.join(project, 'docs-site', 'dist')]) await rm(d, { recursive: true, force: true });
    const r = await run(['node', bin, 'build']);
    for (const [k, v] of parsePhases(r.output) ?? []) phases.set(k, [...(phases.get(k) ?? []), v]);
    return r;
  });
  return {
    cards: n,
    perFile: n,
    files: written.files,
    mbytes: +(written.bytes / 1e6).toFixed(2),
    measures,
    phases: Object.fromEntries([...phases].map(([k, xs]) => [k, median(xs)!])),
    load: [loadBefore, +loadavg()[0]!.toFixed(1)],
    ...(treeBefore !== undefined && treeFingerprint(root) !== treeBefore ? { treeChanged: true } : {}),
  };
}

async function jsonBench(root: string, peers: Peers, o: SizeOptions, log: (line: string) => void): Promise<void> {
  const results: SizeResult[] = [];
  const m = machine(root);
  for (const n of o.sizes) {
    results.push(await benchJsonSize(root, peers, n, o, log));
    const v = jsonVerdicts(results);
    await writeResults(root, 'json', jsonMarkdown(m, o.runs, results, v, peers.note), { machine: m, runs: o.runs, timeoutS: o.timeoutS, seed: o.seed, results, verdicts: v });
  }
  for (const x of jsonVerdicts(results)) log(`${x.met === undefined ? 'not measured' : x.met ? 'met   ' : 'MISSED'}  ${x.target}: ${x.figure}`);
  log('written: bench/RESULTS.md (its JSON section), bench/results.json');
}

export async function sizeBench(root: string, o: SizeOptions): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  // Ctrl-C: exit through 'exit' handlers, so a running \`rulebook serve\` is stopped too (serve-probe.ts).
  process.once('SIGINT', () => process.exit(130));
  if (o.search) return searchBench(root, o.sizes, log);
  if (o.json) return jsonBench(root, await prepareJsonPeers(root, o.work), o, log);
  const peers = await preparePeers(root, log);
  const notes: string[] = [];
  if (peers.note) notes.push(peers.note);
  notes.push(`rulebook's project: ${o.perFile > 0 ? `${o.perFile} cards a file (a \`files:\` glob)` : 'all cards in one file'}; the floor and Velite are compared on the same layout, and also shown with one file per card and 100 a file.`);
  notes.push('The one-card serve rebuild runs in a fresh `rulebook serve --port 0` process, timed from outside: the save (a write of the card\'s YAML file) to the card\'s page on disk, then to generated/, holding the new text; one serve process per size, one edit per run.');
  // The CLI runs from its bundle (compiler/bundle/), made again when a source changed: make it now, so no timed run pays for it.
  execFileSync(process.execPath, [path.join(root, 'bin', 'rulebook.js'), '--version']);
  notes.push('Start-up, check, build and tsc: `node bin/rulebook.js`, as users run it (the compiler from its esbuild bundle, compiler-dist/, made before the first timed run).');
  const results: SizeResult[] = [];
  const m = machine(root);
  for (const n of o.sizes) {
    results.push(await benchSize(root, peers, n, o, log));
    // Written after every size, so a long run that is stopped keeps what it measured.
    const v = verdicts(results);
    await writeResults(root, 'sizes', sizesMarkdown(m, o.runs, results, v, notes), { machine: m, runs: o.runs, perFile: o.perFile, timeoutS: o.timeoutS, seed: o.seed, results, verdicts: v });
  }
  const v = verdicts(results);
  for (const x of v) log(`${x.met === undefined ? 'not measured' : x.met ? 'met   ' : 'MISSED'}  ${x.target}: ${x.figure}`);
  log('written: bench/RESULTS.md, bench/results.json');
}
