import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import type { SiteFiles } from '../../compiler/emit-site/site.ts';
import { browserAvailable, launch } from '../browser/browser.ts';
import { ROOT, runCli } from '../helpers.ts';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { siteOf } from '../site/built.ts';
import { englishWordsUnmarked, pagesUnder, pageTexts, unmarkedOriginal } from '../site/unmarked-language.ts';

// Issue 13's proof on the bundled game: Cangaço (`locales: [en, pt-BR]`) has its site in pt-BR too, under
// cangaco/pt-BR/, and the search from the home page finds the Cordel cards that score flour by "farinha".
// Cangaço's content decides which cards those are (content/cangaco/cordel.yaml), so a designer may break this.
let files: SiteFiles;
beforeAll(async () => {
  files = await siteOf(ROOT);
});

describe("Cangaço's pt-BR pages", () => {
  it('has every Cordel card with its pt-BR rules text, its labels in pt-BR, and the translation note', () => {
    const cordel = String(files.get('cangaco/pt-BR/cordel.html'));
    expect(cordel).toMatch(/^<!DOCTYPE html>\n<html lang="pt-BR"/);
    expect(cordel).toContain('<h1>Cartas de Cordel</h1>');
    expect(cordel).toContain('class="translation-note"');
    expect(cordel.match(/<article class="entity/g)).toHaveLength(20);
    expect(cordel).toContain('O jogador com mais marcadores de farinha ao final do jogo ganha 5 pontos.');
    const stations = String(files.get('cangaco/pt-BR/stations.html'));
    expect(stations).toContain('<dt>Cartas distribuídas</dt>');
    // The Station cards' names are English (the game's own), translated by the locale file: read in Portuguese, unmarked.
    expect(stations).toContain('<h2 id="dry-1">Seca 1</h2>');
    expect(String(files.get('cangaco/stations.html'))).toContain('<h2 id="dry-1">Dry 1</h2>');
    // On the English page, the Cordel cards' Portuguese names carry their language.
    expect(String(files.get('cangaco/cordel.html'))).toContain('<span lang="pt-BR">O Velho Calunga e a Rolinha Trelosa</span>');
  });
});

/** The names of Cangaço's entries written in Portuguese in the English rulebook too (`nameLang: pt-BR`): the same in both editions. */
function portugueseNames(): string[] {
  const game = parse(readFileSync(path.join(ROOT, 'content/cangaco/game.yaml'), 'utf8')) as {
    collections: Record<string, { file: string; nameLang?: string }>;
  };
  return Object.values(game.collections)
    .filter((c) => c.nameLang === 'pt-BR')
    .flatMap((c) => (parse(readFileSync(path.join(ROOT, 'content/cangaco', c.file), 'utf8')) as Array<{ name: string }>).map((e) => e.name));
}

/**
 * The codes of the enums in Cangaço's schemas (`single`, `dry`): shown raw until they have labels, which the
 * enum-label check holds (issue 19's labels part), not this one: a value, not a text of the game to translate.
 */
function enumCodes(): Set<string> {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (k === 'enum' && Array.isArray(x)) x.forEach((code) => typeof code === 'string' && out.add(code));
      else visit(x);
    }
  };
  const dir = path.join(ROOT, 'schemas/cangaco');
  for (const f of readdirSync(dir)) visit(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
  return out;
}

describe("Cangaço's pt-BR edition", () => {
  const en = () => pagesUnder(files, 'cangaco/', 'cangaco/pt-BR/');
  const pt = () => pagesUnder(files, 'cangaco/pt-BR/');
  const codes = enumCodes();
  // A text that is only enum codes ("single", "left, middle, right") is left to the label check.
  const onlyCodes = (line: string) => line.split(': ').slice(1).join(': ').split(', ').every((w) => codes.has(w));
  // The game's name, the site's name and "Menu" (a Portuguese word too) read the same in both editions.
  const same = new Set(['Cangaço', 'rulebook', 'Menu', ...portugueseNames()]);

  it('holds no text of the English pages unmarked, and no English sentence', () => {
    expect(pt().length).toBe(en().length);
    expect(pt().length).toBeGreaterThanOrEqual(13);
    expect(same.has('O Velho Calunga e a Rolinha Trelosa')).toBe(true);
    expect(unmarkedOriginal(en(), pt(), 'en', same).filter((l) => !onlyCodes(l))).toEqual([]);
    expect(englishWordsUnmarked(pt(), 'en', same)).toEqual([]);
    // The English pages were read: their card texts and rules are among what was compared.
    const english = new Set(en().flatMap(([, html]) => pageTexts(html).map((t) => t.text)));
    expect(english.has('When playing a Mascate card, the player may exchange any one Resource marker on their own cards for another from the Resource supply.')).toBe(true);
  });

  it('`report` counts nothing missing in pt-BR: every text, label, rules text and rules page is translated', async () => {
    const json = JSON.parse((await runCli(['report', '--format', 'json', '--game', 'cangaco', '-C', ROOT])).out);
    expect(json[0].translations).toHaveLength(1);
    expect(json[0].translations[0]).toMatchObject({
      locale: 'pt-BR',
      rulesTexts: 20,
      missing: 0,
      textsMissing: 0,
      labelsMissing: 0,
      untranslatedTexts: 0,
      untranslatedPages: 0,
    });
  });

  it('is wholly translated: no part marked English, no note that one is not translated yet', () => {
    for (const [rel, html] of pt()) {
      const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
      // The language menu names English in English; nothing else on the page is English.
      const english = pageTexts(main.replace(/<nav class="languages"[\s\S]*?<\/nav>/, '')).filter((t) => t.lang === 'en');
      expect(english, rel).toEqual([]);
      expect(html, rel).not.toContain('class="untranslated"');
    }
  });

  it('reads each rules page, card text, note and the menu in Portuguese', () => {
    const page = (rel: string) => String(files.get(rel));
    expect(page('cangaco/pt-BR/rules/setup.html')).toContain('<h1>Preparação</h1>');
    expect(page('cangaco/pt-BR/rules/the-game.html')).toContain('Passe as cartas restantes, não escolhidas, ao jogador ao seu lado');
    expect(page('cangaco/pt-BR/index.html')).toContain('<a href="rules/end-of-a-season.html">Fim de uma estação</a>');
    const cards = page('cangaco/pt-BR/cards.html');
    expect(cards).toContain('Ao jogar uma carta de Mascate, o jogador pode trocar qualquer um dos marcadores de Recurso');
    expect(cards).toMatch(/<dt>Concede<\/dt><dd>(?:<span class="draft-value">)?farinha, cachaça, munição/);
    expect(cards).toContain('O livro de regras não imprime os pontos de vitória de cada tipo de carta.');
    expect(page('cangaco/pt-BR/cordel.html')).toContain('Quatro jogadores, sem empates.');
    // Every reading the English pages show stands on the Portuguese ones too (the worked examples' included).
    const readings = (html: string) => html.split('class="reading"').length - 1;
    for (const [rel, html] of en()) expect(readings(page(rel.replace(/^cangaco\//, 'cangaco/pt-BR/'))), rel).toBe(readings(html));
    expect(readings(page('cangaco/cordel.html'))).toBeGreaterThan(7);
  });
});

describe.runIf(browserAvailable())('searching Cangaço in pt-BR', () => {
  let browser: Browser;
  let server: SiteServer;
  beforeAll(async () => {
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('"farinha" from the home page finds the Cordel cards that score flour, on their pt-BR page', async () => {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    await page.goto(`${server.url}index.html`);
    await page.keyboard.press('/');
    await page.keyboard.type('farinha');
    await page.waitForFunction(() => document.querySelector('#search-results .count')?.textContent?.includes('farinha'));
    const hrefs = await page.$$eval('#search-results li a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    const cards = hrefs.filter((h) => h.startsWith('cangaco/pt-BR/cordel.html#'));
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(cards).toContain('cangaco/pt-BR/cordel.html#joao-valente-e-o-diabo-na-curva-da-taquara');
    await page.close();
  });
});
