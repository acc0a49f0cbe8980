import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';
import type {} from 'mdast-util-directive';
import { findTokens } from '../link/tokens.ts';
import { ruleHref, type PageContext } from './context.ts';

/**
 * Markdown prose to safe HTML: remark -> rehype -> rehype-sanitize. Raw HTML in
 * content is dropped by the sanitizer, so no script from content can run.
 * A leaf directive `::collection{name=events}` leaves a marker that the page
 * builder replaces with the collection rendered from data.
 */
const schema = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, div: [...(defaultSchema.attributes?.div ?? []), 'dataCollection'], h2: ['id'], h3: ['id'] },
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
  for (const t of findTokens(markdown)) {
    out += markdown.slice(last, t.offset);
    if (t.kind === 'ref') out += `[${t.label ? `${t.target} - ${t.label}` : t.target}](${ctx.toGame}${ruleHref(t.target, ctx)})`;
    else if (t.kind === 'term') out += `[${t.label ?? t.target}](${ctx.toGame}${ctx.glossary.page ?? 'glossary.html'}#${t.target})`;
    else out += `[${t.target}]`;
    last = t.offset + t.length;
  }
  return out + markdown.slice(last);
}
