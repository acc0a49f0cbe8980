/**
 * A failure that is rulebook's own (bad content never throws: it becomes diagnostics), as serve tells it to the
 * designer in the terminal and over the page: what failed in one line, and how to get the stack trace for a report
 * (the same as the CLI's own, bin/rulebook.js), not the stack itself.
 */
export function internalErrorText(what: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const details = process.env.RULEBOOK_DEBUG && error instanceof Error ? error.stack : 'Set RULEBOOK_DEBUG=1 for the stack trace, and please report it.';
  return `internal error: ${what}: ${message}\n${details}`;
}
