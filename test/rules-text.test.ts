import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInLocales, RulesLanguage } from '../compiler/locales/language.ts';
import { renderScoring } from '../compiler/rules/render.ts';
import { stateModel } from '../compiler/rules/state.ts';
import type { CompiledRule, Manifest } from '../compiler/model.ts';
import { check } from '../compiler/pipeline.ts';
import { withId } from '../compiler/value-ids.ts';
import { fixtureProject, runCli, swap } from './helpers.ts';
import { ruleShownAtTop } from '../compiler/emit-site/rules-text.ts';

// The sentences rendered from the scoring DSL name what the manifest declares, never a field's name.
const manifest = {
  id: 'mini',
  name: 'Mini',
  locale: 'en',
  collections: {},
  declarations: {
    resources: [
      { id: 'cachaca', name: 'Cachaça' },
      { id: 'ammunition', name: 'Ammunition' },
    ],
  },
  endState: {
    type: 'MiniEndState',
    fields: {
      cachaca: { kind: 'count', resource: 'cachaca', nounPlural: 'markers' },
      ammunition: { kind: 'count', resource: 'ammunition', nounPlural: 'markers' },
    },
  },
} as unknown as Manifest;
const declared = new Map(Object.entries(manifest.declarations ?? {}).map(([name, values]) => [name, values.map(withId)]));
const state = stateModel(manifest, declared, (name) =>
  name === 'resources'
    ? new Map([
        ['cachaca', 'Cachaça'],
        ['ammunition', 'Ammunition'],
      ])
    : undefined,
)!;

describe('rules text for a resource count', () => {
  it('"for each" names the printed resource, not the field', () => {
    const text = renderScoring({ op: 'per', points: 2, each: { field: 'cachaca' } } as never, state);
    expect(text).toContain('each Cachaça marker');
    expect(text).not.toMatch(/\bcachaca\b/);
  });

  it('"if you have" names the printed resource, not the field', () => {
    const text = renderScoring({ op: 'if', points: 3, has: { field: 'ammunition' } } as never, state);
    expect(text).toContain('Ammunition markers');
    expect(text).not.toMatch(/\bammunition\b/);
  });
});

describe('the words of the rules text come from locale files', () => {
  const rank = { op: 'rank', by: { field: 'cachaca' }, order: 'most', awards: [5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] } as never;

  it('ordinals past the named ones take their suffix from Intl.PluralRules (21st, 22nd, 23rd)', () => {
    expect(renderScoring(rank, state)).toMatch(
      /the tenth gains 1 point, the 11th gains 1 point, .* the 21st gains 1 point, the 22nd gains 1 point, and the 23rd gains 1 point\.$/,
    );
  });

  it("the compiler's pt-BR file gives the grammar; the game's words come translated", () => {
    const pt = new RulesLanguage('pt-BR', {
      main: 'en',
      texts: new Map([
        ['Cachaça', 'cachaça'],
        ['markers', 'marcadores'],
      ]),
    });
    expect(renderScoring({ op: 'rank', by: { field: 'cachaca' }, order: 'fewest', awards: [-5, -3, -2, -1] } as never, state, pt)).toBe(
      'O jogador com menos marcadores de cachaça ao final do jogo perde 5 pontos. O segundo com menos perde 3 pontos, o terceiro perde 2 pontos e o quarto perde 1 ponto.',
    );
    expect(pt.takeMissing()).toEqual([]);
  });

  it('a word the locale lacks falls back to the main locale and is recorded as missing', () => {
    const pt = new RulesLanguage('pt-BR', { main: 'en' });
    expect(renderScoring({ op: 'per', points: 1, each: { field: 'ammunition' } } as never, state, pt)).toBe(
      'Ganhe 1 ponto para cada marker de Ammunition que você tiver ao final do jogo.',
    );
    // The game's own noun ("markers", in the singular after "cada"), not a word of the compiler's, is what it lacks.
    expect(pt.takeMissing()).toEqual(['"Ammunition"', '"markers"']);
  });

  it('a game in a third locale renders its scoring from its own locale file, with no compiler change', async () => {
    expect(builtInLocales()).not.toContain('fr');
    const root = await fixtureProject('tiny-fr');
    const result = await check(root);
    expect(result.bag.sorted().map((d) => `${d.ruleId}: ${d.message}`)).toEqual([]);
    const texts = Object.fromEntries(result.games[0]!.rules.map((r) => [r.entryId, r.text]));
    expect(texts).toEqual({
      'la-course-aux-lanternes':
        'Le joueur qui a le plus de jetons de Lanterne à la fin de la partie gagne 5 points. Le deuxième gagne 3 points et le troisième gagne 2 points.',
      'le-comptoir': 'Gagnez 2 points pour chaque série de 3 pièces de Cuivre que vous avez à la fin de la partie.',
      'le-joyau-de-la-couronne': 'Gagnez 4 points si vous avez la Couronne à la fin de la partie.',
      'la-paire': 'Gagnez 1 point pour chaque paire de 1 jeton de Lanterne et 1 pièce de Cuivre que vous avez à la fin de la partie.',
      'la-bourse-vide':
        'Le joueur qui a le moins de pièces de Cuivre à la fin de la partie perd 4 points. Le deuxième perd 3 points, le troisième perd 2 points et le quatrième perd 1 point.',
    });
  });
});

describe('a game in several locales', () => {
  const twoLocales = { 'content/duel/game.yaml': swap('locale: en\n', 'locale: en\nlocales: [en, pt-BR]\n') };

  it("gets each rule's text in every declared locale, and a warning per entry and locale for a text missing there", async () => {
    const root = await fixtureProject('duel', twoLocales);
    const result = await check(root);
    const race = result.games[0]!.rules.find((r) => r.entryId === 'the-lantern-race')!;
    expect(Object.keys(race.texts)).toEqual(['en', 'pt-BR']);
    expect(race.texts.en).toBe(race.text);
    expect(race.texts['pt-BR']).toBe(
      'O jogador com mais tokens de Lantern ao final do jogo ganha 5 pontos. O segundo com mais ganha 3 pontos e o terceiro ganha 2 pontos.',
    );
    const warnings = result.bag.sorted().filter((d) => d.ruleId === 'text-missing-locale');
    expect(warnings.map((d) => `${d.file}:${d.place?.start.line}`)).toEqual([
      'content/duel/trophies.yaml:5',
      'content/duel/trophies.yaml:16',
      'content/duel/trophies.yaml:24',
      'content/duel/trophies.yaml:31',
    ]);
    expect(warnings[0]!.severity).toBe('warning');
    expect(warnings[0]!.message).toBe('trophies "The Lantern Race": its pt-BR rules text lacks "Lantern", "tokens", so it reads the en words there');
  });

  it("a map of locales in the manifest, or the game's locale file, gives the translation; report counts what is missing", async () => {
    const root = await fixtureProject('duel', {
      ...twoLocales,
      'content/duel/game.yaml': (t) =>
        swap('{ id: lantern, name: Lantern }', '{ id: lantern, name: { en: Lantern, pt-BR: Lanterna } }')(twoLocales['content/duel/game.yaml'](t)),
    });
    await mkdir(path.join(root, 'content/duel/locales'));
    await writeFile(path.join(root, 'content/duel/locales/pt-BR.yaml'), 'texts:\n  tokens: fichas\n');
    const result = await check(root);
    const race = result.games[0]!.rules.find((r) => r.entryId === 'the-lantern-race')!;
    expect(race.texts['pt-BR']).toBe(
      'O jogador com mais fichas de Lanterna ao final do jogo ganha 5 pontos. O segundo com mais ganha 3 pontos e o terceiro ganha 2 pontos.',
    );
    expect(result.bag.sorted().filter((d) => d.ruleId === 'file-undeclared')).toEqual([]);
    expect(
      result.bag
        .sorted()
        .filter((d) => d.ruleId === 'text-missing-locale')
        .map((d) => d.place?.start.line),
    ).toEqual([16, 24, 31]);
    const report = await runCli(['report', '--game', 'duel', '-C', root]);
    expect(report.out).toContain(
      '  translations: pt-BR: 4 rules texts rendered (a translation, not printed), 3 with texts missing; 0 maps of locales without pt-BR; 2 field labels missing',
    );
    const json = JSON.parse((await runCli(['report', '--format', 'json', '--game', 'duel', '-C', root])).out);
    // No translation of the game's other texts (names, notes) nor of its rules page: the pt-BR pages would show them in English, marked.
    expect(json[0].translations).toEqual([
      { locale: 'pt-BR', rulesTexts: 4, missing: 3, textsMissing: 0, labelsMissing: 2, valueLabelsMissing: 0, untranslatedTexts: 23, untranslatedPages: 1 },
    ]);
  });

  it('a map of locales that lacks a declared locale is a warning naming its owner and the locale, and report counts it', async () => {
    const root = await fixtureProject('duel', {
      'content/duel/game.yaml': (t) => swap('{ id: silver, name: Silver }', '{ id: silver, name: { en: Silver } }')(twoLocales['content/duel/game.yaml'](t)),
      'content/duel/trophies.yaml': swap('- name: The Lantern Race\n', '- name: The Lantern Race\n  flavor: { en: Two lanterns. }\n'),
    });
    const warnings = (await check(root)).bag.sorted().filter((d) => d.ruleId === 'text-missing-locale' && !d.message.includes('rules text'));
    expect(warnings.map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.message}`)).toEqual([
      'content/duel/game.yaml:30:27 game.yaml: /declarations/resources/1/name has no pt-BR text (it gives en)',
      'content/duel/trophies.yaml:5:11 trophies "The Lantern Race": /flavor has no pt-BR text (it gives en)',
    ]);
    const json = JSON.parse((await runCli(['report', '--format', 'json', '--game', 'duel', '-C', root])).out);
    expect(json[0].translations[0]).toMatchObject({ locale: 'pt-BR', textsMissing: 2 });
  });

  it('renders effects in pt-BR from the playerState phrases the game translates', async () => {
    const root = await fixtureProject('board', { 'content/board/game.yaml': swap('locale: en\n', 'locale: en\nlocales: [en, pt-BR]\n') });
    await mkdir(path.join(root, 'content/board/locales'));
    await writeFile(
      path.join(root, 'content/board/locales/pt-BR.yaml'),
      [
        'texts:',
        "  \"{{n}} {{plural n 'coin' 'coins'}}\": \"{{n}} {{plural n 'moeda' 'moedas'}}\"",
        '  each of your Scouts on the board: cada um dos seus Batedores no tabuleiro',
        '  Scouts: Batedores',
        '',
      ].join('\n'),
    );
    const result = await check(root);
    expect(
      result.bag
        .sorted()
        .filter((d) => d.severity === 'warning' && d.ruleId !== 'component-count')
        .map((d) => d.message),
    ).toEqual([]);
    const texts = Object.fromEntries(result.games[0]!.rules.map((r) => [r.entryId, r.texts['pt-BR']]));
    expect(texts['market-day']).toBe('Você ganha 2 moedas.');
    expect(texts['lampada-velha']).toBe('Você ganha 1 moeda.');
    expect(texts['scout-bounty']).toBe('Ganhe 2 moedas por cada um dos seus Batedores no tabuleiro.');
    // Its worked example in pt-BR too: the situation with the same nouns, and after it only what changed.
    expect(result.games[0]!.rules.find((r) => r.entryId === 'scout-bounty')!.exampleWords?.['pt-BR']).toEqual([
      { given: ['Com 3 Batedores e 1 moeda'], after: '7 moedas' },
    ]);
    // The printed wording stays the main locale's text.
    expect(result.games[0]!.rules.find((r) => r.entryId === 'scout-bounty')!.text).toBe('Gain 2 coins for each of your Scouts on the board.');
  });

  it("a locale is a BCP 47 tag, and a game's locale file out of shape is an error at its place", async () => {
    const bad = await fixtureProject('tiny-fr', { 'content/tiny-fr/game.yaml': swap('locale: fr\n', 'locale: french!\n') });
    expect((await check(bad)).bag.sorted().map((d) => `${d.file}:${d.place?.start.line} ${d.ruleId}`)).toContain('content/tiny-fr/game.yaml:7 schema-pattern');
    const shape = await fixtureProject('tiny-fr', {
      'content/tiny-fr/locales/fr.yaml': swap('scoring:\n', 'texts:\n  Cuivre: [cuivre]\nwords: {}\nscoring:\n'),
    });
    const errors = (await check(shape)).bag
      .sorted()
      .filter((d) => d.ruleId === 'locale-file')
      .map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.message}`);
    expect(errors).toEqual([
      'content/tiny-fr/locales/fr.yaml:5:11 the translation of "Cuivre" must be a text',
      'content/tiny-fr/locales/fr.yaml:6:1 "words" is not a key of a locale file (scoring, effects, valueRules, articles, texts, labels, values, examples, singulars)',
    ]);
  });
});

describe('which rules an entry shows above its fields', () => {
  const rule = (kind: CompiledRule['kind'], pointer: string) => ({ kind, pointer }) as CompiledRule;
  it('a rule of the entry itself, and a value that computes something: yes', () => {
    expect(ruleShownAtTop(rule('effect', '/effect'), {})).toBe(true);
    expect(ruleShownAtTop(rule('scoring', '/scoring'), {})).toBe(true);
    expect(ruleShownAtTop(rule('value', '/fame'), { fame: { op: 'minus', from: 9, subtract: { field: 'wounds' } } })).toBe(true);
  });
  it("a rule nested in a field (drawn there, under its label) and a bare count (the entry's own text says it): no", () => {
    expect(ruleShownAtTop(rule('effect', '/woundBorder/onEnter'), {})).toBe(false);
    expect(ruleShownAtTop(rule('value', '/quantity'), { quantity: { field: 'reis' } })).toBe(false);
    expect(ruleShownAtTop(rule('value', '/quantity'), { quantity: { field: 'garrisonsByTerrain', keys: ['sertao'] } })).toBe(false);
  });
});
