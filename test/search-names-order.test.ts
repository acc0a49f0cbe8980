// The lists of names the search box reads (pagefind/numbers.json, spellings.json) are sorted by URL, then text,
// whatever order Pagefind gives the fragments in; under `serve` each page's names are kept sorted with its fragment
// and the pages joined in the order of their first names (emit-site/search.ts NameList), which holds only while
// no two pages' names interleave: then the lists are sorted whole. Both ways give the same file.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FragmentCache, searchFiles, type SearchNames } from '../compiler/emit-site/search.ts';

/** A fragment file as Pagefind writes it: gzip of its signature and the page's JSON. */
function fragment(url: string, title: string, anchors: Array<[id: string, text: string]>): Uint8Array {
  const json = { url, meta: { title, game: 'g' }, anchors: anchors.map(([id, text]) => ({ element: 'h2', id, text })) };
  return gzipSync(Buffer.from(`pagefind_dcd${JSON.stringify(json)}`));
}

function numbersOf(files: Map<string, Uint8Array>): string[] {
  const list = JSON.parse(Buffer.from(files.get('pagefind/numbers.json')!).toString()) as SearchNames;
  return list.names.map((n) => n[1]);
}

describe('the lists of names', () => {
  const pages: Array<[string, Uint8Array]> = [
    // A page's heading (a.html#z) sorts after another page whose address starts with this one's (a.html!).
    ['fragment/a.pf_fragment', fragment('/g/a.html', '1 Alpha', [['z', '1.9 Zeta']])],
    ['fragment/b.pf_fragment', fragment('/g/a.html!', '1.5 Beta', [])],
    ['fragment/c.pf_fragment', fragment('/g/c.html', '2 Gamma', [['a', '2.1 Delta']])],
  ];
  const build = (order: Array<[string, Uint8Array]>, cache?: FragmentCache) =>
    searchFiles(new Map([['en', []]]), new Map([['en', { lang: 'en', files: order.map(([path, content]) => ({ path, content })) }]]), cache);

  it('are sorted by address when two pages interleave, in any fragment order, kept between saves or not', () => {
    const want = ['/g/a.html', '/g/a.html!', '/g/a.html#z', '/g/c.html', '/g/c.html#a'];
    expect(numbersOf(build(pages))).toEqual(want);
    expect(numbersOf(build([...pages].reverse()))).toEqual(want);
    const cache = new FragmentCache();
    expect(numbersOf(build(pages, cache))).toEqual(want);
    expect(numbersOf(build([...pages].reverse(), cache))).toEqual(want);
    const spellings = (files: Map<string, Uint8Array>) => JSON.parse(Buffer.from(files.get('pagefind/spellings.json')!).toString()) as string[];
    expect(spellings(build(pages, cache))).toEqual(spellings(build(pages)));
    expect(spellings(build(pages))).toEqual(['1 Alpha', '1.5 Beta', '1.9 Zeta', '2 Gamma', '2.1 Delta']);
  });
});
