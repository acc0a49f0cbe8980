// A data module (data-module.ts) made again after a save takes each untouched entry's text as it was
// (emit-code/entry-text-memo.ts): after every save of a sequence, serve's package is, byte for byte, what a fresh
// check and emit of the same content give, and only the saved entries were serialised again.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { dataPartCounts } from '../compiler/emit-code/data-module.ts';
import { clearEmitCache, emitPackage } from '../compiler/emit-code/emit.ts';
import { entryTextCounts } from '../compiler/emit-code/entry-text-memo.ts';
import { check } from '../compiler/pipeline.ts';
import { Project } from '../compiler/serve/project.ts';
import { makeProject } from './helpers.ts';

type Card = Record<string, unknown>;

// Whole, and in parts of 40 entries (data-module.ts PART_ENTRIES, as at 30,000 cards): a part whose entries' texts
// were all kept keeps its source.
describe.each([{ partSize: undefined }, { partSize: 40 }])(
  "a data module made again after a save keeps the untouched entries' text (parts of $partSize)",
  ({ partSize }) => {
    it('text, name, cost, draft, new, deleted and moved entries, a broken save: the same bytes as a fresh emit', async () => {
      const root = await makeProject({});
      await writeSyntheticGame(root, { cards: 300, perFile: 50 });
      const fileOf = (n: number) => path.join(root, 'content/synth/cards', `cards-${String(n).padStart(5, '0')}.yaml`);
      const project = new Project(root);
      await project.loadAll();
      // Every collection through the data-module path (literalLimit 0), as at 10,000 cards.
      const options = { literalLimit: 0, partSize };
      const ours = () => emitPackage(project.checkedGames!, project.schemas, '0', undefined, options);
      const sameAsFresh = async () => {
        entryTextCounts.made = entryTextCounts.kept = 0;
        dataPartCounts.made = dataPartCounts.kept = 0;
        const got = ours();
        const counts = { ...entryTextCounts, parts: { ...dataPartCounts } };
        const fresh = await check(root);
        expect(fresh.bag.errorCount).toBe(0);
        // The plain path: no kept text (the memo is the process's, and a fresh check may share the parse cache's values).
        clearEmitCache();
        const want = emitPackage(fresh.games, fresh.schemas, '0', undefined, options);
        expect([...got.keys()]).toEqual([...want.keys()]);
        for (const [p, c] of want) expect(got.get(p), p).toBe(c);
        // Serve's next emit starts from a memo filled by its own (the plain one's values are not serve's objects).
        clearEmitCache();
        ours();
        return counts;
      };
      const first = ours();
      expect(first.has('synth.cards.js')).toBe(true);
      expect(first.has('synth.cards.8.js')).toBe(!!partSize);
      const edit = async (n: number, change: (cards: Card[]) => Card[] | void, ok = true) => {
        const cards = parse(await readFile(fileOf(n), 'utf8')) as Card[];
        await writeFile(fileOf(n), stringify(change(cards) ?? cards, { lineWidth: 0 }));
        await project.update([fileOf(n)]);
        expect(!!project.checkedGames).toBe(ok);
        if (!ok) return;
        return sameAsFresh();
      };

      // One card's text: that card alone is made again. Its file of 50 cards is re-read entry by entry
      // (load/entry-reparse.ts), which gives its other 49 cards their value objects as they were.
      const one = (await edit(4, (cards) => void (cards[3]!.text = 'A new text for this card.')))!;
      expect(one).toEqual({ made: 1, kept: 299, parts: partSize ? { made: 1, kept: 7 } : { made: 0, kept: 0 } });
      await edit(0, (cards) => void (cards[0]!.name = 'Renamed Card'));
      await edit(2, (cards) => void (cards[7]!.cost = 10 - (cards[7]!.cost as number)));
      await edit(3, (cards) => void (cards[2]!.points = { placeholder: 3, note: 'Not printed yet.' }));
      await edit(3, (cards) => void (cards[2]!.points = 3));
      await edit(5, (cards) => [...cards, { ...structuredClone(cards[0]!), id: 'a-new-card', name: 'A New Card' }]);
      await edit(1, (cards) => [cards[1]!, cards[0]!, ...cards.slice(2)]);
      await edit(1, (cards) => cards.filter((c) => !(c.id === 'a-new-card' || cards.some((x) => x.refersTo === c.id)) || c !== cards[cards.length - 1]));
      await edit(2, (cards) => void (cards[0]!.cost = 'many'), false);
      await edit(2, (cards) => void (cards[0]!.cost = 4));
    }, 120_000);
  },
);
