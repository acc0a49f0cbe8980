import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.ts';
import { decodeEntities, pagesOf, siteOf } from '../site/built.ts';

// The bundled games' drafts as a reader meets them (issue #19): the values the rulebooks do not print, marked on the
// value itself; what no entry printed said once per collection; no empty "—" row. Built in memory from content/.
let built: ReturnType<typeof siteOf> | undefined;
const bundled = () => (built ??= siteOf(ROOT, { search: false }));
const page = async (p: string) => String((await bundled()).get(p));
const articles = (html: string) => [...html.matchAll(/<article[^>]*aria-labelledby="([^"]+)">([\s\S]*?)<\/article>/g)].map((m) => ({ id: m[1]!, html: m[2]! }));
const text = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const withoutNotes = (html: string) => html.replace(/<span class="draft-note"[^>]*>[\s\S]*?<\/span>/g, '');

describe('drafted values on the bundled games', () => {
  it("Cangaceiros: every chief's Guns, Protection and Facão are drawn as drafts, the printed abilities are not, and the reason is said once", async () => {
    const html = await page('cangaceiros/chiefs.html');
    const chiefs = articles(html);
    expect(chiefs).toHaveLength(20);
    for (const chief of chiefs) {
      const drafted = [...chief.html.matchAll(/<span class="face-stat-draft"><span class="face-stat-label">([^<]+)<\/span> <span class="face-stat-value">(\d+)<\/span><button type="button" class="draft-mark"[^>]*>draft<\/button>/g)];
      expect(drafted.map((m) => `${m[1]} ${m[2]}`), chief.id).toEqual(['Guns 3', 'Protection 2', 'Facão 0']);
      // No value in the printed stat box, and no mark on the printed abilities.
      expect(chief.html, chief.id).not.toContain('class="face-stat"');
      const abilities = [...chief.html.matchAll(/<div class="face-ability">[\s\S]*?<\/div>/g)].map((m) => m[0]);
      expect(abilities.length, chief.id).toBe(2);
      for (const a of abilities) expect(a, chief.id).not.toMatch(/draft/);
      // The training and wound spaces are not on the face: said once above the chiefs, not on each.
      expect(chief.html, chief.id).not.toMatch(/class="draft"|draft-notes/);
    }
    const once = [...html.matchAll(/<aside class="collection-drafts" data-pagefind-ignore>([\s\S]*?)<\/aside>/g)];
    expect(once).toHaveLength(1);
    expect(text(once[0]![1]!)).toContain('Guns, Protection, and Facão : the rulebook does not print the Chief cards');
    // Said once as text on the page; the values carry it only in their closed notes.
    expect(text(withoutNotes(html)).split('drafted from the Chief in the Attack the Volantes example')).toHaveLength(2);
  });

  it('Cangaço: no row of "—"; a value no card prints is said once, one a card lacks says why, in English and in pt-BR', async () => {
    for (const [path, notGiven, once] of [
      ['cangaco/cards.html', 'not given by the rulebook', 'Not printed in the rulebook for any entry here'],
      ['cangaco/pt-BR/cards.html', 'não informado pelo livro de regras', 'Não impresso no livro de regras para nenhuma entrada aqui'],
    ] as const) {
      const html = await page(path);
      const cards = articles(html);
      expect(cards.length, path).toBe(11);
      expect(text(withoutNotes(html)), path).not.toContain('—');
      expect(html.split(once), path).toHaveLength(2);
      // Points and the deck's count are printed for no kind: said once above, no row on any card.
      // (The top-level rows: Os Cabras' points by count, a list of its own, has rows of the same name.)
      for (const card of cards)
        expect(card.html.replace(/<ul>[\s\S]*<\/ul>/g, ''), `${path} ${card.id}`).not.toMatch(/<dt>(Points|Pontos|Cards in the deck|Cartas no baralho)<\/dt>/);
      // Os Cabras: the resource it shows is not given, and says so with its mark; its one printed row (4 cards, 7 points) is plain.
      const cabras = cards.find((c) => c.id === 'os-cabras')!.html;
      expect(cabras).toMatch(new RegExp(`<span class="draft-value is-empty"><span class="draft-figure">${notGiven}</span><button type="button" class="draft-mark"`));
      expect(cabras).toMatch(/<dd>4<\/dd><dt>[^<]+<\/dt><dd>7<\/dd>/);
    }
  });

  it("Root: the drafted player count is marked on the count itself, in the game's words (pt-BR)", async () => {
    const home = await page('root/index.html');
    expect(home).toMatch(/<p>Jogadores: <span class="draft-value"><span class="draft-figure">2–6<\/span><button type="button" class="draft-mark"[^>]*>provisório<\/button><span class="draft-note"[^>]*>A seção 16 não diz quantos jogadores/);
  });

  it('on every page of the bundled site: each mark opens a note that is on the page and out of search; no empty value row', async () => {
    const pages = pagesOf(await bundled());
    let marks = 0;
    for (const [path, html] of pages) {
      for (const [, id] of html.matchAll(/<button type="button" class="draft-mark" aria-expanded="false" aria-controls="([^"]+)"/g)) {
        marks++;
        expect(html, `${path} ${id}`).toMatch(new RegExp(`<span class="draft-note" id="${id}" role="note" data-pagefind-ignore>`));
      }
      expect(html, path).not.toMatch(/<dd>(—)?<\/dd>|face-stat-value">—</);
      // Every entry's own note list is out of search too.
      expect(html, path).not.toMatch(/<details class="draft-notes">/);
    }
    expect(marks).toBeGreaterThan(60);
  });
});
