import { textOf } from '../text.ts';
import type { Collection, Game } from '../model.ts';
import { labelsOf, type CollectionLabels } from '../emit-site/labels.ts';

/**
 * A change to an entry in the words the site reads it by, for `diff` and
 * release notes: a field by its label (the schema's title, "Coins"), never
 * its key (`value`); a value by its word (an enum value's `const` title, the
 * name of the entry an ID names), never its code; a worked example by its
 * number. Undefined where the schema gives no word: the caller shows the
 * field's path and the value as written, as before.
 */

/** A worked example's parts in words: what each side of an example holds. */
const EXAMPLE_PARTS: Record<string, string> = { given: 'given', expect: 'expected', note: 'note' };

/** The place of a change inside a collection's worked examples (`/examples/0/expect`): the example's number and the part, if any. */
export function examplePlace(path: string | undefined): { index: number; part?: string } | undefined {
  const m = /^\/examples(?:\/(\d+)(?:\/([^/]+))?)?/.exec(path ?? '');
  return m ? { index: m[1] === undefined ? -1 : Number(m[1]), ...(m[2] ? { part: m[2] } : {}) } : undefined;
}

/** The label of the field at `path`: each titled property on the way, joined ("Scoring › Points"); a worked example by its number. */
export function fieldLabel(labels: CollectionLabels, path: string): string | undefined {
  const example = examplePlace(path);
  if (example)
    return example.index < 0
      ? 'worked examples'
      : `worked example ${example.index + 1}${example.part ? ` (${EXAMPLE_PARTS[example.part] ?? example.part})` : ''}`;
  const parts = path.split('/').slice(1);
  const titles: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    if (/^\d+$/.test(parts[i - 1]!)) continue;
    const title = labels.title(`/${parts.slice(0, i).join('/')}`);
    if (title) titles.push(title);
  }
  // The deepest property must have its own title: a parent's alone would name the wrong thing.
  const last = parts.filter((p) => !/^\d+$/.test(p)).length;
  return titles.length && labels.title(path.replace(/\/\d+$/, '')) && last ? titles.join(' › ') : undefined;
}

/** A value in words: an enum value by its word, an ID by the name of what it names, a list of them joined; undefined when none is a word. */
export function valueWords(game: Game, labels: CollectionLabels, path: string, v: unknown): string | undefined {
  const one = (x: unknown, at: string): { text: string; word: boolean } => {
    const word = labels.valueLabel(at, x);
    if (word !== undefined) return { text: word, word: true };
    const ref = labels.at(at).ref;
    const entry = ref && typeof x === 'string' ? game.collections.get(ref)?.entries.find((e) => e.id === x) : undefined;
    if (entry) return { text: textOf(entry.name, game.manifest.locale) || String(x), word: true };
    return { text: String(x), word: false };
  };
  if (v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v))) return undefined;
  const items = Array.isArray(v) ? v.map((x, i) => (x !== null && typeof x === 'object' ? undefined : one(x, `${path}/${i}`))) : [one(v, path)];
  if (items.some((x) => x === undefined) || !items.some((x) => x!.word)) return undefined;
  return items.map((x) => x!.text).join(', ');
}

/** Words for one changed field of an entry of `c` in `game` (the tree the value comes from). */
export function changeWords(
  game: Game,
  c: Collection,
  path: string,
  before: unknown,
  after: unknown,
  beforeGame: Game = game,
  beforeCollection: Collection = c,
): { label?: string; beforeWords?: string; afterWords?: string } {
  const labels = labelsOf(game, c);
  const old = labelsOf(beforeGame, beforeCollection);
  const label = fieldLabel(labels, path) ?? fieldLabel(old, path);
  const beforeWords = before === undefined ? undefined : valueWords(beforeGame, old, path, before);
  const afterWords = after === undefined ? undefined : valueWords(game, labels, path, after);
  return { ...(label ? { label } : {}), ...(beforeWords ? { beforeWords } : {}), ...(afterWords ? { afterWords } : {}) };
}
