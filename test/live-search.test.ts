import { afterAll, describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { renderSite, type SiteFiles } from '../compiler/emit-site/site.ts';
import { bundleSizes, closeSearch, liveBundleSizes, searchBundles, searchedPages, searchIndex } from '../compiler/emit-site/search.ts';
import { LiveSearch } from '../compiler/serve/live-search.ts';
import { fixturesProject } from './helpers.ts';
import { FIXTURE_GAMES, pagefindFragments } from './site/built.ts';

/** The paths whose bytes differ between two sets of files (either side missing counts). */
function differ(a: ReadonlyMap<string, string | Uint8Array>, b: ReadonlyMap<string, string | Uint8Array>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => !a.has(p) || !b.has(p) || !Buffer.from(a.get(p)!).equals(Buffer.from(b.get(p)!))).sort();
}

// serve's search index (compiler/serve/live-search.ts): only the changed pages are indexed again, and the files
// are the same bytes as a whole index of the same pages.
describe('the live search index', () => {
  afterAll(() => closeSearch());

  it('re-indexes only the changed page, and gives the files a whole index gives', async () => {
    const result = await check(await fixturesProject(FIXTURE_GAMES));
    expect(result.bag.errorCount).toBe(0);
    const site: SiteFiles = renderSite(result.games, { base: '/' });
    const live = new LiveSearch();
    const first = await (await live.start(site)).files;
    const pages = live.lastIndexed;
    expect(pages).toBeGreaterThan(10);
    expect(differ(first, await searchIndex(site, { keepAlive: true, sizes: liveBundleSizes() }))).toEqual([]);

    // One page's text changes (a save of one entry): that page alone goes to Pagefind.
    const page = [...searchedPages(site).values()].flat().find(([p]) => p.startsWith('duel/'))![0];
    const html = String(site.get(page));
    const edited = new Map(site);
    edited.set(page, html.replace(/(<main\b[^>]*>)/, '$1<p>Zyxwandering quokkas</p>'));
    const second = await (await live.start(edited)).files;
    expect(live.lastIndexed).toBe(1);
    expect(differ(second, await searchIndex(edited, { keepAlive: true, sizes: liveBundleSizes() }))).toEqual([]);
    expect(pagefindFragments(second).some((f) => f.content.includes('Zyxwandering'))).toBe(true);
    expect(pagefindFragments(first).some((f) => f.content.includes('Zyxwandering'))).toBe(false);

    // Back to the old text: the new word is gone from the index, not kept beside the old one.
    const third = await (await live.start(site)).files;
    expect(live.lastIndexed).toBe(1);
    expect(differ(third, first)).toEqual([]);

    // A heading renamed: the lists of names (spellings.json) read that page's new fragment, not the one kept
    // from before for the unchanged pages (search.ts FragmentCache).
    const renamed = new Map(site);
    const withName = html.replace(/(<h1>)([A-Z])/, '$1Zyxrenamed $2');
    expect(withName).not.toBe(html);
    renamed.set(page, withName);
    const renamedFiles = await (await live.start(renamed)).files;
    expect(differ(renamedFiles, await searchIndex(renamed, { keepAlive: true, sizes: liveBundleSizes() }))).toEqual([]);
    expect(Buffer.from(renamedFiles.get('pagefind/spellings.json')!).toString()).toContain('Zyxrenamed');
    const again = await (await live.start(site)).files;
    expect(differ(again, first)).toEqual([]);

    // A page removed: its language's index is made anew (Pagefind cannot drop a page), still the same bytes.
    const fewer = new Map(site);
    fewer.delete(page);
    const fourth = await (await live.start(fewer)).files;
    expect(live.lastIndexed).toBeGreaterThan(1);
    expect(live.lastIndexed).toBeLessThan(pages);
    expect(differ(fourth, await searchIndex(fewer, { keepAlive: true, sizes: liveBundleSizes() }))).toEqual([]);

    // Nothing changed: nothing is indexed, the files stay.
    const fifth = await (await live.start(fewer)).files;
    expect(live.lastIndexed).toBe(0);
    expect(differ(fifth, fourth)).toEqual([]);
  }, 300_000);

  it('splits a large language into bundles by page address; a save reads back only the bundle its page is in, with the bytes a whole index gives', async () => {
    const result = await check(await fixturesProject(FIXTURE_GAMES));
    const site: SiteFiles = renderSite(result.games, { base: '/' });
    const english = searchedPages(site).get('en')!;
    const bytes = english.reduce((n, [, c]) => n + c.length, 0);
    const before = process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
    // Three bundles' worth of English pages, with room for an edit (the limit is 2 MB; the fixtures hold less than one).
    process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = String(Math.ceil(bytes / 2.5));
    try {
      const bundles = searchBundles(searchedPages(site), liveBundleSizes());
      const folders = [...bundles.keys()].filter((f) => f === 'en' || f.startsWith('en.'));
      expect(folders.length).toBeGreaterThanOrEqual(2);
      // Every English page in exactly one bundle, each bundle in the site's order.
      expect(folders.flatMap((f) => bundles.get(f)!.pages.map(([rel]) => rel)).sort()).toEqual(english.map(([rel]) => rel).sort());
      const live = new LiveSearch();
      const first = await (await live.start(site)).files;
      expect(live.lastBundles).toBe(bundles.size);
      expect(differ(first, await searchIndex(site, { keepAlive: true, sizes: liveBundleSizes() }))).toEqual([]);
      const listed = JSON.parse(Buffer.from(first.get('pagefind/bundles.json')!).toString()) as Array<[string, string]>;
      expect(listed).toEqual([...bundles.keys()].sort().map((f) => [f, bundles.get(f)!.lang]));
      for (const f of folders) expect(first.has(`pagefind/${f}/pagefind-entry.json`), f).toBe(true);

      // A page of the second bundle changes: that bundle alone is read back, and the files are a whole index's.
      const [page, html] = bundles.get(folders[1]!)!.pages[0]!;
      const edited = new Map(site);
      edited.set(page, html.replace(/(<main\b[^>]*>)/, '$1<p>Zyxsplitquokka</p>'));
      const second = await (await live.start(edited)).files;
      expect([live.lastIndexed, live.lastBundles]).toEqual([1, 1]);
      expect(differ(second, await searchIndex(edited, { keepAlive: true, sizes: liveBundleSizes() }))).toEqual([]);
      const changed = differ(first, second);
      expect(changed.filter((p) => p.startsWith('pagefind/en') && !p.startsWith(`pagefind/${folders[1]}/`))).toEqual([]);
      expect(pagefindFragments(second).some((f) => f.content.includes('Zyxsplitquokka'))).toBe(true);
    } finally {
      if (before === undefined) delete process.env.RULEBOOK_SEARCH_BUNDLE_BYTES;
      else process.env.RULEBOOK_SEARCH_BUNDLE_BYTES = before;
    }
  }, 300_000);

  it("splits a language past two bundles' worth, into at most the set number of bundles however small the limit, each page in one of them", () => {
    const pages = Array.from({ length: 500 }, (_, i): [string, string] => [`g/cards.${i}.html`, `<html lang="en"><main>${'x'.repeat(1000 + i)}</main></html>`]);
    const byLang = new Map([['en', pages]]);
    const bytes = pages.reduce((n, [, c]) => n + c.length, 0);
    const most = 12;
    expect(searchBundles(byLang, { bytes: Math.ceil(bytes / 5), most }).size).toBe(5);
    // Split only past two bundles' worth: up to that, one index.
    expect(searchBundles(byLang, { bytes: Math.ceil(bytes / 1.9), most }).size).toBe(1);
    expect(searchBundles(byLang, { bytes: Math.ceil(bytes / 2.1), most }).size).toBe(3);
    const capped = searchBundles(byLang, { bytes: 1000, most });
    expect(capped.size).toBe(most);
    expect([...capped.values()].flatMap((b) => b.pages.map(([rel]) => rel)).sort()).toEqual(pages.map(([rel]) => rel).sort());
    // The cap decides a page's bundle by its address as before: the same page is in the same bundle at any smaller limit.
    const placeOf = (bundles: ReturnType<typeof searchBundles>) => new Map([...bundles].flatMap(([folder, b]) => b.pages.map(([rel]) => [rel, folder])));
    expect(placeOf(searchBundles(byLang, { bytes: 10, most }))).toEqual(placeOf(capped));
  });

  it("names a language's bundles in order, so its first folder always exists (its pages' search box loads from it)", () => {
    let wouldLackFirst = 0;
    for (let set = 0; set < 40; set++) {
      // Three large pages over three bundles: by their hashes alone, the first bundle is often empty.
      const pages = Array.from({ length: 3 }, (_, i): [string, string] => [
        `g/set${set}-page${i}.html`,
        `<html lang="en"><main>${'x'.repeat(3000)}</main></html>`,
      ]);
      const bundles = searchBundles(new Map([['en', pages]]), { bytes: 2000, most: 12 });
      const folders = [...bundles.keys()];
      expect(folders, `set ${set}`).toEqual(['en', 'en.2', 'en.3'].slice(0, folders.length));
      expect(folders.flatMap((f) => bundles.get(f)!.pages.map(([rel]) => rel)).sort()).toEqual(pages.map(([rel]) => rel).sort());
      if (folders.length < 3) wouldLackFirst++;
    }
    // Some sets put two pages in one bundle (and so left a bundle empty): the case this holds.
    expect(wouldLackFirst).toBeGreaterThan(5);
  });

  it("serve splits a language finer than the build, and its index is a whole index's of its own bundles", async () => {
    // A save under serve waits for its page's bundle to be made again; the build's bundles are fewer, for readers who
    // query from afar (search.ts `liveBundleSizes`).
    const build = bundleSizes();
    const live = liveBundleSizes();
    expect(live.bytes).toBeLessThan(build.bytes);
    expect(live.most).toBeGreaterThan(build.most);
    // 2.5 MB of English pages: one bundle in the build, several under serve.
    const words = ['lantern', 'quokka', 'saffron', 'cangaco', 'fazenda', 'cordel', 'sertao', 'xaxado'];
    const site: SiteFiles = new Map();
    for (let i = 0; i < 50; i++) {
      const body = Array.from(
        { length: 1500 },
        (_, k) => `<p>${words[(i * 7 + k) % words.length]} ${words[(i + k * 3) % words.length]} card-${i}-${k}</p>`,
      ).join('');
      site.set(
        `g/cards.${i}.html`,
        `<html lang="en"><head><title>Cards ${i}</title></head><body><main data-pagefind-body><h1>Cards ${i}</h1>${body}</main></body></html>`,
      );
    }
    const bytes = [...site.values()].reduce((n, c) => n + c.length, 0);
    expect(bytes).toBeGreaterThan(2 * live.bytes);
    expect(bytes).toBeLessThan(2 * build.bytes);
    expect(searchBundles(searchedPages(site)).size).toBe(1);
    const bundles = searchBundles(searchedPages(site), live);
    expect(bundles.size).toBeGreaterThanOrEqual(2);
    const search = new LiveSearch();
    const files = await (await search.start(site)).files;
    expect(search.lastBundles).toBe(bundles.size);
    expect(JSON.parse(Buffer.from(files.get('pagefind/bundles.json')!).toString())).toEqual([...bundles.keys()].sort().map((f) => [f, 'en']));
    expect(differ(files, await searchIndex(site, { keepAlive: true, sizes: live }))).toEqual([]);
    // A save of one page makes again its bundle alone.
    const edited = new Map(site);
    edited.set('g/cards.7.html', String(site.get('g/cards.7.html')).replace('<h1>', '<p>Zyxlivequokka</p><h1>'));
    await (
      await search.start(edited)
    ).files;
    expect([search.lastIndexed, search.lastBundles]).toEqual([1, 1]);
  }, 300_000);
});
