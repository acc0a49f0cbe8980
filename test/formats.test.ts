// JSON Schema `format` keywords (date, uri, email) are checked, not refused by strict mode.
import { describe, expect, it } from 'vitest';
import { diagnosticsOf, makeProject, MINI_GAME } from './helpers.ts';

const SCHEMA = JSON.stringify({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://rulebook.dev/schemas/mini/card.schema.json',
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    released: { type: 'string', format: 'date' },
    url: { type: 'string', format: 'uri' },
    contact: { type: 'string', format: 'email' },
  },
});

describe('format keywords', () => {
  it('accepts values in their format and locates those that are not', async () => {
    const cards =
      '- { name: Ace, released: 2026-11-30, url: "https://example.org/ace", contact: a@example.org }\n- { name: Bee, released: 30/11/2026, url: not a url, contact: nobody }\n';
    const root = await makeProject({ 'content/mini/game.yaml': MINI_GAME, 'content/mini/cards.yaml': cards, 'schemas/mini/card.schema.json': SCHEMA });
    const found = (await diagnosticsOf(root)).map((d) => d.replace(/^(\w+ [^ ]+ [\w-]+):.*$/, '$1'));
    expect(found).toEqual([
      'error content/mini/cards.yaml:2:26 schema-format',
      'error content/mini/cards.yaml:2:43 schema-format',
      'error content/mini/cards.yaml:2:63 schema-format',
    ]);
  });
});
