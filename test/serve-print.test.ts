// `rulebook serve` shows the print sheets at /<game>/print/ (compiler/serve/print-pages.ts): an index of the game's
// printable collections and each one's print HTML, drawn on request from the last good build, so a save shows on the
// next reload. Over HTTP, no browser: test/browser/serve-print.test.ts looks at them in one.
import { request } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeHandle } from '../compiler/serve/serve.ts';
import { fixturesProject, swap } from './helpers.ts';

interface Answer {
  status: number;
  body: string;
  type: string;
  csp: string;
  location: string;
}

function get(base: string, rawPath: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
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

// The `duel` fixture (test/fixtures/games/duel) with its Trophy cards printable; `duo` beside it prints nothing.
const PRINTABLE = { 'content/duel/game.yaml': swap('    title: Trophy cards\n', '    title: Trophy cards\n    card: { size: poker }\n') };

describe('the print sheets under rulebook serve', () => {
  let root: string;
  let handle: ServeHandle;
  const log: string[] = [];
  /** Save a file and wait for the update that sees it whole (a write may show as two events). */
  const save = async (rel: string, text: string, ok = true) => {
    const update = (async () => {
      for (;;) {
        const report = await handle.nextUpdate();
        if (report.ok === ok) return report;
      }
    })();
    await writeFile(path.join(root, rel), text);
    return update;
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
      'Print at 100% scale, without margins, on A4 paper (or Letter: the Letter link, ?paper=letter), on both sides, flipping on the long edge',
    );
    // Four entries, The Counting House twice: five cards, poker size.
    expect(body).toMatch(
      /<li><a href="trophies\.html">Trophy cards<\/a>: 5 cards, poker 63 × 88 mm\. <a href="trophies\.html" data-paper="a4">A4<\/a>: 1 page · <a href="trophies\.html\?paper=letter" data-paper="letter">Letter<\/a>: 1 page<\/li>/,
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

    // A template that does not compile: the cards are drawn with the default face, as on the site.
    const template = 'content/duel/templates/trophies.hbs';
    const face = await readFile(path.join(root, template), 'utf8');
    const broken = await save(template, `{{#if flavor}}\n${face}`);
    expect(broken.ok).toBe(true);
    const fallback = await get(handle.url, '/duel/print/trophies.html');
    expect(fallback.status).toBe(200);
    expect(frames(fallback.body)).toHaveLength(5);
    await save(template, face);

    // Content with errors: the last good sheets stay, as the last good site does.
    await save(cards, original.replace('ties: share-place', 'ties: share-plaec'), false);
    const kept = await get(handle.url, '/duel/print/trophies.html');
    expect(kept.status).toBe(200);
    expect(kept.body).toContain('The Lantern Sprint');
    await save(cards, original);
    expect((await get(handle.url, '/duel/print/trophies.html')).body).toContain('The Lantern Race');
  });
});
