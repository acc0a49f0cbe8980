import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RulesLanguage } from '../compiler/locales/language.ts';
import type { DeclaredValue, Manifest } from '../compiler/model.ts';
import { changeWords, endStateWords, fieldsOf, situationWords, unwordedEndFields, unwordedPlayerFields } from '../compiler/rules/example-words.ts';
import { playerStateModel } from '../compiler/rules/player-state.ts';
import { stateModel } from '../compiler/rules/state.ts';
import { withId } from '../compiler/value-ids.ts';
import { ROOT } from './helpers.ts';

// Worked examples in the words a rulebook uses for a situation, written against the sentence table's game
// (test/sentences/fixture.yaml), in English and in Brazilian Portuguese.

const fixture = parse(readFileSync(path.join(ROOT, 'test/sentences/fixture.yaml'), 'utf8')) as Manifest & { texts: Record<string, Record<string, string>> };
const declared = new Map(Object.entries(fixture.declarations ?? {}).map(([name, values]) => [name, (values as DeclaredValue[]).map(withId)]));
const end = stateModel(fixture, declared, () => undefined)!;
const players = playerStateModel(fixture, declared)!;
const en = () => new RulesLanguage('en');
const pt = () => new RulesLanguage('pt-BR', { main: 'en', texts: new Map(Object.entries(fixture.texts['pt-BR']!)) });

describe('a player situation before an effect', () => {
  const reads = new Set(['coins', 'fame', 'caravans', 'wounds']);

  it.each([
    [{ coins: 3, fame: 5 }, 'With 3 coins and 5 Fame Points', 'Com 3 moedas e 5 Pontos de Fama'],
    // A zero the rule reads is said, after what the player has; a zero it does not read is left out.
    [{ coins: 0, fame: 1, camp: 0 }, 'With 1 Fame Point and no coins', 'Com 1 Ponto de Fama e sem moedas'],
    // A field holding one value names it with its `state` phrase... and a field with no words for it is left out.
    [{ caravanTerrain: 'oasis', wounds: 0 }, 'With no wounds', 'Sem ferimentos'],
    // A count per terrain: each terrain apart, those at zero said once.
    [
      { caravans: { desert: 2, oasis: 1, mountains: 0 } },
      'With 2 caravans in Desert, 1 caravan in Oasis, and no caravans in Mountains',
      'Com 2 caravanas em Deserto, 1 caravana em Oásis e sem caravanas em Montanhas',
    ],
    [{}, 'With nothing', 'Sem nada'],
  ] as const)('%j', (given, english, portuguese) => {
    expect(situationWords(given, players, en(), reads)).toBe(english);
    const lang = pt();
    expect(situationWords(given, players, lang, reads)).toBe(portuguese);
    expect(lang.takeMissing()).toEqual([]);
  });

  it('names a value field by its `state` phrase when the game declares one', () => {
    const withState = playerStateModel(
      { ...fixture, playerState: fixture.playerState!.map((f) => (f.id === 'caravanTerrain' ? { ...f, state: 'your lead caravan in {{a value}} space' } : f)) },
      declared,
    )!;
    expect(situationWords({ coins: 1, caravanTerrain: 'oasis' }, withState, en(), reads)).toBe('With 1 coin and your lead caravan in an Oasis space');
  });

  it('says which fields it left out for want of words, so the build can warn', () => {
    expect(unwordedPlayerFields({ coins: 1, caravanTerrain: 'oasis', wounds: 2, nope: 1 }, players)).toEqual(['caravanTerrain']);
  });
});

describe('what an effect changed', () => {
  it.each([
    [{ coins: 3, fame: 5 }, { coins: 3, fame: 3 }, '3 Fame Points', '3 Pontos de Fama'],
    [{ coins: 3, fame: 5 }, { coins: 3, fame: 5 }, 'No change', 'Nada muda'],
    // Said even at zero: a change to nothing is a change.
    [{ coins: 2, fame: 5 }, { coins: 0 }, 'No coins', 'Sem moedas'],
    [
      { caravans: { desert: 1, oasis: 2, mountains: 3 }, camp: 0 },
      { caravans: { desert: 0, oasis: 0, mountains: 3 }, camp: 3 },
      '3 caravans at your camp and no caravans in Desert or Oasis',
      '3 caravanas no seu acampamento e sem caravanas em Deserto ou Oásis',
    ],
  ] as const)('%j -> %j', (given, expect_, english, portuguese) => {
    expect(changeWords(given, expect_, players, en())).toBe(english);
    const lang = pt();
    expect(changeWords(given, expect_, players, lang)).toBe(portuguese);
    expect(lang.takeMissing()).toEqual([]);
  });
});

describe("a player's end state beside their points", () => {
  const rule = {
    op: 'sum',
    of: [
      { op: 'per', points: 1, each: { field: 'tea' } },
      { op: 'if', has: { flag: 'merchant' }, points: 2 },
      { op: 'per', points: 1, each: { count: 'contracts' } },
    ],
  };
  const reads = fieldsOf(rule);

  it('reads the fields a rule names, wherever it names them', () => {
    expect([...reads].sort()).toEqual(['contracts', 'merchant', 'tea']);
  });

  it.each([
    [{ tea: 1, spice: 2 }, '1 Tea card and 2 Spice cards', '1 carta de chá e 2 cartas de especiaria'],
    // Zero: said when the rule reads it, left out when not.
    [{ tea: 0, spice: 0, pepper: 1 }, '1 Pepper card and no Tea cards', '1 carta de Pimenta e sem cartas de chá'],
    [{ merchant: true }, 'the Merchant card', 'a carta do Mercador'],
    [{ merchant: false, coins: 2 }, '2 coins and no Merchant card', '2 moedas e sem carta do Mercador'],
    [{ contracts: ['tea', 'silk', 'tea'] }, '3 contracts (2 for Tea and 1 for Silk)', '3 contratos (2 de chá e 1 de seda)'],
    [{ contracts: ['silk'] }, '1 contract for Silk', '1 contrato de seda'],
    [{ contracts: [] }, 'no contracts', 'sem contratos'],
    [{ spice: 0 }, 'nothing', 'nada'],
  ] as const)('%j', (given, english, portuguese) => {
    expect(endStateWords(given as Record<string, unknown>, end, en(), reads)).toBe(english);
    const lang = pt();
    expect(endStateWords(given as Record<string, unknown>, end, lang, reads)).toBe(portuguese);
    expect(lang.takeMissing()).toEqual([]);
  });

  it('says which fields have no words to name them', () => {
    const bare = stateModel(
      { ...fixture, endState: { type: 'E', fields: { ...fixture.endState!.fields, secret: { kind: 'flag' } } } } as Manifest,
      declared,
      () => undefined,
    )!;
    expect(unwordedEndFields({ tea: 1, secret: true }, bare)).toEqual(['secret']);
  });
});
