import { describe, expect, it } from 'vitest';
import { cangaco } from '../../generated/index.js';
import type { Cangaco } from '../../generated/index.js';
import { differs, sourceText } from './source-text.ts';

type EndState = Cangaco.CangacoEndState;
const seed = sourceText('cangaco');

/** The rulebook's own sentence for a Cordel card: the paragraph under its title. */
function printedSentence(title: string): string {
  const at = seed.indexOf(`\n${title}\n\n`);
  if (at < 0) return `(no Cordel card titled "${title}")`;
  return seed.slice(at + title.length + 3).split('\n')[0]!;
}

function state(partial: Partial<EndState>): EndState {
  return { flour: 0, cachaca: 0, ammunition: 0, cabras: [], completedSets: [], chefe: false, singles: [], doubled: [], ...partial };
}

describe('Cordel cards', () => {
  it('are the 20 the rulebook describes, with their printed titles', () => {
    const section = seed.slice(seed.indexOf('\nCordel Cards\n'));
    const titles = [...section.matchAll(/\n\n([^\n]+)\n\n(?:The player|Gain)/g)].map((m) => m[1]);
    expect(cangaco.cordel.all.map((c) => c.name), differs('The list of Cordel cards', titles.join(' / '))).toEqual(titles);
    expect(titles).toHaveLength(20);
  });

  it.each(cangaco.cordel.all.map((c) => [c.name, c] as const))('%s: the text rendered from the data is the rulebook sentence', (name, card) => {
    expect(card.rulesText, differs(`Cordel card "${name}"`, printedSentence(name))).toBe(printedSentence(name));
  });

  const examples = cangaco.cordel.all.flatMap((card) => (card.examples ?? []).map((ex, i) => [`${card.id} #${i + 1}`, card, ex] as const));
  it.each(examples)('example %s holds in the engine package', (_, card, ex) => {
    expect(card.score(ex.given.map((g) => state(g as Partial<EndState>)))).toEqual(ex.expect);
  });

  it('every card has at least one example', () => {
    for (const card of cangaco.cordel.all) expect(card.examples?.length, card.id).toBeGreaterThan(0);
  });
});

// The readings this edition makes where the printed cards are silent (marked `reading:` in cordel.yaml), run on the
// cards they shape: a failure names the card and the printed sentence the expectation was worked out from.
describe('the readings of the Cordel cards', () => {
  const says = (card: { name: string; rulesText: string }) => differs(`The reading of "${card.name}"`, printedSentence(card.name));
  const most = cangaco.cordel.byId['joao-valente-e-o-diabo-na-curva-da-taquara'];
  const fewest = cangaco.cordel.byId['o-corno-artur-no-brega-de-camelot'];
  it('ties share the best place and skip the places they fill', () => {
    expect(most.score([state({ flour: 4 }), state({ flour: 4 }), state({ flour: 2 }), state({ flour: 1 })]), says(most)).toEqual([5, 5, 2, 0]);
    expect(fewest.score([state({ flour: 0 }), state({ flour: 3 }), state({ flour: 3 }), state({ flour: 3 })]), says(fewest)).toEqual([-5, -3, -3, -3]);
  });
  it('places beyond the awards or the player count score 0', () => {
    expect(most.score([state({ flour: 1 })]), says(most)).toEqual([5]);
    expect(most.score([1, 2, 3, 4].map((f) => state({ flour: f }))), says(most)).toEqual([0, 2, 3, 5]);
  });
  it('a pair is min(X, Y); a set of 6 is floor(X / 6)', () => {
    expect(cangaco.cordel.byId['jeronimo-encontra-e-mata-o-sete-peles'].score([state({ flour: 7, ammunition: 3 })]), says(cangaco.cordel.byId['jeronimo-encontra-e-mata-o-sete-peles'])).toEqual([3]);
    expect(cangaco.cordel.byId['o-velho-calunga-e-a-rolinha-trelosa'].score([state({ flour: 17 })]), says(cangaco.cordel.byId['o-velho-calunga-e-a-rolinha-trelosa'])).toEqual([10]);
  });
  it('repeated sets count every set beyond the first of its kind; different sets count kinds', () => {
    const sets = state({ completedSets: ['igreja', 'igreja', 'tocaia', 'tocaia', 'tocaia'] });
    expect(cangaco.cordel.byId['o-antidote-da-catraia-dum-peito-so'].score([sets]), says(cangaco.cordel.byId['o-antidote-da-catraia-dum-peito-so'])).toEqual([6]);
    expect(cangaco.cordel.byId['o-bobo-de-currais-novos'].score([sets]), says(cangaco.cordel.byId['o-bobo-de-currais-novos'])).toEqual([0]);
    const ten = state({ completedSets: ['igreja', 'tocaia', 'tiroteio', 'coiteiro', 'acampamento', 'igreja'] });
    expect(cangaco.cordel.byId['o-bobo-de-currais-novos'].score([ten]), says(cangaco.cordel.byId['o-bobo-de-currais-novos'])).toEqual([5]);
  });
});

describe('the rest of Cangaço', () => {
  it('has the manifest facts and the effect order as data', () => {
    expect(cangaco.players).toEqual({ min: 2, max: 4 });
    expect(cangaco.components.map((c) => [c.name, c.count])).toEqual([['Cangaço cards', 97], ['Cordel cards', 24], ['Station cards', 3], ['Resource markers', 90], ['Rulebook', 1]]);
    expect(cangaco.constants.effectOrder).toEqual({ order: ['volante', 'igreja', 'tiroteio', 'tocaia', 'coiteiro'], thenBy: { most: 'ammunition' }, unlisted: 'last' });
    expect(cangaco.cards.all.map((c) => c.name)).toEqual(['Chefe do Bando', 'Os Cabras', 'Igreja', 'Tocaia', 'Tiroteio', 'Coiteiro', 'Acampamento', 'Volante', 'Coroné', 'Padim', 'Mascate']);
    expect(cangaco.cards.byId.acampamento).toMatchObject({ structure: 'set', setSize: 3, positions: ['left', 'middle', 'right'] });
    expect(cangaco.cards.byId['os-cabras'].countScoring?.find((r) => r.cards === 4)?.points).toBe(7);
    expect(cangaco.stations.all.map((s) => [s.number, s.deal, s.discardAtEnd])).toEqual([[1, 7, 1], [2, 8, 0], [3, null, 1]]);
  });

  it('marks what the rulebook does not give as placeholders', () => {
    const paths = cangaco.placeholders.map((p) => `${p.collection}/${p.id}${p.path}`);
    expect(paths).toContain('cards/os-cabras/countScoring/0/points');
    expect(paths).not.toContain('cards/os-cabras/countScoring/3/points');
    expect(paths).toContain('stations/dry-2/deal');
    expect(cangaco.placeholders.every((p) => p.note.length > 10)).toBe(true);
  });
});
