import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFolder, recover } from '../compiler/write.ts';
import { fixtureProject, ROOT, swap } from './helpers.ts';

const CLI = path.join(ROOT, 'bin', 'rulebook.js');
const OUTPUTS = ['generated', path.join('docs-site', 'dist')];
const TROPHIES = 'content/duel/trophies.yaml';
// Two versions of the content whose builds differ in the package and in the site.
const V1 = (y: string) => y;
const V2 = (y: string) =>
  swap(
    'The Lantern Race',
    'The Lamplighters Race',
  )(swap('awards: [5, 3, 2]', 'awards: [6, 3, 2]')(swap('expect: [5, 2, 3]', 'expect: [6, 2, 3]')(swap('expect: [5, 5, 2]', 'expect: [6, 6, 2]')(y))));

type Snapshot = Map<string, Buffer>;

async function outputsOf(root: string): Promise<Snapshot[]> {
  return Promise.all(OUTPUTS.map((o) => readFolder(path.join(root, o))));
}

function spawnBuild(root: string): ChildProcess {
  return spawn(process.execPath, [CLI, 'build', '-C', root], { stdio: ['ignore', 'ignore', 'pipe'] });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Build one version of the content to completion in its own copy of the project: what a build of it writes, and how long it took. */
async function buildOf(project: string, version: (y: string) => string): Promise<{ outputs: Snapshot[]; ms: number }> {
  const root = await mkdtemp(path.join(tmpdir(), 'rulebook-kill-ref-'));
  await cp(project, root, { recursive: true });
  const file = path.join(root, TROPHIES);
  await writeFile(file, version(await readFile(file, 'utf8')));
  const t0 = performance.now();
  const done = await exited(spawnBuild(root));
  expect(done.code).toBe(0);
  return { outputs: await outputsOf(root), ms: performance.now() - t0 };
}

/** Which of the expected versions a folder equals byte for byte, or a description of how it is neither (a mix, a truncated or missing file). */
function whichVersion(folder: Snapshot, versions: Snapshot[]): number | string {
  const i = versions.findIndex((v) => v.size === folder.size && [...v].every(([rel, bytes]) => folder.get(rel)?.equals(bytes)));
  if (i >= 0) return i;
  if (!folder.size) return 'missing or empty';
  const bad = [...new Set([...folder.keys(), ...versions[0]!.keys()])].filter(
    (rel) => !versions.some((v) => v.get(rel) && folder.get(rel)?.equals(v.get(rel)!)),
  );
  return `a mix: ${bad.slice(0, 5).join(', ')}`;
}

/** The temporary folders replaceFolder leaves beside the outputs of a killed build. */
async function temporaries(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const dir of [root, path.join(root, 'docs-site')]) for (const name of await readdir(dir)) if (/\.(new|old)-\d+-\d+$/.test(name)) found.push(name);
  return found;
}

describe('a build killed at a random moment', () => {
  it('leaves each output folder whole: the previous build or the new one, never a mix, a truncated file or a missing folder', async () => {
    const project = await fixtureProject('duel');
    const [one, two] = [await buildOf(project, V1), await buildOf(project, V2)];
    for (const [i, o] of OUTPUTS.entries()) expect(whichVersion(two.outputs[i]!, [one.outputs[i]!]), `${o} differs between the two versions`).not.toBe(0);
    const root = await mkdtemp(path.join(tmpdir(), 'rulebook-kill-'));
    await cp(project, root, { recursive: true });
    const file = path.join(root, TROPHIES);
    const original = await readFile(file, 'utf8');
    expect((await exited(spawnBuild(root))).code).toBe(0);
    // How long a build takes here and now: the first estimate from the reference builds, lowered by each build that ends before its kill.
    let full = Math.min(one.ms, two.ms);
    let killedMidway = 0;
    for (let i = 0; i < 10; i++) {
      // Alternate the content, so each build would change every output folder.
      await writeFile(file, (i % 2 ? V1 : V2)(original));
      const t0 = performance.now();
      const child = spawnBuild(root);
      const done = exited(child);
      let when: string;
      if (i % 2) {
        // Half the kills land while the outputs are written and swapped: a few ms after the first change beside them (a
        // temporary folder, or the output folder itself for a writer without one). The write phase is 1% of a build:
        // random moments alone would seldom hit it.
        const delay = 25 * Math.random();
        when = `${delay.toFixed(1)} ms into the write`;
        const watchers = [root, path.join(root, 'docs-site')].map((dir) =>
          watch(dir, (_event, name) => {
            if (name && /^(generated|dist)$|\.(new|old)-\d+-\d+$/.test(String(name))) setTimeout(() => child.kill('SIGKILL'), delay);
          }),
        );
        await Promise.race([done, new Promise((r) => setTimeout(r, full * 2))]);
        for (const w of watchers) w.close();
      } else {
        // The other half anywhere in a build.
        const delay = full * Math.random();
        when = `${delay.toFixed(0)} ms`;
        await new Promise((r) => setTimeout(r, delay));
      }
      child.kill('SIGKILL');
      if ((await done).signal === 'SIGKILL') killedMidway++;
      else full = Math.min(full, performance.now() - t0);
      let now = await outputsOf(root);
      // The one moment a folder may be missing: a kill between replaceFolder's two renames (microseconds; no
      // atomic folder exchange in Node). Then the previous folder is beside it, and what the next run does first
      // (`recover`) must bring back a whole version.
      const missing = OUTPUTS.filter((_, k) => !now[k]!.size);
      if (missing.length) {
        for (const o of missing) {
          // Only that moment: the previous folder must stand beside it, renamed away, whole. A writer that
          // deleted the folder first, or wrote into it, would have none and fails here.
          const beside = (await readdir(path.dirname(path.join(root, o)))).filter((n) => n.startsWith(`.${path.basename(o)}.old-`));
          expect(beside, `${o} missing after a kill at ${when}, with no previous folder beside it`).toHaveLength(1);
          await recover(path.join(root, o));
        }
        now = await outputsOf(root);
      }
      for (const [k, o] of OUTPUTS.entries()) {
        expect(whichVersion(now[k]!, [one.outputs[k]!, two.outputs[k]!]), `${o} after a kill at ${when}`).toBeTypeOf('number');
      }
    }
    // The kills must have landed during builds, not after them, for the test to test anything.
    expect(killedMidway).toBeGreaterThan(5);
    // The next build completes, writes the new version and cleans what the killed ones left.
    await writeFile(file, V2(original));
    const last = spawnBuild(root);
    expect((await exited(last)).code).toBe(0);
    const now = await outputsOf(root);
    for (const [k] of OUTPUTS.entries()) expect(whichVersion(now[k]!, [two.outputs[k]!])).toBe(0);
    expect(await temporaries(root)).toEqual([]);
  });

  it('killed between its two renames, the next run puts the previous folder back and removes the half-written one', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'rulebook-recover-'));
    const target = path.join(parent, 'generated');
    // A process that has ended: its temporary folders are no one's.
    const gone = spawn(process.execPath, ['-e', '']);
    await exited(gone);
    const pid = gone.pid!;
    await mkdir(path.join(parent, `.generated.old-${pid}-1000`));
    await writeFile(path.join(parent, `.generated.old-${pid}-1000`, 'index.js'), 'previous');
    await mkdir(path.join(parent, `.generated.new-${pid}-1000`));
    await writeFile(path.join(parent, `.generated.new-${pid}-1000`, 'index.js'), 'half');
    // This process's own temporary folder (a build running beside) is left alone.
    await mkdir(path.join(parent, `.generated.new-${process.pid}-2000`));
    await recover(target);
    expect(await readFile(path.join(target, 'index.js'), 'utf8')).toBe('previous');
    expect((await readdir(parent)).sort()).toEqual([`.generated.new-${process.pid}-2000`, 'generated']);
    // With the target present, a dead build's leftovers are only removed.
    await rename(path.join(parent, `.generated.new-${process.pid}-2000`), path.join(parent, `.generated.old-${pid}-3000`));
    await recover(target);
    expect(await readdir(parent)).toEqual(['generated']);
    expect(await readFile(path.join(target, 'index.js'), 'utf8')).toBe('previous');
  });
});
