// Issue #12's targets as ratios of figures measured in the same run, each
// met, missed or not measured (a failed or timed-out measure is "not
// measured", never a pass). Pure: test/bench-harness.test.ts runs it.

/** One measure's medians over fresh processes (or its recorded failure). */
export interface Measure {
  ok: boolean;
  runs: number;
  /** Median wall clock, ms (of the runs that ended). */
  ms?: number;
  /** Median peak RSS, MB. */
  rssMB?: number;
  allMs: number[];
  allRssMB: number[];
  /** The failure, as the process said it (the last lines), or "timeout after N s". */
  error?: string;
}

export interface ServeResult {
  ok: boolean;
  /** How many edits were timed, in one serve process. */
  edits: number;
  /** Save to the edited card's page on disk containing the new text (median ms). */
  pageMs?: number;
  /** Save to generated/ containing it (median ms). */
  generatedMs?: number;
  /** Save to the search index holding it (a new Pagefind fragment with the text; median ms). */
  searchMs?: number;
  /** `rulebook serve` start to "serving" (its first full build), ms. */
  startMs?: number;
  rssMB?: number;
  /** The page and generated/ file that were watched. */
  page?: string;
  generatedFile?: string;
  /** serve's own log line for the last edit (its check/render/write split). */
  log?: string;
  error?: string;
}

export interface SizeResult {
  cards: number;
  /** Cards per file in rulebook's project (the floor and Velite are compared on the same layout). */
  perFile: number;
  files: number;
  mbytes: number;
  measures: Record<string, Measure>;
  /** Each build phase's median, ms (`total` included), from the build's `phases:` line. */
  phases: Record<string, number>;
  serve?: ServeResult;
  /** The 1-minute load average before and after this size's measures (other work on the machine slows every figure). */
  load?: [number, number];
  /** The working tree's sources differed between the start and the end of this size's measures. */
  treeChanged?: boolean;
  /** The same cards in ONE YAML file (the way bulk exports come), when the main layout is several files. */
  oneFile?: OneFileResult;
}

/** The one-file layout at one size: the cold check and the floor on the same one file (alternating), and a one-card save under serve. */
export interface OneFileResult {
  mbytes: number;
  /** `check cold` and `floor xall`. */
  measures: Record<string, Measure>;
  serve?: ServeResult;
  /** A one-card save under serve in the same cards as ONE JSON file (not an issue target: told beside the YAML one). */
  jsonServe?: ServeResult;
}

/**
 * How many times the floor's time a cold check may take (issue #24): 1.0x from
 * 30,000 cards, in both layouts; 1.5x below (the issue names 1,000; 10,000 is
 * held to the smaller size's limit, start-up and workers still weighing there).
 */
/** Build phases that time a wait for work running beside them, not work of their own: no growth verdict. */
const WAITS = new Set(['search wait']);

export const floorLimit = (cards: number) => (cards >= 30_000 ? 1 : 1.5);

export interface Verdict {
  target: string;
  figure: string;
  /** undefined: not measured in this run (the measure failed, or this size was not run). */
  met?: boolean;
}

const s = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const MB_PER_GIB = 1024;

/** The measure's median when it succeeded. */
function ok(m: Measure | undefined): number | undefined {
  return m?.ok && m.ms !== undefined && Number.isFinite(m.ms) ? m.ms : undefined;
}

/** `value <= limit`, as a verdict; a missing figure is "not measured" with the reason. */
export function compare(target: string, value: number | undefined, limit: number | undefined, figure: (v: number, l: number) => string, strict = false): Verdict {
  if (value === undefined || limit === undefined || !Number.isFinite(value) || !Number.isFinite(limit)) return { target, figure: 'not measured (a measure failed or was not run)' };
  return { target, figure: figure(value, limit), met: strict ? value < limit : value <= limit };
}

/** The key of the floor or Velite measure on the same layout as rulebook's project. */
export const layoutKey = (tool: 'floor' | 'velite', r: SizeResult) => `${tool} x${r.perFile >= r.cards ? 'all' : r.perFile}`;

/** Growth limit between two sizes: linear with 10% slack, which is the issue's 3.3x for 10,000 -> 30,000. */
export const growthLimit = (from: number, to: number) => 1.1 * (to / from);

export function verdicts(results: readonly SizeResult[]): Verdict[] {
  const out: Verdict[] = [];
  const sizes = [...results].sort((a, b) => a.cards - b.cards);
  const n = (r: SizeResult) => r.cards.toLocaleString('en-US');

  // Cost linear in the cards: every phase (and check, build) between consecutive sizes.
  for (let i = 1; i < sizes.length; i++) {
    const a = sizes[i - 1]!;
    const b = sizes[i]!;
    const limit = growthLimit(a.cards, b.cards);
    const rows: Array<[string, number | undefined, number | undefined]> = [
      ['cold check', ok(a.measures['check cold']), ok(b.measures['check cold'])],
      ['build', ok(a.measures.build), ok(b.measures.build)],
      // `search wait` is the time the build waits for the index after its own work: a wait, not work that grows with the cards.
      ...Object.keys(b.phases).filter((p) => p !== 'total' && !WAITS.has(p)).map((p): [string, number | undefined, number | undefined] => [`phase ${p}`, a.phases[p], b.phases[p]]),
    ];
    for (const [what, x, y] of rows) {
      // A phase under 20 ms at the smaller size is noise, not growth: the ratio is taken from 20 ms.
      const from = x === undefined ? undefined : Math.max(x, 20);
      out.push(compare(`${what}: ${n(b)} within ${limit.toFixed(1)}x of ${n(a)}`, from === undefined || y === undefined ? undefined : y / from, limit, (v) => `${v.toFixed(2)}x (${x! < 20 ? `${x} ms counted as 20` : `${x} ms`} -> ${y} ms)`));
    }
  }

  for (const r of sizes) {
    for (const cmd of ['--version', 'check --help']) {
      const m = r.measures[cmd];
      out.push(compare(`start-up \`rulebook ${cmd}\` < 0.3 s (${n(r)})`, ok(m), 300, (v) => s(v), true));
    }
    const floor = ok(r.measures[layoutKey('floor', r)]);
    const limit = floorLimit(r.cards);
    out.push(compare(`cold check <= ${limit.toFixed(1)}x floor, same cards and layout (${n(r)})`, ok(r.measures['check cold']), floor === undefined ? undefined : limit * floor, (v, l) => `${s(v)} vs ${s(l / limit)}: ${(v / (l / limit)).toFixed(2)}x`));
    out.push(compare(`warm check <= 0.2x floor (${n(r)})`, ok(r.measures['check warm']), floor === undefined ? undefined : 0.2 * floor, (v, l) => `${s(v)} vs ${s(l / 0.2)}: ${(v / (l / 0.2)).toFixed(2)}x`));
    // Issue #24: faster than Velite at 10,000 and 30,000; within 1.5x at 1,000, where start-up is most of either.
    const velite = ok(r.measures[layoutKey('velite', r)]);
    const veliteLimit = r.cards >= 10_000 ? 1 : 1.5;
    out.push(
      compare(
        veliteLimit === 1 ? `build < Velite, same cards and layout (${n(r)})` : `build <= ${veliteLimit.toFixed(1)}x Velite, same cards and layout (${n(r)})`,
        ok(r.measures.build),
        velite === undefined ? undefined : veliteLimit * velite,
        (v, l) => `${s(v)} vs ${s(l / veliteLimit)}: ${(v / (l / veliteLimit)).toFixed(2)}x`,
        veliteLimit === 1,
      ),
    );
    const peaks = (['check cold', 'build'] as const).map((k) => (r.measures[k]?.ok ? r.measures[k]!.rssMB : undefined));
    const peak = peaks.some((p) => p === undefined) ? undefined : Math.max(...(peaks as number[]), r.serve?.rssMB ?? 0);
    out.push(compare(`peak RSS < 1 GiB: check, build, serve (${n(r)})`, peak, MB_PER_GIB, (v) => `${v} MB`, true));
    const build = ok(r.measures.build);
    // Issue #24: the saved card's page within 1/20 of a build, generated/ and the search index within 1/10.
    const serve = r.serve?.ok ? r.serve : undefined;
    out.push(compare(`one-card save under serve: page <= 1/20 build (${n(r)})`, serve?.pageMs, build === undefined ? undefined : build / 20, (v, l) => `${s(v)} vs ${s(l * 20)}: 1/${((l * 20) / v).toFixed(1)}`));
    out.push(compare(`one-card save under serve: generated/ and search <= 1/10 build (${n(r)})`, bothLanded(serve), build === undefined ? undefined : build / 10, (v, l) => `${s(v)} vs ${s(l * 10)}: 1/${((l * 10) / v).toFixed(1)}`));
    if (r.oneFile) out.push(...oneFileVerdicts(r, r.oneFile, build));
  }
  return out;
}

/** When both generated/ and the search index held the saved text: the later of the two (serve writes generated/ first). */
function bothLanded(serve: ServeResult | undefined): number | undefined {
  if (serve?.generatedMs === undefined) return undefined;
  return Math.max(serve.generatedMs, serve.searchMs ?? 0);
}

/** The one-file layout's targets: its cold check against the floor on the same one file, and a save in it under serve against the build of the same cards. */
function oneFileVerdicts(r: SizeResult, one: OneFileResult, build: number | undefined): Verdict[] {
  const n = r.cards.toLocaleString('en-US');
  const limit = floorLimit(r.cards);
  const floor = ok(one.measures['floor xall']);
  const of = (v: number, l: number) => `${s(v)} vs ${s(l)}: 1/${(l / v).toFixed(1)}`;
  const serve = one.serve?.ok ? one.serve : undefined;
  return [
    compare(`cold check <= ${limit.toFixed(1)}x floor, all cards in one file (${n})`, ok(one.measures['check cold']), floor === undefined ? undefined : limit * floor, (v, l) => `${s(v)} vs ${s(l / limit)}: ${(v / (l / limit)).toFixed(2)}x`),
    compare(`one-card save in one file under serve: page <= 1/20 build (${n})`, serve?.pageMs, build === undefined ? undefined : build / 20, (v, l) => of(v, l * 20)),
    compare(`one-card save in one file under serve: generated/ and search <= 1/10 build (${n})`, bothLanded(serve), build === undefined ? undefined : build / 10, (v, l) => of(v, l * 10)),
  ];
}

/** The JSON layout's targets (issue #21): a cold check within this many times the JSON floor's time, same cards. */
export const JSON_FLOOR_RATIO = 2;
/** ... and under this peak RSS, MB. */
export const JSON_PEAK_MB = 600;

/** The JSON layout's verdicts: the cold check against the JSON floor measured in the same run, and its peak memory. */
export function jsonVerdicts(results: readonly SizeResult[]): Verdict[] {
  const out: Verdict[] = [];
  for (const r of [...results].sort((a, b) => a.cards - b.cards)) {
    const n = r.cards.toLocaleString('en-US');
    const floor = ok(r.measures['floor json']);
    out.push(
      compare(`cold check within ${JSON_FLOOR_RATIO}x of the JSON floor, same cards in one JSON file (${n})`, ok(r.measures['check cold']), floor === undefined ? undefined : JSON_FLOOR_RATIO * floor, (v, l) => `${s(v)} vs ${s(l / JSON_FLOOR_RATIO)}: ${(v / (l / JSON_FLOOR_RATIO)).toFixed(2)}x`),
    );
    const check = r.measures['check cold'];
    out.push(compare(`peak RSS of the cold check < ${JSON_PEAK_MB} MB (${n})`, check?.ok ? check.rssMB : undefined, JSON_PEAK_MB, (v) => `${v} MB`, true));
  }
  return out;
}
