import { Worker } from 'node:worker_threads';
import { startWorker } from '../bundle/worker-entry.ts';
import { searchBundles, searchedPages, searchFiles, searchIndex, type BuiltBundle, type SearchBundle } from './search.ts';

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
export type SearchRequest = { bundles: Array<[folder: string, bundle: SearchBundle]> };
export type SearchReply = { bundles: Array<[folder: string, lang: string, files: Array<[string, Uint8Array]>]> } | { error: string };

/**
 * Bundles go to two workers when there are several (a language over 2 MB of pages: search.ts `searchBundles`):
 * each worker's Pagefind is a process of its own, and one Pagefind process indexes one page at a time, so two
 * index a 30,000-card game's bundles side by side on a machine's second core (measured, 2 cores, 5 bundles:
 * the build 14.7 -> 12.7-13.3 s, the index 6.3 -> 4.4-4.6 s, peak memory 670 -> 725 MB).
 */
const MAX_WORKERS = 2;

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

async function inWorker(pages: ReadonlyMap<string, string | Uint8Array>): Promise<Map<string, Uint8Array>> {
  const byLang = searchedPages(pages);
  const bundles = [...searchBundles(byLang)];
  // The largest bundles first, each to the worker with the fewest bytes so far.
  const shares = Array.from({ length: Math.min(MAX_WORKERS, bundles.length) }, () => ({ bytes: 0, bundles: [] as SearchRequest['bundles'] }));
  const weight = ([, b]: (typeof bundles)[number]) => b.pages.reduce((n, [, c]) => n + c.length, 0);
  for (const bundle of bundles.sort((a, b) => weight(b) - weight(a))) {
    const share = shares.reduce((least, s) => (s.bytes < least.bytes ? s : least));
    share.bundles.push(bundle);
    share.bytes += weight(bundle);
  }
  const built = new Map<string, BuiltBundle>();
  for (const reply of await Promise.all(shares.map((share) => indexOnWorker(share.bundles))))
    for (const [folder, lang, files] of reply) built.set(folder, { lang, files: files.map(([path, content]) => ({ path, content: new Uint8Array(content) })) });
  return searchFiles(byLang, built);
}

function indexOnWorker(bundles: SearchRequest['bundles']): Promise<Extract<SearchReply, { bundles: unknown }>['bundles']> {
  const worker = readyWorker ?? spawn();
  readyWorker = undefined;
  worker.ref();
  return new Promise<Extract<SearchReply, { bundles: unknown }>['bundles']>((resolve, reject) => {
    worker.once('message', (reply: SearchReply) => {
      if ('error' in reply) reject(new SearchFailed(reply.error));
      else resolve(reply.bundles);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`search worker exited (${code}) before answering`)));
    worker.postMessage({ bundles } satisfies SearchRequest);
  }).finally(() => void worker.terminate());
}

/** The search worker: from the bundle when the compiler runs from it, else through tsx (bundle/worker-entry.ts). */
function spawn(): Worker {
  return startWorker('search-worker', { stdout: false, stderr: false });
}
