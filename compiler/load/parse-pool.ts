// Parsing a large game on every core. YAML parsing is most of a cold check
// (a 30,000-card game is 14 MB of YAML); files are independent, so worker
// threads parse them while the main thread waits, and the main thread then
// validates and links in file order, as it would have anyway. Small games are
// parsed on the main thread: a worker costs ~0.2 s to start, more than it
// saves below a few megabytes.
import { availableParallelism } from 'node:os';
import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../bundle/worker-entry.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { isJsonFile } from './content-source.ts';
import { YamlSource, type ParsedYaml } from './yaml-source.ts';

export interface ParseRequest {
  id: number;
  file: string;
  shown: string;
}

export interface ParseReply {
  id: number;
  /** undefined when the file cannot be read (missing). */
  text: string | undefined;
  parsed: ParsedYaml | undefined;
  diagnostics: Diagnostic[];
  /** Set when the worker itself failed on this file: parse it on the main thread instead. */
  failed?: string;
}

/** A file parsed ahead of time: its text (undefined: unreadable), its source and the diagnostics of its parse. */
export interface Preparsed {
  text: string | undefined;
  source: YamlSource | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Below this many bytes in all, workers cost more than they save. The bundled
 * worker (compiler/bundle/) starts in about a third of the time of the
 * TypeScript one through tsx: two workers to their first reply, measured back
 * to back (load average 12 on 2 cores), 987/3158, 1139/3299, 956/3051,
 * 2104/4077, 1202/3602, 1570/3438 ms, a median ratio of 0.34. Once started,
 * both parse alike, so the size where workers pay shrinks in proportion: 4 MB
 * through tsx, 2 MB from the bundle (0.34 x 4 MB rounded up, to stay on the
 * side of not starting them).
 */
export const PARALLEL_BYTES = bundledWorker ? 2_000_000 : 4_000_000;

export function workerCount(): number {
  const fromEnv = Number(process.env.RULEBOOK_WORKERS);
  if (Number.isInteger(fromEnv) && fromEnv >= 0) return fromEnv;
  return Math.min(availableParallelism(), 8);
}

/**
 * Parse `files` (absolute path -> display path) on worker threads when they
 * are large enough to be worth it; undefined otherwise, or when workers cannot
 * start, and the caller parses them itself. Files that a worker failed on are
 * left out of the map (the caller parses those).
 */
export async function preparse(
  files: ReadonlyArray<{ file: string; shown: string }>,
  options: { minBytes?: number } = {},
): Promise<Map<string, Preparsed> | undefined> {
  // JSON is parsed where it is read, never on a worker: the value would cross threads by structured clone, and
  // receiving it costs more than parsing it (30,000 cards, 18 MB: JSON.parse 0.2-0.4 s; v8.deserialize of the
  // same value 0.7-1.1 s on the main thread, besides 0.15-0.25 s to serialize on the worker).
  files = files.filter((f) => !isJsonFile(f.file));
  const count = Math.min(workerCount(), files.length);
  if (count < 2) return undefined;
  let bytes = 0;
  for (const f of files) bytes += (await stat(f.file).catch(() => undefined))?.size ?? 0;
  if (bytes < (options.minBytes ?? PARALLEL_BYTES)) return undefined;
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < count; i++) workers.push(spawn());
    const out = new Map<string, Preparsed>();
    let next = 0;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= files.length) return resolve();
              const id = next++;
              worker.postMessage({ id, file: files[id]!.file, shown: files[id]!.shown } satisfies ParseRequest);
            };
            worker.on('message', (reply: ParseReply) => {
              const { file, shown } = files[reply.id]!;
              if (!reply.failed) {
                out.set(file, {
                  text: reply.text,
                  source: reply.text !== undefined && reply.parsed ? YamlSource.fromParsed(shown, reply.text, reply.parsed) : undefined,
                  diagnostics: reply.diagnostics,
                });
              }
              send();
            });
            worker.once('error', reject);
            send();
          }),
      ),
    );
    return out;
  } catch (e) {
    if (process.env.RULEBOOK_DEBUG) console.error(e);
    return undefined; // a worker that could not start or died: parse on the main thread, as for a small game
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * The worker runs what the main thread runs: the bundled worker entry when the
 * compiler runs from its bundle (compiler/bundle/), else the TypeScript worker
 * through tsx's loader, resolved from here (the project being checked need not
 * have tsx).
 */
function spawn(): Worker {
  // Parsing allocates many short-lived objects: a larger young generation than V8's default (16 MB semi-spaces on
  // 64-bit) saves about a sixth of the parse in scavenges, measured on the 30,000-card benchmark game.
  const options = { stdout: false, stderr: false, resourceLimits: { maxYoungGenerationSizeMb: 96 } };
  if (bundledWorker) return new Worker(bundledWorker, options);
  const url = new URL('./parse-worker.ts', import.meta.url);
  const tsx = import.meta.resolve('tsx/esm/api');
  // A tiny entry that registers tsx (as bin/rulebook.js does), then loads the TypeScript worker.
  const entry = `import(${JSON.stringify(tsx)}).then((api) => api.register()).then(() => import(${JSON.stringify(url.href)}))`;
  return new Worker(entry, { ...options, eval: true });
}
