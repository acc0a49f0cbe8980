// A collection kept in many files: `files: <glob>` in the manifest instead of `file:`.
import { readFile, rename, symlink, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, makeProject, MINI_GAME, MINI_SCHEMA, runCli } from './helpers.ts';

const GLOB_GAME = MINI_GAME.replace('file: cards.yaml', 'files: "cards/*.yaml"');

async function globProject(files: Record<string, string>, manifest = GLOB_GAME): Promise<string> {
  return makeProject({ 'content/mini/game.yaml': manifest, 'schemas/mini/card.schema.json': MINI_SCHEMA, ...files });
}

describe('a collection in many files (`files:` glob)', () => {
  it('reads every matching file in path order, whatever order the names were written in', async () => {
    const root = await globProject({
      'content/mini/cards/b.yaml': '- { name: Bee, kind: single, beats: ant }\n',
      'content/mini/cards/a.yaml': '- { name: Ant, kind: single }\n- { name: Asp, kind: set, beats: bee }\n',
      'content/mini/cards/c.yml': '- { name: Cat, kind: single }\n', // not *.yaml: not part of the glob
    });
    const result = await check(root);
    const ids = result.games[0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id);
    expect(ids).toEqual(['ant', 'asp', 'bee']);
    // The file the glob does not take is said to be unread, once, with its own path.
    expect(result.bag.sorted().map((d) => `${d.severity} ${d.file} ${d.ruleId}`)).toEqual(['warning content/mini/cards/c.yml file-undeclared']);
  });

  it('locates each problem in its own file, and IDs are unique across files', async () => {
    const root = await globProject({
      'content/mini/cards/one.yaml': '- { name: Ant, kind: single }\n',
      'content/mini/cards/two.yaml':
        '- { name: Bee, kind: single }\n- { name: Ant, kind: set }\n- { name: Cow, kind: tall }\n- { name: Dog, kind: set, beats: eel }\n',
    });
    const found = await diagnosticsOf(root);
    // `severity file:line:col rule: message` -> `file:line rule`
    expect(found.map((d) => d.replace(/^\w+ ([^:]+):(\d+):\d+ ([\w-]+):.*$/s, '$1:$2 $3'))).toEqual([
      'content/mini/cards/one.yaml:1 duplicate-id',
      'content/mini/cards/two.yaml:2 duplicate-id',
      'content/mini/cards/two.yaml:3 schema-enum',
      'content/mini/cards/two.yaml:4 ref-unknown',
    ]);
  });

  it('a file that does not parse stops the references into the collection, not the other files', async () => {
    const root = await globProject({
      'content/mini/cards/one.yaml': '- { name: Ant, kind: single, beats: bee }\n',
      'content/mini/cards/two.yaml': '- { name: Bee, kind: single\n',
    });
    const found = await diagnosticsOf(root);
    expect(found.every((d) => d.includes('content/mini/cards/two.yaml'))).toBe(true);
    expect(found.some((d) => d.includes('ref-unknown'))).toBe(false);
  });

  it('says so when the glob matches nothing, when both or neither of file/files is given, and when a path leaves the game', async () => {
    const none = await globProject({});
    expect(await diagnosticsOf(none)).toEqual([
      expect.stringMatching(
        /^error content\/mini\/game.yaml:6:12 collection-file-missing: collection "cards": no file matches "cards\/\*\.yaml" in content\/mini\//,
      ),
    ]);
    const both = await globProject({ 'content/mini/cards.yaml': '[]\n' }, GLOB_GAME.replace('    files:', '    file: cards.yaml\n    files:'));
    expect(await diagnosticsOf(both)).toEqual([
      expect.stringMatching(/^error content\/mini\/game.yaml:7:12 collection-file-choice: collection "cards" gives both `file` and `files`: keep one/),
    ]);
    const neither = await globProject({}, GLOB_GAME.replace('    files: "cards/*.yaml"\n', ''));
    expect(await diagnosticsOf(neither)).toEqual([expect.stringMatching(/collection-file-choice: collection "cards" names no file: add `file: cards.yaml`/)]);
    const outside = await globProject({ 'content/other.yaml': '- { name: Ant, kind: single }\n' }, GLOB_GAME.replace('"cards/*.yaml"', '"../*.yaml"'));
    expect(await diagnosticsOf(outside)).toEqual([
      expect.stringMatching(/collection-file-outside: collection "cards": "\.\.\/\*\.yaml" is outside the game's folder content\/mini\//),
    ]);
    const climbing = await globProject({ 'secret.yaml': '- { name: Ant, kind: single }\n' }, MINI_GAME.replace('file: cards.yaml', 'file: ../../secret.yaml'));
    expect(await diagnosticsOf(climbing)).toEqual([expect.stringMatching(/collection-file-outside/)]);
  });

  it('does not follow a symbolic link loop', async () => {
    const root = await globProject(
      { 'content/mini/cards/a/one.yaml': '- { name: Ant, kind: single }\n' },
      GLOB_GAME.replace('"cards/*.yaml"', '"cards/**/*.yaml"'),
    );
    await symlink('..', path.join(root, 'content/mini/cards/a/loop'));
    const result = await check(root);
    expect(result.games[0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id)).toEqual(['ant']);
  });

  it('`rulebook new` appends to the last file in path order, and a build keeps the entries in order', async () => {
    const root = await globProject({
      'content/mini/cards/001.yaml': '- name: Ant\n  kind: single\n',
      'content/mini/cards/002.yaml': '- name: Bee\n  kind: single\n',
    });
    const made = await runCli(['new', 'mini', 'cards', 'Cow', '-C', root]);
    expect(made.code, made.err).toBe(0);
    expect(await readFile(path.join(root, 'content/mini/cards/002.yaml'), 'utf8')).toContain('name: Cow');
    expect(await readFile(path.join(root, 'content/mini/cards/001.yaml'), 'utf8')).not.toContain('Cow');
    // Renaming a file moves its entries with it: order follows the paths.
    await mkdir(path.join(root, 'content/mini/cards/sub'));
    await rename(path.join(root, 'content/mini/cards/001.yaml'), path.join(root, 'content/mini/cards/003.yaml'));
    const result = await check(root);
    expect(result.games[0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id)).toEqual(['bee', 'cow', 'ant']);
    const built = await runCli(['build', '-C', root]);
    expect(built.code, built.err).toBe(0);
    const pkg = await readFile(path.join(root, 'generated', 'mini.js'), 'utf8');
    expect(pkg.indexOf('"bee"')).toBeLessThan(pkg.indexOf('"ant"'));
  });

  it('a symbolic link that leads out of the game, a constants file outside it and a page nested too deep are refused, located', async () => {
    const root = await globProject({ 'content/mini/cards/a.yaml': '- { name: Ant, kind: single }\n', 'secret.yaml': '- { name: Secret, kind: single }\n' });
    await symlink(path.join(root, 'secret.yaml'), path.join(root, 'content/mini/cards/b.yaml'));
    const linked = await check(root);
    expect(linked.games[0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id)).toEqual(['ant']);
    const single = await globProject({ 'secret.yaml': '- { name: Secret, kind: single }\n' }, MINI_GAME);
    await mkdir(path.join(single, 'content/mini'), { recursive: true });
    await symlink(path.join(single, 'secret.yaml'), path.join(single, 'content/mini/cards.yaml'));
    expect(await diagnosticsOf(single)).toEqual([expect.stringMatching(/^error content\/mini\/game.yaml:6:11 collection-file-outside: /)]);
    const constants = await globProject(
      { 'content/mini/cards/a.yaml': '- { name: Ant, kind: single }\n', 'other.yaml': 'x: 1\n' },
      `${GLOB_GAME}constants: { file: ../../other.yaml, schema: mini/card.schema.json }\n`,
    );
    expect(await diagnosticsOf(constants)).toEqual([
      expect.stringMatching(
        /^error content\/mini\/game.yaml:\d+:\d+ constants-file-outside: constants file "..\/..\/other.yaml" is outside the game's folder content\/mini\//,
      ),
    ]);
    const deep = await globProject({
      'content/mini/cards/a.yaml': '- { name: Ant, kind: single }\n',
      'content/mini/rules/01-deep.md': `# Deep\n\n${'> '.repeat(5000)}text\n`,
    });
    expect(await diagnosticsOf(deep)).toEqual([
      'error content/mini/rules/01-deep.md:3:1 markdown-too-deep: this line nests 5000 levels deep (quotes and lists): a rules page nests a few, at most 50',
    ]);
    const built = await runCli(['build', '-C', deep]);
    expect(built.code).toBe(1);
    expect(built.err).not.toMatch(/internal error/);
  });
});
