import type { Collection, Entry } from '../model.ts';
import type { PageContext } from './context.ts';
import { labelsOf } from './labels.ts';

/**
 * The numeric fields a collection page can be sorted by ("Sort by: Name,
 * Cost, Power"): every titled field (a label readers see) whose values are
 * numbers, at the top of an entry or one level down in a titled group
 * ("Attack: Guns"). A value that is not a number (missing, a placeholder
 * still empty, an "X") counts as missing, and missing values sort last.
 *
 * The sort itself runs in the reader's browser (docs-site/filters.js), over
 * the columns `entriesJson` writes (collection-pages.ts).
 */

export interface SortField {
  /** What the address names it by (`?sort=cost`, `?sort=attack.guns`). */
  key: string;
  /** The field's title in the page's locale; a nested field names its group first. */
  label: string;
  /** Where the value sits in an entry. */
  path: readonly string[];
}

/** The word for the address: `sort` itself is the menu's own parameter. */
const RESERVED = new Set(['sort', 'name']);

export function sortFieldsOf(c: Collection, ctx: PageContext): SortField[] {
  const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
  const out: SortField[] = [];
  const seen = new Set<string>();
  const pointer = (path: readonly string[]) => `/${path.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  const consider = (path: readonly string[], label: string) => {
    const key = path.join('.');
    if (seen.has(key) || RESERVED.has(key)) return;
    seen.add(key);
    let numbers = 0;
    for (const e of c.entries) {
      const v = valueAt(e, path);
      if (typeof v === 'number' && Number.isFinite(v)) numbers++;
      // A field that holds lists or groups is not a number to sort by, whatever else it holds.
      else if (v !== null && typeof v === 'object') return;
    }
    if (numbers) out.push({ key, label, path });
  };
  const keys = new Set<string>();
  for (const e of c.entries) for (const k of Object.keys(e.value)) keys.add(k);
  for (const key of keys) {
    const title = labels.at(pointer([key])).title;
    if (!title) continue;
    const group = c.entries.some((e) => isGroup(e.value[key]));
    if (!group) {
      consider([key], title);
      continue;
    }
    const inner = new Set<string>();
    for (const e of c.entries) {
      const v = e.value[key];
      if (isGroup(v)) for (const k of Object.keys(v)) inner.add(k);
    }
    for (const k of inner) {
      const sub = labels.at(pointer([key, k])).title;
      if (sub) consider([key, k], `${title}: ${sub}`);
    }
  }
  return out;
}

/** An entry's value at a path of keys (undefined where the path leaves the entry). */
export function valueAt(e: Entry, path: readonly string[]): unknown {
  let v: unknown = e.value;
  for (const k of path) {
    if (!isGroup(v)) return undefined;
    v = v[k];
  }
  return v;
}

function isGroup(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A column of the entry list: each entry's number, or null where it has none. */
export function sortColumn(entries: readonly Entry[], field: SortField): Array<number | null> {
  return entries.map((e) => {
    const v = valueAt(e, field.path);
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  });
}
