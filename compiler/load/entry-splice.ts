// A save changes one place in a file. Its entry starts and line starts are the
// last text's, but with the text between the two shared ends (load/entry-reparse.ts)
// read again, and those after that moved by the change's length. At 30,000 cards
// in one 14 MB file, finding every entry start again took ~8 ms of each save, and
// joining every entry's line starts (750,000) ~20 ms. This reads the changed
// entries only.
import { entryStartsIn, firstAtLeast } from './split-sequence.ts';

/** Where the new text's entries start, and the part of it read again (`from` to `to`, line starts both). */
export interface SplicedStarts {
  starts: number[];
  from: number;
  to: number;
}

/**
 * The new text's entry starts, from the last text's `old` (whose text was
 * `oldLength` long), given that both texts share their first `prefix` and
 * last `suffix` characters. An entry start is kept when its line's first
 * two characters (`-` and a space or line break) and the line break before
 * it lie in the shared text; the lines between the last kept one before the
 * change and the first kept one after it are scanned as `entryStarts` would.
 * Undefined where that scan is (a line at the margin that is not an entry,
 * a tab in indentation): the caller then reads the whole text.
 */
export function spliceEntryStarts(old: readonly number[], oldLength: number, text: string, prefix: number, suffix: number): SplicedStarts | undefined {
  const shift = text.length - oldLength;
  let before = 0;
  while (before < old.length && old[before]! + 2 <= prefix) before++;
  // The first entry's start is 0 (it holds what comes before its line), so it is never kept after the change.
  let after = Math.max(before, 1);
  while (after < old.length && old[after]! - 1 < oldLength - suffix) after++;
  const from = before > 0 ? old[before - 1]! : 0;
  const to = after < old.length ? old[after]! + shift : text.length;
  const middle = entryStartsIn(text, from, to);
  if (!middle) return undefined;
  // The scan finds the last kept start again: at `from`, or for the first entry (kept as 0) where its line is.
  if (before > 0 && (middle.length === 0 || (before > 1 && middle[0] !== from))) return undefined;
  const fresh = before > 0 ? middle.slice(1) : middle;
  const starts = old.slice(0, before);
  for (const s of fresh) starts.push(s);
  for (let j = after; j < old.length; j++) starts.push(old[j]! + shift);
  return { starts, from, to };
}

/**
 * The new text's line starts, from the last text's `old`: those up to `from`
 * kept, those of the new text between `from` and `to` found, and the last
 * text's from where `to` was on moved by the change's length (`shift`).
 * `to` is a line start in both (an entry start, or the text's end).
 */
export function spliceLineStarts(old: ArrayLike<number>, text: string, from: number, to: number, shift: number): Int32Array {
  const keptBefore = firstAtLeast(old, from + 1);
  // Read to the text's end, the middle also finds whether it ends with a line break (a line start at the end, as the
  // parser counts it); else the last text's line starts from `to` on are the new text's, moved.
  const toEnd = to === text.length;
  const keptAfter = toEnd ? old.length : firstAtLeast(old, to - shift);
  const middle: number[] = [];
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) if (at + 1 < to || toEnd) middle.push(at + 1);
  // Copied as memory (750,000 at 30,000 cards): a joined parse's are an Int32Array already; a whole parse's array,
  // only on the first save after it, is made one.
  const last = old instanceof Int32Array ? old : Int32Array.from(old);
  const out = new Int32Array(keptBefore + middle.length + (last.length - keptAfter));
  out.set(last.subarray(0, keptBefore));
  let n = keptBefore;
  for (const s of middle) out[n++] = s;
  out.set(last.subarray(keptAfter), n);
  if (shift) for (let i = n; i < out.length; i++) out[i] = out[i]! + shift;
  return out;
}
