import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import type { SiteFiles } from '../../compiler/emit-site/site.ts';

/**
 * The reader's check that a translated page holds no unmarked text of the
 * original language: each text of a page's body with the language it is
 * read in (the nearest `lang`), and whether it stands inside a note that
 * says it is not translated yet. Parsed with rehype (the site's own HTML
 * parser), not with patterns, so nesting and entities are read as a browser
 * reads them.
 */

export interface PageText {
  text: string;
  /** The nearest `lang` around it (the page's own on <html>). */
  lang: string;
  /** Inside an element marked as not translated yet (`class="untranslated"`). */
  inNote: boolean;
}

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const SKIP = new Set(['script', 'style', 'template', 'head']);

/** Every non-empty text of a page's body, white space collapsed. */
export function pageTexts(html: string): PageText[] {
  const tree = unified().use(rehypeParse).parse(html) as unknown as HastNode;
  const out: PageText[] = [];
  const walk = (node: HastNode, lang: string, inNote: boolean): void => {
    if (node.type === 'text') {
      const text = (node.value ?? '').replace(/\s+/g, ' ').trim();
      if (text) out.push({ text, lang, inNote });
      return;
    }
    if (node.tagName && SKIP.has(node.tagName)) return;
    const own = node.properties?.lang;
    const classes = node.properties?.className;
    const note = inNote || (Array.isArray(classes) && classes.includes('untranslated'));
    for (const child of node.children ?? []) walk(child, typeof own === 'string' ? own : lang, note);
  };
  walk(tree, '', false);
  return out;
}

/** The pages of a site under a folder (`cangaco/`, `cangaco/pt-BR/`), the second kind left out of the first. */
export function pagesUnder(files: SiteFiles, folder: string, except?: string): Array<[string, string]> {
  return [...files].filter(
    (e): e is [string, string] => e[0].startsWith(folder) && (!except || !e[0].startsWith(except)) && e[0].endsWith('.html') && typeof e[1] === 'string',
  );
}

/**
 * English (or any `main`) text published unmarked on pages in `locale`: every
 * text of the main locale's pages read in that language (outside any element
 * that marks another) which a translated page shows as its own, outside a
 * `lang="<main>"` element and outside a not-translated-yet note. `same` lists
 * the texts that read the same in both languages (a game's name, Portuguese
 * card names the English pages do not mark).
 */
export function unmarkedOriginal(
  mainPages: ReadonlyArray<[string, string]>,
  translatedPages: ReadonlyArray<[string, string]>,
  main: string,
  same: ReadonlySet<string>,
): string[] {
  const original = new Set<string>();
  for (const [, html] of mainPages) for (const t of pageTexts(html)) if (t.lang === main && /\p{L}/u.test(t.text)) original.add(t.text);
  const out: string[] = [];
  for (const [rel, html] of translatedPages)
    for (const t of pageTexts(html)) if (t.lang !== main && !t.inNote && original.has(t.text) && !same.has(t.text)) out.push(`${rel}: ${t.text}`);
  return [...new Set(out)];
}

/** Words of English that no Portuguese sentence holds (not "for": "se a carta for" is Portuguese): a text with one of them, read as Portuguese, is English left unmarked. */
const ENGLISH_ONLY = [
  'the',
  'and',
  'with',
  'when',
  'of',
  'is',
  'are',
  'each',
  'this',
  'that',
  'from',
  'card',
  'cards',
  'player',
  'players',
  'marker',
  'markers',
  'points',
];
const ENGLISH_WORD = new RegExp(`(?:^|[^\\p{L}])(${ENGLISH_ONLY.join('|')})(?=$|[^\\p{L}])`, 'iu');

/** Texts of translated pages read in their page's language that hold an English-only word (whatever the English pages say). */
export function englishWordsUnmarked(pages: ReadonlyArray<[string, string]>, main: string, same: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [rel, html] of pages)
    for (const t of pageTexts(html)) if (t.lang !== main && !t.inNote && !same.has(t.text) && ENGLISH_WORD.test(t.text)) out.push(`${rel}: ${t.text}`);
  return [...new Set(out)];
}
