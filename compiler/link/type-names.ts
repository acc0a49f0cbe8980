import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Game } from '../model.ts';
import { typeNameOfDeclaration, typeNamespaceName } from '../names.ts';

/**
 * The type names a game's module in generated/ declares come from its
 * manifest (a collection's `type`, a declaration's name, the end state's
 * `type`). The schema makes each one an identifier; this makes them
 * distinct: two parts of the manifest that give the same name (a collection
 * typed `Resource` beside a `resources` declaration) would be one broken
 * type, so the second is a located error, not a package that fails to compile.
 * Link checks it (with the manifest's other names) before emit-code writes
 * the module: the check lives here so no phase reaches into a later one.
 */
export function checkTypeNames(game: Game, bag: DiagnosticBag): void {
  const m = game.manifest;
  // What the module imports from the runtime or always declares: names no part of the manifest may take.
  const taken = new Map<string, string>(
    ['Collection', 'ComponentInfo', 'DeclarationEntry', 'DslNode', 'Placeholder', 'Text', 'Mover', 'Standing', 'Draft'].map((n) => [
      n,
      'a type of the runtime',
    ]),
  );
  // A game with movers imports these too, under names no manifest gives (Piece and MoveBy stay free for a game's own: a `pieces` declaration).
  if (m.movers) taken.set('RuntimePiece', 'a type of the runtime');
  taken.set(`${typeNamespaceName(m.id)}Namespace`, "the game's namespace type");
  if (m.roles?.rules) taken.set('RuleNumber', 'the rule-number union');
  if (m.playerState) taken.set('PlayerState', 'the player state type');
  const claim = (name: string, what: string, pointer: string) => {
    const before = taken.get(name);
    if (before)
      bag.error(
        game.manifestSource.path,
        game.manifestSource.placeOf(pointer),
        'type-name-clash',
        `the type name "${name}" (${what}) is already ${before} in generated/`,
        ['every type the game module declares needs its own name: rename one of them'],
      );
    else taken.set(name, what);
  };
  for (const name of Object.keys(m.declarations ?? {})) claim(typeNameOfDeclaration(name), `declaration "${name}"`, `/declarations/${name}`);
  if (m.endState) claim(m.endState.type, 'the end state', '/endState/type');
  for (const [name, c] of Object.entries(m.collections ?? {})) {
    claim(c.type, `collection "${name}"`, `/collections/${name}/type`);
    claim(`${c.type}Id`, `the ID union of collection "${name}"`, `/collections/${name}/type`);
    claim(`${c.type}Field`, `the field-path union of collection "${name}"`, `/collections/${name}/type`);
    if (m.graphs?.[name]) {
      claim(`${c.type}NodeId`, `the node union of graph "${name}"`, `/collections/${name}/type`);
      claim(`${c.type}Nodes`, `the nodes by side of graph "${name}"`, `/collections/${name}/type`);
    }
  }
}
