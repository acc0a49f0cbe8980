import type { Entry } from '../model.ts';

/** A string of an entry that rules-tree checks read: where it is and which numbered rule (if any) holds it. */
export interface TextSite {
  collection: string;
  entry: Entry;
  pointer: string;
  text: string;
  owner: string | undefined;
}

/** Every string inside an entry, with its pointer (texts hold tokens). */
export function stringsOf(value: unknown, pointer: string, wanted: (text: string) => boolean): Array<[string, string]> {
  // A pointer is spelled out only for a string that is wanted: most strings of a large game hold no token.
  const out: Array<[string, string]> = [];
  const trail: Array<string | number> = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (wanted(v)) out.push([pointer + trail.map((k) => `/${k}`).join(''), v]);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        trail.push(i);
        walk(v[i]);
        trail.pop();
      }
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        trail.push(k);
        walk(child);
        trail.pop();
      }
    }
  };
  walk(value);
  return out;
}

const NONE: ReadonlyArray<[string, string]> = Object.freeze([]);
type Found = ReadonlyArray<[string, string]>;
const remembered = new WeakMap<object, Array<{ kind: string; pointer: string; found: Found }>>();

/**
 * `stringsOf` an entry's value, remembered by the value object: under
 * `rulebook serve` an entry whose file did not change keeps its value object
 * (load/parse-cache.ts), so a save walks only the entries it touched (the walk
 * was a fifth of a re-check at 10,000 cards). `kind` names `wanted`: one kind
 * must always mean the same test. Values are never changed after validation.
 */
export function entryStrings(value: object, pointer: string, kind: string, wanted: (text: string) => boolean): Found {
  let list = remembered.get(value);
  // No string keys: this runs for every entry on every save.
  const known = list?.find((r) => r.kind === kind && r.pointer === pointer);
  if (known) return known.found;
  const found = stringsOf(value, pointer, wanted);
  if (!list) remembered.set(value, (list = []));
  list.push({ kind, pointer, found: found.length ? found : NONE });
  return found;
}
