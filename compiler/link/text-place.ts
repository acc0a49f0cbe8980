import type { Place } from '../diagnostics/diagnostic.ts';
import type { SourceFile } from '../model.ts';

/** The place of `needle` inside the YAML scalar at `pointer` (block scalars fold lines, so search the source). */
export function placeInText(source: SourceFile, pointer: string, needle: string, occurrence = 0): Place | undefined {
  const range = source.ranges.get(pointer);
  if (!range) return source.placeOf(pointer);
  let from = range[0];
  for (let i = 0; i <= occurrence; i++) {
    const at = source.text.indexOf(needle, from);
    if (at < 0 || at > range[1]) return source.placeOf(pointer);
    if (i === occurrence) return source.placeOfRange([at, at + needle.length]);
    from = at + needle.length;
  }
  return source.placeOf(pointer);
}
