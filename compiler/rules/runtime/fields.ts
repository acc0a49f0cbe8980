// Reading the fields game.yaml names from generated entities, shared by the movement and table helpers
// (internal: the package does not export them).

/** Read a field named in game.yaml from a generated entity (whose interface has no index signature). */
export function get(entity: object | undefined, field: string): unknown {
  return (entity as Record<string, unknown> | undefined)?.[field];
}

/** An entry that may override another's values (a chief): only its ID is known to the runtime. */
export type Overriding = { readonly id: string };

/** The overrides of one `kind` in an entry's override list (none when it has no such list). */
export function overridesOf(entry: Overriding | undefined, field: string, kind: string): Array<Record<string, unknown>> {
  const list = get(entry, field);
  return Array.isArray(list) ? (list as Array<Record<string, unknown>>).filter((o) => o.kind === kind) : [];
}
