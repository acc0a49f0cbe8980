// Where two texts start to differ and stop differing: what a save of a large file changed, compared from each end
// (load/entry-reparse.ts for YAML, csv-source.ts for tables, json-source.ts for JSON lists).

/** How many characters `a` and `b` share at their start: compared a block at a time (a string comparison), then one by one. */
export function sharedStart(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let at = 0;
  for (const block = 4096; at + block <= most && a.slice(at, at + block) === b.slice(at, at + block);) at += block;
  while (at < most && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/** How many characters `a` and `b` share at their end, not reaching into the `start` characters they share at their start. */
export function sharedEnd(a: string, b: string, start: number): number {
  const most = Math.min(a.length, b.length) - start;
  let n = 0;
  for (const block = 4096; n + block <= most && a.slice(a.length - n - block, a.length - n) === b.slice(b.length - n - block, b.length - n);) n += block;
  while (n < most && a.charCodeAt(a.length - n - 1) === b.charCodeAt(b.length - n - 1)) n++;
  return n;
}
