/**
 * The indexed copy of a page with the tags Pagefind reads nothing from taken
 * out, their text kept: `<dl><dt>Cost:</dt> <dd>2.</dd></dl>` is indexed as
 * `Cost: 2.`. Pagefind's time goes with the elements it walks more than with
 * the bytes: at 30,000 cards a card's fields, links and labels are most of
 * the elements, and without their tags Pagefind took a quarter less time to
 * read the pages (100 pages of 150 cards: 2.08 -> 1.57 s), for the same
 * index, byte for byte.
 *
 * Why the index is the same: Pagefind (its fossick/parser.rs) gives an
 * element meaning only by
 * - its tag: a heading (weight, title), a sentence element (`p`, `div`, `li`,
 *   `td`, ...: a space and a full stop around its text), an element it leaves
 *   out (`nav`, `form`, `label`, `script`, ...), `br` (a space);
 * - its `id` (an anchor, and the text inside it is the anchor's text) and its
 *   `data-pagefind-*` attributes (body, ignore, weight, filters, meta, ...).
 * Any other element only passes its text to its parent. One more thing hangs
 * on an element: the text of an anchor is the text whose innermost element is
 * the anchored one or an inline element (`a`, `span`, `em`, ...) inside it. So
 * an element of the list below, with no `id` and no `data-pagefind-*`, goes
 * when it is inline or when its parent is in no anchor: either way its text
 * lands in the same anchor (or none) as before. Everything else stays, and a
 * subtree Pagefind ignores (`data-pagefind-ignore`, `nav`, ...) is copied as it
 * is. test/search-unwrap.test.ts holds Pagefind's index of each bundled
 * game's pages, and of random trees of these tags, equal with and without it.
 *
 * Only the page's searched body (`<main ... data-pagefind-body>`) is changed;
 * a page without one, or whose tags do not pair up, is left as it is.
 */
export function unwrapForIndex(html: string): string {
  const open = BODY.exec(html);
  if (!open) return html;
  const from = open.index + open[0].length;
  const to = html.lastIndexOf('</main>');
  if (to < from) return html;
  const inner = unwrapInside(html.slice(from, to), ID.test(open[0]));
  return inner === undefined ? html : html.slice(0, from) + inner + html.slice(to);
}

const BODY = /<main\b(?:[^>"']|"[^"]*"|'[^']*')*\sdata-pagefind-body\b(?:[^>"']|"[^"]*"|'[^']*')*>/;

const ID = /\sid\s*=/i;
const PAGEFIND = /\sdata-pagefind-/i;
const IGNORE = /\sdata-pagefind-ignore\b/i;

/** Elements that carry nothing for Pagefind but their text (see above). */
const UNWRAPPED = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp',
  'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var',
  'dl', 'dt', 'dd', 'ol', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'caption', 'blockquote', 'figure', 'figcaption',
  'details', 'summary', 'header', 'aside', 'pre', 'hgroup',
]); // prettier-ignore

/** Pagefind's inline elements: they take their parent's anchor (parser.rs INLINE_SELECTORS). */
const INLINE = new Set([
  'a', 'abbr', 'acronym', 'b', 'bdo', 'big', 'br', 'button', 'cite', 'code', 'dfn', 'em', 'i', 'img', 'input', 'kbd', 'label',
  'map', 'object', 'output', 'q', 'samp', 'script', 'select', 'small', 'span', 'strong', 'sub', 'sup', 'textarea', 'time', 'tt', 'var',
]); // prettier-ignore

/** Elements Pagefind leaves out with all they hold (parser.rs REMOVE_SELECTORS), copied as they are. */
const LEFT_OUT = new Set(['head', 'style', 'script', 'noscript', 'label', 'form', 'svg', 'footer', 'nav', 'iframe', 'template']);

/** Elements with no end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Elements whose text is not HTML: what they hold is copied up to their end tag. */
const RAW = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'iframe', 'template', 'xmp']);

interface Open {
  tag: string;
  kept: boolean;
  /** Whether text directly inside is an anchor's text (for an unwrapped element: its parent's, which it is the same as). */
  anchored: boolean;
  /** Inside a subtree Pagefind does not index: nothing below is changed. */
  verbatim: boolean;
}

/**
 * The body's HTML with the elements above unwrapped; undefined when its tags do not pair up (nothing is changed then).
 * A scan by hand rather than a regular expression over the tags: a 30,000-card site has some 750,000 tags, and the
 * expression's match arrays made the pass half as long again (260 against 171 ms for its 197 pages).
 */
function unwrapInside(html: string, bodyAnchored: boolean): string | undefined {
  const stack: Open[] = [{ tag: 'main', kept: true, anchored: bodyAnchored, verbatim: false }];
  let out = '';
  let from = 0;
  let lower: string | undefined;
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end < 0) return undefined;
      at = end + 2;
      continue;
    }
    const closing = html.charCodeAt(at + 1) === SLASH;
    const nameAt = closing ? at + 2 : at + 1;
    let nameEnd = nameAt;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd === nameAt || !isLetter(html.charCodeAt(nameAt))) continue; // a `<` that starts no tag is text
    const end = tagEnd(html, nameEnd);
    if (end < 0) return undefined;
    const written = html.slice(nameAt, nameEnd);
    const name = LOWER.test(written) ? written : written.toLowerCase();
    const parent = stack[stack.length - 1]!;
    if (closing) {
      if (parent.tag !== name || stack.length === 1) return undefined;
      stack.pop();
      if (!parent.kept) {
        out += html.slice(from, at);
        from = end + 1;
      }
      at = end;
      continue;
    }
    const attrs = html.slice(nameEnd, end);
    if (RAW.has(name)) {
      // Copied whole, with its text up to its end tag (a `<` in a script is not a tag).
      const close = (lower ??= html.toLowerCase()).indexOf(`</${name}`, end);
      if (close < 0) return undefined;
      stack.push({ tag: name, kept: true, anchored: false, verbatim: true });
      at = close - 1;
      continue;
    }
    at = end;
    if (VOID.has(name)) continue;
    if (attrs.endsWith('/')) return undefined; // `<span/>` opens a span in HTML: not a page this tool writes
    const id = attrs !== '' && ID.test(attrs);
    const pagefind = attrs !== '' && PAGEFIND.test(attrs);
    const verbatim = parent.verbatim || LEFT_OUT.has(name) || (pagefind && IGNORE.test(attrs));
    const inline = INLINE.has(name);
    if (!verbatim && !id && !pagefind && UNWRAPPED.has(name) && (inline || !parent.anchored)) {
      out += html.slice(from, nameAt - 1);
      from = end + 1;
      stack.push({ tag: name, kept: false, anchored: parent.anchored, verbatim: false });
      continue;
    }
    stack.push({ tag: name, kept: true, anchored: id || (inline && parent.anchored), verbatim });
  }
  if (stack.length !== 1) return undefined;
  return out + html.slice(from);
}

const SLASH = 0x2f;
const LOWER = /^[a-z0-9-]+$/;

function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isNameChar(c: number): boolean {
  return isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
}

/** The `>` that ends a tag whose name ends at `from` (a `>` inside a quoted attribute value does not); -1 if none. */
function tagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 0x3e) return i;
    if (c === 0x22 || c === 0x27) {
      const close = html.indexOf(c === 0x22 ? '"' : "'", i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}
