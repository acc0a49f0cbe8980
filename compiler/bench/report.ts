// bench/RESULTS.md and bench/results.json: the sizes run (`--cards`) and the
// bundled-games run each rewrite their own section and keep the other's, so
// the file always shows both (each with the date it was measured).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { layoutKey, type Measure, type ServeResult, type SizeResult, type Verdict } from './targets.ts';

export type Section = 'sizes' | 'json' | 'search' | 'bundled';

/** The sections in the order the file shows them. */
const SECTIONS: readonly Section[] = ['sizes', 'json', 'search', 'bundled'];

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  node: string;
  date: string;
  /** The 1-minute load average when the run started: above the core count, other work shared the machine and the figures are slower than they would be alone. */
  load: number;
  /** The commit measured, and how many files the working tree changes on it (the compiler measured is the working tree). */
  tree?: string;
}

/** `abc1234 + 12 changed files`, from git (read only); undefined outside a git checkout. */
export function treeState(root: string): string | undefined {
  try {
    const head = execFileSync('git', ['--no-optional-locks', 'rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const changed = execFileSync('git', ['--no-optional-locks', 'status', '--porcelain'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean).length;
    return `${head}${changed ? ` + ${changed} changed files` : ''}`;
  } catch {
    return undefined;
  }
}

/** A hash of the working tree's changes (git status and diff, read only): two equal fingerprints, the same compiler measured. */
export function treeFingerprint(root: string): string | undefined {
  try {
    const git = (...args: string[]) => execFileSync('git', ['--no-optional-locks', ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 << 20 });
    return createHash('sha1').update(git('status', '--porcelain')).update(git('diff', 'HEAD')).digest('hex').slice(0, 12);
  } catch {
    return undefined;
  }
}

export function machine(root?: string): Machine {
  const tree = root ? treeState(root) : undefined;
  return {
    ...(tree ? { tree } : {}), cpu: cpus()[0]?.model.trim() ?? 'unknown', cores: cpus().length, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version, date: new Date().toISOString(), load: +loadavg()[0]!.toFixed(1) };
}

export const machineLine = (m: Machine) => `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB memory, Node ${m.node}, ${m.date.slice(0, 16).replace('T', ' ')} UTC (load average ${m.load} at the start)${m.tree ? `; the compiler at ${m.tree}` : ''}`;

const START = (s: Section) => `<!-- ${s}:start -->`;
const END = (s: Section) => `<!-- ${s}:end -->`;
const HEAD = `# Benchmarks

Written by \`npm run bench\` (compiler/bench/). Sections, each rewritten by
its own run: the synthetic game at the sizes users reach
(\`npm run bench -- --cards 1000,10000,30000\`), the same cards as one JSON
file (\`npm run bench -- --cards 30000 --json\`), field queries in the
browser (\`npm run bench -- --cards 30000 --search\`), and the bundled games
(\`npm run bench\`).
`;

/**
 * Replace one section of RESULTS.md in place, keeping the others and any text
 * written outside the sections by hand (the fuzzing figures); a new section
 * goes before the first section that follows it in SECTIONS. An old file
 * without markers is the bundled games' report.
 */
export function mergeSection(old: string | undefined, section: Section, body: string): string {
  const block = `${START(section)}\n${body.trim()}\n${END(section)}`;
  if (!old || !SECTIONS.some((s) => old.includes(START(s)))) {
    // Today's file (before sections): all of it is the bundled games' report, under its own heading.
    const bundled = old && section !== 'bundled' ? `\n\n${START('bundled')}\n${old.replace(/^# Benchmarks\n/, '## The bundled games\n').trim()}\n${END('bundled')}` : '';
    return `${HEAD}\n${block}${bundled}\n`;
  }
  // The head names the sections: today's words, whatever the file said before.
  const first = Math.min(...SECTIONS.map((s) => old.indexOf(START(s))).filter((i) => i >= 0));
  const text = old.startsWith('# Benchmarks') ? `${HEAD}\n${old.slice(first)}` : old;
  const a = text.indexOf(START(section));
  const b = text.indexOf(END(section));
  if (a >= 0 && b > a) return text.slice(0, a) + block + text.slice(b + END(section).length);
  const later = SECTIONS.slice(SECTIONS.indexOf(section) + 1)
    .map((s) => text.indexOf(START(s)))
    .filter((i) => i >= 0);
  if (later.length) {
    const at = Math.min(...later);
    return `${text.slice(0, at)}${block}\n\n${text.slice(at)}`;
  }
  return `${text.trimEnd()}\n\n${block}\n`;
}

export async function writeResults(root: string, section: Section, markdown: string, json: unknown): Promise<void> {
  const md = path.join(root, 'bench', 'RESULTS.md');
  const js = path.join(root, 'bench', 'results.json');
  await writeFile(md, mergeSection(existsSync(md) ? await readFile(md, 'utf8') : undefined, section, markdown));
  const old = existsSync(js) ? (JSON.parse(await readFile(js, 'utf8')) as Record<string, unknown>) : {};
  await writeFile(js, `${JSON.stringify({ ...old, [section]: json }, null, 2)}\n`);
}

const sec = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? '—' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);
const mb = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '—' : `${x} MB`);

function row(label: string, m: Measure | undefined): string {
  if (!m) return `| ${label} | not run | | | |`;
  if (!m.ok) return `| ${label} | **failed** | ${mb(m.rssMB)} | ${m.allMs.join(', ')} | ${m.error?.replace(/\|/g, '\\|') ?? ''} |`;
  return `| ${label} | ${sec(m.ms)} | ${mb(m.rssMB)} | ${m.allMs.join(', ')} | |`;
}

const LABELS: Array<[string, string]> = [
  ['--version', '`rulebook --version` (start-up)'],
  ['check --help', '`rulebook check --help` (start-up)'],
  ['check cold', '`check`, cold (no cache)'],
  ['check warm', '`check`, warm (nothing changed)'],
  ['build', '`build` (full, outputs cleared)'],
  ['tsc consumer', "consumer's strict `tsc --noEmit` of generated/"],
];

export function sizesMarkdown(m: Machine, runs: number, results: readonly SizeResult[], verdicts: readonly Verdict[], notes: readonly string[]): string {
  const out: string[] = [];
  out.push(`## The synthetic game at size (issue #12)

Measured ${machineLine(m)}. Medians of ${runs} fresh processes each, wall
clock and peak RSS from \`/usr/bin/time -v\`; a process over its time limit
is recorded as a failure. The synthetic game (compiler/bench/synthetic-game.ts)
holds the same cards, draw for draw, as the peers' data (bench/peers/gen.mjs):
the floor (\`floor.mjs\`: read + parse + ajv + references, one thread) and
Velite 0.4.0 read those.`);
  for (const n of notes) out.push(`- ${n}`);

  out.push(`\n### Summary\n\n| cards | \`check\` cold | warm | floor, same layout | \`build\` | Velite, same layout | peak RSS of build | one-card serve: page / generated/ / search index |\n| --- | --- | --- | --- | --- | --- | --- | --- |`);
  for (const r of results) {
    const ms = (k: string) => (r.measures[k]?.ok ? sec(r.measures[k]!.ms) : r.measures[k] ? 'failed' : '—');
    out.push(`| ${r.cards.toLocaleString('en-US')} | ${ms('check cold')} | ${ms('check warm')} | ${ms(layoutKey('floor', r))} | ${ms('build')} | ${ms(layoutKey('velite', r))} | ${mb(r.measures.build?.rssMB)} | ${r.serve?.ok ? `${sec(r.serve.pageMs)} / ${sec(r.serve.generatedMs)} / ${sec(r.serve.searchMs)}` : r.serve ? 'failed' : '—'} |`);
  }

  const ones = results.filter((r) => r.oneFile);
  if (ones.length) {
    out.push(`\nThe same cards in ONE YAML file (\`file: cards.yaml\`, the way bulk exports come); each cold check is followed by a run of the floor over the peers' same cards in one file. The last column is the same save in the same cards as one JSON file (\`file: cards.json\`), told beside it and not an issue target:\n\n| cards | one file | \`check\` cold | floor, same one file | ratio | one-card serve: page / generated/ / search index | the same, one JSON file |\n| --- | --- | --- | --- | --- | --- | --- |`);
    for (const r of ones) {
      const one = r.oneFile!;
      const check = one.measures['check cold'];
      const floor = one.measures['floor xall'];
      const ms = (x: Measure | undefined) => (x?.ok ? sec(x.ms) : x ? 'failed' : '—');
      const ratio = check?.ok && floor?.ok && check.ms && floor.ms ? `${(check.ms / floor.ms).toFixed(2)}x` : '—';
      const saved = (x: ServeResult | undefined) => (x?.ok ? `${sec(x.pageMs)} / ${sec(x.generatedMs)} / ${sec(x.searchMs)}` : x ? 'failed' : '—');
      out.push(`| ${r.cards.toLocaleString('en-US')} | ${one.mbytes} MB | ${ms(check)} | ${ms(floor)} | ${ratio} | ${saved(one.serve)} | ${saved(one.jsonServe)} |`);
    }
  }

  out.push(`\n### Targets (ratios within this run)\n\n| target | figure | |\n| --- | --- | --- |`);
  for (const v of verdicts) out.push(`| ${v.target} | ${v.figure} | ${v.met === undefined ? 'not measured' : v.met ? 'met' : '**missed**'} |`);

  for (const r of results) {
    out.push(`\n### ${r.cards.toLocaleString('en-US')} cards\n\nrulebook's project: ${r.files} file${r.files === 1 ? '' : 's'} (${r.perFile >= r.cards ? 'all cards in one' : `${r.perFile} cards a file`}), ${r.mbytes} MB of YAML.${r.load ? ` Load average ${r.load[0]} before, ${r.load[1]} after (${r.load.some((l) => l > m.cores) ? 'the machine was shared: every figure is slower than alone, the ratios less so' : 'the machine was otherwise idle'}).` : ''}${r.treeChanged ? ' **The compiler\'s sources changed while this size was measured** (other work on the same tree): its runs did not all measure the same code, and a warm `check` misses its cache when the compiler changes.' : ''}\n\n| measure | median | peak RSS | runs, ms | failure |\n| --- | --- | --- | --- | --- |`);
    for (const [k, label] of LABELS) out.push(row(label, r.measures[k]));
    for (const [k, v] of Object.entries(r.phases)) out.push(`| build phase: ${k} | ${sec(v)} | | | |`);
    if (r.serve) {
      const s = r.serve;
      out.push(s.ok
        ? `| \`serve\`, one card's text saved -> its page on disk (${s.page}) | ${sec(s.pageMs)} | ${mb(s.rssMB)} | ${s.edits} edits | |\n| \`serve\`, the same save -> generated/ (${s.generatedFile}) | ${sec(s.generatedMs)} | | | |\n| \`serve\`, the same save -> the search index | ${sec(s.searchMs)} | | | |\n| \`serve\` start-up to serving (its first build) | ${sec(s.startMs)} | | | |`
        : `| \`serve\`, one card's text saved | **failed** | ${mb(s.rssMB)} | | ${s.error ?? ''} |`);
    }
    for (const k of Object.keys(r.measures).filter((k) => k.startsWith('floor') || k.startsWith('velite'))) {
      const layout = k.split(' ')[1]!;
      const what = layout === 'x1' ? 'one file per card' : layout === 'xall' ? 'all cards in one file' : `${layout.slice(1)} cards a file`;
      out.push(row(`${k.startsWith('floor') ? 'floor' : `Velite${k.includes('readlimit') ? ' (read limit 64, not stock)' : ''}`}, ${what}`, r.measures[k]));
    }
    if (r.serve?.log) out.push(`\nserve's own log for the last edit: \`${r.serve.log.replace(/`/g, "'")}\``);
    if (r.oneFile) {
      const one = r.oneFile;
      out.push(`\nAll ${r.cards.toLocaleString('en-US')} cards in one file (${one.mbytes} MB):\n\n| measure | median | peak RSS | runs, ms | failure |\n| --- | --- | --- | --- | --- |`);
      out.push(row('`check`, cold (no cache)', one.measures['check cold']));
      out.push(row('floor, the same one file', one.measures['floor xall']));
      if (one.serve) out.push(one.serve.ok ? `| \`serve\`, one card's text saved -> its page / generated/ / search index | ${sec(one.serve.pageMs)} / ${sec(one.serve.generatedMs)} / ${sec(one.serve.searchMs)} | ${mb(one.serve.rssMB)} | ${one.serve.edits} edits | |` : `| \`serve\`, one card's text saved | **failed** | ${mb(one.serve.rssMB)} | | ${one.serve.error ?? ''} |`);
      if (one.serve?.log) out.push(`\nserve's own log for the last edit in the one file: \`${one.serve.log.replace(/`/g, "'")}\``);
    }
  }
  return out.join('\n');
}

/** The JSON layout's section (size-bench.ts `--json`). */
export function jsonMarkdown(m: Machine, runs: number, results: readonly SizeResult[], verdicts: readonly Verdict[], note?: string): string {
  const out: string[] = [];
  out.push(`## The synthetic game as one JSON file (issue #21)

Measured ${machineLine(m)}. Medians of ${runs} fresh processes each, wall
clock and peak RSS from \`/usr/bin/time -v\`. The same synthetic cards as the
section above, all in ONE JSON file (\`file: cards.json\`, read by
\`JSON.parse\`, load/json-source.ts), beside the JSON floor
(\`bench/peers/floor-json.mjs\`: read + \`JSON.parse\` + ajv + references, one
thread) over the peers' same cards as one JSON file. Each cold check is
followed by a warm one and by a run of the floor, so the machine's load falls
on both alike.${note ? `\n- ${note}` : ''}`);
  out.push(`\n### Targets (ratios within this run)\n\n| target | figure | |\n| --- | --- | --- |`);
  for (const v of verdicts) out.push(`| ${v.target} | ${v.figure} | ${v.met === undefined ? 'not measured' : v.met ? 'met' : '**missed**'} |`);
  for (const r of results) {
    out.push(`\n### ${r.cards.toLocaleString('en-US')} cards, one JSON file of ${r.mbytes} MB\n${r.load ? `\nLoad average ${r.load[0]} before, ${r.load[1]} after (${r.load.some((l) => l > m.cores) ? 'the machine was shared: every figure is slower than alone, the ratios less so' : 'the machine was otherwise idle'}).` : ''}${r.treeChanged ? ' **The compiler\'s sources changed while this size was measured.**' : ''}\n\n| measure | median | peak RSS | runs, ms | failure |\n| --- | --- | --- | --- | --- |`);
    out.push(row('`check`, cold (no cache)', r.measures['check cold']));
    out.push(row('`check`, warm (nothing changed)', r.measures['check warm']));
    out.push(row('`build` (full, outputs cleared)', r.measures.build));
    for (const [k, v] of Object.entries(r.phases)) out.push(`| build phase: ${k} | ${sec(v)} | | | |`);
    out.push(row('JSON floor, the same cards in one JSON file', r.measures['floor json']));
  }
  return out.join('\n');
}
