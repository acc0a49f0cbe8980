/**
 * JSON pointers (RFC 6901), the one way every phase names a place in a
 * value, whatever file the value came from (YAML, JSON, a spreadsheet's
 * cells): shared here so nothing that only speaks of values has to reach
 * into a parser's module for them.
 */

/** One key as a pointer token: `~` and `/` escaped (`a/b` -> `a~1b`). */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** One pointer token back to its key (`a~1b` -> `a/b`). */
export function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
