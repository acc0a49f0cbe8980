// The engine package of a card database as its maintainers keep it (test/fixtures/ccg/generate.ts): each card's name
// and copies come from the dataset's own fields (`fields: { name: title, copies: quantity }`), every printing of a
// reprinted title is found by name, and the ban list is keyed by the card ID union, at 1,000 and at 30,000 printings.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitPackage } from '../compiler/emit-code/emit.ts';
import type { CheckedGame } from '../compiler/model.ts';
import { check } from '../compiler/pipeline.ts';
import { textOf } from '../compiler/text.ts';
import { writeCcgGame } from './fixtures/ccg/generate.ts';
import { consumerOf, diagnostics, inNode } from './package-consumer.ts';

/** Write the CCG database at this size, check it (no errors) and write its package (not the site) to generated/. */
async function ccgPackage(cards: number): Promise<{ root: string; game: CheckedGame }> {
  const root = await mkdtemp(path.join(tmpdir(), `rulebook-ccg-package-${cards}-`));
  await writeCcgGame(root, { cards });
  const result = await check(root);
  expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
  await mkdir(path.join(root, 'generated'));
  for (const [file, text] of emitPackage(result.games, result.schemas, '0')) await writeFile(path.join(root, 'generated', file), text);
  return { root, game: result.games[0]! };
}

/** A title printed more than once, with the codes of its printings in source order. */
function reprinted(game: CheckedGame): { title: string; ids: string[] } {
  const byTitle = new Map<string, string[]>();
  for (const e of game.linked.game.collections.get('cards')!.entries) byTitle.set(textOf(e.name), [...(byTitle.get(textOf(e.name)) ?? []), e.id]);
  const [title, ids] = [...byTitle].find(([, ids]) => ids.length > 1)!;
  return { title, ids };
}

describe('the engine package of a CCG database at 1,000 printings', () => {
  let root = '';
  let game: CheckedGame;

  beforeAll(async () => {
    ({ root, game } = await ccgPackage(1000));
  }, 120_000);

  it('keeps the cards in a data module, each with its own fields and its name and copies from the roles', async () => {
    const first = game.linked.game.collections.get('cards')!.entries[0]!;
    const got = await inNode(
      path.join(root, 'generated', 'index.js'),
      `const c = pkg.ccg.cards.all[0];
      console.log(JSON.stringify({ count: pkg.ccg.cards.all.length, keys: Object.keys(c).slice(0, 5), name: c.name, title: c.title, copies: c.copies, quantity: c.quantity }));`,
    );
    expect(got).toEqual({
      count: 1000,
      keys: ['id', 'name', 'copies', 'code', 'title'],
      name: first.value.title,
      title: first.value.title,
      copies: first.value.quantity,
      quantity: first.value.quantity,
    });
  });

  it('byName gives every printing of a reprinted title, in source order, and nothing for a name no card has', async () => {
    const { title, ids } = reprinted(game);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const got = await inNode(
      path.join(root, 'generated', 'index.js'),
      `const c = pkg.ccg.cards;
      console.log(JSON.stringify({
        ids: c.byName[${JSON.stringify(title)}],
        unknown: [c.byName['constructor'] ?? null, c.byName['__proto__'] ?? null],
        frozen: [Object.isFrozen(c.byName), Object.isFrozen(c.byName[${JSON.stringify(title)}])],
        every: Object.values(c.byName).flat().length,
      }));`,
    );
    expect(got).toEqual({ ids, unknown: [null, null], frozen: [true, true], every: 1000 });
  });

  it("a strict consumer: the ban list's keys and byName's IDs are the card ID union, so a wrong code is a type error", async () => {
    const consumer = await consumerOf(path.join(root, 'generated'));
    const { title, ids } = reprinted(game);
    const good = path.join(consumer, 'good.ts');
    const bad = path.join(consumer, 'bad.ts');
    await writeFile(
      good,
      `import { ccg } from 'rulebook-generated';
import type { BanList, Card, CardId } from 'rulebook-generated/ccg';
export const limit: number | undefined = ccg.banlists.all[0]!.cards[${JSON.stringify(ids[0])}];
export const list: BanList['cards'] = { ${JSON.stringify(ids[1])}: 0 };
export const printings: readonly CardId[] | undefined = ccg.cards.byName[${JSON.stringify(title)}];
const card: Card = ccg.cards.byId[${JSON.stringify(ids[0])}];
export const named: [string, string, number] = [card.name, card.title, card.copies];
`,
    );
    await writeFile(
      bad,
      `import { ccg } from 'rulebook-generated';
import type { BanList, PackId } from 'rulebook-generated/ccg';
export const limit: number | undefined = ccg.banlists.all[0]!.cards['999999'];
export const list: BanList['cards'] = { '999998': 0 };
export const packs: readonly PackId[] | undefined = ccg.cards.byName[${JSON.stringify(title)}];
`,
    );
    expect(diagnostics(good)).toEqual([]);
    const errors = diagnostics(good, bad);
    expect(errors.map((e) => e.split(' ')[0])).toEqual(['bad.ts:3', 'bad.ts:4', 'bad.ts:5']);
    expect(errors[0]).toContain('999999');
    expect(errors[1]).toContain('999998');
  }, 60_000);
});

// At a real database's size the package still type-checks, strict, in a consumer (the time it takes is measured
// by the bench, not asserted here: a shared machine's clock says more about its neighbours than about the package).
describe('the engine package of a CCG database at 30,000 printings', () => {
  it('a strict consumer type-checks it, and a wrong card code is still an error', async () => {
    const { root, game } = await ccgPackage(30000);
    const consumer = await consumerOf(path.join(root, 'generated'));
    const last = game.linked.game.collections.get('cards')!.entries.at(-1)!;
    const file = path.join(consumer, 'use.ts');
    await writeFile(
      file,
      `import { ccg } from 'rulebook-generated';
import type { BanList, CardId } from 'rulebook-generated/ccg';
export const last: CardId = ${JSON.stringify(last.id)};
export const name: string = ccg.cards.byId[last].name;
export const printings: readonly CardId[] | undefined = ccg.cards.byName[name];
export const list: BanList['cards'] = { [last]: 0, '999999': 1 };
`,
    );
    const errors = diagnostics(file);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^use\.ts:6 TS2353 .*999999/);
    expect(errors.join('\n')).not.toContain('TS2590');
  }, 300_000);
});
