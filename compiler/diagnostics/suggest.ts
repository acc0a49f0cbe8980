import { distance } from 'fastest-levenshtein';

/**
 * The closest candidate to `word`, when close enough to be a likely typo
 * (at most a third of the word's length in edits, and at least one). Two
 * letters typed the wrong way round are one edit (`suti` for `suit`), as a
 * reader counts them, not the two Levenshtein counts.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    let d = distance(lower, other);
    if (d === 2 && swapped(lower, other)) d = 1;
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(1, Math.floor(word.length / 3));
  return bestDistance <= limit ? best : undefined;
}

/** Whether `a` is `b` with two neighbouring letters swapped. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
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
