import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { YamlSource } from '../load/yaml-source.ts';

/**
 * The YAML parser of serve's own thread made ready for the first saves, while serve waits for one.
 *
 * serve's first load parses the game's files in worker threads, so the thread that re-parses a saved file has
 * never run the parser: V8 has not optimised it yet, and a save's parse of one 47 KB file of 100 cards took
 * 77-100 ms, against 15-17 ms once the parser had run eight times (measured at 10,000 cards) — for the first
 * several saves, a tenth of the time to the page on disk. Eight parses of a piece of the game's own YAML, done
 * when serve is idle, one per turn of the event loop so a save arriving meanwhile waits for one parse at most.
 */
export async function warmYamlParser(text: string, stop: () => boolean, rounds = 8): Promise<void> {
  const piece = topLevelPiece(text, 32 * 1024);
  if (!piece) return;
  for (let i = 0; i < rounds; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (stop()) return;
    new YamlSource('warm-up', piece).parse(new DiagnosticBag());
  }
}

/** The text up to `max` characters, cut before a top-level line (an entry of a sequence, a key of a mapping), so it parses whole. */
export function topLevelPiece(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.lastIndexOf('\n', max);
  while (cut > 0 && !/[^\s#]/.test(text.charAt(cut + 1))) cut = text.lastIndexOf('\n', cut - 1);
  return cut > 0 ? text.slice(0, cut + 1) : '';
}
