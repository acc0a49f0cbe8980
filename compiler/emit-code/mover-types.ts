/**
 * A mover's types, from what game.yaml says of it: the graph's sides and each side's nodes, the piece kinds it
 * targets, the entries that may change its move (`by`, or `never` when none may), who breaks a tie between
 * targets (`chooser`, as `ties:` names them) and the fields the targets rank owners by (the `scores` it reads).
 */
import type { MoverDecl } from '../model.ts';
import { docText, propName, union } from './ts-syntax.ts';

export interface MoverTypes {
  /** The type arguments of `Mover<...>` and `makeMover<...>`. */
  params: string;
  /** The declaration of the mover's piece type (`VolantePiece<Side>`): lines of the game's module. */
  pieceDecl: string[];
}

/** `t`: the graph collection's type; `nodes`: its node type names (graph-types.ts); `typeOf`: a collection's type. */
export function moverTypes(
  name: string,
  mover: MoverDecl,
  t: string,
  nodes: { nodes: string; nodeId: string },
  typeOf: (collection: string) => string,
): MoverTypes {
  const targets = mover.targets ?? [];
  const kinds = union([...new Set(targets.map((x) => x.piece))]);
  const kind = kinds === 'never' ? 'string' : kinds;
  const o = mover.overriddenBy;
  // No overriding collection: no `by` at all, so `by: { chiefs: ... }` on such a mover is a type error.
  const by = o ? `{ readonly ${propName(o.collection)}?: ${typeOf(o.collection)}Id }` : 'never';
  // The runtime reports `ties ?? 'any'` as the chooser.
  const chooser = JSON.stringify(mover.ties ?? 'any');
  const fields = union([...new Set(targets.flatMap((x) => (x.by ? [x.by] : [])))]);
  const pieceType = `${name.charAt(0).toUpperCase()}${name.slice(1)}Piece`;
  return {
    params: `${t}Id, ${nodes.nodes}, ${kind}, ${by}, ${chooser}, ${fields}`,
    // A name for the pieces this mover reads, so an engine can type its board: `const pieces: VolantePiece<'players-2-3'>[]`.
    pieceDecl: [
      `/** A piece on the board as the ${docText(name)} mover reads it: a node of one side of the map (any side without an argument), a kind it targets and its owner. */`,
      `export type ${pieceType}<Side extends ${t}Id = ${t}Id, Owner extends string = string> = RuntimePiece<${nodes.nodeId}<Side>, ${kind}, Owner>;`,
      '',
    ],
  };
}
