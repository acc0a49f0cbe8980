import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type SiteServer } from '../../compiler/serve/server.ts';
import { fixturesSite } from '../site/built.ts';

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const REQUIRED = process.env.REQUIRE_BROWSER === '1';

/**
 * Whether the browser tests can run. Without a browser they are skipped with
 * a loud message, unless REQUIRE_BROWSER=1 (CI), where the missing browser
 * makes the suite fail instead.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const message = `\n*** BROWSER TESTS ${REQUIRED ? 'FAIL' : 'SKIPPED'}: no Chromium at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH). ***\n`;
  if (REQUIRED) throw new Error(message + 'REQUIRE_BROWSER=1: a missing browser is a failure.');
  process.stderr.write(message);
  return false;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** axe-core's source, injected into pages by the accessibility checks. */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A phone: the width of most current handsets in CSS pixels. */
/**
 * axe-core's violations on the page (or inside `include`, a selector), with WCAG 2.5.8's 24 px target-size rule
 * turned on (off in axe by default), each as `rule: the first targets`: an empty list is a pass.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(
    (selector) =>
      (
        window as unknown as {
          axe: { run: (context: unknown, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> };
        }
      ).axe.run(selector ? { include: [[selector]] } : document, { rules: { 'target-size': { enabled: true } } }),
    include,
  );
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(' ')}`,
  );
}

export const PHONE = { width: 390, height: 844 };

/** The fixture games' site (test/site/built.ts) served from memory, and a browser: where every browser suite starts. */
export async function siteInBrowser(): Promise<{ browser: Browser; server: SiteServer }> {
  const files = await fixturesSite();
  const server = await startServer(() => files, { port: 0, live: false });
  return { browser: await launch(), server };
}

/** Open `url`, search for `query` from the keyboard as a reader does, and return the result links in order. */
export async function searchResultLinks(browser: Browser, url: string, query: string): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.keyboard.press('/');
  await page.keyboard.type(query);
  await page.waitForFunction(() => document.querySelectorAll('#search-results li a').length > 0);
  const links = await page.$$eval('#search-results li a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
  await page.close();
  return links;
}
