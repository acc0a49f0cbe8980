/**
 * What a collection's data holds at each place (a path of property names, `*` for an array's items, as
 * schema-to-ts.ts walks the schema): so a type can be as tight as the data, not only as the schema allows. A text
 * field whose every value is a plain string is typed `string`; a later edit that adds a locale map makes it `Text`
 * again, as the schema allows.
 */
import { keyStep, placeIn } from './schema-to-ts.ts';

export interface DataPlaces {
  /** Whether some value sits at this place and every one there is a plain string (none is a locale map or other object). */
  plainText(path: string): boolean;
}

/** Walk every value once (linear in the data: a collection of tens of thousands of entries is read once). */
export function dataPlaces(values: Iterable<unknown>): DataPlaces {
  const strings = new Set<string>();
  const others = new Set<string>();
  // The places are few (the schema's fields) and the values many: each child place is made once, not once per
  // value (at 30,000 cards, making them again was 100 MB of short-lived strings on every build and every save).
  const children = new Map<string, Map<string, string>>();
  const itemPlaces = new Map<string, string>();
  const child = (path: string, key: string): string => {
    let known = children.get(path);
    if (!known) children.set(path, (known = new Map()));
    let place = known.get(key);
    if (place === undefined) known.set(key, (place = placeIn(path, keyStep(key))));
    return place;
  };
  const itemsOf = (path: string): string => {
    let place = itemPlaces.get(path);
    if (place === undefined) itemPlaces.set(path, (place = placeIn(path, '*')));
    return place;
  };
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'string') strings.add(path);
    else if (Array.isArray(v)) {
      others.add(path);
      const items = itemsOf(path);
      for (const item of v) walk(item, items);
    } else if (v && typeof v === 'object') {
      others.add(path);
      for (const k in v) if (Object.hasOwn(v, k)) walk((v as Record<string, unknown>)[k], child(path, k));
    } else if (v !== undefined) others.add(path);
  };
  for (const v of values) walk(v, '');
  return { plainText: (path) => strings.has(path) && !others.has(path) };
}

/**
 * The place of the field a collection takes its IDs from (`idFrom: number`), when every entry's ID is that field's
 * value as written: the field is then the entry's ID and is typed by the ID union. Undefined otherwise (IDs from
 * several fields, or an entry with its own `id`).
 */
export function idFieldPlace(
  idFrom: string | readonly string[] | undefined,
  entries: ReadonlyArray<{ id: string; value: Record<string, unknown> }>,
): string | undefined {
  if (typeof idFrom !== 'string' || !entries.length) return undefined;
  return entries.every((e) => e.value[idFrom] === e.id) ? keyStep(idFrom) : undefined;
}
