import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.ts';
import { pagesOf, siteOf } from '../site/built.ts';

// The bundled games leave a reader at no dead end: icons drawn (issue #19), references outside the
// text said in words, lists that join their items with punctuation said once. Built in memory from content/.
let built: ReturnType<typeof siteOf> | undefined;
const bundled = () => (built ??= siteOf(ROOT, { search: false }));
const page = async (p: string) => String((await bundled()).get(p));

/** An icon set's entries as content declares them: ID, name and whether it has a picture. */
function iconsOf(game: string): Array<{ id: string; name: string; image: boolean }> {
  const entries = parse(readFileSync(path.join(ROOT, 'content', game, 'icons.yaml'), 'utf8')) as Array<Record<string, unknown>>;
  const text = (v: unknown) => String(v && typeof v === 'object' && 'placeholder' in v ? (v as { placeholder: unknown }).placeholder : v);
  const slug = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return entries.map((e) => ({ id: e.id ? String(e.id) : slug(text(e.name)), name: text(e.name), image: e.image !== undefined }));
}

/** A page's main text as read: tooltips (popups, not running text) left out, inline tags dropped without a space ("Lago.</a>," reads "Lago.,"). */
function readText(html: string): string {
  return (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '')
    .replace(/<span class="tip" role="tooltip"[^>]*>[\s\S]*?<\/span><\/span>/g, '</span>')
    .replace(/<\/?(?:p|li|dd|dt|td|th|tr|div|br|h[1-6]|table|caption|ul|ol|section|article|nav)\b[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('icons have pictures', () => {
  it("Root's items and hirelings and Cangaceiros' action icons are drawn on their icon pages, named, said once to be this edition's drawings", async () => {
    const drawn = { root: iconsOf('root'), cangaceiros: iconsOf('cangaceiros') };
    expect(drawn.root.filter((i) => i.image).map((i) => i.id)).toEqual(drawn.root.map((i) => i.id));
    expect(drawn.cangaceiros.filter((i) => i.image).map((i) => i.id)).toEqual(['threaten-gang', 'movement', 'garrison', 'training', 'plunder']);
    for (const [game, icons] of Object.entries(drawn)) {
      const html = await page(`${game}/icons.html`);
      for (const icon of icons) {
        const article = new RegExp(`<article class="entity[^"]*" aria-labelledby="${icon.id}">[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
        expect(article, icon.id).not.toBe('');
        const pictures = article.match(/<svg [^>]*role="img" aria-label="([^"]*)"/g) ?? [];
        expect(pictures, `${game} ${icon.id}`).toEqual(icon.image ? [expect.stringContaining(`aria-label="${icon.name}"`)] : []);
      }
    }
    // Said once per page, in the page's language, and in each picture's tooltip.
    const root = readText(await page('root/icons.html'));
    expect(root.match(/não são a arte impressa/g)).toHaveLength(1);
    expect(await page('root/icons.html')).toContain('title="Bota (desenho desta edição, não a arte impressa: o texto extraído perdeu as figuras)"');
    expect(readText(await page('cangaceiros/icons.html')).match(/they are not the printed art/g)).toHaveLength(1);
  });

  it('icon chips in running text and on faces carry the picture', async () => {
    const picture = (name: string) => new RegExp(`<span class="icon with-image"[^>]*><svg [^>]*role="img" aria-label="${name}"`);
    // Running text: "Comece com {icon:boot}, {icon:torch}..." (16.3.1.I), the glossary's Item (16.6.16).
    expect(await page('root/rules.html')).toMatch(picture('Bota'));
    expect(await page('root/glossary.html')).toMatch(picture('Besta'));
    // Faces: the Vagabonds' items, the Chiefs' actions and the Action cards' icons.
    expect(await page('root/vagabonds.html')).toMatch(new RegExp(`<span class="face-icon with-image">${picture('Tocha').source}`));
    expect(await page('cangaceiros/chiefs.html')).toMatch(new RegExp(`<span class="face-icon with-image">${picture('Movement').source}`));
    expect(await page('cangaceiros/action-cards.html')).toMatch(new RegExp(`<span class="face-icon with-image">${picture('Plunder').source}`));
  });
});

describe('no dead ends in the text', () => {
  it('Root names each rule outside its text with where it lives, in Portuguese, and links to none', async () => {
    const glossary = readText(await page('root/glossary.html'));
    expect(glossary).toContain('Veja 2.5 (na Lei de Root completa, fora deste texto).');
    const rules = readText(await page('root/rules.html'));
    expect(rules).toContain('Prepare as RUÍNAS (5.1.4, na Lei de Root completa, fora deste texto)');
    expect(rules).toContain('Veja: 5.1.4 4º Passo: Posicionar Ruínas (na Lei de Root completa, fora deste texto);');
    const outside = (parse(readFileSync(path.join(ROOT, 'content/root/rules.yaml'), 'utf8')) as Array<{ number: string; external?: boolean }>)
      .filter((r) => r.external)
      .map((r) => `r-${r.number.replace(/\./g, '-')}`);
    expect(outside.length).toBeGreaterThan(10);
    for (const [p, html] of pagesOf(await bundled()).filter(([p]) => p.startsWith('root/')))
      for (const anchor of outside) expect(html, `${p} links to ${anchor}`).not.toMatch(new RegExp(`href="[^"#]+#${anchor}"`));
  });

  it('no page of a bundled game joins punctuation twice (".." ".;" ".,"), an ellipsis aside', async () => {
    const found: string[] = [];
    for (const [p, html] of pagesOf(await bundled())) {
      const text = readText(html);
      for (const m of text.matchAll(/(?<!\.)\.\.(?!\.)|\.;|\.,/g)) found.push(`${p}: ${text.slice(Math.max(0, m.index - 40), m.index + 10)}`);
    }
    expect(found).toEqual([]);
  });
});
