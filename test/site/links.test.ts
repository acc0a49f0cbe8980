import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeEntities, fixturesSite, idsOf, pagesOf } from './built.ts';

// On the fixture games (test/site/built.ts); the numbered rules are the `tree` fixture's (pt-BR).
describe('the built site: links', () => {
  it('every internal link, script, stylesheet and anchor on every page resolves', async () => {
    const files = await fixturesSite();
    const ids = new Map(pagesOf(files).map(([p, html]) => [p, idsOf(html)]));
    const broken: string[] = [];
    let checked = 0;
    let anchors = 0;
    for (const [page, html] of pagesOf(files)) {
      for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
        const raw = decodeEntities(m[1]!);
        if (/^(https?:|mailto:|data:)/.test(raw) || raw.startsWith('/__rulebook/')) continue;
        const [file = '', hash] = raw.split('#');
        // An absolute path (the 404 page's links, built for base '/') starts from the site's root.
        const target = file.startsWith('/') ? file.slice(1) : file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
        checked++;
        if (hash) anchors++;
        if (!files.has(target)) broken.push(`${page}: ${raw} (no file ${target})`);
        else if (hash !== undefined && hash !== '' && !ids.get(target)?.has(decodeURIComponent(hash))) broken.push(`${page}: ${raw} (no #${hash} in ${target})`);
      }
    }
    expect(broken).toEqual([]);
    // Every page of the three games, each with its navigation, anchors, cross-references and map links: a check that saw little checked nothing.
    expect(pagesOf(files).length).toBe(15);
    process.stderr.write(`site links: ${checked} checked, ${anchors} with an anchor\n`);
    expect(checked).toBeGreaterThan(150);
    expect(anchors).toBeGreaterThan(60);
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
    const m = /<a class="term" href="glossary\.html#ruina" aria-describedby="(tip-\d+)">RUÍNA<\/a><span class="tip" role="tooltip" id="(tip-\d+)" data-pagefind-ignore><b>Ruína<\/b>: /.exec(rules);
    expect(m?.[1]).toBeDefined();
    expect(m?.[1]).toBe(m?.[2]);
  });
});
