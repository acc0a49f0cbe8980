import { describe, expect, it } from 'vitest';
import { cangaceiros as c } from '../../generated/index.js';
import type { ChiefId, PlayerState, VolantePiece } from '../../generated/cangaceiros.js';
import { player } from './player-state.ts';

const side = 'players-2-3';
/** A piece on the side these tests play on: a node of another side is a type error. */
type Piece = VolantePiece<typeof side>;
const scores = (fame: Record<string, number>) => Object.fromEntries(Object.entries(fame).map(([p, f]) => [p, { fame: f }]));

describe('movement over the (draft) map', () => {
  it('a Gang reaches adjacent spaces and, from a City, the Cities joined by railroad', () => {
    expect(c.movement.gang.reach(side, 'recife')).toEqual(expect.arrayContaining(['caruaru', 'mossoro', 'salgueiro']));
    expect(c.movement.gang.reach(side, 'caruaru')).not.toContain('mossoro');
  });

  it('a Chief the game does not have, named in `by` (a string from input), is refused rather than silently ignored', () => {
    const unknown = 'lampiao2' as ChiefId; // what an unchecked save file could hold
    expect(() => c.tables.attackOutcome(3, { chiefs: unknown })).toThrow('by: { chiefs: "lampiao2" } names none of the chiefs');
    expect(() => c.movement.gang.reach(side, 'juazeiro', { by: { chiefs: unknown } })).toThrow('by: { chiefs: "lampiao2" } names none of the chiefs');
    expect(() => c.tables.cityExchange('mossoro', { chiefs: unknown })).toThrow('names none of the chiefs');
  });

  it('Cabeleira moves up to 2 extra spaces; other Chiefs move one', () => {
    const one = c.movement.gang.reach(side, 'juazeiro');
    const three = c.movement.gang.reach(side, 'juazeiro', { by: { chiefs: 'cabeleira' } });
    expect(c.movement.gang.reach(side, 'juazeiro', { by: { chiefs: 'lampiao' } })).toEqual(one);
    expect(three).toEqual(expect.arrayContaining(one));
    expect(three).toContain('mossoro'); // juazeiro -> pau-dos-ferros -> mossoro
    expect(three).toContain('salvador'); // juazeiro -> salgueiro -> salvador (railroad)
    expect(three).not.toContain('juazeiro');
  });

  it('a Volante never uses railroads, never enters Juazeiro, and enters the Caatinga only from round 6', () => {
    expect(c.movement.volante.reach(side, 'recife', { round: 3 })).not.toContain('mossoro');
    expect(c.movement.volante.reach(side, 'pau-dos-ferros', { round: 7 })).not.toContain('juazeiro');
    expect(c.movement.volante.reach(side, 'recife', { round: 5 })).not.toContain('moxoto');
    expect(c.movement.volante.reach(side, 'recife', { round: 6 })).toContain('moxoto');
    expect(c.movement.volante.mayEnter(side, 'juazeiro', 7)).toBe(false);
  });
});

describe('the example of Volantes movement (third Round), on the draft map', () => {
  const pieces: Piece[] = [
    { kind: 'garrison', node: 'moxoto', owner: 'blue' }, // in the Caatinga
    { kind: 'gang', node: 'serra-talhada', owner: 'yellow' },
    { kind: 'gang', node: 'caruaru', owner: 'red' },
    { kind: 'garrison', node: 'petrolina', owner: 'blue' },
    { kind: 'gang', node: 'serra-do-araripe', owner: 'yellow' },
    { kind: 'garrison', node: 'paulo-afonso', owner: 'blue' },
  ];
  const situation = { round: 3, pieces, scores: scores({ yellow: 6, red: 6, blue: 4 }) };

  it('Volante "A": its only target is a Garrison in the Caatinga, so it follows the arrow to Salgueiro', () => {
    expect(c.movement.volante.next(side, 'floresta', situation)).toEqual({ move: 'to', node: 'salgueiro', reason: 'arrow' });
    expect(c.movement.volante.next(side, 'floresta', { ...situation, round: 6 })).toEqual({ move: 'to', node: 'moxoto', reason: 'target', target: 'garrison' });
  });

  it('Volante "B": two adjacent Gangs tied on Fame: the Facão holder chooses', () => {
    expect(c.movement.volante.next(side, 'crossroads', situation)).toEqual({ move: 'choice', among: ['serra-talhada', 'caruaru'], chooser: 'facao', target: 'gang' });
    const ahead = { ...situation, scores: scores({ yellow: 6, red: 9, blue: 4 }) };
    expect(c.movement.volante.next(side, 'crossroads', ahead)).toEqual({ move: 'to', node: 'caruaru', reason: 'target', target: 'gang' });
  });

  it('Volante "C": a Garrison and a Gang adjacent: it goes for the Gang', () => {
    expect(c.movement.volante.next(side, 'ouricuri', situation)).toEqual({ move: 'to', node: 'serra-do-araripe', reason: 'target', target: 'gang' });
  });

  it('Volante "D": a target in its own space: it does not move', () => {
    expect(c.movement.volante.next(side, 'paulo-afonso', situation)).toEqual({ move: 'stay', reason: 'target-here' });
  });

  it('Garrisons: the one belonging to the Gang with the most Fame', () => {
    const garrisons: Piece[] = [{ kind: 'garrison', node: 'petrolina', owner: 'blue' }, { kind: 'garrison', node: 'cabrobo', owner: 'red' }];
    expect(c.movement.volante.next(side, 'salgueiro', { round: 2, pieces: garrisons, scores: scores({ blue: 3, red: 5 }) })).toMatchObject({ move: 'to', node: 'cabrobo' });
  });
});

describe('the attack table', () => {
  it('1: 1 wound / 1 arrested; 2: 2 / 2; 3 or more: the Chief dies / all', () => {
    expect([1, 2, 3, 4, 7].map((n) => c.tables.attackOutcome(n)).map((r) => [r?.chiefWounds, r?.arrested])).toEqual([[1, 1], [2, 2], ['dies', 'all'], ['dies', 'all'], ['dies', 'all']]);
    expect(c.tables.attackOutcome(0)).toBeUndefined();
  });

  it('Esperança ignores 2 attacking Volantes: up to 2 no wounds, 3 one wound, 4 two wounds', () => {
    const wounds = [1, 2, 3, 4].map((n) => c.tables.attackOutcome(n, { chiefs: 'esperanca' })?.chiefWounds ?? 0);
    expect(wounds).toEqual([0, 0, 1, 2]);
    expect(c.tables.attackOutcome(5, { chiefs: 'esperanca' })?.chiefWounds).toBe('dies');
    expect(c.tables.attackOutcome(3, { chiefs: 'lampiao' })?.chiefWounds).toBe('dies');
  });
});

describe('city exchanges and the Chiefs that change them', () => {
  const table = (x: { readonly [key: string]: unknown } | undefined) => (x?.table as Array<{ pay: number; gain: number }>).map((r) => `${r.pay}->${r.gain}`);
  it('Mossoró: 1/4/6 Deal and/or Vengeance for 1/3/5 Fame; with Jararaca 1/3/5 for 1/4/6', () => {
    expect(table(c.tables.cityExchange('mossoro'))).toEqual(['1->1', '4->3', '6->5']);
    expect(c.tables.cityExchange('mossoro')?.pay).toEqual(['deal', 'vengeance']);
    expect(table(c.tables.cityExchange('mossoro', { chiefs: 'jararaca' }))).toEqual(['1->1', '3->4', '5->6']);
  });
  it('Dulce changes Salgueiro and Ponto Fino Salvador, and nothing else', () => {
    expect(table(c.tables.cityExchange('salgueiro', { chiefs: 'dulce' }))).toEqual(['1->1', '3->4', '5->6']);
    expect(table(c.tables.cityExchange('salvador', { chiefs: 'ponto-fino' }))).toEqual(['1->1', '3->4', '5->6']);
    expect(table(c.tables.cityExchange('mossoro', { chiefs: 'dulce' }))).toEqual(['1->1', '4->3', '6->5']);
  });
});

describe('final scoring', () => {
  const scoring = c.scoring.byId['final-scoring'];
  it('adds the resource points, subtracts wounds, and gains 1 Fame per 3 (rounded down)', () => {
    expect(scoring.value(player({ fame: 10, serraActionCards: 1, caatingaActionCards: 1, cangaceirosOnPlayerBoard: 3, garrisonsByTerrain: { sertao: 2, serra: 1 }, reis: 4, deal: 1, vengeance: 1, wounds: 2 }))).toBe(14);
    expect(scoring.value(player({ fame: 7, reis: 8, volanteTrophies: 1, trainingMarkersOnPlayerBoard: 2 }))).toBe(10);
    expect(scoring.value(player({ fame: 3, reis: 2 }))).toBe(3);
    // A state that leaves out a field the rules read is refused, never scored as if it were 0.
    expect(() => scoring.value({ fame: 3, reis: 2 } as PlayerState)).toThrow('"wounds" (Wound cubes on the player\'s Chief card) is missing');
  });
});

describe('Serra Action cards whose lower part the DSL can say', () => {
  it('gain per unit, as printed', () => {
    const state = player({ cangaceirosOnPlayerBoard: 4, garrisonsByTerrain: { caatinga: 2, sertao: 1 }, reis: 1 });
    expect(c.actionCards.byId['serra-2'].apply!(state).reis).toBe(5);
    expect(c.actionCards.byId['serra-6'].apply!(state).reis).toBe(7);
    expect(c.actionCards.byId['serra-8'].apply!(state)).toMatchObject({ reis: 3, cangaceirosOnPlayerBoard: 6 });
    expect(c.actionCards.byId['serra-2'].rulesText).toBe('Gain 1 Reis token for each Cangaceiro on your Player board (not your Chief).');
  });
});

describe('Life Goals', () => {
  it('give 9 Fame Points minus the Wound cubes on the Chief card', () => {
    expect(c.lifeGoals.all).toHaveLength(14);
    for (const goal of c.lifeGoals.all) expect([goal.value(player({ wounds: 0 })), goal.value(player({ wounds: 3 }))], goal.id).toEqual([9, 6]);
  });
});

describe('the winner', () => {
  it('most Fame wins; then fewer Cangaceiros in the Prison; then fewer on the Event Track; then a shared victory', () => {
    const base = { fame: 10, reis: 0 };
    const standings = c.tables.standings([
      player({ ...base, cangaceirosInPrison: 2, cangaceirosOnEventTrack: 0 }),
      player({ ...base, cangaceirosInPrison: 1, cangaceirosOnEventTrack: 3 }),
      player({ ...base, cangaceirosInPrison: 1, cangaceirosOnEventTrack: 1 }),
      player({ ...base, fame: 12 }),
      player({ ...base, cangaceirosInPrison: 1, cangaceirosOnEventTrack: 1 }),
    ]);
    expect(standings.map((s) => [s.player, s.place, s.score])).toEqual([[3, 1, 12], [2, 2, 10], [4, 2, 10], [1, 4, 10], [0, 5, 10]]);
  });
});
