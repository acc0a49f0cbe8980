import { Worker } from 'node:worker_threads';
import { startWorker } from '../bundle/worker-entry.ts';
import { searchIndex } from './search.ts';

/**
 * The search index built beside other work (the build's package emit).
 *
 * Pagefind indexes in its own child process, but the Node API hands it the
 * pages through a pipe that only the event loop fills: a page not yet written
 * when the main thread blocks (ts-morph's emit is synchronous) waits for it,
 * and so does Pagefind. Measured at 10,000 cards, Pagefind spends about three
 * quarters of its time in `addHTMLFile` (parsing the 8.6 MB of pages), a quarter
 * in `getFiles`, and the page copies it is handed (search.ts
 * `withSearchFields`) cost the main thread a second more. So the whole index
 * runs in a worker thread, whose own event loop talks to Pagefind while the
 * main thread emits the package; the result is the same files, byte for byte
 * (test/search-beside.test.ts).
 *
 * A worker that cannot start or that dies falls
 * back to the index on this thread: slower, never different.
 */
export type SearchRequest = { pages: Array<[string, string | Uint8Array]> };
export type SearchReply = { files: Array<[string, Uint8Array]> } | { error: string };

/**
 * Start indexing `pages` now; the promise resolves to the index's files (as `searchIndex` returns them). `thread`:
 * by default a worker, or this thread when the worker fails; 'worker' (tests) a worker only; 'main' this thread only
 * (also RULEBOOK_SEARCH_THREAD=main, to measure the build with the index after the emit).
 */
export function startSearchIndex(
  pages: ReadonlyMap<string, string | Uint8Array>,
  options: { thread?: 'worker' | 'main' } = {},
): Promise<Map<string, Uint8Array>> {
  if (options.thread === 'main' || process.env.RULEBOOK_SEARCH_THREAD === 'main') return searchIndex(pages);
  if (options.thread === 'worker') return inWorker(pages);
  return inWorker(pages).catch((error: unknown) => {
    if (error instanceof SearchFailed) throw error;
    if (process.env.RULEBOOK_DEBUG) console.error(error);
    return searchIndex(pages);
  });
}

/** Pagefind's own error (bad page, failed index): the same on either thread, so not retried. */
class SearchFailed extends Error {}

/**
 * A search worker started before the pages exist (a build starts one as it begins to read the content), so that
 * its start (a thread, the index's modules, ~0.2 s of a 1,000-card build) runs beside the check, not after the
 * pages. Unreferenced while it waits: a build that stops on a content error exits without it.
 */
let readyWorker: Worker | undefined;
export function prestartSearchWorker(): void {
  if (readyWorker || process.env.RULEBOOK_SEARCH_THREAD === 'main') return;
  try {
    const worker = spawn();
    worker.unref();
    // A worker that fails or ends before it is used is dropped; the index then starts its own (or runs on this thread).
    const drop = () => void (readyWorker === worker && (readyWorker = undefined));
    worker.once('error', drop).once('exit', drop);
    readyWorker = worker;
  } catch {
    readyWorker = undefined;
  }
}

function inWorker(pages: ReadonlyMap<string, string | Uint8Array>): Promise<Map<string, Uint8Array>> {
  const worker = readyWorker ?? spawn();
  readyWorker = undefined;
  worker.ref();
  return new Promise<Map<string, Uint8Array>>((resolve, reject) => {
    worker.once('message', (reply: SearchReply) => {
      if ('error' in reply) reject(new SearchFailed(reply.error));
      else resolve(new Map(reply.files.map(([p, c]) => [p, new Uint8Array(c)])));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`search worker exited (${code}) before answering`)));
    worker.postMessage({ pages: [...pages] } satisfies SearchRequest);
  }).finally(() => void worker.terminate());
}

/** The search worker: from the bundle when the compiler runs from it, else through tsx (bundle/worker-entry.ts). */
function spawn(): Worker {
  return startWorker('search-worker', { stdout: false, stderr: false });
}
