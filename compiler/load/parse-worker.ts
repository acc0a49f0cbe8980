// A worker thread of load/parse-pool.ts: reads and parses the YAML files it
// is sent, exactly as the main thread would (load/game.ts `loadYaml`), and
// sends back the text, the parse as plain data and the diagnostics. A slice
// of a large file comes with its text (the main thread read the file to cut
// it) and is parsed as a file of its own; the pool joins the slices.
import { parentPort } from 'node:worker_threads';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { reportBadBytes } from './encoding.ts';
import { readSource } from './files.ts';
import { YamlSource } from './yaml-source.ts';
import type { ParseReply, ParseRequest } from './parse-pool.ts';

parentPort!.on('message', async (request: ParseRequest) => {
  const reply: ParseReply = { id: request.id, text: undefined, parsed: undefined, diagnostics: [] };
  try {
    if (request.slice !== undefined) {
      const bag = new DiagnosticBag();
      const source = new YamlSource(request.shown, request.slice).parse(bag);
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
  parentPort!.postMessage(reply);
});
