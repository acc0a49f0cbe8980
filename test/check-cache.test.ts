// `rulebook check` answers from node_modules/.cache/rulebook/ when nothing it
// reads has changed, and is never stale: every edit, rename and deletion is seen.
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDir } from '../compiler/cache/check-cache.ts';
import { runCheck } from '../compiler/commands/check-command.ts';
import { makeProject, MINI_GAME, MINI_SCHEMA, runCli } from './helpers.ts';

const GLOB_GAME = MINI_GAME.replace('file: cards.yaml', 'files: "cards/*.yaml"');

async function project(): Promise<string> {
  return makeProject({
    'content/mini/game.yaml': GLOB_GAME,
    'schemas/mini/card.schema.json': MINI_SCHEMA,
    'content/mini/cards/a.yaml': '- { name: Ant, kind: single }\n',
    'content/mini/cards/b.yaml': '- { name: Bee, kind: single, beats: ant }\n',
  });
}

const checkText = async (root: string) => {
  const r = await runCli(['check', '-C', root]);
  return `${r.code}\n${r.out}${r.err}`;
};

describe('the check cache', () => {
  it('a second check with nothing changed answers from the cache, with the same output (code frames included)', async () => {
    const root = await project();
    await writeFile(path.join(root, 'content/mini/cards/b.yaml'), '- { name: Bee, kind: single, beats: ann }\n');
    const first = await runCheck(root);
    expect(first.cached).toBe(false);
    expect((await readdir(cacheDir(root))).filter((f) => f.startsWith('check-'))).toHaveLength(1);
    const again = await runCheck(root);
    expect(again.cached).toBe(true);
    expect(again.outcome).toEqual(first.outcome);
    const cold = await checkText(root); // cached too, by now: compare with a check that cannot use it
    await rm(cacheDir(root), { recursive: true });
    const fresh = await checkText(root);
    expect(cold).toBe(fresh);
    expect(fresh).toContain('> 1 | - { name: Bee, kind: single, beats: ann }');
    expect(fresh).toMatch(/^1\n/);
  });

  it('is never stale: an edit, a rename, a new file and a deleted one each give a fresh result', async () => {
    const root = await project();
    const ids = async () => (await runCheck(root)).outcome.games[0]!.collections[0]!.entries;
    const codes = async () => (await runCheck(root)).outcome.diagnostics.map((d) => `${d.file} ${d.ruleId}`);
    expect(await ids()).toBe(2);
    expect(await codes()).toEqual([]);
    // An edit that breaks a reference.
    await writeFile(path.join(root, 'content/mini/cards/b.yaml'), '- { name: Bee, kind: single, beats: cow }\n');
    expect(await codes()).toEqual(['content/mini/cards/b.yaml ref-unknown']);
    // A new file that the reference now finds.
    await writeFile(path.join(root, 'content/mini/cards/c.yaml'), '- { name: Cow, kind: set }\n');
    expect(await codes()).toEqual([]);
    expect(await ids()).toBe(3);
    // A rename out of the glob: the file is no longer read, and says so.
    await rename(path.join(root, 'content/mini/cards/c.yaml'), path.join(root, 'content/mini/cards/c.txt'));
    expect(await codes()).toEqual(['content/mini/cards/b.yaml ref-unknown']);
    // A deletion.
    await rm(path.join(root, 'content/mini/cards/a.yaml'));
    expect(await ids()).toBe(1);
    // A schema edit: "single" is no longer a kind.
    const narrowed = MINI_SCHEMA.replace(/"single",\s*"set"/, '"set"');
    expect(narrowed).not.toBe(MINI_SCHEMA);
    await writeFile(path.join(root, 'schemas/mini/card.schema.json'), narrowed);
    expect(await codes()).toEqual(['content/mini/cards/b.yaml schema-enum']);
  });

  it('a damaged or deleted cache is only a miss', async () => {
    const root = await project();
    await runCheck(root);
    const [file] = (await readdir(cacheDir(root))).filter((f) => f.startsWith('check-'));
    await writeFile(path.join(cacheDir(root), file!), '{"diagnostics": [');
    const damaged = await runCheck(root);
    expect(damaged.cached).toBe(false);
    expect(damaged.outcome.games[0]!.collections[0]!.entries).toBe(2);
    await rm(path.join(root, 'node_modules'), { recursive: true });
    expect((await runCheck(root)).cached).toBe(false);
    expect((await runCheck(root)).cached).toBe(true);
  });

  it('--game and --quiet filter a cached result as they filter a fresh one', async () => {
    const root = await project();
    await writeFile(path.join(root, 'content/mini/cards/x.yml'), '- { name: Stray }\n'); // an undeclared file: a warning
    const fresh = await runCli(['check', '-C', root, '--game', 'mini', '--quiet']);
    const cached = await runCli(['check', '-C', root, '--game', 'mini', '--quiet']);
    expect(cached).toEqual(fresh);
    expect(fresh.err).toBe('0 errors\n');
    const unknown = await runCli(['check', '-C', root, '--game', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no game "nope" (games: mini)');
    expect(await readFile(path.join(root, 'content/mini/cards/x.yml'), 'utf8')).toContain('Stray');
  });
});
