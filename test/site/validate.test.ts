import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { isMovedPage } from '../../compiler/emit-site/moved-pages.ts';
import { FIXTURE_GAMES, fixtureManifest, fixturesSite, pagesOf } from './built.ts';

// html-validate's recommended rules, as they are, on every page of every fixture game's site (test/site/built.ts).
const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

describe('the built site: HTML', () => {
  it('every page validates (html-validate:recommended)', async () => {
    const problems: string[] = [];
    for (const [page, html] of pagesOf(await fixturesSite())) {
      const report = await validator.validateString(html, page);
      for (const r of report.results) for (const m of r.messages) problems.push(`${page}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect([...new Set(problems.map((p) => p.replace(/^[^ ]+ /, '')))].slice(0, 30)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('every page: lang, one h1, headings that never skip a level, the CSP, the search box, landmarks and a skip link', async () => {
    const problems: string[] = [];
    for (const [page, html] of pagesOf(await fixturesSite())) {
      // A page left at an old address only sends the reader on (navigation.test.ts checks it).
      if (isMovedPage(html)) continue;
      const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
      // A game's pages are in its locale, those under <game>/<locale>/ in that other locale it declares; the home and 404 pages in English.
      const game = FIXTURE_GAMES.map(fixtureManifest).find((m) => page.startsWith(`${m.id}/`));
      const folder = page.split('/')[1] ?? '';
      const locale = game?.locales?.includes(folder) ? folder : (game?.locale ?? 'en');
      if (lang !== locale) problems.push(`${page}: lang ${lang}`);
      const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      if (levels.filter((l) => l === 1).length !== 1 || levels[0] !== 1) problems.push(`${page}: h1s ${levels.join(',')}`);
      levels.forEach((l, i) => {
        if (i && l > levels[i - 1]! + 1) problems.push(`${page}: h${levels[i - 1]} then h${l}`);
      });
      if (!html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval';`))
        problems.push(`${page}: CSP`);
      if (!/<form role="search"[^>]*>\s*<label for="search-q">[^<]+<\/label>\s*<input type="search" id="search-q"/.test(html))
        problems.push(`${page}: search form`);
      // The status line is the live region (it says how many results); the results panel is not one.
      if (!/<p id="search-status" class="visually-hidden" role="status"><\/p>/.test(html) || /<div id="search-results"[^>]*aria-live/.test(html))
        problems.push(`${page}: live region`);
      for (const landmark of ['<header class="site">', '<main id="main"', '<footer class="site">', '<a class="skip" href="#main">'])
        if (!html.includes(landmark)) problems.push(`${page}: ${landmark}`);
    }
    expect(problems).toEqual([]);
  });

  it('interface words follow the game language', async () => {
    const files = await fixturesSite();
    expect(String(files.get('tree/rules.html'))).toContain('<label for="search-q">Buscar nas regras</label>');
    expect(String(files.get('tree/rules.html'))).toContain('Pular para o conteúdo');
    expect(String(files.get('duel/trophies.html'))).toContain('<label for="search-q">Search the rules</label>');
  });
});
