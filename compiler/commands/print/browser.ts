import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';

/**
 * Finding and starting the headless browser `rulebook print` renders through. The tool never downloads a browser
 * (no network): it uses the Chrome, Chromium or Edge already on the machine, and says in words how to get one when
 * there is none.
 */

/** Where a browser was found, and how: `--browser`, the RULEBOOK_BROWSER variable, or a known install path. */
export interface FoundBrowser {
  executablePath: string;
  from: 'option' | 'environment' | 'known path';
}

/** A browser path that was asked for (with `--browser` or RULEBOOK_BROWSER) and is not there: said in words. */
export class BrowserNotFound extends Error {}

/** Chromium-family browsers where their installers put them, by platform; the first that exists is used. */
export function knownBrowserPaths(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string[] {
  if (platform === 'darwin') {
    // The machine's Applications folder, then the user's own (an install without an administrator's password).
    const apps = ['/Applications', ...(env['HOME'] ? [path.posix.join(env['HOME'], 'Applications')] : [])];
    return apps.flatMap((a) => [
      `${a}/Google Chrome.app/Contents/MacOS/Google Chrome`,
      `${a}/Chromium.app/Contents/MacOS/Chromium`,
      `${a}/Microsoft Edge.app/Contents/MacOS/Microsoft Edge`,
    ]);
  }
  if (platform === 'win32') {
    const roots = [env['PROGRAMFILES'] ?? 'C:\\Program Files', env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', env['LOCALAPPDATA']].filter(
      (r): r is string => !!r,
    );
    return roots.flatMap((r) => [
      path.win32.join(r, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      path.win32.join(r, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      path.win32.join(r, 'Chromium', 'Application', 'chrome.exe'),
    ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/microsoft-edge',
    '/usr/bin/microsoft-edge-stable',
    '/snap/bin/chromium',
    // Where the vendors' own packages put the program the /usr/bin names link to.
    '/opt/google/chrome/chrome',
    '/opt/microsoft/msedge/msedge',
  ];
}

function isFile(p: string): boolean {
  return statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The browser to render with: `given` (`--browser <path>`) first, then the RULEBOOK_BROWSER variable, then the known
 * paths (`known`, injectable so a test can empty it). Undefined when none is there. A path the designer typed that
 * is missing throws BrowserNotFound (a typo should not quietly fall back to another browser); a RULEBOOK_BROWSER
 * left pointing at a removed browser is only warned about (`warn`), and the search goes on.
 */
export function findBrowser(
  given?: string,
  options: { env?: NodeJS.ProcessEnv; known?: readonly string[]; warn?: (text: string) => void } = {},
): FoundBrowser | undefined {
  const env = options.env ?? process.env;
  if (given !== undefined) {
    if (!isFile(given))
      throw new BrowserNotFound(
        existsSync(given)
          ? `--browser ${given} is a folder, not a browser program: give the path of Chrome, Chromium or Edge itself`
          : `--browser ${given}: there is no such file; give the path of Chrome, Chromium or Edge, or leave --browser out to use one found on this machine`,
      );
    return { executablePath: given, from: 'option' };
  }
  const fromEnv = env['RULEBOOK_BROWSER'];
  if (fromEnv) {
    if (isFile(fromEnv)) return { executablePath: fromEnv, from: 'environment' };
    options.warn?.(`RULEBOOK_BROWSER is set to ${fromEnv}, which is not a file: looking for a browser in the usual places instead`);
  }
  const found = (options.known ?? knownBrowserPaths()).find(isFile);
  return found ? { executablePath: found, from: 'known path' } : undefined;
}

/** What to tell a designer who has no browser (printed with the HTML written in its place). */
export const NO_BROWSER_ADVICE = [
  'no browser found to make the PDF: install Google Chrome, Chromium or Microsoft Edge, or give one with --browser <path> (or the RULEBOOK_BROWSER variable).',
  'The print HTML was written instead: open it in a browser and print it at 100% scale, with no margins.',
];

/** Flags for a quiet, offline, headless run: no sandbox (containers, CI), no GPU, no updates or first-run pages. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** A browser that would not start: the reason in words, without the launcher's stack. */
export class BrowserLaunchFailed extends Error {}

/** Start the browser headless. playwright-core is loaded here, so commands that print nothing never load it. */
export async function launchBrowser(found: FoundBrowser): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  try {
    return await chromium.launch({ executablePath: found.executablePath, args: ARGS, timeout: 60_000 });
  } catch (error) {
    throw new BrowserLaunchFailed(
      `the browser at ${found.executablePath} would not start (${launchFailureWords(error instanceof Error ? error.message : String(error))}): check that it is Chrome, Chromium or Edge and runs on this machine, or give another with --browser <path>`,
    );
  }
}

/**
 * Why a launch failed, in a few words, from Playwright's message (a first line, then the browser's command line and a
 * call log over many lines, which a designer does not need).
 */
export function launchFailureWords(message: string): string {
  const spawn = /spawn \S+ (E[A-Z]+)/.exec(message)?.[1];
  if (spawn === 'EACCES') return 'it is not a program this machine can run: permission denied';
  if (spawn === 'ENOENT') return 'no such program';
  if (spawn) return `it could not be run: ${spawn}`;
  const exit = /process did exit: exitCode=(\d+)/.exec(message)?.[1];
  if (exit !== undefined) return `it stopped at once, with exit code ${exit}`;
  if (/Timeout \d+ms exceeded/.test(message)) return 'it did not answer within a minute';
  const first = message.split('\n').find((l) => l.trim()) ?? 'no reason given';
  return first.replace(/^browserType\.launch:\s*/, '').trim();
}
