import type { Place } from '../diagnostics/diagnostic.ts';
import type { SourceFile } from '../model.ts';

/**
 * Where the value at a JSON pointer stands in a file that keeps its values' and keys' ranges by pointer (YAML, JSON):
 * its key's range with `key: true`, else its own; a pointer that reaches below what the file holds (an unwrapped
 * placeholder, a missing key) walks up to the nearest value the file has, and at worst to the file's start.
 */
export function nearestPlace(
  source: Pick<SourceFile, 'keys' | 'ranges' | 'placeOfRange'>,
  pointer: string,
  options: { key?: boolean } = {},
): Place | undefined {
  let p = pointer;
  for (;;) {
    const range = options.key ? (source.keys.get(p) ?? source.ranges.get(p)) : source.ranges.get(p);
    if (range) return source.placeOfRange(range);
    if (p === '') return { start: { line: 1, column: 1 } };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
