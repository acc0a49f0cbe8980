// `rulebook serve` draws again only the entries a save touched (emit-site/render-memo.ts): after every save of a
// sequence the site it holds is, byte for byte, what a fresh render of the same content gives.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { emitPackage } from '../compiler/emit-code/emit.ts';
import { renderSite } from '../compiler/emit-site/site.ts';
import { check } from '../compiler/pipeline.ts';
import { LiveSite } from '../compiler/serve/live-site.ts';
import { readFolder } from '../compiler/write.ts';
import { makeProject } from './helpers.ts';

type Card = Record<string, unknown>;

/** The game's pages and data files, as serve holds them and as a fresh render draws them (not the search index: the search helper's). */
async function sameAsFresh(live: LiveSite, root: string): Promise<void> {
  // A save whose pages changed makes the field-query data in the background: compared once it is written.
  await live.settled();
  const fresh = await check(root);
  expect(fresh.bag.errorCount).toBe(0);
  const want = renderSite(fresh.games, { base: '/' });
  const ours = (files: Map<string, string | Uint8Array>) => new Map([...files].filter(([p]) => p.startsWith('synth/')));
  const got = ours(live.site);
  const expected = ours(want);
  expect([...got.keys()]).toEqual([...expected.keys()]);
  for (const [p, c] of expected) expect(got.get(p), p).toBe(c);
}

/** Change the cards of one file, save it under serve, and hold the site to a fresh render; the memo's counts for that save. */
async function saveCards(live: LiveSite, root: string, file: string, change: (cards: Card[]) => void): Promise<LiveSite['memo']> {
  const cards = parse(await readFile(file, 'utf8')) as Card[];
  change(cards);
  await writeFile(file, stringify(cards, { lineWidth: 0 }));
  live.memo.resetCounts();
  const report = await live.update([file]);
  expect(report.ok, report.errors).toBe(true);
  await sameAsFresh(live, root);
  return live.memo;
}

describe('serve draws again only what a save touched, and the site stays what a fresh render gives', () => {
  it('text, name, shown value, sort field, reference, draft, new and deleted entries, a broken save', async () => {
    const root = await makeProject({});
    // 450 cards, 50 a file: three pages of Cards, names shared between cards (the heading tells them apart by a field).
    await writeSyntheticGame(root, { cards: 450, perFile: 50 });
    const fileOf = (n: number) => path.join(root, 'content/synth/cards', `cards-${String(n).padStart(5, '0')}.yaml`);
    const live = new LiveSite(root, { base: '/', version: '0' });
    expect((await live.init()).ok).toBe(true);
    await sameAsFresh(live, root);

    const edit = async (n: number, change: (cards: Card[]) => Card[] | void, ok = true) => {
      const cards = parse(await readFile(fileOf(n), 'utf8')) as Card[];
      const changed = change(cards) ?? cards;
      await writeFile(fileOf(n), stringify(changed, { lineWidth: 0 }));
      live.memo.resetCounts();
      const report = await live.update([fileOf(n)]);
      expect(report.ok, report.errors).toBe(ok);
      if (ok) await sameAsFresh(live, root);
      return live.memo;
    };
    const cardsOf = async (n: number) => parse(await readFile(fileOf(n), 'utf8')) as Card[];

    // One card's text: that card is drawn again (and any card that names it), the other 449 come from the memo.
    const text = await edit(4, (cards) => void (cards[3]!.text = 'A new text for this card.'));
    expect(text.drawn).toBeGreaterThanOrEqual(1);
    expect(text.drawn).toBeLessThanOrEqual(3);
    expect(text.reused).toBeGreaterThanOrEqual(447);
    // The pages that do not hold it are given back as they were, not framed again (and compared at once).
    const cardPages = [...live.site.keys()].filter((p) => /^synth\/cards(\.\d+)?\.html$/.test(p));
    expect(cardPages.length).toBe(3);
    expect(text.pagesKept).toBeGreaterThanOrEqual(cardPages.length - 1);
    // What is made of the whole collection (its filters, sort fields, entry list, page list) is the last render's:
    // a card's words are none of it.
    expect(text.partsKept).toBeGreaterThan(0);
    expect(text.partsMade).toBe(0);

    // A name another card shows (its `refersTo` link): the cards that link to it show the new name.
    const target = (await cardsOf(0))[0]!;
    const referrers = (await Promise.all([...Array(9).keys()].map(cardsOf))).flat().filter((c) => c.refersTo === target.id);
    await edit(0, (cards) => void (cards[0]!.name = 'Renamed Card'));
    expect(referrers.length + 1).toBeLessThanOrEqual(live.memo.drawn);

    // A value another card's heading may show (the kind tells same-named cards apart), then a filter and sort field.
    // Both reach the collection's filters or sort columns: those are made anew (and match a fresh render: sameAsFresh).
    expect((await edit(2, (cards) => void (cards[10]!.kind = cards[10]!.kind === 'tool' ? 'goal' : 'tool'))).partsMade).toBeGreaterThan(0);
    expect((await edit(5, (cards) => void (cards[7]!.cost = 10 - (cards[7]!.cost as number)))).partsMade).toBeGreaterThan(0);
    // A field readers see but neither filter nor sort by, added as words to one card: the whole-collection parts stay.
    expect((await edit(5, (cards) => void (cards[8]!.text = `${String(cards[8]!.text)} More.`))).partsMade).toBe(0);
    // A reference to another card.
    await edit(6, (cards) => void (cards[1]!.refersTo = target.id));
    // A draft marked, then unmarked.
    await edit(7, (cards) => void (cards[2]!.points = { placeholder: 3, note: 'Not printed yet.' }));
    await edit(7, (cards) => void (cards[2]!.points = 3));
    // A new entry, then a deleted one (the entries after it move up a place).
    await edit(8, (cards) => [...cards, { ...structuredClone(cards[0]!), id: 'a-new-card', name: 'A New Card' }]);
    const named = new Set((await Promise.all([...Array(9).keys()].map(cardsOf))).flat().map((c) => c.refersTo));
    await edit(1, (cards) => cards.filter((c, i) => i < 3 || named.has(c.id) || c !== cards.find((x, j) => j >= 3 && !named.has(x.id))));
    expect((await cardsOf(1)).length).toBe(49);
    // A broken save keeps the last good site; the fix after it gives the fresh render again.
    await edit(3, (cards) => void (cards[0]!.cost = 'many'), false);
    await edit(3, (cards) => void (cards[0]!.cost = 4));
    // And a plain text edit after all that still draws only the card.
    const again = await edit(4, (cards) => void (cards[5]!.text = 'Another text.'));
    expect(again.drawn).toBeLessThanOrEqual(3);
    await live.settled();
  }, 120_000);

  it("an editor's temporary file in a save keeps the other entries' drawings; a saved manifest draws them all anew", async () => {
    const root = await makeProject({});
    await writeSyntheticGame(root, { cards: 150, perFile: 50 });
    const file = path.join(root, 'content/synth/cards/cards-00001.yaml');
    const live = new LiveSite(root, { base: '/', version: '0' });
    expect((await live.init()).ok).toBe(true);
    // `sed -i`: the card file and its temporary twin in one batch, then the twin's late removal in a batch of its own.
    const temp = path.join(root, 'content/synth/cards/sedlXCnCs');
    const cards = parse(await readFile(file, 'utf8')) as Card[];
    cards[0]!.text = 'Saved through a temporary file.';
    await writeFile(temp, 'half a file');
    await writeFile(file, stringify(cards, { lineWidth: 0 }));
    await rm(temp);
    live.memo.resetCounts();
    expect((await live.update([file, temp])).ok).toBe(true);
    // The saved card and the cards that name it; not the 150.
    expect(live.memo.drawn).toBeGreaterThanOrEqual(1);
    expect(live.memo.drawn).toBeLessThan(10);
    live.memo.resetCounts();
    expect((await live.update([temp])).ok).toBe(true);
    expect(live.memo.drawn).toBe(0);
    await sameAsFresh(live, root);
    // The manifest may change how every entry is drawn.
    const manifest = path.join(root, 'content/synth/game.yaml');
    await writeFile(manifest, `${await readFile(manifest, 'utf8')}\n`);
    live.memo.resetCounts();
    expect((await live.update([manifest])).ok).toBe(true);
    expect(live.memo.drawn).toBeGreaterThanOrEqual(150);
    await sameAsFresh(live, root);
  });

  it('a draft every card has is said once above them, and stays so through a text save until one card gives its value', async () => {
    const root = await makeProject({});
    await writeSyntheticGame(root, { cards: 120, perFile: 40 });
    // Points not given yet: the schema lets the field be empty (as the bundled Cangaço's card kinds are).
    const schema = path.join(root, 'schemas/synth/card.schema.json');
    await writeFile(
      schema,
      (await readFile(schema, 'utf8')).replace('"title": "Points",\n      "type": "integer"', '"title": "Points",\n      "type": ["integer", "null"]'),
    );
    const files = [0, 1, 2].map((n) => path.join(root, 'content/synth/cards', `cards-0000${n}.yaml`));
    for (const f of files) {
      const cards = (parse(await readFile(f, 'utf8')) as Card[]).map((c) => ({
        ...c,
        points: { placeholder: null, note: 'Not on the proof yet.' },
      }));
      await writeFile(f, stringify(cards, { lineWidth: 0 }));
    }
    const live = new LiveSite(root, { base: '/', version: '0' });
    const first = await live.init();
    expect(first.ok, first.errors).toBe(true);
    await sameAsFresh(live, root);
    const page = () => String(live.site.get('synth/cards.html'));
    const said = (html: string) => html.split('Not on the proof yet.').length - 1;
    const above = (html: string) => html.includes('class="collection-drafts"');
    // Said once for the whole collection (the line above the cards), not on each of the 120.
    expect(above(page())).toBe(true);
    expect(said(page())).toBe(1);
    const save = (change: (cards: Card[]) => void) => saveCards(live, root, files[1]!, change);
    await save((cards) => void (cards[4]!.text = 'New words for one card.'));
    expect(live.memo.partsMade).toBe(0);
    expect(said(page())).toBe(1);
    // One card's points given: the draft is no longer every card's, so each drafted card says it (as a fresh render does).
    await save((cards) => void (cards[4]!.points = 2));
    expect(above(page())).toBe(false);
    expect(said(page())).toBeGreaterThanOrEqual(119);
    await live.settled();
  }, 120_000);

  it('saves in one large file: a text, a line added above the drafts, a draft note, a new draft, a whole card drafted', async () => {
    // Every entry of a re-read file is compared with its last drawing: one whose value and place are the same, in a file
    // whose drafts all stayed, is passed without looking its drafts up (render-memo.ts marksKept). After each save the
    // site is what a fresh render draws.
    const root = await makeProject({});
    await writeSyntheticGame(root, { cards: 160, perFile: 160 });
    // A card may be drafted whole (`provenance: placeholder` with a note), as the bundled games' map sides are.
    const schema = path.join(root, 'schemas/synth/card.schema.json');
    await writeFile(
      schema,
      (await readFile(schema, 'utf8')).replace(
        '"properties": {',
        '"properties": {\n    "provenance": { "enum": ["placeholder"], "description": "Drafted" },\n    "note": { "type": "string", "description": "Why" },',
      ),
    );
    const file = path.join(root, 'content/synth/cards.yaml');
    const live = new LiveSite(root, { base: '/', version: '0' });
    const first = await live.init();
    expect(first.ok, first.errors).toBe(true);
    await sameAsFresh(live, root);
    const save = (change: (cards: Card[]) => void) => saveCards(live, root, file, change);
    const drafted = (cards: Card[]) => cards.findIndex((c) => typeof c.points === 'object');
    // A text of the same length in lines: the other cards keep their drawings.
    const text = await save((cards) => void (cards[3]!.text = 'One new line of text.'));
    expect(text.reused).toBeGreaterThanOrEqual(157);
    // One card in the middle saved twice, its text as long both times: the file's text is compared with its last once
    // (in each locale), not once an entry. Compared for each entry, two texts of the same length were read up to where
    // they differ each time: a second save of one card in a 30,000-card file took 15 s.
    await save((cards) => void (cards[80]!.text = 'A text of the same length, A.'));
    const twice = await save((cards) => void (cards[80]!.text = 'A text of the same length, B.'));
    expect(twice.reused).toBeGreaterThanOrEqual(157);
    expect(twice.textsCompared).toBeGreaterThan(0);
    expect(twice.textsCompared).toBeLessThanOrEqual(2);
    // A line added above every draft: the drafts move down a line, their values do not.
    await save((cards) => void (cards[0]!.text = 'Two lines\nof text now.'));
    // A draft's note reworded, then a card that had its points given a draft of them.
    await save((cards) => void ((cards[drafted(cards)]!.points as Card).note = 'Still not on the proof.'));
    await save((cards) => void (cards[20]!.points = { placeholder: 1, note: 'A new draft.' }));
    // A whole card drafted below the last draft, then a line added above it (it moves, no mark does: it is compared
    // the long way, by its drafts, as before).
    await save((cards) => Object.assign(cards[150]!, { provenance: 'placeholder', note: 'The whole card is a draft.' }));
    await save((cards) => void (cards[140]!.text = 'Three lines\nof text\nhere.'));
    await live.settled();
  }, 120_000);

  it('a card moved to another page (pageBy): the cards that link to it link to its new page', async () => {
    const root = await makeProject({});
    await writeSyntheticGame(root, { cards: 200, perFile: 50 });
    const manifest = path.join(root, 'content/synth/game.yaml');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('    type: Card\n', '    type: Card\n    pageBy: kind\n'));
    const file = path.join(root, 'content/synth/cards/cards-00001.yaml');
    const live = new LiveSite(root, { base: '/', version: '0' });
    expect((await live.init()).ok).toBe(true);
    await sameAsFresh(live, root);
    const all = (await Promise.all([0, 1, 2, 3].map(async (n) => parse(await readFile(file.replace('00001', `0000${n}`), 'utf8')) as Card[]))).flat();
    const cards = parse(await readFile(file, 'utf8')) as Card[];
    // A card some other card links to, moved to another kind's page.
    const moved = cards.find((c) => all.some((x) => x.refersTo === c.id))!;
    moved.kind = moved.kind === 'tool' ? 'goal' : 'tool';
    await writeFile(file, stringify(cards, { lineWidth: 0 }));
    live.memo.resetCounts();
    expect((await live.update([file])).ok).toBe(true);
    await sameAsFresh(live, root);
    // The moved card and the cards that link to it are drawn again; the others are not.
    expect(live.memo.drawn).toBeGreaterThanOrEqual(1 + all.filter((x) => x.refersTo === moved.id).length);
    expect(live.memo.reused).toBeGreaterThan(150);
    // generated/, rewritten in the background file by file, is what a fresh build's emitPackage gives.
    await live.settled();
    const fresh = await check(root);
    const pkg = emitPackage(fresh.games, fresh.schemas, '0');
    const onDisk = await readFolder(path.join(root, 'generated'));
    expect([...onDisk.keys()].sort()).toEqual([...pkg.keys()].sort());
    for (const [rel, c] of pkg) expect(onDisk.get(rel)?.toString('utf8'), rel).toBe(c);
    // pagefind/, written file by file (only the changed ones), holds exactly the index serve holds.
    const index = await readFolder(path.join(root, 'docs-site/dist/pagefind'));
    const held = [...live.site].filter(([p]) => p.startsWith('pagefind/'));
    expect(held.length).toBeGreaterThan(0);
    expect([...index.keys()].sort()).toEqual(held.map(([p]) => p.slice('pagefind/'.length)).sort());
    for (const [p, c] of held) expect(index.get(p.slice('pagefind/'.length))?.equals(Buffer.from(c)), p).toBe(true);
  }, 120_000);
});
