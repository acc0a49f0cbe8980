/** The engine parts declared in game.yaml, as members of the game's namespace: movers over graphs and rules tables. */
import type { CheckedGame } from '../model.ts';
import { allName } from '../names.ts';
import { scoreTable } from './score-tables.ts';
import type { SchemaSet } from '../validate/schemas.ts';
import { loadedSchema } from './schema-to-ts.ts';
import { tableValueType } from './table-types.ts';
import { graphNodeTypes, nodeTypeNames } from './graph-types.ts';
import { moverTypes } from './mover-types.ts';
import { literal, propName } from './ts-syntax.ts';

/** A member of the game's namespace: its name, type, value and doc comment. */
export interface Member {
  name: string;
  type: string;
  value: string;
  doc?: string;
}

/**
 * The engine parts declared in game.yaml: movers over graphs and rules tables.
 * Pushes the node-ID unions onto `types`; returns the namespace members. `playerState`: the player state's type,
 * which a ranking reads; `schemas`: the loaded schemas, which type a value table by the field it reads.
 */
export function engineParts(g: CheckedGame, types: string[], playerState: string | undefined, schemas?: SchemaSet): Member[] {
  const m = g.linked.game.manifest;
  const game = g.linked.game;
  const out: Member[] = [];
  const typeOf = (collection: string) => game.collections.get(collection)?.decl.type ?? 'never';
  const schemaOf = (collection: string) => {
    const c = game.collections.get(collection);
    return c && schemas ? loadedSchema(schemas, c.decl.schema)?.schema : undefined;
  };
  // Only names of the game's collections (identifiers, by the manifest schema) reach the code; a mover or table
  // over anything else is left out here (the link step reports it as a located error).
  const known = (...names: Array<string | undefined>) => names.every((n) => n === undefined || game.collections.has(n));
  types.push(...graphNodeTypes(g));
  if (m.movers) {
    const typeParts: string[] = [];
    const valueParts: string[] = [];
    for (const [name, mover] of Object.entries(m.movers)) {
      const graph = m.graphs?.[mover.graph];
      if (!graph || !known(mover.graph, mover.overriddenBy?.collection)) continue;
      const t = typeOf(mover.graph);
      const spec = {
        nodes: graph.nodes,
        kindField: graph.kindField,
        edges: graph.edges,
        ...(graph.arrows ? { arrows: graph.arrows } : {}),
        guard: nodeTypeNames(t).guard,
      };
      const { overriddenBy, ...moverSpec } = mover;
      const steps = overriddenBy
        ? `, { collection: ${JSON.stringify(overriddenBy.collection)}, entries: ${allName(overriddenBy.collection)}, field: ${JSON.stringify(overriddenBy.field)}, kind: ${JSON.stringify(overriddenBy.kind)}, addSteps: ${JSON.stringify(overriddenBy.addSteps)} }`
        : '';
      // Typed by the game: each side's nodes, the pieces it targets, the entries that may change its move (mover-types.ts).
      const { params, pieceDecl } = moverTypes(name, mover, t, nodeTypeNames(t), typeOf);
      types.push(...pieceDecl);
      typeParts.push(`    readonly ${propName(name)}: Mover<${params}>;`);
      valueParts.push(`    ${propName(name)}: makeMover<${params}>(${allName(mover.graph)}, ${literal(spec, '    ')}, ${literal(moverSpec, '    ')}${steps}),`);
    }
    out.push({
      name: 'movement',
      type: `{\n${typeParts.join('\n')}\n  }`,
      value: `{\n${valueParts.join('\n')}\n  }`,
      doc: 'How pieces move over the board, from the map data and the movement rules in game.yaml.',
    });
  }
  if (m.tables) {
    const typeParts: string[] = [];
    const valueParts: string[] = [];
    for (const [name, table] of Object.entries(m.tables)) {
      if (!known(table.collection, table.overriddenBy?.collection)) continue;
      // Card points, a ranking by total and an order of effects: score-tables.ts.
      const scored = scoreTable(g, name, table, types);
      if (scored) {
        typeParts.push(scored.type);
        valueParts.push(scored.value);
        continue;
      }
      const rowType = typeOf(table.collection);
      const rows = allName(table.collection);
      const o = table.overriddenBy;
      const byType = o ? `, by?: { readonly ${propName(o.collection)}?: ${typeOf(o.collection)}Id }` : '';
      const byParam = o ? `, by: { readonly ${propName(o.collection)}?: ${typeOf(o.collection)}Id } = {}` : '';
      // An ID the overriding collection lacks is refused, never ignored (runtime tables.ts).
      const who = o ? `overridingEntry(${allName(o.collection)}, ${JSON.stringify(o.collection)}, by[${JSON.stringify(o.collection)}])` : '';
      if (table.kind === 'ranking') {
        // Players in order of an entry's value rule (final scoring), then its tie-breakers.
        const state = playerState ?? 'never';
        const entry = `${rows}.find((e) => e.id === ${JSON.stringify(table.entry ?? '')})`;
        const tieBreakers = `((${entry} as unknown as Record<string, unknown> | undefined)?.[${JSON.stringify(table.tieBreakers ?? 'tieBreakers')}] ?? []) as ReadonlyArray<{ readonly fewest?: string; readonly most?: string }>`;
        typeParts.push(`    readonly ${propName(name)}: (states: readonly ${state}[]) => Standing[];`);
        valueParts.push(
          `    ${propName(name)}: (states: readonly ${state}[]): Standing[] => rankPlayers(parsePlayerStates(states), (s) => ${entry}?.value?.(s) ?? 0, ${tieBreakers}),`,
        );
      } else if (table.kind === 'lookup') {
        const override = o
          ? `, { entry: ${who}, field: ${JSON.stringify(o.field)}, kind: ${JSON.stringify(o.kind)}, subtract: ${JSON.stringify(o.subtract ?? '')} }`
          : '';
        typeParts.push(`    readonly ${propName(name)}: (n: number${byType}) => ${rowType} | undefined;`);
        valueParts.push(
          `    ${propName(name)}: (n: number${byParam}): ${rowType} | undefined => lookupRow(${rows}, ${JSON.stringify(table.key ?? 'id')}, ${JSON.stringify(table.orMore)}, n${override}),`,
        );
      } else {
        const override = o
          ? `, { entry: ${who}, field: ${JSON.stringify(o.field)}, kind: ${JSON.stringify(o.kind)}, key: ${JSON.stringify(o.key ?? 'id')} }`
          : '';
        // Typed by the schema of the field it reads (table-types.ts); an open record when the schema does not declare it.
        const rowSchema = schemaOf(table.collection);
        const valueType = tableValueType(rowType, rowSchema, table.field ?? '') ?? '{ readonly [key: string]: unknown }';
        typeParts.push(`    readonly ${propName(name)}: (id: ${rowType}Id${byType}) => ${valueType} | undefined;`);
        valueParts.push(
          `    ${propName(name)}: (id: ${rowType}Id${byParam}): ${valueType} | undefined => valueWithOverride<${valueType}>(${rows}, id, ${JSON.stringify(table.field ?? '')}${override}),`,
        );
      }
    }
    out.push({
      name: 'tables',
      type: `{\n${typeParts.join('\n')}\n  }`,
      value: `{\n${valueParts.join('\n')}\n  }`,
      doc: 'Rules tables, with the overrides that change them.',
    });
  }
  return out;
}
