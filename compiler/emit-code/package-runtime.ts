/** A text in the game's locale, or a map of locales: keys are BCP 47 tags (`en`, `pt-BR`, `fr`), open as the game's `locales:` are. */
export type Text = string | { readonly [locale: string]: string | undefined };

/**
 * A Text in one locale. A plain string is itself (the game's own language). A map of locales gives, in order: the
 * exact tag (`pt-BR`, case aside); the same language (`pt` for `pt-BR`, or another `pt-…` tag); `fallback` (pass
 * the game's main locale, `game.locale`); the first value the map holds; '' for an empty map.
 * `text(entry.rulesTexts, 'pt-BR')`, `text(chief.name)`.
 */
export function text(value: Text, locale?: string, fallback?: string): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  const find = (test: (tag: string) => boolean) => entries.find(([tag]) => test(tag.toLowerCase()))?.[1];
  const language = (tag: string) => tag.toLowerCase().split('-')[0];
  if (locale) {
    const wanted = locale.toLowerCase();
    const found = find((tag) => tag === wanted) ?? find((tag) => language(tag) === language(wanted));
    if (found !== undefined) return found;
  }
  return (fallback ? find((tag) => tag === fallback.toLowerCase()) : undefined) ?? entries[0]?.[1] ?? '';
}

/** A component of the game, as its component list gives it. `Name`: `string` when every component's name is a plain string. */
export interface ComponentInfo<Name extends Text = Text> {
  /** Its ID: as written, or the slug of its name. */
  readonly id: string;
  readonly name: Name;
  readonly count: number;
  readonly collection?: string;
  readonly gap?: string;
  readonly note?: string;
  readonly parts?: readonly { readonly name: string; readonly count: number }[];
  readonly where?: { readonly [field: string]: string | number | boolean };
}

/** One value of a declaration (a resource, a terrain, ...) with whatever the game says of it. `Name`: `string` when every value's name is a plain string. */
export interface DeclarationEntry<Id extends string = string, Name extends Text = Text> {
  /** Its ID: as written, or the slug of its name. */
  readonly id: Id;
  readonly name: Name;
  readonly [key: string]: unknown;
}

/** A node of the rules DSL, kept as data beside the compiled function. */
export type DslNode = { readonly [key: string]: unknown };

/** A value not settled yet (the rulebook does not give it, or it is not decided yet): a placeholder in the content, with its note. */
export interface Placeholder {
  readonly collection: string;
  readonly id: string;
  /** JSON pointer of the value inside the entry. */
  readonly path: string;
  readonly note: string;
}

/**
 * A collection: every entry in source order, and the same entries by ID. `ById`: the entries by ID when an entry's
 * type depends on its ID (a map side whose nodes are its own: `byId['players-2-3']` is `MapSide<'players-2-3'>`).
 */
export interface Collection<Id extends string, T extends { readonly id: Id }, ById extends { readonly [K in Id]: T } = Readonly<Record<Id, T>>> {
  readonly all: readonly T[];
  readonly byId: ById;
  /** The IDs of the entries bearing each name (in any of its languages), in source order: reprints and same-named entries share a name. */
  readonly byName: { readonly [name: string]: readonly Id[] | undefined };
  /** The entry with this ID, or undefined when the game has none: for an ID that arrives as a string at run time (input, a save file). Never throws. */
  get(id: string): T | undefined;
}

/** Freeze a value and everything in it: the data is shared by every caller of the package, so one caller's write must never change another's game. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function collection<Id extends string, T extends { readonly id: Id }, ById extends { readonly [K in Id]: T } = Readonly<Record<Id, T>>>(
  all: readonly T[],
): Collection<Id, T, ById> {
  for (const entry of all) deepFreeze(entry);
  const byId = Object.fromEntries(all.map((e) => [e.id, e])) as unknown as ById;
  // A Map, not byId: a lookup of "constructor" or "__proto__" must not find Object.prototype's members.
  const index = new Map<string, T>(all.map((e) => [e.id, e]));
  return Object.freeze({
    all: Object.freeze(all),
    byId: Object.freeze(byId),
    byName: namesIndex<Id, T>(all),
    get: (id: string): T | undefined => index.get(id),
  });
}

/** Name -> IDs, with no prototype (a name such as "constructor" finds only entries), frozen like the rest. */
function namesIndex<Id extends string, T extends { readonly id: Id }>(all: readonly T[]): { readonly [name: string]: readonly Id[] | undefined } {
  const byName: { [name: string]: Id[] } = Object.create(null);
  for (const entry of all) {
    const name: unknown = (entry as { readonly name?: unknown }).name;
    // A name is a text, or a map of language to text: each of its texts finds the entry.
    const texts =
      typeof name === 'string' ? [name] : name && typeof name === 'object' ? Object.values(name).filter((t): t is string => typeof t === 'string') : [];
    for (const text of texts) {
      const ids = (byName[text] ??= []);
      if (!ids.includes(entry.id)) ids.push(entry.id);
    }
  }
  for (const ids of Object.values(byName)) Object.freeze(ids);
  return Object.freeze(byName);
}
