import { describe, expect, it } from 'vitest';
import { cutNotes, elementEnd, indexedCopy, proseFirst, separated } from '../compiler/emit-site/search-copy.ts';
import { KindLabels, kindOf } from '../compiler/emit-site/search-kinds.ts';
import { fixturesSite, pagefindFragments } from './site/built.ts';

/** The text of the copy, each element's apart (Pagefind's reading joins some: the separators are tested on their own). */
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The text as Pagefind reads it: an element's text joined to the next one's with nothing between. */
const glued = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// The indexed copy of a page (compiler/emit-site/search-copy.ts): what a search result can quote.
describe('the indexed copy', () => {
  const chief =
    '<article class="entity face" aria-labelledby="lampiao">\n<div class="head"><h2 id="lampiao">Lampião</h2></div>\n' +
    '<div class="face-body"><div class="face-stats"><p><span class="face-stat-draft"><span class="face-stat-label">Guns</span> <span class="face-stat-value">3</span>' +
    '<button type="button" class="draft-mark" aria-expanded="false">draft</button><span class="draft-note" role="note" data-pagefind-ignore>drafted <span lang="pt-BR">from</span> an example</span></span></p></div>\n' +
    '<div class="face-ability"><p><strong>Special ability:</strong> You can remove all 3 Training markers from his card with a single Training action.</p></div>\n' +
    '<div class="face-bonuses"><p><strong>Bonuses:</strong> <span class="face-icon">Reis</span></p></div></div>\n' +
    '<p class="reading"><span class="reading-label">This edition&#x27;s reading:</span> The rulebook does not say who takes the wounds.</p>\n' +
    '<table class="examples"><caption>Worked examples</caption><thead><tr><th scope="col">Before</th></tr></thead><tbody><tr><td>With 2 wounds</td></tr></tbody></table>\n</article>';

  it("puts an entry's prose right after its heading, ends it with an anchor, and keeps the rest after it", () => {
    const copy = indexedCopy(chief);
    expect(text(copy)).toBe(
      'Lampião Special ability: You can remove all 3 Training markers from his card with a single Training action. Guns: 3 Bonuses: Reis With 2 wounds',
    );
    // The answer stops at the anchor, before the stats (docs-site/search.js reads it by its id).
    expect(copy.indexOf('class="face-ability"')).toBeLessThan(copy.indexOf('<span id="answer-end"></span>'));
    expect(copy.indexOf('<span id="answer-end"></span>')).toBeLessThan(copy.indexOf('class="face-stats"'));
    // A row of icons is no prose: it stays in the face, after the anchor.
    expect(copy.indexOf('class="face-bonuses"')).toBeGreaterThan(copy.indexOf('answer-end'));
  });

  it('cuts draft marks and notes (nested ones whole), readings, "not given" and table headers; keeps a drafted value', () => {
    const copy = cutNotes(chief);
    for (const gone of ['draft', 'drafted from an example', 'reading', 'does not say', 'Worked examples', 'Before'])
      expect(text(copy), gone).not.toContain(gone);
    expect(text(copy)).toContain('Guns 3');
    expect(text(cutNotes('<dd><span class="draft-value is-empty"><span class="draft-figure">not given by the rulebook</span></span></dd>'))).toBe('');
    // A span or paragraph of no note class is left alone.
    expect(cutNotes('<p>Keep <span>this</span></p>')).toBe('<p>Keep <span>this</span></p>');
  });

  it('sets labels apart from values, drops a label whose value was all notes, and stops a value once', () => {
    expect(glued(separated('<dl class="fields"><dt>Peça</dt><dd>peça da TORRE</dd><dt>Quantidade</dt><dd>1</dd></dl>'))).toBe(
      'Peça: peça da TORRE. Quantidade: 1.',
    );
    expect(glued(separated('<dl class="fields"><dt>Regra</dt><dd><a href="r.html">16.2.3 Mapa.</a></dd></dl>'))).toBe('Regra: 16.2.3 Mapa.');
    expect(
      glued(
        indexedCopy(
          '<dl class="fields"><dt>Structure</dt><dd>Set card</dd><dt>Set size</dt><dd><span class="draft-value is-empty"><span class="draft-figure">not given by the rulebook</span></span></dd></dl>',
        ),
      ),
    ).toBe('Structure: Set card.');
    // A value holding another list of fields: the inner values are stopped, the outer adds nothing.
    expect(glued(separated('<dl><dt>Cost</dt><dd><ul><li><dl><dt>Resource</dt><dd>Reis</dd><dt>Amount</dt><dd>3</dd></dl></li></ul></dd></dl>'))).toBe(
      'Cost: Resource: Reis. Amount: 3.',
    );
    expect(glued(separated('<span class="face-stat-label">Guns</span> <span class="face-stat-value">3</span>'))).toBe('Guns: 3');
  });

  it('leaves an entry with no prose, and the text between entries, as they were', () => {
    const map =
      '<p>Intro.</p><article class="entity"><div class="head"><h2 id="m">Map</h2></div><dl class="fields"><dt>Rule</dt><dd>16.2</dd></dl></article><p>After.</p>';
    expect(proseFirst(map)).toBe(map);
  });

  it('finds the end of an element across nested elements of its name', () => {
    const html = '<span a><span>x</span><br><span/>y</span>z';
    expect(html.slice(0, elementEnd(html, 0, 'span'))).toBe('<span a><span>x</span><br><span/>y</span>');
  });

  it('on the fixture site: no indexed page holds a draft note or a reading, every label is set apart', async () => {
    const files = await fixturesSite();
    const pages = pagefindFragments(files);
    const all = pages.map((p) => p.content).join('\n');
    expect(all).not.toMatch(/This edition's reading|not given by the rulebook|Worked examples/);
    // sheet/spells.html: Élan's reading ("The test rules print no cost for Élan") is out, its fields are prose.
    const spells = pages.find((p) => p.url === '/sheet/spells.html')!.content;
    expect(spells).toContain('Élan. Move again. Cost: 1. School: School of Frost. Element: Glace.');
    expect(spells).not.toContain('print no cost');
  });
});

describe('kinds of entry', () => {
  const page = (lang: string, body: string) => `<html lang="${lang}"><main>${body}</main></html>`;

  it('keys a kind the same in every language and page of a collection, and every rules page as "rules"', () => {
    expect(kindOf('duo/chiefs.html', page('en', '<h1>Chiefs</h1>'))).toEqual({ key: 'duo/chiefs', label: 'Chiefs', main: true });
    expect(kindOf('duo/pt-BR/chiefs.html', page('pt-BR', '<h1>Chefes</h1>'))).toEqual({ key: 'duo/chiefs', label: 'Chefes', main: false });
    // A page of a split collection: its collection's title, from its page list.
    expect(kindOf('synth/cards.2.html', page('en', '<nav data-collection-kind="Cards &amp; Tokens"></nav><h1>Cards 201–400</h1>'))).toEqual({
      key: 'synth/cards',
      label: 'Cards & Tokens',
      main: true,
    });
    expect(kindOf('duo/pt-BR/rules/scoring.html', page('pt-BR', '<h1>Pontos</h1>'))).toEqual({ key: 'rules', label: 'Regras', main: false });
    // A page of numbered rules (a rules collection) is of the rules too.
    expect(kindOf('tree/rules.html', page('pt-BR', '<h1>Regras</h1><section class="rule" data-number="16.1">'))?.key).toBe('rules');
    expect(kindOf('duo/index.html', page('en', '<h1>Duo</h1>'))).toBeUndefined();
    expect(kindOf('duo/pt-BR/index.html', page('pt-BR', '<h1>Duo</h1>'))).toBeUndefined();
    expect(kindOf('index.html', page('en', '<h1>Games</h1>'))).toBeUndefined();
  });

  it("labels each kind in each language, the main locale's first; the rules in every language of the site", () => {
    const labels = new KindLabels();
    labels.add('duo/pt-BR/chiefs.html', page('pt-BR', '<h1>Chefes</h1>'), 'pt-BR');
    labels.add('duo/chiefs.html', page('en', '<h1>Chiefs</h1>'), 'en');
    labels.add('duo/rules/overview.html', page('en', '<h1>Overview</h1>'), 'en');
    expect(labels.toJSON(['en', 'pt-BR'])).toEqual({
      'duo/chiefs': [
        ['en', 'Chiefs'],
        ['pt-BR', 'Chefes'],
      ],
      rules: [
        ['en', 'Rules'],
        ['pt-BR', 'Regras'],
      ],
    });
  });

  it('the fixture site writes pagefind/kinds.json: one key per kind, labelled in each language', async () => {
    const files = await fixturesSite();
    const kinds = JSON.parse(new TextDecoder().decode(files.get('pagefind/kinds.json') as Uint8Array)) as Record<string, Array<[string, string]>>;
    expect(kinds['duo/harvests']).toEqual([
      ['en', 'Harvest cards'],
      ['pt-BR', 'Cartas de colheita'],
    ]);
    expect(Object.fromEntries(kinds.rules!)).toMatchObject({ en: 'Rules', 'pt-BR': 'Regras' });
    // tree's numbered rules are the rules, not a kind titled "Regras" of their own.
    expect(kinds['tree/rules']).toBeUndefined();
    const fragments = pagefindFragments(files);
    const kindsInIndex = new Set(fragments.flatMap((f) => f.filters.kind ?? []));
    expect([...kindsInIndex].filter((k) => !(k in kinds))).toEqual([]);
  });
});
