import path from 'node:path';
import { readdir } from 'node:fs/promises';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Collection, Game, Manifest, MarkdownPage } from '../model.ts';
import { reportBadBytes } from './encoding.ts';
import { displayPath, isDirectory, isFile, listFiles, readSource } from './files.ts';
import { readPreviousIds } from './previous-ids.ts';
import { checkSourceFiles } from './source-files.ts';
import { YamlSource } from './yaml-source.ts';

/** Every game folder under content/ (a folder with a game.yaml), in name order. */
export async function findGames(root: string): Promise<string[]> {
  const dir = path.join(root, 'content');
  if (!(await isDirectory(dir))) return [];
  const names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const out: string[] = [];
  for (const name of names) if (await isFile(path.join(dir, name, 'game.yaml'))) out.push(path.join(dir, name));
  return out;
}

/**
 * Folders under content/ that hold YAML but no game.yaml: never read, so a
 * designer who starts a game without its manifest would see nothing at all.
 * Each gets a warning that says what is missing (`rulebook new game` makes one).
 */
export async function warnFoldersWithoutManifest(root: string, bag: DiagnosticBag): Promise<void> {
  const dir = path.join(root, 'content');
  if (!(await isDirectory(dir))) return;
  const names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  for (const name of names) {
    const folder = path.join(dir, name);
    if (await isFile(path.join(folder, 'game.yaml'))) continue;
    const yaml = [...(await listFiles(folder, '.yaml')), ...(await listFiles(folder, '.yml'))].sort();
    if (!yaml.length) continue;
    bag.warning(displayPath(root, yaml[0]!), { start: { line: 1, column: 1 } }, 'game-no-manifest', `content/${name}/ has no game.yaml, so none of its ${yaml.length} YAML file${yaml.length === 1 ? '' : 's'} is read`, [
      `a game is a folder with a manifest: write content/${name}/game.yaml (\`rulebook new game ${name}\` makes a minimal one)`,
    ]);
  }
}

/**
 * Read and parse one YAML file; undefined when it cannot be read. A file with
 * bytes that are not UTF-8 is reported and comes back failed (`ok` false, no
 * value), like a file that does not parse. `sources` receives the text of
 * every file read, failed or not, for code frames.
 */
export async function loadYaml(root: string, file: string, bag: DiagnosticBag, sources?: Map<string, string>): Promise<YamlSource | undefined> {
  const read = await readSource(file);
  if (read === undefined) return undefined;
  const shown = displayPath(root, file);
  sources?.set(shown, read.text);
  const source = new YamlSource(shown, read.text);
  if (reportBadBytes(bag, shown, read.bad)) return source.parse(bag);
  source.ok = false;
  return source;
}

/**
 * Read one game: its manifest, every collection file it declares, its
 * constants and its Markdown pages. Shapes are not checked here (validate does).
 */
export async function loadGame(root: string, dir: string, bag: DiagnosticBag, sources: Map<string, string> = new Map()): Promise<Game | undefined> {
  const manifestSource = await loadYaml(root, path.join(dir, 'game.yaml'), bag, sources);
  if (!manifestSource || !manifestSource.ok) return undefined;
  const manifest = manifestSource.value as Manifest;
  const game: Game = { dir, manifestSource, manifest, collections: new Map(), constants: undefined, pages: [] };
  if (!manifest || typeof manifest !== 'object') return game;
  const collections = manifest.collections && typeof manifest.collections === 'object' ? manifest.collections : {};
  for (const [name, decl] of Object.entries(collections)) {
    if (!decl || typeof decl.file !== 'string') continue;
    const file = path.join(dir, decl.file);
    const source = await loadYaml(root, file, bag, sources);
    if (!source) {
      bag.error(manifestSource.path, manifestSource.placeOf(`/collections/${name}/file`), 'collection-file-missing', `collection "${name}": file "${displayPath(root, file)}" does not exist`);
    }
    const collection: Collection = { name, decl, source, entries: [] };
    game.collections.set(name, collection);
  }
  if (manifest.constants && typeof manifest.constants.file === 'string') {
    const source = await loadYaml(root, path.join(dir, manifest.constants.file), bag, sources);
    if (!source) bag.error(manifestSource.path, manifestSource.placeOf('/constants/file'), 'constants-file-missing', `constants file "${manifest.constants.file}" does not exist`);
    else if (source.ok) game.constants = { source, value: source.value };
  }
  await checkSourceFiles(dir, manifest, manifestSource, bag);
  game.previousIds = await readPreviousIds(root, manifest);
  await warnUndeclared(root, dir, game, bag);
  game.pages = await loadPages(root, path.join(dir, 'rules'), bag, sources);
  return game;
}

/**
 * A YAML file in the game's folder that the manifest does not name is never
 * read: a designer who adds `extra.yaml` and sees no error would think it is
 * checked and built. Say so, and where to declare it.
 */
async function warnUndeclared(root: string, dir: string, game: Game, bag: DiagnosticBag): Promise<void> {
  const declared = new Set([path.join(dir, 'game.yaml')]);
  for (const c of game.collections.values()) declared.add(path.join(dir, c.decl.file));
  const constants = game.manifest.constants?.file;
  if (typeof constants === 'string') declared.add(path.join(dir, constants));
  // The text a game is transcribed from is declared under source.files, whatever its format.
  const source = game.manifest.source;
  if (source && typeof source === 'object' && Array.isArray(source.files)) {
    for (const item of source.files) if (item && typeof item.file === 'string') declared.add(path.join(dir, item.file));
  }
  const files = [...(await listFiles(dir, '.yaml')), ...(await listFiles(dir, '.yml'))].sort();
  for (const file of files) {
    if (declared.has(file)) continue;
    const rel = path.relative(dir, file).split(path.sep).join('/');
    bag.warning(displayPath(root, file), { start: { line: 1, column: 1 } }, 'file-undeclared', `${displayPath(root, file)} is not declared in ${game.manifestSource.path} (add it under collections:), so it is not read`, [
      `a collection reads it with \`file: ${rel}\``,
    ]);
  }
}

/** The Markdown pages under rules/; a page with bytes that are not UTF-8 is reported and left out. */
async function loadPages(root: string, dir: string, bag: DiagnosticBag, sources: Map<string, string>): Promise<MarkdownPage[]> {
  const pages: MarkdownPage[] = [];
  for (const file of await listFiles(dir, '.md')) {
    const read = await readSource(file);
    const shown = displayPath(root, file);
    if (read) sources.set(shown, read.text);
    if (read && !reportBadBytes(bag, shown, read.bad)) continue;
    const text = read?.text ?? '';
    // "03-the-game.md" -> "the-game": the number orders the pages, the rest names them.
    const slug = path.basename(file, '.md').replace(/^\d+[-_]?/, '');
    pages.push({ path: shown, slug, text });
  }
  return pages;
}
