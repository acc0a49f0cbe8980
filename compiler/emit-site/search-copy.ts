/**
 * The copy of a page that Pagefind indexes, shaped so that what a search
 * result quotes is an answer: the entry's rule or effect text, a rule's
 * sentence, never a draft disclaimer or labels glued to their values.
 *
 * Only the indexed copy changes (search.ts `withSearchFields`); the page
 * written to dist/ is left as it is. Three reshapings:
 *
 * - **Notes are cut**: draft notes, "not given by the rulebook", the "draft"
 *   marks, this edition's readings, the headers of worked-example tables and a
 *   rule's "referenced by" line. They are about the transcription, not the
 *   game: a search for "wounds" found the disclaimers that mention wounds.
 * - **Labels are set apart from values**: a definition list's label gets a
 *   colon and its value a full stop where it has none, and a face's stat label
 *   a colon. Pagefind joins an element's text to the next one's with nothing
 *   between ("Peçapeça da TORREQuantidade1"); now it reads "Peça: peça da
 *   TORRE. Quantidade: 1."
 * - **Prose first**: in each entry (and each numbered rule), the blocks of
 *   prose (its rules text, its text, a face's ability) come right after the
 *   heading, before its stats, fields and examples, and an empty anchor
 *   marks where they end. The search box shows the first sentences after a
 *   result's heading, up to that anchor, as its answer
 *   (docs-site/search.js `answerOf`), read from the page text Pagefind
 *   already keeps for its excerpts: no byte is added to the index for it.
 *
 * The pages are the site's own HTML (well formed, attributes escaped), so a
 * scan of tags by name is enough; an HTML parser (rehype-parse, a dependency)
 * would read every page of a 30,000-card site into a tree to move a few
 * blocks, several seconds of the build for nothing the scan misses.
 */
export function indexedCopy(html: string): string {
  return proseFirst(separated(cutNotes(html)));
}

/** The start tags of what the index leaves out (see above): each element is cut whole, with what it holds. */
const NOTES =
  /<(span|p|details|aside|button)\b[^>]*?\sclass="(?:draft-note|draft-value is-empty|draft-mark|draft|reading|draft-notes|collection-drafts|backlinks|untranslated)"[^>]*>|<(caption|thead)>/g;

export function cutNotes(html: string): string {
  let out = '';
  let from = 0;
  NOTES.lastIndex = 0;
  for (let m = NOTES.exec(html); m; m = NOTES.exec(html)) {
    const tag = (m[1] ?? m[2])!;
    const end = elementEnd(html, m.index, tag);
    out += html.slice(from, m.index);
    from = end;
    NOTES.lastIndex = end;
  }
  return out + html.slice(from);
}

/** A label set apart from its value: "Label: value." (a value that ends a sentence already keeps its own stop). */
export function separated(html: string): string {
  return stopValues(withoutEmptyRows(html).replace(/<\/dt>/g, ':</dt> ')).replace(/(<span class="face-stat-label">[^<]*)<\/span>/g, '$1:</span>');
}

/**
 * A label whose value was all notes ("not given by the rulebook") is dropped: nothing is left to say. A scan
 * from each empty value back to its label: a 30,000-card site has 180,000 values, and an expression that
 * read each row to find the empty ones cost seconds.
 */
function withoutEmptyRows(html: string): string {
  let out = '';
  let from = 0;
  for (const m of html.matchAll(/<dd>\s*<\/dd>/g)) {
    const label = html.lastIndexOf('<dt>', m.index);
    if (label < from) continue;
    out += html.slice(from, label);
    from = m.index + m[0].length;
  }
  return out + html.slice(from);
}

/**
 * Each value ends with a full stop where its text has no stop of its own, and a space: a value's last
 * text is found by stepping back over the end tags before `</dd>` (a value holding a list of fields ends
 * with the stop its last inner value got).
 */
function stopValues(html: string): string {
  let out = '';
  let from = 0;
  for (let at = html.indexOf('</dd>'); at >= 0; at = html.indexOf('</dd>', at + 5)) {
    let i = at;
    let inner = false;
    while (i > 0 && /\s/.test(html[i - 1]!)) i--;
    while (i > 0 && html[i - 1] === '>' && !inner) {
      i = html.lastIndexOf('<', i - 1);
      inner = html.startsWith('</dd>', i);
      while (i > 0 && /\s/.test(html[i - 1]!)) i--;
    }
    const stop = inner || /[.!?;:…]/.test(html[i - 1] ?? '.') ? '' : '.';
    out += `${html.slice(from, at)}${stop}</dd> `;
    from = at + 5;
  }
  return out + html.slice(from);
}

/** The blocks that open an entry or a rule: its heading, then its prose. */
const ENTRY = /<(article) class="entity[^"]*"[^>]*>|<(section) class="rule[^"]*"[^>]*>/g;

export function proseFirst(html: string): string {
  let out = '';
  let from = 0;
  ENTRY.lastIndex = 0;
  for (let m = ENTRY.exec(html); m; m = ENTRY.exec(html)) {
    const tag = (m[1] ?? m[2])!;
    const end = elementEnd(html, m.index, tag);
    const close = html.lastIndexOf('<', end - 1);
    out += html.slice(from, m.index) + m[0] + reordered(html.slice(m.index + m[0].length, close), tag === 'section') + html.slice(close, end);
    from = end;
    ENTRY.lastIndex = end;
  }
  return out + html.slice(from);
}

/** An entry's inside with its prose blocks moved up to just after its heading (each group in its own order). */
function reordered(inner: string, rule: boolean): string {
  const blocks = childrenOf(inner);
  const head = blocks.findIndex((b) => b.open.startsWith('<div class="head"'));
  if (head < 0) return inner;
  const prose: string[] = [];
  const rest: string[] = [];
  for (const b of blocks.slice(head + 1)) {
    const html = inner.slice(b.start, b.end);
    if (rule) (b.open.startsWith('<p class="backlinks"') ? rest : prose).push(html);
    else if (isProse(b.open)) prose.push(html);
    else if (b.open.startsWith('<div class="face-body"')) {
      // A face drawn from a template: its abilities come first, its stats and icons stay in the face.
      const body = b.open.length;
      const parts = childrenOf(html.slice(body, html.length - '</div>'.length));
      const said = parts.filter((p) => isFaceProse(html.slice(body + p.start, body + p.end)));
      prose.push(...said.map((p) => html.slice(body + p.start, body + p.end)));
      const kept = parts.filter((p) => !said.includes(p)).map((p) => html.slice(body + p.start, body + p.end));
      if (kept.length) rest.push(`${b.open}${kept.join('')}</div>`);
    } else rest.push(html);
  }
  if (!prose.length) return inner;
  const top = blocks[head]!;
  // Where the prose ends, an empty anchor (Pagefind keeps every element with an id among a page's anchors, at
  // its word's place): the answer stops there, before the fields ("Move again.", not "Move again. Cost: 1.").
  const end = rest.length ? `<span id="${ANSWER_END}"></span>\n` : '';
  return `${inner.slice(0, top.end)}\n${prose.join('\n')}\n${end}${rest.join('\n')}\n`;
}

/** The id of the anchor that ends an entry's prose in the indexed copy (docs-site/search.js reads it by this id). */
export const ANSWER_END = 'answer-end';

/** Rules text, or an entry's own text (a paragraph with no class of its own). */
function isProse(open: string): boolean {
  return /^<p(?: lang="[^"]*")?>$/.test(open) || open.startsWith('<p class="rules-text"') || open.startsWith('<div class="rules-text"');
}

/**
 * A block of a templated face that reads as a sentence ("Special ability: You
 * can remove..."), not a row of stats or icons ("Bonuses: Reis Guns"): six
 * words or more, and no stat in it. The template names its blocks as it likes
 * (`:::ability`, `:::setup`), so the words decide, not the class.
 */
function isFaceProse(html: string): boolean {
  if (html.includes('class="face-stat')) return false;
  return (
    textOf(html)
      .split(/\s+/)
      .filter((w) => /\p{L}{2,}/u.test(w)).length >= 6
  );
}

interface Block {
  start: number;
  end: number;
  /** Its start tag as written. */
  open: string;
}

/** The elements at the top level of `html` (text between them is dropped by the caller only where it reorders). */
function childrenOf(html: string): Block[] {
  const out: Block[] = [];
  const tag = /<([a-zA-Z][\w-]*)\b[^>]*>/g;
  let at = 0;
  for (;;) {
    tag.lastIndex = at;
    const m = tag.exec(html);
    if (!m) return out;
    const end = elementEnd(html, m.index, m[1]!.toLowerCase());
    out.push({ start: m.index, end, open: m[0] });
    at = end;
  }
}

/** Elements with no end tag. */
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'source', 'col', 'area', 'base', 'embed', 'track']);

/**
 * Where the element whose start tag is at `start` ends (after its end tag),
 * counting start and end tags of the same name, so a note holding a span
 * inside a span is cut whole.
 */
export function elementEnd(html: string, start: number, tag: string): number {
  const first = html.indexOf('>', start) + 1;
  if (VOID.has(tag) || html[first - 2] === '/') return first;
  const tags = tagsNamed(tag);
  tags.lastIndex = first;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[2]) continue;
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  // Never in the site's own pages: an element left open runs to the end.
  return html.length;
}

/** A tag name's start and end tags, one expression per name (elementEnd runs once per note and block). */
const TAGS = new Map<string, RegExp>();
function tagsNamed(tag: string): RegExp {
  let tags = TAGS.get(tag);
  if (!tags) TAGS.set(tag, (tags = new RegExp(`<(/?)${tag}\\b[^>]*?(/?)>`, 'gi')));
  return tags;
}

function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').trim();
}
