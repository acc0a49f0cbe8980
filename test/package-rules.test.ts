// Every rule that is data is callable in the engine package built from the bundled content: Cangaço's card points
// (points by count, sets, doublings) with drafted values as a Draft, its standings, its order of effects, the
// Cangaceiros map's onEnter and the Life Goal costs' quantities, and the runtime's helpers as `rulebook-generated/runtime`.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitPackage } from '../compiler/emit-code/emit.ts';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, projectWithEdit, ROOT, swap } from './helpers.ts';
import { consumerOf, diagnostics, fullStateJs, inNode } from './package-consumer.ts';

/** Check the bundled content (no errors) and write its package to a folder of its own; `literalLimit` 0 puts every collection in a data module. */
async function builtPackage(literalLimit?: number): Promise<string> {
  const result = await check(ROOT);
  expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'rulebook-package-rules-')), 'generated');
  await mkdir(dir);
  const options = literalLimit === undefined ? {} : { literalLimit };
  for (const [file, text] of emitPackage(result.games, result.schemas, '0', undefined, options)) await writeFile(path.join(dir, file), text);
  return dir;
}

const EMPTY = `{ flour: 0, cachaca: 0, ammunition: 0, cabras: [], completedSets: [], chefe: false, singles: [], doubled: [] }`;

describe('the rules that are data, callable in the package built from the bundled content', () => {
  let generated = '';
  let index = '';
  const run = (script: string) => inNode(index, `${fullStateJs(index)}const empty = ${EMPTY};\n${script}`);

  beforeAll(async () => {
    generated = await builtPackage();
    index = path.join(generated, 'index.js');
  }, 120_000);

  it("scores Cangaço's worked example: 4 Os Cabras cards are 7 points, a number", async () => {
    const got = await run(`console.log(JSON.stringify(pkg.cangaco.tables.cardPoints({ ...empty, cabras: ['flour', 'flour', 'cachaca', 'ammunition'] })));`);
    expect(got).toEqual({ total: 7, byKind: { 'os-cabras': 7 } });
  });

  it('gives a Draft, not a number, where the points rest on a value the rulebook does not give', async () => {
    const got = (await run(
      `const t = pkg.cangaco.tables.cardPoints;
      const volante = t({ ...empty, singles: ['volante'] });
      const three = t({ ...empty, cabras: ['flour', 'flour', 'flour'] });
      const mixed = t({ ...empty, singles: ['volante'], cabras: ['flour', 'flour', 'cachaca', 'ammunition'] });
      console.log(JSON.stringify({ volante, three, mixed, isDraft: [pkg.isDraft(volante.total), pkg.isDraft(7)] }));`,
    )) as Record<string, { total: unknown; byKind: Record<string, unknown> }> & { isDraft: boolean[] };
    const printsNoPoints = 'Volante: The rulebook does not print the victory points of each card kind.';
    expect(got.volante!.total).toEqual({ draft: true, note: printsNoPoints, known: 0 });
    // 3 cards: the count row the rulebook does not give, with its own note.
    expect(got.three!.total).toEqual({ draft: true, note: 'Os Cabras: The rulebook gives only 4 cards = 7 points.', known: 0 });
    // The settled part (7 for the Os Cabras) is `known`; the kind whose points are drafted says so.
    expect(got.mixed!.total).toEqual({ draft: true, note: printsNoPoints, known: 7 });
    expect(got.mixed!.byKind['os-cabras']).toBe(7);
    expect(got.isDraft).toEqual([true, false]);
  });

  it('doubles by the completed Acampamentos: an Os Cabras collection takes one more card, and the state may not double more than it has', async () => {
    const got = (await run(
      `const t = pkg.cangaco.tables.cardPoints;
      // 3 Os Cabras and an Acampamento that adds a fourth: the rulebook's 7 points for 4 cards.
      const added = t({ ...empty, cabras: ['flour', 'flour', 'flour'], completedSets: ['acampamento'], doubled: ['os-cabras'] });
      const refused = [];
      for (const state of [
        { ...empty, cabras: ['flour'], doubled: ['os-cabras'] },
        { ...empty, completedSets: ['acampamento'], doubled: ['volante'] },
        { ...empty, singles: ['os-cabras'] },
        { ...empty, singles: ['not-a-card'] },
        { ...empty, singles: ['igreja'] },
        { ...empty, completedSets: ['volante'] },
      ]) {
        try { t(state); refused.push('accepted'); } catch (e) { refused.push(e.message); }
      }
      let ranking;
      try { pkg.cangaco.tables.standings([empty, { ...empty, singles: ['igreja'] }], []); } catch (e) { ranking = { name: e.name, problems: e.problems }; }
      console.log(JSON.stringify({ added: added.byKind['os-cabras'], refused, ranking }));`,
    )) as { added: unknown; refused: string[]; ranking: unknown };
    // In a ranking, the problem says whose state it is, as a list's parse does.
    expect(got.ranking).toEqual({
      name: 'StateError',
      problems: [{ path: '/1/singles/0', message: 'player 2: "singles" item 1 is Igreja, which is not a single card (it is a set card)' }],
    });
    expect(got.added).toBe(7);
    // Refused as a state's parse refuses: a StateError, every problem with its path, the cards by their names.
    const refusal = (message: string) => `The end state does not parse (1 problem):\n  ${message}`;
    expect(got.refused).toEqual([
      refusal('"doubled" names 1 card or set to double, but each completed Acampamento set doubles one and there are 0'),
      refusal('"doubled" doubles Volante once, but the end state holds none of it'),
      refusal('"singles" item 1 is Os Cabras, which is held in "cabras"'),
      // A kind the game does not have, or a set kind among the sets, is refused by the state's parse, in the game's words.
      expect.stringMatching(
        /^Cangaço end state does not parse \(1 problem\):\n {2}"singles" \(.*\) item 1 must be one of chefe-do-bando \(Chefe do Bando\), .*got "not-a-card"$/,
      ),
      refusal('"singles" item 1 is Igreja, which is not a single card (it is a set card)'),
      expect.stringMatching(
        /^Cangaço end state does not parse \(1 problem\):\n {2}"completedSets" \(One entry per completed set\) item 1 must be one of igreja \(Igreja\), .*got "volante"$/,
      ),
    ]);
  });

  it("ranks Cangaço's players by cards plus the open Cordel cards, tied players sharing the place, and gives a Draft over a drafted total", async () => {
    const got = await run(
      `const s = pkg.cangaco.tables.standings;
      const cabras = ['flour', 'flour', 'cachaca', 'ammunition'];
      const ranked = s([{ ...empty, flour: 7, cabras }, { ...empty, flour: 2 }, { ...empty, flour: 7 }, { ...empty, flour: 4 }],
        ['joao-valente-e-o-diabo-na-curva-da-taquara', 'as-proezas-de-tinho-mangoso']);
      const tied = s([{ ...empty, flour: 1 }, { ...empty, flour: 1 }, empty], ['joao-valente-e-o-diabo-na-curva-da-taquara']);
      const drafted = s([{ ...empty, singles: ['padim'] }, empty], []);
      let unknown;
      try { s([empty], ['not-a-cordel']); } catch (e) { unknown = e.message; }
      console.log(JSON.stringify({ ranked, tied, drafted, unknown }));`,
    );
    expect(got).toEqual({
      // Player 0: 5 (most flour, tied) + 7 (4 Os Cabras) + 2 (two with Flour); player 2: 5; player 3: 2 (third place); player 1: 0.
      ranked: [
        { player: 0, place: 1, score: 14 },
        { player: 2, place: 2, score: 5 },
        { player: 3, place: 3, score: 2 },
        { player: 1, place: 4, score: 0 },
      ],
      tied: [
        { player: 0, place: 1, score: 5 },
        { player: 1, place: 1, score: 5 },
        { player: 2, place: 3, score: 2 },
      ],
      drafted: { draft: true, note: 'Padim: The rulebook does not print the victory points of each card kind.' },
      unknown: '"not-a-cordel" is not an entry of cordel with a scoring rule',
    });
  });

  it('orders conflicting effects: Volante > Igreja > Tiroteio > Tocaia > Coiteiro, then more ammunition, the rest after', async () => {
    const got = await run(
      `const plays = [
        { player: 0, kind: 'coiteiro' }, { player: 1, kind: 'tocaia' }, { player: 2, kind: 'tocaia' },
        { player: 0, kind: 'mascate' }, { player: 1, kind: 'volante' }, { player: 2, kind: 'igreja' },
      ];
      const order = pkg.cangaco.tables.effectOrder(plays, [{ ammunition: 1 }, { ammunition: 2 }, { ammunition: 5 }]);
      let refused;
      try { pkg.cangaco.tables.effectOrder(plays, [{ ammunition: 1 }]); } catch (e) { refused = e.message; }
      console.log(JSON.stringify({ order: order.map((p) => p.player + ':' + p.kind), refused }));`,
    );
    expect(got).toEqual({
      order: ['1:volante', '2:igreja', '2:tocaia', '1:tocaia', '0:coiteiro', '0:mascate'],
      refused: 'the holdings must give "ammunition" as a number for player index 1 (item 2 of the list), got nothing',
    });
  });

  it("applies the Cangaceiros map's onEnter to a state and reads a Life Goal cost's quantity from one", async () => {
    const got = (await run(
      `const side = pkg.cangaceiros.map.all[0];
      const cost = pkg.cangaceiros.lifeGoalCosts.byId['sertao-garrison'];
      const any = pkg.cangaceiros.lifeGoalCosts.byId['any-garrison'];
      const state = fullState('cangaceiros', { wounds: 1, fame: 3, garrisonsByTerrain: { sertao: 2, serra: 1 }, reis: 4 });
      console.log(JSON.stringify({
        entered: side.apply(state), unchanged: state,
        sertao: cost.value(state), any: any.value(state), reis: pkg.cangaceiros.lifeGoalCosts.byId.reis.value(state),
      }));`,
    )) as { unchanged: Record<string, unknown> };
    expect(got).toEqual({
      // The state an engine holds (every field the rules read; fullState gives the rest as 0): one more wound, nothing else.
      entered: { ...got.unchanged, wounds: 2 },
      unchanged: expect.objectContaining({ wounds: 1, fame: 3, garrisonsByTerrain: { sertao: 2, serra: 1 }, reis: 4 }),
      sertao: 2,
      any: 3,
      reis: 4,
    });
  });

  it('the same functions work with every collection in a data module (literalLimit 0)', async () => {
    const dir = await builtPackage(0);
    const got = await inNode(
      path.join(dir, 'index.js'),
      `${fullStateJs(path.join(dir, 'index.js'))}const empty = ${EMPTY};
      console.log(JSON.stringify([
        pkg.cangaco.tables.cardPoints({ ...empty, cabras: ['flour', 'flour', 'cachaca', 'ammunition'] }).total,
        pkg.cangaco.tables.effectOrder([{ player: 0, kind: 'coiteiro' }, { player: 0, kind: 'volante' }], [{ ammunition: 0 }]).map((p) => p.kind),
        pkg.cangaceiros.lifeGoalCosts.byId.deal.value(fullState('cangaceiros', { deal: 2 })),
      ]));`,
    );
    expect(got).toEqual([7, ['volante', 'coiteiro'], 2]);
  }, 120_000);

  it("resolves `rulebook-generated/runtime` and types it all strictly in a consumer's project", async () => {
    const consumer = await consumerOf(generated);
    const file = path.join(consumer, 'engine.ts');
    await writeFile(
      file,
      `import { rankPlayers, rankSharePlace, isDraft, type Standing, type Draft } from 'rulebook-generated/runtime';
import { cangaco, isDraft as fromIndex, type CardPoints, type Points } from 'rulebook-generated';
import type { CangacoEndState, CardKindId } from 'rulebook-generated/cangaco';

const end: CangacoEndState = { flour: 1, cachaca: 0, ammunition: 2, cabras: ['flour'], completedSets: [], chefe: false, singles: ['volante'], doubled: [] };
const points: CardPoints<CardKindId> = cangaco.tables.cardPoints(end);
const total: Points = points.total;
const shown: string = isDraft(total) ? \`not final: \${total.note}\` : String(total + 1);
const standings: Standing[] | Draft = cangaco.tables.standings([end, end], ['o-bobo-de-currais-novos']);
const first: number | undefined = fromIndex(standings) ? undefined : standings[0]?.place;
const own: Standing[] = rankPlayers([{ fame: 3 }, { fame: 5 }], (s) => s.fame, []);
const awards: number[] = rankSharePlace([3, 1], 'most', [5, 3]);
const order = cangaco.tables.effectOrder([{ player: 0, kind: 'igreja', mine: true }], [{ ammunition: 0 }]);
const kept: boolean | undefined = order[0]?.mine;
// @ts-expect-error a kind of card the game does not have
cangaco.tables.effectOrder([{ player: 0, kind: 'igrejaa' }], [{ ammunition: 0 }]);
// @ts-expect-error a Cordel card the game does not have
cangaco.tables.standings([end], ['not-a-cordel']);
// @ts-expect-error Draft is not a number
const wrong: number = total;
export { shown, first, own, awards, kept, wrong };
`,
    );
    expect(diagnostics(file)).toEqual([]);
    // Run from the consumer's folder, so the bare specifiers resolve through its node_modules and the exports map.
    const probe = path.join(consumer, 'probe.mjs');
    await writeFile(
      probe,
      `import * as pkg from 'rulebook-generated';\nimport * as runtime from 'rulebook-generated/runtime';\nconsole.log(JSON.stringify({ rankPlayers: typeof runtime.rankPlayers, isDraft: typeof runtime.isDraft, same: runtime.rankPlayers === pkg.rankPlayers }));\n`,
    );
    const got = await inNode(probe, '');
    expect(got).toEqual({ rankPlayers: 'function', isDraft: 'function', same: true });
    const pkgJson = JSON.parse(await readFile(path.join(generated, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(pkgJson.exports['./runtime']).toEqual({ types: './runtime.d.ts', default: './runtime.js' });
  }, 120_000);
});

describe('card points: examples checked at build time, names checked at link', () => {
  it('a wrong expectation is an error at the example, naming what the points are, and points resting on a drafted value never match a number', async () => {
    const root = await projectWithEdit('cangaco', 'cards.yaml', (text) =>
      swap(
        '      expect: 7\n',
        '      expect: 8\n    - given: { cabras: [flour] }\n      expect: 3\n    - given: { cabras: [flour] }\n      expect: 0\n    - given: { cards: 1 }\n      expect: 0\n',
      )(text),
    );
    const found = (await diagnosticsOf(root)).filter((d) => d.includes('cards.yaml') && d.startsWith('error'));
    expect(found).toEqual([
      'error content/cangaco/cards.yaml:42:15 example-mismatch: example 1 expects 8 but the points are 7',
      'error content/cangaco/cards.yaml:44:15 example-mismatch: example 2 expects 3 but the points are a draft (Os Cabras: The rulebook gives only 4 cards = 7 points.)',
      'error content/cangaco/cards.yaml:46:15 example-mismatch: example 3 expects 0 but the points are a draft (Os Cabras: The rulebook gives only 4 cards = 7 points.)',
      expect.stringMatching(/^error content\/cangaco\/cards.yaml:47:23 example-field: "cards" is not a field of the end state/),
    ]);
  });

  it('a cardPoints table naming an end-state field or entry the game does not have is an error at the name', async () => {
    const root = await projectWithEdit('cangaco', 'game.yaml', (text) =>
      swap('    sets: completedSets\n', '    sets: completeSets\n')(swap('doubling: { by: acampamento,', 'doubling: { by: acampamentos,')(text)),
    );
    const found = (await diagnosticsOf(root)).filter((d) => d.startsWith('error'));
    expect(found).toEqual([
      expect.stringMatching(/game\.yaml:\d+:\d+ manifest-name: unknown end-state list "completeSets" \[did you mean "completedSets"\?\]/),
      expect.stringMatching(/game\.yaml:\d+:\d+ manifest-name: unknown cards entry "acampamentos" \[did you mean "acampamento"\?\]/),
    ]);
  });
});
