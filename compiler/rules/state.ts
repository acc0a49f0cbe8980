import type { DeclaredValue, Manifest, StateFieldDecl } from '../model.ts';
import { textOf } from '../text.ts';

/**
 * The end-state declaration of a game (game.yaml `endState`), resolved: each
 * field with its kind and, for lists, the values it may hold. The DSL is
 * checked and rendered against this, never against a game's name, and its
 * messages name the end state in the designer's words, never the generated
 * type (`endState.type`).
 */
export interface StateModel {
  fields: Map<string, ResolvedField>;
}

export interface ResolvedField {
  name: string;
  decl: StateFieldDecl;
  /** For lists and counts of a resource: the declared values (id -> display name). */
  values: Map<string, string>;
  /** For counts of a resource: the resource's display name. */
  resourceName: string | undefined;
  /** True when the values are a collection's entries (names, not words to translate), not a declaration's. */
  entryValues?: boolean;
}

export function stateModel(
  manifest: Manifest,
  declared: ReadonlyMap<string, readonly DeclaredValue[]>,
  collectionValues: (name: string) => Map<string, string> | undefined,
): StateModel | undefined {
  const end = manifest.endState;
  if (!end) return undefined;
  const fields = new Map<string, ResolvedField>();
  for (const [name, decl] of Object.entries(end.fields ?? {})) {
    const declaredValues = decl.of ? declValues(declared, decl.of) : undefined;
    const entries = decl.of && !declaredValues ? collectionValues(decl.of) : undefined;
    const values = declaredValues ?? entries ?? new Map<string, string>();
    const resourceName = decl.resource ? declValues(declared, 'resources')?.get(decl.resource) : undefined;
    fields.set(name, { name, decl, values, resourceName, ...(entries ? { entryValues: true } : {}) });
  }
  return { fields };
}

function declValues(declared: ReadonlyMap<string, readonly DeclaredValue[]>, name: string): Map<string, string> | undefined {
  const list = declared.get(name);
  if (!list) return undefined;
  return new Map(list.map((v) => [v.id, textOf(v.name)]));
}
