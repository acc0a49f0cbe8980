import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
