import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixtureProject, runCli, swap } from '../helpers.ts';
import { FIXTURE_GAMES, fixturesSite, pagesOf, siteOf } from './built.ts';
import { mainText, propertyNamesShown, schemaNames, stateFieldNames } from './presentation-text.ts';

describe('presentation: the site speaks the game, not the data', () => {
  it('shows no property name in the main text of any page of the fixture games', async () => {
    const files = await fixturesSite();
    const { names, titleWords } = schemaNames(FIXTURE_GAMES.map((g) => path.join(FIXTURES, g, 'schemas', g)));
    for (const g of FIXTURE_GAMES) for (const n of stateFieldNames(readFileSync(path.join(FIXTURES, g, 'content', g, 'game.yaml'), 'utf8'))) names.add(n);
    // The check can fail: the fixtures' entries and states do have names a reader must not see.
    expect([...names]).toEqual(expect.arrayContaining(['flavor', 'copies', 'scoring', 'provenance', 'lanterns', 'crowned', 'scouts']));
    const shown = pagesOf(files)
      .map(([p, html]) => [p, propertyNamesShown(html, names, titleWords)] as const)
      .filter(([, hits]) => hits.length);
    expect(shown).toEqual([]);
  });

  it('draws a collection with its template: labels from the schema titles, stats as labelled numbers', async () => {
    const trophies = String((await fixturesSite()).get('duel/trophies.html'));
    // Two of the four cards have something the template draws (a picture, copies); the others get no empty box.
    expect(trophies.match(/<div class="face-body">/g)).toHaveLength(2);
    expect(trophies).not.toContain('<dl class="fields">');
    // The picture is a draft: drawn in its draft box, with its mark (test: 'marks a drafted value on the value itself').
    expect(trophies).toContain('<div class="face-flavor"><p><em>Picture:</em> <span class="face-draft-value">A crown on a cushion.<button');
    expect(trophies).toContain('<span class="face-stat"><span class="face-stat-label">Copies in the deck</span> <span class="face-stat-value">2</span></span>');
  });

  it('sanitises a template like any content HTML: no script, handler or javascript: URL reaches the page', async () => {
    const root = await fixtureProject('duel');
    await writeFile(
      path.join(root, 'content/duel/templates/trophies.hbs'),
      [
        '<script>alert(1)</script><img src=x onerror="alert(2)">',
        '[click](javascript:alert(3)) <a href="javascript:alert(4)">x</a>',
        ':::stats{onclick="alert(5)" class="evil"}',
        '{{stat "copies"}} <iframe src="https://example.org"></iframe>',
        ':::',
      ].join('\n'),
    );
    const page = String((await siteOf(root, { search: false })).get('duel/trophies.html'));
    const faces = [...page.matchAll(/<div class="face-body">[\s\S]*?<\/article>/g)].map((m) => m[0]).join('\n');
    expect(faces).toContain('<div class="face-stats">');
    expect(faces).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|evil/i);
  });

  it('warns, at the property in the schema file, about a field a template shows without a title; a broken template is a warning and the default face', async () => {
    const root = await fixtureProject('duel');
    await writeFile(path.join(root, 'content/duel/templates/trophies.hbs'), '{{stat "scoring"}} {{value "nonesuch"}}\n');
    const { err, out } = await runCli(['check', '-C', root]);
    const printed = out + err;
    expect(printed).toMatch(/schemas\/duel\/trophy\.schema\.json:14:5: warning title-missing "scoring" has no "title", but the trophies template shows it/);
    expect(printed).toMatch(/content\/duel\/templates\/trophies\.hbs:1:20: warning template-field "nonesuch" is not a property of trophies entries/);

    await writeFile(path.join(root, 'content/duel/templates/trophies.hbs'), '{{#if flavor}}\nunclosed\n');
    const broken = await runCli(['check', '-C', root]);
    expect(broken.code).toBe(0);
    expect(broken.out + broken.err).toMatch(/content\/duel\/templates\/trophies\.hbs:\d+:1: warning template-syntax this template does not compile/);
    const page = String((await siteOf(root, { search: false })).get('duel/trophies.html'));
    expect(page).not.toContain('face-body');
    expect(page).toContain('<dt>Picture</dt>');
  });

  it('shows a value rule as its printed sentences, with its rendered sentence and formula only inside "How it is computed"; an untitled field stays out', async () => {
    const root = await fixtureProject('board', {
      'content/board/game.yaml': swap(
        '  events:\n    file: events.yaml',
        '  goals:\n    file: goals.yaml\n    schema: board/goal.schema.json\n    type: Goal\n    title: Goals\n  events:\n    file: events.yaml',
      ),
    });
    await writeFile(
      path.join(root, 'schemas/board/goal.schema.json'),
      JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://rulebook.dev/schemas/board/goal.schema.json',
        type: 'object',
        additionalProperties: false,
        required: ['name', 'worth'],
        properties: {
          id: { $ref: '../defs.schema.json#/$defs/id', description: 'ID' },
          name: { type: 'string', description: 'Name' },
          secretNote: { type: 'string', description: 'For the engine only.' },
          worth: { $ref: '../dsl.schema.json#/$defs/value', 'x-rule': 'value', description: 'What it is worth.' },
        },
      }),
    );
    await writeFile(
      path.join(root, 'content/board/goals.yaml'),
      [
        '- name: Hoard',
        '  secretNote: kept from readers',
        '  worth: { op: groupsOf, size: 2, text: "Then halve the total, rounding down.", of: { op: sum, text: "Add up what you hold:", of: [{ op: sum, text: "your coins", of: [{ field: coins }] }, { op: sum, text: "your Scouts", of: [{ field: scouts }] }] } }',
        '- name: Tally',
        '  worth: { op: minus, from: 9, subtract: { field: scouts } }',
        '',
      ].join('\n'),
    );
    const page = String((await siteOf(root, { search: false })).get('board/goals.html'));
    const text = mainText(page);
    expect(text).toMatch(/Add up what you hold:\s+your coins\s+your Scouts\s+Then halve the total, rounding down\./);
    // Folded away: the sentence rendered from the data, then the formula in the game's words.
    expect(page).toMatch(
      /<details class="formula"><summary>How it is computed<\/summary><p class="rules-text">1 for every 2 of the total of your coins and Scouts\.<\/p><p><code>⌊\(Coins in the player&#x27;s purse \+ Scouts\) \/ 2⌋<\/code><\/p><\/details>/,
    );
    expect(text).not.toMatch(/coins \+|⌊|−/);
    expect(page).not.toMatch(/secretNote|kept from readers/);
    // A value rule with no printed sentence shows the one rendered from its data, the formula still folded away.
    expect(text).toMatch(/Tally\s[^]*?9 minus your Scouts\./);
    expect(page).toContain(
      '<p class="rules-text">9 minus your Scouts.</p><details class="formula"><summary>How it is computed</summary><p><code>9 − Scouts</code></p></details>',
    );
  });

  it('writes worked examples in the phrases the manifest declares', async () => {
    const files = await fixturesSite();
    const events = mainText(String(files.get('board/events.html')));
    // The situation before, as a rulebook says it; after, only what changed.
    expect(events).toContain('With 3 Scouts and 1 coin');
    expect(events).toMatch(/With 3 Scouts and 1 coin\s+7 coins\n/);
    expect(events).toMatch(/With no coins\s+1 coin\n/);
    const trophies = mainText(String(files.get('duel/trophies.html')));
    // A noun declared only in the plural ("tokens") reads in the singular after 1, not as the locale's "marker".
    expect(trophies).toContain('Player 3: 1 Lantern token\n');
    expect(trophies).toContain('Player 1: 13 Silver coins');
    expect(trophies).toContain('Player 1: 4 banners (1 of a Red colour, 2 of a Gold colour and 1 of a Blue colour)');
    // A flag reads as its phrase, and its absence as "no" and the phrase without its article.
    expect(trophies).toMatch(/Player 1: the Crown\s+Player 2: no Crown/);
    for (const text of [events, trophies]) expect(text).not.toMatch(/\b(coins|scouts|lanterns|banners|crowned) \d/);
  });

  it('marks a drafted value on the value itself, and gives the entry one badge for the drafts no value shows', async () => {
    const page = String((await siteOf(await fixtureProject('duel'), { search: false })).get('duel/trophies.html'));
    const crown = /<article[^>]*aria-labelledby="the-crown-jewel">[\s\S]*?<\/article>/.exec(page)![0];
    // The picture is drawn on the face: the value is in its own box with the word "draft" as a button, its note under it (out of search).
    expect(crown).toMatch(
      /<span class="face-draft-value">A crown on a cushion\.<button type="button" class="draft-mark" aria-expanded="false" aria-controls="(draft-note-\d+)" title="The test rules do not describe this card&#x27;s picture\.">draft<\/button><span class="draft-note" id="\1" role="note" data-pagefind-ignore>The test rules do not describe this card&#x27;s picture\.<\/span><\/span>/,
    );
    // The Crown's points stand in its rule's sentence, not on a value: they keep the one badge on the name and its note, once.
    expect(crown.match(/class="draft"/g)).toHaveLength(1);
    expect(crown).toMatch(
      /<h2 id="the-crown-jewel">The Crown Jewel <span class="draft" data-pagefind-ignore title="The test rules do not print the Crown&#x27;s points\.">draft<\/span><\/h2>/,
    );
    expect(crown).toContain(
      '<details class="draft-notes" data-pagefind-ignore><summary>Not printed in the rulebook (draft values)</summary><ul><li>The test rules do not print the Crown&#x27;s points.</li></ul></details>',
    );
    expect(crown).not.toMatch(/<li>The test rules do not describe/);
  });

  it('groups the drafts page by collection and note, with counts, out of the search index', async () => {
    const root = await fixtureProject('duel', {
      'content/duel/trophies.yaml': swap("note: The test rules do not print the Crown's points.", "note: The test rules do not describe this card's picture."),
    });
    const drafts = String((await siteOf(root, { search: false })).get('duel/drafts.html'));
    expect(drafts).toMatch(/<main[^>]*>[\s\S]*<div data-pagefind-ignore="all">/);
    expect(drafts).toContain('<h2 id="drafts-trophies"><a href="trophies.html">Trophy cards</a> (2 values)</h2>');
    expect(drafts).toContain(
      '<tr><td>The test rules do not describe this card&#x27;s picture.</td><td>2</td><td><a href="trophies.html#the-crown-jewel">The Crown Jewel</a></td></tr>',
    );
    expect(drafts.match(/<tr><td>/g)).toHaveLength(1);
  });
});

describe('presentation helpers', () => {
  it('mainText drops only the formula details', () => {
    expect(
      mainText('<main><p>a</p><details class="formula"><summary>s</summary>x + y</details><details><summary>k</summary></details></main>')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe('a k');
  });

  it('propertyNamesShown finds a property name as a label and in the text, and spares the words of a title', () => {
    const names = new Set(['flavor', 'copies']);
    expect(propertyNamesShown('<main><dl><dt>flavor</dt><dd>x</dd></dl> copies 2</main>', names, new Set())).toEqual(['copies', '<dt>flavor']);
    expect(propertyNamesShown('<main>Make 2 copies. specialAbility</main>', new Set([...names, 'specialAbility']), new Set())).toEqual(['specialAbility']);
    expect(stateFieldNames('endState:\n  type: T\n  fields:\n    lanterns: { kind: count }\nplayerState:\n  - { id: coins, type: count }\nother: 1\n')).toEqual(
      ['lanterns', 'coins'],
    );
  });
});
