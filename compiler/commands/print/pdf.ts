import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { PrintDocument } from '../../emit-site/print/print-types.ts';

/**
 * The print HTML to PDF, through the headless browser, with the same bytes for the same content: Chromium's PDF
 * writer (Skia) stamps the clock into the document's dates, which are rewritten here to fixed values of the same
 * length, so the cross-reference table's byte offsets stay right and the file needs no other repair.
 */

/** A card whose face runs past its frame (its text does not fit the card). */
export interface OverflowingCard {
  id: string;
  copy: number;
}

export interface RenderedPdf {
  pdf: Buffer;
  overflowing: OverflowingCard[];
}

/**
 * The origin the print HTML is served from inside the browser. Not a real host: every request is answered from
 * memory (the HTML, print.css, `files`) and anything else is refused, so rendering never touches the network.
 */
const ORIGIN = 'http://print.rulebook.invalid';

/** Open the document in a new page of `browser`, the way the PDF will be printed (print media, fonts loaded). */
export async function openPrintDocument(
  browser: Browser,
  doc: PrintDocument,
  files: ReadonlyMap<string, { body: Buffer | string; contentType: string }> = new Map(),
): Promise<Page> {
  const page = await browser.newPage();
  const served = new Map(files);
  served.set('/print.html', { body: doc.html, contentType: 'text/html; charset=utf-8' });
  served.set('/print.css', { body: doc.css, contentType: 'text/css; charset=utf-8' });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const file = url.origin === ORIGIN ? served.get(decodeURIComponent(url.pathname)) : undefined;
    return file ? route.fulfill({ status: 200, contentType: file.contentType, body: file.body }) : route.abort('blockedbyclient');
  });
  await page.emulateMedia({ media: 'print' });
  await page.goto(`${ORIGIN}/print.html`, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page;
}

/**
 * The cards whose face overflows its frame: content taller or wider than the box (1 px of rounding allowed). Each
 * face is a `.card-face` inside a `.card` frame carrying `data-card` (the entry's ID) and `data-copy`.
 */
export async function overflowingCards(page: Page): Promise<OverflowingCard[]> {
  return page.$$eval('.card-face', (faces) =>
    faces
      .filter((f) => f.scrollHeight > f.clientHeight + 1 || f.scrollWidth > f.clientWidth + 1)
      .map((f) => {
        const frame = f.closest('[data-card]');
        return { id: frame?.getAttribute('data-card') ?? '', copy: Number(frame?.getAttribute('data-copy') ?? 1) };
      }),
  );
}

/** Render the print document to PDF bytes (deterministic) and report the faces that overflow their card. */
export async function renderPdf(browser: Browser, doc: PrintDocument, files?: Parameters<typeof openPrintDocument>[2]): Promise<RenderedPdf> {
  const page = await openPrintDocument(browser, doc, files);
  try {
    const overflowing = await overflowingCards(page);
    // The sheet size comes from the document's `@page` rule, backgrounds (bleed, card colours) are printed, and the
    // page has no margins of its own: the layout draws the sheet's margins and cut marks itself.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
    return { pdf: fixPdfClock(pdf), overflowing };
  } finally {
    await page.close();
  }
}

/** The moment every rewritten date says: digits laid over the original's, position by position. */
const FIXED_DIGITS = '20000101000000';

/** `D:20261202105549+00'00'` (or an XMP `2026-12-02T10:55:49+00:00`) with its digits replaced: the same length, a fixed moment. */
function fixedDate(original: string): string {
  let i = 0;
  return original.replace(/\d/g, () => FIXED_DIGITS[i++] ?? '0');
}

/**
 * The PDF with every clock-derived value fixed, byte length unchanged: the Info dictionary's /CreationDate and
 * /ModDate, XMP dates if present, and the document IDs (the trailer's /ID and XMP uuids, when the writer adds them)
 * derived from a hash of the rest of the file. Latin-1 maps bytes to characters one to one, so editing the text
 * edits the bytes in place.
 */
export function fixPdfClock(pdf: Buffer | Uint8Array): Buffer {
  let text = Buffer.from(pdf).toString('latin1');
  text = text.replace(/(\/(?:CreationDate|ModDate)\s*\()(D:[^)]*)\)/g, (_, key: string, date: string) => `${key}${fixedDate(date)})`);
  text = text.replace(
    /(<xmp:(?:CreateDate|ModifyDate|MetadataDate)>)([^<]*)(<\/xmp:)/g,
    (_, open: string, date: string, close: string) => `${open}${fixedDate(date)}${close}`,
  );
  // The IDs come last, from a hash of the file with them blanked: the same content gives the same IDs.
  const ids = /(\/ID\s*\[\s*<)([0-9A-Fa-f]*)(>\s*<)([0-9A-Fa-f]*)(>)|(uuid:)([0-9a-fA-F-]{36})/g;
  const digest = createHash('sha256')
    .update(
      text.replace(ids, (m) => m.replace(/[0-9A-Fa-f]/g, '0')),
      'latin1',
    )
    .digest('hex');
  const hex = (like: string) => like.replace(/[0-9A-Fa-f]/g, (_, i: number) => digest[i % digest.length]!);
  text = text.replace(ids, (...m: Array<string | undefined>) =>
    m[6] !== undefined ? `${m[6]}${hex(m[7]!)}` : `${m[1]!}${hex(m[2]!).toUpperCase()}${m[3]!}${hex(m[4]!).toUpperCase()}${m[5]!}`,
  );
  return Buffer.from(text, 'latin1');
}
