import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { collectionPage, collectionSlug } from '../../compiler/site-addresses.ts';
import { isMovedPage } from '../../compiler/emit-site/moved-pages.ts';
import { renderSite, type SiteFiles } from '../../compiler/emit-site/site.ts';
import { check } from '../../compiler/pipeline.ts';
import { fixtureProject, ROOT, runCli } from '../helpers.ts';
import { brokenLinks, decodeEntities, fixturesSite, pagefindFragments, pagesOf, siteOf } from './built.ts';

/**
 * The menu of a game's pages and the addresses of its pages (issue #19):
 * one entry per page and no two of one text, no empty section, addresses in
 * lower-case words and hyphens, and the old addresses still answering.
 */

const BASE = 'https://rules.example.org/site/';

/** The bundled games' site (content/), without search: what a reader of the shipped rulebooks sees. */
let bundled: Promise<SiteFiles> | undefined;
function bundledSite(): Promise<SiteFiles> {
  bundled ??= check(ROOT).then((r) => renderSite(r.games, { base: BASE }));
  return bundled;
}

/** A game made by `rulebook init`, as a designer starts one; `edit` may change its files before the build. */
async function initSite(edit?: (project: string) => Promise<void>): Promise<SiteFiles> {
  const project = path.join(await mkdtemp(path.join(tmpdir(), 'rulebook-nav-')), 'my-game');
  const made = await runCli(['init', project]);
  if (made.code !== 0) throw new Error(`init failed: ${made.err}`);
  if (edit) await edit(project);
  return siteOf(project, { base: BASE, search: false });
}

interface MenuGroup {
  label: string;
  items: Array<{ href: string; label: string }>;
}

/** The side menu of a page, as a reader sees it: its sections and their entries. */
function menuOf(html: string): MenuGroup[] {
  const nav = /<nav class="side" id="side-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<p class="group">([\s\S]*?)<\/p>\s*<ul>([\s\S]*?)<\/ul>/g)].map((g) => ({
    label: decodeEntities(g[1]!.trim()),
    items: [...g[2]!.matchAll(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((a) => ({ href: decodeEntities(a[1]!), label: decodeEntities(a[2]!.trim()) })),
  }));
}

/** Every problem of the menus on a site's game pages: a section without entries, two entries of one text, two to one page. */
function menuProblems(files: SiteFiles): string[] {
  const problems: string[] = [];
  let menus = 0;
  for (const [page, html] of pagesOf(files)) {
    if (isMovedPage(html)) continue;
    const groups = menuOf(html);
    if (!groups.length) continue;
    menus++;
    const labels = new Map<string, string>();
    const targets = new Map<string, string>();
    for (const g of groups) {
      if (!g.items.length) problems.push(`${page}: the section "${g.label}" has no entry`);
      for (const item of g.items) {
        const label = item.label.toLocaleLowerCase();
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(page), item.href));
        if (labels.has(label)) problems.push(`${page}: "${item.label}" twice in the menu (${labels.get(label)} and ${target})`);
        if (targets.has(target)) problems.push(`${page}: ${target} twice in the menu ("${targets.get(target)}" and "${item.label}")`);
        labels.set(label, target);
        targets.set(target, item.label);
      }
    }
  }
  if (!menus) problems.push('no page with a menu: the check saw nothing');
  return problems;
}

/** The pages of a site whose addresses are not lower-case words and hyphens (a split collection's page adds `.<value>` or `.<n>`; a locale's folder is its language tag). */
function unreadableAddresses(files: SiteFiles, locales: readonly string[]): string[] {
  const word = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  return pagesOf(files)
    .filter(([p, html]) => p !== '404.html' && !isMovedPage(html))
    .map(([p]) => p)
    .filter((p) => {
      const parts = p.replace(/\.html$/, '').split('/');
      return !parts.every((part, i) => (i === 1 && locales.includes(part)) || part.split('.').every((w) => word.test(w)));
    });
}

/** Links that do not resolve (the 404 page's links start from the base path, which a site in memory does not have). */
function linkProblems(files: SiteFiles): string[] {
  return brokenLinks(files).broken.filter((b) => !b.startsWith('404.html: '));
}

/** Where a moved page sends the reader: its refresh, its canonical link and its visible link, resolved from its address. */
function movedTargets(page: string, html: string): string[] {
  const resolve = (href: string) => path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeEntities(href)));
  return [
    /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(html)?.[1],
    /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1],
    /<main>[\s\S]*?<a href="([^"]+)"/.exec(html)?.[1],
  ].map((h) => (h === undefined ? '(missing)' : resolve(h)));
}

describe('the menu', () => {
  it('on the bundled games: one entry per page, no two of one text, no empty section', async () => {
    const files = await bundledSite();
    expect(menuProblems(files)).toEqual([]);
    // The duplicates the issue saw are gone: each of these reads once in Cangaceiros' menu.
    const menu = menuOf(String(files.get('cangaceiros/index.html')));
    const labels = menu.flatMap((g) => g.items.map((i) => i.label));
    for (const t of ['Chief Cangaceiros Cards', 'Icon List', 'End of the Game', 'Final Scoring'])
      expect(
        labels.filter((l) => l === t),
        t,
      ).toHaveLength(1);
    // A chapter that only showed its collection is that collection's page, in the rules.
    const rules = menu.find((g) => g.label === 'Rules')!.items;
    expect(rules).toContainEqual({ href: 'chiefs.html', label: 'Chief Cangaceiros Cards' });
    expect(rules).toContainEqual({ href: 'icons.html', label: 'Icon List' });
  });

  it('a chapter with text of its own and a collection of its title: each its own entry, the chapter linking to the collection that follows it', async () => {
    const files = await bundledSite();
    const chapter = String(files.get('cangaceiros/rules/final-scoring.html'));
    expect(chapter).toMatch(/<div class="collection-link" data-pagefind-ignore><p><a href="\.\.\/scoring\.html">Final Scoring<\/a>/);
    expect(/<a rel="next" href="([^"]+)"/.exec(chapter)?.[1]).toBe('../scoring.html');
    // Every page has its entry (the one the menu marks on it): the collection among the data, its label told apart by the section's name.
    const items = menuOf(chapter).flatMap((g) => g.items);
    expect(items.filter((i) => i.href === '../scoring.html')).toEqual([{ href: '../scoring.html', label: 'Final Scoring (Cards and data)' }]);
    expect(items.filter((i) => i.href === 'final-scoring.html' || i.href === '../rules/final-scoring.html').map((i) => i.label)).toEqual(['Final Scoring']);
    expect(items.some((i) => i.href === '../game-end.html')).toBe(true);
    // The collection's page stays, told apart from the chapter in the window title.
    expect(String(files.get('cangaceiros/scoring.html'))).toContain('<title>Final Scoring · Cards and data · Cangaceiros · rulebook</title>');
  });

  it('on the fixture games: the same, and a chapter titled "Overview" leaves the overview\'s entry the game\'s name', async () => {
    const files = await fixturesSite();
    expect(menuProblems(files)).toEqual([]);
    const first = menuOf(String(files.get('duel/index.html')))[0]!;
    expect(first.items[0]).toEqual({ href: 'index.html', label: 'Lantern Duel' });
    expect(menuOf(String(files.get('duel/index.html')))[1]!.items).toContainEqual({ href: 'rules/overview.html', label: 'Overview' });
  });

  it('on a designer\'s new game (init): the same; without drafts, no "Draft values" page nor entry, and no empty section', async () => {
    const files = await initSite();
    expect(menuProblems(files)).toEqual([]);
    expect(files.has('my-game/drafts.html')).toBe(true);
    const decided = await initSite(async (project) => {
      for (const [file, from, to] of [
        ['goods.yaml', '{ placeholder: 4, note: "To decide: 4 or 5 coins, after the next play-test." }', '4'],
        ['contracts.yaml', '{ placeholder: 3, note: "To decide: 3 points a Spice card may be too many." }', '3'],
      ] as const) {
        const at = path.join(project, 'content', 'my-game', file);
        const text = await readFile(at, 'utf8');
        if (!text.includes(from)) throw new Error(`${file} holds no ${from}`);
        await writeFile(at, text.replace(from, to));
      }
    });
    expect(menuProblems(decided)).toEqual([]);
    expect(decided.has('my-game/drafts.html')).toBe(false);
    const labels = menuOf(String(decided.get('my-game/index.html'))).flatMap((g) => g.items.map((i) => i.label));
    expect(labels).not.toContain('Draft values');
    expect(labels).toEqual(expect.arrayContaining(['Overview', 'How to play', 'Goods', 'Contracts']));
    expect(linkProblems(decided)).toEqual([]);
  });
});

describe('page addresses', () => {
  it('every page address is lower-case words and hyphens, on the bundled games, the fixtures and a new game', async () => {
    expect(unreadableAddresses(await bundledSite(), ['pt-BR'])).toEqual([]);
    expect(unreadableAddresses(await fixturesSite(), ['pt-BR', 'fr', 'en'])).toEqual([]);
    expect(unreadableAddresses(await initSite(), [])).toEqual([]);
    // The pages the issue named by their code.
    const files = await bundledSite();
    for (const p of ['cangaceiros/action-cards.html', 'cangaceiros/life-goal-costs.html', 'root/setup-steps.html'])
      expect(isMovedPage(files.get(p)), p).toBe(false);
  });

  it("every old address of the bundled games answers: a collection's ID page and every chapter, each moved one sending the reader to its new page", async () => {
    const files = await bundledSite();
    let moved = 0;
    for (const game of ['cangaceiros', 'cangaco', 'root']) {
      const manifest = parse(await readFile(path.join(ROOT, 'content', game, 'game.yaml'), 'utf8')) as {
        collections: Record<string, unknown>;
        locales?: string[];
      };
      const folder = path.join(ROOT, 'content', game, 'rules');
      const chapters = existsSync(folder) ? readdirSync(folder, { withFileTypes: true }).filter((d) => d.name.endsWith('.md')) : [];
      const old = [
        ...Object.keys(manifest.collections).map((c) => `${game}/${c}.html`),
        ...chapters.map((d) => `${game}/rules/${d.name.replace(/^\d+-/, '').replace(/\.md$/, '')}.html`),
      ];
      for (const page of old) {
        const html = files.get(page);
        expect(html, page).toBeDefined();
        if (!isMovedPage(html)) continue;
        moved++;
        const [refresh, canonical, link] = movedTargets(page, String(html));
        expect([canonical, link], page).toEqual([refresh, refresh]);
        expect(isMovedPage(files.get(refresh!)), `${page} -> ${refresh}`).toBe(false);
        expect(String(files.get(refresh!)), `${page} -> ${refresh}`).toContain('<h1');
        expect(String(html)).toContain('<meta name="robots" content="noindex">');
        expect(String(html)).toMatch(/<script src="(\.\.\/)+moved\.js"><\/script>/);
      }
      for (const c of Object.keys(manifest.collections)) expect(files.has(`${game}/${collectionPage(c)}`), c).toBe(true);
    }
    // Cangaceiros' nine camelCase collections (actionCards … gameEnd), Root's setupSteps, and the two chapters that became their collection's page.
    expect(moved).toBe(12);
    expect(movedTargets('cangaceiros/actionCards.html', String(files.get('cangaceiros/actionCards.html')))[0]).toBe('cangaceiros/action-cards.html');
    expect(movedTargets('cangaceiros/rules/icon-list.html', String(files.get('cangaceiros/rules/icon-list.html')))[0]).toBe('cangaceiros/icons.html');
    expect(linkProblems(files)).toEqual([]);
  });

  it("a moved page validates (html-validate:recommended), in its game's language, with the CSP", async () => {
    const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
    const moved = pagesOf(await bundledSite()).filter(([, html]) => isMovedPage(html));
    expect(moved.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [page, html] of moved) {
      const report = await validator.validateString(html, page);
      for (const r of report.results) for (const m of r.messages) problems.push(`${page}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
      if (!html.startsWith('<!DOCTYPE html>\n<html lang="')) problems.push(`${page}: lang`);
      if (!html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'self';`)) problems.push(`${page}: CSP`);
    }
    expect(problems).toEqual([]);
  });

  it('the sitemap lists the new addresses, never a moved page; links within the site use the new addresses', async () => {
    const files = await bundledSite();
    const sitemap = String(files.get('sitemap.xml'));
    expect(sitemap).toContain(`<loc>${BASE}cangaceiros/action-cards.html</loc>`);
    expect(sitemap).toContain(`<loc>${BASE}root/setup-steps.html</loc>`);
    expect(sitemap).not.toContain('actionCards.html');
    expect(sitemap).not.toContain('setupSteps.html');
    expect(sitemap).not.toContain('rules/icon-list.html');
    for (const [page, html] of pagesOf(files)) {
      if (isMovedPage(html)) continue;
      expect(html, page).not.toMatch(/href="[^"]*(actionCards|lifeGoalCosts|setupSteps|volantesAttack)\.html/);
    }
  });

  it('a moved page is out of the search index, and the search finds the collection at its new address', async () => {
    const root = await fixtureProject('duel', {
      'content/duel/game.yaml': (t) => t.replace('collection: trophies', 'collection: trophyCards').replace('  trophies:\n', '  trophyCards:\n'),
    });
    const files = await siteOf(root, { base: BASE });
    expect(isMovedPage(files.get('duel/trophyCards.html'))).toBe(true);
    expect(isMovedPage(files.get('duel/trophy-cards.html'))).toBe(false);
    const urls = pagefindFragments(files).map((f) => f.url);
    expect(urls).toContain('/duel/trophy-cards.html');
    expect(urls.filter((u) => /trophyCards/.test(u))).toEqual([]);
    const names = [...files]
      .filter(([p]) => p.startsWith('pagefind/') && p.endsWith('.json'))
      .map(([, c]) => (typeof c === 'string' ? c : new TextDecoder().decode(c)));
    expect(names.join('\n')).not.toContain('trophyCards.html');
    expect(linkProblems(files)).toEqual([]);
  });

  it("a collection whose address is another's, or one of the site's own pages, is an error at its name in game.yaml", async () => {
    const manifestOf = async (root: string) => readFile(path.join(root, 'content/duel/game.yaml'), 'utf8');
    const lineOf = (text: string, key: string) => text.split('\n').findIndex((l) => l === `  ${key}:`) + 1;

    const drafts = await fixtureProject('duel', {
      'content/duel/game.yaml': (t) => t.replace('collection: trophies', 'collection: drafts').replace('  trophies:\n', '  drafts:\n'),
    });
    const a = await check(drafts);
    const taken = a.bag.sorted().filter((d) => d.ruleId === 'page-address-taken');
    expect(taken.map((d) => [d.severity, d.file, d.place?.start.line, d.place?.start.column])).toEqual([
      ['error', 'content/duel/game.yaml', lineOf(await manifestOf(drafts), 'drafts'), 3],
    ]);
    expect(taken[0]!.message).toBe(
      'collection "drafts" would have the page drafts.html, which is already a page the site makes for every game: rename one of them',
    );

    const twins = await fixtureProject('duel', {
      'content/duel/game.yaml': (t) =>
        t.replace('  trophies:\n', '  trophyCards:\n    file: trophies.yaml\n    schema: duel/trophy.schema.json\n    type: TrophyCardAgain\n  trophyCARDS:\n'),
    });
    const b = await check(twins);
    const clash = b.bag.sorted().filter((d) => d.ruleId === 'page-address-taken');
    expect(clash.map((d) => [d.file, d.place?.start.line, d.message])).toEqual([
      [
        'content/duel/game.yaml',
        lineOf(await manifestOf(twins), 'trophyCARDS'),
        `collection "trophyCARDS" would have the page ${collectionSlug('trophyCARDS')}.html, which is already collection "trophyCards"'s page: rename one of them`,
      ],
    ]);
  });
});
