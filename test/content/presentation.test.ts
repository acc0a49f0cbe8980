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
    // Each stat a draft, marked on itself (test/content/drafts.test.ts).
    expect(chiefs).toMatch(/Guns 3 draft [^]*?Protection 2 draft [^]*?Facão 0 draft /);
    expect(chiefs).toContain('take one of these actions: Movement Garrison Plunder');
    const vagabonds = mainText(String(files.get('root/vagabonds.html'))).replace(/\s+/g, ' ');
    expect(vagabonds).toContain('Itens iniciais: Bota Tocha Chá Espada');
    const scoring = String(files.get('cangaceiros/scoring.html'));
    expect(mainText(scoring)).toContain('For every 3 resource points they have, rounded down, each player gains 1 Fame Point.');
    expect(scoring).toMatch(/<details class="formula"><summary>How it is computed<\/summary>/);
    // Worked examples as the rulebook says a situation: the nouns the fields declare, zeros said only where the rule reads them,
    // and after an effect only what changed.
    const events = mainText(String(files.get('cangaceiros/events.html')));
    expect(events).toContain('With 1 Caatinga Action card, 6 Fame Points, and no Serra Action cards');
    expect(events).toMatch(/With 4 Fame Points and 1 Reis token\s+No change\n/);
    expect(events).toContain(
      'With 2 Cangaceiros in Garrisons in Serra spaces, 1 Cangaceiro in a Garrison in a Sertão space, 1 Cangaceiro in the Recife Prison, your Gang in a City space, and no wounds',
    );
    expect(events).toContain('3 Cangaceiros in the Recife Prison, 3 wounds, and no Cangaceiros in Garrisons in Serra spaces');
    expect(events).not.toMatch(/The terrain of the space|Cangaceiro: \d|\b0 (wounds|Serra)/);
    const cordel = mainText(String(files.get('cangaco/pt-BR/cordel.html')));
    expect(cordel).toContain('Jogador 1: 3 cartas Os Cabras (2 com um recurso de farinha e 1 com um recurso de cachaça)');
    expect(cordel).toMatch(/Jogador 1: uma carta Chefe do Bando\s+Jogador 2: sem carta Chefe do Bando/);
  });
});
