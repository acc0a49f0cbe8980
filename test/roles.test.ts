// A dataset keeps its own field names: `fields: { name: title, copies: quantity }` says which field plays which part.
import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, entrySchema, makeProject } from './helpers.ts';

const GAME = (fields: string, extra = '') => `id: db
name: Database
locale: en
components:
  - { name: Cards, count: 7, collection: cards }
collections:
  cards:
    file: cards.yaml
    schema: db/card.schema.json
    type: Card
${fields}${extra}`;

const SCHEMA = entrySchema('db', 'card', {
  code: { type: 'string' },
  title: { type: 'string', title: 'Title' },
  quantity: { type: 'integer', title: 'Copies' },
});

const CARDS =
  '- { code: "01001", title: Sure Gamble, quantity: 3 }\n- { code: "02001", title: Sure Gamble, quantity: 1 }\n- { code: "01002", title: Déjà Vu, quantity: 3 }\n';

async function project(fields: string, cards = CARDS): Promise<string> {
  return makeProject({ 'schemas/db/card.schema.json': SCHEMA, 'content/db/game.yaml': GAME(fields), 'content/db/cards.yaml': cards });
}

describe("roles of the dataset's fields", () => {
  it('the name field gives each entry its display name; with `idFrom`, same names are fine; copies count components', async () => {
    const root = await project('    idFrom: code\n    fields: { name: title, copies: quantity }\n');
    const result = await check(root);
    expect(result.bag.items.map((d) => `${d.ruleId} ${d.message}`)).toEqual([]);
    const cards = result.games[0]!.linked.game.collections.get('cards')!;
    expect(cards.entries.map((e) => [e.id, e.name, e.copies])).toEqual([
      ['01001', 'Sure Gamble', 3],
      ['02001', 'Sure Gamble', 1],
      ['01002', 'Déjà Vu', 3],
    ]);
  });

  it("without `idFrom`, the ID is the slug of the name field's value", async () => {
    const root = await project(
      '    fields: { name: title, copies: quantity }\n',
      '- { code: "01001", title: Sure Gamble, quantity: 4 }\n- { code: "01002", title: Déjà Vu, quantity: 3 }\n',
    );
    const result = await check(root);
    expect(result.bag.items.map((d) => d.ruleId)).toEqual([]);
    expect(result.games[0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id)).toEqual(['sure-gamble', 'deja-vu']);
  });

  it('a component counts copies from the copies field: a wrong count says what the collection describes', async () => {
    const root = await project('    idFrom: code\n    fields: { name: title, copies: quantity }\n', '- { code: "01001", title: Sure Gamble, quantity: 3 }\n');
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/game.yaml:5:27 component-count: Cards: the manifest gives 7, the collection "cards" describes 3',
    ]);
  });

  it('an entry with no value in the name field (and no id) says which field it needs', async () => {
    const root = await project('    fields: { name: title }\n', '- { code: "01001", quantity: 3 }\n');
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/cards.yaml:1:3 entry-no-id: an entry needs `title` (or `id`) to get its ID',
      // With no ID it is not part of the collection: the count of its copies is not there either.
      'error content/db/game.yaml:5:27 component-count: Cards: the manifest gives 7, the collection "cards" describes 0',
    ]);
  });

  it('a role naming a field the schema does not have is one error at the manifest, with the nearest field', async () => {
    const root = await project('    idFrom: code\n    fields: { name: tittle, copies: quantity }\n');
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/game.yaml:12:21 role-field-unknown: collection "cards": `fields.name` names "tittle", which is not a field of db/card.schema.json [did you mean "title"?]',
    ]);
  });

  it('a misspelt `idFrom` is one error at the manifest, not one per entry and none for references into it', async () => {
    const root = await project('    idFrom: cod\n    fields: { name: title, copies: quantity }\n');
    expect(await diagnosticsOf(root)).toEqual([
      'error content/db/game.yaml:11:13 role-field-unknown: collection "cards": `idFrom` names "cod", which is not a field of db/card.schema.json [did you mean "code"?]',
    ]);
  });
});
