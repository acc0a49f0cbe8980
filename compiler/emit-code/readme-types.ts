/**
 * The package README's section on what the types say beyond IDs: texts (`text()`, and a text field every entry
 * writes as a plain string typed `string`) and, for a game with a graph, each side's own node union and guard, and
 * movers typed by game.yaml. The example names the first graph the content has, so it fits whatever it is built from.
 */
import type { CheckedGame } from '../model.ts';
import { namespaceName } from '../names.ts';
import { nodeTypeNames } from './graph-types.ts';

export function typesSection(games: readonly CheckedGame[], name: string): string {
  const texts = `
## Texts

A field whose every value in the content is a plain string is typed
\`string\`; one that holds a map of locales somewhere is a \`Text\` (a string,
or \`{ en: ..., "pt-BR": ... }\`). \`text(value, locale?, fallback?)\` gives one
string: the exact tag, else the same language (\`pt\` for \`pt-BR\`), else
\`fallback\` (pass the game's \`locale\`), else the map's first value.

\`\`\`ts
import { text } from '${name}';
text(entry.rulesTexts, 'pt-BR');
\`\`\`
`;
  const graph = graphExample(games);
  if (!graph) return texts;
  const { game, type, sides, node, other, mover } = graph;
  const names = nodeTypeNames(type);
  const ns = namespaceName(game);
  return `${texts}
## Boards with several sides

Each side of a graph collection has its own node union
(\`${names.nodeId}<${JSON.stringify(sides[0])}>\`; \`${names.nodeId}\` alone is any
side's) and a guard, \`${names.guard}(side, s)\`. A mover's methods take the
side first and only that side's nodes: a node of another side is a type error,
and at run time an error that names the side (never an empty answer). A
mover's \`by\` is typed by the collection that may change its move (none: no
\`by\`), its \`scores\` by the fields its targets rank by, and a tie's
\`chooser\` by game.yaml's \`ties:\`.

\`\`\`ts
import { ${ns} } from '${name}';
import { ${names.guard} } from '${name}/${game}';

if (${names.guard}(${JSON.stringify(sides[0])}, input)) ${ns}.movement.${mover}.neighbours(${JSON.stringify(sides[0])}, input);${other ? `\n${ns}.movement.${mover}.neighbours(${JSON.stringify(sides[0])}, ${JSON.stringify(other)}); // type error: a node of ${JSON.stringify(sides[1])} only` : ''}
${ns}.movement.${mover}.reach(${JSON.stringify(sides[0])}, ${JSON.stringify(node)});
\`\`\`
`;
}

/** The first game with a mover over a graph: its sides, a node of the first side and a node of another side only. */
function graphExample(games: readonly CheckedGame[]) {
  for (const g of games) {
    const m = g.linked.game.manifest;
    for (const [mover, decl] of Object.entries(m.movers ?? {})) {
      const graph = m.graphs?.[decl.graph];
      const c = g.linked.game.collections.get(decl.graph);
      if (!graph || !c || !c.entries.length) continue;
      const nodesOf = (value: Record<string, unknown>) =>
        (Array.isArray(value[graph.nodes]) ? (value[graph.nodes] as Array<{ id?: unknown }>) : []).map((n) => String(n.id));
      const first = nodesOf(c.entries[0]!.value);
      const second = c.entries[1] ? nodesOf(c.entries[1].value) : [];
      if (!first.length) continue;
      return {
        game: m.id,
        type: c.decl.type,
        sides: c.entries.map((e) => e.id),
        node: first[0]!,
        other: second.find((n) => !first.includes(n)),
        mover,
      };
    }
  }
  return undefined;
}
