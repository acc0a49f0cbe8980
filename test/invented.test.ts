import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureProject, runCli, swap } from './helpers.ts';
import { siteOf } from './site/built.ts';
import { mainText } from './site/presentation-text.ts';

// Issue #18: a game without `source:` is invented, not transcribed. Everything
// the tool says of its drafts speaks of values not decided yet, never of a
// rulebook it does not have; a game with `source:` keeps every word as before.

/** The words that speak of a rulebook or of printed text, in English and in Portuguese. */
const RULEBOOK_WORDS = /rulebook|printed|transcri|livro de regras|impress/i;

/**
 * The duo fixture (en and pt-BR, a transcribed game: `source: Flour Duo test
 * rules`) with a placeholder and a reading added; `invented` takes its
 * `source:` away, and its one field title that says "printed" (the game's
 * own words, not the tool's), so the same content is built both ways.
 */
function duo(invented: boolean): Promise<string> {
  const marks = swap(
    '- name: Salt Pan\n  points: 1\n',
    '- name: Salt Pan\n  points: { placeholder: 1, note: Salt Pan points. }\n  examples:\n    - given: [{ salt: 2 }, { salt: 2 }]\n      expect: { reading: [2, 2], note: Both score their salt. }\n',
  );
  return fixtureProject('duo', {
    'content/duo/harvests.yaml': marks,
    ...(invented
      ? {
          'content/duo/game.yaml': swap('source: Flour Duo test rules\n', ''),
          'schemas/duo/harvest.schema.json': swap('"title": "Printed points"', '"title": "Points"'),
          'content/duo/locales/pt-BR.yaml': swap('points: Pontos impressos', 'points: Pontos'),
        }
      : {}),
  });
}

/** The reader's text of the pages that speak of drafts: the drafts page (intro, readings) and the page of the drafted card (badge, notes), in both locales. */
async function draftPages(root: string): Promise<Record<string, string>> {
  const files = await siteOf(root, { search: false });
  const text = (rel: string) => {
    const html = files.get(rel);
    if (html === undefined) throw new Error(`no page ${rel}`);
    return mainText(String(html)).replace(/\s+/g, ' ');
  };
  return {
    en: text('duo/drafts.html') + text('duo/harvests.html'),
    'pt-BR': text('duo/pt-BR/drafts.html') + text('duo/pt-BR/harvests.html'),
  };
}

describe('an invented game (no source:) speaks of values not decided yet', () => {
  it('its site: the drafts intro, the draft notes, the readings intro and the translation note say nothing of a rulebook or of printed text, in en and pt-BR', async () => {
    const pages = await draftPages(await duo(true));
    expect(pages.en).toContain('Values not decided yet.');
    // The drafted value is marked on itself ("draft"), its note beside it (test/site/drafts.test.ts tests the words of an empty one).
    expect(pages.en).toContain('Points 1 draft Salt Pan points.');
    expect(pages.en).toContain('Where the rules as written leave a case open, a choice was made.');
    expect(pages['pt-BR']).toContain('Valores ainda não decididos.');
    expect(pages['pt-BR']).toContain('Pontos 1 provisório Salt Pan points.');
    expect(pages['pt-BR']).toContain('Onde as regras escritas deixam um caso em aberto');
    expect(pages['pt-BR']).toContain('Uma tradução: as regras estão escritas em outro idioma');
    for (const [locale, text] of Object.entries(pages)) expect(text.match(RULEBOOK_WORDS)?.[0], locale).toBeUndefined();
  });

  it('a transcribed game (with source:) keeps its words: "Not printed in the rulebook", in en and pt-BR', async () => {
    const pages = await draftPages(await duo(false));
    expect(pages.en).toContain('Values the rulebook does not give.');
    expect(pages.en).toContain('Printed points 1 draft Salt Pan points.');
    expect(pages.en).toContain('Where the rulebook is silent, this edition had to choose.');
    expect(pages['pt-BR']).toContain('Valores que o livro de regras não informa.');
    expect(pages['pt-BR']).toContain('Pontos impressos 1 provisório Salt Pan points.');
    expect(pages['pt-BR']).toContain('as frases desta página não são o texto impresso do livro de regras');
  });

  it('`rulebook drafts` and `rulebook report` for an invented game speak of no rulebook and no printed text', async () => {
    const root = await duo(true);
    const drafts = await runCli(['drafts', '--game', 'duo', '-C', root]);
    expect(drafts.code).toBe(0);
    expect(drafts.out).toContain('content/duo/harvests.yaml:11: placeholder harvests/salt-pan/points: Salt Pan points.');
    expect(drafts.out).toContain('reading harvests/salt-pan/examples/0/expect: Both score their salt.');
    expect(drafts.out + drafts.err).not.toMatch(RULEBOOK_WORDS);
    const report = await runCli(['report', '--game', 'duo', '-C', root]);
    expect(report.code).toBe(0);
    expect(report.out).toContain('duo (Flour Duo, en): 1 placeholder left, 1 reading');
    expect(report.out).toContain('rendered (a translation),');
    expect(report.out + report.err).not.toMatch(RULEBOOK_WORDS);
    expect(JSON.parse((await runCli(['report', '--format', 'json', '--game', 'duo', '-C', root])).out)[0].invented).toBe(true);
    // The same game transcribed keeps its words.
    const transcribed = await runCli(['report', '--game', 'duo', '-C', await duo(false)]);
    expect(transcribed.out).toContain('rendered (a translation, not printed),');
  });
});

describe('the scaffold makes an invented game', () => {
  /** The words of a scaffolded file, less the tool's own name where it is a command (`rulebook new`) or the schemas' address (rulebook.dev). */
  const words = (text: string) => text.replace(/rulebook (new|drafts)\b/g, '').replace(/rulebook\.dev/g, '');

  it('`new game`: its files say "Write", never "Transcribe" or "rulebook"; its draft is "To decide"; so do a collection and an entry added to it', async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['new', 'game', 'demo', '-C', root])).code).toBe(0);
    const read = (f: string) => readFile(path.join(root, f), 'utf8');
    const files = {
      manifest: await read('content/demo/game.yaml'),
      cards: await read('content/demo/cards.yaml'),
      schema: await read('schemas/demo/card.schema.json'),
      overview: await read('content/demo/rules/01-overview.md'),
    };
    expect(files.manifest).toContain('Write its rules');
    expect(files.manifest).not.toMatch(/^source:/m);
    expect(files.cards).toContain("# Write the card's text here, in your words.");
    expect(files.cards).toContain(`note: "To decide: the card's text."`);
    for (const [name, text] of Object.entries(files)) expect(words(text).match(RULEBOOK_WORDS)?.[0], name).toBeUndefined();

    // A collection and an entry added to the invented game.
    expect((await runCli(['new', 'collection', 'demo', 'tiles', '-C', root])).code).toBe(0);
    const tiles = await read('content/demo/tiles.yaml');
    expect(tiles).toMatch(/^# Tiles: one entry per item, in the order players should read them\.\n/);
    for (const text of [tiles, await read('schemas/demo/tile.schema.json')]) expect(words(text).match(RULEBOOK_WORDS)?.[0]).toBeUndefined();
    expect((await runCli(['new', 'demo', 'cards', 'Second Card', '-C', root])).code).toBe(0);
    expect(await read('content/demo/cards.yaml')).toContain('text: { placeholder: TODO, note: "To decide: The text players read, in your words." }');
    const drafts = await runCli(['drafts', '--game', 'demo', '-C', root]);
    expect(drafts.out).toContain('placeholder cards/second-card/text: To decide: The text players read, in your words.');
    expect(drafts.out + drafts.err).not.toMatch(RULEBOOK_WORDS);
  });

  it('an entry added to a transcribed game keeps "Not written yet"; a collection added to it keeps "in the rulebook\'s order"', async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['new', 'collection', 'duel', 'tiles', '-C', root])).code).toBe(0);
    const read = (f: string) => readFile(path.join(root, f), 'utf8');
    expect(await read('content/duel/tiles.yaml')).toMatch(/^# Tiles: one entry per item, in the rulebook's order\.\n/);
    expect(JSON.parse(await read('schemas/duel/tile.schema.json')).properties.name.description).toBe('The name as printed.');
    expect((await runCli(['new', 'duel', 'tiles', 'Stone', '-C', root])).code).toBe(0);
    expect(await read('content/duel/tiles.yaml')).toContain(`note: "Not written yet: The text, in the rulebook's words."`);
  });
});
