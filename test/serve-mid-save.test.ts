// A saved file written again while serve read it (its save still being written: a large file is truncated first)
// stops the check at that read (load/mid-save.ts): nothing of the half file is parsed, reported or drawn, and the
// batch is taken again. The save's writer is simulated by a hook that writes the rest of the file right after the read.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LiveSite } from '../compiler/serve/live-site.ts';
import { Project } from '../compiler/serve/project.ts';
import { ENTRY_REUSE_BYTES } from '../compiler/load/entry-reparse.ts';
import { makeProject, MINI_GAME, MINI_SCHEMA } from './helpers.ts';

const hooks = vi.hoisted(() => ({ afterRead: undefined as undefined | ((file: string) => Promise<void>) }));

vi.mock('../compiler/load/files.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../compiler/load/files.ts')>();
  return {
    ...real,
    readSource: async (...args: Parameters<typeof real.readSource>) => {
      const read = await real.readSource(...args);
      const hook = hooks.afterRead;
      if (hook) await hook(args[0]);
      return read;
    },
  };
});

/** The rest of a save written to `file` once it has been read (and only the first time). */
function restWrittenAfterRead(file: string, text: string): void {
  hooks.afterRead = async (read) => {
    if (read !== file) return;
    hooks.afterRead = undefined;
    await writeFile(file, text);
  };
}

const cardLines = (n: number, name = (i: number) => `Card ${i}`) =>
  Array.from({ length: n }, (_, i) => `- name: ${name(i)}\n  kind: single\n  points: ${i}\n  awards: [${i}, ${i + 1}, ${i + 2}, ${i + 3}]\n`).join('');

const files = (cards: string) => ({
  'content/mini/game.yaml': MINI_GAME,
  'schemas/mini/card.schema.json': MINI_SCHEMA,
  'content/mini/cards.yaml': cards,
});

describe('a saved file read while it was being written', () => {
  for (const [size, count] of [
    ['a small file (read whole)', 2],
    ['a large file (read entry by entry)', 300],
  ] as const) {
    it(`stops the check at the read, and the next batch checks the whole save: ${size}`, async () => {
      const before = cardLines(count);
      if (count > 2) expect(before.length).toBeGreaterThan(ENTRY_REUSE_BYTES);
      const root = await makeProject(files(before));
      const cards = path.join(root, 'content/mini/cards.yaml');
      const project = new Project(root);
      await project.loadAll();
      const dir = path.join(root, 'content/mini');
      const checked = project.games.get(dir)!.checked;
      expect(checked).toBeDefined();
      const said = project.diagnostics;

      const whole = cardLines(count, (i) => (i === count - 1 ? 'Bumblebee' : `Card ${i}`));
      const half = whole.slice(0, whole.indexOf('Bumblebee') + 3);
      await writeFile(cards, half);
      restWrittenAfterRead(cards, whole);
      const change = await project.update([cards]);
      expect(change).toMatchObject({ readMidSave: true, games: [] });
      // Not checked: the game stands as it was, with no diagnostic about the half file's cut-off entry.
      expect(project.games.get(dir)!.checked).toBe(checked);
      expect(said).toEqual([]);
      expect(project.diagnostics).toEqual([]);
      // Not passed over as unchanged, though no write came since the read.
      expect(await project.unchangedSince([cards])).toBe(false);

      const next = await project.update([cards]);
      expect(next.readMidSave).toBeUndefined();
      expect(next.games).toEqual([dir]);
      const names = project.games
        .get(dir)!
        .checked!.linked.game.collections.get('cards')!
        .entries.map((e) => e.name);
      expect(names).toHaveLength(count);
      expect(names.at(-1)).toBe('Bumblebee');
      expect(await readFile(cards, 'utf8')).toBe(whole);
    });
  }

  it('is not looked at again in a first load, which no save named (a file written meanwhile is read as it was)', async () => {
    const root = await makeProject(files(cardLines(2)));
    const cards = path.join(root, 'content/mini/cards.yaml');
    restWrittenAfterRead(cards, cardLines(3));
    const project = new Project(root);
    await project.loadAll();
    expect(hooks.afterRead).toBeUndefined(); // the hook ran
    expect(project.games.get(path.join(root, 'content/mini'))!.checked!.linked.game.collections.get('cards')!.entries).toHaveLength(2);
  });

  it('draws nothing under serve, and the batch taken again draws the save', async () => {
    const root = await makeProject(files(cardLines(2)));
    const cards = path.join(root, 'content/mini/cards.yaml');
    const live = new LiveSite(root, { base: '/', version: '0' });
    expect((await live.init()).ok).toBe(true);
    await live.settled();
    const site = live.site;
    const whole = cardLines(2, (i) => (i ? 'Bumblebee' : 'Card 0'));
    await writeFile(cards, whole.slice(0, whole.indexOf('Bumblebee')));
    restWrittenAfterRead(cards, whole);
    expect(await live.update([cards])).toMatchObject({ ok: true, unchanged: true, readMidSave: true, changed: [] });
    expect(live.site).toBe(site);
    const again = await live.update([cards]);
    expect(again.readMidSave).toBeUndefined();
    const page = again.changed.find((p) => p.endsWith('.html') && p.includes('mini/'));
    expect(await readFile(path.join(live.dist, page!), 'utf8')).toContain('Bumblebee');
    await live.settled();
  });
});
