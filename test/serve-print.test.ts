// `rulebook serve` shows the print sheets at /<game>/print/ (compiler/serve/print-pages.ts): an index of the game's
// printable collections and each one's print HTML, drawn on request from the last good build, so a save shows on the
// next reload. Over HTTP, no browser: test/browser/serve-print.test.ts looks at them in one.
import { request } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { PrintPages } from '../compiler/serve/print-pages.ts';
import { serve, type ServeHandle } from '../compiler/serve/serve.ts';
import { fixtureProject, fixturesProject, swap } from './helpers.ts';

interface Answer {
  status: number;
  body: string;
  bytes: Buffer;
  type: string;
  csp: string;
  location: string;
}

function get(base: string, rawPath: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    // A fresh connection each time: a kept-alive one may be closed by the server just as a request reuses it.
    const req = request({ hostname, port, path: rawPath, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          bytes: Buffer.concat(chunks),
          type: String(res.headers['content-type'] ?? ''),
          csp: String(res.headers['content-security-policy'] ?? ''),
          location: String(res.headers.location ?? ''),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The card frames of a print HTML: `data-card` of each, in order. */
const frames = (html: string) => [...html.matchAll(/<div class="card[^"]*"[^>]*data-card="([^"]+)"/g)].map((m) => m[1]!);
/** The page's main part, with the entities Handlebars writes for `=` and `&` read back. */
const main = (html: string) => (/<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '').replaceAll('&#x3D;', '=').replaceAll('&amp;', '&');
/** The stylesheet address a print HTML links, as a path under the game's print folder. */
const stylesheet = (html: string) => `/duel/print/${/<link rel="stylesheet" href="(print\.css[^"]*)">/.exec(html)![1]!.replaceAll('&amp;', '&')}`;

/** A PNG of one pixel, for a back picture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

// The `duel` fixture (test/fixtures/games/duel) with its Trophy cards printable; `duo` beside it prints nothing.
const PRINTABLE = { 'content/duel/game.yaml': swap('    title: Trophy cards\n', '    title: Trophy cards\n    card: { size: poker }\n') };

describe('the print sheets under rulebook serve', () => {
  let root: string;
  let handle: ServeHandle;
  const log: string[] = [];
  /**
   * Write a file and wait for the update that sees it whole, then until the watcher is quiet: a write may show as
   * two events in two batches, and a batch left over from the write before must not pass for this one's.
   */
  const save = async (rel: string, content: string | Buffer, ok = true) => {
    const update = (async () => {
      for (;;) {
        const report = await handle.nextUpdate();
        if (report.ok === ok) return report;
      }
    })();
    await writeFile(path.join(root, rel), content);
    const report = await update;
    for (;;) {
      const quiet = new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), 400));
      const more = await Promise.race([handle.nextUpdate(), quiet]);
      if (more === 'quiet') return report;
      expect(more.ok, more.errors).toBe(ok);
    }
  };

  beforeAll(async () => {
    root = await fixturesProject(['duel', 'duo'], PRINTABLE);
    handle = await serve(root, { port: 0, base: '/', version: '0.0.0', color: false, log: (l) => log.push(l) });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('names the print address when serve starts', () => {
    expect(log).toContain(`print sheets: ${handle.url}duel/print/`);
    expect(log.join('\n')).not.toContain('duo/print/');
  });

  it('lists the printable collections in the game language, each with its size, counts and both papers', async () => {
    expect(await get(handle.url, '/duel/print')).toMatchObject({ status: 301, location: '/duel/print/' });
    const index = await get(handle.url, '/duel/print/');
    expect(index.status).toBe(200);
    expect(index.type).toBe('text/html; charset=utf-8');
    expect(index.csp).toContain("script-src 'self'");
    expect(index.body).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    expect(index.body).toContain('<script type="module" src="/__rulebook/live.js"></script>');
    const body = main(index.body);
    expect(body).toContain('<h1>Print and play</h1>');
    expect(body).toContain(
      'Print at 100% scale, without margins, on A4 paper (or on Letter paper: open its Letter link), on both sides, flipping on the long edge',
    );
    // The words a reader reads name no address (the Letter link carries ?paper=letter, its words do not).
    expect(body.replace(/<[^>]*>/g, '')).not.toContain('?paper');
    // Four entries, The Counting House twice: five cards, poker size.
    expect(body).toMatch(
      /<li><a href="trophies\.html">Trophy cards<\/a>: 5 cards, poker 63×88 mm\. <a href="trophies\.html" data-paper="a4">A4<\/a>: 1 page · <a href="trophies\.html\?paper=letter" data-paper="letter">Letter<\/a>: 1 page<\/li>/,
    );
    expect(body).not.toContain('{n}');
  });

  it('serves each collection sheets as the print HTML with its stylesheet, on A4 or on Letter', async () => {
    const a4 = await get(handle.url, '/duel/print/trophies.html');
    expect(a4.status).toBe(200);
    expect(a4.csp).toContain("style-src 'self'");
    expect(a4.body).toContain('<script type="module" src="/__rulebook/live.js"></script>');
    expect(a4.body).toMatch(/<link rel="stylesheet" href="print\.css[^"]*">/);
    // Collection order, copies expanded.
    expect(frames(a4.body)).toEqual(['the-lantern-race', 'the-counting-house', 'the-counting-house', 'the-crown-jewel', 'the-banner-parade']);
    expect(a4.body).toContain('The Counting House');
    // No script of its own and no inline style (the CSP forbids both): only serve's live-reload script.
    expect(a4.body.match(/<script\b/g)).toHaveLength(1);
    expect(a4.body).not.toMatch(/\sstyle="|<style\b/);

    const css = await get(handle.url, stylesheet(a4.body));
    expect(css.status).toBe(200);
    expect(css.type).toBe('text/css; charset=utf-8');
    expect(css.body).toMatch(/@page\s*\{[^}]*size:\s*(210mm 297mm|A4)/);
    const letter = await get(handle.url, '/duel/print/trophies.html?paper=letter');
    expect(letter.status).toBe(200);
    const letterCss = await get(handle.url, stylesheet(letter.body));
    expect(letterCss.body).toMatch(/@page\s*\{[^}]*size:\s*(215\.9mm 279\.4mm|letter)/i);
  });

  it('is the site 404 for a game without printable collections, an unknown collection or another file', async () => {
    for (const p of [
      '/duo/print/',
      '/duo/print/chiefs.html',
      '/duel/print/nope.html',
      '/duel/print/trophies.pdf',
      '/duel/print/x/index.html',
      '/nogame/print/',
    ]) {
      const r = await get(handle.url, p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).toContain('Page not found');
    }
  });

  it('draws a save on the next request; a broken template or broken content never takes it down', async () => {
    const cards = 'content/duel/trophies.yaml';
    const original = await readFile(path.join(root, cards), 'utf8');
    expect((await save(cards, original.replace('- name: The Lantern Race', '- name: The Lantern Sprint'))).ok).toBe(true);
    const edited = await get(handle.url, '/duel/print/trophies.html');
    expect(edited.body).toContain('The Lantern Sprint');
    expect(frames(edited.body)[0]).toBe('the-lantern-sprint');
    // The template's face (its stats box), not the default titled fields.
    expect(edited.body).toContain('<div class="face-stats">');
    expect(edited.body).not.toContain('<dl class="fields">');

    // A template that does not compile: the cards are drawn with the default face, as on the site.
    const template = 'content/duel/templates/trophies.hbs';
    const face = await readFile(path.join(root, template), 'utf8');
    const broken = await save(template, `{{#if flavor}}\n${face}`);
    expect(broken.ok).toBe(true);
    const fallback = await get(handle.url, '/duel/print/trophies.html');
    expect(fallback.status).toBe(200);
    expect(frames(fallback.body)).toHaveLength(5);
    expect(fallback.body).toContain('<dl class="fields"><dt>Copies in the deck</dt><dd>2</dd></dl>');
    expect(fallback.body).not.toContain('<div class="face-stats">');
    await save(template, face);
    expect((await get(handle.url, '/duel/print/trophies.html')).body).toContain('<div class="face-stats">');

    // Content with errors: the last good sheets stay, as the last good site does.
    await save(cards, original.replace('ties: share-place', 'ties: share-plaec'), false);
    const kept = await get(handle.url, '/duel/print/trophies.html');
    expect(kept.status).toBe(200);
    expect(kept.body).toContain('The Lantern Sprint');
    await save(cards, original);
    expect((await get(handle.url, '/duel/print/trophies.html')).body).toContain('The Lantern Race');
  });

  it('says a size is a reading, serves a back picture as a file of its own, and lists what keeps a collection from printing as declared', async () => {
    const manifest = 'content/duel/game.yaml';
    const declared = await readFile(path.join(root, manifest), 'utf8');
    const withCard = (card: string) => declared.replace('    card: { size: poker }\n', `    card: ${card}\n`);
    await save('content/duel/back.png', PNG);
    await save(manifest, withCard('{ size: { reading: poker, note: "The test rules print no card size." }, back: back.png }'));
    const index = main((await get(handle.url, '/duel/print/')).body);
    expect(index).toContain('<a href="trophies.html">Trophy cards</a>: 5 cards, poker 63×88 mm (a reading: the rules give no card size), with backs.');
    // Faces, then their backs: two pages on either paper.
    expect(index).toContain('data-paper="a4">A4</a>: 2 pages');
    const sheets = (await get(handle.url, '/duel/print/trophies.html')).body;
    expect(sheets).not.toContain('data:');
    expect(sheets.match(/<img class="card-back-picture" alt="" src="trophies\.back\.png">/g)).toHaveLength(5);
    const picture = await get(handle.url, '/duel/print/trophies.back.png');
    expect(picture.status).toBe(200);
    expect(picture.type).toBe('image/png');
    expect(picture.bytes.equals(PNG)).toBe(true);
    expect((await get(handle.url, '/duel/print/trophies.back.jpg')).status).toBe(404);

    // A back picture that is not there is a content error now (card-back-missing, as `rulebook check` says): the
    // save is refused and the print pages keep the last good build.
    await save(manifest, withCard('{ size: poker, back: nowhere.png }'), false);
    expect((await get(handle.url, '/duel/print/trophies.back.png')).status).toBe(200);
    // A picture the check lets through but print cannot draw (an SVG file holding no drawing): said on the index and
    // in the terminal, as `rulebook print` reports it.
    // (Saved while the manifest still names nowhere.png: that update still fails.)
    await save('content/duel/empty.svg', '<!-- no drawing yet -->\n', false);
    await save(manifest, withCard('{ size: poker, back: empty.svg }'));
    const empty = 'The back picture empty.svg (card.back of trophies in game.yaml) holds no &lt;svg&gt; drawing.';
    expect(main((await get(handle.url, '/duel/print/')).body)).toContain(
      `<div class="print-problems" role="status"><p>Not printed as declared:</p><ul><li>${empty}</li></ul></div>`,
    );
    expect(log.join('\n')).toContain('duel/print/trophies.html: The back picture empty.svg (card.back of trophies in game.yaml) holds no <svg> drawing.');
    expect((await get(handle.url, '/duel/print/trophies.back.png')).status).toBe(404);
    await save(manifest, declared);
  });
});

describe('print sheets that cannot be drawn', () => {
  it('answer 500 with a page that says so in the game words, and tell the terminal, without throwing', async () => {
    const { games } = await check(await fixtureProject('duel', PRINTABLE));
    const game = games[0]!;
    // Whatever fails while drawing (here: the entries cannot be read) is caught at the request.
    Object.defineProperty(game.linked.game.collections.get('trophies')!, 'entries', {
      get: () => {
        throw new Error('the entries could not be read');
      },
    });
    const log: string[] = [];
    const pages = new PrintPages(
      () => [game],
      (line) => log.push(line),
    );
    for (const rel of ['duel/print/index.html', 'duel/print/trophies.html']) {
      const answer = pages.get(rel, new URLSearchParams())!;
      expect(answer.status, rel).toBe(500);
      expect(main(String(answer.body)), rel).toContain(
        '<p class="print-failed" role="alert">These sheets could not be drawn: the entries could not be read</p>',
      );
      expect(String(answer.body)).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    }
    expect(log).toEqual([
      'duel/print/index.html: the print sheets could not be drawn: the entries could not be read',
      'duel/print/trophies.html: the print sheets could not be drawn: the entries could not be read',
    ]);
    expect(pages.get('duel/print/print.css', new URLSearchParams('collection=trophies'))).toMatchObject({ status: 500 });
    // Not a print address at all: none of its business.
    expect(pages.get('duel/trophies.html', new URLSearchParams())).toBeUndefined();
  });
});
