import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { check } from '../../compiler/pipeline.ts';
import { isMovedPage } from '../../compiler/emit-site/moved-pages.ts';
import { emitSite, renderSite } from '../../compiler/emit-site/site.ts';
import type { Release } from '../../compiler/release/record.ts';
import { fixturesProject, swap } from '../helpers.ts';
import { decodeEntities, FIXTURE_GAMES, fixtureManifest, fixturesSite, pagesOf, siteOf } from './built.ts';

// One place for each thing, and what a reference site is expected to have: on the fixture games (test/site/built.ts).

/** What a reader reads in a page's <main>: its words, without the page's own navigation (outline, previous / next). */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
  const words = main.replace(/<nav class="(outline|pager)"[\s\S]*?<\/nav>/g, '').replace(/<[^>]*>/g, ' ');
  return decodeEntities(words).replace(/\s+/g, ' ').trim();
}

const titleOf = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
/** The rules pages: Markdown chapters, the numbered rules and the glossary. */
const RULES_PAGES = /^[^/]+\/rules\/|^tree\/(rules|glossary)\.html$/;

describe('the built site: one place for each thing', () => {
  it('no two pages carry the same main content', async () => {
    const seen = new Map<string, string>();
    const same: string[] = [];
    for (const [page, html] of pagesOf(await fixturesSite())) {
      const text = mainText(html);
      expect(text.length, page).toBeGreaterThan(0);
      if (seen.has(text)) same.push(`${seen.get(text)} = ${page}`);
      seen.set(text, page);
    }
    expect(same).toEqual([]);
    // Every game's pages were compared: at least its overview, its drafts and a page per collection.
    expect(seen.size).toBeGreaterThanOrEqual(FIXTURE_GAMES.reduce((n, g) => n + 2 + Object.keys(fixtureManifest(g).collections).length, 0));
  });

  it('every heading of every rules page has an id and a # link to it', async () => {
    const missing: string[] = [];
    let headings = 0;
    for (const [page, html] of pagesOf(await fixturesSite()).filter(([p]) => RULES_PAGES.test(p))) {
      const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
      for (const h of main.matchAll(/<h([2-6])([^>]*)>([\s\S]*?)<\/h\1>/g)) {
        headings++;
        const id = /\sid="([^"]+)"/.exec(h[2]!)?.[1];
        if (!id) missing.push(`${page}: <h${h[1]}> ${h[3]} has no id`);
        else if (!html.includes(`<a class="anchor" href="#${id}"`)) missing.push(`${page}: #${id} has no # link`);
      }
    }
    expect(missing).toEqual([]);
    expect(headings).toBeGreaterThanOrEqual(6);
  });

  it('every numbered rule and glossary entry carries its number, for #16.5.1 addresses, beside its heading and old anchor', async () => {
    const files = await fixturesSite();
    const rules = String(files.get('tree/rules.html'));
    for (const n of ['16.4', '16.4.1', '16.5', '16.5.1', '16.6']) {
      // The section holds the number; its heading keeps the r-16-... anchor that links already use.
      expect(rules).toMatch(
        new RegExp(`<section class="rule" data-number="${n.replace(/\./g, '\\.')}"><div class="head"><h\\d id="r-${n.replace(/\./g, '-')}">`),
      );
    }
    expect(String(files.get('tree/glossary.html'))).toMatch(/<section class="rule term-entry" data-number="16\.6\.1"><div class="head"><h2 id="ruina">/);
  });

  it('previous / next links walk every page of a game once, in the rulebook order', async () => {
    const files = await fixturesSite();
    const expected: Record<string, string[]> = {
      duel: ['index.html', 'rules/overview.html', 'trophies.html', 'drafts.html'],
      board: ['index.html', 'maps.html', 'events.html', 'drafts.html'],
      // No drafts page: the tree game has no draft values.
      tree: ['index.html', 'rules.html', 'glossary.html', 'icons.html'],
    };
    for (const [game, order] of Object.entries(expected)) {
      const walked: string[] = [];
      let at: string | undefined = `${game}/index.html`;
      while (at && walked.length < 20) {
        walked.push(at.slice(game.length + 1));
        const html: string = String(files.get(at));
        const next: string | undefined = /<a rel="next" href="([^"]+)"/.exec(html)?.[1];
        const prev: string | undefined = /<a rel="prev" href="([^"]+)"/.exec(html)?.[1];
        // Each step back leads to the page before.
        if (walked.length > 1) expect(path.posix.join(path.posix.dirname(at), prev ?? ''), at).toBe(`${game}/${walked.at(-2)}`);
        else expect(prev, at).toBeUndefined();
        at = next ? path.posix.join(path.posix.dirname(at), next) : undefined;
      }
      expect(walked, game).toEqual(order);
      // Every page of the game is on the walk.
      expect(
        pagesOf(files)
          .filter(([p]) => p.startsWith(`${game}/`))
          .map(([p]) => p.slice(game.length + 1))
          .sort(),
        game,
      ).toEqual([...order].sort());
    }
  });

  it('a page with three sections or more opens with "On this page", linking each section', async () => {
    const rules = String((await fixturesSite()).get('tree/rules.html'));
    const outline =
      /<nav class="outline" aria-labelledby="on-this-page" data-pagefind-ignore><p class="group" id="on-this-page">Nesta página<\/p><ul>([\s\S]*?)<\/ul><\/nav>/.exec(
        rules,
      );
    expect(outline?.[1]).toBe(
      '<li><a href="#r-16-4">16.4 Preparação</a></li><li><a href="#r-16-5">16.5 Tabuleiros</a></li><li><a href="#r-16-6">16.6 Glossário</a></li>',
    );
    // A short page has none.
    expect(String((await fixturesSite()).get('duel/rules/overview.html'))).not.toContain('class="outline"');
  });

  it('a rules chapter that shows a collection links to its page and names its entries, drawing no face a second time', async () => {
    const root = await fixturesProject(['duel'], {
      'content/duel/rules/01-overview.md': (t) =>
        `${t}\n## Setup\n\nDeal the cards.\n\n## The trophies\n\n::collection{name=trophies}\n\n## Setup\n\nA second heading of the same words.\n\n### Search results\n\n### 2nd round\n`,
    });
    // A chapter named as the collection it shows.
    await writeFile(path.join(root, 'content/duel/rules/02-trophy-cards.md'), '# Trophy cards\n\n::collection{name=trophies}\n');
    const files = await siteOf(root, { search: false });
    const overview = String(files.get('duel/rules/overview.html'));
    expect(overview).toContain(
      '<div class="collection-link" data-pagefind-ignore><p><a href="../trophies.html">Trophy cards</a> (4, the full list on its page):</p><ul class="entry-links"><li><a href="../trophies.html#the-lantern-race">The Lantern Race</a></li>',
    );
    expect(overview).not.toMatch(/class="[^"]*\bface\b/);
    // The entries' anchors live on the collection page only.
    expect(overview).not.toContain('id="the-lantern-race"');
    // Markdown headings: an anchor from their words, unique on the page, a # link and a copy button.
    expect(overview).toContain(
      '<div class="head"><h2 id="setup">Setup</h2><span class="permalink" data-pagefind-ignore><a class="anchor" href="#setup" aria-label="Link to Setup">#</a> <button type="button" class="copy" data-copy="setup"',
    );
    expect(overview).toContain('<h2 id="the-trophies">The trophies</h2>');
    expect(overview).toContain('<h2 id="setup-2">Setup</h2>');
    // Never an id of the page's own (the search box's), never one that begins with a digit.
    expect(overview).toContain('<h3 id="s-search-results">Search results</h3>');
    expect(overview).toContain('<h3 id="s-2nd-round">2nd round</h3>');
    expect(overview).toContain('<li><a href="#setup">Setup</a></li><li><a href="#the-trophies">The trophies</a></li><li><a href="#setup-2">Setup</a></li>');
    // A chapter that only shows the collection of its title is that collection's page, in the chapter's place: one menu entry, one page.
    expect(isMovedPage(files.get('duel/rules/trophy-cards.html'))).toBe(true);
    expect(String(files.get('duel/rules/trophy-cards.html'))).toContain('<link rel="canonical" href="../trophies.html">');
    expect(titleOf(String(files.get('duel/trophies.html')))).toBe('Trophy cards · Lantern Duel · rulebook');
    expect(/<a rel="next" href="([^"]+)"/.exec(String(files.get('duel/rules/overview.html')))?.[1]).toBe('../trophies.html');
  });
});

describe('the built site: what a reference site is expected to have', () => {
  it('every page has a title of its own, never the game name twice', async () => {
    const titles = pagesOf(await fixturesSite()).map(([p, html]) => [p, titleOf(html)] as const);
    expect(new Set(titles.map(([, t]) => t)).size).toBe(titles.length);
    for (const [p, t] of titles) expect(t, p).not.toMatch(/(^|· )([^·]+) · \2( ·|$)/);
    const byPage = Object.fromEntries(titles);
    expect(byPage['duel/index.html']).toBe('Lantern Duel · rulebook');
    expect(byPage['duel/trophies.html']).toBe('Trophy cards · Lantern Duel · rulebook');
    // A collection without a title is named by its role in the reader's words, not by its property name.
    expect(byPage['tree/glossary.html']).toBe('Glossário · Árvore · rulebook');
  });

  it('every page links the SVG favicon, which the CSP allows', async () => {
    const files = await fixturesSite();
    expect(String(files.get('favicon.svg'))).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
    for (const [page, html] of pagesOf(files)) {
      const depth = page === '404.html' ? '/' : '../'.repeat(page.split('/').length - 1);
      expect(html, page).toContain(`<link rel="icon" href="${depth}favicon.svg" type="image/svg+xml">`);
      expect(html, page).toMatch(/img-src 'self';/);
    }
  });

  it('404.html: in English, valid, out of the sitemap and the search index, its links from the base path', async () => {
    const files = await fixturesSite();
    const html = String(files.get('404.html'));
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    expect(html).toContain('<h1>Page not found</h1>');
    expect(html).not.toContain('data-pagefind-body');
    expect(String(files.get('sitemap.xml'))).not.toContain('404');
    const report = await new HtmlValidate({ extends: ['html-validate:recommended'] }).validateString(html, '404.html');
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} ${m.message}`))).toEqual([]);
    // Served for a missing address at any depth: every link starts from the base, here '/'.
    expect(html).toContain('<a href="/duel/index.html" lang="en">Lantern Duel</a>');
    expect(html).toContain('<link rel="stylesheet" href="/style.css">');

    const sub = await siteOf(await fixturesProject(['duel']), { base: 'https://me.github.io/rulebook/', search: false });
    const under = String(sub.get('404.html'));
    expect(under).toContain('<link rel="stylesheet" href="/rulebook/style.css">');
    expect(under).toContain('<a href="/rulebook/duel/index.html" lang="en">Lantern Duel</a>');
    expect([...under.matchAll(/\s(?:href|src)="([^"#]+)"/g)].map((m) => m[1]!).filter((h) => !h.startsWith('/rulebook/'))).toEqual([]);
  });

  it('the home page describes every game: its summary, or the players and source the manifest gives', async () => {
    const home = String((await fixturesSite()).get('index.html'));
    expect(home).toContain('<a href="duel/index.html" lang="en">Lantern Duel</a> — <span lang="en">A small invented game whose Trophy cards score');
    expect(home).toContain(
      '<a href="board/index.html" lang="en">Border Run</a> — <span lang="en">A game for 2–4 players, transcribed from Border Run test rules.</span>',
    );
  });

  it('the footer gives the content version and its release date from the releases record, and two builds are byte-identical', async () => {
    const { games } = await check(await fixturesProject(['duel']));
    const releases: Release[] = [{ version: '1.2.0', date: '2026-11-01', from: 'v1.1.0', level: 'minor', games: {} }];
    const released = renderSite(games, { base: '/', releases, version: '0.1.0' });
    for (const page of ['index.html', 'duel/index.html', 'duel/trophies.html']) {
      expect(String(released.get(page)), page).toContain(
        '<p class="stamp">Content version 1.2.0, released on <time datetime="2026-11-01">2026-11-01</time></p>',
      );
    }
    // No release yet: the package version, and no date (never the clock).
    const unreleased = renderSite(games, { base: '/', version: '0.1.0' });
    expect(String(unreleased.get('duel/index.html'))).toContain('<p class="stamp">Content version 0.1.0</p>');
    const again = renderSite(games, { base: '/', version: '0.1.0' });
    expect([...again].filter(([p, c]) => unreleased.get(p) !== c).map(([p]) => p)).toEqual([]);
  });

  it('a reference whose words name another rule keeps the printed text and shows an erratum beside the rule, in the page language', async () => {
    const erratum = swap(
      'text: Cada tabuleiro tem clareiras ligadas por caminhos.',
      'text: Cada tabuleiro tem clareiras ligadas por caminhos. Veja {term:ruina|RUÍNA} ({ref:16.4}).',
    );
    // Printed text is a transcribed game's (issue #18): the tree fixture has no `source:`, so this test gives it one.
    const root = await fixturesProject(['tree'], {
      'content/tree/rules.yaml': erratum,
      'content/tree/game.yaml': swap('locale: pt-BR\n', 'locale: pt-BR\nsource: Regras de teste da Árvore\n'),
    });
    const result = await check(root);
    expect(
      result.bag
        .sorted()
        .filter((d) => d.ruleId === 'ref-name-mismatch')
        .map((d) => d.message),
    ).toEqual(['the text names "RUÍNA" but the reference points to rule 16.4, "Preparação"']);
    const linked = result.games[0]!.linked;
    expect(linked.errata).toEqual([
      { collection: 'rules', id: '16.5', path: '/text', name: 'RUÍNA', target: '16.4', targetTitle: 'Preparação', term: 'ruina', termNumber: '16.6.1' },
    ]);
    const files = await emitSite(result.games, { base: '/', search: false });
    const rule = /<section class="rule" data-number="16\.5">([\s\S]*?)<\/section>/.exec(String(files.get('tree/rules.html')))?.[1] ?? '';
    expect(rule).toContain('Veja <span class="term-wrap"><a class="term" href="glossary.html#ruina"');
    expect(rule).toContain(
      '<p class="erratum" role="note"><span class="erratum-label">Errata:</span> o texto impresso diz RUÍNA, mas remete à regra <a class="xref" href="rules.html#r-16-4">16.4</a> (Preparação); RUÍNA é a regra <a class="xref" href="glossary.html#ruina">16.6.1</a>. O texto impresso foi mantido.</p>',
    );
    // The same rules in an invented game (no `source:`): nothing is printed, so the note speaks of the text as written.
    const invented = await check(await fixturesProject(['tree'], { 'content/tree/rules.yaml': erratum }));
    const inventedPage = String((await emitSite(invented.games, { base: '/', search: false })).get('tree/rules.html'));
    expect(inventedPage).toContain('<span class="erratum-label">Errata:</span> o texto diz RUÍNA, mas remete à regra');
    expect(inventedPage).toContain('O texto foi mantido como escrito.</p>');
  });
});
