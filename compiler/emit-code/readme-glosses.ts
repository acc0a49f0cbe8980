/**
 * The package README's section on glosses (compiler/emit-site/glosses.ts): an entry's `gloss`, the meaning of a
 * name in another language, and its `nameLang`. Written only when the content glosses a name, with its first
 * glossed entry as the example, so the README fits whatever it is built from.
 */
import type { CheckedGame } from '../model.ts';
import { namespaceName } from '../names.ts';
import { textOf } from '../text.ts';

export function glossesSection(games: readonly CheckedGame[], name: string): string {
  const found = firstGlossed(games);
  if (!found) return '';
  const { game, collection, entry } = found;
  const whose =
    'A gloss the rulebook does not give is this edition’s reading: `entry.readings.gloss` holds its note. Show a gloss as a help beside the name (as the site does, "Tocaia (Ambush)"), never in its place.';
  const access = /^[A-Za-z_$][\w$]*$/.test(entry.id) ? `.${entry.id}` : `[${JSON.stringify(entry.id)}]`;
  const locale = game.linked.game.manifest.locale;
  const glossed = entry.value.gloss as Parameters<typeof textOf>[0];
  return `
## Glosses: what a foreign name means

An entry whose name is in another language than the reader's may have
\`gloss\`: what the name means, in the reader's language. It is a text like
\`name\` (a string in the game's locale, or a map of locales: read it with
\`text(entry.gloss, locale)\`) and optional. \`nameLang\`, where an entry has
it, is the language its name is written in (mark the name with it, \`lang\`).
${whose}

\`\`\`ts
import { ${namespaceName(game.linked.game.manifest.id)}, text } from '${name}';

const entry = ${namespaceName(game.linked.game.manifest.id)}.${collection}.byId${access};
entry.name; // ${JSON.stringify(textOf(entry.name))}
if (entry.gloss !== undefined) text(entry.gloss, ${JSON.stringify(locale)}); // ${JSON.stringify(textOf(glossed, locale))}
entry.readings.gloss; // the note when the gloss is this edition's, else undefined
\`\`\`
`;
}

function firstGlossed(games: readonly CheckedGame[]) {
  for (const game of games)
    for (const c of game.linked.game.collections.values()) {
      if (!/^[A-Za-z_$][\w$]*$/.test(c.name)) continue;
      const entry = c.entries.find((e) => e.value.gloss !== undefined && e.name !== undefined);
      if (entry) return { game, collection: c.name, entry };
    }
  return undefined;
}
