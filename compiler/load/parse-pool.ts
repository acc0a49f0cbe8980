// Parsing a large game on every core. YAML parsing is most of a cold check
// (a 30,000-card game is 14 MB of YAML); files are independent, so worker
// threads parse them while the main thread waits, and the main thread then
// validates and links in file order, as it would have anyway. Small games are
// parsed on the main thread: a worker costs ~0.2 s to start, more than it
// saves below a few megabytes.
import { availableParallelism } from 'node:os';
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { startWorker } from '../bundle/worker-entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isJsonFile } from './content-source.ts';
import { readSourceSync } from './files.ts';
import { JobQueue } from './job-queue.ts';
import { entryStarts, joinSlices, sharedText, slicesOf, type Slice, type SliceParse } from './split-sequence.ts';
import { YamlSource, type ParsedYaml } from './yaml-source.ts';

export interface ParseRequest {
  id: number;
  file: string;
  shown: string;
  /**
   * A slice of whole entries of a large file, read and cut by the main thread, parsed as it is, not read from `file`:
   * the file's text as UTF-16 code units in memory every worker shares (split-sequence.ts sharedText), and the slice's bounds in it.
   */
  slice?: { text: SharedArrayBuffer; start: number; end: number };
}

export interface ParseReply {
  id: number;
  /** undefined when the file cannot be read (missing), and for a slice. */
  text: string | undefined;
  parsed: ParsedYaml | undefined;
  diagnostics: Diagnostic[];
  /** For a slice: how many aliases its values hold (see joinSlices). */
  aliases?: number;
  /** Set when the worker itself failed on this file: parse it on the main thread instead. */
  failed?: string;
}

/** What a parse worker is sent, once: every job of its pool, and the queue it takes them from (by number). */
export interface ParseJobs {
  jobs: ParseRequest[];
  queue: SharedArrayBuffer;
}

/** A file parsed ahead of time: its text (undefined: unreadable), its source and the diagnostics of its parse. */
export interface Preparsed {
  text: string | undefined;
  source: YamlSource | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Below this many bytes in all, workers cost more than they save. The size
 * was 2 MB from the bundle, worked out from the workers' start (a third of the
 * TypeScript one's through tsx, where 4 MB was measured). Measured since on
 * this 2-core machine, cold checks run in turn with workers and without
 * (RULEBOOK_WORKERS=0), three each: at 2.35 MB in 50 files 2.38 s against
 * 2.20 s, at 2.5 MB in one file 4.1 s against 3.7 s (a packed-tool trial):
 * the pool lost. At 4.7 MB it won: 2.97 s against 3.27 s in 100 files, 3.56 s
 * against 3.70 s in one. Two threads here get ~1.2x the work of one (two runs
 * of the floor at once take 1.6-1.8x the time of one), and each worker's
 * parser starts cold. So 4 MB from the bundle too, on the side of not
 * starting them.
 */
export const PARALLEL_BYTES = 4_000_000;

/**
 * A YAML file this large is cut into slices of whole entries, parsed on every
 * core (load/split-sequence.ts); a smaller one goes whole to one worker.
 * Cutting costs a read and a scan on the main thread: ~0.1 s of CPU for the
 * 30,000-card file of 14 MB (measured: read + entryStarts + slices, 98-181 ms
 * CPU), some 7 ms a megabyte, against 0.5-1 s a megabyte to parse it. A file
 * of 100 cards (0.47 MB, the layout most games use) is one job among many and
 * stays whole, as before.
 */
export const SPLIT_BYTES = 1_000_000;

/** Slices per worker: more than one, so a worker that finishes early takes another (the machine is often shared). */
const SLICES_PER_WORKER = 3;

export function workerCount(): number {
  const fromEnv = Number(process.env.RULEBOOK_WORKERS);
  if (Number.isInteger(fromEnv) && fromEnv >= 0) return fromEnv;
  return Math.min(availableParallelism(), 8);
}

/** One job for a worker: a whole file, or one slice of a large one. */
interface Job {
  file: string;
  shown: string;
  bytes: number;
  slice?: { text: SharedArrayBuffer; start: number; end: number; index: number };
}

/** A large file being parsed in slices: its text, its slices and their parses as they come back. */
interface SplitFile {
  text: string;
  slices: Slice[];
  parses: Array<SliceParse | undefined>;
  failed: boolean;
  left: number;
}

export interface PoolOptions {
  /** Below this many bytes in all, no pool (PARALLEL_BYTES). */
  minBytes?: number;
  /** A file this large is cut into slices of whole entries (SPLIT_BYTES). */
  splitBytes?: number;
}

/**
 * YAML files parsed on worker threads, largest first; a file's parse is
 * waited for with `result`. The workers take their jobs themselves from a
 * shared queue (load/job-queue.ts). A job a worker failed on, or every job
 * not in yet when a worker died, gives undefined: the loader then parses
 * that file itself, as for a small game.
 */
export class ParsePool {
  private readonly results = new Map<string, Promise<Preparsed | undefined>>();
  private readonly settle = new Map<string, (p: Preparsed | undefined) => void>();
  private readonly queue: JobQueue;
  private left: number;
  private broken = false;

  private constructor(
    private readonly jobs: Job[],
    private readonly split: Map<string, SplitFile>,
    private readonly workers: Worker[],
  ) {
    this.left = jobs.length;
    this.queue = new JobQueue(jobs.length);
    for (const job of jobs) {
      if (this.results.has(job.file)) continue;
      this.results.set(job.file, new Promise((resolve) => this.settle.set(job.file, resolve)));
    }
    const requests = jobs.map((job, id): ParseRequest => {
      const slice = job.slice && { text: job.slice.text, start: job.slice.start, end: job.slice.end };
      return { id, file: job.file, shown: job.shown, ...(slice ? { slice } : {}) };
    });
    for (const worker of workers) {
      worker.on('message', (reply: ParseReply) => this.receive(reply));
      // A worker that could not start or died: what it held, and what no one took yet, is parsed by the loader.
      const fail = (error?: unknown) => {
        if (error && process.env.RULEBOOK_DEBUG) console.error(error);
        if (this.left > 0) void this.close();
      };
      worker.once('error', fail);
      worker.once('exit', (code) => code !== 0 && fail());
      worker.postMessage({ jobs: requests, queue: this.queue.buffer } satisfies ParseJobs);
    }
  }

  /**
   * The pool for `files`, started; undefined when they are too few or too
   * small to be worth a worker (see preparse). Synchronous, so the workers
   * have their jobs at once even when the caller's thread is then busy for a
   * while (parse-ahead.ts).
   */
  static start(files: ReadonlyArray<{ file: string; shown: string }>, options: PoolOptions = {}): ParsePool | undefined {
    // JSON is parsed where it is read, never on a worker: the value would cross threads by structured clone, and
    // receiving it costs more than parsing it (30,000 cards, 18 MB: JSON.parse 0.2-0.4 s; v8.deserialize of the
    // same value 0.7-1.1 s on the main thread, besides 0.15-0.25 s to serialize on the worker).
    files = files.filter((f) => !isJsonFile(f.file));
    const cores = workerCount();
    if (cores < 2 || !files.length) return undefined;
    const sized = files.map((f) => ({ ...f, bytes: statSync(f.file, { throwIfNoEntry: false })?.size ?? 0 }));
    const bytes = sized.reduce((sum, f) => sum + f.bytes, 0);
    if (bytes < (options.minBytes ?? PARALLEL_BYTES)) return undefined;
    const splitBytes = options.splitBytes ?? SPLIT_BYTES;
    const count = Math.min(cores, sized.some((f) => f.bytes >= splitBytes) ? cores : sized.length);
    if (count < 2) return undefined;
    // Workers take ~0.2 s to start: they start first, and a large file is read and cut while they do.
    const pool: Worker[] = [];
    try {
      for (let i = 0; i < count; i++) pool.push(spawn());
      const jobs: Job[] = [];
      const split = new Map<string, SplitFile>();
      for (const f of sized) {
        const cut = f.bytes >= splitBytes ? sliced(f.file, cores * SLICES_PER_WORKER) : undefined;
        if (!cut) {
          jobs.push(f);
          continue;
        }
        split.set(f.file, { ...cut, parses: [], failed: false, left: cut.slices.length });
        // Every worker is sent every job: the text goes once, into memory they share, not once a worker (two copies of
        // a 14 MB file took a 30,000-card check in one file from 969 to 1,026 MB).
        const text = sharedText(cut.text);
        cut.slices.forEach((s, index) => jobs.push({ ...f, bytes: s.end - s.start, slice: { text, start: s.start, end: s.end, index } }));
      }
      // One file that could not be cut: the loader parses it, as it would a small game (no gain on one worker).
      if (jobs.length < 2) {
        for (const w of pool) void w.terminate();
        return undefined;
      }
      // The largest jobs first, so no worker is left with a big one at the end.
      jobs.sort((a, b) => b.bytes - a.bytes);
      return new ParsePool(jobs, split, pool);
    } catch (e) {
      if (process.env.RULEBOOK_DEBUG) console.error(e);
      for (const w of pool) void w.terminate();
      return undefined; // a worker that could not start: parse on the main thread, as for a small game
    }
  }

  /** True when this pool parses `file`. */
  has(file: string): boolean {
    return this.results.has(file);
  }

  /** The parse of `file` once it is done; undefined when it was not in the pool or failed (the loader parses it then). */
  result(file: string): Promise<Preparsed | undefined> {
    return this.results.get(file) ?? Promise.resolve(undefined);
  }

  /** Every file's parse, once all are in (the pool is then closed). */
  async all(): Promise<Map<string, Preparsed>> {
    const out = new Map<string, Preparsed>();
    for (const [file, result] of this.results) {
      const parsed = await result;
      if (parsed) out.set(file, parsed);
    }
    await this.close();
    return out;
  }

  /** Stop the workers; a parse not in yet gives undefined (the loader parses those files itself). */
  async close(): Promise<void> {
    this.broken = true;
    this.queue.empty();
    for (const file of [...this.settle.keys()]) this.done(file, undefined);
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private receive(reply: ParseReply): void {
    if (this.broken) return;
    const job = this.jobs[reply.id]!;
    const whole = this.split.get(job.file);
    if (whole && job.slice) {
      if (reply.failed) whole.failed = true;
      else whole.parses[job.slice.index] = reply;
      if (--whole.left === 0) {
        const joined = whole.failed ? undefined : joinSlices(whole.text, whole.slices, whole.parses);
        this.done(job.file, joined ? { text: whole.text, source: YamlSource.fromParsed(job.shown, whole.text, joined), diagnostics: [] } : undefined);
      }
    } else {
      this.done(
        job.file,
        reply.failed
          ? undefined
          : {
              text: reply.text,
              source: reply.text !== undefined && reply.parsed ? YamlSource.fromParsed(job.shown, reply.text, reply.parsed) : undefined,
              diagnostics: reply.diagnostics,
            },
      );
    }
    // All in: the workers have nothing left to do.
    if (--this.left === 0) void Promise.all(this.workers.map((w) => w.terminate()));
  }

  private done(file: string, parsed: Preparsed | undefined): void {
    this.settle.get(file)?.(parsed);
    this.settle.delete(file);
  }
}

/**
 * Parse `files` (absolute path -> display path) on worker threads when they
 * are large enough to be worth it; undefined otherwise, or when workers cannot
 * start, and the caller parses them itself. Files that a worker failed on are
 * left out of the map (the caller parses those), and so is a file parsed in
 * slices whose slices cannot stand for it (see joinSlices): the caller parses
 * it whole, giving the whole file's own diagnostics.
 */
export async function preparse(files: ReadonlyArray<{ file: string; shown: string }>, options: PoolOptions = {}): Promise<Map<string, Preparsed> | undefined> {
  const pool = ParsePool.start(files, options);
  return pool?.all();
}

/**
 * A large file read and cut into about `count` slices of whole entries, or
 * undefined when it should go whole to one worker: unreadable, bytes that are
 * not UTF-8 (reported for the whole file), or not plainly a list at the margin.
 */
function sliced(file: string, count: number): { text: string; slices: Slice[] } | undefined {
  const read = readSourceSync(file);
  if (!read || read.bad.length) return undefined;
  const starts = entryStarts(read.text);
  if (!starts) return undefined;
  const slices = slicesOf(read.text, starts, count);
  return slices.length > 1 ? { text: read.text, slices } : undefined;
}

/** A parse worker: from the bundle when the compiler runs from it, else through tsx (bundle/worker-entry.ts). */
function spawn(): Worker {
  // Parsing allocates many short-lived objects: a larger young generation than V8's default (16 MB semi-spaces on
  // 64-bit) saves about a sixth of the parse in scavenges, measured on the 30,000-card benchmark game.
  return startWorker('parse-worker', { stdout: false, stderr: false, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
}
