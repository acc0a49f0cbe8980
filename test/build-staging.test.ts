// `build` writes the package and the pages beside their folders while the search index is still being made
// (write.ts `stageFolders`), and swaps them in only once the index is in too. The index is held back here by a hook
// on search-beside.ts, so the test can look at the folders while it is pending, and make it fail.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readFolder } from '../compiler/write.ts';
import { fixtureProject, runCli } from './helpers.ts';

const hooks = vi.hoisted(() => ({ beforeIndex: undefined as undefined | (() => Promise<void>) }));

vi.mock('../compiler/emit-site/search-beside.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../compiler/emit-site/search-beside.ts')>();
  return {
    ...real,
    startSearchIndex: (...args: Parameters<typeof real.startSearchIndex>) => {
      const hook = hooks.beforeIndex;
      return hook ? hook().then(() => real.startSearchIndex(...args)) : real.startSearchIndex(...args);
    },
  };
});

const OUTPUTS = ['generated', path.join('docs-site', 'dist')];

async function outputsOf(root: string): Promise<Array<Map<string, Buffer>>> {
  return Promise.all(OUTPUTS.map((o) => readFolder(path.join(root, o))));
}

/** The staging folders beside the outputs (`.generated.new-<pid>-<time>`, `.dist.new-...`, and set-aside `.old-` ones). */
async function temporaries(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const o of OUTPUTS) {
    const parent = path.dirname(path.join(root, o));
    for (const name of await readdir(parent)) if (/^\.(generated|dist)\.(new|old)-/.test(name)) found.push(path.join(path.relative(root, parent), name));
  }
  return found.sort();
}

/** Wait until both staged folders hold what the build wrote before the index: the package's index module, the home page. */
async function stagedWritten(root: string): Promise<{ generated: string; dist: string }> {
  for (let i = 0; i < 400; i++) {
    const names = await temporaries(root);
    const generated = names.find((n) => n.startsWith('.generated.new-'));
    const dist = names.find((n) => n.includes('.dist.new-'));
    if (generated && dist) {
      const have = await Promise.all([readdir(path.join(root, generated)), readdir(path.join(root, dist))]);
      if (have[0].includes('index.js') && have[1].includes('index.html') && have[1].includes('404.html')) return { generated, dist };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the staged folders were never written');
}

async function renamed(root: string): Promise<void> {
  const file = path.join(root, 'content/duel/trophies.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('The Lantern Race', 'The Lamplighters Race'));
}

describe('a build writes its outputs while the index is made, and swaps them in after it', () => {
  it('has the package and the pages written beside the old ones before the index is done, and swaps in all of it', async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const before = await outputsOf(root);
    await renamed(root);
    let seen: { generated: string; dist: string; pagefind: boolean; oldHome: string } | undefined;
    hooks.beforeIndex = async () => {
      hooks.beforeIndex = undefined;
      const staged = await stagedWritten(root);
      seen = {
        ...staged,
        pagefind: (await readdir(path.join(root, staged.dist))).includes('pagefind'),
        // The folders in place are still the last build's while the new ones are written.
        oldHome: await readFile(path.join(root, 'docs-site/dist/index.html'), 'utf8'),
      };
    };
    const r = await runCli(['build', '-C', root]);
    expect(r.code, r.err).toBe(0);
    expect(seen).toBeDefined();
    expect(seen!.pagefind).toBe(false);
    expect(seen!.oldHome).toBe(before[1]!.get('index.html')!.toString());
    const after = await outputsOf(root);
    expect(after[1]!.get('duel/trophies.html')!.toString()).toContain('The Lamplighters Race');
    expect([...after[1]!.keys()].filter((p) => p.startsWith('pagefind/')).length).toBeGreaterThan(5);
    expect(await temporaries(root)).toEqual([]);
    // The same outputs, byte for byte, as a build of the same content that never waited on its index.
    const plain = await fixtureProject('duel');
    await renamed(plain);
    expect((await runCli(['build', '-C', plain])).code).toBe(0);
    const wanted = await outputsOf(plain);
    for (const [i, folder] of wanted.entries()) {
      expect([...after[i]!.keys()].sort()).toEqual([...folder.keys()].sort());
      expect([...folder].filter(([rel, bytes]) => !after[i]!.get(rel)?.equals(bytes)).map(([rel]) => rel)).toEqual([]);
    }
  }, 120_000);

  it('leaves the last good outputs as they were, and nothing beside them, when the index fails after the writes', async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const before = await outputsOf(root);
    await renamed(root);
    hooks.beforeIndex = async () => {
      hooks.beforeIndex = undefined;
      await stagedWritten(root);
      throw new Error('the index failed');
    };
    await expect(runCli(['build', '-C', root])).rejects.toThrow('the index failed');
    const after = await outputsOf(root);
    for (const [i, folder] of before.entries()) {
      expect([...after[i]!.keys()]).toEqual([...folder.keys()]);
      expect([...folder].filter(([rel, bytes]) => !after[i]!.get(rel)?.equals(bytes)).map(([rel]) => rel)).toEqual([]);
    }
    expect(await temporaries(root)).toEqual([]);
  }, 120_000);
});
