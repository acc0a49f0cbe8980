// The worker thread of search-beside.ts: builds the search index (search.ts `searchIndex`) from the pages it is sent
// and sends the files back. Its own event loop feeds Pagefind's child process while the main thread is busy.
import { parentPort } from 'node:worker_threads';
import { searchIndex } from './search.ts';
import type { SearchReply, SearchRequest } from './search-beside.ts';

parentPort!.once('message', async (request: SearchRequest) => {
  let reply: SearchReply;
  try {
    reply = { files: [...(await searchIndex(new Map(request.pages)))] };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
