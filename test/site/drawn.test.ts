import { describe, expect, it } from 'vitest';
import { bundledSite, siteOf } from './built.ts';
import { makeProject } from '../helpers.ts';

describe('the built site: entities drawn', () => {
  it('draws the Cangaceiros map from its data: every space a link with its neighbours, terrain colours, railroads, arrows, marked draft', async () => {
    const files = await bundledSite();
    const html = String(files.get('cangaceiros/map.html'));
    const svgs = [...html.matchAll(/<svg class="map"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    expect(svgs).toHaveLength(2);
    const small = svgs[0]!;
    expect(small.match(/<circle class="space /g)).toHaveLength(18);
    expect(small.match(/<line class="edge k-border" /g)).toHaveLength(39);
    expect(small.match(/<line class="edge k-railroad restricted"/g)).toHaveLength(3);
    expect(small.match(/<line class="arrow"/g)).toHaveLength(17);
    // The rulebook's colour key: Sertão yellow, Serra brown, Caatinga green, City grey.
    expect(small).toMatch(/<circle class="space t-sertao" [^>]*fill="#ecc94b"/);
    expect(small).toMatch(/<circle class="space t-serra" [^>]*fill="#a47148"/);
    expect(small).toMatch(/<circle class="space t-caatinga" [^>]*fill="#6aa84f"/);
    expect(small).toMatch(/<circle class="space t-city" [^>]*fill="#b9b9b9"/);
    expect(small).toContain('<a href="#players-2-3-sousa" aria-label="Sousa (Sertão). Neighbours: Mossoró, Pau dos Ferros, Serra Talhada, Caruaru, Recife">');
    expect(small).toContain('class="watermark"');
    expect(html).toMatch(/<li id="players-2-3-recife"><b>Recife<\/b> <span class="terrain">\(City\)<\/span>\. Neighbours: .*Railroad: <a href="#players-2-3-mossoro">Mossoró<\/a>, <a href="#players-2-3-salgueiro">Salgueiro<\/a>\. Arrow to: <a href="#players-2-3-caruaru">Caruaru<\/a>\.<\/li>/);
    expect(html).toContain('<figcaption><span class="draft">draft</span> 2/3 players (draft)</figcaption>');
  });

  it('draws counted components (cards, tiles) as faces, with draft values marked', async () => {
    const files = await bundledSite();
    const cordel = String(files.get('cangaco/cordel.html'));
    expect(cordel).toContain('<div class="faces">');
    expect(cordel.match(/<article class="entity face/g)).toHaveLength(20);
    expect(cordel).toContain('<caption>Worked examples</caption>');
    const chiefs = String(files.get('cangaceiros/chiefs.html'));
    expect(chiefs).toMatch(/<dt>guns<\/dt><dd><span class="draft" title="[^"]+">draft: 3<\/span>/);
  });

  it('writes sitemap.xml under the --base path, with relative links in the pages', async () => {
    const files = await siteOf(await makeProject({}, { copyContent: ['cangaco'] }), { base: '/docs/', search: false });
    const xml = String(files.get('sitemap.xml'));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain('<url><loc>/docs/cangaco/cordel.html</loc></url>');
    expect(xml).toContain('<url><loc>/docs/index.html</loc></url>');
    expect(String(files.get('cangaco/cordel.html'))).not.toContain('/docs/');
  });
});
