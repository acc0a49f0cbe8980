import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { emitSite } from '../compiler/emit-site/site.ts';
import { fixturesProject, runCli } from './helpers.ts';
import { FIXTURE_GAMES } from './site/built.ts';

const same = (a: string | Uint8Array | undefined, b: string | Uint8Array | undefined) =>
  a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b));

// The search index built on a worker thread beside the package's emit (compiler/emit-site/search-beside.ts).
describe('the search index beside the emit', () => {
  it('gives the same site, byte for byte, on a worker thread as on the main thread', async () => {
    const result = await check(await fixturesProject(FIXTURE_GAMES));
    expect(result.bag.errorCount).toBe(0);
    const onWorker = await emitSite(result.games, { base: '/', searchThread: 'worker' });
    const onMain = await emitSite(result.games, { base: '/', searchThread: 'main' });
    expect([...onWorker.keys()]).toEqual([...onMain.keys()]);
    expect([...onWorker.keys()].filter((p) => p.startsWith('pagefind/') && p.includes('/fragment/')).length).toBeGreaterThan(5);
    const differ = [...onMain].filter(([p, c]) => !same(c, onWorker.get(p))).map(([p]) => p);
    expect(differ).toEqual([]);
  }, 120_000);

  it('gives the same site with a language split into bundles, indexed on two workers, as on the main thread', async () => {
    const result = await check(await fixturesProject(FIXTURE_GAMES));
    const before = process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
    process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = '20000';
    try {
      const onWorkers = await emitSite(result.games, { base: '/', searchThread: 'worker' });
      const onMain = await emitSite(result.games, { base: '/', searchThread: 'main' });
      const bundles = JSON.parse(Buffer.from(onMain.get('pagefind/bundles.json')!).toString()) as Array<[string, string]>;
      expect(bundles.length).toBeGreaterThanOrEqual(3);
      expect([...onWorkers.keys()]).toEqual([...onMain.keys()]);
      expect([...onMain].filter(([p, c]) => !same(c, onWorkers.get(p))).map(([p]) => p)).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
      else process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = before;
    }
  }, 120_000);

  it("says in the build's phase line what the index took beside the emit", async () => {
    const root = await fixturesProject(['duel']);
    const r = await runCli(['build', '-C', root]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/phases: .*emit site \d+ ms, emit code \d+ ms, search index \(beside emit code\) \d+ ms, search wait \d+ ms, write \d+ ms/);
  }, 120_000);
});
