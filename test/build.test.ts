import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFolder } from '../compiler/write.ts';
import { fixtureProject, runCli, swap } from './helpers.ts';

// Every test here builds the small `duel` fixture game (test/fixtures/games/duel),
// never a bundled game: a designer's edit to content/ cannot break them.
const TROPHIES = 'content/duel/trophies.yaml';

describe('rulebook build', () => {
  it('writes generated/ and the site, then a build with errors leaves both untouched', async () => {
    const root = await fixtureProject('duel');
    const first = await runCli(['build', '-C', root]);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/built duel: 4 trophies; 4 compiled rules/);
    expect(first.err).toMatch(
      /phases: schemas \d+ ms, load \d+ ms, validate \d+ ms, link \d+ ms, rules \d+ ms, emit site \d+ ms, emit code \d+ ms, search index \(beside emit code\) \d+ ms, search wait \d+ ms, write \d+ ms/,
    );
    const generated = await readFolder(path.join(root, 'generated'));
    const site = await readFolder(path.join(root, 'docs-site', 'dist'));
    expect(generated.has('duel.js')).toBe(true);
    expect(generated.has('duel.d.ts')).toBe(true);
    expect(site.has('duel/trophies.html')).toBe(true);
    expect(site.has('duel/rules/overview.html')).toBe(true);

    const trophies = path.join(root, TROPHIES);
    await writeFile(trophies, swap('awards: [5, 3, 2]', 'awards: [5, 3, two]')(await readFile(trophies, 'utf8')));
    const second = await runCli(['build', '-C', root]);
    expect(second.code).toBe(1);
    // The place and the rule id are what this test holds; the wording of a schema message is the validator's.
    expect(second.err).toMatch(/^content\/duel\/trophies\.yaml:5:77: error schema-type .*scoring\.awards\[2\]` must be an integer/m);
    expect(second.err).toContain('nothing was written');
    expect(await readFolder(path.join(root, 'generated'))).toEqual(generated);
    expect(await readFolder(path.join(root, 'docs-site', 'dist'))).toEqual(site);
  });

  it('build --check fails on a stale generated/ and names the files', async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    expect((await runCli(['build', '--check', '-C', root])).code).toBe(0);
    const trophies = path.join(root, TROPHIES);
    const edit = (y: string) =>
      swap(
        'expect: [10, 0]',
        'expect: [8, 0]',
      )(swap('{ op: per, points: 5, each: { groupsOf: 6, of: { field: coins } } }', '{ op: per, points: 4, each: { groupsOf: 6, of: { field: coins } } }')(y));
    await writeFile(trophies, edit(await readFile(trophies, 'utf8')));
    const r = await runCli(['build', '--check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('stale:   duel.js');
  });

  it('an example that the rule does not satisfy is a located error', async () => {
    const root = await fixtureProject('duel', { [TROPHIES]: swap('expect: [10, 0]', 'expect: [10, 5]') });
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/duel/trophies.yaml:20:15: error example-mismatch example 1 expects [10, 5] but the rule gives [10, 0]');
  });

  it('a DSL rule naming an undeclared field is a located error with a suggestion', async () => {
    const root = await fixtureProject('duel', { [TROPHIES]: swap('of: { field: coins }', 'of: { field: coinz }') });
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /content\/duel\/trophies\.yaml:16:68: error rule-field "coinz" is not a field of the end state \(declared in game\.yaml under `endState: fields:`\)\n[\s\S]*did you mean "coins"\?/,
    );
  });
});

describe('rulebook drafts', () => {
  it('lists every placeholder with file:line and its note; --format json gives the same as data', async () => {
    const root = await fixtureProject('duel');
    const text = await runCli(['drafts', '--game', 'duel', '-C', root]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(
      /^content\/duel\/trophies\.yaml:24: placeholder trophies\/the-crown-jewel\/scoring\/points: The test rules do not print the Crown's points\.$/m,
    );
    const json = JSON.parse((await runCli(['drafts', '--game', 'duel', '--format', 'json', '-C', root])).out) as Array<{
      collection: string;
      id: string;
      path: string;
    }>;
    expect(json.length).toBe(text.out.trim().split('\n').length);
    expect(json).toContainEqual(expect.objectContaining({ collection: 'trophies', id: 'the-crown-jewel', path: '/flavor' }));
    expect((await runCli(['drafts', '--game', 'nope', '-C', root])).code).toBe(2);
  });
});

describe('the CLI', () => {
  it('--help and --version exit 0; a usage error exits 2', async () => {
    expect((await runCli(['--help'])).code).toBe(0);
    expect((await runCli(['build', '--help'])).out).toContain('--check');
    expect((await runCli(['--version'])).out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await runCli(['frobnicate'])).code).toBe(2);
    expect((await runCli(['check', '--format', 'xml'])).code).toBe(2);
  });
});
