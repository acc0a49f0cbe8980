import path from 'node:path';
import { readdir } from 'node:fs/promises';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Collection, Game, Manifest, MarkdownPage } from '../model.ts';
import { displayPath, isDirectory, listFiles, readText } from './files.ts';
import { YamlSource } from './yaml-source.ts';

/** Every game folder under content/ (a folder with a game.yaml), in name order. */
export async function findGames(root: string): Promise<string[]> {
  const dir = path.join(root, 'content');
  if (!(await isDirectory(dir))) return [];
  const names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const out: string[] = [];
  for (const name of names) if ((await readText(path.join(dir, name, 'game.yaml'))) !== undefined) out.push(path.join(dir, name));
  return out;
}

export async function loadYaml(root: string, file: string, bag: DiagnosticBag): Promise<YamlSource | undefined> {
  const text = await readText(file);
  const shown = displayPath(root, file);
  if (text === undefined) return undefined;
  return new YamlSource(shown, text).parse(bag);
}

/**
 * Read one game: its manifest, every collection file it declares, its
 * constants and its Markdown pages. Shapes are not checked here (validate does).
 */
export async function loadGame(root: string, dir: string, bag: DiagnosticBag): Promise<Game | undefined> {
  const manifestSource = await loadYaml(root, path.join(dir, 'game.yaml'), bag);
  if (!manifestSource || !manifestSource.ok) return undefined;
  const manifest = manifestSource.value as Manifest;
  const game: Game = { dir, manifestSource, manifest, collections: new Map(), constants: undefined, pages: [] };
  if (!manifest || typeof manifest !== 'object') return game;
  const collections = manifest.collections && typeof manifest.collections === 'object' ? manifest.collections : {};
  for (const [name, decl] of Object.entries(collections)) {
    if (!decl || typeof decl.file !== 'string') continue;
    const file = path.join(dir, decl.file);
    const source = await loadYaml(root, file, bag);
    if (!source) {
      bag.error(manifestSource.path, manifestSource.placeOf(`/collections/${name}/file`), 'collection-file-missing', `collection "${name}": file "${displayPath(root, file)}" does not exist`);
    }
    const collection: Collection = { name, decl, source, entries: [] };
    game.collections.set(name, collection);
  }
  if (manifest.constants && typeof manifest.constants.file === 'string') {
    const source = await loadYaml(root, path.join(dir, manifest.constants.file), bag);
    if (!source) bag.error(manifestSource.path, manifestSource.placeOf('/constants/file'), 'constants-file-missing', `constants file "${manifest.constants.file}" does not exist`);
    else if (source.ok) game.constants = { source, value: source.value };
  }
  game.pages = await loadPages(root, path.join(dir, 'rules'));
  return game;
}

async function loadPages(root: string, dir: string): Promise<MarkdownPage[]> {
  const pages: MarkdownPage[] = [];
  for (const file of await listFiles(dir, '.md')) {
    const text = (await readText(file)) ?? '';
    // "03-the-game.md" -> "the-game": the number orders the pages, the rest names them.
    const slug = path.basename(file, '.md').replace(/^\d+[-_]?/, '');
    pages.push({ path: displayPath(root, file), slug, text });
  }
  return pages;
}
