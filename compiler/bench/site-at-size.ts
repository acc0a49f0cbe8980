// The rules site at a given size: builds the synthetic game (synthetic-game.ts) and
// reports the site phase (pages, then pages and search index), the largest page, and, with
// --browser, the bytes a reader's first search downloads. Exits 1 when a page passes 1 MB.
//
// Usage: node --import tsx compiler/bench/site-at-size.ts --cards 30000 [--runs 3] [--browser] [--page-by kind]
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeSyntheticGame } from './synthetic-game.ts';
import { check } from '../pipeline.ts';
import { emitSite, renderSite, type SiteFiles } from '../emit-site/site.ts';

const MB = 1024 * 1024;
const arg = (k: string, d?: string) => (process.argv.includes(`--${k}`) ? process.argv[process.argv.indexOf(`--${k}`) + 1] : d);
const cards = Number(arg('cards', '10000'));
const runs = Number(arg('runs', '3'));
const pageBy = arg('page-by');

const dir = await mkdtemp(path.join(tmpdir(), `rulebook-site-${cards}-`));
await writeSyntheticGame(dir, { cards });
if (pageBy) {
  const manifest = path.join(dir, 'content', 'synth', 'game.yaml');
  await writeFile(manifest, (await readFile(manifest, 'utf8')).replace('    title: Cards\n', `    title: Cards\n    pageBy: ${pageBy}\n`));
}
const checked = await check(dir);
if (checked.bag.errorCount) throw new Error(`the synthetic game has errors: ${checked.bag.sorted()[0]?.message}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const renders: number[] = [];
const whole: number[] = [];
let files: SiteFiles = new Map();
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  renderSite(checked.games, { base: '/' });
  renders.push(performance.now() - t);
  t = performance.now();
  files = await emitSite(checked.games, { base: '/' });
  whole.push(performance.now() - t);
}
const size = (c: string | Uint8Array) => (typeof c === 'string' ? Buffer.byteLength(c) : c.byteLength);
const pages = [...files]
  .filter(([p]) => p.endsWith('.html'))
  .map(([p, c]) => [p, size(c)] as const)
  .sort((a, b) => b[1] - a[1]);
const report: Record<string, unknown> = {
  cards,
  pageBy: pageBy ?? null,
  renderMs: Math.round(median(renders)),
  sitePhaseMs: Math.round(median(whole)),
  pages: pages.length,
  largestPage: pages[0],
  entryList: size(files.get('synth/cards.entries.json') ?? ''),
  // Fetched only for a rule-number query, and for one that found nothing (the misspelling suggestion).
  numbersList: size(files.get('pagefind/numbers.json') ?? ''),
  spellingsList: size(files.get('pagefind/spellings.json') ?? ''),
  searchIndexBytes: [...files].filter(([p]) => p.startsWith('pagefind/')).reduce((n, [, c]) => n + size(c), 0),
};

if (process.argv.includes('--browser')) {
  const { chromium } = await import('playwright-core');
  const { startServer } = await import('../serve/server.ts');
  const server = await startServer(() => files, { port: 0, live: false });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    await page.goto(`${server.url}synth/cards.html`);
    const sizes = new Map<string, number>();
    page.on('response', async (r) => {
      if (r.url().includes('/pagefind/')) sizes.set(r.url(), (await r.body().catch(() => Buffer.alloc(0))).length);
    });
    await page.keyboard.press('/');
    await page.locator('#search-q').fill('Moinho Dourado');
    await page.waitForFunction(() => document.querySelectorAll('#search-results li').length > 0);
    await page.waitForLoadState('networkidle');
    const sum = (part: string) => [...sizes].filter(([u]) => u.includes(part)).reduce((n, [, b]) => n + b, 0);
    const all = (prefix: string) => [...files].filter(([p]) => p.startsWith(prefix)).reduce((n, [, c]) => n + size(c), 0);
    report.firstQuery = {
      bytes: sum('/pagefind/'),
      files: sizes.size,
      indexChunks: `${sum('/pagefind/en/index/')} of ${all('pagefind/en/index/')}`,
      fragments: `${sum('/pagefind/en/fragment/')} of ${all('pagefind/en/fragment/')}`,
    };
    // Field queries (docs-site/field-search.js): each one's time in the page (data fetched, answered, first results
    // drawn), first asked and then again warm; the first of them fetches the cards' columns, the first with text its chunks.
    const fieldQueries = ['cost<=3', 'kind:event cost<=1', '-tags:rare points>=5', '(kind:goal or kind:hazard) resource:flour', 'text:"farinha" cost>8'];
    const timed: Record<string, { firstMs: number; warmMs: number; matches: string }> = {};
    for (const q of fieldQueries) {
      const ms: number[] = [];
      for (let k = 0; k < 2; k++) {
        await page.locator('#search-q').fill('');
        await page.locator('#search-q').fill(q);
        await page.waitForFunction((query) => document.getElementById('search-results')?.dataset.answered === query, q);
        ms.push(Number(await page.locator('#search-results ol.field-results').getAttribute('data-query-ms')));
        if (k === 0) await page.evaluate(() => delete document.getElementById('search-results')!.dataset.answered);
      }
      timed[q] = { firstMs: ms[0]!, warmMs: ms[1]!, matches: (await page.locator('#search-results .count').textContent()) ?? '' };
    }
    report.fieldQueries = {
      columnsBytes: size(files.get('synth/cards.query.json') ?? ''),
      textBytes: [...files].filter(([p]) => /^synth\/cards\.query\.text\.\d+\.json$/.test(p)).reduce((n, [, c]) => n + size(c), 0),
      textChunks: [...files].filter(([p]) => /^synth\/cards\.query\.text\.\d+\.json$/.test(p)).length,
      queries: timed,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

process.stdout.write(`${JSON.stringify(report)}\n`);
if (pages[0] && pages[0][1] > MB) {
  process.stderr.write(`${pages[0][0]} is ${pages[0][1]} bytes: over 1 MB\n`);
  process.exitCode = 1;
}
