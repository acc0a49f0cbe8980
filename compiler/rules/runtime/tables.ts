// Reading a game's tables: the row for a number, and an entry's value with another entry's override applied.

import { get, overridesOf, type Overriding } from './fields.ts';

type Row = { readonly id: string };

/**
 * The entry an engine names in \`by\` (\`{ chiefs: 'esperanca' }\`), or undefined when it names none. An ID the
 * collection does not have is refused: ignored, it would silently give the rule without the override.
 */
export function overridingEntry<E extends Row>(entries: readonly E[], collection: string, id: string | undefined): E | undefined {
  if (id === undefined) return undefined;
  const entry = entries.find((e) => e.id === id);
  if (!entry)
    throw new RangeError(
      `by: { ${collection}: ${JSON.stringify(id)} } names none of the ${collection} (check an ID that arrives as a string with its guard first)`,
    );
  return entry;
}

/**
 * The row of a table whose `key` equals `n`, or the "or more" row for larger
 * numbers; an overriding entry (a chief) may subtract from `n` first.
 * Returns undefined when no row applies (fewer than the first row's key).
 */
export function lookupRow<R extends Row>(
  rows: readonly R[],
  key: string,
  orMore: string | undefined,
  n: number,
  override?: { entry: Overriding | undefined; field: string; kind: string; subtract: string },
): R | undefined {
  let value = n;
  if (override) for (const o of overridesOf(override.entry, override.field, override.kind)) value -= Number(o[override.subtract] ?? 0);
  const exact = rows.find((r) => get(r, key) === value);
  if (exact) return exact;
  const open = rows.filter((r) => orMore && get(r, orMore) === true && Number(get(r, key)) <= value);
  return open.sort((a, b) => Number(get(b, key)) - Number(get(a, key)))[0];
}

/**
 * A field of an entry (a dotted path), replaced by an overriding entry's
 * override of `kind` whose `key` names this entry: the override's fields
 * other than kind and key take the place of the value's.
 */
export function valueWithOverride<V>(
  entries: readonly Row[],
  id: string,
  path: string,
  override?: { entry: Overriding | undefined; field: string; kind: string; key: string },
): V | undefined {
  const entry = entries.find((e) => e.id === id);
  let value = path.split('.').reduce<unknown>((v, k) => get(v as object | undefined, k), entry) as Record<string, unknown> | undefined;
  if (override) {
    const o = overridesOf(override.entry, override.field, override.kind).find((x) => x[override.key] === id);
    if (o) {
      const { kind: _kind, [override.key]: _key, ...fields } = o;
      value = { ...(value ?? {}), ...fields };
    }
  }
  return value as V | undefined;
}
