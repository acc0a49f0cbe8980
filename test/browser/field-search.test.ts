// Field queries in the search box (docs-site/field-search.js, field-query.js; data from
// compiler/emit-site/query-data.ts), as a reader types them, on the fixture games' site and on the bundled
// Cangaço's pt-BR pages. Every expected set is read off the fixtures' YAML and CSV (quoted beside it), not off
// the engine. Every page's script errors fail the test that saw them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { siteOf } from '../site/built.ts';
import { axeViolations, browserAvailable, siteInBrowser } from './browser.ts';

const run = browserAvailable();
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Answer {
  /** The count line: "2 entries match: …", or what is wrong with the query. */
  count: string;
  /** The results' names, in order. */
  names: string[];
  /** Each result's link, as a path and anchor from the site's root. */
  links: string[];
}

describe.runIf(run)('field queries', () => {
  let browser: Browser;
  let server: SiteServer;
  let cangaco: SiteServer;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ browser, server } = await siteInBrowser());
    // The bundled games, for Cangaço's pt-BR labels with accents (Número, Estação); no search index: field queries do not read it.
    const bundled = await siteOf(REPO, { search: false });
    cangaco = await startServer(() => bundled, { port: 0, live: false });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await cangaco?.close();
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    return page;
  }

  /** Type a query as a reader does (`/` focuses the box) and wait for the panel to answer it. */
  async function ask(page: Page, query: string): Promise<Answer> {
    await page.keyboard.press('/');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(query);
    await page.waitForFunction((q) => document.getElementById('search-results')?.dataset.answered === q, query);
    const answer = await page.evaluate(() => ({
      count: document.querySelector('#search-results .count')?.textContent ?? '',
      names: [...document.querySelectorAll('#search-results ol li .r-title')].map((e) => e.textContent ?? ''),
      links: [...document.querySelectorAll<HTMLAnchorElement>('#search-results ol li a')].map((a) => {
        const u = new URL(a.href);
        return `${u.pathname.slice(1)}${u.hash}`;
      }),
    }));
    expect(errors).toEqual([]);
    return answer;
  }

  // test/fixtures/games/sheet: spells.csv holds Fireball (cost 3, school flame, element fire, tags quick|loud, rare no),
  // Frost Nova (cost 2, frost, ice, slow, rare yes) and Élan (cost: a reading of 1, frost, Glace, no tags); trophies.csv
  // The Beacon Chase and The Reckoning Hall (copies 2); schools.tsv School of Flame and School of Frost.
  it('compares numbers, a reading among them, and links each result to its entry with its rules text', async () => {
    const page = await open(`${server.url}sheet/spells.html`);
    const cheap = await ask(page, 'cost<=2');
    expect(cheap).toEqual({
      count: '2 entries match: “cost<=2”',
      names: ['Frost Nova', 'Élan'],
      links: ['sheet/spells.html#frost-nova', 'sheet/spells.html#elan'],
    });
    expect(await page.locator('#search-results li').first().locator('.excerpt').textContent()).toBe('Freeze every enemy.');
    expect((await ask(page, 'cost>2')).names).toEqual(['Fireball']);
    expect((await ask(page, 'cost>=2 cost<3')).names).toEqual(['Frost Nova']);
    expect((await ask(page, 'cost=1')).names).toEqual(['Élan']);
    expect((await ask(page, 'copies>=2')).names).toEqual(['The Reckoning Hall']);
    await page.close();
  });

  it('names an enum by its label or its value, a reference by the referenced entry’s name or ID, a list by a member, yes/no', async () => {
    const page = await open(`${server.url}sheet/spells.html`);
    expect((await ask(page, 'element:glace')).names).toEqual(['Frost Nova', 'Élan']);
    expect((await ask(page, 'element:ice')).names).toEqual(['Frost Nova', 'Élan']);
    expect((await ask(page, 'element:Fire')).names).toEqual(['Fireball']);
    expect((await ask(page, 'school:"school of flame"')).names).toEqual(['Fireball']);
    expect((await ask(page, 'school:frost')).names).toEqual(['Frost Nova', 'Élan']);
    expect((await ask(page, 'tags:loud')).names).toEqual(['Fireball']);
    expect((await ask(page, 'tags:slow')).names).toEqual(['Frost Nova']);
    expect((await ask(page, 'rare:yes')).names).toEqual(['Frost Nova']);
    await page.close();
  });

  it('negates, offers either with or, groups with parentheses, and reads kind:, name: and text:', async () => {
    const page = await open(`${server.url}sheet/index.html`);
    // The collections in the manifest's order (trophies, spells, schools), each in its file's order.
    expect((await ask(page, '-school:frost')).names).toEqual(['The Beacon Chase', 'The Reckoning Hall', 'Fireball', 'School of Flame', 'School of Frost']);
    expect((await ask(page, 'tags:slow or element:fire')).names).toEqual(['Fireball', 'Frost Nova']);
    expect((await ask(page, 'kind:spell (cost=1 or rare:yes)')).names).toEqual(['Frost Nova', 'Élan']);
    expect((await ask(page, '-(kind:spells or kind:schools)')).names).toEqual(['The Beacon Chase', 'The Reckoning Hall']);
    expect((await ask(page, 'kind:spell -elan')).names).toEqual(['Fireball', 'Frost Nova']);
    expect((await ask(page, 'name:ÉLAN')).names).toEqual(['Élan']);
    expect((await ask(page, 'text:"discard a card"')).names).toEqual(['Fireball']);
    // A bare word beside a field: names and rules text ("coins" is in The Reckoning Hall's sentence).
    expect((await ask(page, 'kind:trophy coins')).names).toEqual(['The Reckoning Hall']);
    await page.close();
  });

  it('says a field that does not exist, offers the closest, and its button mends the query', async () => {
    const page = await open(`${server.url}sheet/spells.html`);
    const typo = await ask(page, 'cots<=2');
    expect(typo).toEqual({ count: 'No field is called “cots”.', names: [], links: [] });
    const suggestion = page.locator('#search-results .query-suggest');
    expect((await suggestion.textContent())?.replace(/\s+/g, ' ')).toBe('Did you mean Cost?');
    await suggestion.locator('button').click();
    await page.waitForFunction(() => document.getElementById('search-results')?.dataset.answered === 'cost<=2');
    expect(await page.locator('#search-q').inputValue()).toBe('cost<=2');
    expect(await page.locator('#search-results ol li .r-title').allTextContents()).toEqual(['Frost Nova', 'Élan']);
    expect((await ask(page, 'cost<=cheap')).count).toBe('Cost is a number: “cost<=cheap” does not give one.');
    expect((await ask(page, '(cost<=2')).count).toBe('A “(” is not closed.');
    await page.close();
  });

  // test/fixtures/games/duo: Chiefs Zé Moleque (attack 3) and Maria Bonita (attack 2); Harvest cards Mill Wheel
  // (points 2) and Salt Pan (points 1); pt-BR labels Ataque and Pontos impressos.
  it('names a field by its label in either language of the game, on the pages of both, with the count in the page’s words', async () => {
    const pt = await open(`${server.url}duo/pt-BR/chiefs.html`);
    expect(await ask(pt, 'ataque>=3')).toEqual({
      count: '1 entrada corresponde: “ataque>=3”',
      names: ['Zé Moleque'],
      links: ['duo/pt-BR/chiefs.html#ze-moleque'],
    });
    expect((await ask(pt, 'attack<3')).names).toEqual(['Maria Bonita']);
    expect((await ask(pt, '"pontos impressos"<=1')).names).toEqual(['Salt Pan']);
    expect((await ask(pt, 'tipo:chefes')).names).toEqual(['Zé Moleque', 'Maria Bonita']);
    await pt.close();
    const en = await open(`${server.url}duo/chiefs.html`);
    expect((await ask(en, 'ATAQUE<=2')).links).toEqual(['duo/chiefs.html#maria-bonita']);
    expect((await ask(en, 'points>=1 -kind:chiefs')).names).toEqual(['Mill Wheel', 'Salt Pan']);
    await en.close();
  });

  // content/cangaco/stations.yaml: Dry 1 (number 1, dry, deal 7), Rain (2, rain, 8), Dry 2 (3, dry, deal not given);
  // pt-BR labels Número, Estação, Cartas distribuídas; values Seca, Chuva.
  it('reads accented pt-BR labels and values without their accents on the Cangaço pages', async () => {
    const page = await open(`${cangaco.url}cangaco/pt-BR/stations.html`);
    expect(await ask(page, 'numero<=2')).toEqual({
      count: '2 entradas correspondem: “numero<=2”',
      names: ['Seca 1', 'Chuva'],
      links: ['cangaco/pt-BR/stations.html#dry-1', 'cangaco/pt-BR/stations.html#rain'],
    });
    expect((await ask(page, 'estacao:seca')).names).toEqual(['Seca 1', 'Seca 2']);
    expect((await ask(page, 'estação:chuva or número=3')).names).toEqual(['Chuva', 'Seca 2']);
    // Dry 2's cards dealt is a placeholder (no value): no comparison holds for it.
    expect((await ask(page, '"cartas distribuidas">=7')).names).toEqual(['Seca 1', 'Chuva']);
    expect((await ask(page, 'tipo:estacao -"cartas distribuidas">=7')).names).toEqual(['Seca 2']);
    expect((await ask(page, 'nmero<2')).count).toBe('Nenhum campo se chama “nmero”.');
    expect((await page.locator('#search-results .query-suggest').textContent())?.replace(/\s+/g, ' ')).toBe('Você quis dizer Número?');
    await page.close();
  });

  it('shows 20 results, then 20 more at a time, the count naming them all; a long answer is axe clean', async () => {
    // A name this English page shows with its gloss, "Tocaia (Ambush)", as the entry's heading does.
    const glossOf = (g: unknown) => (typeof g === 'string' ? g : (g as { reading?: string } | undefined)?.reading);
    const namesIn = (file: string) =>
      (parse(readFileSync(path.join(REPO, 'content', 'cangaco', file), 'utf8')) as Array<{ name: string; gloss?: unknown }>).map((e) =>
        glossOf(e.gloss) ? `${e.name} (${glossOf(e.gloss)})` : e.name,
      );
    // cards.yaml's 11 kinds, then cordel.yaml's 20 cards: the manifest's order, stations (3) left out.
    const expected = [...namesIn('cards.yaml'), ...namesIn('cordel.yaml')];
    expect(expected).toHaveLength(31);
    const page = await open(`${cangaco.url}cangaco/cards.html`);
    const first = await ask(page, '-kind:station');
    expect(first.count).toBe('31 entries match: “-kind:station”');
    expect(first.names).toEqual(expected.slice(0, 20));
    expect(await axeViolations(page, '#search-results')).toEqual([]);
    await page.locator('#search-results li.more button').click();
    await page.waitForFunction(() => document.querySelectorAll('#search-results ol li .r-title').length === 31);
    expect(await page.locator('#search-results ol li .r-title').allTextContents()).toEqual(expected);
    expect(await page.locator('#search-results li.more').count()).toBe(0);
    // Focus goes to the first of the results just drawn, so a keyboard reader goes on from there.
    expect(await page.evaluate(() => document.activeElement?.querySelector('.r-title')?.textContent)).toBe(expected[20]);
    await page.close();
  });

  it('on a page of no game, says a field query needs one', async () => {
    const page = await open(`${server.url}index.html`);
    expect((await ask(page, 'cost<=2')).count).toBe('Searching by field needs a game: open one of its pages and ask there.');
    await page.close();
  });

  it('the help panel lists the game’s fields with their kinds of value, its examples run, Escape closes it, axe clean', async () => {
    const page = await open(`${server.url}sheet/spells.html`);
    const button = page.locator('button.query-help-button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const help = page.locator('#query-help');
    await page.waitForFunction(() => document.querySelectorAll('#query-help .query-fields dt').length > 0);
    const rows = await help
      .locator('.query-fields dl')
      .nth(1)
      .evaluate((dl) => {
        const out: string[] = [];
        for (const dt of dl.querySelectorAll('dt')) out.push(`${dt.textContent} = ${dt.nextElementSibling?.textContent}`);
        return out;
      });
    expect(rows).toEqual([
      'cost = a number',
      'school = one of School of Flame, School of Frost',
      'element = one of Fire, Glace',
      'tags = a list of Quick, Slow, Loud',
      'guns = a number',
      'range = a number',
      'rare = yes or no',
      'text = words',
      'link = words',
    ]);
    expect(await help.locator('.query-fields .group').allTextContents()).toEqual(['Trophy cards', 'Spells', 'Schools']);
    expect(await axeViolations(page, '#query-help')).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await help.isHidden()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const example = help.locator('button.query-example').first();
    const query = (await example.textContent()) ?? '';
    expect(query).toBe('"copies in the deck"<=3');
    await example.click();
    await page.waitForFunction((q) => document.getElementById('search-results')?.dataset.answered === q, query);
    expect(await page.locator('#search-results ol li .r-title').allTextContents()).toEqual(['The Reckoning Hall']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
