import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { escapePointer } from '../json-pointer.ts';
import type { SourceFile } from '../model.ts';
import type { Namer } from './schema-words.ts';

/**
 * Keys that name JavaScript's object machinery (`__proto__`, `constructor`,
 * `prototype`) are refused everywhere, also in maps whose keys are free (a
 * worked example's end state): code that reads the value by key would reach
 * the machinery instead. Where the schema already reported the key as
 * unknown, that message stands. Returns whether any was found.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function reportReservedKeys(
  value: unknown,
  source: SourceFile,
  pointer: string,
  bag: DiagnosticBag,
  name: Namer,
  reported: ReadonlySet<string>,
): boolean {
  // Most values hold no such key: look first without making a pointer for every value (that was most of this walk's cost).
  if (!value || typeof value !== 'object' || !hasReservedKey(value, 0)) return false;
  let found = false;
  if (Array.isArray(value)) {
    value.forEach((item, i) => (found = reportReservedKeys(item, source, `${pointer}/${i}`, bag, name, reported) || found));
    return found;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPointer = `${pointer}/${escapePointer(key)}`;
    if (RESERVED_KEYS.has(key)) {
      found = true;
      if (!reported.has(childPointer))
        bag.error(
          source.path,
          source.placeOf(childPointer, { key: true }),
          'key-reserved',
          `\`${key}\` cannot be a key (in ${name(pointer)}): it names JavaScript's object machinery`,
        );
      continue;
    }
    found = reportReservedKeys(child, source, childPointer, bag, name, reported) || found;
  }
  return found;
}

/** Whether a reserved key stands anywhere in the value (depth-limited like every walk of content: load refuses deeper values). */
function hasReservedKey(value: unknown, depth: number): boolean {
  if (!value || typeof value !== 'object' || depth > 256) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasReservedKey(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (RESERVED_KEYS.has(key)) return true;
    if (hasReservedKey((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
