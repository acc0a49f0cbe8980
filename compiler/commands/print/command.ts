import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { CheckedGame } from '../../model.ts';
import { printCss, printDocument } from '../../emit-site/print/print-html.ts';
import type { Paper, PrintCollection, PrintDocument } from '../../emit-site/print/print-types.ts';
import { BrowserLaunchFailed, BrowserNotFound, findBrowser, launchBrowser, NO_BROWSER_ADVICE } from './browser.ts';
import { chooseCollections } from './choose.ts';
import { renderPdf } from './pdf.ts';
import { draftNoteLine, draftsOf, finalRefusalLine, overflowWarnings, pdfSummary, sizeMarkLine, tooLargeLine, where } from './print-words.ts';

/**
 * `rulebook print`: each collection with a `card` declaration as a PDF of sheets to cut out (and, with `--tabletop`,
 * Tabletop Simulator decks), from content that checks. The caller (cli.ts) runs the check and prints its
 * diagnostics as `build` does; this module chooses the collections, refuses drafts under `--final`, renders and
 * writes.
 */

export interface PrintOptions {
  game?: string;
  collection?: string;
  paper: Paper;
  /** The folder the files go under (`<out>/<game>/<collection>.pdf`), absolute. */
  out: string;
  final?: boolean;
  browser?: string;
  tabletop?: boolean;
  base?: string;
  /** Where to look for a browser when neither --browser nor RULEBOOK_BROWSER names one (tests empty it). */
  knownBrowsers?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export interface PrintIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Run the command over checked games; returns the exit code (0 written, 1 drafts under --final or a failed render, 2 usage). */
export async function printCommand(root: string, games: readonly CheckedGame[], opts: PrintOptions, io: PrintIo): Promise<number> {
  const chosen = chooseCollections(games, opts);
  if ('usage' in chosen) {
    for (const line of chosen.usage) io.err(line);
    return 2;
  }
  const collections = chosen.collections;
  if (opts.final) {
    const drafts = draftsOf(collections);
    if (drafts.length) {
      io.err(finalRefusalLine(drafts.length));
      for (const line of drafts) io.err(`  ${line}`);
      io.err('Give each its value in the content (or print without --final: drafts are printed marked "draft").');
      return 1;
    }
  }
  // What keeps a collection from printing as declared (a back picture that is not there) stops the run before anything is written.
  const problems = collections.flatMap((col) => col.problems.map((p) => `${where(col)}: ${p}`));
  const documents = collections.map((col) => ({ col, doc: printDocument(col, opts.paper) }));
  for (const { col, doc } of documents) if (doc.perPage === 0) problems.push(tooLargeLine(col, opts.paper));
  if (problems.length) {
    for (const line of problems) io.err(`error: ${line}`);
    io.err('print stopped: nothing was written.');
    return 1;
  }
  for (const col of collections) {
    const line = sizeMarkLine(col);
    if (line) io.err(line);
    const drafts = draftNoteLine(col);
    if (drafts) io.err(drafts);
  }

  let found;
  try {
    found = findBrowser(opts.browser, {
      ...(opts.env ? { env: opts.env } : {}),
      ...(opts.knownBrowsers ? { known: opts.knownBrowsers } : {}),
      warn: (text) => io.err(`warning: ${text}`),
    });
  } catch (error) {
    if (!(error instanceof BrowserNotFound)) throw error;
    io.err(`error: ${error.message}`);
    return 2;
  }
  if (!found) {
    if (opts.tabletop) io.err('--tabletop needs a browser to draw the deck images: none was made.');
    const failed = await saidInWords(root, io, () => writeHtml(root, opts.out, documents, opts.paper, io));
    if (failed) return 1;
    for (const line of NO_BROWSER_ADVICE) io.err(line);
    return 0;
  }

  let browser: Browser;
  try {
    browser = await launchBrowser(found);
  } catch (error) {
    if (!(error instanceof BrowserLaunchFailed)) throw error;
    io.err(`error: ${error.message}`);
    return 1;
  }
  try {
    for (const { col, doc } of documents) {
      const file = path.join(opts.out, col.game, `${col.collection}.pdf`);
      const failed = await saidInWords(
        root,
        io,
        async () => {
          const { pdf, overflowing } = await renderPdf(browser, doc);
          for (const line of overflowWarnings(col, overflowing)) io.err(`warning: ${line}`);
          await writeReplacing(file, pdf);
          io.out(`${display(root, file)}: ${pdfSummary(col, doc, opts.paper)}`);
          if (opts.tabletop) {
            const folder = path.join(opts.out, col.game, 'tabletop');
            const written = await writeTabletopDeck(col, folder, browser, opts.base);
            io.out(`${display(root, folder)}/: Tabletop Simulator deck, ${written.length} files (${written.map((f) => path.basename(f)).join(', ')})`);
          }
        },
        `${where(col)}`,
      );
      if (failed) {
        io.err(`print stopped at ${where(col)}${existsSync(file) ? `: the last good ${display(root, file)} is kept` : ''}.`);
        return 1;
      }
    }
  } finally {
    await browser.close();
  }
  return 0;
}

/**
 * Run `work`; a file that cannot be written (the --out folder is a file, no permission, a full disk) or a browser
 * that fails mid-drawing is said in words (true: it failed), never as a stack.
 */
async function saidInWords(root: string, io: PrintIo, work: () => Promise<void>, what?: string): Promise<boolean> {
  try {
    await work();
    return false;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (typeof e.code === 'string' && typeof e.path === 'string') {
      const reason: Record<string, string> = {
        ENOTDIR: 'a file stands where a folder is needed',
        EEXIST: 'a file stands where a folder is needed',
        EACCES: 'permission denied',
        EPERM: 'permission denied',
        ENOSPC: 'the disk is full',
        EROFS: 'the disk is read-only',
        EISDIR: 'a folder stands where the file should go',
      };
      io.err(`error: cannot write ${display(root, e.path)}: ${reason[e.code] ?? e.code} (choose another folder with --out)`);
      return true;
    }
    // The browser went away or timed out while drawing: Playwright's first line says which.
    if (error instanceof Error && /^(page|browser|browserContext|route)\.\w+:/.test(error.message)) {
      io.err(`error: the browser failed while drawing ${what ?? 'the cards'}: ${error.message.split('\n')[0]!.replace(/^\w+\.\w+:\s*/, '')}`);
      return true;
    }
    throw error;
  }
}

/** A path as the designer reads it: relative to the project when inside it. */
function display(root: string, file: string): string {
  const rel = path.relative(root, file);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? file : rel).split(path.sep).join('/');
}

/** Write through a temporary file and rename it into place: a run that fails midway leaves the last good file. */
async function writeReplacing(file: string, bytes: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Without a browser: each collection's print HTML and the game's print.css (one stylesheet holding every collection's sizes), which any browser prints. */
async function writeHtml(
  root: string,
  out: string,
  documents: ReadonlyArray<{ col: PrintCollection; doc: PrintDocument }>,
  paper: Paper,
  io: PrintIo,
): Promise<void> {
  for (const { col, doc } of documents) {
    const file = path.join(out, col.game, `${col.collection}.html`);
    await writeReplacing(file, doc.html);
    io.out(`${display(root, file)}: ${pdfSummary(col, doc, paper)}`);
  }
  const games = [...new Set(documents.map((d) => d.col.game))];
  for (const game of games)
    await writeReplacing(
      path.join(out, game, 'print.css'),
      printCss(
        documents.filter((d) => d.col.game === game).map((d) => d.col),
        paper,
      ),
    );
}

/** The Tabletop Simulator decks (tabletop.ts), loaded only for --tabletop: a PDF-only run does not read it. */
async function writeTabletopDeck(col: PrintCollection, out: string, browser: Browser, base: string | undefined): Promise<string[]> {
  const { writeTabletop } = await import('./tabletop.ts');
  return writeTabletop(col, out, browser, base !== undefined ? { base } : {});
}
