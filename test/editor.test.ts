import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EditorSchemaBuilder } from '../compiler/emit-editor/schema.ts';
import { mergeSettings } from '../compiler/emit-editor/settings.ts';
import { check } from '../compiler/pipeline.ts';
import { serve } from '../compiler/serve/serve.ts';
import { at, Editor, type CompletionItem } from './editor-client.ts';
import { fixtureProject, fixturesProject, runCli } from './helpers.ts';

/**
 * The editor as a designer meets it: the real yaml-language-server (the
 * server of VS Code's Red Hat YAML) over stdio, given the `yaml.schemas` the
 * build wrote into .vscode/settings.json, exactly as the VS Code extension
 * passes it on. Its diagnostics must stand where `rulebook check` puts its
 * own, placeholders and readings must pass, and a reference field must
 * complete with the IDs that exist.
 */

const text = (d: CompletionItem['documentation']) => (typeof d === 'string' ? d : (d?.value ?? ''));

/** Where `rulebook check` puts its errors in one file, as line:column. */
async function checkErrorsIn(root: string, file: string): Promise<string[]> {
  const result = await check(root);
  return result.bag
    .sorted()
    .filter((d) => d.severity === 'error' && d.file === file)
    .map((d) => `${d.place?.start.line}:${d.place?.start.column}`);
}

// Three problems `rulebook check` reports (line 2: a kind that is not one; line 5: a card
// that does not exist; line 9: a field the schema does not have), a placeholder (line 4)
// and a reading (line 7), which are not problems.
const BROKEN_CARDS = `- name: "Evil <script>window.__pwned = 1</script> card"
  kind: singel
- name: Image
  kind: { placeholder: set, note: The test rules do not say which kind this card is. }
  beats: imagee
- name: Third
  kind: { reading: single, note: The test rules are silent; this edition reads it as single. }
  beats: image
  bets: image
`;

describe('the editor (yaml-language-server) with the schemas the build writes', () => {
  let root: string;
  let editor: Editor;
  let built: { code: number; err: string };

  beforeAll(async () => {
    root = await fixturesProject(['duel', 'hostile', 'tree', 'board']);
    built = await runCli(['build', '-C', root]);
    editor = new Editor(root);
    await editor.start();
  }, 60_000);

  afterAll(async () => {
    await editor?.stop();
  });

  it('writes one editor schema per content file, every $ref inside it, and maps each file in .vscode/settings.json', async () => {
    expect(built.code, built.err).toBe(0);
    expect(built.err).toMatch(/editor schemas: wrote 8 files in \.rulebook\/editor-schemas\/; updated \.vscode\/settings\.json/);
    const settings = JSON.parse(await readFile(path.join(root, '.vscode', 'settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string> };
    const mapped = settings['yaml.schemas'];
    expect(mapped).toMatchObject({
      '.rulebook/editor-schemas/game.schema.json': 'content/*/game.yaml',
      '.rulebook/editor-schemas/hostile/collections/cards.schema.json': 'content/hostile/cards.yaml',
      '.rulebook/editor-schemas/duel/collections/trophies.schema.json': 'content/duel/trophies.yaml',
      '.rulebook/editor-schemas/tree/collections/rules.schema.json': 'content/tree/rules.yaml',
      '.rulebook/editor-schemas/board/collections/events.schema.json': 'content/board/events.yaml',
    });
    for (const schemaPath of Object.keys(mapped)) {
      const schemaText = await readFile(path.join(root, schemaPath), 'utf8');
      expect(schemaText, schemaPath).not.toContain('rulebook.dev');
      const refs = [...schemaText.matchAll(/"\$ref": "([^"]*)"/g)].map((m) => m[1]!);
      expect(refs.length, schemaPath).toBeGreaterThan(0);
      expect(
        refs.filter((r) => !r.startsWith('#/$defs/')),
        schemaPath,
      ).toEqual([]);
    }
    // The server reads the same map: each content file has its own schema.
    expect(await editor.schemasOf('content/hostile/cards.yaml')).toEqual([
      pathToFileURL(path.join(root, '.rulebook/editor-schemas/hostile/collections/cards.schema.json')).href,
    ]);
    expect(await editor.schemasOf('content/tree/game.yaml')).toEqual([pathToFileURL(path.join(root, '.rulebook/editor-schemas/game.schema.json')).href]);
  });

  it('puts a wrong value, an unknown field and a dangling reference on the lines `rulebook check` does, and passes a placeholder and a reading', async () => {
    await writeFile(path.join(root, 'content/hostile/cards.yaml'), BROKEN_CARDS);
    const fromCheck = await checkErrorsIn(root, 'content/hostile/cards.yaml');
    expect(fromCheck).toEqual(['2:9', '5:10', '9:3']);
    const fromEditor = await editor.open('content/hostile/cards.yaml');
    expect(fromEditor.map(at)).toEqual(fromCheck);
    expect(fromEditor.map((d) => d.message)).toEqual([
      'Value is not accepted. Valid values: "single", "set".',
      'Value is not accepted. Valid values: "evil-script-window-pwned-1-script-card", "image".',
      'Property bets is not allowed.',
    ]);
  });

  it('finds nothing wrong in content that checks: placeholders inside rules, a whole-entry draft, a numbered tree, a manifest', async () => {
    // The first file proves the schemas are in use (it has problems); the others must have none.
    expect((await editor.open('content/hostile/cards.yaml', BROKEN_CARDS)).length).toBe(3);
    for (const file of [
      'content/duel/trophies.yaml',
      'content/duel/game.yaml',
      'content/board/maps.yaml',
      'content/board/events.yaml',
      'content/board/game.yaml',
      'content/tree/rules.yaml',
      'content/tree/glossary.yaml',
      'content/tree/icons.yaml',
    ]) {
      expect((await editor.open(file)).map((d) => `${file}:${at(d)} ${d.message}`)).toEqual([]);
    }
    // Placeholders in the duel fixture stand inside a scoring rule (`points:`) and on a text (`flavor:`).
    expect(await readFile(path.join(root, 'content/duel/trophies.yaml'), 'utf8')).toMatch(/points: \{ placeholder: 4,/);
  });

  it("completes a reference field with the IDs that exist, each with its entry's name", async () => {
    await editor.open('content/hostile/cards.yaml', BROKEN_CARDS);
    // Line 8 is `  beats: image`: ask at the start of the value.
    const items = await editor.complete('content/hostile/cards.yaml', 8, '  beats: '.length);
    expect(items.map((i) => [i.label, text(i.documentation)])).toEqual([
      ['evil-script-window-pwned-1-script-card', 'Evil \\<script\\>window.\\_\\_pwned = 1\\</script\\> card'],
      ['image', 'Image'],
    ]);
    // A numbered tree: a cross-reference offers the rules and the glossary's numbers, each with its title.
    const rules = `${await readFile(path.join(root, 'content/tree/rules.yaml'), 'utf8')}- number: "16.7"\n  title: Nova\n  see:\n    - ref: \n      label: Ver\n`;
    const line = rules.split('\n').indexOf('    - ref: ') + 1;
    await editor.open('content/tree/rules.yaml', rules);
    const refs = await editor.complete('content/tree/rules.yaml', line, '    - ref: '.length);
    expect(refs.map((i) => `${i.label} ${text(i.documentation)}`)).toEqual([
      // A number such as 16.4 would read as a number in YAML: the server quotes it.
      '"16.4" Preparação',
      '16.4.1 1º Passo: Escolha o Tabuleiro.',
      '"16.5" Tabuleiros',
      '16.5.1 Clareiras Costeiras.',
      '"16.6" Glossário',
      '16.6.1 Ruína',
    ]);
  });

  it("shows a field's description on hover, also when its value is a placeholder", async () => {
    await editor.open('content/hostile/cards.yaml', BROKEN_CARDS);
    expect(await editor.hover('content/hostile/cards.yaml', 5, 3)).toContain('Another card');
    expect(await editor.hover('content/hostile/cards.yaml', 4, 3)).toMatch(/placeholder or reading[\s\S]*Kind/);
    // A field whose schema is a shared definition (a scoring rule) shows its own words, not the definition's.
    await editor.open('content/duel/trophies.yaml');
    const scoring = await editor.hover('content/duel/trophies.yaml', 5, 3);
    expect(scoring).toContain('How the card scores, as DSL.');
    expect(scoring).not.toContain('A scoring rule');
  });

  it('never reaches for the network', async () => {
    await editor.open('content/duel/trophies.yaml');
    expect(editor.stderr).not.toMatch(/NETWORK/);
    const all = await Promise.all(['content/hostile/cards.yaml', 'content/duel/game.yaml'].map((f) => editor.open(f)));
    expect(all.flat().filter((d) => /ENOTFOUND|https?:|Unable to load/i.test(d.message))).toEqual([]);
  });
});

describe('a new entry reaches the editor with the next build', () => {
  it('lists the new ID for references, and leaves the editor schemas alone when nothing changed', async () => {
    const root = await fixturesProject(['hostile']);
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const again = await runCli(['build', '-C', root]);
    expect(again.err).toContain('editor schemas: up to date in .rulebook/editor-schemas/');
    await writeFile(
      path.join(root, 'content/hostile/cards.yaml'),
      `${await readFile(path.join(root, 'content/hostile/cards.yaml'), 'utf8')}- name: Lantern Thief\n  kind: single\n`,
    );
    const third = await runCli(['build', '-C', root]);
    expect(third.code, third.err).toBe(0);
    const schema = JSON.parse(await readFile(path.join(root, '.rulebook/editor-schemas/hostile/collections/cards.schema.json'), 'utf8')) as {
      $defs: Record<string, { enum?: string[]; enumDescriptions?: string[] }>;
    };
    expect(schema.$defs['rulebook.ids.cards']).toMatchObject({
      enum: ['evil-script-window-pwned-1-script-card', 'image', 'lantern-thief'],
      enumDescriptions: ['Evil <script>window.__pwned = 1</script> card', 'Image', 'Lantern Thief'],
    });
  });

  it('`rulebook serve` rewrites them on each good save', async () => {
    const root = await fixturesProject(['hostile']);
    const handle = await serve(root, { port: 0, base: '/', version: '0.0.0', color: false, log: () => undefined });
    try {
      await handle.live.settled();
      const ids = async () =>
        (
          JSON.parse(await readFile(path.join(root, '.rulebook/editor-schemas/hostile/collections/cards.schema.json'), 'utf8')) as {
            $defs: Record<string, { enum?: string[] }>;
          }
        ).$defs['rulebook.ids.cards']?.enum;
      expect(await ids()).toEqual(['evil-script-window-pwned-1-script-card', 'image']);
      const saved = handle.nextUpdate();
      await writeFile(
        path.join(root, 'content/hostile/cards.yaml'),
        `${await readFile(path.join(root, 'content/hostile/cards.yaml'), 'utf8')}- name: Lantern Thief\n  kind: single\n`,
      );
      expect((await saved).ok).toBe(true);
      await handle.live.settled();
      expect(await ids()).toEqual(['evil-script-window-pwned-1-script-card', 'image', 'lantern-thief']);
    } finally {
      await handle.close();
    }
  });

  it('writes nothing for the editor when the build has errors', async () => {
    const root = await fixturesProject(['hostile'], { 'content/hostile/cards.yaml': (t) => t.replace('kind: set', 'kind: sett') });
    expect((await runCli(['build', '-C', root])).code).toBe(1);
    expect(await readdir(root)).not.toContain('.rulebook');
    expect(await readdir(root)).not.toContain('.vscode');
  });
});

describe('.vscode/settings.json', () => {
  const ours = { '.rulebook/editor-schemas/g/collections/cards.schema.json': 'content/g/cards.yaml' };

  it("keeps the designer's own settings and schema mappings, and replaces only the build's", () => {
    const before = JSON.stringify({
      'editor.tabSize': 2,
      'yaml.schemas': { 'my/own.schema.json': 'notes/*.yaml', '.rulebook/editor-schemas/gone/collections/old.schema.json': 'content/gone/old.yaml' },
    });
    const merged = JSON.parse(mergeSettings(before, ours, '.rulebook/editor-schemas/').text!) as Record<string, unknown>;
    expect(merged).toEqual({ 'editor.tabSize': 2, 'yaml.schemas': { 'my/own.schema.json': 'notes/*.yaml', ...ours } });
  });

  it('leaves a settings file with comments as it is, and says why', () => {
    const merged = mergeSettings('{\n  // mine\n  "editor.tabSize": 2\n}\n', ours, '.rulebook/editor-schemas/');
    expect(merged.text).toBeUndefined();
    expect(merged.skipped).toMatch(/not plain JSON/);
    // With the exact lines to add for what it does not map yet.
    expect(merged.skipped).toContain('add to its "yaml.schemas" map:');
    expect(merged.missing).toEqual(['".rulebook/editor-schemas/g/collections/cards.schema.json": "content/g/cards.yaml",']);
    const mapped = mergeSettings(
      '{\n  // mine\n  "yaml.schemas": { ".rulebook/editor-schemas/g/collections/cards.schema.json": "content/g/cards.yaml" }\n}\n',
      ours,
      '.rulebook/editor-schemas/',
    );
    expect(mapped.missing).toBeUndefined();
  });

  it('a build prints those lines for a settings file with comments, and leaves it as it was', async () => {
    const root = await fixtureProject('duel');
    const settings = '{\n  // my settings\n  "editor.tabSize": 2\n}\n';
    await mkdir(path.join(root, '.vscode'), { recursive: true });
    await writeFile(path.join(root, '.vscode', 'settings.json'), settings);
    const built = await runCli(['build', '-C', root]);
    expect(built.code).toBe(0);
    expect(built.err).toContain(
      '.vscode/settings.json is not plain JSON (comments?), so it was left as it is; add to its "yaml.schemas" map:\n    ".rulebook/editor-schemas/duel/collections/trophies.schema.json": "content/duel/trophies.yaml",\n',
    );
    expect(await readFile(path.join(root, '.vscode', 'settings.json'), 'utf8')).toBe(settings);
  });
});

describe('the editor schema of one schema', () => {
  const BASE = 'https://rulebook.dev/schemas/';
  const docs: Record<string, unknown> = {
    [`${BASE}defs.schema.json`]: { $defs: { id: { type: 'string', pattern: '^[a-z]+$', description: 'An ID.' } } },
    [`${BASE}g/card.schema.json`]: {
      $id: `${BASE}g/card.schema.json`,
      type: 'object',
      properties: {
        city: { $ref: '../defs.schema.json#/$defs/id', 'x-ref': 'cities', description: 'A city.' },
        cities: { type: 'array', 'x-ref': 'cities', description: 'Not a string: left as it is.' },
        rule: { $ref: '#/$defs/rule', 'x-rule': 'scoring' },
        gone: { $ref: '../missing.schema.json#/$defs/x' },
      },
      $defs: { rule: { oneOf: [{ type: 'integer' }, { type: 'object', properties: { of: { type: 'array', items: { $ref: '#/$defs/rule' } } } }] } },
    },
  };
  const ids = new Map([['cities', { ids: ['recife', 'natal'], labels: ['Recife', 'Natal'] }]]);
  const schema = new EditorSchemaBuilder((url) => docs[url], ids).build(`${BASE}g/card.schema.json`, 'list', { title: 't', comment: 'c' });
  const defs = schema.$defs as Record<string, Record<string, unknown>>;

  it('keeps a referenced schema beside the ID list, and leaves a mark on a non-string alone', () => {
    expect(defs['g.card.city']).toEqual({ allOf: [{ $ref: '#/$defs/defs.id' }, { $ref: '#/$defs/rulebook.ids.cities' }] });
    expect(defs['rulebook.ids.cities']).toMatchObject({ enum: ['recife', 'natal'], enumDescriptions: ['Recife', 'Natal'] });
    expect(defs['g.card.cities']).toEqual({ type: 'array' });
  });

  it('resolves a recursive rule once, accepts anything where a $ref leads nowhere, and drops what only the build reads', () => {
    expect(JSON.stringify(schema)).not.toMatch(/x-rule|x-ref|rulebook\.dev\/schemas\/g/);
    expect(defs['g.card.rule']).toMatchObject({ oneOf: [{ type: 'integer' }, { type: 'object' }] });
    expect(defs['missing.x']).toEqual({});
    expect(schema).toMatchObject({ type: 'array', items: { $ref: '#/$defs/g.card' } });
  });
});
