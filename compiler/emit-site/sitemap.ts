/**
 * sitemap.xml (sitemaps.org 0.9). Sitemaps need absolute locations; the build
 * knows only the path the site is served under (`--base`), so each <loc> is
 * that path plus the page, and a host prefixes it. Pages link to each other
 * relatively and do not depend on the base.
 */
export function sitemapXml(pages: readonly string[], base: string): string {
  const prefix = base.endsWith('/') ? base : base + '/';
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const urls = [...pages].sort().map((p) => `  <url><loc>${esc(encodeURI(prefix + p))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
