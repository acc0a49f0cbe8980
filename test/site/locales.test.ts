import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../compiler/emit-site/i18n.ts';
import { builtInLocales, siteWords } from '../../compiler/locales/language.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { parse } from 'yaml';
import path from 'node:path';
import { FIXTURES, fixtureProject, runCli } from '../helpers.ts';
import { fixturesSite } from './built.ts';
import { englishWordsUnmarked, pagesUnder, unmarkedOriginal } from './unmarked-language.ts';

// A game in two locales (test/fixtures/games/duo: English, and pt-BR from its locale file) gets its site in
// both: the main locale at duo/, the other under duo/pt-BR/, linked to each other, the second saying it is a
// translation; labels per locale from the locale file; names in another language than the page's marked with it.
/** `rulebook check`'s diagnostics as `severity file:line:col code: message` (the CLI's check adds the site's presentation warnings). */
async function checked(root: string): Promise<string[]> {
  const { out } = await runCli(['check', '-C', root, '--format', 'json']);
  const all = JSON.parse(out) as Array<{ severity: string; file: string; line: number; column: number; ruleId: string; message: string }>;
  return all.map((d) => `${d.severity} ${d.file}:${d.line}:${d.column} ${d.ruleId}: ${d.message}`);
}

describe('a game in several locales', () => {
  const page = async (rel: string) => String((await fixturesSite()).get(rel) ?? '');
  const main = (html: string) => /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

  it('has every page in each locale, the other locale under its folder, in that language', async () => {
    const files = await fixturesSite();
    const en = [...files.keys()].filter((p) => /^duo\/(?!pt-BR\/).*\.html$/.test(p));
    expect(en.length).toBeGreaterThan(3);
    for (const rel of en) expect(files.has(rel.replace(/^duo\//, 'duo/pt-BR/')), rel).toBe(true);
    const pt = await page('duo/pt-BR/harvests.html');
    expect(pt).toMatch(/^<!DOCTYPE html>\n<html lang="pt-BR"/);
    // UI words, the collection's title and description from the locale file, the rules text from texts['pt-BR'].
    expect(main(pt)).toContain('<h1>Cartas de colheita</h1>');
    expect(main(pt)).toContain('<p>Pontuadas no fim da partida.</p>');
    expect(main(pt)).toContain('O jogador com mais sacos de farinha ao final do jogo ganha 4 pontos.');
    expect(main(pt)).toContain('<caption>Exemplos</caption>');
    expect(main(pt)).not.toContain('at the end of the game');
    expect(main(await page('duo/harvests.html'))).toContain('The player with the most Flour sacks at the end of the game gains 4 points.');
  });

  it('says on each translated page that its sentences are a translation, and not on the main ones', async () => {
    const files = await fixturesSite();
    const note = '<p class="translation-note" data-pagefind-ignore>Uma tradução feita para esta edição';
    for (const [rel, html] of files) {
      if (!rel.startsWith('duo/') || !rel.endsWith('.html')) continue;
      expect(String(html).includes(note), rel).toBe(rel.startsWith('duo/pt-BR/'));
    }
    // A game of one locale has no language links at all.
    expect(await page('duel/trophies.html')).not.toContain('hreflang');
  });

  it('links each page to its other versions: hreflang alternates and links a reader follows', async () => {
    const en = await page('duo/rules/overview.html');
    expect(en).toContain('<link rel="alternate" hreflang="en" href="../rules/overview.html">');
    expect(en).toContain('<link rel="alternate" hreflang="pt-BR" href="../pt-BR/rules/overview.html">');
    const pt = await page('duo/pt-BR/rules/overview.html');
    expect(pt).toContain('<link rel="alternate" hreflang="en" href="../../rules/overview.html">');
    expect(pt).toMatch(
      /<nav class="languages" aria-label="Idiomas"[^>]*><ul><li><a href="\.\.\/\.\.\/rules\/overview\.html" hreflang="en" lang="en">English<\/a>/,
    );
    expect(pt).toContain('hreflang="pt-BR" lang="pt-BR" aria-current="page">Português (Brasil)</a>');
    // The overview has no translation (rules/pt-BR/ lacks it): on the pt-BR page it keeps its language, title and links included.
    expect(main(pt)).toContain('<h1 lang="en">Overview</h1>');
    expect(main(pt)).toContain('<p class="untranslated" data-pagefind-ignore>(em inglês: ainda não traduzido)</p><div lang="en">');
    expect(pt).toContain('<a href="../rules/overview.html" lang="en" aria-current="page">Overview</a>');
    expect(pt).toContain('<a href="../harvests.html">Cartas de colheita</a>');
    // So does a text of the game the locale file does not translate (the summary); a translated one is not marked.
    const home = main(await page('duo/pt-BR/index.html'));
    expect(home).toContain('<p><span lang="en">A small invented game whose Harvest cards score');
    expect(home).toContain('<a href="harvests.html">Cartas de colheita</a>');
    // The home page and the 404 page link each version of the game.
    expect(await page('index.html')).toContain('(<a href="duo/pt-BR/index.html" hreflang="pt-BR" lang="pt-BR">Português (Brasil)</a>)');
    expect(await page('404.html')).toContain('(<a href="/duo/pt-BR/index.html" hreflang="pt-BR" lang="pt-BR">Português (Brasil)</a>)');
    // Window titles differ between the versions.
    expect(/<title>([^<]*)/.exec(pt)?.[1]).toBe('Overview · Flour Duo · Português (Brasil) · rulebook');
  });

  it("labels fields in the page's locale from the locale file, falling back to the schema's title", async () => {
    expect(main(await page('duo/harvests.html'))).toContain('<dt>Printed points</dt>');
    expect(main(await page('duo/pt-BR/harvests.html'))).toContain('<dt>Pontos impressos</dt>');
    const chiefs = main(await page('duo/pt-BR/chiefs.html'));
    expect(chiefs).toContain('<dt>Ataque</dt>');
    // No pt-BR label for `home`: the schema's title, marked as not translated yet, and a warning naming the field and the locale.
    expect(chiefs).toContain(
      '<dt><span lang="en">Home town</span> <span class="untranslated" data-pagefind-ignore>(em inglês: ainda não traduzido)</span></dt>',
    );
    const warnings = (await checked(await fixtureProject('duo'))).filter((d) => d.includes('label-missing-locale'));
    expect(warnings).toEqual([expect.stringMatching(/^warning schemas\/duo\/chief\.schema\.json:13:5 label-missing-locale: chiefs "home" has no pt-BR label/)]);
  });

  it('warns about no label when the locale file gives every shown field one', async () => {
    const root = await fixtureProject('duo', {
      'content/duo/locales/pt-BR.yaml': (t) => t.replace('    # home: left out on purpose', '    home: Cidade natal\n    #'),
    });
    expect((await checked(root)).filter((d) => d.includes('label-missing-locale'))).toEqual([]);
  });

  it('rejects a `labels:` that is not a map of fields to texts, at its place', async () => {
    const root = await fixtureProject('duo', { 'content/duo/locales/pt-BR.yaml': (t) => t.replace('attack: Ataque', 'attack: [Ataque]') });
    expect((await checked(root)).filter((d) => d.startsWith('error'))).toEqual([
      expect.stringMatching(/^error content\/duo\/locales\/pt-BR\.yaml:20:\d+ locale-file: the label of chiefs attack must be a text/),
    ]);
  });

  it('marks a name with its own language wherever it is drawn on a page in another', async () => {
    // The chiefs' names are Portuguese (`nameLang: pt-BR`): marked on the English page, not on the Portuguese one.
    expect(main(await page('duo/chiefs.html'))).toContain('<h2 id="ze-moleque"><span lang="pt-BR">Zé Moleque</span></h2>');
    expect(main(await page('duo/pt-BR/chiefs.html'))).toContain('<h2 id="ze-moleque">Zé Moleque</h2>');
    // The cards' names are the game's own English: marked on the Portuguese page only.
    expect(main(await page('duo/pt-BR/harvests.html'))).toContain('<h2 id="mill-wheel"><span lang="en">Mill Wheel</span></h2>');
    expect(main(await page('duo/harvests.html'))).toContain('<h2 id="mill-wheel">Mill Wheel</h2>');
  });

  it("reads the site's own words from the compiler's locale files: each complete, none unknown", () => {
    const keys = Object.keys(wordsFor('en'));
    for (const tag of builtInLocales()) {
      expect(Object.keys(siteWords(tag)).sort(), tag).toEqual([...keys].sort());
      for (const [k, v] of Object.entries(wordsFor(tag))) expect(v, `${tag} ${k}`).not.toBe('');
    }
    expect(wordsFor('pt-BR').translationNote).toMatch(/^Uma tradução/);
    // A language the compiler has no file for reads the English words.
    expect(wordsFor('fr').skip).toBe(wordsFor('en').skip);
  });
});

describe("a locale's pages in that locale", () => {
  // duo translates some of its texts into pt-BR and leaves others out on purpose (its locale file says which):
  // what it translates reads in Portuguese, what it does not is marked English and says it is not translated yet.
  const page = async (rel: string) => String((await fixturesSite()).get(rel) ?? '');
  const main = (html: string) => /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  const NOTE = '(em inglês: ainda não traduzido)';
  const notes = (html: string) => html.split(NOTE).length - 1;

  it('draws a rules page from its translation in rules/<locale>/, unmarked', async () => {
    const pt = main(await page('duo/pt-BR/rules/scoring.html'));
    expect(pt).toContain('<h1>Pontuação</h1>');
    expect(pt).toContain('No fim da partida, cada carta de colheita pontua como diz seu texto.');
    expect(pt).not.toContain('<div lang="en">');
    expect(notes(pt)).toBe(0);
    // The menu and the pager name it in Portuguese too; the untranslated overview stays marked there.
    const home = await page('duo/pt-BR/index.html');
    expect(home).toContain('<a href="rules/scoring.html">Pontuação</a>');
    expect(home).toContain('<a href="rules/overview.html" lang="en">Overview</a>');
    expect(main(await page('duo/rules/scoring.html'))).toContain('<h1>Scoring</h1>');
  });

  it('marks each untranslated part as English once, and says so in Portuguese', async () => {
    const overview = main(await page('duo/pt-BR/rules/overview.html'));
    expect(notes(overview)).toBe(1);
    const harvests = main(await page('duo/pt-BR/harvests.html'));
    // Mill Wheel's text and its example's note are translated; Salt Pan's text is not: marked, one note.
    expect(harvests).toContain('Gire a roda enquanto o rio corre.');
    expect(harvests).toContain('Quem tem mais farinha ganha 4.');
    expect(harvests).toMatch(
      /<div lang="en">(?:(?!<\/div>)[\s\S])*Dry the sea in the sun\.[\s\S]*?<\/div><p class="untranslated" data-pagefind-ignore>\(em inglês: ainda não traduzido\)<\/p>/,
    );
    expect(notes(harvests)).toBe(1);
    const home = main(await page('duo/pt-BR/index.html'));
    expect(home).toContain(
      `<span lang="en">A small invented game whose Harvest cards score the flour and salt each player holds at the end.</span> <span class="untranslated" data-pagefind-ignore>${NOTE}</span>`,
    );
    // Place names the locale file gives as themselves read as Portuguese, unmarked.
    expect(main(await page('duo/pt-BR/chiefs.html'))).toContain('<dd>Serra Talhada</dd>');
    // The English pages have nothing to mark.
    for (const [rel, html] of pagesUnder(await fixturesSite(), 'duo/', 'duo/pt-BR/')) expect(html, rel).not.toContain('class="untranslated"');
  });

  it('publishes no English unmarked on the pt-BR pages', async () => {
    const files = await fixturesSite();
    const en = pagesUnder(files, 'duo/', 'duo/pt-BR/');
    const pt = pagesUnder(files, 'duo/pt-BR/');
    expect(pt.length).toBe(en.length);
    // The game's title is its name in every language, and so are the site's own "rulebook" and "Menu" (a Portuguese word
    // too); the place names the locale file gives as themselves read the same in both languages.
    const texts = (parse(await readFile(path.join(FIXTURES, 'duo/content/duo/locales/pt-BR.yaml'), 'utf8')) as { texts: Record<string, string> }).texts;
    const same = new Set([
      'Flour Duo',
      'rulebook',
      'Menu',
      ...Object.entries(texts)
        .filter(([k, v]) => k === v)
        .map(([k]) => k),
    ]);
    expect(same.has('Serra Talhada')).toBe(true);
    expect(unmarkedOriginal(en, pt, 'en', same)).toEqual([]);
    expect(englishWordsUnmarked(pt, 'en', same)).toEqual([]);
    // The check finds what it is for: a page that showed the English text unmarked fails it.
    const leaked = pt.map(([rel, html]): [string, string] => [rel, html.replace('<span lang="en">Salt Pan</span>', 'Salt Pan')]);
    expect(unmarkedOriginal(en, leaked, 'en', same)).toContain('duo/pt-BR/harvests.html: Salt Pan');
    const sentence = pt.map(([rel, html]): [string, string] => [rel, html.replace('Gire a roda enquanto o rio corre.', 'Turn it when the river runs.')]);
    expect(englishWordsUnmarked(sentence, 'en', same)).toEqual(['duo/pt-BR/harvests.html: Turn it when the river runs.']);
  });

  it('warns at each text and rules page a locale leaves untranslated, and report counts them', async () => {
    const root = await fixtureProject('duo');
    expect((await checked(root)).filter((d) => d.includes('text-untranslated'))).toEqual([
      'warning content/duo/game.yaml:11:10 text-untranslated: the summary "A small invented game whose Harvest cards score the flour…" has no pt-BR translation: pt-BR pages show it in en, marked as not translated yet',
      'warning content/duo/harvests.yaml:1:9 text-untranslated: a name in harvests "Mill Wheel" has no pt-BR translation: pt-BR pages show it in en, marked as not translated yet',
      'warning content/duo/harvests.yaml:10:9 text-untranslated: a name in harvests "Salt Pan" has no pt-BR translation: pt-BR pages show it in en, marked as not translated yet',
      'warning content/duo/harvests.yaml:13:9 text-untranslated: harvests "Salt Pan" text "Dry the sea in the sun." has no pt-BR translation: pt-BR pages show it in en, marked as not translated yet',
      'warning content/duo/rules/01-overview.md:1:1 text-untranslated: the rules page "Overview" has no pt-BR translation: pt-BR pages show it in en, marked as not translated yet',
    ]);
    const json = JSON.parse((await runCli(['report', '--format', 'json', '--game', 'duo', '-C', root])).out);
    expect(json[0].translations[0]).toMatchObject({ locale: 'pt-BR', untranslatedTexts: 4, untranslatedPages: 1 });
    // Translating them leaves nothing to warn about or count.
    const done = await fixtureProject('duo', {
      'content/duo/locales/pt-BR.yaml': (t) =>
        t.replace(
          'texts:\n',
          'texts:\n  A small invented game whose Harvest cards score the flour and salt each player holds at the end.: Um pequeno jogo inventado.\n  Mill Wheel: Roda do Moinho\n  Salt Pan: Salina\n  Dry the sea in the sun.: Seque o mar ao sol.\n',
        ),
    });
    await writeFile(path.join(done, 'content/duo/rules/pt-BR/01-overview.md'), '# Visão geral\n\nCada jogador junta farinha e sal.\n');
    expect((await checked(done)).filter((d) => d.includes('text-untranslated'))).toEqual([]);
    const after = JSON.parse((await runCli(['report', '--format', 'json', '--game', 'duo', '-C', done])).out);
    expect(after[0].translations[0]).toMatchObject({ untranslatedTexts: 0, untranslatedPages: 0 });
  });

  it('warns at a translated page that translates no page of the game', async () => {
    const root = await fixtureProject('duo');
    await writeFile(path.join(root, 'content/duo/rules/pt-BR/03-visao-geral.md'), '# Visão geral\n');
    expect((await checked(root)).filter((d) => d.includes('page-translation-unmatched'))).toEqual([
      expect.stringMatching(/^warning content\/duo\/rules\/pt-BR\/03-visao-geral\.md:1:1 page-translation-unmatched: this pt-BR page translates no rules page/),
    ]);
  });
});
