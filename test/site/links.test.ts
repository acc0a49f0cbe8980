import { describe, expect, it } from 'vitest';
import { collectionPage } from '../../compiler/site-addresses.ts';
import { brokenLinks, FIXTURE_GAMES, fixtureManifest, fixturesSite, pagesOf } from './built.ts';

// On every fixture game (test/site/built.ts); the numbered rules are the `tree` fixture's (pt-BR).
describe('the built site: links', () => {
  it('every internal link, script, stylesheet and anchor on every page resolves', async () => {
    const files = await fixturesSite();
    const { broken, checked, anchors } = brokenLinks(files);
    expect(broken).toEqual([]);
    // Every page of every fixture game was checked: its overview, its drafts (when it has any) and a page per collection.
    const pages = new Set(pagesOf(files).map(([p]) => p));
    for (const g of FIXTURE_GAMES) {
      const m = fixtureManifest(g);
      for (const page of ['index.html', ...(['duel', 'board'].includes(g) ? ['drafts.html'] : []), ...Object.keys(m.collections).map(collectionPage)])
        expect(pages.has(`${m.id}/${page}`), `${m.id}/${page}`).toBe(true);
    }
    process.stderr.write(`site links: ${checked} checked, ${anchors} with an anchor\n`);
    // Each game's navigation, anchors, cross-references and map links: a check that saw little checked nothing.
    expect(checked).toBeGreaterThan(50 * FIXTURE_GAMES.length);
    expect(anchors).toBeGreaterThan(20 * FIXTURE_GAMES.length);
  });

  it('references to a glossary number (16.6.1) go to the glossary entry, not to the rules page', async () => {
    const files = await fixturesSite();
    const rules = String(files.get('tree/rules.html'));
    expect(rules).not.toMatch(/href="[^"]*#r-16-6-\d+"/);
    expect(rules).toContain('<a class="xref" href="glossary.html#ruina">16.6.1</a>');
    const glossary = String(files.get('tree/glossary.html'));
    expect(glossary).toMatch(/<h2 id="ruina"><span class="num">16\.6\.1<\/span> Ruína<\/h2>/);
  });

  it('rules have stable anchors, a # link and a copy button, cross-references and backlinks', async () => {
    const files = await fixturesSite();
    const rules = String(files.get('tree/rules.html'));
    expect(rules).toContain('<h3 id="r-16-4-1"><span class="num">16.4.1</span> 1º Passo: Escolha o Tabuleiro.</h3>');
    expect(rules).toMatch(/<a class="anchor" href="#r-16-4-1" aria-label="Link para 16\.4\.1">#<\/a> <button type="button" class="copy" data-copy="r-16-4-1"/);
    expect(rules).toMatch(/<a class="xref" href="rules\.html#r-16-5">16\.5<\/a>/);
    expect(rules).toMatch(/<p class="backlinks">Referenciada por: .*<a href="rules\.html#r-16-4-1">16\.4\.1<\/a>/);
  });

  it('glossary terms link to their entry with the definition in a tooltip tied by aria-describedby', async () => {
    const files = await fixturesSite();
    const rules = String(files.get('tree/rules.html'));
    const m =
      /<a class="term" href="glossary\.html#ruina" aria-describedby="(tip-\d+)">RUÍNA<\/a><span class="tip" role="tooltip" id="(tip-\d+)" data-pagefind-ignore><b>Ruína<\/b>: /.exec(
        rules,
      );
    expect(m?.[1]).toBeDefined();
    expect(m?.[1]).toBe(m?.[2]);
  });
});
