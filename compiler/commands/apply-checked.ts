import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatDiagnostic } from '../diagnostics/print.ts';
import { displayPath } from '../load/files.ts';
import { check, type CheckResult } from '../pipeline.ts';

export interface Change {
  /** Absolute path. */
  file: string;
  text: string;
}

/**
 * Write the changes a `new` command drafted, check the project, and put
 * every file back as it was (removing the files and folders it created)
 * when the touched files now hold more errors than before: a command that
 * writes content never leaves it broken. Returns the new errors, printed.
 */
export async function applyChecked(root: string, changes: readonly Change[], before: CheckResult): Promise<{ ok: true; after: CheckResult } | { ok: false; problems: string[] }> {
  const originals = new Map<string, string | undefined>();
  const createdDirs: string[] = [];
  for (const change of changes) {
    originals.set(change.file, await readFile(change.file, 'utf8').catch(() => undefined));
    const dir = path.dirname(change.file);
    const made = await mkdir(dir, { recursive: true });
    if (made) createdDirs.push(made);
  }
  for (const change of changes) await writeFile(change.file, change.text);
  const after = await check(root);
  const touched = new Set(changes.map((c) => displayPath(root, c.file)));
  const errorsIn = (r: CheckResult) => r.bag.items.filter((d) => d.severity === 'error' && touched.has(d.file));
  if (errorsIn(after).length <= errorsIn(before).length) return { ok: true, after };
  const problems = after.bag
    .sorted()
    .filter((d) => d.severity === 'error' && touched.has(d.file))
    .map((d) => formatDiagnostic(d, { color: false, sources: after.sources }) + '\n');
  for (const [file, text] of originals) {
    if (text === undefined) await rm(file, { force: true });
    else await writeFile(file, text);
  }
  for (const dir of createdDirs) await rm(dir, { recursive: true, force: true });
  return { ok: false, problems };
}
