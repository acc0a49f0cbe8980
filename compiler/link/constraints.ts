// Cross-entry rules a game declares in its manifest (`constraints:`), such as
// "a card's side is its faction's side" or "a deck holds no more copies of a
// card than the card allows". A schema sees one entry at a time; these read
// across entries by following references, so they run in the link phase,
// after every ID is known.
//
//   constraints:
//     - in: cards
//       field: side
//       equals: faction.side           # follow the `faction` reference, read its `side`
//       message: a card's side is its faction's side
//     - in: decks
//       each: cards                    # for each item of the deck's `cards` list
//       field: copies
//       atMost: card.deckLimit         # the item's `card` reference, its `deckLimit`
//       message: a deck holds at most a card's deck limit of it
//
// A path is fields joined by dots; a field that is a reference (`x-ref`) leads
// on to the entry it names. The other side may be a number or a string.
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Entry, Game, SourceFile, FoundRefs } from '../model.ts';
import { escapePointer } from '../load/yaml-source.ts';

const OPS = {
  equals: (a: unknown, b: unknown) => a === b,
  atMost: (a: unknown, b: unknown) => (a as number) <= (b as number),
  atLeast: (a: unknown, b: unknown) => (a as number) >= (b as number),
} as const;
const WORDS = { equals: 'is not', atMost: 'is more than', atLeast: 'is less than' } as const;

interface Located {
  value: unknown;
  source: SourceFile;
  pointer: string;
}

export function checkConstraints(game: Game, found: readonly FoundRefs[], bag: DiagnosticBag): void {
  const list = game.manifest.constraints;
  if (!Array.isArray(list) || !list.length) return;
  // Which values are references, and to what: by file and pointer, as validation found them.
  const targets = new Map<SourceFile, Map<string, string>>();
  for (const { source, refs } of found) {
    let bySource = targets.get(source);
    if (!bySource) targets.set(source, (bySource = new Map()));
    for (const r of refs) bySource.set(r.pointer, r.target);
  }
  const byId = new Map<string, Map<string, Entry>>();
  const entriesOf = (name: string) => {
    let m = byId.get(name);
    if (!m) byId.set(name, (m = new Map((game.collections.get(name)?.entries ?? []).map((e) => [e.id, e]))));
    return m;
  };

  /** Follow `path` from a value; undefined when a field is missing or a reference names nothing (the reference check says so). */
  const resolve = (start: Located, path: string): Located | undefined => {
    let here: Located = start;
    const fields = path.split('.');
    for (let i = 0; i < fields.length; i++) {
      const holder = here.value;
      if (!holder || typeof holder !== 'object' || !Object.hasOwn(holder, fields[i]!)) return undefined;
      const pointer = `${here.pointer}/${escapePointer(fields[i]!)}`;
      const value = (holder as Record<string, unknown>)[fields[i]!];
      here = { value, source: here.source, pointer };
      const target = targets.get(here.source)?.get(pointer);
      if (i < fields.length - 1 && target && typeof value === 'string') {
        const entry = entriesOf(target).get(value);
        if (!entry) return undefined;
        here = { value: entry.value, source: entry.source, pointer: entry.pointer };
      }
    }
    return here;
  };

  list.forEach((c, n) => {
    const collection = game.collections.get(c.in);
    const at = game.manifestSource.placeOf(`/constraints/${n}`);
    if (!collection) {
      bag.error(
        game.manifestSource.path,
        game.manifestSource.placeOf(`/constraints/${n}/in`),
        'constraint-unknown',
        `constraint ${n + 1}: no collection "${c.in}"`,
      );
      return;
    }
    const op = (['equals', 'atMost', 'atLeast'] as const).find((k) => c[k] !== undefined);
    if (!op) {
      bag.error(game.manifestSource.path, at, 'constraint-unknown', `constraint ${n + 1} compares nothing: give \`equals\`, \`atMost\` or \`atLeast\``);
      return;
    }
    const other = c[op]!;
    for (const entry of collection.entries) {
      const root: Located = { value: entry.value, source: entry.source, pointer: entry.pointer };
      const items: Located[] = [];
      if (c.each) {
        const list = resolve(root, c.each);
        if (list && Array.isArray(list.value))
          list.value.forEach((item, i) => items.push({ value: item, source: list.source, pointer: `${list.pointer}/${i}` }));
      } else items.push(root);
      for (const item of items) {
        const left = resolve(item, c.field);
        if (!left) continue;
        const right = typeof other === 'number' ? { value: other } : resolve(item, other);
        if (!right || right.value === undefined) continue;
        if ((op !== 'equals' && (typeof left.value !== 'number' || typeof right.value !== 'number')) || OPS[op](left.value, right.value)) continue;
        const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));
        const against = typeof other === 'number' ? shown(other) : `${other} (${shown(right.value)})`;
        bag.error(
          left.source.path,
          left.source.placeOf(left.pointer),
          'constraint-failed',
          `${c.message}: ${c.field} ${shown(left.value)} ${WORDS[op]} ${against}`,
          [`declared in ${game.manifestSource.path} under constraints (${n + 1})`],
        );
      }
    }
  });
}
