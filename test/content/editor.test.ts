import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../compiler/pipeline.ts';
import { at, Editor } from '../editor-client.ts';
import { makeProject, runCli } from '../helpers.ts';

/**
 * The bundled games in the editor: every content file that checks gets no
 * diagnostic from yaml-language-server (before the editor schemas, most of
 * what it reported were false alarms on placeholders), and a mistake the
 * README shows stands where `rulebook check` puts it.
 */
describe('the bundled games in the editor', () => {
  let root: string;
  let editor: Editor;
  let files: string[];

  beforeAll(async () => {
    root = await makeProject({}, { copyContent: ['cangaco', 'cangaceiros', 'root'] });
    const built = await runCli(['build', '-C', root]);
    expect(built.code, built.err).toBe(0);
    const mapped = (JSON.parse(await readFile(path.join(root, '.vscode', 'settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string> })['yaml.schemas'];
    files = Object.values(mapped).flatMap((glob) => (glob === 'content/*/game.yaml' ? ['cangaco', 'cangaceiros', 'root'].map((g) => `content/${g}/game.yaml`) : [glob]));
    editor = new Editor(root);
    await editor.start();
  }, 120_000);

  afterAll(async () => {
    await editor?.stop();
  });

  it('finds nothing wrong in any content file, placeholders and readings included', async () => {
    const result = await check(root);
    const marks = result.games.reduce((n, g) => n + g.linked.placeholders.length + g.linked.readings.length, 0);
    // The files hold many placeholders and readings: a schema that refused them would show here.
    expect(marks).toBeGreaterThan(20);
    expect(files.length).toBeGreaterThan(30);
    const found: string[] = [];
    for (const file of files) for (const d of await editor.open(file)) found.push(`${file}:${at(d)} ${d.message}`);
    expect(found).toEqual([]);
    expect(editor.stderr).not.toMatch(/NETWORK/);
  });

  it('puts the README\'s example mistake (a Cordel award written as a word) where `rulebook check` does', async () => {
    const file = 'content/cangaco/cordel.yaml';
    const original = await readFile(path.join(root, file), 'utf8');
    const broken = original.replace('awards: [5, 3, 2]', 'awards: [5, 3, two]');
    expect(broken).not.toBe(original);
    await writeFile(path.join(root, file), broken);
    const fromCheck = (await check(root)).bag.sorted().filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column}`);
    expect(fromCheck).toHaveLength(1);
    const fromEditor = (await editor.open(file, broken)).map((d) => `${file}:${at(d)}`);
    expect(fromEditor).toEqual(fromCheck);
  });
});
