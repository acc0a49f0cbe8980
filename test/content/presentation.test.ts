import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.ts';
import { pagesOf, siteOf } from '../site/built.ts';
import { mainText, propertyNamesShown, schemaNames, stateFieldNames } from '../site/presentation-text.ts';

// The bundled games read as rulebooks: every label comes from a schema title,
// the faces the designers drew are used. Built in memory from content/.
let built: ReturnType<typeof siteOf> | undefined;
const bundled = () => (built ??= siteOf(ROOT, { search: false }));
const GAMES = readdirSync(path.join(ROOT, 'content'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe('the bundled games speak their own language, not their data', () => {
  it('no page of any bundled game shows a property name in its main text', async () => {
    const files = await bundled();
    const shown: Array<[string, string[]]> = [];
    for (const game of GAMES) {
      const { names, titleWords } = schemaNames([path.join(ROOT, 'schemas', game)]);
      for (const n of stateFieldNames(readFileSync(path.join(ROOT, 'content', game, 'game.yaml'), 'utf8'))) names.add(n);
      for (const [p, html] of pagesOf(files).filter(([p]) => p.startsWith(`${game}/`))) {
        const hits = propertyNamesShown(html, names, titleWords);
        if (hits.length) shown.push([p, hits]);
      }
    }
    expect(shown).toEqual([]);
  });

  it('draws Chiefs, Action cards, Events, Fazendas and the Vagabonds with their templates', async () => {
    const files = await bundled();
    for (const page of ['cangaceiros/chiefs.html', 'cangaceiros/action-cards.html', 'cangaceiros/fazendas.html', 'root/vagabonds.html']) {
      const html = String(files.get(page));
      expect(html.match(/<div class="face-body">/g)?.length, page).toBe(html.match(/<article class="entity/g)?.length);
    }
    const chiefs = mainText(String(files.get('cangaceiros/chiefs.html'))).replace(/\s+/g, ' ');
    expect(chiefs).toContain('Special ability: When you attack the Recife Prison');
    expect(chiefs).toMatch(/Guns 3 Protection 2 Facão 0/);
    expect(chiefs).toContain('take one of these actions: Movement Garrison Plunder');
    const vagabonds = mainText(String(files.get('root/vagabonds.html'))).replace(/\s+/g, ' ');
    expect(vagabonds).toContain('Itens iniciais: Bota Tocha Chá Espada');
    const scoring = String(files.get('cangaceiros/scoring.html'));
    expect(mainText(scoring)).toContain('For every 3 resource points they have, rounded down, each player gains 1 Fame Point.');
    expect(scoring).toMatch(/<details class="formula"><summary>How it is computed<\/summary>/);
    expect(mainText(String(files.get('cangaceiros/events.html')))).toContain('1 Caatinga Action card, 0 Serra Action cards, 6 Fame Points');
  });
});
