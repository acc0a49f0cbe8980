/**
 * The inverse of cell-values.ts: a field's value (and its drafts) as the text of one spreadsheet cell, the way a
 * designer would type it, such that cellValue reads it back to the same value and drafts. For `rulebook new` on a
 * CSV collection (a row of drafted fields) and for writing a YAML collection as CSV.
 */
import { isDeepStrictEqual } from 'node:util';
import { stringify } from 'yaml';
import { type CellMark, type CellOptions, cellValue, type SchemaAt } from './cell-values.ts';

/**
 * The cell text for `value` at a field of schema `at`: plain text for a scalar, the items joined by the separator
 * for a list of plain items, else YAML flow text (`{ op: per, points: 2 }`, `[{ cards: 2, points: 3 }]`) with each
 * draft written back as `{ placeholder: VALUE, note: "..." }` or `{ reading: VALUE, note: "..." }`. The plainest
 * form that reads back the same is chosen; a string no form can give back exactly (the text `null` in a field that
 * also takes null) is written as it is.
 */
export function cellText(value: unknown, at: SchemaAt | undefined, options: CellOptions, marks: readonly CellMark[] = []): string {
  const readsBack = (text: string): boolean => {
    const read = cellValue(text, at, options);
    return !read.problem && isDeepStrictEqual(read.value, value) && sameMarks(read.marks, marks);
  };
  if (!marks.length) {
    const plain = plainText(value);
    if (plain !== undefined && (plain !== '' || typeof value !== 'string') && readsBack(plain)) return plain;
    if (Array.isArray(value) && value.length) {
      const items = value.map(plainText);
      if (items.every((t) => t !== undefined && t !== '' && t.trim() === t && !t.includes(options.listSeparator))) {
        const joined = items.join(`${options.listSeparator} `);
        if (readsBack(joined)) return joined;
      }
    }
  }
  const flow = flowText(withMarks(value, marks, ''));
  return typeof value === 'string' && !marks.length && !readsBack(flow) ? value : flow;
}

/** A scalar as the text it reads from, or undefined for a list or an object. */
function plainText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return undefined;
}

/** YAML flow text on one line, as a cell holds it. */
function flowText(value: unknown): string {
  return stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trim();
}

/** The value with each draft at or under `pointer` wrapped back as `{ placeholder | reading: value, note }`. */
function withMarks(value: unknown, marks: readonly CellMark[], pointer: string): unknown {
  if (!marks.length) return value;
  const inner = Array.isArray(value)
    ? value.map((v, i) => withMarks(v, marks, `${pointer}/${i}`))
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMarks(v, marks, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`)]))
      : value;
  const mark = marks.find((m) => m.pointer === pointer);
  return mark ? { [mark.kind]: inner, note: mark.note } : inner;
}

function sameMarks(a: readonly CellMark[], b: readonly CellMark[]): boolean {
  const order = (list: readonly CellMark[]) => [...list].map((m) => `${m.kind} ${m.pointer} ${m.note}`).sort();
  return isDeepStrictEqual(order(a), order(b));
}
