import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Paths are shown relative to the project root, with forward slashes, so diagnostics are stable across machines. */
export function displayPath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

export async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
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
