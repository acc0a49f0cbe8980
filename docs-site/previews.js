// @ts-check
// Previews of every cross-reference: a cited rule ("16.2.3"), a glossary term
// and a link to an entry show the target's text in a popover, so a reader at
// the table need not leave the page to read what is cited.
//
// Which links: every link in the page's text (`main`, outside its navigation)
// whose address names a spot (`#...`) on a page of this site. The build marks
// the common ones (`a.xref`, `a.term`, `a.entry-link`), but Markdown pages and
// field values link too, so the test is the address, not a class.
//
// When: after a short pause under a mouse; at once on keyboard focus (not
// the focus a click gives the link); on a tap (touch or
// pen), which opens the preview instead of leaving the page. A phone reader
// expects what the Wikipedia apps and the online Law of Root do: the first tap
// shows the text with a "Go to" link, a second tap on the cited link closes
// it, and so do a tap elsewhere and Escape. A mouse click and Enter follow the
// link as ever.
//
// WCAG 1.4.13 (content on hover or focus): the popover is hoverable (the
// pointer may cross the small gap onto it, and staying on it keeps it open),
// persistent (it stays until the pointer or focus leaves, or the reader
// dismisses it) and dismissable without moving the pointer or focus (Escape).
// Pattern: the WAI-ARIA APG tooltip pattern for the announcement (the link is
// described by the popover through aria-describedby while it is open, as the
// glossary's tooltips were), and the APG disclosure pattern for the tap (the
// link's aria-expanded and aria-controls say that it opened something). It is
// not role="tooltip": it holds a link, which a tooltip may not. It is placed
// in the DOM right after the link, so Tab goes from the link into it (its
// "Go to" link) and on: reachable by keyboard.
//
// Where the text comes from: the target page itself, fetched once (same
// origin) and parsed with DOMParser (which runs no script), the parsed pages
// kept in memory; a link to this page reads this page. Not from a data file
// the build would write: at 30,000 cards a file of every entry's text is
// megabytes (or chunks of it, which is what the collection's pages already
// are: 200 entries and 250 KB at most each, compiler/emit-site/pages.ts), the
// service worker keeps the pages a reader is likely to open anyway, and the
// popover shows the very words the page prints. Only text and a few known
// elements are copied from the page (paragraphs, lists, bold, a `lang`):
// never its HTML as a string, never a link but the popover's own.
//
// A glossary term carries its definition in the page already (a `.tip`,
// compiler/emit-site/context.ts, the tooltip that still shows without
// script): it is read from there at once, with no fetch. With script the same
// popover shows it (style.css hides the CSS tooltip): one mechanism for all.

const html = document.documentElement;
const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'));
/** @type {Record<string, string>} */
const words = (() => {
  try {
    return JSON.parse(input?.dataset.words || '{}');
  } catch {
    return {};
  }
})();
const goWord = words.previewGo || 'Go to';
const loadingWord = words.previewLoading || 'Loading…';
const failedWord = words.previewFailed || 'This text could not be loaded.';

/** The site's root folder, which every previewed link must lie under (the site may live under a sub-path). */
const siteRoot = new URL(html.dataset.root || './', location.href);

/** How long a mouse rests on a link before its preview opens, and may leave it before it closes (to cross onto the popover). */
const OPEN_DELAY = 250;
const CLOSE_DELAY = 300;
/** Of a long section, about this many characters are shown (whole blocks; the "Go to" link leads to the rest). */
const TEXT_BUDGET = 600;
/** Parsed pages kept in memory (a split collection's page is up to 250 KB). */
const PAGES_KEPT = 12;

// ---- Which links ----------------------------------------------------------------

/**
 * The link an event's target is in, when it is a cross-reference this script previews.
 * @param {EventTarget | null} target
 * @returns {HTMLAnchorElement | null}
 */
function crossReference(target) {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !link.closest('main')) return null;
  // A heading's own `#` link, the page's navigation (outline, pager, languages, a split collection's pages) and the popover's own link are not references.
  if (link.closest('nav, .permalink, .rb-preview, #search-results, .collection-pages')) return null;
  const url = new URL(link.href, location.href);
  if (!url.hash || url.hash === '#' || url.origin !== location.origin) return null;
  if (!url.pathname.startsWith(siteRoot.pathname) || !/(\.html|\/)$/.test(url.pathname)) return null;
  return link;
}

// ---- Where the text is ------------------------------------------------------------

/** Page URL (no hash) -> its parsed document. A failed load is forgotten, so the next preview tries again. @type {Map<string, Promise<Document>>} */
const pages = new Map();

/** @param {string} url */
function pageAt(url) {
  // This page (whatever its `?` query) is read as it stands.
  if (new URL(url).pathname === location.pathname) return Promise.resolve(document);
  let page = pages.get(url);
  if (!page) {
    page = fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.statusText))))
      .then((text) => new DOMParser().parseFromString(text, 'text/html'));
    pages.set(url, page);
    page.catch(() => pages.delete(url));
    // The oldest page goes first when too many are kept.
    if (pages.size > PAGES_KEPT) pages.delete(/** @type {string} */ (pages.keys().next().value));
  }
  return page;
}

/**
 * The element a fragment names in a document: its id, or a rule number as a reader types it
 * (`rules.html#16.5`: the section carrying data-number, as site.js follows it).
 * @param {Document} doc
 * @param {string} fragment
 */
function targetIn(doc, fragment) {
  const byId = doc.getElementById(fragment);
  if (byId) return byId;
  if (!/^\d+(\.[\p{L}\d]+)*$/u.test(fragment)) return null;
  return doc.querySelector(`[data-number="${CSS.escape(fragment)}"] :is(h2, h3, h4, h5, h6)[id]`);
}

/**
 * The target of a link: its element and the page it is on. An entry of a split collection named on a page that
 * does not draw it (an old `cards.html#id`) is found on its own page through the collection's entry list
 * (filters.js reads the same list).
 * @param {URL} url
 * @returns {Promise<{ element: Element, page: URL } | null>}
 */
async function findTarget(url) {
  const page = new URL(url.href.split('#')[0]);
  let fragment;
  try {
    fragment = decodeURIComponent(url.hash.slice(1));
  } catch {
    return null;
  }
  const doc = await pageAt(page.href);
  const element = targetIn(doc, fragment);
  if (element) return { element, page };
  const list = doc.querySelector('nav.collection-pages[data-entries]');
  if (!(list instanceof HTMLElement) || !list.dataset.entries) return null;
  const entries = await fetch(new URL(list.dataset.entries, page)).then((r) => (r.ok ? r.json() : null));
  const at = Array.isArray(entries?.ids) ? entries.ids.indexOf(fragment) : -1;
  const href = at >= 0 ? entries.pages?.[entries.page?.[at]]?.href : undefined;
  if (typeof href !== 'string') return null;
  const other = new URL(href, page);
  if (other.href === page.href) return null;
  const found = targetIn(await pageAt(other.href), fragment);
  return found ? { element: found, page: other } : null;
}

// ---- What is shown: text and known elements only ------------------------------------

/** Elements copied as themselves; a block of another kind is copied as a `div`, a heading as a paragraph in bold, anything else as a `span` of its words. */
const KEPT = new Set(['P', 'UL', 'OL', 'LI', 'DL', 'DT', 'DD', 'DIV', 'B', 'STRONG', 'I', 'EM', 'BR', 'SUB', 'SUP']);
const BLOCKS = new Set(['SECTION', 'ARTICLE', 'ASIDE', 'FIGURE', 'FIGCAPTION', 'BLOCKQUOTE', 'HEADER', 'FOOTER', 'PRE']);
/**
 * What a preview leaves out: the page's machinery (a heading's links, buttons, forms, navigation), a term's tooltip
 * (the term has its own preview), a draft's note (the value keeps its "draft" mark), drawings, tables of worked
 * examples, hidden parts, and the list of rules that cite this one.
 */
const LEFT_OUT =
  '.permalink, .tip, .draft-note, svg, script, style, template, details, table, nav, form, [hidden], .visually-hidden, .backlinks, .icon-figure, .rb-preview';

/**
 * A copy of a node's words and known elements, in this document; a `lang` is kept (a name in another language).
 * @param {Node} node
 * @returns {Node | null}
 */
function safeCopy(node) {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.textContent || '');
  if (!(node instanceof Element) || node.matches(LEFT_OUT)) return null;
  // An icon chip reads as its name (its picture is left out); a draft mark (a badge, a value's button) as its word.
  const mark = node.matches('.icon') ? 'rb-preview-icon' : node.matches('.draft, button.draft-mark') ? 'rb-preview-draft' : '';
  if (mark) {
    const chip = document.createElement('span');
    chip.className = mark;
    chip.textContent =
      (mark === 'rb-preview-icon' && (node.getAttribute('aria-label') || node.querySelector('.icon-name')?.textContent)) || node.textContent || '';
    return chip;
  }
  if (node.tagName === 'BUTTON') return null;
  const tag = KEPT.has(node.tagName) ? node.tagName : BLOCKS.has(node.tagName) ? 'DIV' : /^H[1-6]$/.test(node.tagName) ? 'P' : 'SPAN';
  const out = document.createElement(tag.toLowerCase());
  if (/^H[1-6]$/.test(node.tagName)) out.className = 'rb-preview-sub';
  const lang = node.getAttribute('lang');
  if (lang && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(lang)) out.setAttribute('lang', lang);
  for (const child of node.childNodes) {
    const copy = safeCopy(child);
    if (copy) out.append(copy);
  }
  return out;
}

/** @param {Element} block */
const wordsOf = (block) => (block.textContent || '').replace(/\s+/g, ' ').trim();

/**
 * What a target's preview draws from, in order: a numbered rule's, a glossary term's or an entry's own blocks
 * (compiler/emit-site/rules-tree.ts, entities.ts; each is one element); a heading of a Markdown page owns what
 * follows it up to the next heading. A rule with no text of its own (a chapter's title) reads as the rules under it.
 * @param {Element} heading
 * @param {Element} target
 * @returns {Element[]}
 */
function sourcesOf(heading, target) {
  const box = heading.closest('section.rule, article.entity');
  if (box) {
    const own = [...box.children].filter((c) => !c.matches('.head') && !c.contains(heading));
    const number = box.getAttribute('data-number');
    if (!number || own.some((c) => !c.matches('.backlinks, .see') && wordsOf(c))) return own;
    /** @type {Element[]} */
    const under = [];
    for (
      let next = box.nextElementSibling;
      next?.matches('section.rule') && next.getAttribute('data-number')?.startsWith(`${number}.`);
      next = next.nextElementSibling
    )
      under.push(...[...next.children].filter((c) => !c.matches('.see')).map((c) => (c.matches('.head') ? (c.querySelector('h2, h3, h4, h5, h6') ?? c) : c)));
    return under;
  }
  /** @type {Element[]} */
  const out = [];
  // A box of another kind that holds its heading: what else it holds.
  if (target !== heading && target.contains(heading)) return [...target.children].filter((c) => !c.contains(heading));
  const start = heading.parentElement?.matches('.head') ? heading.parentElement : heading;
  for (let next = start.nextElementSibling; next && !next.matches('.head, h1, h2, h3, h4, h5, h6, section, article'); next = next.nextElementSibling)
    out.push(next);
  return out;
}

/**
 * The preview of a target: its heading's words, then its first blocks of text (a rule: its paragraphs; an
 * entry: its rules text, its text and its fields) up to the budget.
 * @param {Element} target
 * @returns {{ title: string, draft: string, blocks: Node[] }}
 */
function previewOf(target) {
  const heading = /^H[1-6]$/.test(target.tagName) ? target : target.querySelector('h1, h2, h3, h4, h5, h6');
  // A target that is its own text (a space of a map's list, a row): that text, with no title.
  if (!heading) {
    const copy = safeCopy(target);
    // Its words in a block of their own (a list item's, outside its list, would not be a list item).
    const block = document.createElement('div');
    if (copy instanceof Element) block.append(...copy.childNodes);
    return { title: '', draft: '', blocks: wordsOf(block) ? [block] : [] };
  }
  const titleCopy = heading ? safeCopy(heading) : null;
  // The heading's draft badge is drawn beside the title, not read as one of its words.
  const badge = titleCopy instanceof Element ? titleCopy.querySelector('.rb-preview-draft') : null;
  badge?.remove();
  const title = titleCopy instanceof Element ? wordsOf(titleCopy) : '';
  /** @type {Node[]} */
  const blocks = [];
  let used = 0;
  for (const c of sourcesOf(heading, target)) {
    if (used >= TEXT_BUDGET) break;
    const copy = safeCopy(c);
    if (!(copy instanceof Element)) continue;
    const text = wordsOf(copy);
    if (!text) continue;
    if (used + text.length > TEXT_BUDGET * 1.5) {
      // A long first block (a card's whole text) is cut at a word, with an ellipsis: the "Go to" link leads to the rest.
      if (blocks.length === 0) {
        const cut = document.createElement('p');
        cut.textContent = `${text.slice(0, TEXT_BUDGET).replace(/\s+\S*$/, '')}…`;
        blocks.push(cut);
      }
      break;
    }
    blocks.push(copy);
    used += text.length;
  }
  return { title, draft: badge?.textContent ?? '', blocks };
}

// ---- The popover ------------------------------------------------------------------

/** @typedef {'hover' | 'focus' | 'tap'} How */
/** @type {{ link: HTMLAnchorElement, box: HTMLElement, how: How, described: string | null } | null} */
let current = null;
let serial = 0;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let openTimer;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let closeTimer;
/** The link Escape closed a preview of and gave focus back to: its focus does not open it again. @type {HTMLAnchorElement | null} */
let dismissed = null;

/**
 * Fill the popover: a title, the blocks, and the "Go to" link (to where the text was found).
 * @param {HTMLElement} box
 * @param {string} title
 * @param {Node[]} blocks
 * @param {string} href
 * @param {string} [draft] the word "draft", when the target is a draft
 * @param {string} [name] what the "Go to" link names, when there is no title (the reference's own words)
 */
function fill(box, title, blocks, href, draft = '', name = title) {
  const head = document.createElement('p');
  head.className = 'rb-preview-title';
  head.textContent = title;
  if (draft) {
    const mark = document.createElement('span');
    mark.className = 'rb-preview-draft';
    mark.textContent = draft;
    head.append(' ', mark);
  }
  const go = document.createElement('a');
  go.className = 'rb-preview-go';
  go.href = href;
  go.textContent = name ? `${goWord}: ${name}` : goWord;
  const foot = document.createElement('p');
  foot.append(go);
  box.replaceChildren(...(title ? [head] : []), ...blocks, foot);
  box.removeAttribute('aria-busy');
  place();
}

/**
 * A term's definition from its tooltip, when the page holds it.
 * @param {HTMLAnchorElement} link
 */
function tipOf(link) {
  const tip = link.closest('.term-wrap')?.querySelector('.tip');
  if (!tip) return null;
  const name = tip.querySelector('b');
  // The tooltip reads "Name: definition": the name is the popover's title, the definition its text (as text only).
  const copy = /** @type {Element} */ (tip.cloneNode(true));
  copy.querySelector('b')?.remove();
  const p = document.createElement('p');
  p.textContent = wordsOf(copy).replace(/^:\s*/, '');
  return { title: name ? wordsOf(name) : '', blocks: [p] };
}

/**
 * @param {HTMLAnchorElement} link
 * @param {How} how
 */
function show(link, how) {
  clearTimeout(openTimer);
  clearTimeout(closeTimer);
  if (current?.link === link) {
    // Opened by a pointer and now focused (or tapped): it stays, and answers to the stronger way.
    if (how !== 'hover') current.how = how;
    if (how === 'tap') link.setAttribute('aria-expanded', 'true');
    return;
  }
  hide();
  const box = document.createElement('div');
  box.className = 'rb-preview';
  box.id = `rb-preview-${++serial}`;
  box.dataset.pagefindIgnore = '';
  box.setAttribute('aria-busy', 'true');
  const loading = document.createElement('p');
  loading.textContent = loadingWord;
  box.append(loading);
  // Inside a heading it would join the heading's name: it goes after the heading's block instead.
  const after = link.closest('.head, h1, h2, h3, h4, h5, h6, summary, .term-wrap') ?? link;
  after.after(box);
  current = { link, box, how, described: link.getAttribute('aria-describedby') };
  link.setAttribute('aria-describedby', box.id);
  link.setAttribute('aria-controls', box.id);
  if (how === 'tap') link.setAttribute('aria-expanded', 'true');
  box.addEventListener('pointerenter', () => clearTimeout(closeTimer));
  box.addEventListener('pointerleave', (event) => {
    if (event.pointerType === 'mouse') scheduleHide();
  });
  place();

  const tip = tipOf(link);
  if (tip) return fill(box, tip.title, tip.blocks, link.href);
  const url = new URL(link.href, location.href);
  findTarget(url)
    .then((found) => {
      if (current?.box !== box) return;
      if (!found) return fill(box, '', [failed()], link.href);
      const { title, draft, blocks } = previewOf(found.element);
      const href = new URL(url.hash, found.page).href;
      fill(box, title, blocks, href, draft, title || wordsOf(link));
    })
    .catch(() => {
      if (current?.box === box) fill(box, '', [failed()], link.href);
    });
}

function failed() {
  const p = document.createElement('p');
  p.textContent = failedWord;
  return p;
}

function hide() {
  clearTimeout(openTimer);
  clearTimeout(closeTimer);
  if (!current) return;
  const { link, box, described } = current;
  current = null;
  box.remove();
  if (described) link.setAttribute('aria-describedby', described);
  else link.removeAttribute('aria-describedby');
  link.removeAttribute('aria-controls');
  link.removeAttribute('aria-expanded');
}

function scheduleHide() {
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    if (current?.how === 'hover') hide();
  }, CLOSE_DELAY);
}

/** Beside the link, never over it: below it, or above when there is more room there (under the header); within the screen's width. */
function place() {
  if (!current) return;
  const { link, box } = current;
  const margin = 8;
  const gap = 4;
  // The line of a wrapped link nearest its start: the popover stands by the words the reader touched.
  const rect = link.getClientRects()[0] ?? link.getBoundingClientRect();
  box.style.maxHeight = '';
  const width = box.offsetWidth;
  // The header stays on screen (sticky, style.css) and holds the search box: a popover above the link stops
  // under it rather than covering it.
  const ceiling = Math.max(0, document.querySelector('header.site')?.getBoundingClientRect().bottom ?? 0);
  const below = window.innerHeight - rect.bottom - gap - margin;
  const above = rect.top - gap - margin - ceiling;
  const height = box.offsetHeight;
  const down = height <= below || below >= above;
  box.style.maxHeight = `${Math.max(80, Math.min(height, down ? below : above))}px`;
  const shown = Math.min(height, Math.max(80, down ? below : above));
  box.style.top = `${down ? rect.bottom + gap : rect.top - gap - shown}px`;
  box.style.left = `${Math.max(margin, Math.min(rect.left, window.innerWidth - width - margin))}px`;
}

// ---- Events -------------------------------------------------------------------------

/** The kind of pointer that last pressed, to tell a tap from a click; and what it pressed, when, to tell its focus from the keyboard's. */
let lastPointer = '';
/** @type {{ target: EventTarget | null, at: number }} */
let pressed = { target: null, at: 0 };
const within = (/** @type {EventTarget | null} */ t) => !!current && t instanceof Node && (current.link.contains(t) || current.box.contains(t));

document.addEventListener('pointerdown', (event) => {
  lastPointer = event.pointerType;
  pressed = { target: event.target, at: event.timeStamp };
  // A press anywhere else closes it (a tap beside it on a phone).
  if (current && !within(event.target)) hide();
});

document.addEventListener('pointerover', (event) => {
  if (event.pointerType !== 'mouse') return;
  if (within(event.target)) return void clearTimeout(closeTimer);
  const link = crossReference(event.target);
  if (!link) return;
  clearTimeout(openTimer);
  openTimer = setTimeout(() => show(link, 'hover'), OPEN_DELAY);
});

document.addEventListener('pointerout', (event) => {
  if (event.pointerType !== 'mouse') return;
  // Still on the link or its popover: nothing changes.
  if (within(event.relatedTarget)) return;
  if (crossReference(event.target)) clearTimeout(openTimer);
  if (current?.how === 'hover' && within(event.target)) scheduleHide();
});

document.addEventListener('focusin', (event) => {
  if (current && !within(event.target)) hide();
  const link = crossReference(event.target);
  // Focus from the keyboard (or a script), not from a press: a click or a tap focuses the link too, and answers for
  // itself (the hover's pause, the tap). Not :focus-visible, which a script's focus after a click does not match.
  const byPress = link !== null && pressed.target instanceof Node && link.contains(pressed.target) && event.timeStamp - pressed.at < 1000;
  if (link && link !== dismissed && !byPress) show(link, 'focus');
  if (link !== dismissed) dismissed = null;
});

document.addEventListener('focusout', (event) => {
  // Focus left the link and its popover (to the address bar, another window): it closes, unless a tap opened it.
  if (current && current.how === 'focus' && !within(event.relatedTarget) && event.relatedTarget !== null) hide();
});

document.addEventListener('click', (event) => {
  const link = crossReference(event.target);
  if (!link || (lastPointer !== 'touch' && lastPointer !== 'pen')) return;
  lastPointer = '';
  // A tap previews instead of leaving; a second tap on the same link closes the preview.
  event.preventDefault();
  if (current?.link === link && current.how === 'tap') hide();
  else show(link, 'tap');
});

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !current) return;
  const { link, box } = current;
  const inside = box.contains(document.activeElement);
  hide();
  // Focus inside the popover goes back to the link it came from (and does not open it again).
  dismissed = link;
  if (inside) link.focus({ preventScroll: true });
});

// A reader who scrolls or turns the phone keeps the popover by its link; a followed link closes it.
window.addEventListener('scroll', () => place(), { passive: true, capture: true });
window.addEventListener('resize', () => place());
window.addEventListener('hashchange', () => hide());
window.addEventListener('pagehide', () => hide());
html.classList.add('previews');
export {};
