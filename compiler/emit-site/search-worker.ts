// The worker thread of search-beside.ts: indexes the bundles it is sent (search.ts `indexBundle`) and sends their
// files back. Its own event loop feeds its own Pagefind child process while the main thread is busy.
import { parentPort } from 'node:worker_threads';
import { closeSearch, indexBundle } from './search.ts';
import type { SearchReply, SearchRequest } from './search-beside.ts';

parentPort!.once('message', async (request: SearchRequest) => {
  let reply: SearchReply;
  try {
    const bundles: Extract<SearchReply, { bundles: unknown }>['bundles'] = [];
    for (const [folder, bundle] of request.bundles) {
      const files = await indexBundle(bundle);
      bundles.push([folder, bundle.lang, files.map((f) => [f.path, f.content])]);
    }
    reply = { bundles };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await closeSearch();
  }
  parentPort!.postMessage(reply);
});
