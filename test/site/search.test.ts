import { describe, expect, it } from 'vitest';
import { withSearchFields, type SearchNames } from '../../compiler/emit-site/search.ts';
import { fixturesProject } from '../helpers.ts';
import { FIXTURE_GAMES, fixtureManifest, fixturesSite, pagefindFragments as fragments, siteOf } from './built.ts';

const text = (c: string | Uint8Array | undefined): string => (typeof c === 'string' ? c : new TextDecoder().decode(c));

// The build side of search, on the fixture games (English duel and board, pt-BR tree).
describe('the search index', () => {
  it('writes the names lists: the numbered rules with their page, game, language and number; every name a result can bear, once', async () => {
    const files = await fixturesSite();
    const numbers = JSON.parse(text(files.get('pagefind/numbers.json'))) as SearchNames;
    // One bundle per language the fixture games are written in (English and pt-BR at least).
    const locales = [...new Set(['en', ...FIXTURE_GAMES.map((g) => fixtureManifest(g).locale)])].sort();
    expect(locales).toEqual(expect.arrayContaining(['en', 'pt-BR']));
    expect(numbers.languages).toEqual(locales);
    // Every first query reads the languages (to merge the other bundles); only some read the names.
    expect(JSON.parse(text(files.get('pagefind/languages.json')))).toEqual(locales);
    // Every fixture game that has a numbered rule, by name, sorted.
    expect(numbers.games).toEqual(expect.arrayContaining(['Árvore']));
    expect(numbers.games).toEqual([...numbers.games].sort());
    const game = (name: string) => numbers.games.indexOf(name);
    const lang = (l: string) => numbers.languages.indexOf(l);
    const find = (t: string) => numbers.names.find((n) => n[0] === t);
    expect(find('16.5.1 Clareiras Costeiras.')).toEqual(['16.5.1 Clareiras Costeiras.', '/tree/rules.html#r-16-5-1', game('Árvore'), lang('pt-BR'), '16.5.1']);
    expect(find('16.6.1 Ruína')).toEqual(['16.6.1 Ruína', '/tree/glossary.html#ruina', game('Árvore'), lang('pt-BR'), '16.6.1']);
    // Only numbered headings, and nothing from the drafts pages or the home page (which names no game).
    expect(numbers.names.every((n) => n[4] !== undefined)).toBe(true);
    expect(numbers.names.filter((n) => /drafts\.html|^\/index\.html/.test(n[1]))).toEqual([]);
    // The spellings: every heading's words once (an entry's name, a rule with its number), sorted.
    const spellings = JSON.parse(text(files.get('pagefind/spellings.json'))) as string[];
    expect(spellings).toEqual(expect.arrayContaining(['Lâmpada Velha', 'The Counting House', '16.5.1 Clareiras Costeiras.']));
    expect(new Set(spellings).size).toBe(spellings.length);
    expect(spellings).toEqual([...spellings].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(spellings.length).toBeGreaterThanOrEqual(14 + numbers.names.length);
    expect(files.has('pagefind/names.json')).toBe(false);
  });

  it('leaves the drafts pages and the 404 page out of the index, and gives each page its game and kind as filters and its language as metadata', async () => {
    const files = await fixturesSite();
    const pages = fragments(files);
    const byUrl = new Map(pages.map((p) => [p.url, p]));
    expect([...byUrl.keys()].filter((u) => /\/drafts\.html$|^\/404\.html$/.test(u))).toEqual([]);
    expect(byUrl.has('/duel/trophies.html') && byUrl.has('/index.html')).toBe(true);
    // Games with draft values have a drafts page (a game without any has none), so the check above saw some.
    for (const g of ['duel', 'board']) expect(files.has(`${g}/drafts.html`), g).toBe(true);
    // A kind is a key the same in every language (search-kinds.ts), labelled in pagefind/kinds.json.
    expect(byUrl.get('/duel/trophies.html')?.filters).toEqual({ game: ['Lantern Duel'], kind: ['duel/trophies'] });
    expect(byUrl.get('/duel/rules/overview.html')?.filters).toEqual({ game: ['Lantern Duel'], kind: ['rules'] });
    expect(byUrl.get('/tree/glossary.html')?.filters.game).toEqual(['Árvore']);
    // A game's overview is no kind of entry.
    expect(byUrl.get('/duel/index.html')?.filters).toEqual({ game: ['Lantern Duel'] });
    expect(byUrl.get('/tree/rules.html')?.meta.lang).toBe('pt-BR');
    expect(byUrl.get('/board/events.html')?.meta.lang).toBe('en');
  });

  it('only the indexed copy of a page gets the search fields; their values are escaped', () => {
    const page = '<html lang="en"><main id="main" data-pagefind-body><h1>Cards &amp; "Tokens"</h1></main></html>';
    const indexed = withSearchFields('g/cards.html', page, 'en');
    expect(indexed).toContain(
      '<main id="main" data-pagefind-body><span hidden data-pagefind-meta="lang:en" data-pagefind-filter="kind[data-kind]" data-kind="g/cards"></span><h1>',
    );
    expect(withSearchFields('g/rules/setup.html', page, 'pt-BR')).toContain('data-kind="rules"');
    expect(withSearchFields('index.html', page, 'en')).not.toContain('data-kind');
  });

  it('ships the edit distance the misspelling suggestion uses, and the names list is the same from build to build', async () => {
    const files = await fixturesSite();
    const lib = text(files.get('pagefind/levenshtein.js'));
    expect(lib).toMatch(/^\/\*! fastest-levenshtein \d+\.\d+\.\d+ \| MIT License/);
    const { distance } = (await import(`data:text/javascript,${encodeURIComponent(lib)}`)) as { distance: (a: string, b: string) => number };
    expect(distance('lampeao', 'lampiao')).toBe(1);
    const again = await siteOf(await fixturesProject(FIXTURE_GAMES));
    for (const list of ['pagefind/numbers.json', 'pagefind/spellings.json']) expect(text(again.get(list)), list).toBe(text(files.get(list)));
  });
});
