import { describe, expect, it } from 'vitest';
import { hostileProject, pagesOf, siteOf } from './built.ts';

// The `hostile` fixture game (test/fixtures/games/hostile): script in a YAML name, in Markdown prose, handlers and a javascript: URL.
describe('the built site: safety', () => {
  it('escapes or drops every script, handler and javascript: URL from content', async () => {
    const files = await siteOf(await hostileProject(), { search: false });
    const pages = pagesOf(files);
    expect(pages.length).toBeGreaterThan(3);
    for (const [page, html] of pages) {
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      // The 404 page is served at any missing address, so its links start from the site's base path ('/' here).
      expect(scripts, page).toEqual([
        `<script type="module" src="${
          page === '404.html'
            ? '/'
            : page
                .split('/')
                .slice(1)
                .map(() => '../')
                .join('')
        }site.js">`,
      ]);
      expect(html, page).not.toMatch(/\son[a-z]+=/i);
      expect(html, page).not.toMatch(/javascript:/i);
      expect(html, page).not.toContain('__pwned = 4"');
    }
    const cards = String(files.get('hostile/cards.html'));
    expect(cards).toContain('Evil &lt;script&gt;window.__pwned &#x3D; 1&lt;/script&gt; card');
    // The sanitizer keeps the prose and drops raw markup and the javascript: URL.
    const intro = String(files.get('hostile/rules/intro.html'));
    expect(intro).toContain('<p>Text window.__pwned = 3 and  and <a>a link</a>.</p>');
    expect(intro).not.toContain('raw html');
  });
});
