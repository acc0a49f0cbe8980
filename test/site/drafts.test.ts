import { describe, expect, it } from 'vitest';
import { fixtureProject, swap } from '../helpers.ts';
import { decodeEntities, pagefindFragments, siteOf } from './built.ts';

// How a drafted value looks on the site (compiler/emit-site/draft-marks.ts), on the `board` fixture's events
// given two titled fields: a Season no card prints (a draft on every card) and a Cost that one card prints,
// one card leaves to a draft with no value, and one card has not at all.
const SEASON_NOTE = 'The test rules do not name the seasons.';
const COST_NOTE = "The test rules do not print this card's cost.";
const edits = (invented = false): Record<string, (text: string) => string> => ({
  'schemas/board/event.schema.json': swap(
    '"examples": {',
    '"season": { "title": "Season", "type": "string", "description": "When the card is played." }, "cost": { "title": "Cost", "type": ["integer", "null"], "description": "Coins to play it." }, "examples": {',
  ),
  'content/board/events.yaml': (t) =>
    swap(
      '- name: Market Day\n',
      `- name: Market Day\n  cost: 2\n  season: { placeholder: Spring, note: "${SEASON_NOTE}" }\n`,
    )(
      swap(
        '- name: Scout Bounty\n',
        `- name: Scout Bounty\n  cost: { placeholder: null, note: "${COST_NOTE}" }\n  season: { placeholder: Spring, note: "${SEASON_NOTE}" }\n`,
      )(swap('- name: Lâmpada Velha\n', `- name: Lâmpada Velha\n  cost: null\n  season: { placeholder: Autumn, note: "${SEASON_NOTE}" }\n`)(t)),
    ),
  ...(invented ? { 'content/board/game.yaml': swap('source: Border Run test rules\n', '') } : {}),
});

async function eventsPage(invented = false): Promise<string> {
  const files = await siteOf(await fixtureProject('board', edits(invented)), { search: false });
  return String(files.get('board/events.html'));
}
const articleOf = (html: string, id: string) => new RegExp(`<article[^>]*aria-labelledby="${id}">[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0];

describe('a drafted value on the site', () => {
  it('is drawn in its own box with a "draft" button whose note it controls; a printed value is not', async () => {
    const page = await eventsPage();
    const market = articleOf(page, 'market-day');
    // Printed: the Cost is a plain value, no mark.
    expect(market).toContain('<dt>Cost</dt><dd>2</dd>');
    // Drafted: the Season is in a draft box, with the word "draft" as a button that opens its note (out of search).
    expect(market).toMatch(
      /<dt>Season<\/dt><dd><span class="draft-value"><span class="draft-figure">Spring<\/span><button type="button" class="draft-mark" aria-expanded="false" aria-controls="(draft-note-\d+)" title="The test rules do not name the seasons\.">draft<\/button><span class="draft-note" id="\1" role="note" data-pagefind-ignore>The test rules do not name the seasons\.<\/span><\/span><\/dd>/,
    );
    // Every mark on the page stands in a draft box, and every draft box has one mark: 3 Seasons and 1 Cost.
    expect(page.match(/class="draft-mark"/g)).toHaveLength(4);
    expect(page.match(/<span class="draft-value[ "]/g)).toHaveLength(4);
    // Every note a mark controls is on the page, and out of search.
    for (const [, id] of page.matchAll(/aria-controls="(draft-note-\d+)"/g))
      expect(page).toMatch(new RegExp(`<span class="draft-note" id="${id}" role="note" data-pagefind-ignore>`));
  });

  it('says once, above the entries, a value that no entry has printed', async () => {
    const page = await eventsPage();
    const once = /<aside class="collection-drafts" data-pagefind-ignore>[\s\S]*?<\/aside>/.exec(page)?.[0] ?? '';
    expect(textOf(once)).toBe(
      ' draft Not printed in the rulebook for any entry here; where a value is shown, it is a draft: Season : The test rules do not name the seasons. ',
    );
    expect(page.match(/collection-drafts/g)).toHaveLength(1);
    // The seasons' note is said once as text; each value carries it only in its (closed) note and tooltip.
    expect(textOf(main(page).replace(/<span class="draft-note"[\s\S]*?<\/span>/g, '')).split(SEASON_NOTE)).toHaveLength(2);
    // No entry repeats it in a badge or a note list of its own.
    expect(page).not.toMatch(/<details class="draft-notes"[^>]*>[\s\S]*?seasons/);
  });

  it('says why a field is empty instead of "—", and leaves out a field an entry does not have', async () => {
    const page = await eventsPage();
    const bounty = articleOf(page, 'scout-bounty');
    expect(bounty).toMatch(
      /<dt>Cost<\/dt><dd><span class="draft-value is-empty"><span class="draft-figure">not given by the rulebook<\/span><button type="button" class="draft-mark"[^>]*>draft<\/button><span class="draft-note"[^>]*>The test rules do not print this card&#x27;s cost\.<\/span><\/span><\/dd>/,
    );
    // Lâmpada Velha's cost is printed as none: no row at all.
    expect(articleOf(page, 'lampada-velha')).not.toContain('<dt>Cost</dt>');
    expect(textOf(main(page))).not.toContain('—');
  });

  it('speaks of values not decided yet in a game of its own (no source)', async () => {
    const page = await eventsPage(true);
    expect(articleOf(page, 'scout-bounty')).toContain('<span class="draft-figure">not decided yet</span>');
    expect(page).toContain('Not decided yet for any entry here; where a value is shown, it is a draft:');
    expect(page).not.toMatch(/rulebook for any entry|not given by the rulebook/);
  });
});

describe('draft notes and search', () => {
  it('Pagefind indexes the drafted values but none of their notes', async () => {
    const files = await siteOf(await fixtureProject('board', edits()));
    const indexed = pagefindFragments(files);
    const events = indexed.find((f) => f.url === '/board/events.html');
    expect(events?.content).toContain('Spring');
    expect(events?.content).toContain('Scout Bounty');
    for (const note of [SEASON_NOTE, COST_NOTE, 'do not name', 'do not print']) expect(events?.content).not.toContain(note);
  });
});
