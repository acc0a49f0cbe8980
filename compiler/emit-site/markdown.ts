import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';
import type {} from 'mdast-util-directive';

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
