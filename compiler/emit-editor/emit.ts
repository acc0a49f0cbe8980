import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isTableFile } from '../load/csv-source.ts';
import { SCHEMA_BASE, type SchemaSet } from '../validate/schemas.ts';
import { diffFolder, readFolder, replaceFolder } from '../write.ts';
import { referenceTargets } from './ids.ts';
import { globFileMatch, languagesOf, literalFileMatch } from './json-schemas.ts';
import { EditorSchemaBuilder, type SchemaLookup } from './schema.ts';
import { mergeSettings, SETTINGS_FILE, type Associations } from './settings.ts';
import type { CheckedGame } from '../model.ts';

/**
 * Where the editor schemas go. Not committed (.gitignore): they hold the IDs
 * that exist, so every edit that adds an entry would change them, and they
 * are derived from schemas/ and content/, which are. Each build that succeeds
 * (and `rulebook serve` on each good save) rewrites them; the committed
 * `.vscode/settings.json` points at them, so after `npm run build` the editor
 * needs no setup.
 */
export const EDITOR_DIR = '.rulebook/editor-schemas';

export interface EditorFiles {
  /** Path under EDITOR_DIR -> JSON text. */
  schemas: Map<string, string>;
  /** `.vscode/settings.json`'s `yaml.schemas`: schema path (from the project root) -> glob of the content files it describes. */
  associations: Associations;
  /** Its `json.schemas`, for the JSON content files: schema path -> `fileMatch` pattern (json-schemas.ts). */
  jsonAssociations: Associations;
}

/** The editor schema of every game's manifest, collections and constants, and which file each describes. */
export function editorFiles(root: string, games: readonly CheckedGame[], schemas: SchemaSet): EditorFiles {
  const lookup: SchemaLookup = (url) => schemas.ajv.schemas[url]?.schema;
  const out = new Map<string, string>();
  const associations: Associations = {};
  const jsonAssociations: Associations = {};
  /** One schema file, mapped for the YAML files, the JSON files or both that `target` (a path or a glob, from the project root) names. */
  const put = (file: string, schema: unknown, target: { path: string } | { glob: string }) => {
    out.set(file, JSON.stringify(schema, null, 2) + '\n');
    const glob = 'glob' in target;
    const languages = languagesOf(glob ? target.glob : target.path, glob);
    if (languages.yaml) associations[`${EDITOR_DIR}/${file}`] = glob ? target.glob : globEscape(target.path);
    if (languages.json) jsonAssociations[`${EDITOR_DIR}/${file}`] = glob ? globFileMatch(target.glob) : literalFileMatch(target.path);
  };
  const comment = (from: string) =>
    `Written by \`rulebook build\` from schemas/${from} for editors (yaml-language-server, VS Code's JSON support); rewritten by each build, do not edit.`;

  // One manifest schema for every game, also one that has not been built yet.
  put(
    'game.schema.json',
    new EditorSchemaBuilder(lookup, new Map()).build(`${SCHEMA_BASE}game.schema.json`, 'document', {
      title: 'Game manifest (game.yaml)',
      comment: comment('game.schema.json'),
    }),
    { glob: 'content/*/game.yaml' },
  );

  for (const { linked } of games) {
    const { game } = linked;
    const folder = path.basename(game.dir);
    const ids = referenceTargets(linked);
    const relative = (file: string) => ({ path: path.relative(root, path.join(game.dir, file)).split(path.sep).join('/') });
    for (const collection of game.collections.values()) {
      const { decl } = collection;
      // A CSV or TSV table is neither YAML nor JSON: a schema associated with it would make the editor flag every line.
      if (isTableFile(decl.file ?? decl.files ?? '')) continue;
      const title = `${collection.name} (${folder}/${decl.file ?? decl.files})`;
      const schema = new EditorSchemaBuilder(lookup, ids).build(SCHEMA_BASE + decl.schema, 'list', { title, comment: comment(decl.schema) });
      // A `files` glob is already a pattern: the editor matches it as written, under the game's folder. A JSON file gets the
      // same schema as YAML (an entry is the same value in either), mapped in `json.schemas` (json-schemas.ts).
      const pattern = decl.file !== undefined ? relative(decl.file) : { glob: path.relative(root, game.dir).split(path.sep).join('/') + '/' + decl.files };
      put(`${folder}/collections/${collection.name}.schema.json`, schema, pattern);
    }
    const constants = game.manifest.constants;
    if (constants && typeof constants.schema === 'string' && typeof constants.file === 'string') {
      const schema = new EditorSchemaBuilder(lookup, ids).build(SCHEMA_BASE + constants.schema, 'document', {
        title: `constants (${folder}/${constants.file})`,
        comment: comment(constants.schema),
      });
      put(`${folder}/constants.schema.json`, schema, relative(constants.file));
    }
  }
  return { schemas: out, associations, jsonAssociations };
}

export interface EditorWrite {
  /** Editor schema files written (0 when they were up to date). */
  changed: number;
  total: number;
  /** What happened to .vscode/settings.json. */
  settings: 'written' | 'unchanged' | { skipped: string; missing?: string[] };
}

/** Write the editor schemas (only when they changed) and keep `.vscode/settings.json` pointing at them. */
export async function writeEditorFiles(root: string, games: readonly CheckedGame[], schemas: SchemaSet): Promise<EditorWrite> {
  const files = editorFiles(root, games, schemas);
  const dir = path.join(root, EDITOR_DIR);
  const diff = diffFolder(await readFolder(dir), files.schemas);
  if (diff.length) {
    await mkdir(path.dirname(dir), { recursive: true });
    await replaceFolder(dir, files.schemas);
  }
  const settingsPath = path.join(root, SETTINGS_FILE);
  const existing = await readFile(settingsPath, 'utf8').catch(() => undefined);
  const merged = mergeSettings(existing, files.associations, `${EDITOR_DIR}/`, files.jsonAssociations);
  let settings: EditorWrite['settings'] = 'unchanged';
  if (merged.skipped) settings = { skipped: merged.skipped, ...(merged.missing ? { missing: merged.missing } : {}) };
  else if (merged.text !== existing) {
    await mkdir(path.dirname(settingsPath), { recursive: true });
    // Whole or not at all: the editor reloads this file as soon as it changes.
    const tmp = `${settingsPath}.${process.pid}.tmp`;
    await writeFile(tmp, merged.text!);
    await rename(tmp, settingsPath);
    settings = 'written';
  }
  return { changed: diff.length, total: files.schemas.size, settings };
}

/** A path as a glob that matches only itself (yaml-language-server reads the right side of `yaml.schemas` with picomatch). */
function globEscape(file: string): string {
  return file.replace(/[*?[\]{}()!+@\\]/g, '\\$&');
}
