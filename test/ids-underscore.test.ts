// IDs as datasets write them: an underscore joins the runs of an ID as a hyphen or a dot does (NetrunnerDB's ban-list
// codes, `NAPD_MWL_1.0`), and IDs that differ only in their separator stay distinct wherever the package names them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageSources, typeCheckPackage } from '../compiler/emit-code/emit.ts';
import { ID_PATTERN } from '../compiler/load/slug.ts';
import { check } from '../compiler/pipeline.ts';
import { inNode } from './package-consumer.ts';
import { diagnosticsOf, entrySchema, makeProject, runCli } from './helpers.ts';

const MANIFEST = `id: db
name: Database
locale: en
collections:
  lists:
    file: lists.yaml
    schema: db/list.schema.json
    type: BanList
    idFrom: code
  cards:
    file: cards.yaml
    schema: db/card.schema.json
    type: Card
`;

const SCHEMAS = {
  'schemas/db/list.schema.json': entrySchema('db', 'list', {
    code: { type: 'string', description: 'The code as the database writes it.' },
    name: { type: 'string', description: 'Name.' },
  }),
  'schemas/db/card.schema.json': entrySchema('db', 'card', {
    id: { $ref: '../defs.schema.json#/$defs/id', description: 'ID.' },
    name: { type: 'string', description: 'Name.' },
    bannedIn: { type: 'array', items: { type: 'string', 'x-ref': 'lists' }, description: 'The ban lists that name the card.' },
  }),
};

const LISTS = `- { code: NAPD_MWL_1.0, name: NAPD MWL 1.0 }
- { code: NAPD_MWL_1.1, name: NAPD MWL 1.1 }
- { code: a-b, name: Hyphen }
- { code: a_b, name: Underscore }
- { code: a.b, name: Dot }
`;

const CARDS = `- { id: Seca_Grande, name: Seca Grande, bannedIn: [NAPD_MWL_1.0, a_b] }
- { name: Noise, bannedIn: [a-b, a.b, NAPD_MWL_1.1] }
`;

describe('an underscore is an ID character', () => {
  it('joins runs as `-` and `.` do: single, between letters or digits, never at an end', () => {
    for (const id of ['NAPD_MWL_1.0', 'a_b', 'snake_case_id', '01_001', 'ze-baiano', '16.4.2.I']) expect(ID_PATTERN.test(id), id).toBe(true);
    for (const id of ['_a', 'a_', 'a__b', 'a_-b', 'a._b', '_', 'a b', 'a/b']) expect(ID_PATTERN.test(id), id).toBe(false);
  });

  describe('a database whose codes hold underscores', () => {
    let root = '';
    beforeAll(async () => {
      root = await makeProject({ ...SCHEMAS, 'content/db/game.yaml': MANIFEST, 'content/db/lists.yaml': LISTS, 'content/db/cards.yaml': CARDS });
    });

    it('checks clean: `idFrom` codes and an `id:` with underscores are IDs, and references to them resolve', async () => {
      expect(await diagnosticsOf(root)).toEqual([]);
      const result = await check(root);
      const game = result.games[0]!.linked.game;
      expect(game.collections.get('lists')!.entries.map((e) => e.id)).toEqual(['NAPD_MWL_1.0', 'NAPD_MWL_1.1', 'a-b', 'a_b', 'a.b']);
      expect(game.collections.get('cards')!.entries.map((e) => e.id)).toEqual(['Seca_Grande', 'noise']);
    });

    it('IDs that differ only in `-`, `.` or `_` stay three entries: the package type-checks, with and without data modules', async () => {
      const result = await check(root);
      for (const literalLimit of [undefined, 0]) {
        const sources = packageSources(result.games, result.schemas, literalLimit === undefined ? {} : { literalLimit });
        expect(typeCheckPackage(sources), `literalLimit ${literalLimit}`).toEqual([]);
        const all = [...sources.values()].join('\n');
        for (const id of ['NAPD_MWL_1.0', 'a-b', 'a_b', 'a.b']) expect(all, id).toContain(JSON.stringify(id));
      }
    });

    it('the built package finds each by its ID in Node', async () => {
      const build = await runCli(['build', '-C', root]);
      expect(build.code, build.err).toBe(0);
      const got = await inNode(
        path.join(root, 'generated', 'db.js'),
        `const db = pkg.db;
        console.log(JSON.stringify({
          names: ['NAPD_MWL_1.0', 'a-b', 'a_b', 'a.b'].map((id) => db.lists.byId[id].name),
          guard: [pkg.isBanListId('NAPD_MWL_1.1'), pkg.isBanListId('NAPD-MWL-1.1'), pkg.isCardId('Seca_Grande')],
          bans: db.cards.byId.Seca_Grande.bannedIn,
        }));`,
      );
      expect(got).toEqual({ names: ['NAPD MWL 1.0', 'Hyphen', 'Underscore', 'Dot'], guard: [true, false, true], bans: ['NAPD_MWL_1.0', 'a_b'] });
      // The package's README tells the engine programmer to read an ID whole.
      expect(await readFile(path.join(root, 'generated', 'README.md'), 'utf8')).toContain(
        "Read it whole\n(`byId['NAPD_MWL_1.0']`): never split it or change its case",
      );
    });
  });

  it('an underscore at an end or doubled is still refused, in words that name underscores', async () => {
    const root = await makeProject({
      ...SCHEMAS,
      'content/db/game.yaml': MANIFEST,
      'content/db/lists.yaml': '- { code: _NAPD, name: Lead }\n- { code: NAPD__MWL, name: Double }\n',
      'content/db/cards.yaml': '- { id: seca_, name: Seca }\n',
    });
    const got = await diagnosticsOf(root);
    expect(got).toContain(
      'error content/db/lists.yaml:1:11 id-invalid: `code` gives the ID "_NAPD", which is not an ID: IDs are written with letters, digits and single hyphens, dots or underscores [give the entry an `id:` of that form, or take IDs from another field (`idFrom:` in game.yaml)]',
    );
    expect(got.some((d) => d.startsWith('error content/db/lists.yaml:2:11 id-invalid: `code` gives the ID "NAPD__MWL"'))).toBe(true);
    const schemaError = got.find((d) => d.startsWith('error content/db/cards.yaml:1:'));
    expect(schemaError).toContain('letters and digits joined by single `-`, `.` or `_`');
  });

  it('`rulebook new --id` takes an ID with underscores, and names underscores when it refuses one', async () => {
    const root = await makeProject({ ...SCHEMAS, 'content/db/game.yaml': MANIFEST, 'content/db/lists.yaml': LISTS, 'content/db/cards.yaml': CARDS });
    const added = await runCli(['new', 'db', 'cards', 'Corte', '--id', 'Corte_Seco', '-C', root]);
    expect(added.err).toContain('added cards/Corte_Seco');
    expect(added.code).toBe(0);
    expect(added.out.trim()).toBe('Corte_Seco');
    const refused = await runCli(['new', 'db', 'cards', 'Corte', '--id', 'Corte_', '-C', root]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--id "Corte_" is not an ID: IDs are written with letters, digits and single hyphens, dots or underscores');
  });
});
