import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeUtf8, type Decoded } from './encoding.ts';

/** Paths are shown relative to the project root, with forward slashes, so diagnostics are stable across machines. */
export function displayPath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** A file's text without its byte-order mark, and any bytes that are not UTF-8 (undefined when it cannot be read). */
export async function readSource(file: string): Promise<Decoded | undefined> {
  try {
    return decodeUtf8(await readFile(file));
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

/** Every file under `dir` whose name ends with `suffix`, sorted, so runs are deterministic. */
export async function listFiles(dir: string, suffix: string): Promise<string[]> {
  const out: string[] = [];
  if (!(await isDirectory(dir))) return out;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full, suffix)));
    else if (entry.name.endsWith(suffix)) out.push(full);
  }
  return out.sort();
}
