import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeUtf8, MAX_FILE_BYTES, tooLarge, type Decoded } from './encoding.ts';

/** Paths are shown relative to the project root, with forward slashes, so diagnostics are stable across machines. */
export function displayPath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/**
 * A file's text without its byte-order mark, and any bytes that are not
 * UTF-8 (undefined when it cannot be read: missing, a folder, unreadable). A
 * file over `maxBytes` (MAX_FILE_BYTES by default) is not read: its size comes back to be reported.
 */
export async function readSource(file: string, maxBytes = MAX_FILE_BYTES): Promise<Decoded | undefined> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    if (info.size > maxBytes) return tooLarge(info.size, maxBytes);
    return decodeUtf8(await readFile(file));
  } catch {
    return undefined;
  }
}

/** readSource without waiting on the event loop: for a thread busy in long synchronous steps (load/parse-pool.ts). */
export function readSourceSync(file: string, maxBytes = MAX_FILE_BYTES): Decoded | undefined {
  try {
    const info = statSync(file);
    if (!info.isFile()) return undefined;
    if (info.size > maxBytes) return tooLarge(info.size, maxBytes);
    return decodeUtf8(readFileSync(file));
  } catch {
    return undefined;
  }
}

/** A file's text (see readSource), for callers that report bad bytes themselves or need none reported. */
export async function readText(file: string): Promise<string | undefined> {
  return (await readSource(file))?.text;
}

export async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

export async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Every file under `dir` whose name ends with `suffix`, sorted, so runs are
 * deterministic. Symbolic links to folders are not followed (a link to a
 * parent folder would loop forever); a symbolic link to a file is listed only
 * when the file it names is inside `dir` (a link to /etc/passwd in rules/
 * would otherwise be published as a rules page).
 */
export async function listFiles(dir: string, suffix: string): Promise<string[]> {
  const out: string[] = [];
  if (!(await isDirectory(dir))) return out;
  let inside: string;
  try {
    inside = await realpath(dir);
  } catch {
    return out;
  }
  await walk(dir);
  return out.sort();

  async function walk(folder: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith(suffix) && (entry.isFile() || (entry.isSymbolicLink() && (await linksInside(full, inside))))) out.push(full);
    }
  }
}

/** True when a symbolic link names a file (not a folder) whose real path is inside `folder` (a real path). */
async function linksInside(link: string, folder: string): Promise<boolean> {
  try {
    const target = await realpath(link);
    return target.startsWith(folder + path.sep) && (await stat(target)).isFile();
  } catch {
    return false; // a dangling link, or a loop of links
  }
}
