import { describe, expect, it } from 'vitest';
import { siteOf } from '../site/built.ts';
import { ROOT } from '../helpers.ts';

// The few site checks that are about the bundled games themselves (what their
// rulebooks print), not about the site generator: test/site/ and test/browser/
// hold the generator to the fixture games. Built in memory from content/; nothing is written.
let built: ReturnType<typeof siteOf> | undefined;
const bundled = () => (built ??= siteOf(ROOT, { search: false }));

describe('the bundled games on the site', () => {
  it('the Cangaceiros map is drawn in the rulebook colour key, railroads between Cities only, its undrawn side a marked draft', async () => {
    const html = String((await bundled()).get('cangaceiros/map.html'));
    const small = /<svg class="map"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    // The rulebook's colour key: Sertão yellow, Serra brown, Caatinga green, City grey.
    expect(small).toMatch(/<circle class="space t-sertao" [^>]*fill="#ecc94b"/);
    expect(small).toMatch(/<circle class="space t-serra" [^>]*fill="#a47148"/);
    expect(small).toMatch(/<circle class="space t-caatinga" [^>]*fill="#6aa84f"/);
    expect(small).toMatch(/<circle class="space t-city" [^>]*fill="#b9b9b9"/);
    expect(small.match(/<line class="edge k-railroad restricted"/g)?.length).toBeGreaterThan(0);
    // The rulebook does not print the board: the drawn side says it is a draft.
    expect(small).toContain('class="watermark"');
    expect(html).toMatch(/<figcaption><span class="draft">draft<\/span> 2\/3 players<\/figcaption>/);
  });

  it('the Cangaceiros board keeps a gap between names, so none stacks on another ("Cabrobó" over "Raso da Catarina")', async () => {
    const html = String((await bundled()).get('cangaceiros/map.html'));
    const svgs = [...html.matchAll(/<svg class="map"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    expect(svgs.length).toBeGreaterThanOrEqual(2);
    const attr = (tag: string, name: string) => Number(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]);
    for (const svg of svgs) {
      // A test-side estimate of each name's box (0.6 em a glyph, 1.05 em tall), grown by a third of its height.
      const boxes = [...svg.matchAll(/<text class="label"([^>]*)>([^<]*)<\/text>/g)].map((m) => {
        const size = attr(m[1]!, 'font-size');
        const w = [...m[2]!].length * size * 0.6;
        const anchor = /text-anchor="(\w+)"/.exec(m[1]!)?.[1];
        const x = attr(m[1]!, 'x') - (anchor === 'end' ? w : anchor === 'middle' ? w / 2 : 0);
        return { text: m[2]!, x, y: attr(m[1]!, 'y') - size * 0.8, w, h: size * 1.05, gap: size / 3 };
      });
      const close = boxes.flatMap((a, i) =>
        boxes
          .slice(i + 1)
          .filter((b) => a.x - a.gap < b.x + b.w && b.x < a.x + a.w + a.gap && a.y - a.gap < b.y + b.h && b.y < a.y + a.h + a.gap)
          .map((b) => `${a.text} / ${b.text}`),
      );
      expect(close).toEqual([]);
    }
  });

  it('Root: a reference to a glossary number (16.6.11 Gaste to 16.6.5 Compre) lands on the glossary entry', async () => {
    const files = await bundled();
    expect(String(files.get('root/rules.html'))).not.toMatch(/href="[^"]*#r-16-6-\d+"/);
    const glossary = String(files.get('root/glossary.html'));
    expect(glossary).toMatch(/<h2 id="compre"><span class="num">16\.6\.5<\/span> Compre<\/h2>/);
    expect(glossary).toMatch(/<a class="xref" href="glossary\.html#compre">16\.6\.5<\/a>/);
  });
});
