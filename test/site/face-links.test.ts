import { describe, expect, it } from 'vitest';
import { printCollections } from '../../compiler/emit-site/print/print-cards.ts';
import { renderGame } from '../../compiler/emit-site/site.ts';
import { check } from '../../compiler/pipeline.ts';
import { fixtureProject, swap } from '../helpers.ts';

// A `{link:collection/ID}` token is a link wherever a text is drawn: also in a face template's `{{text}}` and in a
// Markdown rules page, which go through Markdown (markdown.ts tokensToMarkdown), not the inline renderer. Before,
// both drew the token's raw braces.
describe('link tokens in a face template and a Markdown page', () => {
  it('draw the linked entry by name, as a link on the site and as words on a printed card', async () => {
    const root = await fixtureProject('duel', {
      'content/duel/trophies.yaml': swap(
        '- name: The Lantern Race\n',
        '- name: The Lantern Race\n  flavor: "Runners racing to {link:trophies/the-counting-house}."\n',
      ),
      'content/duel/rules/01-overview.md': swap('what you hold,', 'what you hold (see {link:trophies/the-crown-jewel}),'),
      'content/duel/game.yaml': swap('    title: Trophy cards\n', '    title: Trophy cards\n    card: { size: poker }\n'),
    });
    const result = await check(root);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    const pages = renderGame(result.games[0]!);
    const trophies = pages.get('duel/trophies.html')!;
    expect(trophies).toMatch(/Runners racing to <a href="trophies\.html#the-counting-house">The Counting House<\/a>\./);
    const rules = [...pages].find(([p, html]) => p.startsWith('duel/rules/') && html.includes('what you hold'))![1];
    expect(rules).toMatch(/what you hold \(see <a href="\.\.\/trophies\.html#the-crown-jewel">The Crown Jewel<\/a>\)/);
    for (const html of [trophies, rules]) expect(html).not.toContain('{link:');
    const race = printCollections(result.games[0]!)[0]!.cards.find((c) => c.id === 'the-lantern-race')!;
    expect(race.faceHtml).toMatch(/Runners racing to <span[^>]*>The Counting House<\/span>\./);
  });
});
