// Where IDs come from: `id:`, the slug of the name, or the fields a collection names (`idFrom`), one ID shape for all.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN } from '../compiler/load/slug.ts';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, makeProject, ROOT, entrySchema } from './helpers.ts';

const GAME = (idFrom: string) => `id: db
name: Database
locale: en
collections:
  packs:
    file: packs.yaml
    schema: db/pack.schema.json
    type: Pack
  cards:
    file: cards.yaml
    schema: db/card.schema.json
    type: Card
${idFrom}`;

const schema = (name: string, properties: Record<string, unknown>) => entrySchema('db', name, properties);

const SCHEMAS = {
  'schemas/db/pack.schema.json': schema('pack', { code: { type: 'string' }, name: { type: 'string' } }),
  'schemas/db/card.schema.json': schema('card', {
    code: { type: 'string' },
    name: { type: 'string' },
    pack: { type: 'string', 'x-ref': 'packs' },
    position: { type: 'integer' },
  }),
};

const PACKS = '- { code: core, name: Core Set }\n- { code: wla, name: What Lies Ahead }\n';

describe('IDs', () => {
  it("the schemas' ID pattern is the one the compiler checks derived IDs with", async () => {
    const defs = JSON.parse(await readFile(path.join(ROOT, 'compiler/schemas/defs.schema.json'), 'utf8'));
    expect(defs.$defs.id.pattern).toBe(ID_PATTERN.source);
  });

  it('a reference that names another field of the target says which field, and how to make it the ID', async () => {
    const root = await makeProject({
      ...SCHEMAS,
      'content/db/game.yaml': GAME(''),
      'content/db/packs.yaml': PACKS,
      'content/db/cards.yaml': '- { code: "01001", name: Noise, pack: core }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/cards.yaml:1:39 ref-unknown: unknown packs ID "core" ["core" is the `code` of packs "Core Set": if the data names packs by their `code`, declare `idFrom: code` on the collection "packs" in game.yaml]',
    ]);
  });

  it('`idFrom: code` takes IDs from a field as is, and same names are fine; composite keys join slugs', async () => {
    const manifest = GAME('')
      .replace('    type: Pack\n', '    type: Pack\n    idFrom: code\n')
      .replace('    type: Card\n', '    type: Card\n    idFrom: [pack, position]\n');
    const cards = '- { code: "01001", name: Noise, pack: core, position: 1 }\n- { code: "02001", name: Noise, pack: wla, position: 1 }\n';
    const root = await makeProject({ ...SCHEMAS, 'content/db/game.yaml': manifest, 'content/db/packs.yaml': PACKS, 'content/db/cards.yaml': cards });
    const result = await check(root);
    expect(result.bag.items).toEqual([]);
    expect(result.games[0]!.linked.game.collections.get('packs')!.entries.map((e) => e.id)).toEqual(['core', 'wla']);
    expect(result.games[0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id)).toEqual(['core-1', 'wla-1']);
  });

  it('an ID from a field or a name is held to the same pattern as an `id:`', async () => {
    const manifest = GAME('').replace('    type: Pack\n', '    type: Pack\n    idFrom: code\n');
    const root = await makeProject({
      ...SCHEMAS,
      'content/db/game.yaml': manifest,
      'content/db/packs.yaml': '- { code: Core Set, name: Core }\n',
      'content/db/cards.yaml': '- { name: 日本 }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/cards.yaml:1:11 entry-no-id: the name gives no ID (an ID is made of its letters a–z and digits, and it has none): give the entry an `id:`',
      'error content/db/packs.yaml:1:11 id-invalid: `code` gives the ID "Core Set", which is not an ID: IDs are written with letters, digits and single hyphens, dots or underscores [give the entry an `id:` of that form, or take IDs from another field (`idFrom:` in game.yaml)]',
    ]);
  });

  it('a reference may be a map key (a ban list keyed by card) or a field of a list of objects, located at the key or the field', async () => {
    const schemas = {
      ...SCHEMAS,
      'schemas/db/pack.schema.json': schema('pack', {
        code: { type: 'string' },
        name: { type: 'string' },
        banned: { type: 'object', propertyNames: { 'x-ref': 'cards' }, additionalProperties: { type: 'integer' } },
        boxes: {
          type: 'array',
          items: { type: 'object', additionalProperties: false, properties: { card: { type: 'string', 'x-ref': 'cards' }, copies: { type: 'integer' } } },
        },
      }),
    };
    const packs = '- name: Core\n  banned:\n    noise: 1\n    nois: 2\n  boxes:\n    - { card: noise, copies: 3 }\n    - { card: noize, copies: 1 }\n';
    const root = await makeProject({
      ...schemas,
      'content/db/game.yaml': GAME(''),
      'content/db/packs.yaml': packs,
      'content/db/cards.yaml': '- { name: Noise }\n',
    });
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/packs.yaml:4:5 ref-unknown: unknown cards ID "nois" [did you mean "noise"?]',
      'error content/db/packs.yaml:7:15 ref-unknown: unknown cards ID "noize" [did you mean "noise"?]',
    ]);
  });
});
