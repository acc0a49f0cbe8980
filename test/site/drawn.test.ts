import { describe, expect, it } from 'vitest';
import { fixturesSite, siteOf } from './built.ts';
import { fixtureProject } from '../helpers.ts';

// On the fixture games (test/site/built.ts): the `board` fixture's map, the `duel` fixture's Trophy cards.
describe('the built site: entities drawn', () => {
  it('draws the map from its data: every space a link with its neighbours, kind colours, railroads, arrows, a marked draft', async () => {
    const files = await fixturesSite();
    const html = String(files.get('board/maps.html'));
    const svgs = [...html.matchAll(/<svg class="map"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    expect(svgs).toHaveLength(2);
    const valley = svgs[0]!;
    // test/fixtures/games/board/content/board/maps.yaml: 7 spaces, 8 borders, 1 railroad, 6 arrows.
    expect(valley.match(/<circle class="space /g)).toHaveLength(7);
    expect(valley.match(/<line class="edge k-border" /g)).toHaveLength(8);
    expect(valley.match(/<line class="edge k-railroad restricted"/g)).toHaveLength(1);
    expect(valley.match(/<line class="arrow"/g)).toHaveLength(6);
    // The colour key declared in game.yaml: Town gray, Field green, Shrine yellow.
    expect(valley).toMatch(/<circle class="space t-town" [^>]*fill="#b9b9b9"/);
    expect(valley).toMatch(/<circle class="space t-field" [^>]*fill="#6aa84f"/);
    expect(valley).toMatch(/<circle class="space t-shrine" [^>]*fill="#ecc94b"/);
    expect(valley).toContain('<a href="#valley-ashford" aria-label="Ashford (Town). Ashford is next to Elmstead and Dunmore.">');
    expect(valley).not.toContain('class="watermark"');
    // In sentences (test/site/map.test.ts tests their wording further).
    expect(html).toContain(
      '<li id="valley-ashford"><b>Ashford</b> <span class="terrain">(Town)</span>. Ashford is next to <a href="#valley-elmstead">Elmstead</a> and <a href="#valley-dunmore">Dunmore</a>. Railroad joins it to <a href="#valley-coldharbor">Coldharbor</a>. The arrow points to <a href="#valley-dunmore">Dunmore</a>.</li>',
    );
    // The second map is a whole-entry draft (provenance: placeholder): watermarked and captioned as such.
    expect(svgs[1]).toContain('class="watermark"');
    expect(html).toContain('<figcaption><span class="draft">draft</span> The Marsh</figcaption>');
  });

  it('draws counted components (cards, tiles) as faces, with draft values marked', async () => {
    const files = await fixturesSite();
    const trophies = String(files.get('duel/trophies.html'));
    expect(trophies).toContain('<div class="faces">');
    expect(trophies.match(/<article class="entity face/g)).toHaveLength(4);
    expect(trophies).toContain('<caption>Worked examples</caption>');
    // A draft no value on the face shows (the points in the rule's sentence): one badge on the entry's name, its notes listed once.
    expect(trophies).toMatch(/<h2 id="the-crown-jewel">The Crown Jewel <span class="draft" data-pagefind-ignore title="[^"]+">draft<\/span><\/h2>/);
    // The badge marks the heading; it is not part of the entry's name in "On this page" (nor in search, which ignores it).
    expect(trophies).toMatch(/<a href="#the-crown-jewel">The Crown Jewel<\/a>/);
    // The drafted picture is drawn apart, as a draft, on the value itself.
    expect(trophies).toContain('Picture:</em> <span class="face-draft-value">A crown on a cushion.<button type="button" class="draft-mark"');
    expect(trophies).not.toContain('<dt>flavor');
    // Not a counted component: the events are an entity list, not faces.
    expect(String(files.get('board/events.html'))).not.toContain('<article class="entity face');
  });

  it('writes sitemap.xml with full URLs when --base is one, with relative links in the pages', async () => {
    const files = await siteOf(await fixtureProject('duel'), { base: 'https://example.org/docs/', search: false });
    const xml = String(files.get('sitemap.xml'));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain('<url><loc>https://example.org/docs/duel/trophies.html</loc></url>');
    expect(xml).toContain('<url><loc>https://example.org/docs/index.html</loc></url>');
    expect(String(files.get('duel/trophies.html'))).not.toContain('example.org');
  });

  it('writes no sitemap for a path-only --base: the protocol wants full URLs', async () => {
    const files = await siteOf(await fixtureProject('duel'), { base: '/docs/', search: false });
    expect(files.has('sitemap.xml')).toBe(false);
    expect(files.has('duel/trophies.html')).toBe(true);
  });
});
