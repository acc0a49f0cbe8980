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

/**
 * A "did you mean" as data (vfile's `expected`, plus the suggestion), carried
 * by a diagnostic beside its text note, for JSON and SARIF readers.
 */
export interface Hint {
  expected?: string[];
  suggestion?: string;
}

/**
 * Past this many candidates the list is left out: a collection of 30,000
 * cards would put 30,000 IDs in every unknown-ID diagnostic; the suggestion
 * is still given.
 */
export const MAX_EXPECTED = 50;

/** The hint for `suggestion` (as `closest` found it) among `candidates`. */
export function hintOf(suggestion: string | undefined, candidates: Iterable<string>): Hint {
  const all = [...candidates];
  return { ...(all.length <= MAX_EXPECTED ? { expected: all } : {}), ...(suggestion !== undefined ? { suggestion } : {}) };
}

/** The closest of `candidates` to `word` as a hint (see `hintOf`). */
export function hintFor(word: string, candidates: Iterable<string>): Hint {
  const all = [...candidates];
  return hintOf(closest(word, all), all);
}
