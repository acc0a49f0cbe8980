import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFolder } from '../compiler/write.ts';
import { fixturesProject, ROOT } from './helpers.ts';

const run = promisify(execFile);
const CLI = path.join(ROOT, 'bin', 'rulebook.js');
const SHUFFLE = path.join(ROOT, 'test', 'hostile', 'shuffle-readdir.mjs');
// Every fixture game: English and pt-BR text, a map, numbered rules, a glossary, card faces and markup to escape.
const GAMES = ['duel', 'board', 'tree', 'hostile'];

/** The SHA-256 of every file a build writes (the package and the site), path -> hash. */
async function hashes(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const folder of ['generated', 'docs-site/dist']) {
    for (const [rel, bytes] of await readFolder(path.join(root, folder))) out.set(`${folder}/${rel}`, createHash('sha256').update(bytes).digest('hex'));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The paths whose hashes differ between two builds (missing on one side included). */
function differing(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
}

interface Variant {
  /** Environment over a neutral base (TZ=UTC, LANG=C). */
  env?: Record<string, string>;
  /** Where the CLI runs, relative to the project ('.' the project itself); outside it, `-C` names the project. */
  cwd: 'project' | 'elsewhere' | 'elsewhere-relative';
}

/** Build a fresh copy of the project under one variant, in a separate process; return its files' hashes. */
async function buildUnder(project: string, variant: Variant): Promise<Map<string, string>> {
  // A copy at another absolute path: a build must not depend on where the project lies either.
  const root = await mkdtemp(path.join(tmpdir(), 'rulebook-determinism-'));
  await cp(project, root, { recursive: true });
  const elsewhere = await mkdtemp(path.join(tmpdir(), 'rulebook-elsewhere-'));
  await mkdir(elsewhere, { recursive: true });
  const args = [CLI, 'build'];
  let cwd = root;
  if (variant.cwd === 'elsewhere') {
    cwd = elsewhere;
    args.push('-C', root);
  } else if (variant.cwd === 'elsewhere-relative') {
    cwd = elsewhere;
    args.push('-C', path.relative(elsewhere, root));
  }
  const base = { ...process.env, TZ: 'UTC', LANG: 'C', LC_ALL: '', LANGUAGE: '', NODE_OPTIONS: '' };
  const { stderr } = await run(process.execPath, args, { cwd, env: { ...base, ...variant.env }, maxBuffer: 64 * 1024 * 1024 });
  expect(stderr).toMatch(/wrote generated\//);
  return hashes(root);
}

describe('builds are byte-identical', () => {
  let project = '';
  let reference = new Map<string, string>();
  beforeAll(async () => {
    project = await fixturesProject(GAMES);
    // Several rules pages in one folder, so the order of a listing has something to change (the pages' order, Previous / Next).
    for (const [name, title] of [
      ['02-setup.md', 'Setup'],
      ['03-turns.md', 'Turns'],
      ['04-end.md', 'End of the game'],
    ]) {
      await writeFile(path.join(project, 'content', 'duel', 'rules', name!), `# ${title}\n\nWhat happens in ${title!.toLowerCase()}.\n`);
    }
    reference = await buildUnder(project, { cwd: 'project' });
  });

  it('the reference build writes the package and the site', () => {
    expect([...reference.keys()].filter((k) => k.startsWith('generated/')).length).toBeGreaterThan(4);
    expect([...reference.keys()].filter((k) => k.endsWith('.html')).length).toBeGreaterThan(10);
    expect(reference.has('docs-site/dist/tree/rules.html')).toBe(true);
  });

  it('across two runs', async () => {
    expect(differing(reference, await buildUnder(project, { cwd: 'project' }))).toEqual([]);
  });

  it('across time zones', async () => {
    expect(differing(reference, await buildUnder(project, { cwd: 'project', env: { TZ: 'Pacific/Kiritimati' } }))).toEqual([]);
  });

  it('across locales (LANG and LC_ALL)', async () => {
    expect(differing(reference, await buildUnder(project, { cwd: 'project', env: { LANG: 'pt_BR.UTF-8', LC_ALL: 'pt_BR.UTF-8', LANGUAGE: 'pt_BR' } }))).toEqual(
      [],
    );
    expect(
      differing(reference, await buildUnder(project, { cwd: 'project', env: { LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8', TZ: 'Asia/Kathmandu' } })),
    ).toEqual([]);
  });

  it('across working directories (-C with an absolute and a relative path)', async () => {
    expect(differing(reference, await buildUnder(project, { cwd: 'elsewhere' }))).toEqual([]);
    expect(differing(reference, await buildUnder(project, { cwd: 'elsewhere-relative' }))).toEqual([]);
  });

  it('across file-system order (every readdir shuffled)', async () => {
    const env = { NODE_OPTIONS: `--import ${SHUFFLE}` };
    expect(differing(reference, await buildUnder(project, { cwd: 'project', env }))).toEqual([]);
    expect(
      differing(
        reference,
        await buildUnder(project, { cwd: 'elsewhere', env: { ...env, TZ: 'Pacific/Kiritimati', LANG: 'pt_BR.UTF-8', LC_ALL: 'pt_BR.UTF-8' } }),
      ),
    ).toEqual([]);
  });
});
