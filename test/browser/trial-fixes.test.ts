// What a trial of the #22 search on a phone and a desktop found wrong, on the bundled games' site (each fix
// with the reader's step that showed it):
// - Cangaceiros' Event tiles have a field called Kind, which took the word `kind` from every collection:
//   `kind:chief` found nothing and `kind:chief or kind:event` only the events (docs-site/field-query.js).
// - A field query's result for an Action card showed its name alone: its rules text is its "Action text"
//   field, which the word search quotes (docs-site/field-search.js).
// - The help panel's words taught `custo<=3` and `escola:gelo`, fields Cangaço does not have: a reader who tried
//   them was told no field is called so (compiler/locales/*.yaml queryHelpIntro; its examples are the game's own).
// - On a desktop, a cited rule's preview opened above the link covered the header that stays on screen, and
//   with it the search box (docs-site/previews.js).
// Expected sets are read off the content's YAML, not off the site's scripts.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { siteOf } from '../site/built.ts';
import { browserAvailable, launch } from './browser.ts';

const run = browserAvailable();
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const yamlOf = (file: string): Array<Record<string, unknown>> =>
  parse(readFileSync(path.join(REPO, 'content', file), 'utf8')) as Array<Record<string, unknown>>;

describe.runIf(run)('fixes from the trial of the search', () => {
  let browser: Browser;
  let server: SiteServer;
  const errors: string[] = [];

  beforeAll(async () => {
    // No search index: field queries and previews do not read it.
    const bundled = await siteOf(REPO, { search: false });
    server = await startServer(() => bundled, { port: 0, live: false });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(url: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    const page = await browser.newPage({ viewport, serviceWorkers: 'block' });
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    return page;
  }

  /** Type a query as a reader does and wait for the panel to answer it: the count line and the results' names and excerpts. */
  async function ask(page: Page, query: string): Promise<{ count: string; names: string[]; excerpts: string[] }> {
    await page.keyboard.press('/');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(query);
    await page.waitForFunction((q) => document.getElementById('search-results')?.dataset.answered === q, query);
    const answer = await page.evaluate(() => ({
      count: document.querySelector('#search-results .count')?.textContent ?? '',
      names: [...document.querySelectorAll('#search-results ol li .r-title')].map((e) => e.textContent ?? ''),
      excerpts: [...document.querySelectorAll('#search-results ol li')].map((li) => li.querySelector('.excerpt')?.textContent ?? ''),
    }));
    expect(errors).toEqual([]);
    return answer;
  }

  it('kind: names the collection wherever a collection has no field of that name (Cangaceiros’ Event tiles have one)', async () => {
    const chiefs = yamlOf('cangaceiros/chiefs.yaml').map((e) => e.name as string);
    const events = yamlOf('cangaceiros/events.yaml');
    const eventTiles = events.filter((e) => e.kind === 'event').length;
    expect(chiefs.length).toBeGreaterThan(0);
    expect(eventTiles).toBeGreaterThan(0);
    const page = await open(`${server.url}cangaceiros/index.html`);
    const chief = await ask(page, 'kind:chief');
    expect(chief.count).toBe(`${chiefs.length} entries match: “kind:chief”`);
    expect([...chief.names].sort()).toEqual([...chiefs].sort());
    // In the Event tiles, `kind` is still their own field (Kind: Event tile or “Peace” tile).
    expect((await ask(page, 'kind:event')).count).toBe(`${eventTiles} entries match: “kind:event”`);
    expect((await ask(page, 'kind:chief or kind:event')).count).toBe(`${chiefs.length + eventTiles} entries match: “kind:chief or kind:event”`);
    expect((await ask(page, 'kind:peace')).count).toBe(
      `${events.length - eventTiles} ${events.length - eventTiles === 1 ? 'entry matches' : 'entries match'}: “kind:peace”`,
    );
    await page.close();
  });

  it('an Action card found by a field query shows its Action text, as the word search does', async () => {
    const cards = yamlOf('cangaceiros/action-cards.yaml');
    const wanted = cards.filter((c) => /gain 1\b/i.test(String((c.action as { text?: unknown } | undefined)?.text ?? '')));
    expect(wanted.length).toBeGreaterThan(0);
    const page = await open(`${server.url}cangaceiros/index.html`);
    const answer = await ask(page, 'deck:serra text:"gain 1"');
    const serra = wanted.filter((c) => c.deck === 'serra');
    expect(answer.names).toEqual(serra.map((c) => (c.name as { placeholder: string }).placeholder));
    const first = String((serra[0]!.action as { text: string }).text);
    expect(answer.excerpts[0]).toBe(first.length > 240 ? expect.stringContaining(first.slice(0, 60)) : first);
    for (const excerpt of answer.excerpts) expect(excerpt).toMatch(/gain 1\b/i);
    await page.close();
  });

  it('the help panel names only fields the game has, and each of its examples runs without an error', async () => {
    for (const [url, unknown] of [
      ['cangaco/pt-BR/cards.html', 'Nenhum campo'],
      ['cangaceiros/chiefs.html', 'No field'],
    ] as const) {
      const page = await open(`${server.url}${url}`);
      await page.locator('button.query-help-button').click();
      const help = page.locator('#query-help');
      await help.locator('.query-example').first().waitFor();
      const listed = (await help.locator('dt code').allTextContents()).map((t) => t.replace(/"/g, ''));
      const prose = await help.locator('p:not(.query-examples)').allTextContents();
      // Every `field:` or `field<=` the panel's sentences write is a field it lists.
      const named = prose.flatMap((t) => [...t.matchAll(/([\p{L}]+)(?::|<=|>=)\S/gu)].map((m) => m[1]!.toLowerCase()));
      expect(
        named.filter((n) => !listed.includes(n)),
        url,
      ).toEqual([]);
      const examples = await help.locator('.query-example').allTextContents();
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        const answer = await ask(page, example);
        expect(answer.count, example).not.toContain(unknown);
        await page.keyboard.press('Escape');
      }
      await page.close();
    }
  });

  it('a cited rule’s preview opened above its link stays under the header, leaving the search box uncovered', async () => {
    const page = await open(`${server.url}root/rules.html`);
    const link = page.locator('main a.xref', { hasText: /^16\.2$/ }).first();
    // The link in the middle of the screen, with less room below it than its preview needs: the preview opens above.
    await page.evaluate(() => {
      const a = [...document.querySelectorAll('main a.xref')].find((e) => e.textContent === '16.2')!;
      window.scrollBy(0, a.getBoundingClientRect().top - 450);
    });
    await link.hover();
    const preview = page.locator('.rb-preview');
    await preview.locator('a.rb-preview-go').waitFor();
    const box = (await preview.boundingBox())!;
    const linkBox = (await link.boundingBox())!;
    const header = (await page.locator('header.site').boundingBox())!;
    const search = (await page.locator('#search-q').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(linkBox.y);
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y).toBeGreaterThan(search.y + search.height);
    expect(errors).toEqual([]);
    await page.close();
  });
});
