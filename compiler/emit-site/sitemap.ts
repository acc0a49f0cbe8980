/** Whether `--base` is a full URL (https://host/path/), which a sitemap needs; a bare path is not. */
export function isFullUrl(base: string): boolean {
  return /^https?:\/\/[^/]/.test(base);
}

/**
 * sitemap.xml (sitemaps.org 0.9). The protocol requires absolute URLs, so it
 * is written only when `--base` is a full URL (see withSitemap); a path-only
 * base gets no sitemap rather than an invalid one. Pages link to each other
 * relatively and do not depend on the base.
 */
export function sitemapXml(pages: readonly string[], base: string): string {
  const prefix = base.endsWith('/') ? base : base + '/';
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const urls = [...pages].sort().map((p) => `  <url><loc>${esc(encodeURI(prefix + p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
