// The CCG-shaped database (test/fixtures/ccg/generate.ts) at the size a real one reaches: 30,000 printings in 250
// packs, built by the CLI as a designer would, then read in a browser as a player would. The build and the page
// sizes are checked without a browser; the filters and the search need one.
import { readdir, readFile, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCcgGame } from '../fixtures/ccg/generate.ts';
import { runCli } from '../helpers.ts';
import { staticHost, type StaticHost } from '../static-host.ts';
import { browserAvailable, launch } from './browser.ts';

const CARDS = 30_000;
const run = browserAvailable();

interface EntryList {
  pages: Array<{ href: string; label: string }>;
  fields: Array<{ key: string; label?: string; values: string[] }>;
  ids: string[];
  names: string[];
  page: number[];
  values: Record<string, number[]>;
}

let root: string;
let dist: string;
let built: { code: number; err: string };
let list: EntryList;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rulebook-ccg-30k-'));
  await writeCcgGame(root, { cards: CARDS });
  built = await runCli(['build', '-C', root]);
  dist = path.join(root, 'docs-site', 'dist');
  list = JSON.parse(await readFile(path.join(dist, 'ccg', 'cards.entries.json'), 'utf8')) as EntryList;
}, 600_000);

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

describe(`a CCG database at ${CARDS.toLocaleString('en')} printings`, () => {
  it('checks and builds with no error and no warning, every printing in the package under its code', async () => {
    expect(built.code, built.err).toBe(0);
    expect(built.err).toContain(`built ccg: ${CARDS} cards, 250 packs`);
    expect(built.err).toContain('0 errors, 0 warnings');
    expect(list.ids.length).toBe(CARDS);
    expect(new Set(list.ids).size).toBe(CARDS);
  });

  it('no page of the site passes 1 MB; the cards are drawn one pack to a page', async () => {
    const pages = (await filesUnder(dist)).filter((f) => f.endsWith('.html'));
    const sizes = await Promise.all(pages.map(async (f) => ({ f: path.relative(dist, f), size: (await stat(f)).size })));
    const largest = sizes.reduce((a, b) => (b.size > a.size ? b : a));
    process.stderr.write(`${pages.length} pages at ${CARDS} cards; largest ${largest.f} ${Math.round(largest.size / 1024)} KB\n`);
    expect(sizes.filter((s) => s.size > 1024 * 1024)).toEqual([]);
    // pageBy: pack_code gives one page per pack, labelled by the pack's name (not its code).
    expect(list.pages.length).toBe(250);
    expect(list.pages[0]!.label).toMatch(/ Pack 1$/);
  });

  it('names every printing by its title (the display-name role), reprints included', () => {
    const titles = new Map<string, number>();
    for (const n of list.names) titles.set(n, (titles.get(n) ?? 0) + 1);
    expect(list.names.every((n, i) => n !== list.ids[i])).toBe(true);
    expect([...titles.values()].some((n) => n > 1)).toBe(true);
  });

  it('a reprinted title carries its pack beside it on its page', async () => {
    const counts = new Map<string, number[]>();
    list.names.forEach((n, i) => counts.set(n, [...(counts.get(n) ?? []), i]));
    const [name, printings] = [...counts].find(([, is]) => is.length > 1)!;
    for (const i of printings) {
      const html = await readFile(path.join(dist, 'ccg', list.pages[list.page[i]!]!.href), 'utf8');
      const heading = new RegExp(`<h[23] id="${list.ids[i]}">([\\s\\S]*?)</h[23]>`).exec(html)?.[1] ?? '';
      expect(heading.replace(/<[^>]+>/g, '')).toContain(`${name} · ${list.pages[list.page[i]!]!.label}`);
    }
  });
});

describe.runIf(run)(`a CCG database at ${CARDS.toLocaleString('en')} printings, in a browser`, () => {
  let browser: Browser;
  let host: StaticHost;
  const errors: string[] = [];

  beforeAll(async () => {
    host = await staticHost(dist, '/');
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  async function open(where: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${host.origin}/${where}`);
    return page;
  }

  it("filters by faction across every pack's page, with the count over all 30,000", async () => {
    const page = await open('ccg/cards.html');
    const field = list.fields.find((f) => f.key === 'faction_code')!;
    expect(field).toBeDefined();
    const faction = page.getByLabel('Faction', { exact: true });
    await expect(faction.isVisible()).resolves.toBe(true);
    await faction.selectOption({ index: 1 });
    const chosen = await faction.inputValue();
    const wanted = field.values.indexOf(chosen);
    const hits = list.ids.map((_, i) => i).filter((i) => list.values.faction_code![i] === wanted);
    const here = hits.filter((i) => list.page[i] === 0).length;
    await page.waitForFunction(() => document.querySelector('.filter-count')?.textContent?.includes('match'));
    expect(await page.locator('.filter-count').textContent()).toBe(
      `${hits.length.toLocaleString('en')} of ${CARDS.toLocaleString('en')} match; ${here} on this page.`,
    );
    expect(await page.locator('main article.entity:visible').count()).toBe(here);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('search finds every printing of a reprinted title (up to the first page of results), each with its pack', async () => {
    const page = await open('ccg/cards.html');
    const counts = new Map<string, number>();
    for (const n of list.names) counts.set(n, (counts.get(n) ?? 0) + 1);
    // A title printed two or three times: every printing fits in the first results.
    const name = list.names.find((n) => counts.get(n)! > 1 && counts.get(n)! <= 3)!;
    await page.keyboard.press('/');
    await page.locator('#search-q').fill(name);
    await page.waitForFunction(() => document.querySelectorAll('#search-results li').length > 0);
    await page.waitForLoadState('networkidle');
    const titles = await page.$$eval('#search-results li a .r-title', (as) => as.map((a) => a.textContent ?? ''));
    // Every printing, each with its pack, before anything else that mentions the name (a deck, a ruling).
    const printings = counts.get(name)!;
    const same = titles.slice(0, printings);
    for (const t of same) expect(t).toMatch(new RegExp(`^${name} · .+ Pack \\d+$`));
    expect(new Set(same).size).toBe(printings);
    expect(titles.slice(printings).filter((t) => t.startsWith(name))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
