import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { closest, hintOf, type Hint } from '../diagnostics/suggest.ts';
import type { Entry, Game, GraphDecl, MoverDecl } from '../model.ts';

interface Node {
  id: string;
  kind: string;
  index: number;
}

interface Edge {
  a: string;
  b: string;
  kind: string;
  index: number;
}

/**
 * The invariants of every graph collection (a map side): edges join known
 * nodes, edge kinds join the node kinds they allow, each pair is listed once
 * (so adjacency is symmetric by construction), the graph is connected, arrows
 * join adjacent nodes a mover may enter, every node a mover can stand on has
 * a way out, and slots per kind match the entries that fill them.
 */
export function checkGraphs(game: Game, declarations: Map<string, string[]>, bag: DiagnosticBag): void {
  const m = game.manifest;
  for (const [name, decl] of Object.entries(m.graphs ?? {})) {
    const collection = game.collections.get(name);
    if (!collection) {
      bag.error(
        game.manifestSource.path,
        game.manifestSource.placeOf(`/graphs/${name}`),
        'graph-collection',
        `no collection "${name}" to check as a graph`,
        ...hint(name, game.collections.keys()),
      );
      continue;
    }
    const movers = Object.entries(m.movers ?? {}).filter(([, mv]) => mv.graph === name);
    for (const entry of collection.entries) checkOne(game, decl, entry, movers, declarations, bag);
  }
  for (const [name, mover] of Object.entries(m.movers ?? {})) {
    const graph = m.graphs?.[mover.graph];
    const at = game.manifestSource.placeOf(`/movers/${name}/graph`);
    if (!graph) {
      bag.error(
        game.manifestSource.path,
        at,
        'mover-graph',
        `mover "${name}": no graph "${mover.graph}" in \`graphs:\``,
        ...hint(mover.graph, Object.keys(m.graphs ?? {})),
      );
      continue;
    }
    mover.edges.forEach((k, i) => {
      if (!(k in graph.edgeKinds))
        bag.error(
          game.manifestSource.path,
          game.manifestSource.placeOf(`/movers/${name}/edges/${i}`),
          'mover-edge-kind',
          `mover "${name}": unknown edge kind "${k}"`,
          ...hint(k, Object.keys(graph.edgeKinds)),
        );
    });
    const kinds = graph.kinds ? declarations.get(graph.kinds) : undefined;
    if (kinds) {
      for (const [i, k] of (mover.neverEnter ?? []).entries())
        if (!kinds.includes(k))
          bag.error(
            game.manifestSource.path,
            game.manifestSource.placeOf(`/movers/${name}/neverEnter/${i}`),
            'mover-node-kind',
            `mover "${name}": unknown ${graph.kinds} value "${k}"`,
            ...hint(k, kinds),
          );
      for (const k of Object.keys(mover.enterFromRound ?? {}))
        if (!kinds.includes(k))
          bag.error(
            game.manifestSource.path,
            game.manifestSource.placeOf(`/movers/${name}/enterFromRound/${k}`, { key: true }),
            'mover-node-kind',
            `mover "${name}": unknown ${graph.kinds} value "${k}"`,
            ...hint(k, kinds),
          );
    }
  }
}

/** A diagnostic's last two arguments: the "did you mean" note, and the same as data. */
function hint(value: string, candidates: Iterable<string>): [string[], Hint] {
  const all = [...candidates];
  const h = closest(value, all);
  return [h ? [`did you mean "${h}"?`] : [], hintOf(h, all)];
}

function checkOne(
  game: Game,
  decl: GraphDecl,
  entry: Entry,
  movers: Array<[string, MoverDecl]>,
  declarations: Map<string, string[]>,
  bag: DiagnosticBag,
): void {
  const v = entry.value;
  const file = entry.source.path;
  const at = (p: string) => entry.source.placeOf(`${entry.pointer}/${p}`);
  const nodes = new Map<string, Node>();
  const kinds = decl.kinds ? declarations.get(decl.kinds) : undefined;
  ((v[decl.nodes] ?? []) as Array<Record<string, unknown>>).forEach((n, index) => {
    const id = String(n.id);
    if (nodes.has(id)) bag.error(file, at(`${decl.nodes}/${index}/id`), 'graph-duplicate-node', `node "${id}" is listed twice in ${entry.id}`);
    const kind = String(n[decl.kindField]);
    if (kinds && !kinds.includes(kind))
      bag.error(file, at(`${decl.nodes}/${index}/${decl.kindField}`), 'graph-node-kind', `unknown ${decl.kinds} value "${kind}"`, ...hint(kind, kinds));
    nodes.set(id, { id, kind, index });
  });
  const ids = [...nodes.keys()];
  const edges: Edge[] = [];
  const pairs = new Map<string, number>();
  ((v[decl.edges] ?? []) as Array<Record<string, unknown>>).forEach((e, index) => {
    const edge = { a: String(e.a), b: String(e.b), kind: String(e.kind), index };
    let ok = true;
    for (const end of ['a', 'b'] as const) {
      if (!nodes.has(edge[end])) {
        bag.error(
          file,
          at(`${decl.edges}/${index}/${end}`),
          'graph-unknown-node',
          `edge ${index + 1} of ${entry.id} names an unknown node "${edge[end]}"`,
          ...hint(edge[end], ids),
        );
        ok = false;
      }
    }
    if (edge.a === edge.b) {
      bag.error(file, at(`${decl.edges}/${index}`), 'graph-self-edge', `edge ${index + 1} of ${entry.id} joins "${edge.a}" to itself`);
      ok = false;
    }
    const rule = decl.edgeKinds[edge.kind];
    if (!rule) {
      bag.error(
        file,
        at(`${decl.edges}/${index}/kind`),
        'graph-edge-kind',
        `unknown edge kind "${edge.kind}"`,
        ...hint(edge.kind, Object.keys(decl.edgeKinds)),
      );
      ok = false;
    } else if (ok && rule.between) {
      for (const end of [edge.a, edge.b]) {
        const kind = nodes.get(end)!.kind;
        if (!rule.between.includes(kind))
          bag.error(
            file,
            at(`${decl.edges}/${index}`),
            'graph-edge-between',
            `a ${edge.kind} may only join ${rule.between.join(' or ')} nodes, but "${end}" is ${kind}`,
          );
      }
    }
    const key = [edge.a, edge.b].sort().join('|') + '|' + edge.kind;
    if (pairs.has(key))
      bag.error(
        file,
        at(`${decl.edges}/${index}`),
        'graph-duplicate-edge',
        `"${edge.a}" and "${edge.b}" are joined by a ${edge.kind} twice (edges are undirected: list each pair once)`,
        [`first listed as edge ${pairs.get(key)! + 1}`],
      );
    pairs.set(key, index);
    if (ok) edges.push(edge);
  });
  if (decl.connected && nodes.size) {
    const reached = reach(ids[0]!, edges, () => true);
    const missing = ids.filter((id) => !reached.has(id));
    if (missing.length)
      bag.error(
        file,
        at(decl.edges),
        'graph-disconnected',
        `${entry.id} is not connected: ${missing.map((id) => `"${id}"`).join(', ')} cannot be reached from "${ids[0]}"`,
      );
  }
  if (decl.arrows) checkArrows(decl, entry, nodes, edges, movers, bag);
  if (decl.slots) checkSlots(game, decl, entry, nodes, bag);
}

function reach(from: string, edges: readonly Edge[], allowed: (e: Edge) => boolean): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const here = queue.shift()!;
    for (const e of edges) {
      if (!allowed(e)) continue;
      const next = e.a === here ? e.b : e.b === here ? e.a : undefined;
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

function checkArrows(
  decl: GraphDecl,
  entry: Entry,
  nodes: Map<string, Node>,
  edges: readonly Edge[],
  movers: Array<[string, MoverDecl]>,
  bag: DiagnosticBag,
): void {
  const file = entry.source.path;
  const at = (p: string) => entry.source.placeOf(`${entry.pointer}/${p}`);
  const arrows = (entry.value[decl.arrows!] ?? []) as Array<Record<string, unknown>>;
  const followers = movers.filter(([, m]) => m.followsArrows);
  const outgoing = new Set<string>();
  arrows.forEach((arrow, index) => {
    const from = String(arrow.from);
    const to = String(arrow.to);
    for (const [end, id] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (!nodes.has(id))
        bag.error(
          file,
          at(`${decl.arrows}/${index}/${end}`),
          'graph-unknown-node',
          `arrow ${index + 1} of ${entry.id} names an unknown node "${id}"`,
          ...hint(id, nodes.keys()),
        );
    }
    if (!nodes.has(from) || !nodes.has(to)) return;
    if (outgoing.has(from)) bag.error(file, at(`${decl.arrows}/${index}/from`), 'graph-arrow-twice', `"${from}" has more than one arrow`);
    outgoing.add(from);
    for (const [name, mover] of followers) {
      const adjacent = edges.some((e) => mover.edges.includes(e.kind) && ((e.a === from && e.b === to) || (e.a === to && e.b === from)));
      if (!adjacent)
        bag.error(
          file,
          at(`${decl.arrows}/${index}`),
          'graph-arrow-not-adjacent',
          `the arrow from "${from}" points to "${to}", which is not adjacent to it for ${name} (edges: ${mover.edges.join(', ')})`,
        );
      const kind = nodes.get(to)!.kind;
      if (mover.neverEnter?.includes(kind))
        bag.error(
          file,
          at(`${decl.arrows}/${index}/to`),
          'graph-arrow-forbidden',
          `the arrow from "${from}" points into ${kind} ("${to}"), which ${name} never enters`,
        );
      const fromRound = mover.enterFromRound?.[kind];
      if (fromRound !== undefined)
        bag.error(
          file,
          at(`${decl.arrows}/${index}/to`),
          'graph-arrow-forbidden',
          `the arrow from "${from}" points into ${kind} ("${to}"), which ${name} may enter only from round ${fromRound}: it could not follow it before`,
        );
    }
  });
  for (const [name, mover] of followers) {
    for (const node of nodes.values()) {
      if (mover.neverEnter?.includes(node.kind) || outgoing.has(node.id)) continue;
      bag.error(file, at(`${decl.nodes}/${node.index}`), 'graph-no-way-out', `${name} can stand on "${node.id}" but it has no arrow to follow`);
    }
  }
}

function checkSlots(game: Game, decl: GraphDecl, entry: Entry, nodes: Map<string, Node>, bag: DiagnosticBag): void {
  const slots = decl.slots!;
  const fill = game.collections.get(slots.collection);
  if (!fill) return;
  const want = entry.value[slots.match.graphField];
  const perKind = new Map<string, number>();
  for (const n of (entry.value[decl.nodes] ?? []) as Array<Record<string, unknown>>) {
    const kind = String(n[decl.kindField]);
    perKind.set(kind, (perKind.get(kind) ?? 0) + (typeof n[slots.field] === 'number' ? (n[slots.field] as number) : 0));
  }
  const filled = new Map<string, number>();
  for (const e of fill.entries) {
    const list = e.value[slots.match.field];
    if (!(Array.isArray(list) ? list.includes(want) : list === want)) continue;
    const kind = String(e.value[decl.kindField]);
    filled.set(kind, (filled.get(kind) ?? 0) + 1);
  }
  for (const kind of new Set([...perKind.keys(), ...filled.keys()])) {
    const have = perKind.get(kind) ?? 0;
    const need = filled.get(kind) ?? 0;
    if (have !== need) {
      bag.error(
        entry.source.path,
        entry.source.placeOf(`${entry.pointer}/${decl.nodes}`),
        'graph-slots',
        `${entry.id}: ${have} ${slots.field} on ${kind} nodes, but ${need} ${slots.collection} entries go with ${slots.match.graphField} ${String(want)}`,
      );
    }
  }
  void nodes;
}
