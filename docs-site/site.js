// What every page shares: copy-link buttons, the `/` shortcut, dismissable
// glossary tooltips, the search box and the offline service worker. A module
// file, never inline script: the Content-Security-Policy allows only the
// site's own files.
import { attachSearch } from './search.js';

const html = document.documentElement;
html.classList.add('js');
const input = document.getElementById('search-q');
const results = document.getElementById('search-results');
const words = input ? JSON.parse(input.dataset.words || '{}') : {};

// A polite status line for screen readers ("Link copied").
const status = document.createElement('p');
status.className = 'visually-hidden';
status.setAttribute('role', 'status');
document.body.append(status);
const announce = (text) => { status.textContent = ''; setTimeout(() => { status.textContent = text; }, 50); };

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.copy') : null;
  if (!button) return;
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
    input.focus();
    input.select();
  }
  // WCAG 1.4.13: a tooltip can be dismissed without moving focus.
  if (event.key === 'Escape') html.classList.add('tips-off');
});
document.addEventListener('focusin', () => html.classList.remove('tips-off'));
document.addEventListener('pointermove', () => html.classList.remove('tips-off'), { passive: true });

// The home page lists games in several languages: its menu picks the index to search.
const language = document.getElementById('search-lang');
const bundle = language ? () => language.value : html.dataset.search || 'pagefind/en/';
if (input && results) attachSearch(input, results, words, bundle, html.dataset.root || '');
language?.addEventListener('change', () => input?.dispatchEvent(new Event('input')));

// Offline: a service worker keeps every page and asset once fetched. Only over http(s).
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register(new URL(`${html.dataset.root || ''}sw.js`, location.href)).then(async () => {
    const registration = await navigator.serviceWorker.ready;
    // This page loaded before the worker took control: hand it over to be cached too.
    registration.active?.postMessage({ cache: [location.href.split('#')[0], ...[...document.querySelectorAll('link[rel=stylesheet], script[src]')].map((e) => e.href || e.src)] });
  }).catch(() => {});
}
