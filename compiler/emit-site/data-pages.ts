import type { Collection, Game, Text } from '../model.ts';
import { collectionPage } from '../site-addresses.ts';
import { esc, type PageContext } from './context.ts';
import { collectionHtml } from './entities.ts';
import { entriesFile, entriesJson, filterFieldsOf, filtersHtml, pagesNavHtml, valueLabel } from './collection-pages.ts';
import type { GamePage } from './game-pages.ts';
import { labelsOf } from './labels.ts';
import { isPaged, planCollection, type CollectionPlan } from './pages.ts';
import { memoSessionOf } from './render-memo.ts';
import { glossaryHtml, rulesTreeHtml } from './rules-tree.ts';
import { sortFieldsOf } from './sort-fields.ts';

/**
 * The pages of a game's collections: the numbered rules and the glossary
 * drawn as a tree of rules, every other collection as its entries, on one
 * page or split over several (pages.ts).
 */

/**
 * Plans the pages of every collection drawn as entries, into `plans`: a link
 * to an entry needs the page that draws it, so they are all planned before
 * any page is drawn.
 */
export function planCollections(
  game: Game,
  plans: Map<string, CollectionPlan>,
  titleOf: (collection: string) => string,
  ctxAt: (toGame: string) => PageContext,
): void {
  const roles = game.manifest.roles ?? {};
  for (const c of game.collections.values()) {
    if (c.name === roles.rules || c.name === roles.glossary) continue;
    const ctx = ctxAt('');
    const at = c.decl.pageBy ? labelsOf(game, c, ctx.locale).at(`/${c.decl.pageBy}`) : undefined;
    plans.set(
      c.name,
      planCollection(c, {
        // A field the schema does not have (a warning of the check) leaves the pages numbered.
        by: at?.node ? c.decl.pageBy : undefined,
        title: titleOf(c.name),
        // A value as the filters name it.
        valueLabel: (v) => valueLabel(v, at, ctx),
        order: at?.choices,
        none: '—',
      }),
    );
  }
}

/** What the collection pages need of the game's pages in one locale (game-pages.ts). */
export interface CollectionPageView {
  titleOf: (collection: string) => string;
  /** A game's own words in the page's locale. */
  own: (t: Text | undefined) => string;
  ctxAt: (toGame: string) => PageContext;
}

/** One collection's pages (relative to the locale's folder), and the data files they read (a split collection's entry list). */
export function collectionPages(c: Collection, plan: CollectionPlan | undefined, view: CollectionPageView): { pages: GamePage[]; files: Map<string, string> } {
  const { titleOf, own, ctxAt } = view;
  const ctx0 = ctxAt('');
  const words = ctx0.words;
  const roles = ctx0.game.linked.game.manifest.roles ?? {};
  const intro = c.decl.description ? `<p>${esc(own(c.decl.description))}</p>` : '';
  const files = new Map<string, string>();
  if (!plan) {
    const body = intro + (c.name === roles.rules ? rulesTreeHtml(c, ctx0) : glossaryHtml(c, ctx0));
    return { pages: [{ rel: collectionPage(c.name), title: titleOf(c.name), body, group: words.rules }], files };
  }
  // Under `serve`, what is made of the whole collection is the last render's while a save changed none of it (render-memo.ts).
  const session = memoSessionOf(ctx0);
  const whole = <T>(part: string, make: () => T): T => (session ? session.collectionPart(c, part, make) : make());
  const fields = whole('filters', () => filterFieldsOf(c, ctx0));
  const sorts = whole('sorts', () => sortFieldsOf(c, ctx0));
  if (!isPaged(plan)) {
    // One page: its filters and sort read the entry list from the form itself (collection-pages.ts).
    const tools = whole('form', () => filtersHtml(c, fields, titleOf(c.name), ctx0, sorts, entriesJson(plan, fields, ctx0, sorts)));
    const entries = collectionHtml(c, ctx0, 2);
    // The body by `+` (a rope, made at once) rather than a join (a copy): under `serve` most pages are never read again.
    const page = { rel: collectionPage(c.name), title: titleOf(c.name), body: intro + tools + entries, parts: [intro, tools, entries], group: words.data };
    return { pages: [page], files };
  }
  // A split collection: each page has the page list and the filters above its entries; the entry list beside them.
  files.set(
    entriesFile(c),
    whole('entries', () => entriesJson(plan, fields, ctx0, sorts)),
  );
  const form = whole('form', () => filtersHtml(c, fields, titleOf(c.name), ctx0, sorts));
  const pages = plan.pages.map((p, i) => {
    const ctx = ctxAt('');
    const furniture = whole(`pages ${i}`, () => pagesNavHtml(c, plan, i, titleOf(c.name), ctx)) + form;
    const entries = collectionHtml(c, ctx, 2, p.entries);
    return { rel: p.file, title: p.label, body: intro + furniture + entries, parts: [intro, furniture, entries], group: words.data, noOutline: true };
  });
  return { pages, files };
}
