import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFolder } from '../compiler/write.ts';
import { makeProject, projectWithEdit, ROOT, runCli } from './helpers.ts';

describe('rulebook build', () => {
  it('writes generated/ and the site, then a build with errors leaves both untouched', async () => {
    const root = await makeProject({}, { copyContent: ['cangaco'] });
    const first = await runCli(['build', '-C', root]);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/built cangaco: 11 cards, 20 cordel, 3 stations; 20 compiled rules/);
    expect(first.err).toMatch(/phases: schemas \d+ ms, load \d+ ms, validate \d+ ms, link \d+ ms, rules \d+ ms, emit code \d+ ms, emit site \d+ ms/);
    const generated = await readFolder(path.join(root, 'generated'));
    const site = await readFolder(path.join(root, 'docs-site', 'dist'));
    expect(generated.has('cangaco.js')).toBe(true);
    expect(generated.has('cangaco.d.ts')).toBe(true);
    expect(site.has('cangaco/cordel.html')).toBe(true);

    const cordel = path.join(root, 'content/cangaco/cordel.yaml');
    await writeFile(cordel, (await readFile(cordel, 'utf8')).replace('awards: [5, 3, 2]', 'awards: [5, 3, two]'));
    const second = await runCli(['build', '-C', root]);
    expect(second.code).toBe(1);
    expect(second.err).toContain('nothing was written');
    expect(await readFolder(path.join(root, 'generated'))).toEqual(generated);
    expect(await readFolder(path.join(root, 'docs-site', 'dist'))).toEqual(site);
  });

  it('build --check fails on a stale generated/ and names the files', async () => {
    const root = await makeProject({}, { copyContent: ['cangaco'] });
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const cordel = path.join(root, 'content/cangaco/cordel.yaml');
    await writeFile(cordel, (await readFile(cordel, 'utf8')).replace('{ op: per, points: 5, each: { groupsOf: 6, of: { field: flour } } }', '{ op: per, points: 4, each: { groupsOf: 6, of: { field: flour } } }').replace('expect: [10, 0]', 'expect: [8, 0]'));
    const r = await runCli(['build', '--check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('stale:   cangaco.js');
  });

  it('an example that the rule does not satisfy is a located error', async () => {
    const root = await projectWithEdit('cangaco', 'cordel.yaml', (y) => y.replace('expect: [10, 0]', 'expect: [10, 5]'));
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/content\/cangaco\/cordel\.yaml:\d+:15: error example-mismatch example 1 expects \[10, 5\] but the rule gives \[10, 0\]/);
  });

  it('a DSL rule naming an undeclared field is a located error with a suggestion', async () => {
    const root = await projectWithEdit('cangaco', 'cordel.yaml', (y) => y.replace('{ op: per, points: 5, each: { groupsOf: 6, of: { field: flour } } }', '{ op: per, points: 5, each: { groupsOf: 6, of: { field: flours } } }'));
    const r = await runCli(['check', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cordel\.yaml:\d+:\d+: error rule-field "flours" is not a field of CangacoEndState\n[\s\S]*did you mean "flour"\?/);
  });
});

describe('rulebook drafts', () => {
  it('lists every placeholder with file:line and its note; --format json gives the same as data', async () => {
    const text = await runCli(['drafts', '--game', 'cangaco', '-C', ROOT]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^content\/cangaco\/stations\.yaml:\d+: stations\/dry-2\/deal: The rulebook gives the cards dealt for Dry 1 \(7\) and Rain \(8\) only\.$/m);
    const json = JSON.parse((await runCli(['drafts', '--game', 'cangaco', '--format', 'json', '-C', ROOT])).out) as Array<{ collection: string; id: string; path: string }>;
    expect(json.length).toBe(text.out.trim().split('\n').length);
    expect(json).toContainEqual(expect.objectContaining({ collection: 'cards', id: 'os-cabras', path: '/countScoring/0/points' }));
    expect((await runCli(['drafts', '--game', 'nope', '-C', ROOT])).code).toBe(2);
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
