// @ts-check
// What every page shares: copy-link buttons, the `/` shortcut, dismissable
// glossary tooltips, the search box and the offline service worker. A module
// file, never inline script: the Content-Security-Policy allows only the
// site's own files.
import { attachSearch } from './search.js';
import { attachCollectionPages } from './filters.js';
import { attachQueryHelp } from './field-search.js';
import { keepSearchAtHand } from './search-at-hand.js';
// Previews of cited rules, glossary terms and entry links (previews.js): it attaches itself.
import './previews.js';

const html = document.documentElement;
html.classList.add('js');
const input = /** @type {HTMLInputElement | null} */ (document.getElementById('search-q'));
const results = document.getElementById('search-results');
const words = input ? JSON.parse(input.dataset.words || '{}') : {};

// A polite status line for screen readers ("Link copied").
const status = document.createElement('p');
status.className = 'visually-hidden';
status.setAttribute('role', 'status');
document.body.append(status);
/** @param {string} text */
const announce = (text) => {
  status.textContent = '';
  setTimeout(() => {
    status.textContent = text;
  }, 50);
};

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.copy') : null;
  if (!(button instanceof HTMLElement)) return;
  const url = new URL(`#${button.dataset.copy}`, location.href).href;
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    // No Clipboard API (an http page on another host): the URL goes to the address bar instead.
    history.replaceState(null, '', url);
  }
  button.classList.add('done');
  setTimeout(() => button.classList.remove('done'), 1500);
  announce(words.copied || 'Link copied');
});

document.addEventListener('keydown', (event) => {
  const target = event.target;
  const typing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey && input) {
    event.preventDefault();
    // The box is in view (the header stays on screen): focusing it must not scroll the page.
    input.focus({ preventScroll: true });
    input.select();
  }
  // WCAG 1.4.13: a tooltip can be dismissed without moving focus.
  if (event.key === 'Escape') html.classList.add('tips-off');
});
document.addEventListener('focusin', () => html.classList.remove('tips-off'));
document.addEventListener('pointermove', () => html.classList.remove('tips-off'), { passive: true });

// A drafted value's "draft" button opens its note under the value, and closes it (compiler/emit-site/draft-marks.ts).
document.addEventListener('click', (event) => {
  const mark = event.target instanceof Element ? event.target.closest('button.draft-mark') : null;
  if (mark) mark.setAttribute('aria-expanded', String(mark.getAttribute('aria-expanded') !== 'true'));
});

// The home page lists games in several languages: its menu picks the index to search.
const language = /** @type {HTMLSelectElement | null} */ (document.getElementById('search-lang'));
const bundle = language ? () => language.value : html.dataset.search || 'pagefind/en/';
if (input && results) attachSearch(input, results, words, bundle, html.dataset.root || '');
language?.addEventListener('change', () => input?.dispatchEvent(new Event('input')));

// Field queries: the help panel beside the search box lists the game's fields (field-search.js).
attachQueryHelp();
// The header (its search box and Menu button) stays on screen on long pages and phones (search-at-hand.js).
keepSearchAtHand();

// A collection split over pages: its filters, and links to entries drawn on another of its pages (filters.js).
attachCollectionPages();

// Offline: a service worker keeps every page and asset once fetched. Only over http(s).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker
    .register(new URL(`${html.dataset.root || ''}sw.js`, location.href))
    .then(async () => {
      const registration = await navigator.serviceWorker.ready;
      // This page loaded before the worker took control: hand it over to be cached too.
      registration.active?.postMessage({
        cache: [
          location.href.split('#')[0],
          ...[.../** @type {NodeListOf<HTMLLinkElement | HTMLScriptElement>} */ (document.querySelectorAll('link[rel=stylesheet], script[src]'))].map((e) =>
            'href' in e ? e.href : e.src,
          ),
        ],
      });
    })
    .catch(() => {});
}

// ---- Page frame: the phone menu, rules by number, the touch-screen hint ------
// Below 40rem the side navigation folds behind the Menu button (style.css):
// one tap opens it above the page, a second closes it, and so does Escape
// (focus goes back to the button). Without script the navigation simply
// follows the page.
const menu = /** @type {HTMLButtonElement | null} */ (document.querySelector('button.menu'));
const side = document.getElementById('side-nav');
if (menu && side) {
  /** @param {boolean} open */
  const setOpen = (open) => {
    menu.setAttribute('aria-expanded', String(open));
    side.classList.toggle('open', open);
  };
  menu.addEventListener('click', () => setOpen(menu.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu.getAttribute('aria-expanded') !== 'true') return;
    if (!(document.activeElement === menu || side.contains(document.activeElement))) return;
    setOpen(false);
    menu.focus();
  });
}

// Rules by number: `rules.html#16.6.5`, as a reader types it or a rulebook
// prints it, goes to that rule's heading (its anchor is `#r-16-6-5`; the
// rule's section carries the number as data-number, since an id may not
// begin with a digit).
function followNumber() {
  let number;
  try {
    number = decodeURIComponent(location.hash.slice(1));
  } catch {
    // A malformed escape ("#16%"): no rule is named, and the rest of this script must still run.
    return;
  }
  if (!/^\d+(\.[\p{L}\d]+)*$/u.test(number) || document.getElementById(number)) return;
  const heading = document.querySelector(`[data-number="${CSS.escape(number)}"] :is(h2, h3, h4, h5, h6)[id]`);
  if (heading) location.replace(`#${heading.id}`);
}
followNumber();
window.addEventListener('hashchange', followNumber);

// A touch screen has no `/` key to press: its hint is dropped, from the page
// (style.css hides it too) and from what a screen reader announces.
if (window.matchMedia('(hover: none)').matches) {
  document.getElementById('search-hint')?.remove();
  const described = (input?.getAttribute('aria-describedby') || '').split(/\s+/).filter((id) => id && id !== 'search-hint');
  if (described.length) input?.setAttribute('aria-describedby', described.join(' '));
  else input?.removeAttribute('aria-describedby');
}
// ---- end of page frame ----------------------------------------------------------

// ---- Map zoom (the map page) -------------------------------------------------
// A drawn map opens at its own size (wider than a phone, which scrolls it sideways): the + and − buttons enlarge the drawing in
// its scrolling frame, keeping the same spot in the middle; touch, the wheel,
// a mouse drag and the arrow keys (the frame takes focus) move around it, and
// + / − zoom while the frame has focus. No library: a few steps of the drawing's width.
const ZOOMS = ['1', '1.5', '2', '3', '4'];
/**
 * @param {HTMLElement} frame
 * @param {number} step
 */
function zoomMap(frame, step) {
  const at = Math.max(0, ZOOMS.indexOf(frame.dataset.zoom || '1'));
  const next = Math.min(ZOOMS.length - 1, Math.max(0, at + step));
  if (next === at) return;
  // The point at the middle of the view, as a share of the drawing, stays in the middle.
  const cx = (frame.scrollLeft + frame.clientWidth / 2) / frame.scrollWidth;
  const cy = (frame.scrollTop + frame.clientHeight / 2) / frame.scrollHeight;
  frame.dataset.zoom = ZOOMS[next];
  // Each step is a multiple of the drawing's own size (its width attribute), the size it opens at.
  const svg = frame.querySelector('svg.map');
  if (svg instanceof SVGSVGElement) svg.style.width = next === 0 ? '' : `${svg.width.baseVal.value * Number(ZOOMS[next])}px`;
  frame.scrollLeft = cx * frame.scrollWidth - frame.clientWidth / 2;
  frame.scrollTop = cy * frame.scrollHeight - frame.clientHeight / 2;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll(`button.map-zoom[aria-controls="${frame.id}"]`))) {
    const zoomIn = button.dataset.zoom === 'in';
    button.disabled = zoomIn ? next === ZOOMS.length - 1 : next === 0;
  }
}
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.map-zoom') : null;
  const frame = button instanceof HTMLElement && document.getElementById(button.getAttribute('aria-controls') || '');
  if (frame) zoomMap(frame, button.dataset.zoom === 'in' ? 1 : -1);
});
for (const frame of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.map-scroll'))) {
  frame.addEventListener('keydown', (event) => {
    if (event.target !== frame || event.ctrlKey || event.metaKey || event.altKey) return;
    const step = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
    if (step) {
      event.preventDefault();
      zoomMap(frame, step);
    }
  });
  // A mouse drags the drawing (touch already pans a scrolling frame); a drag is not a click on the space under it.
  /** @type {{ x: number, y: number, left: number, top: number, moved: boolean } | null} */
  let drag = null;
  frame.addEventListener('pointerdown', (event) => {
    const scrolls = frame.scrollWidth > frame.clientWidth || frame.scrollHeight > frame.clientHeight;
    if (event.pointerType === 'mouse' && event.button === 0 && scrolls)
      drag = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop, moved: false };
  });
  frame.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    drag.moved = true;
    frame.classList.add('dragging');
    frame.scrollLeft = drag.left - dx;
    frame.scrollTop = drag.top - dy;
  });
  const end = () => {
    setTimeout(() => {
      drag = null;
    }, 0);
    frame.classList.remove('dragging');
  };
  frame.addEventListener('pointerup', end);
  frame.addEventListener('pointerleave', end);
  frame.addEventListener(
    'click',
    (event) => {
      if (drag?.moved) event.preventDefault();
    },
    true,
  );
}
// ---- end of map zoom ----------------------------------------------------------
