import { afterAll, describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { renderSite } from '../compiler/emit-site/site.ts';
import { closeSearch, indexFiles, newIndex, searchCopy, searchedPages, withSearchFields } from '../compiler/emit-site/search.ts';
import { unwrapForIndex } from '../compiler/emit-site/search-unwrap.ts';
import { fixturesProject, ROOT, seededRandom } from './helpers.ts';
import { FIXTURE_GAMES, syntheticProject } from './site/built.ts';

// compiler/emit-site/search-unwrap.ts takes out of the indexed copy the tags Pagefind reads nothing from. These tests
// hold it to its promise with Pagefind itself as the judge: the same pages indexed with and without the pass give the
// same files, byte for byte.

type Page = [rel: string, html: string, lang: string];

/** Pagefind's files for `pages` (one index per language, as the build makes them), each page's copy made by `copy`. */
async function indexed(pages: readonly Page[], copy: (rel: string, html: string, lang: string) => string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const langs = [...new Set(pages.map(([, , lang]) => lang))];
  for (const lang of langs) {
    const index = await newIndex(lang);
    for (const [rel, html, l] of pages) {
      if (l !== lang) continue;
      const r = await index.addHTMLFile({ url: `/${rel}`, content: copy(rel, html, lang) });
      expect(r.errors).toEqual([]);
    }
    for (const f of await indexFiles(index)) out.set(`${lang}/${f.path}`, Buffer.from(f.content).toString('base64'));
    await index.deleteIndex();
  }
  return out;
}

/** The files that differ between two indexes (by name), or are in one only. */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
}

async function sitePages(root: string): Promise<Page[]> {
  const result = await check(root);
  expect(result.bag.errorCount).toBe(0);
  const site = renderSite(result.games, { base: '/' });
  return [...searchedPages(site)].flatMap(([lang, pages]) => pages.map(([rel, html]): Page => [rel, html, lang]));
}

afterAll(() => closeSearch());

describe('the index copy without the tags Pagefind reads nothing from', () => {
  it.each([
    ['the bundled games', () => sitePages(ROOT)],
    ['the fixture games', async () => sitePages(await fixturesProject(FIXTURE_GAMES))],
    ['a synthetic game of 450 cards', async () => sitePages(await syntheticProject(450))],
  ])(
    'gives the same index of %s, byte for byte, from fewer tags',
    async (_name, pagesOf) => {
      const pages = await pagesOf();
      expect(pages.length).toBeGreaterThan(3);
      const whole = await indexed(pages, searchCopy);
      const unwrapped = await indexed(pages, withSearchFields);
      expect(whole.size).toBeGreaterThan(pages.length);
      expect(differences(whole, unwrapped)).toEqual([]);
      // And the pass did its work: every page with a link or a field list in its body lost tags.
      const tags = (html: string) => html.slice(html.indexOf('data-pagefind-body'), html.lastIndexOf('</main>')).match(/<[a-z]/g)?.length ?? 0;
      const before = pages.reduce((n, [rel, html, lang]) => n + tags(searchCopy(rel, html, lang)), 0);
      const after = pages.reduce((n, [rel, html, lang]) => n + tags(withSearchFields(rel, html, lang)), 0);
      expect(after).toBeLessThan(before * 0.85);
      const unchanged = pages.filter(([rel, html, lang]) => {
        const copy = searchCopy(rel, html, lang);
        const body = copy.slice(copy.indexOf('data-pagefind-body'));
        return /<(a|dl|em|strong)[\s>]/.test(body.replace(/data-pagefind-ignore[\s\S]*/, '')) && unwrapForIndex(copy) === copy;
      });
      expect(unchanged.map(([rel]) => rel)).toEqual([]);
    },
    120_000,
  );

  it('gives the same index for random trees of every tag it takes out and every kind of tag it keeps', async () => {
    const random = seededRandom(24);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const words = ['lampião', 'cangaço', 'sertão', 'Volante', 'rifle', 'seca', 'x', 'Rule 4.2', 'ends.', 'why?', '(note)', '"quoted"'];
    let ids = 0;
    const attrs = () => {
      let a = '';
      if (random() < 0.25) a += ` id="n${ids++}"`;
      if (random() < 0.3) a += ' class="c"';
      if (random() < 0.05) a += ' data-pagefind-ignore';
      if (random() < 0.04) a += ' data-pagefind-weight="3"';
      if (random() < 0.03) a += ` data-pagefind-meta="m${ids}:v>w"`;
      return a;
    };
    const text = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(words)).join(random() < 0.8 ? ' ' : '');
    const wrap = (tag: string, inner: string) => `<${tag}${attrs()}>${inner}</${tag}>`;
    const inlineTags = [
      'a',
      'abbr',
      'b',
      'bdi',
      'bdo',
      'cite',
      'code',
      'data',
      'del',
      'dfn',
      'em',
      'i',
      'ins',
      'kbd',
      'mark',
      'q',
      's',
      'samp',
      'small',
      'span',
      'strong',
      'sub',
      'sup',
      'time',
      'u',
      'var',
      'button',
    ];
    const phrasing = (depth: number): string =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const r = random();
        if (depth <= 0 || r < 0.4) return text();
        if (r < 0.45) return `<br${random() < 0.3 ? ` id="n${ids++}"` : ''}>`;
        if (r < 0.48) return '<!-- a <b>comment</b> -->';
        return wrap(pick(inlineTags), phrasing(depth - 1));
      }).join(random() < 0.5 ? ' ' : '');
    const flow = (depth: number): string =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        if (depth <= 0 || random() < 0.25) return phrasing(1);
        switch (Math.floor(random() * 14)) {
          case 0:
            return `<p${attrs()}>${phrasing(depth - 1)}</p>`;
          case 1:
            return wrap(pick(['h2', 'h3', 'h4']), phrasing(1));
          case 2:
            return `<ul${attrs()}><li${attrs()}>${flow(depth - 1)}</li><li>${phrasing(1)}</li></ul>`;
          case 3:
            return `<ol${attrs()}><li>${flow(depth - 1)}</li></ol>`;
          case 4:
            return `<dl${attrs()}><dt${attrs()}>${phrasing(1)}</dt> <dd${attrs()}>${flow(depth - 1)}</dd></dl>`;
          case 5:
            return `<table${attrs()}><caption>${phrasing(1)}</caption><thead><tr><th${attrs()}>${phrasing(1)}</th></tr></thead><tbody><tr${attrs()}><td${attrs()}>${flow(depth - 1)}</td><td>${phrasing(1)}</td></tr></tbody><tfoot><tr><td>${text()}</td></tr></tfoot></table>`;
          case 6:
            return `<details${attrs()}><summary>${phrasing(1)}</summary>${flow(depth - 1)}</details>`;
          case 7:
            return `<figure${attrs()}>${flow(depth - 1)}<figcaption>${phrasing(1)}</figcaption></figure>`;
          case 8:
            return wrap(pick(['blockquote', 'aside', 'header', 'hgroup']), flow(depth - 1));
          case 9:
            return `<pre${attrs()}><code>${text()}\n  ${text()}</code></pre>`;
          case 10:
            return wrap(pick(['div', 'section', 'article']), flow(depth - 1));
          case 11:
            return `<nav>${phrasing(1)}</nav><form><label>${text()}</label><input value="${text()}"></form>`;
          case 12:
            return `<span${attrs()}><img src="i.png" alt="${text()}">${phrasing(depth - 1)}</span><hr>`;
          default:
            return `<script>if (1 < 2) document.title = "<dl>";</script>${phrasing(1)}`;
        }
      }).join('\n');
    const pages: Page[] = Array.from({ length: 160 }, (_, i) => {
      const mainId = random() < 0.7 ? ' id="main"' : '';
      const body = `<h1>Page ${i}</h1>${flow(4)}`;
      const html = `<!doctype html><html lang="en"><head><title>T${i}</title></head><body><header><a href="/">Home</a></header><main${mainId} data-pagefind-body>${body}</main><footer>f</footer></body></html>`;
      return [`p${i}.html`, html, 'en'];
    });
    const asIs = (_rel: string, html: string) => html;
    const unwrapped = (_rel: string, html: string) => unwrapForIndex(html);
    const changed = pages.filter(([, html]) => unwrapForIndex(html) !== html).length;
    expect(changed).toBeGreaterThan(pages.length * 0.75);
    expect(differences(await indexed(pages, asIs), await indexed(pages, unwrapped))).toEqual([]);
  }, 120_000);
});

describe('what the pass leaves as it is', () => {
  const page = (body: string, main = '<main id="main" data-pagefind-body>') => `<html lang="en"><body>${main}${body}</main></body></html>`;

  it('takes out a field list, its links and spans, not its paragraphs or anchored headings', () => {
    const out = unwrapForIndex(
      page(
        '<article><h2 id="a">Name <span class="which">· x</span></h2><p>Text</p><dl class="fields"><dt>Cost:</dt> <dd><a href="c.html#b">B</a>.</dd></dl></article>',
      ),
    );
    expect(out).toBe(page('<article><h2 id="a">Name · x</h2><p>Text</p>Cost: B.</article>'));
  });

  it('keeps a block under an anchored parent (its text is not the anchor’s), but takes out an inline one', () => {
    expect(unwrapForIndex(page('<dl><dt>A</dt></dl><em>b</em>'))).toBe(page('<dl>A</dl>b'));
    expect(unwrapForIndex(page('<dl><dt>A</dt></dl>', '<main data-pagefind-body>'))).toBe(page('A', '<main data-pagefind-body>'));
    expect(unwrapForIndex(page('<p id="p"><dfn>x</dfn><mark>y</mark></p>'))).toBe(page('<p id="p">x<mark>y</mark></p>'));
  });

  it('keeps anything with an id or a data-pagefind attribute, and all of what Pagefind ignores', () => {
    const body = '<p><span id="s">a</span><span data-pagefind-weight="2">b</span><span data-pagefind-ignore><em>c</em></span><nav><em>d</em></nav></p>';
    expect(unwrapForIndex(page(body))).toBe(page(body));
  });

  it('reads a quoted ">" and a script as what they are', () => {
    expect(unwrapForIndex(page('<p><span title="a>b">x</span><script>if (a<b) x = "</span>";</script></p>'))).toBe(
      page('<p>x<script>if (a<b) x = "</span>";</script></p>'),
    );
  });

  it('leaves a page whose tags do not pair up, or with no searched body, as it is', () => {
    for (const html of [page('<p><em>x</p>'), page('<dl><dt>x</dl>'), page('<span/>x'), '<html><main id="main"><em>x</em></main></html>'])
      expect(unwrapForIndex(html)).toBe(html);
  });
});
