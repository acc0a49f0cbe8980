// When Pagefind's process goes away under serve (Ctrl-C in a terminal stops it with serve; or it crashed), the
// save's generated/ is still written, the designer reads one plain line (no stack trace), and a crash mends itself
// at the next save (live-search.ts `forget`; live-site.ts `stop`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSearch } from '../compiler/emit-site/search.ts';
import { LiveSite } from '../compiler/serve/live-site.ts';
import { makeProject, MINI_GAME, MINI_SCHEMA } from './helpers.ts';

const files = {
  'content/mini/game.yaml': MINI_GAME,
  'schemas/mini/card.schema.json': MINI_SCHEMA,
  'content/mini/cards.yaml': '- { name: Ant, kind: single }\n- { name: Bee, kind: single, beats: ant }\n',
};

/** Everything written to stderr while `run` runs. */
async function stderrOf(run: () => Promise<unknown>): Promise<string> {
  let out = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return out;
}

/** The text of every page the search index holds. */
async function indexedText(root: string): Promise<string> {
  const dir = path.join(root, 'docs-site/dist/pagefind');
  const names = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.pf_fragment'));
  expect(names.length).toBeGreaterThan(0);
  const texts = await Promise.all(names.map(async (n) => gunzipSync(await readFile(path.join(dir, n))).toString('utf8')));
  return texts.join('\n');
}

/** Pagefind's processes started by this one (this test's thread is in it): stopped as a crash would stop them. */
async function killPagefind(): Promise<void> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const [, comm, rest] = /^\d+ \((.*)\) (.*)$/s.exec(stat) ?? [];
    if (comm?.includes('pagefind') && Number(rest?.split(' ')[1]) === process.pid) pids.push(Number(name));
  }
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  // Gone once its pipe closes; a little later for this process to hear of it.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function servedMini(): Promise<{ root: string; live: LiveSite; cards: string }> {
  const root = await makeProject(files);
  const live = new LiveSite(root, { base: '/', version: '0' });
  expect((await live.init()).ok).toBe(true);
  expect(await live.settled()).toBeDefined();
  return { root, live, cards: path.join(root, 'content/mini/cards.yaml') };
}

/**
 * What reaches the console, spied before serve's filter of Pagefind's reports (quiet-pagefind.ts) is set up, so it
 * sees what the filter lets through. Pagefind's library reports its stopped process there, with a stack.
 */
const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
const pagefindReports = () => consoleErrors.mock.calls.filter((args) => args[0] === 'Service stopped').length;
/** Longer than serve holds a report of Pagefind's, which comes from a callback a moment after the write that failed. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 400));

beforeEach(() => {
  consoleErrors.mockClear();
});
afterEach(async () => {
  await closeSearch();
});
afterAll(() => {
  consoleErrors.mockRestore();
});

describe("serve when Pagefind's process is gone", () => {
  it('stopping: generated/ takes the last save, and one plain line says what `rulebook build` will bring up to date', async () => {
    const { root, live, cards } = await servedMini();
    // As Ctrl-C does to the process Pagefind runs in (serve's process group gets the signal): the indexes serve keeps are gone with it.
    await killPagefind();
    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'));
    const said = await stderrOf(async () => {
      live.stop();
      expect((await live.update([cards])).ok).toBe(true);
      expect(await live.settled()).toBeUndefined();
    });
    await pause();
    expect(said).toBe('rulebook serve: stopped before the search index took the last save; `rulebook build` brings it up to date\n');
    expect(pagefindReports()).toBe(0);
    const generated = await readdir(path.join(root, 'generated'));
    const data = await Promise.all(generated.filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(root, 'generated', f), 'utf8')));
    expect(data.join('\n')).toContain('Bumblebee');
  });

  it("stopping a moment after Pagefind's report: the report is not shown either", async () => {
    const { live, cards } = await servedMini();
    await killPagefind();
    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'));
    // The write to the stopped process fails, and is reported, before serve hears of the Ctrl-C.
    await stderrOf(async () => {
      await live.update([cards]);
      await live.settled();
    });
    live.stop();
    await pause();
    expect(pagefindReports()).toBe(0);
  });

  it('crashed: an internal error in one line, and the next save starts Pagefind again and indexes', async () => {
    const { root, live, cards } = await servedMini();
    await killPagefind();
    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Bumblebee'));
    const said = await stderrOf(async () => {
      await live.update([cards]);
      await live.settled();
    });
    expect(said).toMatch(
      /^rulebook serve: internal error: the search index was not updated: .+\nSet RULEBOOK_DEBUG=1 for the stack trace, and please report it\.\n$/,
    );
    expect(said).not.toMatch(/\n\s+at /);
    expect(await indexedText(root)).not.toContain('Bumblebee');
    // Serve goes on: Pagefind's own report of its process is shown, a moment late.
    await pause();
    expect(pagefindReports()).toBeGreaterThan(0);

    await writeFile(cards, files['content/mini/cards.yaml'].replace('Bee', 'Honeybee'));
    const next = await stderrOf(async () => {
      await live.update([cards]);
      expect(await live.settled()).toMatchObject({ searchPages: expect.any(Number) });
    });
    expect(next).toBe('');
    expect(await indexedText(root)).toContain('Honeybee');
  });
});
