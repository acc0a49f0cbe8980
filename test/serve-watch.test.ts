// `rulebook serve` watches content/ and schemas/ (serve/watch.ts): a save is reported, the scratch files editors and
// tools write beside it are not.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEditorScratch, watchProject } from '../compiler/serve/watch.ts';

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
    const root = await mkdtemp(path.join(tmpdir(), 'rulebook-watch-'));
    const dir = path.join(root, 'content', 'g');
    await mkdir(dir, { recursive: true });
    await mkdir(path.join(root, 'schemas'));
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
});
