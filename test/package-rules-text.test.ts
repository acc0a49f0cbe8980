// The engine package's rules text for value rules (a final scoring, a Life Goal's Fame) is the sentence the site
// prints, in every declared locale, and the formula is a member of its own (`formula`): issue #20, "Rules text is
// sentences". Built from the bundled content (both emit paths: literals and data modules) and from a two-locale game.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitPackage } from '../compiler/emit-code/emit.ts';
import type { CheckResult } from '../compiler/pipeline.ts';
import { check } from '../compiler/pipeline.ts';
import { makeProject, MINI_DSL_GAME, miniDslFiles, ROOT } from './helpers.ts';
import { consumerOf, diagnostics, fullStateJs, inNode } from './package-consumer.ts';

const FINAL_SCORING =
  'Your Fame Points plus 1 for every 3 of the total of your Serra Action cards, Caatinga Action cards, Cangaceiros on your Player board, ' +
  'Cangaceiros in Garrisons, Reis tokens, Volante trophies, Training markers on your Player board, Deal tokens on your Player board, ' +
  'and Vengeance tokens on your Player board, minus your wounds (never below 0).';

/** Write the package of a checked project to a fresh generated/ and return its folder. */
async function written(result: CheckResult, literalLimit?: number): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'rulebook-rules-text-')), 'generated');
  await mkdir(dir);
  const options = literalLimit === undefined ? {} : { literalLimit };
  for (const [file, text] of emitPackage(result.games, result.schemas, '0', undefined, options)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** What an entry of the package says about its value rule. */
interface Said {
  rulesText: string;
  formula: string;
  rulesTexts?: Record<string, string>;
  value: number;
}

const READ = (collection: string, id: string, state: string) =>
  `const e = pkg.cangaceiros.${collection}.byId[${JSON.stringify(id)}];
  console.log(JSON.stringify({ rulesText: e.rulesText, formula: e.formula, rulesTexts: e.rulesTexts, value: e.value(fullState('cangaceiros', ${state})) }));`;

describe("the package's rules text for Cangaceiros' value rules", () => {
  let result: CheckResult;
  const folders: Record<string, string> = {};

  beforeAll(async () => {
    result = await check(ROOT);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    folders.literals = await written(result);
    folders['data modules'] = await written(result, 0);
  }, 120_000);

  const formulaOf = (collection: string, id: string) =>
    result.games.flatMap((g) => g.rules).find((r) => r.collection === collection && r.entryId === id && r.kind === 'value')!.formula;

  it.each(['literals', 'data modules'])('final scoring (%s): rulesText is the sentence, formula the formula, and value still computes', async (form) => {
    const said = (await inNode(
      path.join(folders[form]!, 'index.js'),
      fullStateJs(path.join(folders[form]!, 'index.js')) + READ('scoring', 'final-scoring', '{ fame: 10, reis: 7, wounds: 1 }'),
    )) as Said;
    expect(said.rulesText).toBe(FINAL_SCORING);
    // No field's name and no sign of the formula reaches the reader's text.
    expect(said.rulesText).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b|[⌊⌋]|max\(/);
    expect(said.formula).toBe(formulaOf('scoring', 'final-scoring'));
    expect(said.formula).toMatch(/^\(fame \+ ⌊max\(0, \(\(serraActionCards \+ caatingaActionCards\) \+ .* − wounds\) \/ 3⌋\)$/);
    // Cangaceiros declares one locale: no rulesTexts, as before.
    expect(said.rulesTexts).toBeUndefined();
    expect(said.value).toBe(12);
  });

  it.each(['literals', 'data modules'])("a Life Goal's Fame (%s): the sentence, and its formula apart", async (form) => {
    const said = (await inNode(
      path.join(folders[form]!, 'index.js'),
      fullStateJs(path.join(folders[form]!, 'index.js')) + READ('lifeGoals', 'life-goal-1', '{ wounds: 2 }'),
    )) as Said;
    expect(said).toEqual({ rulesText: '9 minus your wounds.', formula: '9 − wounds', value: 7 });
  });

  it('types `formula` on the entries of a collection with a value rule, and only there', async () => {
    const consumer = await consumerOf(folders['data modules']!);
    const file = path.join(consumer, 'engine.ts');
    await writeFile(
      file,
      `import { cangaceiros } from 'rulebook-generated';
const text: string = cangaceiros.scoring.byId['final-scoring'].rulesText;
const formula: string = cangaceiros.scoring.byId['final-scoring'].formula;
const goal: string = cangaceiros.lifeGoals.byId['life-goal-3'].formula;
// @ts-expect-error an event has an effect, not a value: no formula
cangaceiros.events.byId['procura-se'].formula;
export const all = [text, formula, goal];
`,
    );
    expect(diagnostics(file)).toEqual([]);
  }, 120_000);
});

describe('a value rule in a game that declares two locales', () => {
  it('gives rulesTexts in each, from the locale files, and one formula', async () => {
    const game = MINI_DSL_GAME.replace('locale: en\n', 'locale: en\nlocales: [en, pt-BR]\n').replace(
      '  - { id: wounds',
      "  - { id: coins, type: count, amount: \"{{n}} {{plural n 'coin' 'coins'}}\", description: Coins held. }\n  - { id: wounds",
    );
    const goals = [
      '- name: Purse',
      '  scoring: { op: per, points: 1, each: { field: flour } }',
      '  fame: { op: max, of: [0, { op: minus, from: { op: groupsOf, size: 2, of: { field: coins } }, subtract: { field: wounds } }] }',
      '',
    ].join('\n');
    const ptBR = [
      'texts:',
      "  \"{{n}} {{plural n 'coin' 'coins'}}\": \"{{n}} {{plural n 'moeda' 'moedas'}}\"",
      '  wound: ferimento',
      '  wounds: ferimentos',
      '  markers: marcadores',
      '  Flour markers held at the end.: Marcadores de farinha no fim.',
      '',
    ].join('\n');
    const root = await makeProject({ ...miniDslFiles(goals), 'content/mini/game.yaml': game, 'content/mini/locales/pt-BR.yaml': ptBR });
    const result = await check(root);
    expect(result.bag.sorted().filter((d) => d.severity === 'error' || d.ruleId === 'rule-words')).toEqual([]);
    const got = (await inNode(
      path.join(await written(result), 'index.js'),
      `const e = pkg.mini.goals.all[0];
      console.log(JSON.stringify({ rulesText: e.rulesText, rulesTexts: e.rulesTexts, formula: e.formula, value: e.value({ coins: 7, wounds: 1 }) }));`,
    )) as Said;
    expect(got).toEqual({
      rulesText: 'Gain 1 point for each marker that you have at the end of the game.\n1 for every 2 coins, minus your wounds (never below 0).',
      rulesTexts: {
        en: 'Gain 1 point for each marker that you have at the end of the game.\n1 for every 2 coins, minus your wounds (never below 0).',
        'pt-BR': 'Ganhe 1 ponto para cada marcador que você tiver ao final do jogo.\n1 para cada 2 moedas, menos o número de ferimentos (nunca abaixo de 0).',
      },
      formula: 'max(0, ⌊coins / 2⌋ − wounds)',
      value: 2,
    });
  }, 120_000);
});
