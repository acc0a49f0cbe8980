import { readFile, writeFile, access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { addCollection } from '../compiler/commands/new-game.ts';
import { appendItem } from '../compiler/commands/new-entry.ts';
import { FIXTURES, fixtureProject, fixturesProject, ROOT, runCli, swap } from './helpers.ts';

// The designer's commands on the fixture games: `check --game/--quiet/--format sarif`,
// `report`, and `new` (an entry, a game, a collection).

const read = (root: string, rel: string) => readFile(path.join(root, rel), 'utf8');
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * The essentials of SARIF 2.1.0 (sarif-schema-2.1.0.json, the properties it
 * requires and the values it allows for what we write), checked offline: a
 * code host refuses a log that breaks any of them.
 */
const SARIF_ESSENTIALS = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    version: { const: '2.1.0' },
    $schema: { type: 'string', pattern: '^https?://' },
    runs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string', minLength: 1 },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id'],
                      properties: {
                        id: { type: 'string' },
                        shortDescription: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: 0 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                message: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
                locations: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        required: ['artifactLocation'],
                        properties: {
                          artifactLocation: { type: 'object', required: ['uri'], properties: { uri: { type: 'string' }, uriBaseId: { type: 'string' } } },
                          region: {
                            type: 'object',
                            required: ['startLine'],
                            properties: {
                              startLine: { type: 'integer', minimum: 1 },
                              startColumn: { type: 'integer', minimum: 1 },
                              endLine: { type: 'integer', minimum: 1 },
                              endColumn: { type: 'integer', minimum: 1 },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

interface SarifLog {
  runs: Array<{
    tool: { driver: { rules: Array<{ id: string; shortDescription: { text: string } }> } };
    originalUriBaseIds: Record<string, { uri: string }>;
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId: string };
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
        };
      }>;
    }>;
  }>;
}

describe('rulebook check --game, --quiet, --format sarif', () => {
  it("--game checks one game: another game's errors neither print nor fail it", async () => {
    const root = await fixturesProject(['duel', 'board'], {
      'content/board/events.yaml': swap('{ op: gain, field: coins, amount: 2 }', '{ op: gain, field: coins, amount: two }'),
    });
    const duel = await runCli(['check', '--game', 'duel', '-C', root]);
    expect(duel.code).toBe(0);
    expect(duel.err).not.toContain('content/board');
    expect(duel.err).toContain('duel: 4 trophies');
    expect(duel.err).not.toContain('board:');
    const board = await runCli(['check', '--game', 'board', '-C', root]);
    expect(board.code).toBe(1);
    expect(board.err).toMatch(/^content\/board\/events\.yaml:5:\d+: error schema-type/m);
    const all = await runCli(['check', '-C', root]);
    expect(all.code).toBe(1);
  });

  it('a project folder that does not exist is a usage error that says so', async () => {
    const r = await runCli(['-C', path.join(tmpdir(), 'rulebook-no-such-folder'), 'check']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('rulebook-no-such-folder does not exist');
  });

  it('--game with an unknown ID is a usage error that lists the games', async () => {
    const root = await fixturesProject(['duel', 'board']);
    const r = await runCli(['check', '--game', 'dule', '-C', root]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no game "dule" (games: board, duel)');
  });

  it('--quiet prints errors only', async () => {
    const root = await fixtureProject('duel');
    // A YAML file the manifest does not declare is a warning; a wrong enum an error.
    await writeFile(path.join(root, 'content/duel/extra.yaml'), '- name: Stray\n');
    const loud = await runCli(['check', '-C', root]);
    expect(loud.code).toBe(0);
    expect(loud.err).toContain('warning file-undeclared');
    expect(loud.err).toContain('0 errors, 1 warning');
    const quiet = await runCli(['check', '--quiet', '-C', root]);
    expect(quiet.code).toBe(0);
    expect(quiet.err).not.toContain('warning');
    expect(quiet.err.trim()).toBe('0 errors');
    const trophies = path.join(root, 'content/duel/trophies.yaml');
    await writeFile(trophies, (await readFile(trophies, 'utf8')).replace('order: most', 'order: mots'));
    const failing = await runCli(['check', '-q', '-C', root]);
    expect(failing.code).toBe(1);
    expect(failing.err).toContain('error schema-enum');
    expect(failing.err).not.toContain('file-undeclared');
    expect(failing.err.trim().split('\n').at(-1)).toBe('1 error');
  });

  it('--format sarif writes SARIF 2.1.0 with each problem at the lines and columns `check` gives', async () => {
    const root = await fixtureProject('duel', {
      'content/duel/trophies.yaml': (t) =>
        t.replace('order: most', 'order: mots').replace('- name: The Counting House\n', '- name: The Counting House\n  colour: red\n'),
    });
    await writeFile(path.join(root, 'content/duel/extra.yaml'), '- name: Stray\n');
    const sarif = await runCli(['check', '--format', 'sarif', '-C', root]);
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.out) as SarifLog;
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const valid = ajv.validate(SARIF_ESSENTIALS, log);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);

    const json = JSON.parse((await runCli(['check', '--format', 'json', '-C', root])).out) as Array<{
      file: string;
      line: number;
      column: number;
      endLine: number | null;
      endColumn: number | null;
      severity: string;
      ruleId: string;
      message: string;
    }>;
    const run = log.runs[0]!;
    expect(run.results).toHaveLength(json.length);
    expect(json.map((d) => d.ruleId).sort()).toEqual(['file-undeclared', 'schema-additionalProperties', 'schema-enum']);
    for (const d of json) {
      const r = run.results.find((x) => x.ruleId === d.ruleId)!;
      expect(r.level).toBe(d.severity);
      expect(r.message.text.startsWith(d.message)).toBe(true);
      expect(r.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: d.file, uriBaseId: 'PROJECTROOT' });
      expect(r.locations[0]!.physicalLocation.region).toMatchObject({ startLine: d.line, startColumn: d.column, endLine: d.endLine ?? d.line });
      // Each result's ruleIndex names its rule in the driver's list, with a description a viewer shows.
      expect(run.tool.driver.rules[r.ruleIndex]!.id).toBe(d.ruleId);
      expect(run.tool.driver.rules[r.ruleIndex]!.shortDescription.text.length).toBeGreaterThan(10);
    }
    const enumResult = run.results.find((r) => r.ruleId === 'schema-enum')!;
    expect(enumResult.locations[0]!.physicalLocation.region).toEqual({ startLine: 5, startColumn: 56, endLine: 5, endColumn: 60 });
    // Notes (the known fields, a did-you-mean) are part of the message: a viewer shows nothing else.
    const unknownKey = run.results.find((r) => r.ruleId === 'schema-additionalProperties')!;
    expect(unknownKey.message.text).toMatch(/^unknown field `colour` in `trophies "The Counting House"`\n(did you mean|known fields)/);
    expect(run.originalUriBaseIds.PROJECTROOT!.uri).toMatch(/^file:\/\/.*\/$/);
    // --quiet and --game apply to SARIF too: the warning goes.
    const quiet = JSON.parse((await runCli(['check', '--format', 'sarif', '--quiet', '--game', 'duel', '-C', root])).out) as SarifLog;
    expect(quiet.runs[0]!.results.map((r) => r.ruleId).sort()).toEqual(['schema-additionalProperties', 'schema-enum']);
  });

  it('a clean project is a SARIF log with no results and exit 0', async () => {
    const root = await fixtureProject('duel');
    const r = await runCli(['check', '--format', 'sarif', '-C', root]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as SarifLog).runs[0]!.results).toEqual([]);
  });
});

describe('the pull request workflow', () => {
  it('checks with SARIF output, uploads it for annotations, then fails when the check failed', async () => {
    const workflow = parse(await readFile(path.join(ROOT, '.github/workflows/check.yml'), 'utf8')) as {
      on: Record<string, unknown>;
      permissions: Record<string, string>;
      jobs: Record<
        string,
        { steps: Array<{ id?: string; run?: string; uses?: string; if?: string; with?: Record<string, string>; 'continue-on-error'?: boolean }> }
      >;
    };
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    expect(workflow.permissions['security-events']).toBe('write');
    const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
    const names = steps.map((s) => s.uses?.replace(/@.*/, '') ?? s.run?.split('\n')[0]);
    expect(names.indexOf('npm ci')).toBeLessThan(steps.findIndex((s) => s.id === 'check'));
    // npm's banner must stay out of the SARIF file: --silent.
    expect(steps.find((s) => s.id === 'check')).toMatchObject({ run: 'npm run --silent check -- --format sarif > rulebook.sarif', 'continue-on-error': true });
    const upload = steps.findIndex((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(steps[upload]?.with?.sarif_file).toBe('rulebook.sarif');
    const fail = steps.findIndex((s) => s.if === "steps.check.outcome == 'failure'");
    expect(upload).toBeGreaterThan(steps.findIndex((s) => s.id === 'check'));
    expect(fail).toBeGreaterThan(upload);
    expect(steps[fail]?.run).toContain('exit 1');
    expect(await readFile(path.join(ROOT, 'README.md'), 'utf8')).toContain('.github/workflows/check.yml');
  });
});

describe('rulebook report', () => {
  it('gives per game and collection the placeholders left with file:line, components, rules and examples, executable entries and locales', async () => {
    const root = await fixturesProject(['duel', 'board']);
    const text = await runCli(['report', '-C', root]);
    expect(text.code).toBe(0);
    expect(text.out).toContain('duel (Lantern Duel, en): 2 placeholders left, 0 readings');
    expect(text.out).toContain('    trophies: 4 entries; 2 placeholders; 0 readings; 4 rules as data (4 with worked examples, 0 without); executable 4 of 4');
    expect(text.out).toContain('    Trophy cards: 5; trophies describes 5 (ok)');
    expect(text.out).toContain('    Lantern tokens: 24; no collection describes it');
    expect(text.out).toContain("    content/duel/trophies.yaml:23: trophies/the-crown-jewel/flavor: The test rules do not describe this card's picture.");
    expect(text.out).toContain("    content/duel/trophies.yaml:24: trophies/the-crown-jewel/scoring/points: The test rules do not print the Crown's points.");
    expect(text.out).toContain('  locales: en');
    // Board: its events run; its maps hold no rule as data.
    expect(text.out).toMatch(/ {4}events: \d+ entries;.*executable (\d+) of \1$/m);
    expect(text.out).toMatch(/ {4}maps: .*no rules as data$/m);

    const json = JSON.parse((await runCli(['report', '--format', 'json', '--game', 'duel', '-C', root])).out);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({
      game: 'duel',
      locale: 'en',
      readings: 0,
      components: [
        { name: 'Trophy cards', count: 5, collection: 'trophies', described: 5, status: 'matches' },
        { name: 'Lantern tokens', count: 24, collection: null, described: null, status: 'not described' },
      ],
      collections: [
        { name: 'trophies', entries: 4, placeholders: 2, rules: { total: 4, withExamples: 4, withoutExamples: [] }, dsl: { executable: 4, textOnly: [] } },
      ],
      locales: { default: 'en', multilingualTexts: 0, covered: [] },
    });
    expect(json[0].placeholders.map((p: { line: number }) => p.line)).toEqual([23, 24]);
  });

  it('counts the rules without worked examples, a count that differs, and the languages of multilingual texts', async () => {
    const root = await fixturesProject(['duel', 'tree'], {
      'content/duel/trophies.yaml': swap(
        `  examples:
    - note: Three colours (3) and two gold banners (4).
      given: [{ banners: [red, gold, gold, blue] }, { banners: [] }]
      expect: [7, 0]
`,
        '',
      ),
      'content/duel/game.yaml': swap('count: 5', 'count: 6\n    gap: The test rules list one card more than they describe.'),
      'content/tree/glossary.yaml': swap('text: Uma ruína.', 'text: { pt-BR: Uma ruína., en: A ruin. }'),
    });
    const json = JSON.parse((await runCli(['report', '--format', 'json', '-C', root])).out);
    const duel = json.find((g: { game: string }) => g.game === 'duel');
    expect(duel.collections[0].rules).toEqual({ total: 4, withExamples: 3, withoutExamples: ['the-banner-parade/scoring'] });
    expect(duel.components[0]).toMatchObject({ count: 6, described: 5, status: 'known gap', gap: 'The test rules list one card more than they describe.' });
    const tree = json.find((g: { game: string }) => g.game === 'tree');
    expect(tree.locales).toEqual({
      default: 'pt-BR',
      multilingualTexts: 1,
      covered: [
        { locale: 'en', texts: 1 },
        { locale: 'pt-BR', texts: 1 },
      ],
    });
    const text = (await runCli(['report', '--game', 'tree', '-C', root])).out;
    expect(text).toContain("locales: pt-BR (the game's own: every text); en in 1 of 1 multilingual texts");
  });

  it('content with errors still reports, prints the errors and exits 1', async () => {
    const root = await fixtureProject('duel', { 'content/duel/trophies.yaml': swap('order: most', 'order: mots') });
    const r = await runCli(['report', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('duel (Lantern Duel, en)');
    expect(r.err).toContain('error schema-enum');
    expect((await runCli(['report', '--game', 'nope', '-C', root])).code).toBe(2);
  });
});

describe('rulebook new <game> <collection> "Name"', () => {
  it('appends the entry with its required fields as placeholders and a comment each, keeps every byte before it, prints its ID, and checks', async () => {
    const root = await fixtureProject('duel');
    const before = await read(root, 'content/duel/trophies.yaml');
    const r = await runCli(['new', 'duel', 'trophies', 'The Golden Key: "Ó"', '-C', root]);
    expect(r.err).toContain('added trophies/the-golden-key-o');
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe('the-golden-key-o');
    const after = await read(root, 'content/duel/trophies.yaml');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).toBe(`
- # The card's printed title.
  name: 'The Golden Key: "Ó"'
  # How the card scores, as DSL.
  scoring: { placeholder: { op: per, points: 0, each: { field: lanterns } }, note: "Not written yet: How the card scores, as DSL." }
`);
    // The manifest's count matched the deck, so it follows the new card (only that number changes).
    const manifest = await read(root, 'content/duel/game.yaml');
    expect(manifest).toBe((await read(path.join(FIXTURES, 'duel'), 'content/duel/game.yaml')).replace('count: 5', 'count: 6'));
    expect(r.err).toContain('the component "Trophy cards" now counts 6 (was 5)');
    const checked = await runCli(['check', '-C', root]);
    expect(checked.err).toContain('0 errors, 0 warnings');
    const drafts = await runCli(['drafts', '-C', root]);
    expect(drafts.out).toContain('content/duel/trophies.yaml:43: placeholder trophies/the-golden-key-o/scoring: Not written yet: How the card scores, as DSL.');
  });

  it('refuses a duplicate ID, an unknown game or collection, and a name with no letters, with exit 2 and the file untouched', async () => {
    const root = await fixtureProject('duel');
    const before = await read(root, 'content/duel/trophies.yaml');
    const dup = await runCli(['new', 'duel', 'trophies', 'the lantern race', '-C', root]);
    expect(dup.code).toBe(2);
    expect(dup.err).toContain('"trophies" already has an entry with the ID "the-lantern-race" (content/duel/trophies.yaml:4)');
    const game = await runCli(['new', 'duels', 'trophies', 'X', '-C', root]);
    expect(game.code).toBe(2);
    expect(game.err).toContain('no game "duels"');
    expect(game.err).toContain('games: duel');
    const collection = await runCli(['new', 'duel', 'trophys', 'X', '-C', root]);
    expect(collection.code).toBe(2);
    expect(collection.err).toContain('game "duel" has no collection "trophys"');
    expect(collection.err).toContain('did you mean "trophies"?');
    const empty = await runCli(['new', 'duel', 'trophies', '!!', '-C', root]);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('"!!" gives no ID (IDs are written with a–z, 0–9 and -): give one with --id');
    const badId = await runCli(['new', 'duel', 'trophies', 'Seca', '--id', 'Seca__Grande', '-C', root]);
    expect(badId.code).toBe(2);
    expect(badId.err).toContain('--id "Seca__Grande" is not an ID');
    const args = await runCli(['new', 'duel', 'trophies', '-C', root]);
    expect(args.code).toBe(2);
    expect(args.err).toContain('expected `rulebook new <game> <collection> "Name"`');
    expect(await read(root, 'content/duel/trophies.yaml')).toBe(before);
  });

  it('an entry its drafts cannot make valid (a board graph) is refused with the errors, and nothing changes', async () => {
    const root = await fixtureProject('board');
    const before = await read(root, 'content/board/maps.yaml');
    const r = await runCli(['new', 'board', 'maps', 'Second Map', '-C', root]);
    expect(r.code).toBe(1);
    // In words: the lines the errors stood at were never kept, so no file:line of the unwritten draft is given.
    expect(r.err).toContain('error: the drafted entry maps/second-map would not check, so nothing was changed:');
    expect(r.err).toContain('  = patrol can stand on "TODO" but it has no arrow to follow');
    expect(r.err).not.toMatch(/maps\.yaml:\d+/);
    expect(await read(root, 'content/board/maps.yaml')).toBe(before);
    // An effect drafts as "nothing happens" and checks.
    const event = await runCli(['new', 'board', 'events', 'Storm', '-C', root]);
    expect(event.code).toBe(0);
    expect(await read(root, 'content/board/events.yaml')).toContain(
      '  effect: { placeholder: { op: none }, note: "Not written yet: What the card does to the player\'s state." }\n',
    );
    expect((await runCli(['check', '-C', root])).code).toBe(0);
  });

  it('a component whose `where:` the new entry meets counts it; one it does not meet stays; any count left wrong refuses the entry', async () => {
    // Every event gets a required `kind` (event or peace); the three events are of kind event.
    const kindSchema = (t: string) =>
      swap(
        '"required": [\n    "name",\n    "effect"\n  ],',
        '"required": ["name", "effect", "kind"],',
      )(t).replace('"effect": {\n', '"kind": { "enum": ["event", "peace"], "description": "Dry or Rain." },\n    "effect": {\n');
    const kinds = (t: string) => t.replace(/^- name: /gm, '- kind: event\n  name: ');
    const components = (counts: string) => swap('source: Border Run test rules\n', `source: Border Run test rules\ncomponents:\n${counts}`);
    const root = await fixtureProject('board', {
      'schemas/board/event.schema.json': kindSchema,
      'content/board/events.yaml': kinds,
      'content/board/game.yaml': components(
        '  - { name: Event tiles, count: 3, collection: events, where: { kind: event } }\n  - { name: Peace tile, count: 0, collection: events, where: { kind: peace } }\n  - { name: All tiles, count: 3, collection: events }\n  - { name: Box tiles, count: 9, collection: events, gap: The box lists 9 tiles. }\n',
      ),
    });
    expect((await runCli(['check', '-C', root])).code).toBe(0);
    const r = await runCli(['new', 'board', 'events', 'Seca Grande', '-C', root]);
    expect(r.err).toContain('the component "Event tiles" now counts 4 (was 3)');
    expect(r.err).toContain('the component "All tiles" now counts 4 (was 3)');
    expect(r.err).not.toContain('Peace tile');
    // A known gap keeps its count, and the designer is told to read its note again.
    expect(r.err).toContain('the component "Box tiles" keeps its count 9 (a known gap); the collection now describes 4: check that its gap note still holds');
    expect(r.code).toBe(0);
    // The note keeps the description's own capital ("Dry or Rain" is a name).
    expect(await read(root, 'content/board/events.yaml')).toContain('note: "Not written yet: Dry or Rain." }');
    expect(await read(root, 'content/board/game.yaml')).toContain('{ name: Event tiles, count: 4,');
    expect((await runCli(['check', '-C', root])).code).toBe(0);

    // A count this command cannot bump in place (written 0x3) would be left wrong: the entry is refused, and that error is named where it stands.
    const hex = await fixtureProject('board', {
      'schemas/board/event.schema.json': kindSchema,
      'content/board/events.yaml': kinds,
      'content/board/game.yaml': components('  - { name: Event tiles, count: 0x3, collection: events, where: { kind: event } }\n'),
    });
    const events = await read(hex, 'content/board/events.yaml');
    const manifest = await read(hex, 'content/board/game.yaml');
    const refused = await runCli(['new', 'board', 'events', 'Seca Grande', '-C', hex]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('would not check, so nothing was changed');
    expect(refused.err).toMatch(/content\/board\/game\.yaml:\d+:\d+: Event tiles: the manifest gives 3, the collection "events" \(kind event\) describes 4/);
    expect(await read(hex, 'content/board/events.yaml')).toBe(events);
    expect(await read(hex, 'content/board/game.yaml')).toBe(manifest);
  });

  it('--id gives the ID a name in another script cannot; a field no draft can satisfy is refused in words; a file holding a map is not a list', async () => {
    const root = await fixtureProject('duel');
    const r = await runCli(['new', 'duel', 'trophies', '日本の旅', '--id', 'nihon-no-tabi', '-C', root]);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe('nihon-no-tabi');
    expect(await read(root, 'content/duel/trophies.yaml')).toContain(
      "\n- # Stable ID; defaults to the slug of the title.\n  id: nihon-no-tabi\n  # The card's printed title.\n  name: 日本の旅\n",
    );
    expect((await runCli(['check', '-C', root])).code).toBe(0);
    expect((await runCli(['new', 'duel', 'trophies', 'Other', '--id', 'nihon-no-tabi', '-C', root])).err).toContain(
      'already has an entry with the ID "nihon-no-tabi"',
    );

    // A required field whose pattern no stand-in fits (a rule number): named, with what it must match, and no line of the unwritten draft.
    const numbered = await fixtureProject('duel', {
      'schemas/duel/trophy.schema.json': swap('"required": ["name", "scoring"],', '"required": ["name", "scoring", "number"],'),
      'content/duel/trophies.yaml': (t) => t.replace(/^- name: /gm, '- number: "16.6.1"\n  name: '),
    });
    const schema = path.join(numbered, 'schemas/duel/trophy.schema.json');
    await writeFile(
      schema,
      (await readFile(schema, 'utf8')).replace(
        '"copies": {',
        '"number": { "type": "string", "pattern": "^16\\\\.6\\\\.[0-9]+$", "description": "The rule number." },\n    "copies": {',
      ),
    );
    expect((await runCli(['check', '-C', numbered])).code).toBe(0);
    const before = await read(numbered, 'content/duel/trophies.yaml');
    const refused = await runCli(['new', 'duel', 'trophies', 'Descarte', '-C', numbered]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('error: trophies/descarte cannot be drafted, so nothing was changed:');
    expect(refused.err).toContain('  = `number` must match `^16\\.6\\.[0-9]+$`: give it with the entry written by hand');
    expect(refused.err).not.toMatch(/trophies\.yaml:\d+/);
    expect(await read(numbered, 'content/duel/trophies.yaml')).toBe(before);

    const map = await fixtureProject('duel', { 'content/duel/trophies.yaml': () => 'foo: bar\n' });
    const notList = await runCli(['new', 'duel', 'trophies', 'X', '-C', map]);
    expect(notList.code).toBe(1);
    expect(notList.err).toContain('content/duel/trophies.yaml:1:1: error: content/duel/trophies.yaml is not a list of entries');
    expect(await read(map, 'content/duel/trophies.yaml')).toBe('foo: bar\n');
  });

  it('an entry whose ID comes from another field (numbered rules) is a usage error', async () => {
    const root = await fixtureProject('tree');
    const r = await runCli(['new', 'tree', 'rules', 'Regra', '-C', root]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('take their ID from `number`');
  });

  it("appendItem keeps the list's indentation, adds a missing final newline, and fills an empty []", () => {
    expect(appendItem('  - name: A\n', '- name: B\n')).toEqual({ text: '  - name: A\n\n  - name: B\n', line: 3 });
    expect(appendItem('- name: A', '- name: B\n')).toEqual({ text: '- name: A\n\n- name: B\n', line: 3 });
    expect(appendItem('# none yet\n[]\n', '- name: B\n')).toEqual({ text: '# none yet\n- name: B\n', line: 2 });
    expect(appendItem('[{ name: A }]\n', '- name: B\n')).toBeUndefined();
    expect(appendItem('- name: A\r\n', '- name: B\n  kind: set\n')).toEqual({ text: '- name: A\r\n\r\n- name: B\r\n  kind: set\r\n', line: 3 });
  });
});

describe('rulebook new game / new collection', () => {
  it('`new game demo` makes a game that checks and builds at once', async () => {
    const root = await fixtureProject('duel');
    const r = await runCli(['new', 'game', 'demo', '-C', root]);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe('demo');
    for (const f of ['content/demo/game.yaml', 'content/demo/cards.yaml', 'content/demo/rules/01-overview.md', 'schemas/demo/card.schema.json'])
      expect(await exists(path.join(root, f))).toBe(true);
    expect(JSON.parse(await read(root, 'schemas/demo/card.schema.json')).$id).toBe('https://rulebook.dev/schemas/demo/card.schema.json');
    const build = await runCli(['build', '-C', root]);
    expect(build.err).toContain('0 errors, 0 warnings');
    expect(build.code).toBe(0);
    expect(build.err).toContain('built demo: 1 card');
    expect(await read(root, 'generated/demo.js')).toContain('first-card');
    expect(await exists(path.join(root, 'docs-site/dist/demo/cards.html'))).toBe(true);
    // The drafted card text is a placeholder, listed as a draft.
    expect((await runCli(['drafts', '--game', 'demo', '-C', root])).out).toContain('content/demo/cards.yaml:6: placeholder cards/first-card/text:');
  });

  it('`new game` refuses an ID that is not kebab-case and a game that exists', async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['new', 'game', 'My Game', '-C', root])).code).toBe(2);
    const again = await runCli(['new', 'game', 'duel', '-C', root]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('content/duel/ already exists');
    // `new game game` would make a game no `new game <collection> "Name"` could reach: refused, with why.
    for (const word of ['game', 'collection']) {
      const reserved = await runCli(['new', 'game', word, '-C', root]);
      expect(reserved.code).toBe(2);
      expect(reserved.err).toContain(`"${word}" cannot be a game ID: \`rulebook new ${word} ...\` is the command that makes a ${word}`);
      expect(await exists(path.join(root, 'content', word))).toBe(false);
    }
    expect((await runCli(['new', 'game', 'demo', '--id', 'x', '-C', root])).code).toBe(2);
  });

  it("a new collection's file says one entry per item, whatever the word's plural", async () => {
    const root = await fixtureProject('duel');
    expect((await runCli(['new', 'collection', 'duel', 'people', '-C', root])).code).toBe(0);
    expect(await read(root, 'content/duel/people.yaml')).toMatch(/^# People: one entry per item, in the rulebook's order\.\n/);
  });

  it('`new collection` adds the manifest entry, the file and the schema; every other manifest byte stays; entries then append to it', async () => {
    const root = await fixtureProject('duel');
    const before = await read(root, 'content/duel/game.yaml');
    const r = await runCli(['new', 'collection', 'duel', 'actionCards', '-C', root]);
    expect(r.code).toBe(0);
    const after = await read(root, 'content/duel/game.yaml');
    const inserted = `  actionCards:
    file: action-cards.yaml
    schema: duel/action-card.schema.json
    type: ActionCard
    title: Action cards
`;
    const at = before.indexOf('\ndeclarations:') - 1;
    expect(after).toBe(before.slice(0, at + 1) + inserted + before.slice(at + 1));
    expect(JSON.parse(await read(root, 'schemas/duel/action-card.schema.json')).$id).toBe('https://rulebook.dev/schemas/duel/action-card.schema.json');
    expect((await runCli(['check', '-C', root])).code).toBe(0);
    const entry = await runCli(['new', 'duel', 'actionCards', 'Run Away', '-C', root]);
    expect(entry.code).toBe(0);
    expect(entry.out.trim()).toBe('run-away');
    const build = await runCli(['build', '-C', root]);
    expect(build.code).toBe(0);
    expect(await read(root, 'generated/duel.js')).toContain('run-away');
    const again = await runCli(['new', 'collection', 'duel', 'actionCards', '-C', root]);
    expect(again.code).toBe(2);
    expect((await runCli(['new', 'collection', 'duel', 'Action-Cards', '-C', root])).code).toBe(2);
  });

  it('addCollection fits a manifest whose collections are flow maps, and falls back to the Document for a flow map of collections', () => {
    const tree = `id: tree\ncollections:\n  rules: { file: rules.yaml, schema: tree/rule.schema.json, type: Rule }\n# after\nroles: { rules: rules }\n`;
    const decl = { file: 'cards.yaml', schema: 'tree/card.schema.json', type: 'Card', title: 'Cards' };
    expect(addCollection(tree, 'cards', decl)).toBe(
      `id: tree\ncollections:\n  rules: { file: rules.yaml, schema: tree/rule.schema.json, type: Rule }\n  cards:\n    file: cards.yaml\n    schema: tree/card.schema.json\n    type: Card\n    title: Cards\n# after\nroles: { rules: rules }\n`,
    );
    const flow = addCollection(`# a comment\nid: x\ncollections: { a: { file: a.yaml, schema: x/a.schema.json, type: A } }\n`, 'cards', decl);
    expect(flow).toContain('# a comment');
    expect(parseDocument(flow).toJS().collections).toEqual({ a: { file: 'a.yaml', schema: 'x/a.schema.json', type: 'A' }, cards: decl });
  });
});
