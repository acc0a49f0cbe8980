/**
 * The Content-Security-Policy of every page (a <meta> in the layout, and a
 * header under `rulebook serve`). Only the site's own files may load. Scripts
 * are external files (no inline script, no inline handler, so a script that
 * slipped into content still could not run). 'wasm-unsafe-eval' is the one
 * extra: Pagefind compiles its WebAssembly search module, which script-src
 * 'self' alone forbids. Its worker and fetches are same-origin ('self').
 * Images are the site's own files too: the favicon is favicon.svg (it was a
 * `data:` URL, which img-src no longer needs to allow). A form may submit to
 * the site alone: the search box does, when no script takes its query.
 */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // The search form, without script, submits its query to the site's home page (?q=): the site's own address.
    "form-action 'self'",
  ].join('; ');
}
