import { textOf } from '../text.ts';
import type { Game, MarkdownPage, Text } from '../model.ts';
import type { Words } from './i18n.ts';
import type { NavGroup, PageLink } from './layout.ts';
import { markdownTitle } from './markdown.ts';
import { ownLang, type SiteLanguage } from './translation.ts';

/**
 * A game's menu in one locale, and the titles it shows: the overview (and
 * the changes), the rules (the prose chapters, the numbered rules and the
 * glossary), the data (the other collections and the drafts).
 */
export interface GameMenu {
  /** The prose chapters with their titles (their first heading, else their file's slug). */
  chapters: Array<{ page: MarkdownPage; title: string }>;
  /** A collection's title in the reader's words. */
  titleOf: (collection: string) => string;
  /** The language of a page's title (relative to the locale's folder) where it is not the page's. */
  titleLangs: Map<string, string | undefined>;
  ruleLinks: PageLink[];
  dataLinks: PageLink[];
  nav: NavGroup[];
}

export function gameMenu(game: Game, language: SiteLanguage, words: Words, hasChanges: boolean): GameMenu {
  const m = game.manifest;
  const locale = language.locale;
  const gameName = textOf(m.name, locale);
  // A game's own words on this page: in the page's locale where the game's locale file translates them.
  const own = (t: Text | undefined) => language.word(textOf(t, locale));
  const chapters = game.pages.map((p) => ({ page: p, title: markdownTitle(p.text) ?? p.slug }));
  const roles = m.roles ?? {};
  // A collection without a title: a role's name in the reader's words (never the property name "glossary").
  const roleWords: Record<string, string> = { [roles.rules ?? '']: words.rules, [roles.glossary ?? '']: words.glossary, [roles.icons ?? '']: words.icons };
  const titleOf = (name: string) => own(game.collections.get(name)?.decl.title) || roleWords[name] || name;
  // The language of a page's title where it is not the page's: a prose chapter's (written in the main locale only), a collection title the locale file does not translate.
  const titleLangs = new Map<string, string | undefined>([
    ...chapters.map((p) => [`rules/${p.page.slug}.html`, language.folder ? m.locale : undefined] as const),
    ...[...game.collections.values()].map((c) => [`${c.name}.html`, c.decl.title ? ownLang(textOf(c.decl.title, locale), language) : undefined] as const),
  ]);
  const collectionLink = (name: string) => ({ href: `${name}.html`, label: titleOf(name), lang: titleLangs.get(`${name}.html`) });
  const ruleLinks = [
    ...chapters.map((p) => ({ href: `rules/${p.page.slug}.html`, label: p.title, lang: titleLangs.get(`rules/${p.page.slug}.html`) })),
    ...[roles.rules, roles.glossary].filter((r): r is string => !!r && game.collections.has(r)).map(collectionLink),
  ];
  const dataLinks = [...game.collections.keys()].filter((c) => c !== roles.rules && c !== roles.glossary).map(collectionLink);
  const nav: NavGroup[] = [
    { label: gameName, items: [{ href: 'index.html', label: words.home }, ...(hasChanges ? [{ href: 'changes.html', label: words.changes }] : [])] },
    ...(ruleLinks.length ? [{ label: words.rules, items: ruleLinks }] : []),
    { label: words.data, items: [...dataLinks, { href: 'drafts.html', label: words.drafts }] },
  ];
  return { chapters, titleOf, titleLangs, ruleLinks, dataLinks, nav };
}
