import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { syntheticCards } from '../../compiler/bench/synthetic-game.ts';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { FIXTURES } from '../helpers.ts';
import { fixturesSite, siteOf, syntheticProject } from '../site/built.ts';
import { axeViolations, browserAvailable, launch } from './browser.ts';

const run = browserAvailable();
/** The synthetic game at this size is three pages of Cards (200 a page). */
const CARDS = 450;

/** Card databases order ties (and names) this way: by name, numbers in names as numbers, case and accents aside. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Positions in the order a reader asks for: by a number (entries without it last, whichever way), ties by
 * name then as listed. Written here from the rule, not imported from the page's script.
 */
function expectedOrder(names: readonly string[], values: ReadonlyArray<number | undefined>, descending: boolean): number[] {
  const byName = (a: number, b: number) => collator.compare(names[a]!, names[b]!) || a - b;
  return names
    .map((_, i) => i)
    .sort((a, b) => {
      const x = values[a];
      const y = values[b];
      if (x === undefined || y === undefined) return x === undefined && y === undefined ? byName(a, b) : x === undefined ? 1 : -1;
      return (descending ? y - x : x - y) || byName(a, b);
    });
}

/**
 * Sort and counts on collection pages (#22): a page holding all its entries
 * puts the entries themselves in the order chosen; a split collection shows
 * the sorted list across all its pages; the choice is in the address and
 * comes back on load and on Back; each filter option counts its entries
 * among those the other filters let through.
 */
describe.runIf(run)('sort and filter counts on collection pages', () => {
  let browser: Browser;
  let fixtures: SiteServer;
  let synth: SiteServer;
  const errors: string[] = [];

  beforeAll(async () => {
    const [a, b] = await Promise.all([fixturesSite(), siteOf(await syntheticProject(CARDS), { search: false })]);
    fixtures = await startServer(() => a, { port: 0, live: false });
    synth = await startServer(() => b, { port: 0, live: false });
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
    await synth?.close();
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector('form.entry-filters:not([hidden])');
    return page;
  }
  /** The entries' headings in the order the page holds them (the DOM's, which Tab and a screen reader follow). */
  const shownNames = (page: Page) =>
    page.$$eval('main article.entity:not([hidden]) :is(h2, h3)', (hs) => hs.map((h) => h.firstChild?.textContent?.trim() ?? ''));
  /** "On this page" as a reader sees it: the items shown, in order. */
  const outlineNames = (page: Page) => page.$$eval('nav.outline li:not([hidden]) a', (as) => as.map((a) => a.textContent?.trim() ?? ''));

  it('duel Trophy cards by "Copies in the deck": the one card with copies first, the rest (no value) last by name, either way; then by name, and back as listed', async () => {
    const trophies = parse(readFileSync(path.join(FIXTURES, 'duel/content/duel/trophies.yaml'), 'utf8')) as Array<{ name: string; copies?: number }>;
    const names = trophies.map((t) => t.name);
    const copies = trophies.map((t) => t.copies);
    const page = await open(`${fixtures.url}duel/trophies.html`);
    expect(await shownNames(page)).toEqual(names);
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Copies in the deck' });
    await page.waitForURL(/\?sort=copies$/);
    expect(await shownNames(page)).toEqual(expectedOrder(names, copies, false).map((i) => names[i]));
    expect(await shownNames(page)).toEqual(['The Counting House', 'The Banner Parade', 'The Crown Jewel', 'The Lantern Race']);
    // "On this page" follows the order the entries are drawn in.
    expect(await outlineNames(page)).toEqual(await shownNames(page));
    await page.getByLabel('Order', { exact: true }).selectOption('desc');
    await page.waitForURL(/\?sort=-copies$/);
    // Descending still puts the cards without the value last.
    expect(await shownNames(page)).toEqual(expectedOrder(names, copies, true).map((i) => names[i]));
    expect((await shownNames(page))[0]).toBe('The Counting House');
    expect(await page.locator('.filter-count').textContent()).toBe('Sorted by Copies in the deck, descending.');
    await page.getByLabel('Sort by', { exact: true }).selectOption('name');
    await page.waitForURL(/\?sort=-name$/);
    expect(await shownNames(page)).toEqual([...names].sort(collator.compare).reverse());
    await page.getByLabel('Sort by', { exact: true }).selectOption('');
    await page.waitForURL((u) => !u.search);
    expect(await shownNames(page)).toEqual(names);
    expect(await outlineNames(page)).toEqual(names);
    // The anchors stay: a link to an entry still lands on it.
    expect(await page.locator('[id="the-crown-jewel"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sheet Spells by cost and by a nested field, restored from the address; counts on the filters, faceted', async () => {
    // spells.csv: Fireball costs 3, Frost Nova 2, Élan 1 (a reading); Attack: Guns 2, none, 1; schools flame, frost, frost;
    // elements Fire, glace, Glace (both "ice").
    const page = await open(`${fixtures.url}sheet/spells.html?sort=-cost`);
    expect(await page.getByLabel('Sort by', { exact: true }).inputValue()).toBe('cost');
    expect(await page.getByLabel('Order', { exact: true }).inputValue()).toBe('desc');
    expect(await shownNames(page)).toEqual(['Fireball', 'Frost Nova', 'Élan']);
    await page.getByLabel('Order', { exact: true }).selectOption('asc');
    expect(await shownNames(page)).toEqual(['Élan', 'Frost Nova', 'Fireball']);
    await page.getByLabel('Sort by', { exact: true }).selectOption({ label: 'Attack: Guns' });
    expect(await shownNames(page)).toEqual(['Élan', 'Fireball', 'Frost Nova']);
    await page.getByLabel('Sort by', { exact: true }).selectOption('name');
    // By name, the accent aside: Élan before Fireball.
    expect(await shownNames(page)).toEqual(['Élan', 'Fireball', 'Frost Nova']);

    const options = (label: string) => page.getByLabel(label, { exact: true }).locator('option').allTextContents();
    const said = (label: string) =>
      page
        .getByLabel(label, { exact: true })
        .locator('option')
        .evaluateAll((os) => os.map((o) => o.getAttribute('aria-label')));
    expect(await options('School')).toEqual(['All (3)', 'School of Flame (1)', 'School of Frost (2)']);
    expect(await options('Element')).toEqual(['All (3)', 'Fire (1)', 'Glace (2)']);
    expect(await said('School')).toEqual(['All, 3 matching', 'School of Flame, 1 matching', 'School of Frost, 2 matching']);
    // Choosing an element counts the schools among the icy spells only; the element menu still counts over every school.
    await page.getByLabel('Element', { exact: true }).selectOption('ice');
    await page.waitForURL(/element=ice/);
    expect(await options('School')).toEqual(['All (2)', 'School of Flame (0)', 'School of Frost (2)']);
    expect(await options('Element')).toEqual(['All (3)', 'Fire (1)', 'Glace (2)']);
    expect(await shownNames(page)).toEqual(['Élan', 'Frost Nova']);
    expect(await page.locator('.filter-count').textContent()).toBe('2 of 3 match. Sorted by Name, ascending.');
    // "On this page" lists the spells shown, not the one the filter hides (when the page has one: three sections or more).
    if (await page.locator('nav.outline').count()) expect(await outlineNames(page)).toEqual(['Élan', 'Frost Nova']);
    await page.getByLabel('School', { exact: true }).selectOption('flame');
    expect(await options('Element')).toEqual(['All (1)', 'Fire (1)', 'Glace (0)']);
    expect(await page.locator('.filter-count').textContent()).toBe('No entry matches.');
    expect(await page.locator('main article.entity:visible').count()).toBe(0);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.waitForURL((u) => !u.search);
    expect(await shownNames(page)).toEqual(['Fireball', 'Frost Nova', 'Élan']);
    expect(await axeViolations(page, 'form.entry-filters')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a split collection sorted by cost lists all its cards in order across its pages, 100 at a time, each linked to its page; Back restores it', async () => {
    const cards = syntheticCards(CARDS);
    const names = cards.map((c) => c.name);
    const order = expectedOrder(
      names,
      cards.map((c) => c.cost),
      false,
    );
    const page = await open(`${synth.url}synth/cards.2.html`);
    await page.getByLabel('Sort by', { exact: true }).selectOption('cost');
    await page.waitForSelector('.sorted-list table tbody tr');
    const rows = () =>
      page.$$eval('.sorted-list tbody tr', (trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.querySelector('a') ?? td).textContent ?? '')),
      );
    const first = await rows();
    expect(first.length).toBe(100);
    expect(first.map((r) => r[0])).toEqual(order.slice(0, 100).map((i) => names[i]));
    expect(first.map((r) => Number(r[1]))).toEqual(order.slice(0, 100).map((i) => cards[i]!.cost));
    // The page's own cards give way to the list.
    expect(await page.locator('main article.entity:visible').count()).toBe(0);
    // "Show 100 more" adds the next rows and takes focus to the first of them.
    await page.getByRole('button', { name: 'Show 100 more' }).click();
    expect((await rows()).map((r) => r[0])).toEqual(order.slice(0, 200).map((i) => names[i]));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(names[order[100]!]);
    // A row's link goes to the card on the page that draws it (200 cards a page, in source order).
    const pick = order[150]!;
    const pageFile = pick < 200 ? 'cards.html' : `cards.${Math.floor(pick / 200) + 1}.html`;
    const href = await page.locator('.sorted-list tbody tr').nth(150).locator('a').getAttribute('href');
    expect(href).toBe(`${pageFile}#${cards[pick]!.id}`);
    await page.locator('.sorted-list tbody tr').nth(150).locator('a').click();
    await page.waitForURL(new RegExp(`${pageFile.replace('.', '\\.')}#`));
    expect(await page.locator(`[id="${cards[pick]!.id}"]`).isVisible()).toBe(true);
    await page.goBack();
    await page.waitForURL(/cards\.2\.html\?sort=cost$/);
    await page.waitForSelector('.sorted-list table tbody tr');
    expect(await page.getByLabel('Sort by', { exact: true }).inputValue()).toBe('cost');
    expect((await rows()).slice(0, 100).map((r) => r[0])).toEqual(order.slice(0, 100).map((i) => names[i]));
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a split collection sorted by points descending, with a kind chosen, from a shared address', async () => {
    const cards = syntheticCards(CARDS);
    const kind = cards[0]!.kind;
    const among = cards.map((_, i) => i).filter((i) => cards[i]!.kind === kind);
    const names = among.map((i) => cards[i]!.name);
    const order = expectedOrder(
      names,
      among.map((i) => cards[i]!.points),
      true,
    ).map((k) => among[k]!);
    const page = await open(`${synth.url}synth/cards.html?kind=${kind}&sort=-points`);
    await page.waitForSelector('.sorted-list table tbody tr');
    const shown = await page.$$eval('.sorted-list tbody tr td:first-child', (tds) => tds.map((td) => td.textContent ?? ''));
    expect(shown).toEqual(order.slice(0, 100).map((i) => cards[i]!.name));
    expect(await page.locator('.filter-count').textContent()).toBe(`${among.length} of ${CARDS} match. Sorted by Points, descending.`);
    // The kind menu counts every kind among all the cards (no other filter chosen).
    const counts = new Map<string, number>();
    for (const c of cards) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
    const kindOptions = await page.getByLabel('Kind', { exact: true }).locator('option').allTextContents();
    expect(kindOptions[0]).toBe(`All (${CARDS})`);
    for (const [k, n] of counts)
      expect(
        kindOptions.some((o) => o.toLowerCase().startsWith(k.toLowerCase()) && o.endsWith(`(${n})`)),
        k,
      ).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
