import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinItems } from '../../compiler/emit-site/join-items.ts';
import { diagnosticsOf, fixtureProject, swap } from '../helpers.ts';
import { siteOf } from './built.ts';

// The `tree` fixture (pt-BR) with a rule it refers to but does not hold: 2.5, declared `external: true`,
// referred to from running text, in brackets, and from a printed "see" line.
const RULES = 'content/tree/rules.yaml';
const GAME = 'content/tree/game.yaml';
const withOutsideRule = {
  [RULES]: (t: string) =>
    t
      .replace('text: Antes da primeira rodada, monte o tabuleiro.', 'text: Antes da primeira rodada, monte o tabuleiro. Veja {ref:2.5}.')
      .replace(
        'text: Cada tabuleiro tem clareiras ligadas por caminhos.',
        'text: Cada tabuleiro tem clareiras ligadas por caminhos ({ref:2.5}).\n  see:\n    - { ref: "2.5", label: "Governante." }\n    - { ref: "16.4", label: "Preparação." }',
      ) + '- number: "2.5"\n  title: Governante.\n  external: true\n',
};

/** The visible words of a page's main part: tags dropped (inline ones without a space, so "Lago.</a>," reads "Lago.,"). */
const wordsOf = (html: string) =>
  (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '')
    .replace(/<\/?(?:p|li|dd|dt|td|th|tr|div|h[1-6]|section|article)\b[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

describe('a reference to a rule outside the text', () => {
  it('says in words that the rule is outside this text, names where it lives, and links nowhere', async () => {
    const root = await fixtureProject('tree', {
      ...withOutsideRule,
      // A transcribed game says where the rest of its rules live.
      [GAME]: swap(
        'locale: pt-BR\n',
        'locale: pt-BR\nsource:\n  title: Árvore, seção 16\n  files: [{ file: source/arvore.txt, about: "A seção 16." }]\n  elsewhere: no livro de regras completo\n',
      ),
    });
    await mkdir(path.join(root, 'content/tree/source'), { recursive: true });
    await writeFile(path.join(root, 'content/tree/source/arvore.txt'), 'Árvore, seção 16.\n');
    expect((await diagnosticsOf(root)).filter((d) => d.includes('ref-outside-text'))).toEqual([]);
    const rules = String((await siteOf(root, { search: false })).get('tree/rules.html'));
    const words = wordsOf(rules);
    expect(words).toContain('monte o tabuleiro. Veja 2.5 (no livro de regras completo, fora deste texto).');
    // Already in brackets: said inside them, not in a second pair.
    expect(words).toContain('ligadas por caminhos (2.5, no livro de regras completo, fora deste texto).');
    // The printed "see" line: the rule's number and label, where it lives, and the stop said once.
    expect(words).toContain('Veja: 2.5 Governante (no livro de regras completo, fora deste texto); 16.4 Preparação.');
    // Links to the rules inside the text stay; none goes to the rule outside it.
    expect(rules).toContain('href="rules.html#r-16-4"');
    expect(rules).not.toMatch(/href="[^"#]+#r-2-5"/);
    // Under its own heading, the rule says where it lives instead of standing empty.
    expect(rules).toMatch(
      /<h3 id="r-2-5"><span class="num">2\.5<\/span> Governante\.<\/h3>[\s\S]*?<\/div><p class="outside-text">No livro de regras completo, fora deste texto\.<\/p>/,
    );
  });

  it('in a game that does not say where the rule lives, is a warning at each reference, and the page still says it is not here', async () => {
    const root = await fixtureProject('tree', withOutsideRule);
    expect((await diagnosticsOf(root)).filter((d) => d.includes('ref-outside-text'))).toEqual([
      'warning content/tree/rules.yaml:7:59 ref-outside-text: rule 2.5 is outside the text this game holds (external: true), so a reader cannot follow this reference [write the rule in the rules collection, or say where it lives with source.elsewhere in game.yaml ("in the full rulebook")]',
      'warning content/tree/rules.yaml:13:60 ref-outside-text: rule 2.5 is outside the text this game holds (external: true), so a reader cannot follow this reference [write the rule in the rules collection, or say where it lives with source.elsewhere in game.yaml ("in the full rulebook")]',
      'warning content/tree/rules.yaml:15:14 ref-outside-text: rule 2.5 is outside the text this game holds (external: true), so a reader cannot follow this reference [write the rule in the rules collection, or say where it lives with source.elsewhere in game.yaml ("in the full rulebook")]',
    ]);
    const rules = String((await siteOf(root, { search: false })).get('tree/rules.html'));
    expect(wordsOf(rules)).toContain('Veja 2.5 (fora deste texto).');
    expect(rules).not.toMatch(/href="[^"#]+#r-2-5"/);
  });
});

describe('list items joined with punctuation said once', () => {
  it('drops an item’s own full stop before the separator, keeps the last one and an ellipsis', () => {
    expect(joinItems(['O Lago.', 'Clareiras Costeiras.'])).toBe('O Lago, Clareiras Costeiras.');
    expect(joinItems(['4º Passo: Posicionar Ruínas.', 'Mapas Alternativos'], '; ')).toBe('4º Passo: Posicionar Ruínas; Mapas Alternativos');
    expect(joinItems(['<a href="#a">16.2.2.II O Lago.</a>', '<a href="#b">16.2.2.III Clareiras.</a>'])).toBe(
      '<a href="#a">16.2.2.II O Lago</a>, <a href="#b">16.2.2.III Clareiras.</a>',
    );
    expect(joinItems(['uma carta "Favor de..."', 'outra'])).toBe('uma carta "Favor de...", outra');
    expect(joinItems(['one'])).toBe('one');
  });

  it('joins sentences as sentences: a space between, each with its stop', () => {
    expect(joinItems(['Spend Deal tokens. Move 1 Volante.', 'You can spend them at MOSSORÒ.'])).toBe(
      'Spend Deal tokens. Move 1 Volante. You can spend them at MOSSORÒ.',
    );
  });
});
