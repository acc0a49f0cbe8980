import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Element, Root, Text } from 'hast';
import type { SiteFiles } from '../../compiler/emit-site/site.ts';
import { pagesOf } from './built.ts';

// What a reader sees of the site, read the way a browser builds it (rehype-parse), and the codes it must not show:
// a camelCase identifier, or an enum value that has a word (a `const` title) printed as written in the data.

/** Elements whose text a reader never sees as text: scripts, styles, the head, and what is hidden. */
function unseen(node: Element): boolean {
  return ['script', 'style', 'head', 'template', 'noscript'].includes(node.tagName) || node.properties?.hidden !== undefined;
}

/** Each run of text a reader sees on a page, one per text node, trimmed and not empty. */
export function visibleTexts(html: string): string[] {
  const tree = unified().use(rehypeParse).parse(html) as Root;
  const out: string[] = [];
  visit(tree, (node, _i, _parent) => {
    if (node.type === 'element' && unseen(node as Element)) return 'skip';
    if (node.type === 'text') {
      const text = (node as Text).value.replace(/\s+/g, ' ').trim();
      if (text) out.push(text);
    }
    return undefined;
  });
  return out;
}

const CAMEL = /(?<![\p{L}\d_.\-/])[a-z]+[A-Z][A-Za-z0-9]*(?![\p{L}\d_\-/])/gu;

/** Every enum value of a folder's schemas (and its subfolders') that a `const` branch gives a word other than itself. */
export function labelledValues(schemasDir: string): Set<string> {
  const out = new Set<string>();
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const node = n as Record<string, unknown>;
    if (typeof node.const === 'string' && typeof node.title === 'string' && node.title !== node.const) out.add(node.const);
    Object.values(node).forEach(walk);
  };
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? files(path.join(dir, d.name)) : d.name.endsWith('.schema.json') ? [path.join(dir, d.name)] : [],
    );
  for (const f of files(schemasDir)) walk(JSON.parse(readFileSync(f, 'utf8')));
  return out;
}

/**
 * Codes a reader would see, page by page: camelCase identifiers anywhere in
 * the visible text, and a labelled enum value standing as a text of its own
 * (a field's value: `<dd>single</dd>`, one item of `left, right`).
 */
export function codesShown(files: SiteFiles, labelled: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [page, html] of pagesOf(files)) {
    for (const text of visibleTexts(html)) {
      for (const m of text.matchAll(CAMEL)) out.push(`${page}: ${m[0]} (in "${text.slice(0, 80)}")`);
      for (const part of text.split(/\s*,\s*/)) if (labelled.has(part)) out.push(`${page}: enum value "${part}" shown as written`);
    }
  }
  return [...new Set(out)];
}
