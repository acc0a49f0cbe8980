import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import type { SiteFiles } from '../../compiler/emit-site/site.ts';
import { browserAvailable, launch } from '../browser/browser.ts';
import { ROOT } from '../helpers.ts';
import { siteOf } from '../site/built.ts';

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
    expect(stations).toContain('<h2 id="dry-1">Seca 1 ');
    expect(String(files.get('cangaco/stations.html'))).toContain('<h2 id="dry-1">Dry 1 ');
    // On the English page, the Cordel cards' Portuguese names carry their language.
    expect(String(files.get('cangaco/cordel.html'))).toContain('<span lang="pt-BR">O Velho Calunga e a Rolinha Trelosa</span>');
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
