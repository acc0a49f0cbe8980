// A worker thread of load/parse-pool.ts: reads and parses the YAML files of
// its pool's jobs, exactly as the main thread would (load/game.ts `loadYaml`),
// and sends back the text, the parse as plain data and the diagnostics. It is
// sent its pool's list of jobs once, and takes them itself from the shared
// queue (load/job-queue.ts) until none is left. A slice of a large file comes
// as bounds in the file's text, which the main thread read to cut it and
// shares with the workers, and is parsed as a file of its own; the pool joins
// the slices.
import { parentPort } from 'node:worker_threads';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { reportBadBytes } from './encoding.ts';
import { readSource } from './files.ts';
import { JobQueue } from './job-queue.ts';
import { YamlSource } from './yaml-source.ts';
import type { ParseJobs, ParseReply, ParseRequest } from './parse-pool.ts';
import { sliceOf } from './split-sequence.ts';

parentPort!.once('message', async ({ jobs, queue }: ParseJobs) => {
  const shared = new JobQueue(queue);
  for (let id = shared.take(); id >= 0; id = shared.take()) parentPort!.postMessage(await parse(jobs[id]!));
});

async function parse(request: ParseRequest): Promise<ParseReply> {
  const reply: ParseReply = { id: request.id, text: undefined, parsed: undefined, diagnostics: [] };
  try {
    if (request.slice !== undefined) {
      const bag = new DiagnosticBag();
      const source = new YamlSource(request.shown, sliceOf(request.slice)).parse(bag);
      reply.parsed = source.toParsed();
      reply.diagnostics = bag.items;
      reply.aliases = source.aliasCount;
    } else {
      const read = await readSource(request.file);
      if (read) {
        const bag = new DiagnosticBag();
        const source = new YamlSource(request.shown, read.text);
        if (reportBadBytes(bag, request.shown, read.bad)) source.parse(bag);
        else source.ok = false;
        reply.text = read.text;
        reply.parsed = source.toParsed();
        reply.diagnostics = bag.items;
      }
    }
  } catch (error) {
    // Not content's fault (content errors are diagnostics): the main thread parses this file itself.
    reply.failed = error instanceof Error ? error.message : String(error);
  }
  return reply;
}
