// A search bundle `serve` no longer makes goes with its folder (write.ts `removeEmptiedFolders`), not only its files.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeSearch } from '../compiler/emit-site/search.ts';
import { LiveSite } from '../compiler/serve/live-site.ts';
import { removeEmptiedFolders } from '../compiler/write.ts';
import { fixtureProject } from './helpers.ts';

afterAll(() => closeSearch());

describe('folders emptied by removed files', () => {
  it('are removed, deepest first, and a folder that still holds anything stays', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-emptied-'));
    for (const rel of ['a/b/c/one.txt', 'a/b/two.txt', 'a/d/three.txt', 'e/four.txt', 'top.txt']) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), rel);
    }
    const removed = ['a/b/c/one.txt', 'a/b/two.txt', 'top.txt'];
    for (const rel of removed) await rm(path.join(dir, rel));
    await removeEmptiedFolders(dir, removed);
    expect((await readdir(dir)).sort()).toEqual(['a', 'e']);
    expect(await readdir(path.join(dir, 'a'))).toEqual(['d']);
    expect(existsSync(path.join(dir, 'e/four.txt'))).toBe(true);
  });

  it('under serve: a search bundle the site no longer needs leaves no folder behind', async () => {
    const root = await fixtureProject('duel');
    const before = process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
    // Small bundles for the first build, so the duel's English pages make several.
    process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = '5000';
    try {
      const live = new LiveSite(root, { base: '/', version: '0' });
      await live.init();
      await live.settled();
      const pagefind = path.join(root, 'docs-site/dist/pagefind');
      const split = (await readdir(pagefind)).filter((f) => /^en\.\d+$/.test(f));
      expect(split.length).toBeGreaterThan(1);
      // One bundle again: a save re-indexes, and the split bundles' files and folders go.
      process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = '100000000';
      const file = path.join(root, 'content/duel/trophies.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('The Lantern Race', 'The Lamplighters Race'));
      await live.update([file]);
      const report = await live.settled();
      expect(report?.searchPages).toBeGreaterThan(0);
      expect((await readdir(pagefind)).filter((f) => /^en\.\d+$/.test(f))).toEqual([]);
      expect(JSON.parse(await readFile(path.join(pagefind, 'bundles.json'), 'utf8'))).toEqual([['en', 'en']]);
      live.stop();
    } finally {
      if (before === undefined) delete process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
      else process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = before;
    }
  }, 120_000);
});
