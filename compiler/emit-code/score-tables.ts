/**
 * The score tables of the game's namespace (game.yaml `tables:` of kind
 * `cardPoints`, `rankByTotal` and `order`): each a typed function over the
 * runtime's helpers (rules/runtime/points.ts), its spec written as data.
 */
import type { CheckedGame, TableDecl } from '../model.ts';
import { allName } from '../names.ts';
import { specOf } from '../rules/card-points-examples.ts';
import { parserNames } from './state-parsers.ts';
import { docText, literal, propName } from './ts-syntax.ts';

/** One table's member of `tables`: its type and its value. */
export interface TablePart {
  type: string;
  value: string;
}

/** The runtime helpers a game's score tables call, for its module's imports. */
export function scoreTableHelpers(g: CheckedGame): string[] {
  const kinds = new Set(Object.values(g.linked.game.manifest.tables ?? {}).map((t) => t.kind));
  return [
    ...(kinds.has('cardPoints') || kinds.has('rankByTotal') ? ['cardPoints'] : []),
    ...(kinds.has('rankByTotal') ? ['rankTotals'] : []),
    ...(kinds.has('order') ? ['orderEffects'] : []),
  ];
}

/** The runtime types a game's score tables name, for its module's imports. */
export function scoreTableTypes(g: CheckedGame): string[] {
  const kinds = new Set(Object.values(g.linked.game.manifest.tables ?? {}).map((t) => t.kind));
  return [
    ...(kinds.has('cardPoints') ? ['CardPoints'] : []),
    // The module's constant for a card table's spec (cardPointsCall) is checked against it.
    ...(kinds.has('cardPoints') || kinds.has('rankByTotal') ? ['CardPointsSpec'] : []),
    ...(kinds.has('rankByTotal') ? ['Draft', 'Points', 'Standing'] : []),
  ];
}

/**
 * The member for a score table, or undefined for the other kinds (engine-parts.ts writes those). A card table's spec
 * and drafted values are written once, as a constant of the module pushed onto `hoisted`, which every call reads.
 */
export function scoreTable(g: CheckedGame, name: string, table: TableDecl, hoisted: string[]): TablePart | undefined {
  const game = g.linked.game;
  const m = game.manifest;
  const typeOf = (collection: string) => game.collections.get(collection)?.decl.type ?? 'never';
  const state = m.endState?.type ?? 'never';
  const key = propName(name);
  if (table.kind === 'cardPoints') {
    const t = typeOf(table.collection);
    return {
      type: `    readonly ${key}: (state: ${state}) => CardPoints<${t}Id>;`,
      // The state is parsed first, as every rule's is (state-parsers.ts): a save file that does not fit is refused in words.
      value: `    ${key}: (state: ${state}): CardPoints<${t}Id> => ${cardPointsCall(g, name, `${parserNames('endState').parse}(state)`, hoisted)},`,
    };
  }
  if (table.kind === 'rankByTotal') {
    const t = typeOf(table.collection);
    const rows = allName(table.collection);
    const cardTables = (table.add ?? []).filter((n) => m.tables?.[n]?.kind === 'cardPoints');
    // Each open entry's scoring rule (refused when the entry has none), then each card table's total.
    const scorings = [
      `...open.map((id) => (ss: readonly ${state}[]): readonly number[] => {
        const rule = (${rows}.find((e) => e.id === id) as { readonly score?: (players: readonly ${state}[]) => number[] } | undefined)?.score;
        if (!rule) throw new RangeError(\`"\${id}" is not an entry of ${table.collection} with a scoring rule\`);
        return rule(ss);
      })`,
      ...cardTables.map((c) => `(ss: readonly ${state}[]): readonly Points[] => ss.map((s, i) => ${cardPointsCall(g, c, 's, i', hoisted)}.total)`),
    ];
    return {
      type: `    readonly ${key}: (states: readonly ${state}[], open: readonly ${t}Id[]) => Standing[] | Draft;`,
      value: `    ${key}: (states: readonly ${state}[], open: readonly ${t}Id[]): Standing[] | Draft =>\n      rankTotals(${parserNames('endState').parseList}(states), [\n        ${scorings.join(',\n        ')},\n      ]),`,
    };
  }
  if (table.kind === 'order') {
    const t = typeOf(table.collection);
    const spec = (game.constants?.value as Record<string, unknown> | undefined)?.[table.constant ?? ''] as
      { order: string[]; thenBy: { most?: string; fewest?: string }; unlisted?: string } | undefined;
    const by = spec?.thenBy.most ?? spec?.thenBy.fewest ?? '';
    const play = `{ readonly player: number; readonly kind: ${t}Id }`;
    const holdings = `readonly { readonly ${propName(by)}: number }[]`;
    return {
      type: `    readonly ${key}: <P extends ${play}>(plays: readonly P[], holdings: ${holdings}) => P[];`,
      value: `    ${key}: <P extends ${play}>(plays: readonly P[], holdings: ${holdings}): P[] => orderEffects(plays, holdings, ${literal(spec ?? { order: [], thenBy: {} }, '    ')}),`,
    };
  }
  return undefined;
}

/**
 * The call of the runtime's `cardPoints` for one state. The table's spec and the notes of the values it reads that
 * are drafted (by entry and place: a value drafted there makes the points a Draft) are a constant of the module,
 * written once (the first call pushes it onto `hoisted`) and named from the table's place in `tables:`.
 */
function cardPointsCall(g: CheckedGame, tableName: string, state: string, hoisted: string[]): string {
  const tables = Object.keys(g.linked.game.manifest.tables ?? {});
  const table = g.linked.game.manifest.tables![tableName]!;
  // `$$`: a collection's constant is `$<name>` (names.ts allName), so this cannot meet one.
  const constant = `$$cardPoints${tables.indexOf(tableName)}`;
  if (!hoisted.some((l) => l.startsWith(`const ${constant} `))) {
    const spec = specOf(table);
    const read = [spec.points, spec.countScoring, spec.setSize].filter((f): f is string => f !== undefined);
    const notes: Record<string, Record<string, string>> = {};
    for (const p of g.linked.placeholders)
      if (p.collection === table.collection && (p.path === '' || read.some((f) => p.path === `/${f}` || p.path.startsWith(`/${f}/`))))
        (notes[p.id] ??= {})[p.path] = p.note;
    hoisted.push(
      `/** What the ${docText(tableName)} table reads: where the points are, where the end state holds the cards, and which values are drafted. */`,
      `const ${constant} = { spec: ${literal(spec, '')} satisfies CardPointsSpec, notes: ${literal(notes, '')} } as const;`,
      '',
    );
  }
  return `cardPoints(${allName(table.collection)}, ${constant}.spec, ${constant}.notes, ${state})`;
}
