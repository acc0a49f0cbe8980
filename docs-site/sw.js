// @ts-check
// Offline reading: network first (so a rebuilt page shows at once), and
// every successful GET of the site is kept; with no network the kept copy is
// served. The live-reload channel of `rulebook serve` is never cached.
const CACHE = 'rulebook-v1';
// The WebWorker library types `self` as any worker's scope; this script only ever runs as a service worker.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([
          'index.html',
          'style.css',
          'site.js',
          'search.js',
          'filters.js',
          'fetch-json.js',
          'field-query.js',
          'field-search.js',
          'search-at-hand.js',
          'previews.js',
        ]),
      )
      .catch(() => {})
      .then(() => sw.skipWaiting()),
  );
});
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

/** A URL of this site, which a page may ask to keep. @type {(u: unknown) => u is string} */
const ours = (u) => typeof u === 'string' && u.startsWith(sw.location.origin);

sw.addEventListener('message', (event) => {
  /** @type {unknown[]} */
  const urls = Array.isArray(event.data?.cache) ? event.data.cache : [];
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.filter(ours).map((u) => cache.add(u).catch(() => {})))));
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin || url.pathname.includes('/__rulebook/')) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          // A copy that cannot be kept (storage full, a response the cache refuses) is skipped, not an unhandled rejection.
          caches
            .open(CACHE)
            .then((cache) => cache.put(request, copy))
            .catch(() => {});
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || Response.error())),
  );
});
