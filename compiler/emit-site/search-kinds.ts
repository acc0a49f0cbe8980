import { wordsFor } from './i18n.ts';

/**
 * The kind of entry a page holds, for the search box's kind menu: a key the
 * same in every language, and the page's own words for it.
 *
 * Every Markdown rules page and every page of numbered rules of every game is
 * one kind, `rules` ("Rules" on an English page, "Regras" on a Portuguese one). A collection is one kind in
 * all its locales and all its pages, keyed by its game and its address
 * (`cangaco/cards` for cangaco/cards.html, cangaco/pt-BR/cards.html and a
 * split collection's cards.2.html), and labelled by its title in each
 * locale ("Cangaço cards", "Cartas de Cangaço"). The menu used to list each
 * title of each language as a kind of its own: 35 entries mixing "Rules"
 * and "Regras".
 *
 * A game's overview is no kind of entry (a chosen kind leaves it out), nor is
 * a page outside a game (the home page).
 */
export interface Kind {
  key: string;
  label: string;
  /** Whether the page is in its game's main locale (not in a locale's folder), whose label stands in for a language that has none. */
  main: boolean;
}

const LOCALE_FOLDER = /^[a-z]{2,3}(?:-[A-Za-z0-9]+)*$/;

export function kindOf(rel: string, html: string): Kind | undefined {
  const parts = rel.split('/');
  if (parts.length < 2) return undefined;
  const game = parts[0]!;
  const inLocale = parts.length > 2 && LOCALE_FOLDER.test(parts[1]!) && parts[1] !== 'rules';
  const inGame = parts.slice(inLocale ? 2 : 1);
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en';
  // A Markdown rules page, or the page of numbered rules (a collection whose entries are drawn as rules: Root's "Lei de Root").
  const rules = (inGame[0] === 'rules' && inGame.length > 1) || /<section class="rule" data-number=/.test(html);
  if (rules) return { key: 'rules', label: wordsFor(lang).rules, main: !inLocale };
  if (inGame.length !== 1 || inGame[0] === 'index.html') return undefined;
  const slug = /^([^.]+)(?:\.\d+)?\.html$/.exec(inGame[0]!)?.[1];
  if (!slug) return undefined;
  // A page of a split collection ("Cards 201–400") is of its collection's kind ("Cards"), which its page list names.
  const title = /data-collection-kind="([^"]*)"/.exec(html)?.[1];
  const label = title !== undefined ? decode(title) : headingText(html);
  return { key: `${game}/${slug}`, label, main: !inLocale };
}

/** Each kind's label in each language whose pages name it. */
export class KindLabels {
  private readonly labels = new Map<string, { main?: string; byLang: Map<string, string> }>();

  add(rel: string, html: string, lang: string): void {
    this.addKind(kindOf(rel, html), lang);
  }

  /** A page's kind as `kindOf` gave it (kept by `rulebook serve` for the pages a save did not change). */
  addKind(kind: Kind | undefined, lang: string): void {
    if (!kind || !kind.label) return;
    let known = this.labels.get(kind.key);
    if (!known) this.labels.set(kind.key, (known = { byLang: new Map() }));
    if (!known.byLang.has(lang)) known.byLang.set(lang, kind.label);
    if (kind.main) known.main ??= lang;
  }

  /**
   * `{ key: [[lang, label], ...] }`, sorted by key, the main locale's label
   * first (the one a language with none falls back to), then by language; the
   * rules kind is named in every language the site has pages in.
   */
  toJSON(languages: readonly string[]): Record<string, Array<[string, string]>> {
    const out: Record<string, Array<[string, string]>> = {};
    for (const key of [...this.labels.keys()].sort()) {
      const { main, byLang } = this.labels.get(key)!;
      if (key === 'rules') for (const lang of languages) if (!byLang.has(lang)) byLang.set(lang, wordsFor(lang).rules);
      out[key] = [...byLang].sort(([a], [b]) => (a === main ? -1 : b === main ? 1 : a < b ? -1 : a > b ? 1 : 0));
    }
    return out;
  }
}

function headingText(html: string): string {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return decode(h1.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The entities Handlebars and the site's own escaping write (the `&` last, so `&amp;lt;` stays `&lt;`). */
export function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x3D;/g, '=')
    .replace(/&#x60;/g, '`')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
