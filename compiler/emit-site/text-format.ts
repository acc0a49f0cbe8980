import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { placeInText } from '../link/text-place.ts';
import { stringsOf } from '../link/text-sites.ts';
import type { Game } from '../model.ts';
import { inline, plainWords, type PageContext } from './context.ts';
import { labelsOf } from './labels.ts';
import { textFormatAt, type TextFormat } from './media-types.ts';

/**
 * The format a text field declares in its schema, with JSON Schema's own
 * annotation `contentMediaType`: `text/html` (a card database's HTML, as the
 * dataset keeps it), `text/markdown`, or `text/plain` (the default: a string
 * is shown as it is, with its inline tokens).
 *
 * HTML and Markdown are parsed to a tree (rehype-parse; remark), sanitised
 * with rehype-sanitize's GitHub schema (scripts and styles dropped with their
 * content; event handlers, `style` and `javascript:` URLs dropped; unknown
 * tags unwrapped) and written back as HTML. The words between the tags still
 * go through `inline`, so tokens and the dataset's symbols work inside them,
 * and each is escaped by it: no text of the data reaches the page unescaped.
 */
// The formats and their check live in media-types.ts, which loads no parser (a check reads them without the markup tools).
export { textFormatAt, type TextFormat };

/** Script and style lose their content too: a style sheet's text is not words a reader should see. */
const schema: SanitizeSchema = { ...defaultSchema, strip: [...(defaultSchema.strip ?? []), 'style'] };
const allowedTags = new Set(schema.tagNames ?? []);
const stripped = new Set(schema.strip ?? []);

const htmlParser = unified().use(rehypeParse, { fragment: true });
const markdownParser = unified().use(remarkParse).use(remarkRehype);
const sanitizer = unified().use(rehypeSanitize, schema);
const writer = unified().use(rehypeStringify, { allowDangerousHtml: true });

/** Something the sanitizer took out: what to say, and the words to find it by in the source. */
export interface Removal {
  message: string;
  needle: string;
}

/** A text made safe: HTML between the runs of words, each run still to be drawn with its tokens (`inline`). */
interface Safe {
  parts: Array<string | { words: string }>;
  removed: Removal[];
}

// Texts repeat (reprints share their text, rulings their phrasing): each distinct text is parsed once per process.
const cache = new Map<string, Safe>();
const CACHE_LIMIT = 20_000;

function safeText(text: string, format: 'html' | 'markdown'): Safe {
  const key = `${format}\u0000${text}`;
  let safe = cache.get(key);
  if (!safe) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    safe = sanitizeText(text, format);
    cache.set(key, safe);
  }
  return safe;
}

function sanitizeText(text: string, format: 'html' | 'markdown'): Safe {
  const tree = format === 'html' ? htmlParser.parse(text) : (markdownParser.runSync(markdownParser.parse(text)) as Root);
  const before = inventory(tree);
  const clean = sanitizer.runSync(tree) as Root;
  const after = inventory(clean);
  const removed = [...before].filter(([k, n]) => (after.get(k) ?? 0) < n).map(([k]) => removalOf(k));
  if (format === 'html') keepLineBreaks(clean);
  demoteHeadings(clean);
  // Each run of words is swapped for a marker the parser can never produce (it turns NUL into U+FFFD), so the HTML around it is written once.
  const words: string[] = [];
  visit(clean, 'text', (node, index, parent) => {
    if (!parent || index === undefined) return;
    (parent.children as RootContent[])[index] = { type: 'raw', value: `\u0000${words.length}\u0000` };
    words.push(node.value);
  });
  const html = writer.stringify(clean);
  const parts = html.split('\u0000').map((s, i) => (i % 2 ? { words: words[Number(s)]! } : s));
  return { parts, removed };
}

/** Elements by tag, and attributes by element, that could survive sanitising: those it drops are the difference. */
function inventory(tree: Root): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string) => out.set(k, (out.get(k) ?? 0) + 1);
  visit(tree, 'element', (el: Element) => {
    add(`<${el.tagName}`);
    // An attribute of an element that is dropped whole is not worth a word of its own.
    if (!allowedTags.has(el.tagName) || stripped.has(el.tagName)) return;
    for (const [prop, value] of Object.entries(el.properties)) {
      const v = Array.isArray(value) ? value.join(' ') : String(value);
      add(/^\s*javascript:/i.test(v) ? 'javascript:' : `@${attributeName(prop)}`);
    }
  });
  return out;
}

/** hast's property name back to the attribute as written (`onClick` -> `onclick`, `className` -> `class`). */
function attributeName(prop: string): string {
  if (prop === 'className') return 'class';
  if (prop === 'htmlFor') return 'for';
  if (/^(aria|data)[A-Z]/.test(prop)) return prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return prop.toLowerCase();
}

function removalOf(key: string): Removal {
  if (key === 'javascript:') return { message: 'the build removed this javascript: link: the site runs no script from content', needle: 'javascript:' };
  if (key.startsWith('@')) return { message: `the build removed this ${key.slice(1)} attribute: the site does not show it`, needle: `${key.slice(1)}=` };
  const tag = key.slice(1);
  return stripped.has(tag)
    ? { message: `the build removed this <${tag}> element and its content: the site runs no script or style from content`, needle: `<${tag}` }
    : { message: `the build removed this <${tag}> tag and kept its text: the site does not show it`, needle: `<${tag}` };
}

/** A heading inside a text would break the page's outline (one h1, no level skipped): it reads as a paragraph in bold. */
function demoteHeadings(tree: Root): void {
  visit(tree, 'element', (el: Element) => {
    if (!/^h[1-6]$/.test(el.tagName)) return;
    el.tagName = 'p';
    el.properties = {};
    el.children = [{ type: 'element', tagName: 'strong', properties: {}, children: el.children }];
  });
}

const BLOCK = new Set([
  'p',
  'div',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'blockquote',
  'pre',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'details',
  'summary',
]);

/**
 * A dataset's HTML breaks lines with newlines as often as with `<br>`
 * (`<strong>Gain 2.</strong>\nWhen you install this...`): each newline in
 * running text becomes a `<br>`, except the ones that only lay out block
 * elements (between two paragraphs) or end the text, and those in `<pre>`.
 */
function keepLineBreaks(tree: Root): void {
  // A newline at the very start or end of the text lays nothing out.
  const first = tree.children[0];
  if (first?.type === 'text') first.value = first.value.replace(/^\s*\n/, '');
  const last = tree.children.at(-1);
  if (last?.type === 'text') last.value = last.value.replace(/\n\s*$/, '');
  visit(tree, (node) => {
    if (node.type === 'element' && node.tagName === 'pre') return SKIP;
    if (node.type !== 'root' && node.type !== 'element') return;
    const kids = node.children as ElementContent[];
    const out: ElementContent[] = [];
    kids.forEach((kid, i) => {
      if (kid.type !== 'text' || !kid.value.includes('\n')) return void out.push(kid);
      const nextToBlock = [kids[i - 1], kids[i + 1]].some((k) => k === undefined || (k.type === 'element' && BLOCK.has(k.tagName)));
      if (kid.value.trim() === '' && nextToBlock) return void out.push(kid);
      kid.value.split('\n').forEach((line, n) => {
        if (n) out.push({ type: 'element', tagName: 'br', properties: {}, children: [] });
        if (line) out.push({ type: 'text', value: line });
      });
    });
    node.children = out as typeof node.children;
  });
}

/** A text drawn in its format, as HTML: tokens and symbols drawn by `inline`, markup sanitised. */
export function formattedHtml(text: string, format: TextFormat, ctx: PageContext): string {
  if (format === 'plain') return inline(text, ctx);
  return safeText(text, format)
    .parts.map((p) => (typeof p === 'string' ? p : inline(p.words, ctx)))
    .join('');
}

const BREAKING_TAG = /<(?:br|\/?(?:p|div|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|blockquote|pre|hr))\b[^>]*>/gi;

/** A text's words without its markup (for attributes, tooltips and lists), tokens reduced as `plain` does. */
export function formattedPlain(text: string, format: TextFormat, ctx?: PageContext): string {
  if (format === 'plain') return plainWords(text, ctx);
  return plainWords(
    safeText(text, format)
      // A line break or a block parts words; an inline tag (`Gain <b>2</b>`) does not.
      .parts.map((p) => (typeof p === 'string' ? p.replace(BREAKING_TAG, ' ').replace(/<[^>]*>/g, '') : p.words))
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
    ctx,
  );
}

/** An entry's running text as a block: a plain text one paragraph, as always; HTML or Markdown their own blocks (a `<p>` may not hold them). */
export function textBlockHtml(text: string, format: TextFormat, ctx: PageContext): string {
  return format === 'plain' ? `<p>${inline(text, ctx)}</p>` : `<div class="entry-text">${formattedHtml(text, format, ctx)}</div>`;
}

const BARE_TAG = /<\/?([A-Za-z][A-Za-z0-9]*)\s*\/?>/g;

/** True when every tag is one the sanitizer keeps, without attributes (`<strong>`, `<br/>`): nothing to remove, no need to parse (30,000 card texts are mostly such). */
function onlyKeptTags(text: string): boolean {
  let kept = true;
  const rest = text.replace(BARE_TAG, (_tag, name: string) => {
    if (!allowedTags.has(name.toLowerCase()) || stripped.has(name.toLowerCase())) kept = false;
    return '';
  });
  return kept && !rest.includes('<');
}

/**
 * Located warnings for what sanitising an HTML text removes (run
 * with the check, as the other presentation warnings are): at the removed
 * tag or attribute in the YAML file, so a designer can tell whether the
 * dataset meant it.
 */
export function checkFormattedTexts(game: Game, bag: DiagnosticBag): void {
  for (const c of game.collections.values()) {
    const labels = labelsOf(game, c);
    for (const entry of c.entries) {
      // Only a text with a `<` can hold markup to remove; most hold none and are never parsed here.
      for (const [pointer, text] of stringsOf(entry.value, entry.pointer, (t) => t.includes('<'))) {
        // Markdown's raw HTML is dropped as on the rules pages, not removed from a text the dataset wrote as HTML.
        if (textFormatAt(labels, pointer.slice(entry.pointer.length)) !== 'html' || onlyKeptTags(text)) continue;
        for (const r of safeText(text, 'html').removed) bag.warning(entry.source.path, placeInText(entry.source, pointer, r.needle), 'html-removed', r.message);
      }
    }
  }
}

export { checkMediaTypes } from './media-types.ts';
