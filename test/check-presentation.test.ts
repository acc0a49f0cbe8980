// `check` runs the presentation checks from check-presentation.ts, which loads the markup tools (remark, rehype) only
// for a game that has what they check; `build` runs them all loaded (faces.ts). Both must say the same, on games that
// need each tool and on games that need none.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPresentation as checkLazily, needsMarkupChecks } from '../compiler/emit-site/check-presentation.ts';
import { checkPresentation as checkLoaded } from '../compiler/emit-site/faces.ts';
import { check } from '../compiler/pipeline.ts';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { writeCcgGame } from './fixtures/ccg/generate.ts';
import { treeWithHostileIcon } from './site/icon-fixture.ts';

const REPO = path.resolve(import.meta.dirname, '..');

/** The presentation diagnostics of `root`, by one way of running the checks. */
async function presentation(root: string, run: typeof checkLazily): Promise<string[]> {
  const result = await check(root);
  const before = new Set(result.bag.sorted().map((d) => JSON.stringify(d)));
  await run(root, result.games, result.bag, result.sources);
  return result.bag
    .sorted()
    .map((d) => JSON.stringify(d))
    .filter((d) => !before.has(d));
}

async function sameBothWays(root: string): Promise<string[]> {
  const lazily = await presentation(root, checkLazily);
  const loaded = await presentation(root, async (...args) => checkLoaded(...args));
  expect(lazily).toEqual(loaded);
  return lazily;
}

/** A temporary copy of the synthetic game (the bench's), as one JSON file, after `edit` of that file. */
async function syntheticJson(edit: (text: string) => string = (t) => t): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'rulebook-check-presentation-'));
  await writeSyntheticGame(root, { cards: 5, seed: 1, format: 'json' });
  const file = path.join(root, 'content', 'synth', 'cards.json');
  await writeFile(file, edit(await readFile(file, 'utf8')));
  return root;
}

describe('presentation checks loaded on demand', () => {
  it('says what the fully loaded checks say on the bundled games (locales, icons, templates, Markdown pages)', async () => {
    await sameBothWays(REPO);
    const games = (await check(REPO)).games.map((g) => needsMarkupChecks(g.linked.game));
    expect(games.length).toBeGreaterThan(1);
    // Some bundled game needs each tool, so the comparison above ran each one.
    expect(games.some((n) => n.translations)).toBe(true);
  });

  it('says the same on the fixture with a second locale and its untranslated texts', async () => {
    const said = await sameBothWays(path.join(REPO, 'test', 'fixtures', 'games', 'duo'));
    expect(said.some((d) => d.includes('text-untranslated'))).toBe(true);
  });

  it('says the same on icon pictures, hostile ones included', async () => {
    const said = await sameBothWays(await treeWithHostileIcon());
    expect(said.some((d) => d.includes('icon-image'))).toBe(true);
  });

  it('says the same on HTML texts whose tags the site removes', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'rulebook-check-presentation-ccg-'));
    await writeCcgGame(root, { cards: 30 });
    const file = path.join(root, 'content/ccg/packs/p001.yaml');
    const cards = await readFile(file, 'utf8');
    await writeFile(file, cards.replace('When you install this, draw 1 card.', 'When you install this<script>alert(1)</script>, draw 1 card.'));
    const said = await sameBothWays(root);
    expect(said.some((d) => d.includes('html-removed'))).toBe(true);
  });

  it('needs no markup tool for plain JSON data, and the sanitiser once a text holds a tag, written or escaped', async () => {
    const plain = await check(await syntheticJson());
    expect(needsMarkupChecks(plain.games[0]!.linked.game)).toEqual({ formatted: false, icons: false, translations: false });
    for (const tag of ['<b>', '\\u003cb>', '\\u003Cb>']) {
      const tagged = await check(await syntheticJson((t) => t.replace(/"name": "/, `"name": "${tag}`)));
      expect(needsMarkupChecks(tagged.games[0]!.linked.game).formatted, tag).toBe(true);
    }
  });
});
