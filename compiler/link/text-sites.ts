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
