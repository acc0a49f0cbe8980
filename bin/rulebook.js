#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader, so there is no separate
// compile step between editing the compiler and running it.
import { register } from 'tsx/esm/api';

register();
try {
  const { main } = await import('../compiler/cli.ts');
  process.exitCode = await main(process.argv);
} catch (error) {
  // Bad content never gets here (it becomes diagnostics); this is a bug in rulebook itself.
  process.stderr.write(`rulebook: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.env.RULEBOOK_DEBUG) process.stderr.write(`${error instanceof Error ? error.stack : ''}\n`);
  else process.stderr.write('Set RULEBOOK_DEBUG=1 for the stack trace, and please report it.\n');
  process.exitCode = 70;
}
