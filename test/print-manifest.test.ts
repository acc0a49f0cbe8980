import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { runCheck } from '../compiler/commands/check-command.ts';
import { diagnosticsOf, makeProject, MINI_GAME, MINI_SCHEMA, ROOT, runCli } from './helpers.ts';

// A collection's printed card (`card:` in game.yaml): its size may be a reading or a draft like any
// value, its back picture must be a picture in the game's folder, and a back template
// (templates/<collection>.back.hbs) is checked like a face and said when nothing prints it.

const CARDS = '- name: Lampião\n  kind: single\n- name: Maria Bonita\n  kind: set\n';
const SIZE_NOTE = 'The rulebook prints no card size; this edition prints the cards at poker size.';

/** MINI_GAME with `card` lines under its `cards` collection (each line indented under `card:`). */
const withCard = (...lines: string[]) => `${MINI_GAME}    card:\n${lines.map((l) => `      ${l}\n`).join('')}`;

/** What `rulebook check` reports (content and presentation), as diagnosticsOf prints it. */
async function checked(root: string): Promise<string[]> {
  const { outcome } = await runCheck(root, { useCache: false });
  return outcome.diagnostics.map(
    (d) =>
      `${d.severity} ${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}${d.notes.length ? ` [${d.notes.join('; ')}]` : ''}`,
  );
}

function mini(game: string, files: Record<string, string> = {}): Promise<string> {
  return makeProject({
    'content/mini/game.yaml': game,
    'content/mini/cards.yaml': CARDS,
    'schemas/mini/card.schema.json': MINI_SCHEMA,
    ...Object.fromEntries(Object.entries(files).map(([rel, text]) => [`content/mini/${rel}`, text])),
  });
}

describe('a card size written as a reading or a draft', () => {
  it('is unwrapped to the size and listed as a reading of the manifest, with its line', async () => {
    const root = await mini(withCard(`size: { reading: poker, note: "${SIZE_NOTE}" }`));
    const result = await check(root);
    expect(result.bag.errorCount).toBe(0);
    const linked = result.games[0]!.linked;
    expect(linked.game.collections.get('cards')!.decl.card).toEqual({ size: 'poker' });
    expect(linked.readings).toEqual([
      { collection: '(manifest)', id: 'mini', path: '/collections/cards/card/size', note: SIZE_NOTE, file: 'content/mini/game.yaml', line: 10 },
    ]);
    expect(linked.placeholders).toEqual([]);
  });

  it('`rulebook drafts` lists it as a reading, and the drafts page links it to the collection it sizes', async () => {
    const root = await mini(withCard(`size: { reading: [63, 88], note: "${SIZE_NOTE}" }`));
    const drafts = await runCli(['drafts', '-C', root]);
    expect(drafts.code).toBe(0);
    expect(drafts.out).toBe(`content/mini/game.yaml:10: reading (manifest)/mini/collections/cards/card/size: ${SIZE_NOTE}\n`);
    expect(drafts.err).toContain('0 placeholders and 1 reading in 1 game');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const page = await readFile(path.join(root, 'docs-site/dist/mini/drafts.html'), 'utf8');
    // Named by the collection's title (its name when it has none), not "the whole game".
    expect(page).toContain(`<li><a href="cards.html">cards</a> (Mini): ${SIZE_NOTE}</li>`);
  });

  it('a size not decided yet is a placeholder: a draft, not a reading', async () => {
    const root = await mini(withCard('size: { placeholder: poker, note: "Not decided yet: the printer\'s quote is awaited." }'));
    const linked = (await check(root)).games[0]!.linked;
    expect(linked.placeholders.map((p) => [p.collection, p.path])).toEqual([['(manifest)', '/collections/cards/card/size']]);
    expect(linked.readings).toEqual([]);
  });

  it('a reading without its note is refused at the mark, as anywhere else', async () => {
    const root = await mini(withCard('size: { reading: poker }'));
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/game.yaml:10:13 reading-note: a reading needs a `note:` saying what the rules leave open and what was chosen',
    ]);
  });
});

describe('the back picture', () => {
  it('a picture in the game folder is fine, and so is a printed collection no component counts', async () => {
    const root = await mini(withCard('size: poker', 'back: images/back.svg'), {
      'images/back.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 63 88"><rect width="63" height="88"/></svg>',
    });
    expect(await diagnosticsOf(root)).toEqual([]);
  });

  it('one that does not exist is an error at the `back:` value, saying where to put it', async () => {
    const root = await mini(withCard('size: poker', 'back: images/bakc.svg'));
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/game.yaml:11:13 card-back-missing: the back picture "images/bakc.svg" of collection "cards" does not exist in the game\'s folder [put the picture at content/mini/images/bakc.svg, or correct the path]',
    ]);
    // The check is a content error: `build` fails on it, as on a missing source file.
    expect((await runCli(['build', '-C', root])).code).toBe(1);
  });

  it('one outside the game folder, or not a picture print can draw, is refused', async () => {
    const outside = await mini(withCard('size: poker', 'back: ../../back.png'));
    expect(await diagnosticsOf(outside)).toEqual([
      'error content/mini/game.yaml:11:13 card-back-outside: the back picture "../../back.png" of collection "cards" is outside the game\'s folder: keep it inside, so a clone of the repository prints the same cards',
    ]);
    const psd = await mini(withCard('size: poker', 'back: images/back.psd'), { 'images/back.psd': 'not a picture print draws' });
    expect(await diagnosticsOf(psd)).toEqual([
      'error content/mini/game.yaml:11:13 card-back-format: the back picture "images/back.psd" of collection "cards" is not a picture print can draw: give an SVG, PNG or JPEG file',
    ]);
  });

  it('beside a back template it is never printed: a warning at `back:`', async () => {
    const root = await mini(withCard('size: poker', 'back: images/back.png'), {
      'images/back.png': 'png bytes',
      'templates/cards.back.hbs': ':::back\n**Mini**\n:::\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'warning content/mini/game.yaml:11:13 card-back-unused: collection "cards" has a back template (templates/cards.back.hbs), which is printed: its back picture "images/back.png" is not used [keep one of the two: the template draws each card\'s own back, the picture is one back for all]',
    ]);
  });
});

describe('a back template', () => {
  it('of a collection without `card:` is never printed: a warning saying the line to add', async () => {
    const root = await mini(MINI_GAME, { 'templates/cards.back.hbs': ':::back\n**Mini**\n:::\n' });
    expect(await diagnosticsOf(root)).toEqual([
      'warning content/mini/templates/cards.back.hbs:1:1 back-template-unused: this back template is never printed: collection "cards" has no `card:` in content/mini/game.yaml [give the collection its printed size: `card: { size: poker }` under `cards:`]',
    ]);
  });

  it('named after no collection is never printed either', async () => {
    const root = await mini(withCard('size: poker'), { 'templates/crads.back.hbs': ':::back\n**Mini**\n:::\n' });
    expect(await diagnosticsOf(root)).toEqual([
      'warning content/mini/templates/crads.back.hbs:1:1 back-template-unused: this back template is never printed: the game has no collection "crads"',
    ]);
  });

  it('of a printed collection is checked like a face (by `check`): a field the schema lacks, a template that does not compile', async () => {
    const fields = await mini(withCard('size: poker'), { 'templates/cards.back.hbs': ':::back\n{{value "kind"}} {{stat "pionts"}}\n:::\n' });
    expect((await checked(fields)).filter((d) => !d.includes('title-missing'))).toEqual([
      'warning content/mini/templates/cards.back.hbs:2:18 template-field: "pionts" is not a property of cards entries (schema schemas/mini/card.schema.json)',
    ]);
    const broken = await mini(withCard('size: poker'), { 'templates/cards.back.hbs': ':::back\n{{#if kind}}\n:::\n' });
    const diagnostics = await checked(broken);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatch(
      /^warning content\/mini\/templates\/cards\.back\.hbs:\d+:1 template-syntax: this template does not compile, so cards cards print without this back: /,
    );
    // A collection that is not printed: its back template is not read as a back, only said to be unused.
    const unprinted = await mini(MINI_GAME, { 'templates/cards.back.hbs': '{{stat "pionts"}}\n' });
    expect((await checked(unprinted)).map((d) => d.split(' ')[2])).toEqual(['back-template-unused:']);
  });
});

describe('the bundled games', () => {
  // The issue's list: Cangaço's cards and Cordel cards (and its Station cards), Cangaceiros' Chief, Action, Life Goal and Volantes cards.
  const PRINTED = { cangaco: ['cards', 'cordel', 'stations'], cangaceiros: ['chiefs', 'actionCards', 'lifeGoals', 'volantesCards'] };
  const manifest = (game: string) =>
    parse(readFileSync(path.join(ROOT, 'content', game, 'game.yaml'), 'utf8')) as { collections: Record<string, { card?: unknown }> };

  it('print the collections the issue names, at a size that is a reading (the rulebooks print none), each with a back template', () => {
    for (const [game, names] of Object.entries(PRINTED)) {
      const collections = manifest(game).collections;
      expect(
        Object.keys(collections).filter((c) => collections[c]!.card),
        game,
      ).toEqual(names);
      for (const name of names) {
        const size = (collections[name]!.card as { size: { reading?: unknown; note?: string } }).size;
        expect(size.reading, `${game} ${name}`).toBe('poker');
        expect(size.note, `${game} ${name}`).toMatch(/^The rulebook prints no card size; /);
      }
      const backs = readdirSync(path.join(ROOT, 'content', game, 'templates')).filter((f) => f.endsWith('.back.hbs'));
      expect(backs.sort(), game).toEqual(names.map((n) => `${n}.back.hbs`).sort());
    }
  });

  it('the rulebook itself prints no card size (were one added to the source, the reading would be wrong)', () => {
    for (const game of Object.keys(PRINTED)) {
      const dir = path.join(ROOT, 'content', game, 'source');
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
        const text = readFileSync(path.join(dir, file), 'utf8');
        expect(text, file).not.toMatch(/\d\s*(mm|cm|millimet|inch|")|\d+\s*[x×]\s*\d+/i);
      }
    }
  });

  it('the backs draw what the rulebooks say a back shows: an Action card its deck, a Volantes card its figures', () => {
    const back = (game: string, name: string) => readFileSync(path.join(ROOT, 'content', game, 'templates', `${name}.back.hbs`), 'utf8');
    // "a unique color, which appears on card backs": the deck's box is classed by the deck, and names it.
    expect(back('cangaceiros', 'actionCards')).toContain(':::back-{{deck}}');
    expect(back('cangaceiros', 'actionCards')).toContain('{{value "deck"}}');
    // "Separate the cards based on the back (1, 2, or 3 Volantes figures)".
    expect(back('cangaceiros', 'volantesCards')).toContain('{{stat "backFigures"}}');
  });

  it('check without a word about their card sizes or backs, and list the seven size readings', async () => {
    const result = await check(ROOT);
    const about = result.bag.sorted().filter((d) => /card-back|back-template|\.back\.hbs|card\/size/.test(`${d.ruleId} ${d.file} ${d.message}`));
    expect(about).toEqual([]);
    const sizes = result.games.flatMap((g) =>
      g.linked.readings
        .filter((r) => r.collection === '(manifest)' && /^\/collections\/[^/]+\/card\/size$/.test(r.path))
        .map((r) => `${g.linked.game.manifest.id} ${r.path}`),
    );
    expect(sizes.sort()).toEqual(
      Object.entries(PRINTED)
        .flatMap(([game, names]) => names.map((n) => `${game} /collections/${n}/card/size`))
        .sort(),
    );
  });
});
