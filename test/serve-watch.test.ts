// `rulebook serve` watches content/ and schemas/ (serve/watch.ts): a save is reported, the scratch files editors and
// tools write beside it are not.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEditorScratch, stillWritten, watchProject } from '../compiler/serve/watch.ts';

/** A project with content/g/ and schemas/, as the watcher watches it. */
async function watchedProject(): Promise<{ root: string; dir: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'rulebook-watch-'));
  const dir = path.join(root, 'content', 'g');
  await mkdir(dir, { recursive: true });
  await mkdir(path.join(root, 'schemas'));
  return { root, dir };
}

describe("serve's watcher", () => {
  it('tells scratch files from content by name', () => {
    for (const name of [
      'cards.yaml~',
      '.cards.yaml.swp',
      '.cards.yaml.swo',
      '4913',
      '.#cards.yaml',
      '#cards.yaml#',
      'cards.yaml___jb_tmp___',
      'sedlXCnCs',
      'sed0a1b2c',
      '.DS_Store',
    ])
      expect(isEditorScratch(`/p/content/g/${name}`), name).toBe(true);
    for (const name of ['cards.yaml', 'game.yaml', 'card.schema.json', 'rules.md', 'back.hbs', 'sedan.yaml', 'seduction', 'cards.swp.yaml'])
      expect(isEditorScratch(`/p/content/g/${name}`), name).toBe(false);
  });

  it('reports a saved file and not the scratch files written beside it', async () => {
    const { root, dir } = await watchedProject();
    const batches: string[][] = [];
    const watcher = watchProject(root, (files) => batches.push(files));
    try {
      await watcher.ready;
      // What `sed -i` and vim do around a save.
      await writeFile(path.join(dir, 'sedlXCnCs'), '- name: Ant\n');
      await writeFile(path.join(dir, '4913'), '');
      await writeFile(path.join(dir, '.cards.yaml.swp'), 'swap');
      await writeFile(path.join(dir, 'cards.yaml'), '- name: Ant\n');
      await rm(path.join(dir, 'sedlXCnCs'));
      await rm(path.join(dir, '4913'));
      for (let i = 0; i < 100 && !batches.flat().length; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300)); // any late event
      expect(batches.flat().map((f) => path.relative(root, f).split(path.sep).join('/'))).toEqual(['content/g/cards.yaml']);
    } finally {
      await watcher.close();
    }
  });

  it('waits for a file written in steps for longer than its quiet time, and takes it once', async () => {
    const { root, dir } = await watchedProject();
    const file = path.join(dir, 'cards.yaml');
    await writeFile(file, '');
    // Taken at the quiet time alone, a file written for 300 ms in steps 2 ms apart made a batch after each change
    // chokidar reported (one in 50 ms), each while it was still being written.
    const batches: Array<{ files: string[]; size: number }> = [];
    const watcher = watchProject(root, (files) => void stat(file).then((st) => batches.push({ files, size: st.size })), 40);
    try {
      await watcher.ready;
      // Another process writes it, so its steps keep their pace whatever this one's event loop is doing.
      const writer = spawn(process.execPath, [
        '-e',
        `const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(file)}, 'w'); const nap = new Int32Array(new SharedArrayBuffer(4));
         for (let i = 0; i < 150; i++) { fs.writeSync(fd, '- id: card-' + i + '\\n'); Atomics.wait(nap, 0, 0, 2); }
         fs.closeSync(fd);`,
      ]);
      const exited = new Promise((resolve) => writer.once('exit', resolve));
      expect(await exited).toBe(0);
      const whole = (await stat(file)).size;
      for (let i = 0; i < 100 && !batches.length; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300)); // any late batch
      expect(batches.map((b) => b.files.map((f) => path.relative(root, f)))).toEqual([[path.join('content', 'g', 'cards.yaml')]]);
      expect(batches[0]!.size).toBe(whole);
    } finally {
      await watcher.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('waits for the youngest file of a batch, not for one long written or dated ahead of the clock', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-watch-'));
    try {
      const fresh = path.join(dir, 'fresh.yaml');
      const old = path.join(dir, 'old.yaml');
      const ahead = path.join(dir, 'ahead.yaml');
      for (const f of [fresh, old, ahead]) await writeFile(f, 'x');
      await utimes(old, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      // Ahead of the clock by more than the quiet time (a share whose clock runs ahead): not waited for.
      await utimes(ahead, new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
      const wait = await stillWritten([fresh, old, ahead, path.join(dir, 'gone.yaml')], 1000);
      expect(wait).toBeGreaterThan(500);
      expect(wait).toBeLessThanOrEqual(1000);
      expect(await stillWritten([old, ahead, path.join(dir, 'gone.yaml')], 1000)).toBe(0);
      // Half a second ahead, with a quiet time of a tenth: not waited for either (it would hold every save back).
      await utimes(ahead, new Date(Date.now() + 500), new Date(Date.now() + 500));
      expect(await stillWritten([ahead], 100)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
