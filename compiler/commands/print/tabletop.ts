/**
 * `rulebook print --tabletop`: a collection's Tabletop Simulator deck, written
 * to the folder the command gives (`<out>/<game>/tabletop/`): the face sheets (`<collection>-<n>.png`), the
 * back (`<collection>-back.png`, or a back sheet per face sheet when the backs
 * differ) and the saved object (`<collection>.json`) that loads when dropped
 * into TTS's Saved Objects folder. The layout is pure
 * (compiler/emit-site/print/tabletop-layout.ts, tabletop-html.ts); this draws
 * each page in the browser it is given and screenshots it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { cardHtml, printCss } from '../../emit-site/print/print-html.ts';
import type { CardSize, PrintCollection } from '../../emit-site/print/print-types.ts';
import { tabletopBackPage, tabletopBackSheetPage, tabletopSheetPage, type CardArt, type TabletopPage } from '../../emit-site/print/tabletop-html.ts';
import { savedObject, tabletopDeck, tabletopFileNames } from '../../emit-site/print/tabletop-layout.ts';

/** A file the cards may load (a picture), by its path from the print HTML's folder, as the PDF is given them (pdf.ts). */
export type PrintFiles = ReadonlyMap<string, { body: Buffer | string; contentType: string }>;

export interface TabletopOptions {
  /** Where the images will be hosted (`--base`): their addresses become `<base>/<file>`; else `file:///` paths of the files written. */
  base?: string;
  /** The pictures the faces and backs draw, served to the page from memory (nothing else is loaded). */
  files?: PrintFiles;
}

/**
 * The origin each page is served from inside the browser: not a real host (as in pdf.ts); the page and `files`
 * are answered from memory and every other request refused, so rendering never touches the network.
 */
const ORIGIN = 'http://tabletop.rulebook.invalid';

/**
 * A local file's address as TTS reads it: `file:///` and the absolute path
 * with forward slashes (`file:///C:/Users/...` on Windows), unescaped, as TTS
 * itself writes a local image it was given.
 */
export function localFileUrl(file: string): string {
  const absolute = path.resolve(file).replace(/\\/g, '/');
  return `file:///${absolute.replace(/^\/+/, '')}`;
}

/** A hosted file's address: the base (its trailing slashes dropped) and the file's name. */
export function hostedUrl(base: string, file: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(file)}`;
}

/**
 * A browser tab that draws TTS pages and screenshots each at exactly its pixel
 * size, as the PDF draws it (print media). One tab for a whole deck: the page
 * it is showing is answered from memory at one address.
 */
async function sheetCamera(browser: Browser, files: PrintFiles): Promise<{ shoot: (page: TabletopPage) => Promise<Buffer>; close: () => Promise<void> }> {
  // One device pixel to a CSS pixel: the page's cells are laid out in the image's own pixels.
  const context: BrowserContext = await browser.newContext({ deviceScaleFactor: 1 });
  const tab = await context.newPage();
  let showing = '';
  await tab.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort('blockedbyclient');
    const pathname = decodeURIComponent(url.pathname);
    if (pathname === '/tabletop.html') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: showing });
    const file = files.get(pathname);
    return file ? route.fulfill({ status: 200, contentType: file.contentType, body: file.body }) : route.abort('blockedbyclient');
  });
  await tab.emulateMedia({ media: 'print' });
  return {
    async shoot(page) {
      showing = page.html;
      await tab.setViewportSize({ width: page.width, height: page.height });
      await tab.goto(`${ORIGIN}/tabletop.html`, { waitUntil: 'load' });
      // Web fonts and pictures must be in before the picture is taken, or a sheet would sometimes miss them.
      await tab.evaluate(() => document.fonts.ready.then(() => undefined));
      return tab.screenshot({ clip: { x: 0, y: 0, width: page.width, height: page.height }, omitBackground: false, type: 'png' });
    },
    close: () => context.close(),
  };
}

/**
 * Draw the deck of `col` with `art` (the print's own card) and write it into
 * `folder` (the command's `<out>/<game>/tabletop/`); returns the files
 * written, sheets first, then the backs, then the saved object; none for a
 * collection with no cards yet (TTS has no empty deck).
 */
export async function renderTabletop(col: PrintCollection, folder: string, browser: Browser, art: CardArt, options: TabletopOptions = {}): Promise<string[]> {
  if (col.cards.length === 0) return [];
  const deck = tabletopDeck(col);
  const names = tabletopFileNames(col, deck);
  await mkdir(folder, { recursive: true });
  const pages: TabletopPage[] = [
    ...deck.sheets.map((sheet) => tabletopSheetPage(col, deck, sheet, art)),
    ...(deck.uniqueBack ? deck.sheets.map((sheet) => tabletopBackSheetPage(col, deck, sheet, art)) : [tabletopBackPage(col, deck, art)]),
  ];
  const files = [...names.sheets, ...names.backs];
  const camera = await sheetCamera(browser, options.files ?? new Map());
  const written: string[] = [];
  try {
    for (const [i, page] of pages.entries()) {
      const file = path.join(folder, files[i]!);
      await writeFile(file, await camera.shoot(page));
      written.push(file);
    }
  } finally {
    await camera.close();
  }
  const url = (file: string) => (options.base === undefined ? localFileUrl(path.join(folder, file)) : hostedUrl(options.base, file));
  const json = savedObject(col, deck, { faces: names.sheets.map(url), backs: names.backs.map(url) });
  const jsonFile = path.join(folder, names.json);
  await writeFile(jsonFile, JSON.stringify(json, null, 2) + '\n');
  written.push(jsonFile);
  return written;
}

/**
 * The print's own cards (cardHtml and print.css, so a card in TTS is the card
 * on paper) at the trim size: no bleed, TTS shows the card's edge. Returns the
 * collection at that size with them.
 */
export function printArt(col: PrintCollection): { trimmed: PrintCollection; art: CardArt } {
  const trim: CardSize = { ...col.size, bleedMm: 0 };
  const trimmed: PrintCollection = { ...col, size: trim };
  return {
    trimmed,
    art: {
      // The paper does not matter here: a TTS sheet is laid out by tabletop-html.ts; only the card rules are used.
      css: printCss(trimmed, 'a4'),
      draw: (card, side) => cardHtml(card, side, trim),
    },
  };
}

/** `rulebook print --tabletop` for one collection: its deck, drawn with the print's cards, into `out`. Returns the files written. */
export function writeTabletop(col: PrintCollection, out: string, browser: Browser, options: TabletopOptions = {}): Promise<string[]> {
  const { trimmed, art } = printArt(col);
  return renderTabletop(trimmed, out, browser, art, options);
}
