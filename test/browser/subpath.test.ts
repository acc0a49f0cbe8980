import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesProject, runCli } from '../helpers.ts';
import { staticHost, type StaticHost } from '../static-host.ts';
import { browserAvailable, launch } from './browser.ts';

const run = browserAvailable();
const BASE = '/some/path/';

// The site built with --base and served only under that path (test/static-host.ts), as GitHub Pages serves a project site.
describe.runIf(run)('search under a sub-path', () => {
  let browser: Browser;
  let host: StaticHost;

  beforeAll(async () => {
    const root = await fixturesProject(['duel', 'tree']);
    expect((await runCli(['build', '--base', BASE, '-C', root])).code).toBe(0);
    host = await staticHost(path.join(root, 'docs-site', 'dist'), BASE);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  for (const c of [
    { page: 'duel/index.html', query: 'counting house', href: `${BASE}duel/trophies.html#the-counting-house` },
    { page: 'tree/rules.html', query: 'clareira costeira', href: `${BASE}tree/rules.html#r-16-5-1` },
  ]) {
    it(`every result link for "${c.query}" from ${c.page} stays under the base and answers 200`, async () => {
      const page = await browser.newPage();
      await page.goto(`${host.origin}${BASE}${c.page}`);
      await page.keyboard.press('/');
      await page.keyboard.type(c.query);
      await page.waitForFunction(() => document.querySelectorAll('#search-results li a').length > 0);
      const links = await page.$$eval('#search-results li a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(new URL(links[0]!).pathname + new URL(links[0]!).hash).toBe(c.href);
      for (const link of links) {
        expect(new URL(link).pathname.startsWith(BASE), link).toBe(true);
        expect((await fetch(link)).status, link).toBe(200);
      }
      // The reader follows the first result with the keyboard and lands on the anchor.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${host.origin}${c.href}`);
      await page.close();
    });
  }
});
