// `rulebook serve` keeps what makes the next save cheap (emit-site/render-memo.ts), and nothing older: a render's
// memo must let go of the render before it, or every save keeps every earlier game alive (serve's memory grew
// by about 16 MB a save at 30,000 cards). Measured by reachability (a WeakRef after a full collection), not by size.
import { describe, expect, it } from 'vitest';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { renderSite } from '../compiler/emit-site/site.ts';
import { RenderMemo } from '../compiler/emit-site/render-memo.ts';
import { check } from '../compiler/pipeline.ts';
import { collectGarbage } from '../compiler/serve/idle-gc.ts';
import { makeProject } from './helpers.ts';

describe("serve's render memo", () => {
  it('lets go of the game it drew two renders ago', async () => {
    const root = await makeProject({});
    await writeSyntheticGame(root, { cards: 60, perFile: 30 });
    const memo = new RenderMemo();
    const firsts: Array<WeakRef<object>> = [];
    let last = '';
    for (let i = 0; i < 3; i++) {
      // A fresh check each time, as a save gives serve new games (new entries, new arrays).
      const { games, bag } = await check(root);
      expect(bag.errorCount).toBe(0);
      firsts.push(new WeakRef([...games[0]!.linked.game.collections.values()][0]!.entries));
      memo.resetCounts();
      const site = renderSite(games, { base: '/', memo });
      // The memo was used: the second and third renders reuse every entry's drawing.
      if (i > 0) expect(memo.reused).toBeGreaterThan(0);
      last = String(site.get('synth/cards.html') ?? '');
    }
    expect(last).toContain('<article');
    await collectGarbage();
    // The first render's entries are gone; the last render's are what the memo holds for the next.
    expect(firsts[0]!.deref()).toBeUndefined();
    expect(firsts[2]!.deref()).toBeDefined();
  });
});
