import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledSite, decodeEntities, idsOf, pagesOf } from './built.ts';

describe('the built site: links', () => {
  it('every internal link, script, stylesheet and anchor on every page resolves', async () => {
    const files = await bundledSite();
    const ids = new Map(pagesOf(files).map(([p, html]) => [p, idsOf(html)]));
    const broken: string[] = [];
    let checked = 0;
    for (const [page, html] of pagesOf(files)) {
      for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
        const raw = decodeEntities(m[1]!);
        if (/^(https?:|mailto:|data:)/.test(raw) || raw.startsWith('/__rulebook/')) continue;
        const [file = '', hash] = raw.split('#');
        const target = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
        checked++;
        if (!files.has(target)) broken.push(`${page}: ${raw} (no file ${target})`);
        else if (hash !== undefined && hash !== '' && !ids.get(target)?.has(decodeURIComponent(hash))) broken.push(`${page}: ${raw} (no #${hash} in ${target})`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(2000);
  });

  it('references to a glossary number (16.6.N) go to the glossary entry, not to the rules page', async () => {
    const files = await bundledSite();
    const rules = String(files.get('root/rules.html'));
    expect(rules).not.toMatch(/href="[^"]*#r-16-6-\d+"/);
    const glossary = String(files.get('root/glossary.html'));
    // 16.6.11 "Gaste" refers to 16.6.5 "Compre": the link lands on the entry's ID anchor.
    expect(glossary).toMatch(/<h2 id="compre"><span class="num">16\.6\.5<\/span> Compre<\/h2>/);
    expect(glossary).toMatch(/<a class="xref" href="glossary\.html#compre">16\.6\.5<\/a>/);
  });

  it('rules have stable anchors, a # link and a copy button, cross-references and backlinks', async () => {
    const files = await bundledSite();
    const rules = String(files.get('root/rules.html'));
    expect(rules).toContain('<h3 id="r-16-1-1"><span class="num">16.1.1</span> 1º Passo: Escolha e Prepare o Mapa.</h3>');
    expect(rules).toMatch(/<a class="anchor" href="#r-16-1-1" aria-label="Link para 16\.1\.1">#<\/a> <button type="button" class="copy" data-copy="r-16-1-1"/);
    expect(rules).toMatch(/<a class="xref" href="rules\.html#r-16-2">16\.2<\/a>/);
    expect(rules).toMatch(/<p class="backlinks">Referenciada por: .*<a href="rules\.html#r-16-1-1">16\.1\.1<\/a>/);
  });

  it('glossary terms link to their entry with the definition in a tooltip tied by aria-describedby', async () => {
    const files = await bundledSite();
    const rules = String(files.get('root/rules.html'));
    const m = /<a class="term" href="glossary\.html#ruina" aria-describedby="(tip-\d+)">RUÍNAS<\/a><span class="tip" role="tooltip" id="(tip-\d+)" data-pagefind-ignore><b>Ruína<\/b>: /.exec(rules);
    expect(m?.[1]).toBe(m?.[2]);
  });
});
