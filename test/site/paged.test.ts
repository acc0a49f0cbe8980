import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../compiler/emit-site/pages.ts';
import type { SiteFiles } from '../../compiler/emit-site/site.ts';
import { runCli } from '../helpers.ts';
import { brokenLinks, idsOf, pagefindFragments, pagesOf, siteOf, syntheticProject } from './built.ts';

// A collection too large for one page: the synthetic game (compiler/bench/synthetic-game.ts) at 2,500 cards,
// large enough to be split into 13 pages and small enough to build in seconds.
const CARDS = 2500;
const MB = 1024 * 1024;

interface EntryList {
  pages: Array<{ href: string; label: string }>;
  fields: Array<{ key: string; label: string; values: string[]; labels: string[] }>;
  ids: string[];
  names: string[];
  page: number[];
  values: Record<string, number[]>;
}

const cardPages = (files: SiteFiles) => pagesOf(files).filter(([p]) => /^synth\/cards(\.[^/]+)?\.html$/.test(p));
const entryList = (files: SiteFiles) => JSON.parse(String(files.get('synth/cards.entries.json'))) as EntryList;

describe('a large collection on the site', () => {
  let files: SiteFiles;
  let byKind: SiteFiles;
  beforeAll(async () => {
    const root = await syntheticProject(CARDS);
    // A rules chapter that names the hazard cards: its links go to each card's page.
    await writeFile(path.join(root, 'content/synth/rules/02-hazards.md'), '# Hazards\n\n::collection{name=cards kind=hazard}\n');
    files = await siteOf(root, { search: true });
    byKind = await siteOf(await syntheticProject(CARDS, (t) => t.replace('    title: Cards\n', '    title: Cards\n    pageBy: kind\n')), { search: false });
  }, 120_000);

  it('is split into numbered pages of at most 200 entries, none over 1 MB, each entry drawn once', () => {
    const pages = cardPages(files);
    expect(pages.map(([p]) => p).sort()).toEqual(['synth/cards.html', ...Array.from({ length: 12 }, (_, i) => `synth/cards.${i + 2}.html`)].sort());
    const seen = new Map<string, string>();
    for (const [page, html] of pages) {
      expect(Buffer.byteLength(html), page).toBeLessThan(MB);
      const anchors = [...html.matchAll(/<article class="entity[^"]*" aria-labelledby="([^"]+)">/g)].map((m) => m[1]!);
      expect(anchors.length, page).toBeLessThanOrEqual(PAGE_SIZE);
      for (const id of anchors) {
        expect(seen.get(id), id).toBeUndefined();
        seen.set(id, page);
      }
    }
    expect(seen.size).toBe(CARDS);
    // The first page keeps the collection's address and says which cards it holds.
    expect(String(files.get('synth/cards.html'))).toMatch(/<h1>Cards 1–200<\/h1>/);
    expect(String(files.get('synth/cards.13.html'))).toMatch(/<h1>Cards 2401–2500<\/h1>/);
  });

  it('links to an entry ("Refers to", the drafts page) go to the page that draws it; every link and anchor resolves', () => {
    const { broken, anchors } = brokenLinks(files);
    expect(broken).toEqual([]);
    expect(anchors).toBeGreaterThan(CARDS);
    // A card on page 1 that refers to a card drawn on another page links there, not to cards.html.
    const list = entryList(files);
    const html = String(files.get('synth/cards.html'));
    const far = [...html.matchAll(/<dt>Refers to<\/dt><dd><a href="([^"#]+)#([^"]+)">/g)].find((m) => m[1] !== 'cards.html');
    expect(far).toBeDefined();
    expect(far![1]).toBe(list.pages[list.page[list.ids.indexOf(far![2]!)]!]!.href);
    const drafts = String(files.get('synth/drafts.html'));
    expect(drafts).toMatch(/href="cards\.\d+\.html#[^"]+"/);
    const chapter = String(files.get('synth/rules/hazards.html'));
    expect(chapter).toMatch(/<a href="\.\.\/cards\.\d+\.html#[^"]+">/);
  });

  it('each page lists every page and marks its own; Previous and Next walk through them in order', () => {
    for (const [page, html] of cardPages(files)) {
      const nav = /<nav class="collection-pages" aria-label="Pages of Cards"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
      expect([...nav.matchAll(/<li>/g)].length, page).toBe(13);
      expect(nav, page).toContain(`<a href="${page.slice('synth/'.length)}" aria-current="page">`);
    }
    expect(String(files.get('synth/cards.html'))).toMatch(/<a rel="next" href="cards\.2\.html"><span class="dir">Next<\/span> Cards 201–400<\/a>/);
    expect(String(files.get('synth/cards.2.html'))).toMatch(/<a rel="prev" href="cards\.html"><span class="dir">Previous<\/span> Cards 1–200<\/a>/);
    expect(String(files.get('synth/cards.13.html'))).toMatch(/<a rel="next" href="drafts\.html">/);
  });

  it('writes the entry list the filters read: every entry with its name and page; the enum and the few-valued reference are filters, a reference to 2,500 cards is not', () => {
    const list = entryList(files);
    expect(list.ids).toHaveLength(CARDS);
    expect(list.names).toHaveLength(CARDS);
    expect(list.pages).toHaveLength(13);
    list.ids.forEach((id, i) => {
      if (i % 97 === 0) expect(idsOf(String(files.get(`synth/${list.pages[list.page[i]!]!.href}`))).has(id), id).toBe(true);
    });
    expect(list.fields.map((f) => [f.key, f.label])).toEqual([
      ['kind', 'Kind'],
      ['resource', 'Resource'],
    ]);
    expect(list.fields[1]!.labels).toEqual(['Ammunition', 'Flour', 'Timber']);
    for (const f of list.fields)
      expect(
        list.values[f.key]!.every((v) => v >= 0 && v < f.values.length),
        f.key,
      ).toBe(true);
    // Loaded on demand: the page names the list, it does not carry it.
    const page = String(files.get('synth/cards.2.html'));
    expect(page).toContain('<form class="entry-filters" data-entries="cards.entries.json"');
    expect(page).toMatch(
      /<label for="filter-cards-kind">Kind<\/label> <select id="filter-cards-kind" name="kind" data-filter><option value="">All<\/option><option value="building" data-label="building">building<\/option>/,
    );
    expect(page).toContain('<p class="filter-count" role="status"></p>');
    expect(page).not.toContain(list.ids[2400]!);
    expect(Buffer.byteLength(String(files.get('synth/cards.entries.json')))).toBeLessThan(400 * CARDS);
  });

  it("a name borne by several cards shows the card's kind beside it", () => {
    const list = entryList(files);
    const counts = new Map<string, number>();
    for (const n of list.names) counts.set(n, (counts.get(n) ?? 0) + 1);
    const i = list.names.findIndex((n) => counts.get(n)! > 1);
    const html = String(files.get(`synth/${list.pages[list.page[i]!]!.href}`));
    const kind = list.fields[0]!.values[list.values.kind![i]!];
    expect(html).toContain(`<h2 id="${list.ids[i]}">${list.names[i]} <span class="which">· ${kind}</span>`);
  });

  it("by a declared field (pageBy: kind): one page per kind in the schema's order, a kind of more than 200 cards paged within it", () => {
    const pages = cardPages(byKind).map(([p, html]) => [p, /<h1>([^<]*)<\/h1>/.exec(html)?.[1]]);
    expect(pages.find(([p]) => p === 'synth/cards.html')?.[1]).toBe('building 1–200');
    expect(pages.map(([p]) => p)).toContain('synth/cards.worker.html');
    expect(pages.map(([p]) => p)).toContain('synth/cards.worker.2.html');
    expect(pages.find(([p]) => p === 'synth/cards.worker.2.html')?.[1]).toBe('worker 201–400');
    const list = entryList(byKind);
    expect(list.pages[0]!.label).toBe('building 1–200');
    // Each page holds one kind only.
    list.ids.forEach((_, i) => expect(list.pages[list.page[i]!]!.label.split(' ')[0]).toBe(list.fields[0]!.values[list.values.kind![i]!]));
    expect(brokenLinks(byKind).broken).toEqual([]);
  });

  it('its pages validate, and search indexes each page as a page of Cards', async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    const problems: string[] = [];
    for (const page of ['synth/cards.html', 'synth/cards.7.html']) {
      const report = await validator.validateString(String(files.get(page)), page);
      for (const r of report.results) for (const m of r.messages) problems.push(`${page}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(problems).toEqual([]);
    const fragments = pagefindFragments(files);
    const seven = fragments.find((f) => f.url === '/synth/cards.7.html');
    // The kind is the collection's key, labelled "Cards" in pagefind/kinds.json (compiler/emit-site/search-kinds.ts).
    expect(seven?.filters.kind).toEqual(['synth/cards']);
    expect(JSON.parse(new TextDecoder().decode(files.get('pagefind/kinds.json') as Uint8Array))['synth/cards']).toEqual([['en', 'Cards']]);
    expect(seven?.meta.title).toBe('Cards 1201–1400');
  });

  it('pageBy naming a field the schema does not have is a warning at the key, and the pages are numbered instead', async () => {
    const root = await syntheticProject(450, (t) => t.replace('    title: Cards\n', '    title: Cards\n    pageBy: knid\n'));
    const { code, out, err } = await runCli(['check', '-C', root]);
    expect(code).toBe(0);
    expect(out + err).toMatch(
      /content\/synth\/game\.yaml:15:5: warning page-by-field pageBy "knid" is not a property of cards entries \(schema schemas\/synth\/card\.schema\.json\), so the site numbers its pages instead/,
    );
    const site = await siteOf(root, { search: false });
    expect(
      cardPages(site)
        .map(([p]) => p)
        .sort(),
    ).toEqual(['synth/cards.2.html', 'synth/cards.3.html', 'synth/cards.html']);
  });
});
