// JSON collection files in the editor: the build maps each JSON content file (a `file:`, a `files:` glob, the
// constants) to its editor schema in `.vscode/settings.json`'s `json.schemas`, as VS Code's JSON support reads it,
// and that schema accepts the file as it checks and refuses what `rulebook check` refuses.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { glob } from 'tinyglobby';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { globFileMatch, languagesOf, literalFileMatch } from '../compiler/emit-editor/json-schemas.ts';
import { mergeSettings } from '../compiler/emit-editor/settings.ts';
import { check } from '../compiler/pipeline.ts';
import { makeProject, runCli } from './helpers.ts';

const PREFIX = '.rulebook/editor-schemas/';
const CARDS = 'content/cangaco/cards.json';
const CONSTANTS = 'content/cangaco/constants.json';
const CORDEL = ['content/cangaco/cordel/part-1.json', 'content/cangaco/cordel/part-2.json'];

interface JsonSchemaSetting {
  fileMatch: string[];
  url: string;
}

/**
 * The files a `json.schemas` pattern gives its schema to, as VS Code's JSON
 * service matches it: `**` + `/` + the pattern without its leading `/`
 * (vscode-json-languageservice FilePatternAssociation). Its glob is not in
 * node_modules; tinyglobby's (picomatch) reads `*`, `**`, `?` and `{a,b}`
 * the same way.
 */
async function filesMatched(root: string, fileMatch: string): Promise<string[]> {
  expect(fileMatch.startsWith('/'), fileMatch).toBe(true);
  return (await glob(`**/${fileMatch.slice(1)}`, { cwd: root, ignore: ['node_modules/**', '.rulebook/**', 'generated/**', 'docs-site/**'] })).sort();
}

/** An ajv that reads the editor schemas as strictly as the build reads schemas/, knowing the editors' annotation keywords. */
function editorAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  // Annotations VS Code's JSON service and yaml-language-server show in completion and hover; they validate nothing.
  for (const keyword of ['enumDescriptions', 'markdownEnumDescriptions', 'markdownDescription', 'doNotSuggest']) ajv.addKeyword({ keyword });
  return ajv;
}

describe('JSON collection files in the editor settings', () => {
  let root: string;
  let built: { code: number; out: string; err: string };
  let settings: Record<string, unknown>;
  let jsonSchemas: JsonSchemaSetting[];

  beforeAll(async () => {
    // The bundled Cangaço with its cards and constants in JSON, and its Cordel cards as two JSON files under one glob.
    root = await makeProject({}, { copyContent: ['cangaco'] });
    const game = path.join(root, 'content', 'cangaco');
    const yaml = async (file: string) => parse(await readFile(path.join(game, file), 'utf8')) as unknown[];
    await writeFile(path.join(root, CARDS), `${JSON.stringify(await yaml('cards.yaml'), null, 2)}\n`);
    await writeFile(path.join(root, CONSTANTS), `${JSON.stringify(await yaml('constants.yaml'), null, 2)}\n`);
    const cordel = await yaml('cordel.yaml');
    await mkdir(path.join(game, 'cordel'));
    await writeFile(path.join(root, CORDEL[0]!), `${JSON.stringify(cordel.slice(0, 10), null, 2)}\n`);
    await writeFile(path.join(root, CORDEL[1]!), `${JSON.stringify(cordel.slice(10), null, 2)}\n`);
    for (const file of ['cards.yaml', 'constants.yaml', 'cordel.yaml']) await rm(path.join(game, file));
    const manifest = await readFile(path.join(game, 'game.yaml'), 'utf8');
    const converted = manifest
      .replace('file: cards.yaml', 'file: cards.json')
      .replace('file: constants.yaml', 'file: constants.json')
      .replace('file: cordel.yaml', 'files: "cordel/*.json"');
    expect(converted.match(/\.json\b/g)?.length).toBeGreaterThanOrEqual(3 + 4);
    await writeFile(path.join(game, 'game.yaml'), converted);

    built = await runCli(['build', '-C', root]);
    settings = JSON.parse(await readFile(path.join(root, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;
    jsonSchemas = settings['json.schemas'] as JsonSchemaSetting[];
  }, 120_000);

  it('maps each JSON file to its schema in `json.schemas`, and only the YAML files in `yaml.schemas`', async () => {
    expect(built.code, built.err).toBe(0);
    expect(built.err).toContain('updated .vscode/settings.json');
    expect(jsonSchemas).toEqual([
      { fileMatch: ['/content/cangaco/cards.json'], url: `./${PREFIX}cangaco/collections/cards.schema.json` },
      { fileMatch: ['/content/cangaco/cordel/*.json'], url: `./${PREFIX}cangaco/collections/cordel.schema.json` },
      { fileMatch: ['/content/cangaco/constants.json'], url: `./${PREFIX}cangaco/constants.schema.json` },
    ]);
    // The YAML language server is given the YAML files only: the manifest and the stations.
    expect(settings['yaml.schemas']).toEqual({
      [`${PREFIX}cangaco/collections/stations.schema.json`]: 'content/cangaco/stations.yaml',
      [`${PREFIX}game.schema.json`]: 'content/*/game.yaml',
    });
  });

  it('each pattern matches its own files and no other content file, and each url names a schema the build wrote', async () => {
    const matched = await Promise.all(jsonSchemas.map(async (s) => (await Promise.all(s.fileMatch.map((m) => filesMatched(root, m)))).flat()));
    expect(matched).toEqual([[CARDS], CORDEL, [CONSTANTS]]);
    for (const { url } of jsonSchemas) {
      // VS Code joins a url that starts with `.` to the workspace folder; without it the url would be read as a URI and never found.
      expect(url.startsWith(`./${PREFIX}`), url).toBe(true);
      const schema = JSON.parse(await readFile(path.join(root, url), 'utf8')) as { $schema: string; $comment: string };
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$comment).toContain("VS Code's JSON support");
    }
  });

  it("the schema a JSON file is mapped to accepts the file's own content: placeholders, readings, rules and references included", async () => {
    const result = await check(root);
    expect(result.bag.errorCount).toBe(0);
    const marks = result.games[0]!.linked.placeholders.length + result.games[0]!.linked.readings.length;
    expect(marks).toBeGreaterThan(10);
    for (const { fileMatch, url } of jsonSchemas) {
      const validate = editorAjv().compile(JSON.parse(await readFile(path.join(root, url), 'utf8')) as object);
      for (const file of (await Promise.all(fileMatch.map((m) => filesMatched(root, m)))).flat()) {
        const ok = validate(JSON.parse(await readFile(path.join(root, file), 'utf8')));
        expect(ok ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`), file).toEqual([]);
      }
    }
  });

  it('refuses a broken entry as `rulebook check` does: a wrong enum value, an unknown field, a dangling reference, a draft without its note', async () => {
    const url = jsonSchemas.find((s) => s.fileMatch.includes('/content/cangaco/cards.json'))!.url;
    const validate = editorAjv().compile(JSON.parse(await readFile(path.join(root, url), 'utf8')) as object);
    const original = await readFile(path.join(root, CARDS), 'utf8');
    const cards = JSON.parse(original) as Array<Record<string, unknown>>;
    expect(cards[1]).toMatchObject({ name: 'Os Cabras', structure: 'single' });
    const breaks: Array<[string, (entry: Record<string, unknown>) => void]> = [
      ['/1/structure', (e) => (e.structure = 'singel')],
      ['/1', (e) => (e.bets = 'image')],
      ['/1/grants', (e) => (e.grants = ['flour', 'gold'])],
      ['/1/structure', (e) => (e.structure = { placeholder: 'single' })],
    ];
    for (const [pointer, edit] of breaks) {
      const broken = structuredClone(cards);
      edit(broken[1]!);
      expect(validate(broken), `${pointer} ${JSON.stringify(broken[1])}`).toBe(false);
      expect(validate.errors!.map((e) => e.instancePath).some((p) => p.startsWith(pointer))).toBe(true);
      // `rulebook check` refuses the same file, in the same entry.
      await writeFile(path.join(root, CARDS), `${JSON.stringify(broken, null, 2)}\n`);
      const errors = (await check(root)).bag.sorted().filter((d) => d.severity === 'error');
      expect(errors.length, pointer).toBeGreaterThan(0);
      expect(errors.every((d) => d.file === CARDS)).toBe(true);
    }
    await writeFile(path.join(root, CARDS), original);
    expect(validate(cards)).toBe(true);
  }, 60_000);

  it('a second build leaves the settings as they are (same content, same bytes)', async () => {
    const before = await readFile(path.join(root, '.vscode', 'settings.json'), 'utf8');
    const again = await runCli(['build', '-C', root]);
    expect(again.code, again.err).toBe(0);
    expect(again.err).not.toContain('updated .vscode/settings.json');
    expect(await readFile(path.join(root, '.vscode', 'settings.json'), 'utf8')).toBe(before);
  }, 60_000);
});

describe('`json.schemas` merged into a settings file', () => {
  const yamlOurs = { [`${PREFIX}game.schema.json`]: 'content/*/game.yaml' };
  const jsonOurs = { [`${PREFIX}g/collections/cards.schema.json`]: '/content/g/cards.json' };
  const ours = { fileMatch: ['/content/g/cards.json'], url: `./${PREFIX}g/collections/cards.schema.json` };
  const mine = { fileMatch: ['/notes/*.json'], url: './my/notes.schema.json' };

  it("keeps the designer's own entries (first, in their order) and replaces the build's, a stale one dropped", () => {
    const stale = { fileMatch: ['/content/gone/old.json'], url: `./${PREFIX}gone/collections/old.schema.json` };
    const before = JSON.stringify({ 'json.schemas': [stale, mine], 'editor.tabSize': 2 });
    const merged = JSON.parse(mergeSettings(before, yamlOurs, PREFIX, jsonOurs).text!) as Record<string, unknown>;
    expect(merged).toEqual({ 'json.schemas': [mine, ours], 'editor.tabSize': 2, 'yaml.schemas': yamlOurs });
  });

  it("writes no `json.schemas` for a project without JSON files, and removes one that held only the build's", () => {
    expect(JSON.parse(mergeSettings('{}', yamlOurs, PREFIX).text!)).toEqual({ 'yaml.schemas': yamlOurs });
    expect(JSON.parse(mergeSettings(JSON.stringify({ 'json.schemas': [ours] }), yamlOurs, PREFIX).text!)).toEqual({ 'yaml.schemas': yamlOurs });
    // The designer's own (even an empty list, or a value VS Code refuses) stays.
    expect(JSON.parse(mergeSettings(JSON.stringify({ 'json.schemas': [ours, mine] }), yamlOurs, PREFIX).text!)).toMatchObject({ 'json.schemas': [mine] });
    expect(JSON.parse(mergeSettings('{ "json.schemas": [] }', yamlOurs, PREFIX).text!)).toMatchObject({ 'json.schemas': [] });
    expect(JSON.parse(mergeSettings('{ "json.schemas": { "x": 1 } }', yamlOurs, PREFIX).text!)).toMatchObject({ 'json.schemas': { x: 1 } });
  });

  it('a settings file with comments is left alone, with the lines to add to each list', () => {
    const merged = mergeSettings('{\n  // mine\n}\n', yamlOurs, PREFIX, jsonOurs);
    expect(merged.text).toBeUndefined();
    expect(merged.skipped).toBe(
      '.vscode/settings.json is not plain JSON (comments?), so it was left as it is; add to its "yaml.schemas" map and its "json.schemas" list:',
    );
    expect(merged.missing).toEqual([
      '".rulebook/editor-schemas/game.schema.json": "content/*/game.yaml",',
      '{ "fileMatch": ["/content/g/cards.json"], "url": "./.rulebook/editor-schemas/g/collections/cards.schema.json" },',
    ]);
    // Each printed line is what the list takes.
    expect(JSON.parse(merged.missing![1]!.replace(/,$/, ''))).toEqual(ours);
    const named = mergeSettings(`{\n  // mine\n  "json.schemas": [${JSON.stringify(ours)}]\n}\n`, {}, PREFIX, jsonOurs);
    expect(named).toEqual({ skipped: '.vscode/settings.json is not plain JSON (comments?), so it was left as it is' });
  });
});

describe('which editor reads a content file, and its `fileMatch`', () => {
  it('by the name or the glob’s end, as load reads each file', () => {
    expect(languagesOf('cards.json', false)).toEqual({ yaml: false, json: true });
    expect(languagesOf('Cards.JSON', false)).toEqual({ yaml: false, json: true });
    expect(languagesOf('sets/*.json', true)).toEqual({ yaml: false, json: true });
    expect(languagesOf('cards.yaml', false)).toEqual({ yaml: true, json: false });
    expect(languagesOf('sets/*.yml', true)).toEqual({ yaml: true, json: false });
    // A glob that may match both kinds gives the schema to both editors (each reads only its own files).
    expect(languagesOf('sets/*', true)).toEqual({ yaml: true, json: true });
    expect(languagesOf('sets/*.{yaml,json}', true)).toEqual({ yaml: true, json: true });
  });

  it('a literal path with glob characters in its name still matches that file (the JSON service has no escape character)', async () => {
    const root = await makeProject({ 'content/g/cards [v2] {draft}.json': '[]\n', 'content/g/cards.json': '[]\n' });
    const pattern = literalFileMatch('content/g/cards [v2] {draft}.json');
    expect(pattern).toBe('/content/g/cards ?v2? ?draft?.json');
    expect(await filesMatched(root, pattern)).toEqual(['content/g/cards [v2] {draft}.json']);
    expect(await filesMatched(root, globFileMatch('content/g/*.json'))).toEqual(['content/g/cards [v2] {draft}.json', 'content/g/cards.json']);
  });
});
