import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../compiler/pipeline.ts';
import { checkPresentation } from '../../compiler/emit-site/faces.ts';
import { sanitizeSvg } from '../../compiler/emit-site/icon-images.ts';
import { treeWithHostileIcon, treeWithIcons } from './icon-fixture.ts';
import { siteOf } from './built.ts';

async function diagnostics(root: string): Promise<string[]> {
  const result = await check(root);
  checkPresentation(root, result.games, result.bag, result.sources);
  return result.bag.sorted().map((d) => `${d.severity} ${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}`);
}

/** Icons without pictures, one whose name Markdown would read as syntax. */
const DRAWN_PLAIN = '- { id: torch, name: Tocha }\n- { id: perigo, name: Perigo }\n- { id: chave, name: "Chave [e]" }\n';

/** Each `<svg ...>...</svg>` of a page. */
const svgsOf = (html: string) => [...html.matchAll(/<svg\b[\s\S]*?<\/svg>/g)].map((m) => m[0]);

describe('icon pictures', () => {
  it('draws an icon with a picture on its page, in running text, with its name as its accessible name', async () => {
    const root = await treeWithHostileIcon();
    const files = await siteOf(root, { search: false });
    const icons = String(files.get('tree/icons.html'));
    const article = (id: string) => new RegExp(`<article class="entity[^"]*" aria-labelledby="${id}">[\\s\\S]*?</article>`).exec(icons)?.[0] ?? '';
    // Every icon that has a picture shows it under its name; the one without shows none.
    expect(svgsOf(article('torch'))).toHaveLength(1);
    expect(svgsOf(article('torch'))[0]).toMatch(/^<svg [^>]*class="icon-picture" role="img" aria-label="Tocha"/);
    expect(svgsOf(article('torch'))[0]).toContain('<path d="M12 12v10"></path>');
    expect(svgsOf(article('perigo'))).toHaveLength(1);
    expect(svgsOf(article('chave'))).toEqual([]);
    // What the content says of the drawing is its tooltip, in the page's language.
    expect(article('torch')).toContain('title="Tocha (desenho desta edição, não a arte impressa)"');

    const rules = String(files.get('tree/rules.html'));
    expect(rules).toMatch(
      /<span class="icon with-image" title="Tocha \(desenho desta edição, não a arte impressa\)"><svg [^>]*class="icon-image" role="img" aria-label="Tocha"[^>]*>[\s\S]*?<\/svg><span class="icon-name" aria-hidden="true">Tocha<\/span><\/span>/,
    );
    expect(rules).toMatch(/<span class="icon with-image" title="Perigo"><svg [^>]*aria-label="Perigo"/);
    // No picture: the name alone, as before.
    expect(rules).toContain('<span class="icon" role="img" aria-label="Chave">Chave</span>');
  });

  it('an icon token on a Markdown page reads as the icon, by its name, never its ID', async () => {
    const root = await treeWithIcons(DRAWN_PLAIN, {
      'content/tree/rules/icones.md': '# Ícones\n\nCada ruína guarda uma {icon:torch}; a {icon:chave} abre [o baú]*.\n',
    });
    const html = String((await siteOf(root, { search: false })).get('tree/rules/icones.html'));
    expect(html).toContain(
      'Cada ruína guarda uma <span class="icon" role="img" aria-label="Tocha">Tocha</span>; a <span class="icon" role="img" aria-label="Chave [e]">Chave [e]</span> abre',
    );
    expect(html).not.toContain('[torch]');
  });

  it('an icon token on a Markdown page draws the picture of the icon where it has one, as running text does', async () => {
    const root = await treeWithHostileIcon();
    await mkdir(path.join(root, 'content/tree/rules'), { recursive: true });
    await writeFile(path.join(root, 'content/tree/rules/icones.md'), '# Ícones\n\nCada ruína guarda uma {icon:torch}; a {icon:chave} abre o baú.\n');
    const html = String((await siteOf(root, { search: false })).get('tree/rules/icones.html'));
    expect(html).toMatch(
      /Cada ruína guarda uma <span class="icon with-image" title="Tocha \(desenho desta edição, não a arte impressa\)"><svg [^>]*aria-label="Tocha"[^>]*>[\s\S]*?<\/svg><span class="icon-name" aria-hidden="true">Tocha<\/span><\/span>;/,
    );
    expect(html).toContain('a <span class="icon" role="img" aria-label="Chave">Chave</span> abre');
  });

  it('a hostile SVG keeps its shapes and loses everything that could run, load or link, with a warning at its image:', async () => {
    const root = await treeWithHostileIcon();
    const files = await siteOf(root, { search: false });
    for (const page of ['tree/icons.html', 'tree/rules.html']) {
      const html = String(files.get(page));
      const drawn = svgsOf(html).filter((s) => s.includes('aria-label="Perigo"'));
      expect(drawn.length, page).toBeGreaterThan(0);
      for (const svg of drawn) {
        // The circle and the rectangle stay, stripped to geometry and a plain paint.
        expect(svg, page).toContain('<circle cx="12" cy="12" r="9" stroke="currentColor"></circle>');
        expect(svg, page).toContain('<rect x="2" y="2" width="4" height="4"></rect>');
        for (const bad of [
          /<script/i,
          /\son[a-z]+=/i,
          /javascript:/i,
          /evil\.example/,
          /url\(/,
          /href=/,
          /<image/,
          /<use/,
          /<a\b/,
          /foreignObject/i,
          /<iframe/,
          /<style/,
          /style=/,
          /__pwned/,
        ])
          expect(svg, `${page} ${bad}`).not.toMatch(bad);
      }
      expect(html, page).not.toContain('__pwned');
    }
    const said = await diagnostics(root);
    const removed = said.filter((d) => d.includes('icon-image-removed'));
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatch(/^warning content\/tree\/icons\.yaml:2:\d+ icon-image-removed: the site draws "icons\/perigo\.svg" without /);
    for (const part of ['onload=', '<script>', '<style>', 'onclick=', '<image>', 'xlink:href=', '<a>', '<foreignObject>', 'style='])
      expect(removed[0], part).toContain(part);
    // The drawn icon is not reported.
    expect(said.filter((d) => d.includes('icons.yaml:1:'))).toEqual([]);
  });

  it('sanitises with an allow-list: a paint that is a url() goes, a colour stays; a file with no <svg> has nothing to draw', () => {
    const { svg, removed } = sanitizeSvg('<svg viewBox="0 0 24 24"><path d="M0 0h24" stroke="#123" fill="url(#x)" transform="rotate(45 12 12)"/></svg>');
    expect(svg?.children).toHaveLength(1);
    expect((svg?.children[0] as { properties: Record<string, unknown> }).properties).toEqual({ d: 'M0 0h24', stroke: '#123', transform: 'rotate(45 12 12)' });
    expect(removed).toEqual(['fill=']);
    expect(sanitizeSvg('<html><body><p>not a picture</p></body></html>').svg).toBeUndefined();
  });

  it('a missing, outside or non-SVG image is an error at its image: value', async () => {
    const icons = `- { id: torch, name: Tocha, image: icons/tocha.svg }
- { id: perigo, name: Perigo, image: ../../../etc/passwd.svg }
- { id: chave, name: Chave, image: icons/chave.svg }
`;
    const root = await treeWithIcons(icons, { 'content/tree/icons/chave.svg': '<p>no drawing here</p>' });
    expect(await diagnostics(root)).toEqual([
      'error content/tree/icons.yaml:1:36 icon-image: no file "icons/tocha.svg" beside content/tree/icons.yaml',
      `error content/tree/icons.yaml:2:38 icon-image: "../../../etc/passwd.svg" is outside the game's folder: an icon's image is a file of the game`,
      'error content/tree/icons.yaml:3:36 icon-image: "icons/chave.svg" holds no <svg> element, so it is not an SVG image',
    ]);
  });
});
