import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';
import type {} from 'mdast-util-directive';
import { findInlineTokens, type LinkToken } from '../link/link-tokens.ts';
import { slug } from '../load/slug.ts';
import { textOf } from '../text.ts';
import { isOutsideText, linkTarget, outsideTextWords, ruleHref, type PageContext } from './context.ts';
import { anchoredHeading } from './rules-tree.ts';

/**
 * Markdown prose to safe HTML: remark -> rehype -> rehype-sanitize. Raw HTML in
 * content is dropped by the sanitizer, so no script from content can run.
 * A leaf directive `::collection{name=events}` leaves a marker that the page
 * builder replaces with the collection rendered from data.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    div: [...(defaultSchema.attributes?.div ?? []), 'dataCollection'],
    h2: ['id'],
    h3: ['id'],
    // An icon token's chip (`:icon[Tocha]{data-icon="torch"}`), its ID kept for a face to draw its picture (faces.ts).
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'icon'], ['dataIcon', /^[A-Za-z0-9._-]+$/]],
  },
  clobberPrefix: '',
};

function collectionDirective() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (node.type === 'leafDirective' && node.name === 'collection') {
        // Other attributes filter the entries (`::collection{name=actionCards deck=serra}`).
        const { name = '', ...filter } = (node.attributes ?? {}) as Record<string, string>;
        const query = new URLSearchParams(filter).toString();
        node.data = { hName: 'div', hProperties: { dataCollection: query ? `${name}?${query}` : name } };
        node.children = [];
      } else if (node.type === 'textDirective' && node.name === 'icon') {
        const id = (node.attributes ?? {})['data-icon'];
        node.data = { hName: 'span', hProperties: { className: ['icon'], ...(id ? { dataIcon: id } : {}) } };
      } else if (node.type === 'leafDirective' || node.type === 'containerDirective' || node.type === 'textDirective') {
        // Unknown directives keep their text rather than vanish.
        node.data = { hName: node.type === 'textDirective' ? 'span' : 'div' };
      }
    });
  };
}

const processor = unified().use(remarkParse).use(remarkDirective).use(collectionDirective).use(remarkRehype).use(rehypeSanitize, schema).use(rehypeStringify);

export function markdownToHtml(markdown: string): string {
  return String(processor.processSync(markdown));
}

/** The first `# heading` of a page, as its title. */
export function markdownTitle(markdown: string): string | undefined {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
}

/**
 * Tokens inside Markdown become Markdown links (so the sanitizer keeps them)
 * or bracketed icon names; the sanitizer then sees only Markdown.
 */
export function tokensToMarkdown(markdown: string, ctx: PageContext): string {
  let out = '';
  let last = 0;
  // Link tokens too (`{link:cards/zebu}`): a face template's `{{text}}` and a Markdown page draw them as links, as every other text does.
  for (const t of findInlineTokens(markdown)) {
    out += markdown.slice(last, t.offset);
    // A rule outside the text is named with where it lives, in words: a link would land on a title with nothing under it.
    if (t.kind === 'ref' && isOutsideText(t.target, ctx)) out += `${t.label ? `${t.target} - ${t.label}` : t.target} (${outsideTextWords(ctx)})`;
    else if (t.kind === 'ref') out += `[${t.label ? `${t.target} - ${t.label}` : t.target}](${ctx.toGame}${ruleHref(t.target, ctx)})`;
    else if (t.kind === 'term') out += `[${t.label ?? t.target}](${ctx.toGame}${ctx.glossary.page ?? 'glossary.html'}#${t.target})`;
    else if (t.kind === 'link') out += linkMarkdown(t as LinkToken, ctx);
    else out += iconMarkdown(t.target, ctx);
    last = t.offset + t.length;
  }
  return out + markdown.slice(last);
}

/** A link token as a Markdown link to the entry (its words escaped); a link to nothing keeps its words, a rule outside the text says where it lives. */
function linkMarkdown(token: LinkToken, ctx: PageContext): string {
  const target = linkTarget(token, ctx);
  const words = (target?.words ?? token.label ?? token.target).replace(/([\\`*_{}[\]<>()#+!|~:])/g, '\\$1');
  if (!target) return words;
  if (target.rule !== undefined && isOutsideText(target.rule, ctx)) return `${words} (${outsideTextWords(ctx)})`;
  return `[${words}](${target.href})`;
}

/** An icon token as a chip with the icon's name (never its ID), carrying the ID so a face can draw the picture (faces.ts). */
function iconMarkdown(id: string, ctx: PageContext): string {
  const icons = ctx.game.linked.game.manifest.roles?.icons;
  const icon = icons ? ctx.index.entry(icons, id) : undefined;
  const name = (icon ? textOf(icon.name, ctx.locale) : '') || id;
  const escaped = name.replace(/([\\`*_{}[\]<>()#+!|~:])/g, '\\$1');
  return /^[A-Za-z0-9._-]+$/.test(id) ? `:icon[${escaped}]{data-icon="${id}"}` : `:icon[${escaped}]`;
}

/** IDs the page frame already uses (and the search box's `search-*`, tooltips' `tip-N`): a heading never takes one, or its anchor would land elsewhere. */
const FRAME_IDS = new Set(['main', 'side-nav', 'on-this-page', 'readings', 'external-rules']);
const FRAME_ID_PATTERN = /^(search-.*|tip-\d+)$/;

/**
 * Every heading of a Markdown page (h2-h6, after sanitizing) gets an anchor
 * from its words (`## Serra Action Cards` -> `#serra-action-cards`), unique on
 * the page, and the same `#` link and copy button as a numbered rule.
 */
export function anchorHeadings(html: string, ctx: PageContext): string {
  const used = new Set(FRAME_IDS);
  return html.replace(/<h([2-6])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const words = decodeHtml(inner.replace(/<[^>]*>/g, '')).trim();
    // An id starts with a letter (html-validate's valid-id): "1st Round" -> "s-1st-round"; "Search results" -> "s-search-results".
    const slugged = slug(words) || 'section';
    const base = /^[a-z]/.test(slugged) && !FRAME_ID_PATTERN.test(slugged) ? slugged : `s-${slugged}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return anchoredHeading(Number(level), id, inner, words, ctx);
  });
}

function decodeHtml(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
