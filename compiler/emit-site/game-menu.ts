import { textOf } from '../text.ts';
import type { Game, MarkdownPage, Text } from '../model.ts';
import { collectionPage } from '../site-addresses.ts';
import type { Words } from './i18n.ts';
import type { NavGroup, PageLink } from './layout.ts';
import { markdownTitle } from './markdown.ts';
import { ownLang, pageLangOn, type SiteLanguage } from './translation.ts';

/**
 * A game's menu in one locale, and the titles it shows: the overview (and
 * the changes), the rules (the prose chapters, the numbered rules and the
 * glossary), the data (the other collections and the drafts).
 *
 * One entry per page, one page per entry, no two entries of one text and no
 * section without entries:
 * - a chapter that holds nothing but one collection of its own title
 *   (`# Icon List` and `::collection{name=icons}`) is that collection's
 *   page, in the chapter's place among the rules: a chapter page would only
 *   link to it, and the menu showed "Icon List" twice;
 * - a chapter with text of its own and a collection of the same title (the
 *   rulebook's "Final Scoring" and the scoring drawn from data) are one
 *   entry, the chapter: it links to the collection (with its marker, or a
 *   link added at its end), whose pages follow it in the reading order;
 * - the overview's entry reads as the game's name when a chapter or a
 *   collection is titled as it ("Overview");
 * - the drafts page exists only when the game has drafts or readings;
 * - two other entries that still read the same (two collections of one
 *   title) are told apart by their section's name.
 */
export interface GameMenu {
  /** The prose chapters drawn as pages, with their titles (their first heading, else their file's slug) and the collection of the same title they stand for. */
  chapters: Array<{ page: MarkdownPage; title: string; shows?: string }>;
  /** A collection's title in the reader's words. */
  titleOf: (collection: string) => string;
  /** The language of a page's title (by its address in the locale's folder) where it is not the page's. */
  titleLangs: Map<string, string | undefined>;
  /** The rules' entries; a collection's link carries its name. */
  ruleLinks: MenuLink[];
  dataLinks: MenuLink[];
  /** The overview's entry (and the pager's name for it). */
  homeLabel: string;
  /** Addresses (in the locale's folder) that no longer hold a page -> the page that took their place: a chapter that was only a collection's. */
  moved: Map<string, string>;
  nav: NavGroup[];
}

export interface MenuLink extends PageLink {
  /** The collection the page draws, when it is a collection's page. */
  collection?: string;
  /** A collection whose pages follow this chapter's in the reading order, reached through it (no entry of its own). */
  then?: string;
}

/** A chapter whose whole text, under its title, is one `::collection{name=...}` marker without filters: the collection it shows. */
export function onlyCollectionOf(page: MarkdownPage, game: Game): string | undefined {
  const rest = page.text.replace(/^#\s+.+$/m, '').trim();
  const name = /^::collection\{\s*name=(["']?)([A-Za-z0-9]+)\1\s*\}$/.exec(rest)?.[2];
  return name && game.collections.has(name) ? name : undefined;
}

export function gameMenu(game: Game, language: SiteLanguage, words: Words, options: { hasChanges: boolean; hasDrafts: boolean }): GameMenu {
  const m = game.manifest;
  const locale = language.locale;
  const gameName = textOf(m.name, locale);
  // A game's own words on this page: in the page's locale where the game's locale file translates them.
  const own = (t: Text | undefined) => language.word(textOf(t, locale));
  const roles = m.roles ?? {};
  // A collection without a title: a role's name in the reader's words (never the property name "glossary").
  const roleWords: Record<string, string> = { [roles.rules ?? '']: words.rules, [roles.glossary ?? '']: words.glossary, [roles.icons ?? '']: words.icons };
  const titleOf = (name: string) => own(game.collections.get(name)?.decl.title) || roleWords[name] || name;
  const titleLangs = new Map<string, string | undefined>(
    [...game.collections.values()].map((c) => [collectionPage(c.name), c.decl.title ? ownLang(textOf(c.decl.title, locale), language) : undefined] as const),
  );
  const collectionLink = (name: string): MenuLink => ({
    href: collectionPage(name),
    label: titleOf(name),
    lang: titleLangs.get(collectionPage(name)),
    collection: name,
  });

  const chapters: GameMenu['chapters'] = [];
  const moved = new Map<string, string>();
  const inRules = new Set<string>();
  const ruleLinks: MenuLink[] = [];
  const same = (a: string, b: string) => a.localeCompare(b, locale, { sensitivity: 'accent' }) === 0;
  const namesakeOf = (title: string) => [...game.collections.keys()].find((c) => !inRules.has(c) && same(titleOf(c), title));
  for (const page of game.pages) {
    const address = `rules/${page.slug}.html`;
    const title = markdownTitle(page.text) ?? page.slug;
    const shown = onlyCollectionOf(page, game);
    if (shown && !inRules.has(shown) && same(titleOf(shown), title)) {
      inRules.add(shown);
      moved.set(address, collectionPage(shown));
      ruleLinks.push(collectionLink(shown));
      continue;
    }
    const namesake = namesakeOf(title);
    if (namesake) inRules.add(namesake);
    chapters.push({ page, title, shows: namesake });
    // A prose chapter with no translation in this locale (rules/<locale>/) keeps its title's language.
    titleLangs.set(address, pageLangOn(page, language));
    ruleLinks.push({ href: address, label: title, lang: titleLangs.get(address), then: namesake });
  }
  for (const r of [roles.rules, roles.glossary]) if (r && game.collections.has(r) && !inRules.has(r)) ruleLinks.push(collectionLink(r));
  // A chapter's namesake collection (its cards, which the chapter links at its end) keeps its own entry among the data, told
  // apart by its section's name below: every page has one entry, and its entry is the one the menu marks on it.
  const namesakes = new Set(chapters.flatMap((c) => (c.shows ? [c.shows] : [])));
  const dataLinks = [...game.collections.keys()]
    .filter((c) => c !== roles.rules && c !== roles.glossary && (!inRules.has(c) || namesakes.has(c)))
    .map(collectionLink);

  const homeLabel = [...ruleLinks, ...dataLinks].some((l) => same(l.label, words.home)) ? gameName : words.home;
  const groups: NavGroup[] = [
    { label: gameName, items: [{ href: 'index.html', label: homeLabel }, ...(options.hasChanges ? [{ href: 'changes.html', label: words.changes }] : [])] },
    { label: words.rules, items: ruleLinks },
    { label: words.data, items: [...dataLinks, ...(options.hasDrafts ? [{ href: 'drafts.html', label: words.drafts }] : [])] },
  ];
  // Entries that still read the same are told apart by their section's name; the first keeps its words.
  const seen: string[] = [];
  for (const g of groups)
    for (const item of g.items) {
      if (seen.some((s) => same(s, item.label))) item.label = `${item.label} (${g.label})`;
      seen.push(item.label);
    }
  return { chapters, titleOf, titleLangs, ruleLinks, dataLinks, homeLabel, moved, nav: groups.filter((g) => g.items.length) };
}
