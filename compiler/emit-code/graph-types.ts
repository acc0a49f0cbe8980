/**
 * The node types of a graph collection (a map with several sides): one union per side, keyed by the side's ID
 * (`MapSideNodes['players-2-3']`, `MapSideNodeId<'players-2-3'>`), a guard per side for a node that arrives as a
 * string, and the places in an entry that hold a node ID (a node's own ID, an edge's ends, an arrow's ends), so
 * the entry type names them by the union too. The link step checks those places hold nodes of their own side
 * (link/graph.ts); this types them.
 */
import type { CheckedGame, GraphDecl } from '../model.ts';
import { allName, typeNameOfDeclaration } from '../names.ts';
import { keyStep, placeIn } from './schema-to-ts.ts';
import { docText, propName, union } from './ts-syntax.ts';

/** The names a graph collection's node types go by: `MapSideNodes` (side -> its nodes) and `MapSideNodeId<Side>`. */
export function nodeTypeNames(type: string): { nodes: string; nodeId: string; guard: string } {
  return { nodes: `${type}Nodes`, nodeId: `${type}NodeId`, guard: `is${type}NodeId` };
}

/** The declarations of every graph collection's node types and guards: lines of the game's module, after its data. */
export function graphNodeTypes(g: CheckedGame): string[] {
  const game = g.linked.game;
  const lines: string[] = [];
  for (const [name, graph] of Object.entries(game.manifest.graphs ?? {})) {
    const c = game.collections.get(name);
    if (!c) continue;
    const t = c.decl.type;
    const names = nodeTypeNames(t);
    const sides = c.entries.map((e) => ({ id: e.id, nodes: nodeIds(e.value, graph) }));
    lines.push(
      `/** The nodes of each ${docText(name)} side, by the side's ID: a node of one side is not a node of another. */`,
      `export interface ${names.nodes} {`,
      ...sides.map((s) => `  readonly ${propName(s.id)}: ${union(s.nodes)};`),
      '}',
      `/** A node of one ${docText(name)} side (\`${names.nodeId}<${JSON.stringify(sides[0]?.id ?? 'side')}>\`), or of any side (no argument). */`,
      `export type ${names.nodeId}<Side extends ${t}Id = ${t}Id> = ${names.nodes}[Side];`,
    );
    // The guard reads the nodes from the data at load, once per side, so it holds whatever the entries hold.
    const sets = `${allName(name)}$nodes`;
    lines.push(
      `const ${sets}: ReadonlyMap<string, ReadonlySet<string>> = new Map(${allName(name)}.map((e) => [e.id, new Set<string>((e[${JSON.stringify(graph.nodes)}] ?? []).map((n) => n.id))]));`,
      `/** Whether a string is a node of this ${docText(name)} side (false for a node of another side, or an unknown side). */`,
      `export function ${names.guard}<Side extends ${t}Id>(side: Side, s: string): s is ${names.nodeId}<Side> {`,
      `  return ${sets}.get(side)?.has(s) ?? false;`,
      '}',
      '',
    );
  }
  return lines;
}

/** The node IDs of one side, in source order. */
function nodeIds(value: Record<string, unknown>, graph: GraphDecl): string[] {
  const nodes = value[graph.nodes];
  return Array.isArray(nodes) ? [...new Set(nodes.map((n) => String((n as { id?: unknown }).id)))] : [];
}

/**
 * A graph collection's entry type is generic in its side (`MapSide<'players-2-3'>`), so a side's node places are that
 * side's nodes. The parameter's name, `Side` unless the game's module declares a type of that name (which the
 * parameter would hide inside the entry type).
 */
export function sideParam(g: CheckedGame): string {
  const game = g.linked.game;
  const m = game.manifest;
  const declared = new Set<string>([
    ...[...game.collections.values()].flatMap((c) => [c.decl.type, `${c.decl.type}Id`]),
    ...Object.keys(m.declarations ?? {}).map(typeNameOfDeclaration),
    ...(m.endState ? [m.endState.type] : []),
    ...(g.players ? [g.players.typeName] : []),
  ]);
  let name = 'Side';
  while (declared.has(name)) name = `${name}_`;
  return name;
}

/**
 * The places in a graph collection's entry that hold a node ID, typed by the side's node union: the nodes' own IDs,
 * the edges' ends (`a`, `b`) and the arrows' ends (`from`, `to`), the fields link/graph.ts checks. Undefined for a
 * collection that is no graph. `side`: the entry type's side parameter.
 */
export function graphNodePlaces(g: CheckedGame, collection: string, side: string): ((path: string) => string | undefined) | undefined {
  const graph = g.linked.game.manifest.graphs?.[collection];
  const c = g.linked.game.collections.get(collection);
  if (!graph || !c) return undefined;
  const nodeId = `${nodeTypeNames(c.decl.type).nodeId}<${side}>`;
  const items = (field: string) => placeIn(keyStep(field), '*');
  const places = new Set([
    placeIn(items(graph.nodes), 'id'),
    placeIn(items(graph.edges), 'a'),
    placeIn(items(graph.edges), 'b'),
    ...(graph.arrows ? [placeIn(items(graph.arrows), 'from'), placeIn(items(graph.arrows), 'to')] : []),
  ]);
  return (path) => (places.has(path) ? nodeId : undefined);
}

/** Whether a collection is a graph, whose entry type is generic in its side. */
export function isGraph(g: CheckedGame, collection: string): boolean {
  return !!g.linked.game.manifest.graphs?.[collection] && g.linked.game.collections.has(collection);
}
