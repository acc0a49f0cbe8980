import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteServer } from '../../compiler/serve/server.ts';
import { startServer } from '../../compiler/serve/server.ts';
import type { SiteFiles } from '../../compiler/emit-site/site.ts';
import { siteOf, syntheticProject } from '../site/built.ts';
import { fixturesProject, runCli } from '../helpers.ts';
import { staticHost, type StaticHost } from '../static-host.ts';
import { PHONE, axeViolations, browserAvailable, siteInBrowser, launch } from './browser.ts';

const run = browserAvailable();

// A cited rule, a glossary term and an entry link show their target's text in a popover (docs-site/previews.js): on
// hover, on keyboard focus and on a tap; Escape and a second tap close it; the pointer may rest on it (WCAG 1.4.13).
// The fixture `tree` is the pt-BR numbered rules with a glossary; `sheet` links its spells to their schools.
describe.runIf(run)('previews of cross-references', () => {
  let browser: Browser;
  let server: SiteServer;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ browser, server } = await siteInBrowser());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(where: string, options: { phone?: boolean; colorScheme?: 'light' | 'dark' } = {}): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({
      ...(options.phone ? { viewport: PHONE, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 900 } }),
      serviceWorkers: 'block',
      colorScheme: options.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + where);
    return { page, context };
  }

  /** The popover a link describes while it is open. */
  async function previewOf(page: Page, link: Locator): Promise<Locator> {
    await expect.poll(() => link.getAttribute('aria-describedby')).toMatch(/^rb-preview-\d+$/);
    const preview = page.locator(`#${await link.getAttribute('aria-describedby')}`);
    // Loaded: its "Go to" link is the last thing drawn.
    await preview.locator('a.rb-preview-go').waitFor();
    return preview;
  }

  const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

  /** Whether two boxes overlap. */
  async function overlap(a: Locator, b: Locator): Promise<boolean> {
    const x = (await a.boundingBox())!;
    const y = (await b.boundingBox())!;
    return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  }

  const citing16_5 = (page: Page) =>
    page
      .locator('#r-16-4-1')
      .locator('xpath=../..')
      .locator('a.xref', { hasText: /^16\.5$/ });

  it("a rule reference previews the cited rule's heading and text on hover, stays open with the pointer on it, and never covers the link", async () => {
    const { page, context } = await open('tree/rules.html');
    const link = citing16_5(page);
    await link.hover();
    const preview = await previewOf(page, link);
    expect(await preview.isVisible()).toBe(true);
    const words = await text(preview);
    expect(words).toContain('16.5 Tabuleiros');
    expect(words).toContain('Cada tabuleiro tem clareiras ligadas por caminhos.');
    // Not the page's machinery: no "Copiar link", no list of the rules citing it.
    expect(words).not.toContain('Copiar link');
    expect(words).not.toContain('Referenciada por');
    // pt-BR words on a pt-BR page; the way to the rule leads there.
    expect(await text(preview.locator('a.rb-preview-go'))).toBe('Ir para: 16.5 Tabuleiros');
    expect(await preview.locator('a.rb-preview-go').getAttribute('href')).toMatch(/rules\.html#r-16-5$/);
    expect(await overlap(link, preview)).toBe(false);
    // The pointer moves onto the popover and rests there: it stays (hoverable, persistent).
    const box = (await preview.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.waitForTimeout(800);
    expect(await preview.isVisible()).toBe(true);
    // Away from both: it closes.
    await page.mouse.move(5, 850, { steps: 4 });
    await expect.poll(() => preview.count()).toBe(0);
    expect(await link.getAttribute('aria-describedby')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on keyboard focus a preview opens, Tab reaches its link, and Escape closes it and gives focus back to the reference', async () => {
    const { page, context } = await open('tree/rules.html');
    const link = citing16_5(page);
    await link.focus();
    const preview = await previewOf(page, link);
    expect(await text(preview)).toContain('Cada tabuleiro tem clareiras ligadas por caminhos.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('rb-preview-go');
    expect(await preview.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await preview.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('16.5');
    // Enter still follows the reference.
    await page.keyboard.press('Enter');
    await page.waitForURL(/#r-16-5$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a rule reference to another page is read from that page: its heading and text, without the tooltip of a term inside it', async () => {
    const { page, context } = await open('tree/glossary.html');
    const link = page.locator('main a[href="rules.html#r-16-6"]');
    await link.hover();
    const preview = await previewOf(page, link);
    const words = await text(preview);
    expect(words).toContain('16.6 Glossário');
    expect(words).toContain('Cada RUÍNA guarda uma Tocha (16.6.1).');
    expect(words).not.toContain('Uma ruína.');
    // Its words only: the term and the rule number inside it are not links in the popover.
    expect(await preview.locator('a').count()).toBe(1);
    await context.close();
  });

  it('a glossary term shows its definition in the same popover (the CSS tooltip gives way), on hover and on focus', async () => {
    const { page, context } = await open('tree/rules.html');
    const term = page.locator('a.term').first();
    await term.hover();
    const preview = await previewOf(page, term);
    expect(await text(preview.locator('.rb-preview-title'))).toBe('Ruína');
    expect(await text(preview)).toContain('Uma ruína.');
    expect(await page.locator('.tip').first().isVisible()).toBe(false);
    await page.mouse.move(5, 850);
    await expect.poll(() => preview.count()).toBe(0);
    // Closed, the term is described by its definition again (for a screen reader).
    expect(await term.getAttribute('aria-describedby')).toMatch(/^tip-\d+$/);
    await term.focus();
    expect(await (await previewOf(page, term)).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.locator('.rb-preview').count()).toBe(0);
    await context.close();
  });

  it("an entry link previews the entry: its name and its fields, fetched from the entry's page", async () => {
    const { page, context } = await open('sheet/spells.html');
    const link = page.locator('main a[href="schools.html#flame"]');
    await link.hover();
    const preview = await previewOf(page, link);
    expect(await text(preview.locator('.rb-preview-title'))).toBe('School of Flame');
    expect(await text(preview.locator('dl'))).toBe('MottoBurn, then build');
    expect(await text(preview.locator('a.rb-preview-go'))).toBe('Go to: School of Flame');
    await context.close();
  });

  it("a link to a spot that is its own text (a map's space) previews that text, as valid HTML for axe", async () => {
    const { page, context } = await open('board/maps.html');
    const link = page.locator('main li a[href="#marsh-fenwick"]').first();
    await link.hover();
    const preview = await previewOf(page, link);
    expect(await text(preview)).toBe('Fenwick (Field). Fenwick is next to Reedby and Mirewell. The arrow points to Mirewell.Go to: Fenwick');
    expect(await axeViolations(page, '.rb-preview')).toEqual([]);
    await context.close();
  });

  it('on a phone a tap previews instead of leaving, fits the screen beside the link; a second tap closes; the "Go to" link goes', async () => {
    const { page, context } = await open('tree/rules.html', { phone: true });
    const before = page.url();
    const link = citing16_5(page);
    await link.scrollIntoViewIfNeeded();
    await link.tap();
    const preview = await previewOf(page, link);
    expect(page.url()).toBe(before);
    expect(await link.getAttribute('aria-expanded')).toBe('true');
    expect(await text(preview)).toContain('Cada tabuleiro tem clareiras ligadas por caminhos.');
    const box = (await preview.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await overlap(link, preview)).toBe(false);
    // A second tap on the reference closes it, and the page stays.
    await link.tap();
    expect(await preview.count()).toBe(0);
    expect(await link.getAttribute('aria-expanded')).toBeNull();
    expect(page.url()).toBe(before);
    // A glossary term likewise; a tap elsewhere closes it.
    const term = page.locator('a.term').first();
    await term.tap();
    expect(await text(await previewOf(page, term))).toContain('Uma ruína.');
    await page.locator('h1').tap();
    expect(await page.locator('.rb-preview').count()).toBe(0);
    // Open again, and the popover's link follows the reference.
    await link.tap();
    await (await previewOf(page, link)).locator('a.rb-preview-go').tap();
    await page.waitForURL(/#r-16-5$/);
    // The popover closes on the hashchange event, which the browser fires in a task after the address changes.
    await expect.poll(() => page.locator('.rb-preview').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an entry link on a phone: a tap previews the entry from its page', async () => {
    const { page, context } = await open('duel/drafts.html', { phone: true });
    const link = page.locator('main a[href="trophies.html#the-crown-jewel"]').first();
    await link.tap();
    const preview = await previewOf(page, link);
    expect(await text(preview.locator('.rb-preview-title'))).toContain('The Crown Jewel');
    expect(page.url()).toMatch(/drafts\.html$/);
    await page.keyboard.press('Escape');
    expect(await preview.count()).toBe(0);
    await context.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`axe-core finds no violations with a popover open (${colorScheme}), on a desktop and a phone`, async () => {
      for (const phone of [false, true]) {
        const { page, context } = await open('tree/rules.html', { phone, colorScheme });
        const link = citing16_5(page);
        if (phone) await link.tap();
        else await link.focus();
        await previewOf(page, link);
        expect(await axeViolations(page)).toEqual([]);
        const term = page.locator('a.term').first();
        if (phone) await term.tap();
        else await term.hover();
        await previewOf(page, term);
        expect(await axeViolations(page)).toEqual([]);
        await context.close();
      }
    });
  }
});

// A collection split over pages: a link to an entry drawn on another page, and a link that names the entry on the
// collection's first page (a bookmark from before the split), which the entry list sends on to the right page.
describe.runIf(run)('previews across a split collection', () => {
  let browser: Browser;
  let server: SiteServer;
  let files: SiteFiles;

  beforeAll(async () => {
    files = await siteOf(await syntheticProject(600), { search: false });
    server = await startServer(() => files, { port: 0, live: false });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('previews an entry of another page, by the link the build wrote and by an old first-page address', async () => {
    const list = JSON.parse(String(files.get('synth/cards.entries.json'))) as {
      ids: string[];
      names: string[];
      page: number[];
      pages: Array<{ href: string }>;
    };
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await page.goto(`${server.url}synth/cards.html`);
    // A link the build wrote to a card on another page.
    const far = await page.$$eval('main article a[href*=".html#"]', (as) =>
      as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!).find((h) => !h.startsWith('cards.html#')),
    );
    expect(far).toBeDefined();
    const farId = far!.split('#')[1]!;
    const farLink = page.locator(`main article a[href="${far}"]`).first();
    await farLink.hover();
    await expect.poll(() => farLink.getAttribute('aria-describedby')).toMatch(/^rb-preview-/);
    const preview = page.locator('.rb-preview');
    await preview.locator('a.rb-preview-go').waitFor();
    expect(await preview.locator('.rb-preview-title').textContent()).toBe(list.names[list.ids.indexOf(farId)]);
    await page.mouse.move(5, 890);
    await expect.poll(() => preview.count()).toBe(0);

    // An old address: the first page and the ID of a card on the last page.
    const last = list.ids.findIndex((_, i) => list.page[i] === list.pages.length - 1);
    const id = list.ids[last]!;
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.id = 'old-link';
      a.textContent = 'an old link';
      const p = document.createElement('p');
      p.append(a);
      document.querySelector('main h1')!.after(p);
    }, `cards.html#${id}`);
    const old = page.locator('#old-link');
    await old.hover();
    await preview.locator('a.rb-preview-go').waitFor();
    expect(await preview.locator('.rb-preview-title').textContent()).toBe(list.names[last]);
    // The "Go to" link names the page that draws it.
    expect(await preview.locator('a.rb-preview-go').getAttribute('href')).toBe(`${server.url}synth/${list.pages[list.page[last]!]!.href}#${id}`);
    await page.close();
  });
});

// The site built with --base and served only under that path (test/static-host.ts), as GitHub Pages serves it:
// the preview's fetch of another page stays under the base.
describe.runIf(run)('previews under a sub-path', () => {
  const BASE = '/some/path/';
  let browser: Browser;
  let host: StaticHost;

  beforeAll(async () => {
    const root = await fixturesProject(['tree']);
    expect((await runCli(['build', '--base', BASE, '-C', root])).code).toBe(0);
    host = await staticHost(path.join(root, 'docs-site', 'dist'), BASE);
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  it("reads a rule on another page of the site under its base, and the popover's link stays under it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${host.origin}${BASE}tree/glossary.html`);
    const link = page.locator('main a[href="rules.html#r-16-6"]');
    await link.hover();
    const go = page.locator('.rb-preview a.rb-preview-go');
    await go.waitFor();
    expect(await page.locator('.rb-preview').textContent()).toContain('Cada RUÍNA guarda uma Tocha (16.6.1).');
    expect(new URL((await go.getAttribute('href'))!).pathname).toBe(`${BASE}tree/rules.html`);
    await page.close();
  });
});
