/** Names the generated package derives from content names; shared by the phases that must agree on them. */

/** Words an ES module cannot use as a binding name (reserved words, strict-mode and module reservations). */
const RESERVED = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield ' +
    'implements interface let package private protected public static arguments eval'
  ).split(' '),
);

/**
 * The game's exported namespace: `chess` -> `chess`, `law-of-root`
 * -> `lawOfRoot`. A game ID may start with a digit (`7-up`) or be a reserved
 * word (`new`): those become `game7Up`, `gameNew`, always a valid binding.
 */
export function namespaceName(id: string): string {
  const camel = camelCase(id);
  return IDENTIFIER.test(camel) && !RESERVED.has(camel) ? camel : `game${pascal(camel)}`;
}

/** The namespace of the game's types (`Chess`, `LawOfRoot`, `Game7Up`): never the same name as the value namespace. */
export function typeNamespaceName(id: string): string {
  const p = pascal(camelCase(id));
  return /^[A-Z]/.test(p) ? p : `Game${p}`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function camelCase(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^\w$]/g, '_');
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A declaration's TypeScript union name: `resources` -> `Resource`, `pieceKinds` -> `PieceKind`, `categories` -> `Category`. */
export function typeNameOfDeclaration(name: string): string {
  const singular = name.endsWith('ies') ? name.slice(0, -3) + 'y' : name.endsWith('s') ? name.slice(0, -1) : name;
  return singular.charAt(0).toUpperCase() + singular.slice(1);
}

/**
 * The module-private constant holding a collection's entries. Collection
 * names are identifiers (the manifest schema's propertyNames pattern) without
 * `$`, and so are the namespace and the runtime helpers: with the `$` prefix
 * no collection (one named `move`, say) can take a helper's name (`moveAll`).
 */
export function allName(collection: string): string {
  return `$${collection}`;
}

/** A game's ID, as `rulebook new game` and `rulebook init` take it: lower-case letters, digits and single hyphens. */
export const GAME_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The words `rulebook new` reads as commands (`new game`, `new collection`), so never a game's ID. */
export const COMMAND_WORDS: readonly string[] = ['game', 'collection'];

/**
 * How many entries a collection has, in words: `3 cards`, `1 card`. A collection's name is the plural of its
 * entries (`cards`, `ferries`, `decks`); one entry takes its English singular, and a name that does not end as
 * an English plural (`cordel`, `status`) is kept as it is.
 */
export function entryCount(count: number, collection: string): string {
  if (count !== 1) return `${count} ${collection}`;
  const one = /ies$/.test(collection)
    ? collection.slice(0, -3) + 'y'
    : /(ss|us|is)$/.test(collection)
      ? collection
      : /(ch|sh|x|ss)es$/.test(collection)
        ? collection.slice(0, -2)
        : collection.replace(/s$/, '');
  return `1 ${one}`;
}
