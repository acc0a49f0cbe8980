/** The README's section on linking from an engine (a game app, a deck builder) into the rules site's collection pages. */
import type { CheckedGame } from '../model.ts';
import { collectionPage } from '../site-addresses.ts';

/**
 * How to open a collection's page sorted or filtered, or at one entry: the
 * site reads these from the address (docs-site/filters.js), so an engine can
 * link a player straight to "cards, most expensive first". The example names
 * the first collection of the first game, so it fits the content it is built from.
 */
export function siteLinksSection(games: readonly CheckedGame[]): string {
  const first = games.map((g) => ({ id: g.linked.game.manifest.id, c: [...g.linked.game.collections.values()][0] })).find((x) => x.c);
  if (!first?.c) return '';
  const page = `${first.id}/${collectionPage(first.c.name)}`;
  const entry = first.c.entries[0]?.id;
  return `
## Links into the rules site

Each collection has a page on the rules site (\`rulebook build\` writes it to
\`docs-site/dist/\`), \`<game>/<collection>.html\`, and an entry its anchor, its
ID. The page reads a sort and filters from its address, so an engine can link
a player to a collection sorted or narrowed: \`?sort=name\`, \`?sort=<field>\`
(a titled numeric field; \`-<field>\` for descending, entries without the value
last) and \`?<field>=<value>\` (a filter field, by its value in the content).

\`\`\`ts
const base = 'https://rules.example.org/'; // where the site is served
const sorted = new URL('${page}?sort=-name', base); // by name, Z to A
${entry ? `const one = new URL('${page}#${encodeURIComponent(entry)}', base); // one entry (a split collection's page sends the reader on to the page that draws it)\n` : ''}\`\`\`
`;
}
