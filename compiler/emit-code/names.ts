/** Names the generated package derives from content names; shared by the phases that must agree on them. */

/** `cangaceiros` -> `cangaceiros`, `law-of-root` -> `lawOfRoot`. */
export function namespaceName(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A declaration's TypeScript union name: `resources` -> `Resource`, `pieceKinds` -> `PieceKind`, `categories` -> `Category`. */
export function typeNameOfDeclaration(name: string): string {
  const singular = name.endsWith('ies') ? name.slice(0, -3) + 'y' : name.endsWith('s') ? name.slice(0, -1) : name;
  return singular.charAt(0).toUpperCase() + singular.slice(1);
}
