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

/** The places one value fills: those holding a string, and those holding anything else. */
interface ValuePlaces {
  strings: readonly string[];
  others: readonly string[];
}

/**
 * Each entry value's places, kept by the value object: under `rulebook serve` an entry a save left alone keeps it
 * (load/entry-reparse.ts), so a save walks the entries it changed, not all of them (at 10,000 cards, 25 ms a save).
 * Values of one shape share one record (`shapes`, while they are few), so the union below sees each shape once.
 */
const placesByValue = new WeakMap<object, ValuePlaces>();
const shapes = new Map<string, ValuePlaces>();
const MAX_SHAPES = 1000;

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
  const walk = (v: unknown, path: string, into: { strings: Set<string>; others: Set<string> }): void => {
    if (typeof v === 'string') into.strings.add(path);
    else if (Array.isArray(v)) {
      into.others.add(path);
      const items = itemsOf(path);
      for (const item of v) walk(item, items, into);
    } else if (v && typeof v === 'object') {
      into.others.add(path);
      for (const k in v) if (Object.hasOwn(v, k)) walk((v as Record<string, unknown>)[k], child(path, k), into);
    } else if (v !== undefined) into.others.add(path);
  };
  const placesOf = (v: object): ValuePlaces => {
    let known = placesByValue.get(v);
    if (!known) {
      const into = { strings: new Set<string>(), others: new Set<string>() };
      walk(v, '', into);
      const made = { strings: [...into.strings], others: [...into.others] };
      const shape = `${made.strings.join('\n')}\u0000${made.others.join('\n')}`;
      known = shapes.get(shape) ?? made;
      if (known === made && shapes.size < MAX_SHAPES) shapes.set(shape, made);
      placesByValue.set(v, known);
    }
    return known;
  };
  const seen = new Set<ValuePlaces>();
  for (const v of values) {
    if (!v || typeof v !== 'object') {
      walk(v, '', { strings, others });
      continue;
    }
    const known = placesOf(v);
    if (seen.has(known)) continue;
    seen.add(known);
    for (const p of known.strings) strings.add(p);
    for (const p of known.others) others.add(p);
  }
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
