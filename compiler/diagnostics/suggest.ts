import { distance } from 'fastest-levenshtein';

/**
 * The closest candidate to `word`, when close enough to be a likely typo
 * (at most a third of the word's length in edits, and at least one).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(1, Math.floor(word.length / 3));
  return bestDistance <= limit ? best : undefined;
}
