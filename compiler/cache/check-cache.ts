// The result of `rulebook check`, remembered for the same inputs: a second
// check with nothing changed answers from node_modules/.cache/rulebook/
// instead of parsing 30,000 cards again.
//
// The key is a hash of every byte a check can read (content/, schemas/, the
// project files, the IDs of the last build in generated/) and of the
// compiler's own source, so an edit, a rename, a new file or a deleted one
// anywhere changes it: the cache is never stale, only missed. Deleting the
// folder is always safe. A symbolic link under the inputs turns the cache off
// for that run (its target may change without anything here changing).
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_BUILD } from '../bundle/build-id.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** What a check prints, kept without the parsed content: diagnostics and each game's counts. */
export interface CheckOutcome {
  diagnostics: Diagnostic[];
  games: Array<{
    id: string;
    /** The game's folder, relative to the project (`content/cangaco`). */
    folder: string;
    collections: Array<{ name: string; entries: number }>;
    /** Schema files the game uses, as `schemas/...` paths (for `--game`). */
    schemas: string[];
  }>;
}

const COMPILER_DIR = fileURLToPath(new URL('..', import.meta.url));
const FORMAT = 1;

export function cacheDir(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'rulebook');
}

/** Files a check reads, relative to the project; undefined when a symbolic link makes the inputs unknowable. */
async function inputFiles(root: string): Promise<string[] | undefined> {
  const out: string[] = [];
  let linked = false;
  const walk = async (rel: string, deep: boolean): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(root, rel), { withFileTypes: true });
    } catch {
      return; // a folder that is not there has nothing to hash; its absence is in the list of files
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) linked = true;
      else if (e.isDirectory() && deep) await walk(child, true);
      else if (e.isFile()) out.push(child);
    }
  };
  await walk('content', true);
  await walk('schemas', true);
  await walk('generated', false);
  out.push('rulebook.yaml', 'releases.yaml');
  if (linked) return undefined;
  // Sorted by code unit, never by locale: the same files give the same key on every machine.
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Files read ahead while the hash takes the earlier ones: a few at a time, not all at once, so a large project is not held whole in memory. */
const READ_AHEAD = 16;

async function hashTree(hash: ReturnType<typeof createHash>, base: string, files: string[]): Promise<void> {
  // One read at a time left the hash waiting on each of the compiler's 200 files in turn (a quarter of a second of a check).
  const read = (file: string) => readFile(path.join(base, file)).catch(() => undefined);
  const pending = files.slice(0, READ_AHEAD).map(read);
  for (let i = 0; i < files.length; i++) {
    const bytes = await pending[i]!;
    if (i + READ_AHEAD < files.length) pending.push(read(files[i + READ_AHEAD]!));
    pending[i] = Promise.resolve(undefined); // let the bytes go once hashed
    hash.update(`${files[i]}\0${bytes ? bytes.length : -1}\0`);
    if (bytes) hash.update(bytes);
  }
}

async function compilerFiles(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await compilerFiles(dir, child)));
    else if (e.isFile() && (e.name.endsWith('.ts') || e.name.endsWith('.yaml'))) out.push(child); // .yaml: the locale files (compiler/locales/) are part of the compiler
  }
  return out.sort();
}

/**
 * The compiler's part of the key. From the bundle, its build stands for the
 * sources it was made from: bin/rulebook.js makes a new build whenever one
 * of them changed (compiler/bundle/bundle.js), so those ~200 files (1 MB) are
 * not read and hashed again on every check; the files the bundle does not
 * hold (the locale files, read at run time) are, as in source.
 */
async function hashCompiler(hash: ReturnType<typeof createHash>): Promise<void> {
  const files = await compilerFiles(COMPILER_DIR);
  const bundled = BUNDLE_BUILD ? await bundleInputs(BUNDLE_BUILD) : undefined;
  if (!bundled) return hashTree(hash, COMPILER_DIR, files);
  hash.update(`bundle ${BUNDLE_BUILD}\0`);
  await hashTree(
    hash,
    COMPILER_DIR,
    files.filter((f) => !bundled.has(`compiler/${f}`)),
  );
}

/** The sources of the bundle `build` as its stamp lists them; undefined when the stamp names another build (made since) or cannot be read. */
async function bundleInputs(build: string): Promise<Set<string> | undefined> {
  try {
    const stamp = JSON.parse(await readFile(path.join(COMPILER_DIR, '..', 'compiler-dist', 'stamp.json'), 'utf8')) as {
      build?: string;
      inputs?: Array<{ file: string }>;
    };
    return stamp.build === build && Array.isArray(stamp.inputs) ? new Set(stamp.inputs.map((i) => i.file)) : undefined;
  } catch {
    return undefined;
  }
}

/** The cache key for a check of `root` with these options; undefined when the check cannot be cached. */
export async function checkKey(root: string, options: string): Promise<string | undefined> {
  const files = await inputFiles(root);
  if (!files) return undefined;
  const hash = createHash('sha256');
  hash.update(`rulebook-check ${FORMAT} ${process.version} ${options}\0`);
  await hashCompiler(hash);
  await hashTree(hash, root, files);
  return hash.digest('hex');
}

export async function readCachedCheck(root: string, key: string): Promise<CheckOutcome | undefined> {
  try {
    const stored = JSON.parse(await readFile(path.join(cacheDir(root), `check-${key}.json`), 'utf8')) as CheckOutcome;
    return Array.isArray(stored.diagnostics) && Array.isArray(stored.games) ? stored : undefined;
  } catch {
    return undefined; // missing, half-written by a killed run, or from another version: check again
  }
}

/**
 * Store a check's outcome. Written to a temporary name and renamed, so a
 * reader never sees half a file; older results are removed, since only the
 * latest inputs are ever asked for again. A failure to write (read-only
 * folder, full disk) only costs the next run its shortcut.
 */
export async function writeCachedCheck(root: string, key: string, outcome: CheckOutcome): Promise<void> {
  const dir = cacheDir(root);
  try {
    await mkdir(dir, { recursive: true });
    for (const name of await readdir(dir)) if (name.startsWith('check-')) await rm(path.join(dir, name), { force: true });
    const file = path.join(dir, `check-${key}.json`);
    const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
    await writeFile(temp, JSON.stringify(outcome));
    await rename(temp, file);
  } catch {
    // best effort: see above
  }
}
