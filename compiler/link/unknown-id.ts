import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';

/** An ID that names nothing: with the nearest known ID, or the list of them when it is short. */
export function unknownId(
  bag: DiagnosticBag,
  file: string,
  place: Place | undefined,
  target: string,
  value: string,
  ids: readonly string[],
  suggest = true,
  otherField?: string,
): void {
  const hint = suggest && !otherField ? closest(value, ids) : undefined;
  const notes = otherField ? [otherField] : hint ? [`did you mean "${hint}"?`] : ids.length <= 12 ? [`known: ${ids.join(', ')}`] : [];
  bag.error(file, place, 'ref-unknown', `unknown ${target} ID "${value}"`, notes, hintOf(hint, ids));
}
