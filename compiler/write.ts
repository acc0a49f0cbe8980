import { renameSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replace a whole output folder at once: write everything into a sibling
 * temporary folder, then swap it in with two renames (the previous folder
 * aside, the new one in its place), then delete the previous one. A build
 * that fails or is killed before the swap leaves the last good output
 * untouched, and readers never see a folder half written.
 *
 * A kill (SIGKILL, a power cut) can still land between the two renames,
 * when the target is briefly absent: Node offers no atomic exchange of two
 * folders (Linux's renameat2 RENAME_EXCHANGE is not exposed), so the next
 * run puts the previous folder back before anything else (see recover).
 * No fsync: a killed process loses nothing the kernel already holds, and
 * syncing every file of a 30,000-card site would cost more than the build.
 */
export async function replaceFolder(target: string, files: ReadonlyMap<string, string | Uint8Array>): Promise<void> {
  await (await stageFolder(target, files)).commit();
}

/** A folder written beside its target (replaceFolder's first half): more files can go in, then it is swapped in or thrown away. */
export interface StagedFolder {
  add(files: ReadonlyMap<string, string | Uint8Array>): Promise<void>;
  /** The swap (see replaceFolder): the target becomes this folder. */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Write `files` into a new sibling of `target` without touching it; `commit` swaps it in. `build` writes the package
 * and the pages this way while the search index is still being made, and swaps both in once the index is in too.
 */
export async function stageFolder(target: string, files: ReadonlyMap<string, string | Uint8Array>): Promise<StagedFolder> {
  await recover(target);
  const parent = path.dirname(target);
  const stamp = `${process.pid}-${Date.now()}`;
  const fresh = path.join(parent, `.${path.basename(target)}.new-${stamp}`);
  const old = path.join(parent, `.${path.basename(target)}.old-${stamp}`);
  const discard = () => rm(fresh, { recursive: true, force: true });
  const made = new Set<string>();
  const add = async (more: ReadonlyMap<string, string | Uint8Array>) => {
    try {
      // Each folder once, before its files: a mkdir per file would be 30,000 system calls for one flat folder.
      const folders = new Set([...more.keys()].map((rel) => path.dirname(path.join(fresh, rel))));
      for (const folder of [...folders].sort()) {
        if (made.has(folder)) continue;
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      for (const [rel, content] of more) await writeFile(path.join(fresh, rel), content);
    } catch (error) {
      await discard();
      throw error;
    }
  };
  await mkdir(fresh, { recursive: true });
  await add(files);
  const commit = async () => {
    try {
      // The two renames back to back, synchronously: between them the target is missing (Node has no atomic exchange
      // of folders, renameat2's RENAME_EXCHANGE), and an await there would stretch that window to an event-loop turn.
      // A kill that still lands in it is undone by the next run's `recover`.
      let hadOld = true;
      try {
        renameSync(target, old);
      } catch {
        hadOld = false;
      }
      renameSync(fresh, target);
      if (hadOld) await rm(old, { recursive: true, force: true });
    } catch (error) {
      await discard();
      throw error;
    }
  };
  return { add, commit, discard };
}

/** Several folders staged at once; when one fails, those already written are thrown away and the failure is thrown. */
export async function stageFolders(folders: ReadonlyArray<[target: string, files: ReadonlyMap<string, string | Uint8Array>]>): Promise<StagedFolder[]> {
  const settled = await Promise.allSettled(folders.map(([target, files]) => stageFolder(target, files)));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (!failed) return settled.map((s) => (s as PromiseFulfilledResult<StagedFolder>).value);
  await Promise.all(settled.map((s) => (s.status === 'fulfilled' ? s.value.discard() : undefined)));
  throw failed.reason;
}

/** `.<name>.new-<pid>-<time>` and `.<name>.old-<pid>-<time>`: the temporary folders replaceFolder makes beside `<name>`. */
function leftovers(names: readonly string[], base: string): Array<{ name: string; kind: 'new' | 'old'; pid: number; time: number }> {
  const pattern = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(new|old)-(\\d+)-(\\d+)$`);
  const out: Array<{ name: string; kind: 'new' | 'old'; pid: number; time: number }> = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (m) out.push({ name, kind: m[1] as 'new' | 'old', pid: Number(m[2]), time: Number(m[3]) });
  }
  // Newest last, so the most recent previous folder is the one put back.
  return out.sort((a, b) => a.time - b.time);
}

/** True while a process with this ID runs: its temporary folders are its own, still in use (`rulebook serve` beside a build). */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Clean up after a replaceFolder that was killed: when the target is missing
 * (killed between the two renames) the previous folder it set aside is put
 * back; then every temporary folder of a process no longer running is
 * deleted (a half-written new folder, a set-aside old one).
 */
export async function recover(target: string): Promise<void> {
  const parent = path.dirname(target);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  const dead = leftovers(names, path.basename(target)).filter((l) => !alive(l.pid));
  if (!dead.length) return;
  if (!names.includes(path.basename(target))) {
    const previous = dead.filter((l) => l.kind === 'old').at(-1);
    if (previous) {
      await rename(path.join(parent, previous.name), target);
      dead.splice(dead.indexOf(previous), 1);
    }
  }
  for (const l of dead) await rm(path.join(parent, l.name), { recursive: true, force: true });
}

/**
 * After files were removed from `dir` (paths relative to it), remove the folders under `dir` they leave empty, deepest
 * first: `serve` removes a search bundle's files when the site needs fewer bundles, and its folder went with them
 * only at the next build. A folder that still holds anything stays (rmdir refuses it).
 */
export async function removeEmptiedFolders(dir: string, removed: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const rel of removed) for (let d = path.posix.dirname(rel); d !== '.' && d !== '/'; d = path.posix.dirname(d)) folders.add(d);
  for (const d of [...folders].sort((a, b) => b.length - a.length)) await rmdir(path.join(dir, d)).catch(() => undefined);
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
