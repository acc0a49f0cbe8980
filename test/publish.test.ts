import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fixturesProject, gitCommitAll, runCli, ROOT, swap } from './helpers.ts';
import { staticHost, type StaticHost } from './static-host.ts';

// The README's "Publish" steps on the fixture games: build for a sub-path,
// serve dist/ there (as a static host such as GitHub Pages does, nothing
// served outside it), and follow every link of every page to a 200.
const BASE = '/some/path/';

describe('publishing the site under a sub-path', () => {
  let root: string;
  let host: StaticHost;

  beforeAll(async () => {
    root = await fixturesProject(['duel', 'board', 'tree']);
    // One release, so the Changes pages are published and followed too.
    gitCommitAll(root, 'first', 'v1.0.0');
    const trophies = path.join(root, 'content/duel/trophies.yaml');
    await writeFile(trophies, swap('- name: The Lantern Race', '- name: The Lantern Race\n  copies: 1')(await readFile(trophies, 'utf8')));
    expect((await runCli(['release', '--date', '2026-11-30', '-C', root])).code).toBe(0);
    const built = await runCli(['build', '--base', BASE, '-C', root]);
    expect(built.code).toBe(0);
    host = await staticHost(path.join(root, 'docs-site', 'dist'), BASE);
  });
  afterAll(() => host?.close());

  it('every link, script and stylesheet of every page, reached from the home page, answers 200', async () => {
    const start = `${host.origin}${BASE}index.html`;
    const seen = new Set<string>([start]);
    const queue = [start];
    const failures: string[] = [];
    let pages = 0;
    while (queue.length) {
      const url = queue.shift()!;
      const res = await fetch(url);
      if (res.status !== 200) {
        failures.push(`${res.status} ${url}`);
        continue;
      }
      if (!url.endsWith('.html')) continue;
      pages++;
      const html = await res.text();
      for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
        const raw = m[1]!.replace(/&amp;/g, '&');
        if (/^(mailto:|data:)/.test(raw)) continue;
        const target = new URL(raw, url);
        target.hash = '';
        if (target.origin !== host.origin) continue;
        if (!seen.has(target.href)) {
          seen.add(target.href);
          queue.push(target.href);
        }
      }
    }
    expect(failures).toEqual([]);
    // The pages of the three games and the home page (13, as test/site/links.test.ts counts them: `tree` has no drafts, so no
    // drafts page) and a Changes page per game: a crawl that saw little checked nothing.
    expect(pages).toBe(16);
    expect([...seen].some((u) => u.endsWith(`${BASE}duel/changes.html`))).toBe(true);
    expect([...seen].every((u) => new URL(u).pathname.startsWith(BASE))).toBe(true);
  });

  it('sitemap.xml (with --base as a full URL) lists every page under the base, and each answers 200', async () => {
    // A path-only base writes no sitemap (the protocol wants full URLs); the Pages workflow passes the full URL.
    expect((await fetch(`${host.origin}${BASE}sitemap.xml`)).status).toBe(404);
    expect((await runCli(['build', '--base', `https://example.org${BASE}`, '-C', root])).code).toBe(0);
    const sitemap = await (await fetch(`${host.origin}${BASE}sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBe(16);
    for (const loc of locs) {
      expect(loc.startsWith(`https://example.org${BASE}`)).toBe(true);
      const { pathname } = new URL(loc);
      expect((await fetch(host.origin + pathname)).status, loc).toBe(200);
    }
  });
});

describe('the GitHub Pages workflow', () => {
  it("runs the README's commands and deploys docs-site/dist", async () => {
    const workflow = parse(await readFile(path.join(ROOT, '.github/workflows/pages.yml'), 'utf8')) as {
      on: Record<string, unknown>;
      jobs: Record<string, { steps: Array<{ run?: string; uses?: string; with?: Record<string, string> }> }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
    const runs = steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toContain('npm ci');
    expect(runs).toContain('npm run build -- --check');
    // The base is where Pages serves the site (configure-pages knows it, custom domain or not).
    expect(runs).toContain('npm run build -- --base "${{ steps.pages.outputs.base_url }}/"');
    expect(steps.find((s) => s.uses?.startsWith('actions/configure-pages'))).toMatchObject({ id: 'pages' });
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))?.with?.path).toBe('docs-site/dist');
    expect(steps.some((s) => s.uses?.startsWith('actions/deploy-pages'))).toBe(true);
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('## Publish');
    expect(readme).toContain('.github/workflows/pages.yml');
  });
});
