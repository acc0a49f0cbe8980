// Where the compiler's worker threads start. From the bundle,
// compiler/bundle/bundle.js replaces this module with one that gives the URL
// of each worker's bundled entry (compiler-dist/<build>/<name>.js); in
// source (through tsx, or under vitest) a worker runs its TypeScript through
// tsx's loader, resolved from here (the project being checked need not have
// tsx), as bin/rulebook.js runs the main thread.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The workers: each is an entry of the bundle (bundle.js ENTRIES) and a TypeScript file in source. */
export const WORKERS = {
  'parse-worker': '../load/parse-worker.ts',
  'search-worker': '../emit-site/search-worker.ts',
} as const;

export type WorkerName = keyof typeof WORKERS;

/** The worker's bundled entry, or undefined in source. */
export function bundledWorker(name: WorkerName): URL | undefined {
  void name;
  return undefined;
}

/** Start the named worker, from the bundle when the compiler runs from it, else through tsx. */
export function startWorker(name: WorkerName, options: WorkerOptions = {}): Worker {
  const entry = bundledWorker(name);
  if (entry) return new Worker(entry, options);
  const url = new URL(WORKERS[name], import.meta.url);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((api) => api.register()).then(() => import(${JSON.stringify(url.href)}))`;
  return new Worker(code, { ...options, eval: true });
}
