#!/usr/bin/env node
// The CLI runs the compiler from its bundle (compiler-dist/, made by
// `npm run build`, by `npm pack`, or here on demand when a source is newer:
// compiler/bundle/bundle.js), so a start does not compile TypeScript. When no
// bundle can be made (esbuild cannot run), the TypeScript runs through tsx's
// loader as before. RULEBOOK_DEBUG=1 says which path ran, and why.
import { bundleEntry } from '../compiler/bundle/bundle.js';

const debug = process.env.RULEBOOK_DEBUG ? (line) => process.stderr.write(`rulebook: ${line}\n`) : () => {};
try {
  let entry = process.env.RULEBOOK_TSX ? undefined : await bundleEntry(debug);
  if (!entry) {
    if (process.env.RULEBOOK_TSX) debug('running the TypeScript through tsx (RULEBOOK_TSX is set)');
    const { register } = await import('tsx/esm/api');
    register();
    entry = new URL('../compiler/cli.ts', import.meta.url).href;
  }
  const { main } = await import(entry);
  process.exitCode = await main(process.argv);
} catch (error) {
  // Bad content never gets here (it becomes diagnostics); this is a bug in rulebook itself.
  process.stderr.write(`rulebook: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.env.RULEBOOK_DEBUG) process.stderr.write(`${error instanceof Error ? error.stack : ''}\n`);
  else process.stderr.write('Set RULEBOOK_DEBUG=1 for the stack trace, and please report it.\n');
  process.exitCode = 70;
}
