// Rules across entries, declared in the manifest (`constraints:`), checked at the entry's field.
import { describe, expect, it } from 'vitest';
import { diagnosticsOf, makeProject, entrySchema } from './helpers.ts';

const GAME = `id: db
name: Database
locale: en
collections:
  factions: { file: factions.yaml, schema: db/faction.schema.json, type: Faction }
  cards: { file: cards.yaml, schema: db/card.schema.json, type: Card }
  decks: { file: decks.yaml, schema: db/deck.schema.json, type: Deck }
constraints:
  - in: cards
    field: side
    equals: faction.side
    message: a card's side is its faction's side
  - in: decks
    each: cards
    field: copies
    atMost: card.deckLimit
    message: a deck holds at most a card's deck limit of it
  - in: decks
    each: cards
    field: copies
    atLeast: 1
    message: a deck lists only cards it holds
`;

const schema = (name: string, properties: Record<string, unknown>) => entrySchema('db', name, properties);

const FILES = {
  'content/db/game.yaml': GAME,
  'schemas/db/faction.schema.json': schema('faction', { name: { type: 'string' }, side: { enum: ['corp', 'runner'] } }),
  'schemas/db/card.schema.json': schema('card', {
    name: { type: 'string' },
    side: { enum: ['corp', 'runner'] },
    faction: { type: 'string', 'x-ref': 'factions' },
    deckLimit: { type: 'integer' },
  }),
  'schemas/db/deck.schema.json': schema('deck', {
    name: { type: 'string' },
    cards: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, properties: { card: { type: 'string', 'x-ref': 'cards' }, copies: { type: 'integer' } } },
    },
  }),
  'content/db/factions.yaml': '- { name: Anarch, side: runner }\n- { name: Jinteki, side: corp }\n',
};

describe('constraints across entries', () => {
  it('holds data that keeps them', async () => {
    const root = await makeProject({
      ...FILES,
      'content/db/cards.yaml':
        '- { name: Noise, side: runner, faction: anarch, deckLimit: 3 }\n- { name: Snare, side: corp, faction: jinteki, deckLimit: 3 }\n',
      'content/db/decks.yaml': '- name: Noise deck\n  cards:\n    - { card: noise, copies: 3 }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([]);
  });

  it("reports each failure at the field, with both values and the rule in the designer's words", async () => {
    const root = await makeProject({
      ...FILES,
      'content/db/cards.yaml': '- { name: Noise, side: corp, faction: anarch, deckLimit: 1 }\n- { name: Snare, side: corp, faction: jinteki, deckLimit: 3 }\n',
      'content/db/decks.yaml': '- name: Noise deck\n  cards:\n    - { card: noise, copies: 3 }\n    - { card: snare, copies: 0 }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/cards.yaml:1:24 constraint-failed: a card\'s side is its faction\'s side: side "corp" is not faction.side ("runner") [declared in content/db/game.yaml under constraints (1)]',
      "error content/db/decks.yaml:3:30 constraint-failed: a deck holds at most a card's deck limit of it: copies 3 is more than card.deckLimit (1) [declared in content/db/game.yaml under constraints (2)]",
      'error content/db/decks.yaml:4:30 constraint-failed: a deck lists only cards it holds: copies 0 is less than 1 [declared in content/db/game.yaml under constraints (3)]',
    ]);
  });

  it('an unknown collection is located in the manifest', async () => {
    const root = await makeProject({
      ...FILES,
      'content/db/game.yaml': GAME.replace('  - in: cards', '  - in: card'),
      'content/db/cards.yaml': '[]\n',
      'content/db/decks.yaml': '[]\n',
    });
    expect(await diagnosticsOf(root)).toEqual(['error content/db/game.yaml:9:9 constraint-unknown: constraint 1: no collection "card"']);
  });
});
