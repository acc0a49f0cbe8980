import path from 'node:path';
import { readdir, realpath } from 'node:fs/promises';
import { glob } from 'tinyglobby';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { ParseCache } from './parse-cache.ts';
import type { ParseAhead } from './parse-ahead.ts';
import { preparse } from './parse-pool.ts';
import { reparseChanged } from './entry-reparse.ts';
import type { CollectionDecl, LoadedCollection, LoadedGame, Manifest, MarkdownPage } from '../model.ts';
import { reportBadBytes } from './encoding.ts';
import { displayPath, isDirectory, isFile, listFiles, readSource } from './files.ts';
import { readPreviousIds } from './previous-ids.ts';
import { checkSourceFiles } from './source-files.ts';
import { checkCardBacks } from './card-backs.ts';
import { isJsonFile, type ContentSource } from './content-source.ts';
import { JsonSource } from './json-source.ts';
import { YamlSource } from './yaml-source.ts';
import { isTableFile } from './csv-source.ts';
import { loadTable } from './table-file.ts';
import { readParsed, type FileKind } from './read-parsed.ts';

/** Every game folder under content/ (a folder with a game.yaml), in name order. */
export async function findGames(root: string): Promise<string[]> {
  const dir = path.join(root, 'content');
  if (!(await isDirectory(dir))) return [];
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
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
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const name of names) {
    const folder = path.join(dir, name);
    if (await isFile(path.join(folder, 'game.yaml'))) continue;
    const yaml = [...(await listFiles(folder, '.yaml')), ...(await listFiles(folder, '.yml'))].sort();
    if (!yaml.length) continue;
    bag.warning(
      displayPath(root, yaml[0]!),
      { start: { line: 1, column: 1 } },
      'game-no-manifest',
      `content/${name}/ has no game.yaml, so none of its ${yaml.length} YAML file${yaml.length === 1 ? '' : 's'} is read`,
      [`a game is a folder with a manifest: write content/${name}/game.yaml (\`rulebook new game ${name}\` makes a minimal one)`],
    );
  }
}

/**
 * Read and parse one YAML file; undefined when it cannot be read. A file with
 * bytes that are not UTF-8 is reported and comes back failed (`ok` false, no
 * value), like a file that does not parse. `sources` receives the text of
 * every file read, failed or not, for code frames.
 */
export async function loadYaml(
  root: string,
  file: string,
  bag: DiagnosticBag,
  sources?: Map<string, string>,
  cache?: ParseCache,
): Promise<YamlSource | undefined> {
  return loadParsed(root, file, bag, YamlSource, sources, cache);
}

/** A content file (a collection's or the constants'), read as JSON when its name ends in `.json`, as YAML otherwise (see loadYaml). */
export async function loadContentFile(
  root: string,
  file: string,
  bag: DiagnosticBag,
  sources?: Map<string, string>,
  cache?: ParseCache,
): Promise<ContentSource | undefined> {
  return isJsonFile(file) ? readParsed(root, file, bag, JSON_KIND, { sources, cache }) : loadYaml(root, file, bag, sources, cache);
}

/** A JSON file's reader, given the file as last parsed (`rulebook serve`): its entries whose text is unchanged are taken from it (json-source.ts). */
const JSON_KIND: FileKind<JsonSource> = {
  make: (shown, text, last) => new JsonSource(shown, text, last instanceof JsonSource ? last : undefined),
  reuses: (cached): cached is JsonSource => cached instanceof JsonSource,
};

/** A YAML or JSON file's reader, by its class: the cache gives back a reader of the same class only. */
function kindOf<S extends ContentSource>(type: new (shown: string, text: string) => S): FileKind<S> {
  return { make: (shown, text) => new type(shown, text), reuses: (cached): cached is S => cached instanceof type };
}

async function loadParsed<S extends ContentSource>(
  root: string,
  file: string,
  bag: DiagnosticBag,
  type: new (shown: string, text: string) => S,
  sources?: Map<string, string>,
  cache?: ParseCache,
): Promise<S | undefined> {
  return readParsed(root, file, bag, kindOf(type), { sources, cache });
}

/**
 * Read one game: its manifest, every collection file it declares, its
 * constants and its Markdown pages. Shapes are not checked here (validate does).
 */
export async function loadGame(
  root: string,
  dir: string,
  bag: DiagnosticBag,
  sources: Map<string, string> = new Map(),
  cache?: ParseCache,
  ahead?: ParseAhead,
): Promise<LoadedGame | undefined> {
  const manifestSource = await loadYaml(root, path.join(dir, 'game.yaml'), bag, sources);
  if (!manifestSource || !manifestSource.ok) return undefined;
  const manifest = manifestSource.value as Manifest;
  const game: LoadedGame = { dir, manifestSource, manifest, collections: new Map(), constants: undefined, pages: [] };
  if (!manifest || typeof manifest !== 'object') return game;
  const collections = manifest.collections && typeof manifest.collections === 'object' ? manifest.collections : {};
  for (const [name, decl] of Object.entries(collections)) {
    if (!decl || typeof decl !== 'object') continue;
    // `file` and `files` are two ways to say one thing: exactly one of them (the schema cannot say so under ajv's strict mode).
    if ((typeof decl.file === 'string') === (typeof decl.files === 'string')) {
      const both = typeof decl.file === 'string';
      bag.error(
        manifestSource.path,
        manifestSource.placeOf(`/collections/${name}${both ? '/files' : ''}`),
        'collection-file-choice',
        both
          ? `collection "${name}" gives both \`file\` and \`files\`: keep one`
          : `collection "${name}" names no file: add \`file: ${name}.yaml\` (or \`files:\` with a glob such as \`${name}/*.yaml\`)`,
      );
      continue;
    }
    game.collections.set(name, await loadCollection(root, dir, name, decl, manifestSource, bag, sources, cache, ahead));
  }
  if (manifest.constants && typeof manifest.constants.file === 'string' && !(await insideFolder(dir, manifest.constants.file))) {
    bag.error(
      manifestSource.path,
      manifestSource.placeOf('/constants/file'),
      'constants-file-outside',
      `constants file "${manifest.constants.file}" is outside the game's folder ${displayPath(root, dir)}/`,
      ['a game reads files inside its own folder only'],
    );
  } else if (manifest.constants && typeof manifest.constants.file === 'string') {
    const source = await loadContentFile(root, path.join(dir, manifest.constants.file), bag, sources);
    if (!source)
      bag.error(
        manifestSource.path,
        manifestSource.placeOf('/constants/file'),
        'constants-file-missing',
        `constants file "${manifest.constants.file}" does not exist`,
      );
    else if (source.ok) game.constants = { source, value: source.value };
  }
  // A game's own words for the rules text, one file per locale (compiler/locales/game-locales.ts checks their shape).
  game.localeFiles = [];
  for (const file of await listFiles(path.join(dir, 'locales'), '.yaml')) {
    const source = await loadYaml(root, file, bag, sources);
    if (source) game.localeFiles.push(source);
  }
  await checkSourceFiles(dir, manifest, manifestSource, bag);
  await checkCardBacks(root, dir, manifest, manifestSource, bag);
  game.previousIds = await readPreviousIds(root, manifest);
  await warnUndeclared(root, dir, game, bag);
  const pages = await loadPages(root, path.join(dir, 'rules'), bag, sources);
  // A folder of rules/ named by a locale the game declares (besides its own) holds that locale's translations of the pages.
  const others = new Set(Array.isArray(manifest.locales) ? manifest.locales.filter((l) => typeof l === 'string' && l !== manifest.locale) : []);
  const rulesDir = path.join(dir, 'rules');
  const localeOf = (p: MarkdownPage) => {
    const parts = path.relative(rulesDir, path.join(root, p.path)).split(path.sep);
    return parts.length === 2 && others.has(parts[0]!) ? parts[0] : undefined;
  };
  game.pages = pages.filter((p) => !localeOf(p));
  game.translatedPages = pages.flatMap((p) => {
    const locale = localeOf(p);
    return locale ? [{ ...p, locale }] : [];
  });
  return game;
}

/**
 * A collection's files: its one `file`, or every file its `files` glob
 * matches, in path order. Reading one file at a time keeps the number of open
 * files at one whatever the number of cards (a folder of 30,000 one-card files
 * must not run out of file handles). A path that climbs out of the game's
 * folder is refused: content never reads what the designer did not put in it.
 */
async function loadCollection(
  root: string,
  dir: string,
  name: string,
  decl: CollectionDecl,
  manifestSource: YamlSource,
  bag: DiagnosticBag,
  sources: Map<string, string>,
  cache?: ParseCache,
  ahead?: ParseAhead,
): Promise<LoadedCollection> {
  const key = typeof decl.file === 'string' ? 'file' : 'files';
  const pattern = (decl.file ?? decl.files)!;
  const at = manifestSource.placeOf(`/collections/${name}/${key}`);
  const collection: LoadedCollection = { name, decl, sources: [], complete: false };
  if (!(await insideFolder(dir, pattern.replace(/[*?[{].*$/, '')))) {
    bag.error(
      manifestSource.path,
      at,
      'collection-file-outside',
      `collection "${name}": "${pattern}" is outside the game's folder ${displayPath(root, dir)}/`,
      ["a collection reads files inside its game's folder only"],
    );
    return collection;
  }
  const files = key === 'file' ? [path.join(dir, pattern)] : await filesMatching(dir, pattern);
  if (key === 'files' && !files.length) {
    bag.error(manifestSource.path, at, 'collection-file-missing', `collection "${name}": no file matches "${pattern}" in ${displayPath(root, dir)}/`);
    return collection;
  }
  let complete = true;
  // A big collection is parsed on every core first, started before the compiler was loaded when a check or build parses
  // ahead (load/parse-ahead.ts); a `rulebook serve` session does so for its first build, then keeps its parse cache,
  // and a save in a large file re-parses the entries it changed (load/entry-reparse.ts).
  const yamlFiles = files.filter((f) => !isTableFile(f)).map((file) => ({ file, shown: displayPath(root, file) }));
  const preparsed = cache?.size ? await reparseChanged(yamlFiles, cache) : ((await ahead?.take(yamlFiles)) ?? (await preparse(yamlFiles)));
  for (const file of files) {
    // A CSV or TSV file is a table, read by its own reader (load/csv-source.ts).
    if (isTableFile(file)) {
      const table = await loadTable(root, file, decl, bag, sources, cache);
      if (!table) bag.error(manifestSource.path, at, 'collection-file-missing', `collection "${name}": file "${displayPath(root, file)}" does not exist`);
      if (!table?.ok || table.cut.length) complete = false;
      if (table) collection.sources.push(table);
      continue;
    }
    const ready = preparsed?.get(file);
    if (ready && ready.text !== undefined) {
      sources.set(displayPath(root, file), ready.text);
      bag.items.push(...ready.diagnostics);
      if (ready.source) cache?.set(displayPath(root, file), ready.text, ready.source, ready.diagnostics);
    }
    const source = ready ? ready.source : await loadContentFile(root, file, bag, sources, cache);
    if (!source) {
      bag.error(manifestSource.path, at, 'collection-file-missing', `collection "${name}": file "${displayPath(root, file)}" does not exist`);
      complete = false;
      continue;
    }
    // A file read with entries left out (an unclosed `[` or quote) loads its others, but counts and references wait for all.
    if (!source.ok || source.cut.length) complete = false;
    collection.sources.push(source);
  }
  collection.complete = complete;
  return collection;
}

/** False for an absolute path or one whose `..` steps leave the game's folder. */
async function insideFolder(dir: string, relative: string): Promise<boolean> {
  if (path.isAbsolute(relative)) return false;
  const resolved = path.resolve(dir, relative);
  if (resolved !== dir && !resolved.startsWith(dir + path.sep)) return false;
  return reallyInside(await realpath(dir).catch(() => dir), resolved);
}

/**
 * Whether `file` (a path inside the folder as written) is inside the folder whose real path is `realDir`. A symbolic
 * link inside the folder may still lead out of it (`cards.yaml -> /etc/passwd`): compare where it really is. A path
 * that is not there yet is inside as written (its absence is reported as a missing file).
 */
async function reallyInside(realDir: string, file: string): Promise<boolean> {
  const real = await realpath(file).catch(() => undefined);
  return real === undefined || real === realDir || real.startsWith(realDir + path.sep);
}

/**
 * The files a glob matches, sorted by path so entry order does not depend on
 * the file system's. tinyglobby (picomatch syntax) rather than a hand-written
 * matcher; symbolic links are not followed, so a link loop cannot hang a build.
 */
async function filesMatching(dir: string, pattern: string): Promise<string[]> {
  const found = await glob(pattern, { cwd: dir, absolute: true, onlyFiles: true, followSymbolicLinks: false, expandDirectories: false });
  const candidates = found
    .map((f) => path.resolve(f))
    .filter((f) => f.startsWith(dir + path.sep))
    .sort();
  // The folder's real path once, and every file's at once: one after the other, a game of 300 files waited on 600
  // real paths in turn, on every save under `rulebook serve`.
  const realDir = await realpath(dir).catch(() => dir);
  const inside = await Promise.all(candidates.map((f) => reallyInside(realDir, f)));
  return candidates.filter((_, i) => inside[i]);
}

/**
 * A YAML file in the game's folder that the manifest does not name is never
 * read: a designer who adds `extra.yaml` and sees no error would think it is
 * checked and built. Say so, and where to declare it.
 */
async function warnUndeclared(root: string, dir: string, game: LoadedGame, bag: DiagnosticBag): Promise<void> {
  const declared = new Set([path.join(dir, 'game.yaml')]);
  for (const c of game.collections.values()) for (const source of c.sources) declared.add(path.join(root, source.path));
  // A collection whose declaration is wrong (both `file` and `files`) still names its files: they are not "undeclared".
  for (const decl of Object.values(game.manifest.collections ?? {})) if (decl && typeof decl.file === 'string') declared.add(path.join(dir, decl.file));
  for (const source of game.localeFiles ?? []) declared.add(path.join(root, source.path));
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
    bag.warning(
      displayPath(root, file),
      { start: { line: 1, column: 1 } },
      'file-undeclared',
      `${displayPath(root, file)} is not declared in ${game.manifestSource.path} (add it under collections:), so it is not read`,
      [`a collection reads it with \`file: ${rel}\``],
    );
  }
}

const MAX_MARKDOWN_DEPTH = 50;

/**
 * The first line whose block nesting (`>` quotes and list markers at its
 * start, and indentation, two spaces a level) passes MAX_MARKDOWN_DEPTH, or
 * undefined. Deliberately generous: it only has to catch what would overflow.
 */
export function tooDeepMarkdown(text: string): { line: number; depth: number } | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = /^ */.exec(line)![0].length;
    const markers = /^(?:\s*(?:>|[*+-](?=\s)|\d{1,9}[.)](?=\s)))+/.exec(line)?.[0] ?? '';
    const depth = Math.floor(indent / 2) + (markers.match(/>|[*+-]|\d{1,9}[.)]/g)?.length ?? 0);
    if (depth > MAX_MARKDOWN_DEPTH) return { line: i + 1, depth };
  }
  return undefined;
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
    // The Markdown parser (and every renderer after it) recurses once per level of nesting: a page nested
    // thousands deep would overflow the stack in the build. Real rules nest a few levels.
    const deep = tooDeepMarkdown(text);
    if (deep) {
      bag.error(
        shown,
        { start: { line: deep.line, column: 1 } },
        'markdown-too-deep',
        `this line nests ${deep.depth} levels deep (quotes and lists): a rules page nests a few, at most ${MAX_MARKDOWN_DEPTH}`,
      );
      continue;
    }
    // "03-the-game.md" -> "the-game": the number orders the pages, the rest names them.
    const slug = path.basename(file, '.md').replace(/^\d+[-_]?/, '');
    pages.push({ path: shown, slug, text });
  }
  return pages;
}
