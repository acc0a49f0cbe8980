// Screenshots of the rules site as a reader sees it, at a desktop and a phone width:
//   npm run screenshots            (after `npm run build`; writes docs-site/screenshots/*.png)
// A look at the pages, not a test: the browser tests hold what they must do. Uses Debian's Chromium
// (test/browser/browser.ts), serves docs-site/dist/ from this folder, and prints each file it writes.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser/browser.ts';
import { staticHost } from './static-host.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'docs-site', 'dist');
const OUT = path.join(ROOT, 'docs-site', 'screenshots');

/** The pages a reader looks up most: a chief, an event, a Cordel card, the map, the Root rules. */
const PAGES: Record<string, string> = {
  chiefs: 'cangaceiros/chiefs.html',
  events: 'cangaceiros/events.html',
  cordel: 'cangaco/cordel.html',
  map: 'cangaceiros/map.html',
  'root-rules': 'root/rules.html',
};
const WIDTHS = [1280, 390];

const host = await staticHost(DIST, '/');
const browser = await launch();
try {
  await mkdir(OUT, { recursive: true });
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: width > 600 ? 900 : 844 } });
    for (const [name, rel] of Object.entries(PAGES)) {
      const response = await page.goto(`${host.origin}/${rel}`);
      if (!response?.ok()) throw new Error(`${rel}: HTTP ${response?.status() ?? 'no answer'} (run \`npm run build\` first)`);
      const file = path.join(OUT, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: false });
      process.stdout.write(`${path.relative(ROOT, file)}\n`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await host.close();
}
