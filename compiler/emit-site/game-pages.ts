import { textOf } from '../text.ts';
import { isInvented, type CheckedGame, type Text } from '../model.ts';
import type { Release } from '../release/record.ts';
import { collectionPage } from '../site-addresses.ts';
import { changesHtml } from './changes.ts';
import { glossaryOf, readingsByEntry, type PageContext } from './context.ts';
import { collectionPages, planCollections } from './data-pages.ts';
import { draftsHtml, gameHome, readingsListHtml } from './entities.ts';
import { gameMenu, type MenuLink } from './game-menu.ts';
import { wordsFor } from './i18n.ts';
import { languageName, outlineOf, page, stampOf, type PageData } from './layout.ts';
import type { CollectionPlan } from './pages.ts';
import { rulesChapterHtml } from './rules-pages.ts';
import { siteIndexOf } from './site-index.ts';
import { movedPageHtml, movedPages } from './moved-pages.ts';
import { queryFiles } from './query-data.ts';
import { MEMO_SESSION, type RenderMemo } from './render-memo.ts';
import { gameInLocale, siteLanguages, type SiteLanguage } from './translation.ts';

/** A page of a game before the layout frames it. */
export interface GamePage {
  /** Relative to the locale's folder of the game. */
  rel: string;
  title: string;
  body: string;
  /** The navigation group it stands in (its label tells two pages of one title apart). */
  group: string;
  /**
   * No "On this page": a page of a split collection has its page list and
   * filters instead, and 200 entry links ahead of them were 200 more stops
   * for a keyboard and a screen reader before the first card.
   */
  noOutline?: boolean;
  /**
   * The body in the pieces it was joined from, when a piece may be the very string of the last render (a page's
   * entries kept by `serve`, render-memo.ts entriesHtml): the page is then known unchanged piece by piece.
   */
  parts?: readonly string[];
}

/** Every page of one game, in each locale it declares (see translation.ts): the main one at `<game>/`, the others under `<game>/<locale>/`. */
export function renderGame(g: CheckedGame, releases: readonly Release[] = [], version?: string, memo?: RenderMemo): Map<string, string> {
  const languages = siteLanguages(g);
  const out = new Map<string, string>();
  for (const language of languages)
    for (const [p, c] of renderGameIn(gameInLocale(g, language.locale), language, languages, releases, version, memo, undefined)) out.set(p, c);
  return out;
}

/**
 * The game's files as `renderGame` makes them, less its field-query data (query-data.ts), which `queryData` makes
 * when called: `rulebook serve` writes the pages a save changed first and makes the query data after, beside the
 * search index (at 10,000 cards it was a third of a save's render). Call `queryData` before the memo's next render.
 */
export function renderGamePagesFirst(
  g: CheckedGame,
  releases: readonly Release[],
  version: string | undefined,
  memo: RenderMemo,
): { files: Map<string, string>; queryData: () => Map<string, string> } {
  const languages = siteLanguages(g);
  const files = new Map<string, string>();
  const later: Array<() => Map<string, string>> = [];
  for (const language of languages)
    for (const [p, c] of renderGameIn(gameInLocale(g, language.locale), language, languages, releases, version, memo, later)) files.set(p, c);
  return { files, queryData: () => new Map(later.flatMap((make) => [...make()])) };
}

/**
 * A context for drawing the game's pieces outside any page, in its main
 * locale (rulebook print draws faces with it: print/print-cards.ts). The
 * same parts as a page's: words, drafts, readings, glossary and index.
 */
export function mainLocaleContext(g: CheckedGame): PageContext {
  const m = g.linked.game.manifest;
  const language = siteLanguages(g).find((l) => l.locale === m.locale);
  return {
    game: g,
    words: wordsFor(m.locale, isInvented(m)),
    locale: m.locale,
    toGame: '',
    drafts: new Map(g.linked.placeholders.map((p) => [`${p.collection}|${p.id}|${p.path}`, p])),
    readings: readingsByEntry(g.linked.readings),
    glossary: glossaryOf(g),
    ids: { next: 0 },
    index: siteIndexOf(g),
    ...(language ? { language } : {}),
  };
}

/** Every page of one game in one locale: its overview, its Markdown rules, one page per collection, its drafts. */
function renderGameIn(
  g: CheckedGame,
  language: SiteLanguage,
  languages: readonly SiteLanguage[],
  releases: readonly Release[],
  version: string | undefined,
  memo: RenderMemo | undefined,
  /** Where to leave the making of the field-query data for later (renderGamePagesFirst); undefined: made here. */
  later: Array<() => Map<string, string>> | undefined,
): Map<string, string> {
  const game = g.linked.game;
  const m = game.manifest;
  const locale = language.locale;
  const words = wordsFor(locale, isInvented(m));
  const gameName = textOf(m.name, locale);
  // A game's own words on this page: in the page's locale where the game's locale file translates them.
  const own = (t: Text | undefined) => language.word(textOf(t, locale));
  const drafts = new Map(g.linked.placeholders.map((p) => [`${p.collection}|${p.id}|${p.path}`, p]));
  const readings = readingsByEntry(g.linked.readings);
  const glossary = glossaryOf(g);
  const hasDrafts = g.linked.placeholders.length + g.linked.readings.length > 0;
  const menu = gameMenu(game, language, words, { hasChanges: releases.length > 0, hasDrafts });
  const { chapters, titleOf, titleLangs, ruleLinks, dataLinks, nav } = menu;
  const plans = new Map<string, CollectionPlan>();
  // The index reads the plans as it is asked, so it is built once, before them.
  const index = siteIndexOf(g, plans);
  const ctxAt = (toGame: string): PageContext => ({ game: g, words, locale, toGame, drafts, readings, glossary, ids: { next: 0 }, index, language });
  planCollections(game, plans, titleOf, ctxAt);
  // `serve` keeps each entry's drawing between saves (render-memo.ts); it needs the plans (where each entry is drawn).
  const session = memo?.session(game, locale, index, readings);
  if (session) index.memo.set(MEMO_SESSION, session);

  // Pages of this locale live in its folder inside the game's (cangaco/pt-BR/rules.html).
  const home = `${m.id}/${language.folder}`;
  const extra = new Map<string, string>();
  const made: GamePage[] = [];
  const add = (p: GamePage) => made.push({ ...p, rel: home + p.rel });
  add({ rel: 'index.html', title: gameName, body: gameHome(ctxAt(''), [...ruleLinks, ...dataLinks]), group: gameName });
  for (const { page: p, title, shows } of chapters)
    add({ rel: `rules/${p.slug}.html`, title, body: rulesChapterHtml(p, ctxAt('../'), shows), group: words.rules });
  for (const c of game.collections.values()) {
    const { pages, files } = collectionPages(c, plans.get(c.name), { titleOf, own, ctxAt });
    for (const [f, content] of files) extra.set(home + f, content);
    pages.forEach(add);
  }
  // Field queries: the data the browser answers them from (query-data.ts). Made later, the render's memo session is
  // set again for the time it takes (its entries' texts are kept between saves as their drawings are).
  const queryData = () => new Map([...queryFiles(plans, ctxAt(''), titleOf, languages)].map(([f, content]) => [home + f, content]));
  if (later)
    later.push(() => {
      if (session) index.memo.set(MEMO_SESSION, session);
      try {
        return queryData();
      } finally {
        index.memo.delete(MEMO_SESSION);
      }
    });
  else for (const [p, content] of queryData()) extra.set(p, content);
  // The drafts page lists notes, not rules: kept out of search, where it drowned the entries it annotates.
  if (hasDrafts)
    add({
      rel: 'drafts.html',
      title: words.drafts,
      body: `<div data-pagefind-ignore="all">${draftsHtml(g.linked.placeholders, ctxAt('')) + readingsListHtml(g.linked.readings, ctxAt(''))}</div>`,
      group: words.data,
    });
  if (releases.length) add({ rel: 'changes.html', title: words.changes, body: changesHtml(releases, ctxAt('')), group: gameName });
  // Every entry is drawn. The memo keeps this render's index for the next one, and the session holds the render
  // before it: left in the index, each save's render kept every earlier one alive (16 MB a save at 30,000 cards).
  index.memo.delete(MEMO_SESSION);

  // The rulebook's order: the overview, the rules pages in file order, the numbered rules and glossary, the collections as the manifest lists them, the drafts; then the changes.
  // A split collection's pages follow its first page, in their own order.
  const filesOf = (collection: string) => plans.get(collection)?.pages.map((p) => p.file) ?? [collectionPage(collection)];
  const pagesOf = (l: MenuLink) => [...(l.collection ? filesOf(l.collection) : [l.href]), ...(l.then ? filesOf(l.then) : [])];
  const order = ['index.html', ...ruleLinks.flatMap(pagesOf), ...dataLinks.flatMap(pagesOf), 'drafts.html', 'changes.html'].map((h) => home + h);
  // A chapter's namesake collection follows the chapter (its first place in the order), though the menu lists it among the data too.
  const rank = new Map<string, number>();
  for (const rel of order) if (!rank.has(rel)) rank.set(rel, rank.size);
  made.sort((a, b) => (rank.get(a.rel) ?? -1) - (rank.get(b.rel) ?? -1));
  // Two pages of one title (a chapter and the collection of its title, which it links) differ in the window title by their group.
  const titleCount = new Map<string, number>();
  for (const p of made) titleCount.set(p.title, (titleCount.get(p.title) ?? 0) + 1);
  const short = gameName.split(' — ')[0];

  const out = new Map<string, string>(extra);
  // The old addresses still answer, each with a page that sends the reader on.
  for (const [rel, c] of movedPages(
    game,
    plans,
    menu.moved,
    [...made.map((p) => p.rel), ...extra.keys()].map((f) => f.slice(home.length)),
  )) {
    const target = made.find((p) => p.rel === home + c);
    const depth = (home + rel).split('/').length - 1;
    out.set(
      home + rel,
      movedPageHtml({
        lang: locale,
        href: '../'.repeat(rel.split('/').length - 1) + c,
        title: target?.title ?? c,
        titleLang: titleLangs.get(c),
        gameName,
        root: '../'.repeat(depth),
        movedTo: words.movedTo,
      }),
    );
  }
  // The page's words, part of every page's frame (render-memo.ts framed), are written out once.
  const wordsKey = session ? JSON.stringify(words) : '';
  made.forEach((p, i) => {
    const depth = p.rel.split('/').length - 1;
    // From the page to its locale's folder, and to the game's folder (where the main locale's pages are).
    const inGame = p.rel.slice(home.length);
    const toGame = '../'.repeat(inGame.split('/').length - 1);
    const toGameFolder = '../'.repeat(depth - 1);
    const link = (q: GamePage | undefined, rel: 'prev' | 'next') =>
      q
        ? [
            {
              rel,
              dir: rel === 'prev' ? words.previous : words.next,
              href: toGame + q.rel.slice(home.length),
              label: q.rel === `${home}index.html` ? menu.homeLabel : q.title,
              lang: titleLangs.get(q.rel.slice(home.length)),
            },
          ]
        : [];
    const overview = p.rel === `${home}index.html`;
    // A page in another locale than the game's names its language, so its title is not the main locale page's.
    const inLanguage = language.folder ? languageName(locale) : '';
    const headTitle = overview
      ? [gameName, inLanguage, 'rulebook'].filter(Boolean).join(' · ')
      : [p.title, (titleCount.get(p.title) ?? 0) > 1 ? p.group : '', short, inLanguage, 'rulebook'].filter(Boolean).join(' · ');
    const data: Omit<PageData, 'outline'> = {
      lang: locale,
      title: p.title,
      titleLang: titleLangs.get(inGame),
      headTitle,
      gameName,
      gameId: m.id,
      root: '../'.repeat(depth),
      gameRoot: toGame,
      t: words,
      body: p.body,
      nav: nav.map((group) => ({ ...group, items: group.items.map((n) => ({ ...n, href: toGame + n.href, current: home + n.href === p.rel })) })),
      // The same page in each locale of the game: hreflang alternates in the head, and links a reader can follow.
      alternates:
        languages.length > 1
          ? languages.map((l) => ({ lang: l.locale, label: languageName(l.locale), href: toGameFolder + l.folder + inGame, current: l.locale === locale }))
          : undefined,
      translated: language.folder ? words.translationNote : undefined,
      pager: [...link(made[i - 1], 'prev'), ...link(made[i + 1], 'next')],
      stamp: stampOf(releases, version),
    };
    const framed = () => page({ ...data, outline: p.noOutline ? undefined : outlineOf(p.body) });
    // Under `serve`, a page made of what the last render made, in the same frame, is the last render's page
    // (render-memo.ts framed): the save then finds it unchanged at once, where comparing its text took longer than drawing it.
    out.set(
      p.rel,
      session ? session.framed(p.rel, p.parts ?? [p.body], wordsKey + JSON.stringify({ ...data, t: undefined, body: undefined }), framed) : framed(),
    );
  });
  return out;
}
