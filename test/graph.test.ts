import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnosticsOf, fixtureProject, runCli, swap } from './helpers.ts';

// The graph and effect checks, on the small `board` fixture game
// (test/fixtures/games/board): a designer's edit to a bundled map cannot break them.
const MAP = 'content/board/maps.yaml';
const EVENTS = 'content/board/events.yaml';

const errorsOf = async (edits: Record<string, (text: string) => string>): Promise<string[]> =>
  (await diagnosticsOf(await fixtureProject('board', edits))).filter((d) => d.startsWith('error'));

describe('the map invariants are located errors', () => {
  it('the fixture itself is clean', async () => {
    expect(await diagnosticsOf(await fixtureProject('board'))).toEqual([]);
  });

  it('an edge to an unknown space (a dangling reference) gets a did-you-mean', async () => {
    expect(await errorsOf({ [MAP]: swap('- { a: ashford, b: elmstead, kind: border }', '- { a: ashford, b: elmsted, kind: border }') })).toEqual([
      'error content/board/maps.yaml:14:24 graph-unknown-node: edge 1 of valley names an unknown node "elmsted" [did you mean "elmstead"?]',
    ]);
  });

  it('a pair listed twice, a railroad off the Towns, an arrow into the Shrine that is not along a border', async () => {
    const edit = (y: string) =>
      swap(
        '- { from: coldharbor, to: fallow }',
        '- { from: coldharbor, to: greystone }',
      )(
        swap(
          '- { a: dunmore, b: elmstead, kind: border }',
          '- { a: dunmore, b: elmstead, kind: border }\n    - { a: elmstead, b: dunmore, kind: border }\n    - { a: dunmore, b: fallow, kind: railroad }',
        )(y),
      );
    expect(await errorsOf({ [MAP]: edit })).toEqual([
      'error content/board/maps.yaml:17:7 graph-duplicate-edge: "elmstead" and "dunmore" are joined by a border twice (edges are undirected: list each pair once) [first listed as edge 3]',
      'error content/board/maps.yaml:18:7 graph-edge-between: a railroad may only join town nodes, but "dunmore" is field',
      'error content/board/maps.yaml:18:7 graph-edge-between: a railroad may only join town nodes, but "fallow" is field',
      'error content/board/maps.yaml:31:7 graph-arrow-not-adjacent: the arrow from "coldharbor" points to "greystone", which is not adjacent to it for patrol (edges: border)',
      'error content/board/maps.yaml:31:31 graph-arrow-forbidden: the arrow from "coldharbor" points into shrine ("greystone"), which patrol never enters',
    ]);
  });

  it('a space cut off from the rest', async () => {
    const edit = (y: string) =>
      swap('    - { a: greystone, b: fallow, kind: border }\n', '')(swap('    - { a: dunmore, b: greystone, kind: border }\n', '')(y));
    expect(await errorsOf({ [MAP]: edit })).toEqual([
      'error content/board/maps.yaml:14:5 graph-disconnected: valley is not connected: "greystone" cannot be reached from "ashford"',
    ]);
  });

  it('a space a Patrol can stand on without an arrow out', async () => {
    expect(await errorsOf({ [MAP]: swap('    - { from: coldharbor, to: fallow }\n', '') })).toEqual([
      'error content/board/maps.yaml:12:7 graph-no-way-out: patrol can stand on "coldharbor" but it has no arrow to follow',
    ]);
  });
});

describe('effects with a printed sentence', () => {
  it('a printed sentence kept as wording is held to the data: a number it says must be in the rule', async () => {
    // The worked example follows the data, so it fails too: both are located.
    expect(await errorsOf({ [EVENTS]: swap('gain: [{ field: coins, amount: 2 }]', 'gain: [{ field: coins, amount: 3 }]') })).toEqual([
      "error content/board/events.yaml:11:9 wording-numbers: the printed text says 2, which the rule's data does not [the data reads: Gain 3 coins for each of your Scouts on the board.]",
      'error content/board/events.yaml:16:15 example-mismatch: example 1: coins expected 7, the effect gives 10 [effect: Gain 2 coins for each of your Scouts on the board.]',
    ]);
  });
});

describe('the generated movement and effects of the fixture', () => {
  interface Mover {
    reach(map: string, from: string, options?: { round?: number }): string[];
    mayEnter(map: string, node: string, round?: number): boolean;
    next(
      map: string,
      from: string,
      situation: { round?: number; pieces: Array<{ kind: string; node: string; owner?: string }>; scores?: Record<string, Record<string, number>> },
    ): unknown;
  }
  interface Board {
    movement: { runner: Mover; patrol: Mover };
    events: { byId: Record<string, { rulesText: string; apply(state: Record<string, unknown>): Record<string, unknown> }> };
  }
  let board: Board;

  beforeAll(async () => {
    const root = await fixtureProject('board');
    const r = await runCli(['build', '-C', root]);
    expect(r.code, r.err).toBe(0);
    board = ((await import(pathToFileURL(path.join(root, 'generated', 'index.js')).href)) as { board: Board }).board;
  });

  it('a Runner crosses borders and rides the railroad between Towns', () => {
    expect(board.movement.runner.reach('valley', 'ashford')).toEqual(['elmstead', 'dunmore', 'coldharbor']);
    expect(board.movement.runner.reach('valley', 'dunmore')).toContain('greystone');
  });

  it('a Patrol walks borders only and never enters the Shrine', () => {
    expect(board.movement.patrol.reach('valley', 'ashford')).toEqual(['elmstead', 'dunmore']);
    expect(board.movement.patrol.reach('valley', 'dunmore')).toEqual(['ashford', 'elmstead']);
    expect(board.movement.patrol.mayEnter('valley', 'greystone')).toBe(false);
    expect(board.movement.patrol.mayEnter('valley', 'fallow')).toBe(true);
  });

  it('a Patrol goes for the adjacent Runner whose owner has the most coins, else follows its arrow', () => {
    const pieces = [
      { kind: 'runner', node: 'elmstead', owner: 'red' },
      { kind: 'runner', node: 'ashford', owner: 'blue' },
    ];
    expect(board.movement.patrol.next('valley', 'dunmore', { pieces, scores: { red: { coins: 2 }, blue: { coins: 5 } } })).toEqual({
      move: 'to',
      node: 'ashford',
      reason: 'target',
      target: 'runner',
    });
    expect(board.movement.patrol.next('valley', 'dunmore', { pieces: [] })).toEqual({ move: 'to', node: 'elmstead', reason: 'arrow' });
  });

  it('the events apply their effects and keep the printed sentence', () => {
    expect(board.events.byId['market-day']!.apply({ coins: 1, scouts: 0 })).toMatchObject({ coins: 3 });
    // Every field the game's rules read is required: a state without the Scouts does not parse.
    expect(() => board.events.byId['market-day']!.apply({ coins: 1 })).toThrow(`"scouts" (The player's Scouts on the map) is missing`);
    expect(board.events.byId['scout-bounty']!.apply({ scouts: 3, coins: 1 })).toMatchObject({ scouts: 3, coins: 7 });
    expect(board.events.byId['scout-bounty']!.rulesText).toBe('Gain 2 coins for each of your Scouts on the board.');
  });

  it("the package's data is frozen all the way down: one caller cannot change another's game", () => {
    const event = board.events.byId['market-day']! as unknown as Record<string, unknown>;
    expect(() => {
      event.rulesText = 'changed';
    }).toThrow(TypeError);
    const nested = Object.values(event).find((v) => v !== null && typeof v === 'object');
    expect(nested, 'an event has a nested value (its effect)').toBeDefined();
    expect(Object.isFrozen(nested)).toBe(true);
  });
});
