import { describe, expect, it } from 'vitest';
import { cangaceiros } from '../../generated/index.js';
import type { Cangaceiros } from '../../generated/index.js';
import { changes } from '../../generated/runtime.js';
import { player } from './player-state.ts';
import { differs, sourceText } from './source-text.ts';

const seed = sourceText('cangaceiros');
const section = seed.slice(seed.indexOf('\nDetails on Events\n'), seed.indexOf('\nDetails on Action Cards\n'));
const events = cangaceiros.events;
type State = Cangaceiros.PlayerState;

describe('Cangaceiros events', () => {
  it('are the 14 Event tiles and Peace', () => {
    expect(events.all.filter((e) => e.kind === 'event')).toHaveLength(14);
    expect(events.all.filter((e) => e.kind === 'peace').map((e) => e.name)).toEqual(['Peace']);
  });

  const tiles = events.all.filter((e) => e.kind === 'event').map((e) => [e.name as string, e] as const);
  it.each(tiles)('%s: the sentence rendered from the DSL is the rulebook sentence', (name, event) => {
    const at = section.indexOf(`\n${name}\n\n`);
    expect(at, `${name} is in Details on Events`).toBeGreaterThan(0);
    const printed = section.slice(at + name.length + 3).split('\n')[0];
    expect(`${event.rulesText}${event.reminder ? ` ${String(event.reminder)}` : ''}`, differs(`Event "${name}"`, printed ?? '')).toBe(printed);
  });

  it('every event has a worked example, and the site shows it', () => {
    for (const e of events.all) expect(e.examples?.length, e.id).toBeGreaterThan(0);
  });

  const examples = events.all.flatMap((e) => (e.examples ?? []).map((ex, i) => [`${e.id} #${i + 1}`, e, ex] as const));
  it.each(examples)('example %s holds in the engine package', (_, event, ex) => {
    // The example gives the fields it is about; the rest of the player's state is 0, as its `given` says.
    const after = event.apply!(player(ex.given as Record<string, unknown>)) as Record<string, unknown>;
    for (const [field, value] of Object.entries(ex.expect)) expect(after[field] ?? 0, field).toEqual(value);
  });

  const terrains = ['sertao', 'serra', 'caatinga', 'city', 'juazeiro', 'crossroads'] as const;
  it.each(terrains)('Sargento Quelè and Tocaia against a Gang in %s', (terrain) => {
    const state: State = player({ gangTerrain: terrain, wounds: 1, garrisonsByTerrain: { serra: 2, sertao: 1 }, cangaceirosInPrison: 1 });
    const quele = changes(state, events.byId['sargento-quele'].apply!(state));
    expect(quele).toEqual(['sertao', 'serra', 'city'].includes(terrain) ? { wounds: 3 } : {});
    const tocaia = events.byId.tocaia.apply!(state);
    // Serra Garrisons go to the Prison wherever the Gang is; the Gang is wounded in Caatinga or City.
    expect(tocaia.garrisonsByTerrain).toEqual({ serra: 0, sertao: 1 });
    expect(tocaia.cangaceirosInPrison).toBe(3);
    expect(tocaia.wounds).toBe(['caatinga', 'city'].includes(terrain) ? 4 : 1);
  });

  it('a payment you cannot afford costs Fame, never below 0', () => {
    expect(events.byId['procura-se'].apply!(player({ cangaceirosInPrison: 3, reis: 5, fame: 1 }))).toMatchObject({ reis: 1, fame: 0 });
    expect(events.byId['cala-a-boca'].apply!(player({ garrisonsByTerrain: { sertao: 2, caatinga: 1 }, reis: 0, fame: 10 }))).toMatchObject({ reis: 0, fame: 4 });
  });

  it('holding what the event asks for spares you', () => {
    expect(events.byId['sertao-perigoso'].apply!(player({ caatingaActionCards: 1, serraActionCards: 1, fame: 6 })).fame).toBe(6);
    expect(events.byId['raso-da-catarina'].apply!(player({ caatingaActionCards: 1, fame: 6 })).fame).toBe(2);
    expect(events.byId.peace.apply!(player({ fame: 3 }))).toEqual(player({ fame: 3 }));
  });
});
