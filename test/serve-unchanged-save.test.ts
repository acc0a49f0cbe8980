// A batch of saves whose files hold what serve last read from them (a large file's save whose late events came
// in a batch of their own, an unchanged buffer saved again, a checkout that rewrote files as they were) re-checks
// nothing and writes nothing (serve/project.ts `unchangedSince`); any change, even one that keeps the file's stat,
// is re-checked as before.
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveSite, type UpdateReport } from '../compiler/serve/live-site.ts';
import { Project } from '../compiler/serve/project.ts';
import { serve } from '../compiler/serve/serve.ts';
import { makeProject, MINI_GAME, MINI_SCHEMA } from './helpers.ts';

const files = {
  'content/mini/game.yaml': MINI_GAME,
  'schemas/mini/card.schema.json': MINI_SCHEMA,
  'content/mini/cards.yaml': '- { name: Ant, kind: single }\n- { name: Bee, kind: single, beats: ant }\n',
};

/** The text of the game's page a save changed (it must have changed one). */
async function drawnPage(live: LiveSite, report: UpdateReport): Promise<string> {
  const page = report.changed.find((p) => p.endsWith('.html') && p.includes('mini/'));
  expect(page).toBeDefined();
  return readFile(path.join(live.dist, page!), 'utf8');
}

describe('a save that changed nothing', () => {
  it('is known without re-checking; a change is not missed, even one that keeps the stat', async () => {
    const root = await makeProject(files);
    const cards = path.join(root, 'content/mini/cards.yaml');
    const manifest = path.join(root, 'content/mini/game.yaml');
    const project = new Project(root);
    await project.loadAll();

    // Written again as it was (a new modification time).
    await writeFile(cards, files['content/mini/cards.yaml']);
    expect(await project.unchangedSince([cards])).toBe(true);
    // The manifest is read afresh by every check, not kept: taken as changed, whatever it holds.
    await writeFile(manifest, MINI_GAME);
    expect(await project.unchangedSince([cards, manifest])).toBe(false);

    // Another text of the same length, even with the stat it was read with (two writes in one clock tick).
    const tick = new Date('2026-01-02T03:04:05Z');
    await utimes(cards, tick, tick);
    await project.loadAll();
    const before = await stat(cards);
    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bey'));
    await utimes(cards, tick, tick);
    const after = await stat(cards);
    expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
    expect(await project.unchangedSince([cards])).toBe(false);
    // Another length: changed.
    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'));
    expect(await project.unchangedSince([cards])).toBe(false);

    // A file the last run did not read, a removed one, and no file at all.
    const added = path.join(root, 'content/mini/notes.yaml');
    await writeFile(added, '- a note\n');
    expect(await project.unchangedSince([added])).toBe(false);
    expect(await project.unchangedSince([path.join(root, 'content/mini/gone.yaml')])).toBe(false);
    expect(await project.unchangedSince([])).toBe(false);
  });

  it('under serve, leaves the site and the games as they were, and the next real save is drawn', async () => {
    const root = await makeProject(files);
    const cards = path.join(root, 'content/mini/cards.yaml');
    const live = new LiveSite(root, { base: '/', version: '0' });
    expect((await live.init()).ok).toBe(true);
    await live.settled();
    const games = live.games;
    const site = live.site;

    await writeFile(cards, files['content/mini/cards.yaml']);
    const same = await live.update([cards]);
    expect(same).toMatchObject({ ok: true, unchanged: true, changed: [] });
    expect(live.games).toBe(games);
    expect(live.site).toBe(site);

    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'));
    const edited = await live.update([cards]);
    expect(edited.unchanged).toBeUndefined();
    expect(edited.changed.length).toBeGreaterThan(0);
    expect(await drawnPage(live, edited)).toContain('Bumblebee');
    await live.settled();
  });
});

describe('a batch read while its file was still being written', () => {
  it('says nothing and draws nothing, and the next batch is checked, even when it holds what was read', async () => {
    const root = await makeProject(files);
    const cards = path.join(root, 'content/mini/cards.yaml');
    const live = new LiveSite(root, { base: '/', version: '0' });
    expect((await live.init()).ok).toBe(true);
    await live.settled();
    const games = live.games;
    const site = live.site;
    const whole = files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee');
    const project = live.project;
    const update = project.update.bind(project);
    // The rest of the save lands once the batch has read the file (a large file written in one go, truncated first).
    const landing = (text: string, time: Date) => {
      project.update = async (batch) => {
        const change = await update(batch);
        await writeFile(cards, text);
        await utimes(cards, time, time);
        return change;
      };
    };

    // Half the save read: it does not parse, but that is not said, and the last good site stays as it was.
    await writeFile(cards, whole.slice(0, whole.indexOf('kind: single, beats')));
    landing(whole, new Date('2026-01-02T03:04:05Z'));
    expect(await live.update([cards])).toMatchObject({ ok: true, unchanged: true, changed: [] });
    expect(live.games).toBe(games);
    expect(live.site).toBe(site);
    // The next batch reads the whole save and draws it.
    project.update = update;
    const next = await live.update([cards]);
    expect(next.ok).toBe(true);
    expect(next.unchanged).toBeUndefined();
    expect(await drawnPage(live, next)).toContain('Bumblebee');
    await live.settled();

    // The whole save read, and written again after the read (the same text): the next batch holds what was read,
    // and is checked all the same (passed over as unchanged, the first batch's save would never be drawn).
    const again = whole.replace('Bumblebee', 'Honeybee');
    await writeFile(cards, again);
    landing(again, new Date('2026-01-03T03:04:05Z'));
    expect(await live.update([cards])).toMatchObject({ unchanged: true });
    project.update = update;
    const drawn = await live.update([cards]);
    expect(drawn.unchanged).toBeUndefined();
    expect(await drawnPage(live, drawn)).toContain('Honeybee');
    await live.settled();
  });
});

describe('a file removed since it was read', () => {
  it('is not taken for half a save (its removal is a batch of its own, and nothing more is waited for)', async () => {
    const root = await makeProject(files);
    const cards = path.join(root, 'content/mini/cards.yaml');
    const project = new Project(root);
    await project.loadAll();
    expect(await project.writtenSinceRead([cards])).toBe(false);
    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'));
    expect(await project.writtenSinceRead([cards])).toBe(true);
    await rm(cards);
    expect(await project.writtenSinceRead([cards])).toBe(false);
  });
});

describe('serve, after a batch that read half a save', () => {
  it('takes the batch again by itself (the rest of the save may bring no event of its own)', async () => {
    const root = await makeProject(files);
    const cards = path.join(root, 'content/mini/cards.yaml');
    const handle = await serve(root, { port: 0, base: '/', version: '0', color: false, log: () => undefined });
    try {
      await handle.live.settled();
      const live = handle.live;
      const update = live.update.bind(live);
      const batches: string[][] = [];
      let first = true;
      live.update = async (batch) => {
        batches.push([...batch]);
        if (!first) return update(batch);
        first = false;
        // As a batch that read the file mid-save reports it (live-site.ts): nothing said, to be taken again.
        return { ok: true, unchanged: true, readMidSave: true, changed: [], timings: { check: 0, render: 0, write: 0, total: 0 } };
      };
      const midSave = handle.nextUpdate();
      await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'));
      expect(await midSave).toMatchObject({ readMidSave: true });
      // No write since: the batch comes again from serve itself, and the save is drawn.
      const again = await handle.nextUpdate();
      expect(batches.length).toBe(2);
      expect(batches[1]).toEqual(batches[0]);
      expect(again.changed.some((p) => p.endsWith('.html'))).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

describe("serve's log", () => {
  it('tells of the background work (generated/, the search index) once, after the save that queued it', async () => {
    const root = await makeProject(files);
    const cards = path.join(root, 'content/mini/cards.yaml');
    const log: string[] = [];
    const handle = await serve(root, { port: 0, base: '/', version: '0', color: false, log: (l) => log.push(l) });
    try {
      await handle.live.settled();
      const save = async (text: string) => {
        const update = handle.nextUpdate();
        await writeFile(cards, text);
        const report = await update;
        await handle.live.settled();
        // The log line is written when the background's promise settles: one turn later.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return report;
      };
      const background = () => log.filter((l) => l.includes('search index')).length;
      expect((await save(files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'))).changed.length).toBeGreaterThan(0);
      expect(background()).toBe(1);
      // Counts in words that agree with them.
      const line = log.find((l) => l.includes('search index'))!;
      const [, n, word] = /^ {2}generated\/ \d+ ms \((\d+) (files?) changed\); search index \d+ ms \(1 page indexed\)$/.exec(line) ?? [];
      expect(word, line).toBe(n === '1' ? 'file' : 'files');
      // A comment: the game is re-checked, no page changes, nothing is queued: no second line for the first save's work.
      expect(await save(`# The cards\n${files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee')}`)).toMatchObject({ ok: true, changed: [] });
      expect(log.filter((l) => l.includes('cards.yaml: '))).toEqual([
        expect.stringMatching(/^content\/mini\/cards\.yaml: 1 file updated in \d+ ms/),
        expect.stringMatching(/^content\/mini\/cards\.yaml: checked, no page changed, in \d+ ms/),
      ]);
      expect(background()).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
