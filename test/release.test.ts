import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Release } from '../compiler/release/record.ts';
import { readFolder } from '../compiler/write.ts';
import { fixtureProject, gitCommitAll, runCli, swap } from './helpers.ts';

// On the fixture games in scratch git repositories: release, build, read what was written.
const TROPHIES = 'content/duel/trophies.yaml';
const QUIET_NIGHT = '\n- name: The Quiet Night\n  scoring: { op: if, has: { flag: crowned }, points: 1 }\n';

async function edit(root: string, file: string, ...edits: Array<(text: string) => string>): Promise<void> {
  const target = path.join(root, file);
  let text = await readFile(target, 'utf8');
  for (const e of edits) text = e(text);
  await writeFile(target, text);
}

const read = (root: string, file: string) => readFile(path.join(root, file), 'utf8');
const releasesOf = async (root: string) => (parse(await read(root, 'releases.yaml')) as { releases: Release[] }).releases;
const pkgOf = async (root: string) => JSON.parse(await read(root, 'generated/package.json')) as { name: string; version: string };

describe('rulebook release', () => {
  it('writes the version the changes imply, the changelog and the record; the build makes the Changes page from them', async () => {
    const root = await fixtureProject('duel');
    await writeFile(path.join(root, 'rulebook.yaml'), 'package:\n  name: "@lantern/duel-data"\n');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    gitCommitAll(root, 'first release', 'v1.0.0');

    // A new card: minor.
    await edit(root, TROPHIES, (t) => t + QUIET_NIGHT);
    await edit(root, 'content/duel/game.yaml', swap('count: 5', 'count: 6'));
    const first = await runCli(['release', '--date', '2026-11-30', '-C', root]);
    expect(first.code).toBe(0);
    expect(first.out).toBe('release 1.1.0 (minor: 0 major, 1 minor, 0 patch since v1.0.0)\n');
    expect(first.err).toContain('wrote releases.yaml, CHANGELOG.md, generated/package.json');
    expect(await pkgOf(root)).toMatchObject({ name: '@lantern/duel-data', version: '1.1.0' });

    // Released again before the tag (one more fix): the pending release is replaced, not doubled.
    await edit(
      root,
      TROPHIES,
      swap('{ op: per, points: 5, each: { groupsOf: 6, of: { field: coins } } }', '{ op: per, points: 4, each: { groupsOf: 6, of: { field: coins } } }'),
      swap('expect: [10, 0]', 'expect: [8, 0]'),
    );
    expect((await runCli(['release', '--date', '2026-11-30', '-C', root])).code).toBe(0);
    const releases = await releasesOf(root);
    expect(releases.map((r) => [r.version, r.from, r.level, r.date])).toEqual([['1.1.0', 'v1.0.0', 'minor', '2026-11-30']]);
    expect(releases[0]!.games.duel!.map((c) => `${c.level} ${c.change} ${c.id}`)).toEqual([
      'patch rule-changed the-counting-house',
      'patch example-changed the-counting-house',
      'minor entry-added the-quiet-night',
    ]);
    const log = await read(root, 'CHANGELOG.md');
    expect(log.startsWith('# Changelog\n')).toBe(true);
    expect(log.match(/^## /gm)).toHaveLength(1);
    expect(log).toContain(
      '## 1.1.0 (2026-11-30)\n\nCompared with `v1.0.0`: 0 major, 1 minor, 2 patch changes (a minor release of the engine package).\n\n### Lantern Duel\n\n#### Trophy cards\n',
    );
    expect(log).toContain('- **Added** (minor): The Quiet Night\n');

    // The build reads the record: the package keeps the version and the name, and each game gets its Changes page.
    const built = await runCli(['build', '-C', root]);
    expect(built.code).toBe(0);
    expect(await pkgOf(root)).toMatchObject({ name: '@lantern/duel-data', version: '1.1.0' });
    expect(await read(root, 'generated/README.md')).toContain("from '@lantern/duel-data';");
    expect((await runCli(['build', '--check', '-C', root])).code).toBe(0);
    const changes = await read(root, 'docs-site/dist/duel/changes.html');
    expect(changes).toContain('<h2 id="v-1-1-0">Version 1.1.0</h2><p>released on <time datetime="2026-11-30">2026-11-30</time></p>');
    expect(changes).toContain('<li><strong>Added</strong>: <a href="trophies.html#the-quiet-night">The Quiet Night</a> (Trophy cards)</li>');
    expect(changes).toContain(
      '<li><strong>Changed</strong>: <a href="trophies.html#the-counting-house">The Counting House</a> (Trophy cards)<dl class="fields"><dt>Before</dt><dd>Gain 5 points for each set of 6 Silver coins you have at the end of the game.</dd><dt>After</dt><dd>Gain 4 points',
    );
    // A worked example changed is listed apart from the rules changes, after them, by its number.
    expect(changes).toContain(
      '<h3>Worked examples</h3><ul class="changes"><li><strong>Changed</strong>: <a href="trophies.html#the-counting-house">The Counting House</a> (Trophy cards)<dl class="fields"><dt>Worked example 1</dt><dd>10, 0 → 8, 0</dd></dl></li></ul>',
    );
    expect(log).toContain(
      '#### Worked examples changed\n\n- **Worked example changed** (patch): The Counting House, worked example 1 (expected): 10, 0 → 8, 0',
    );
    expect(await read(root, 'docs-site/dist/duel/index.html')).toContain('<a href="changes.html">Changes</a>');

    // The next release counts from its tag: a card removed is major.
    gitCommitAll(root, 'release 1.1.0', 'v1.1.0');
    await edit(root, TROPHIES, swap(QUIET_NIGHT, '\n'));
    await edit(root, 'content/duel/game.yaml', swap('count: 6', 'count: 5'));
    const second = await runCli(['release', '--date', '2026-12-24', '-C', root]);
    expect(second.out).toBe('release 2.0.0 (major: 1 major, 0 minor, 0 patch since v1.1.0)\n');
    expect((await releasesOf(root)).map((r) => r.version)).toEqual(['2.0.0', '1.1.0']);
    expect((await read(root, 'CHANGELOG.md')).match(/^## .*$/gm)).toEqual(['## 2.0.0 (2026-12-24)', '## 1.1.0 (2026-11-30)']);
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const page = await read(root, 'docs-site/dist/duel/changes.html');
    // A removed card is named, not linked: it has no page any more.
    expect(page).toContain('<li><strong>Removed</strong>: The Quiet Night (Trophy cards)</li>');
    expect(page.indexOf('Version 2.0.0')).toBeLessThan(page.indexOf('Version 1.1.0'));

    // Nothing changed since the last tag: nothing to release, nothing written.
    gitCommitAll(root, 'release 2.0.0', 'v2.0.0');
    const before = await readFolder(root);
    const none = await runCli(['release', '-C', root]);
    expect(none.code).toBe(0);
    expect(none.err).toContain('nothing changed since v2.0.0: no release written.');
    const after = await readFolder(root);
    for (const f of ['releases.yaml', 'CHANGELOG.md', 'generated/package.json']) expect(after.get(f)).toEqual(before.get(f));
  });

  it("the Changes page speaks the game's language and links a numbered rule by its number", async () => {
    const root = await fixtureProject('tree');
    gitCommitAll(root, 'base', 'v0.1.0');
    await edit(
      root,
      'content/tree/rules.yaml',
      swap('text: Cada tabuleiro tem clareiras ligadas por caminhos.', 'text: Cada tabuleiro tem clareiras ligadas por caminhos e rios.'),
    );
    const r = await runCli(['release', '--date', '2026-11-30', '-C', root]);
    expect(r.out).toBe('release 0.1.1 (patch: 0 major, 0 minor, 1 patch since v0.1.0)\n');
    // No generated/ yet: the record and the changelog only, and the build writes the version.
    expect(r.err).toContain('wrote releases.yaml, CHANGELOG.md\n');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    expect((await pkgOf(root)).version).toBe('0.1.1');
    const page = await read(root, 'docs-site/dist/tree/changes.html');
    expect(page).toContain('<html lang="pt-BR"');
    expect(page).toContain('<h1>Alterações</h1>');
    expect(page).toContain('<h2 id="v-0-1-1">Versão 0.1.1</h2><p>publicada em');
    expect(page).toMatch(
      /<li><strong>Alterado<\/strong>: <a href="rules\.html#r-16-5">16\.5 Tabuleiros<\/a> \([^)]*\)<dl class="fields"><dt>Antes<\/dt><dd>Cada tabuleiro tem clareiras ligadas por caminhos\.<\/dd><dt>Depois<\/dt><dd>Cada tabuleiro tem clareiras ligadas por caminhos e rios\.<\/dd><\/dl><\/li>/,
    );
  });

  it("names with markup stay text: in the changelog's Markdown and on the Changes page", async () => {
    const root = await fixtureProject('hostile');
    gitCommitAll(root, 'base', 'v1.0.0');
    await edit(
      root,
      'content/hostile/cards.yaml',
      swap('- name: "Evil <script>window.__pwned = 1</script> card"', '- name: "Evil <script>window.__pwned = 2</script> `card` *now*"'),
    );
    expect((await runCli(['release', '--date', '2026-11-30', '-C', root])).code).toBe(0);
    const log = await read(root, 'CHANGELOG.md');
    expect(log).toContain(
      '- **Renamed** (major): Evil \\<script\\>window.\\_\\_pwned = 1\\</script\\> card (`evil-script-window-pwned-1-script-card`) is now Evil \\<script\\>window.\\_\\_pwned = 2\\</script\\> \\`card\\` \\*now\\*',
    );
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const page = await read(root, 'docs-site/dist/hostile/changes.html');
    expect(page).not.toContain('<script>window');
    expect(page).toContain('Evil &lt;script&gt;window.__pwned &#x3D; 2&lt;/script&gt; &#x60;card&#x60; *now*</a>');
  });

  it('with no release tag, says how to mark the last release (exit 2), and writes nothing', async () => {
    const root = await fixtureProject('duel');
    gitCommitAll(root, 'never released');
    const r = await runCli(['release', '-C', root]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no release tag (v1.2.3) in this repository: tag the commit of the last release (`git tag v1.0.0 <commit>`), or pass --from <ref>');
    const files = await readFolder(root);
    expect(files.has('releases.yaml')).toBe(false);
    expect(files.has('CHANGELOG.md')).toBe(false);
    // --from a commit counts from the version the project holds (generated/, or the rulebook's default).
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    await edit(root, TROPHIES, (t) => t + QUIET_NIGHT);
    await edit(root, 'content/duel/game.yaml', swap('count: 5', 'count: 6'));
    const from = await runCli(['release', '--from', 'HEAD', '--date', '2026-11-30', '-C', root]);
    expect(from.code).toBe(0);
    // Recorded by the commit's short hash: `HEAD` names another commit tomorrow.
    const short = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
    expect(from.out).toBe(`release 0.2.0 (minor: 0 major, 1 minor, 0 patch since ${short})\n`);
    expect((await releasesOf(root)).map((r) => r.from)).toEqual([short]);
    // Run again, it replaces its own pending release, counting from the same base (not from the pending version the package now holds).
    expect((await runCli(['release', '--from', 'HEAD', '--date', '2026-11-30', '-C', root])).out).toBe(
      `release 0.2.0 (minor: 0 major, 1 minor, 0 patch since ${short})\n`,
    );
    expect((await releasesOf(root)).map((r) => [r.version, r.base])).toEqual([['0.2.0', '0.1.0']]);
  });

  it('--from replaces the pending release and records the commit by its tag or short hash, never a relative ref', async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    gitCommitAll(root, 'first release', 'v1.0.0');
    await edit(root, TROPHIES, (t) => t + QUIET_NIGHT);
    await edit(root, 'content/duel/game.yaml', swap('count: 5', 'count: 6'));
    expect((await runCli(['release', '--date', '2026-11-30', '-C', root])).out).toBe('release 1.1.0 (minor: 0 major, 1 minor, 0 patch since v1.0.0)\n');
    // Committed but not tagged: 1.1.0 is still pending. HEAD~1 is the commit tagged v1.0.0.
    gitCommitAll(root, 'work in progress');
    await edit(
      root,
      TROPHIES,
      swap('{ op: per, points: 5, each: { groupsOf: 6, of: { field: coins } } }', '{ op: per, points: 4, each: { groupsOf: 6, of: { field: coins } } }'),
      swap('expect: [10, 0]', 'expect: [8, 0]'),
    );
    const r = await runCli(['release', '--from', 'HEAD~1', '--date', '2026-12-01', '-C', root]);
    expect(r.code).toBe(0);
    expect(r.out).toBe('release 1.1.0 (minor: 0 major, 1 minor, 2 patch since v1.0.0)\n');
    expect((await releasesOf(root)).map((x) => [x.version, x.from, x.date])).toEqual([['1.1.0', 'v1.0.0', '2026-12-01']]);
    const log = await read(root, 'CHANGELOG.md');
    expect(log.match(/^## .*$/gm)).toEqual(['## 1.1.0 (2026-12-01)']);
    expect(log).toContain('Compared with `v1.0.0`:');
    expect(log).not.toContain('HEAD');
    expect(await read(root, 'releases.yaml')).not.toContain('HEAD');
  });

  it('--date must be a day of the calendar (exit 2, nothing written)', async () => {
    const root = await fixtureProject('duel');
    gitCommitAll(root, 'first release', 'v1.0.0');
    await edit(root, TROPHIES, (t) => t + QUIET_NIGHT);
    await edit(root, 'content/duel/game.yaml', swap('count: 5', 'count: 6'));
    for (const date of ['2026-13-45', '2026-02-29', '2026-1-5', 'today']) {
      const r = await runCli(['release', '--date', date, '-C', root]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`--date must be a day of the calendar, written YYYY-MM-DD (got "${date}")`);
    }
    expect((await readFolder(root)).has('releases.yaml')).toBe(false);
    expect((await runCli(['release', '--date', '2028-02-29', '-C', root])).code).toBe(0);
  });

  it('a bad package name or an unknown setting in rulebook.yaml is a located error and the build writes nothing', async () => {
    const root = await fixtureProject('duel');
    await writeFile(path.join(root, 'rulebook.yaml'), 'package:\n  name: "Lantern Duel"\n  scop: lantern\n');
    const r = await runCli(['build', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('rulebook.yaml:2:9: error settings-package-name the package name "Lantern Duel" is not one npm accepts');
    expect(r.err).toMatch(/rulebook\.yaml:3:3: error settings-unknown unknown setting "scop"\n[\s\S]*= known here: name/);
    expect(r.err).toContain('nothing was written');
    expect((await readFolder(root)).has('generated/package.json')).toBe(false);
  });

  it('a malformed releases record is a located error, for the build and for release', async () => {
    const root = await fixtureProject('duel');
    await writeFile(path.join(root, 'releases.yaml'), 'releases:\n  - version: one\n    date: 2026-11-30\n');
    const r = await runCli(['build', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('releases.yaml:2:14: error releases-shape release 1: version must be MAJOR.MINOR.PATCH, such as 1.2.0');
    gitCommitAll(root, 'base', 'v1.0.0');
    const rel = await runCli(['release', '-C', root]);
    expect(rel.code).toBe(1);
    expect(rel.err).toContain('release stopped: nothing was written.');
  });
});
