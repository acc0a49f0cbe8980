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

  it('Root: a reference to a glossary number (16.6.11 Gaste to 16.6.5 Compre) lands on the glossary entry', async () => {
    const files = await bundled();
    expect(String(files.get('root/rules.html'))).not.toMatch(/href="[^"]*#r-16-6-\d+"/);
    const glossary = String(files.get('root/glossary.html'));
    expect(glossary).toMatch(/<h2 id="compre"><span class="num">16\.6\.5<\/span> Compre<\/h2>/);
    expect(glossary).toMatch(/<a class="xref" href="glossary\.html#compre">16\.6\.5<\/a>/);
  });
});
