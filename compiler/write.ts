import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replace a whole output folder at once: write everything into a sibling
 * temporary folder, then swap it in with renames. A build that fails before
 * this point leaves the last good output untouched.
 */
export async function replaceFolder(target: string, files: ReadonlyMap<string, string | Uint8Array>): Promise<void> {
  const parent = path.dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const fresh = path.join(parent, `.${path.basename(target)}.new-${stamp}`);
  const old = path.join(parent, `.${path.basename(target)}.old-${stamp}`);
  await mkdir(fresh, { recursive: true });
  try {
    for (const [rel, content] of files) {
      const file = path.join(fresh, rel);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
    let hadOld = true;
    try {
      await rename(target, old);
    } catch {
      hadOld = false;
    }
    await rename(fresh, target);
    if (hadOld) await rm(old, { recursive: true, force: true });
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    throw error;
  }
}

/** Every file under a folder, relative path -> bytes (empty map if the folder is missing). */
export async function readFolder(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  async function walk(d: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.set(path.relative(dir, full).split(path.sep).join('/'), await readFile(full));
    }
  }
  await walk(dir);
  return out;
}

/** The paths that differ between what is on disk and what a build would write. */
export function diffFolder(onDisk: ReadonlyMap<string, Buffer>, wanted: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [rel, content] of wanted) {
    const have = onDisk.get(rel);
    if (!have) out.push(`missing: ${rel}`);
    else if (!have.equals(Buffer.from(content))) out.push(`stale:   ${rel}`);
  }
  for (const rel of onDisk.keys()) if (!wanted.has(rel)) out.push(`extra:   ${rel}`);
  return out.sort();
}
