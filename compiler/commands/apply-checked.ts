import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { check, type CheckResult } from '../pipeline.ts';

export interface Change {
  /** Absolute path. */
  file: string;
  text: string;
}

/**
 * Write the changes a `new` command drafted, check the project, and put
 * every file back as it was (removing the files and folders it created)
 * when the project now holds more errors than before: a command that
 * writes content never leaves it broken. Counted over the whole project,
 * not only the files written: a new entry can break a count in a file it
 * did not touch (a manifest component the command could not bump).
 * Returns the errors that are new.
 */
export async function applyChecked(
  root: string,
  changes: readonly Change[],
  before: CheckResult,
): Promise<{ ok: true; after: CheckResult } | { ok: false; problems: Diagnostic[] }> {
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
  if (after.bag.errorCount <= before.bag.errorCount) return { ok: true, after };
  // The errors that were not there before; an error that only moved or changed its figures is still the old one.
  const known = new Set(before.bag.items.filter((d) => d.severity === 'error').map(key));
  const errors = after.bag.sorted().filter((d) => d.severity === 'error');
  const fresh = errors.filter((d) => !known.has(key(d)));
  for (const [file, text] of originals) {
    if (text === undefined) await rm(file, { force: true });
    else await writeFile(file, text);
  }
  for (const dir of createdDirs) await rm(dir, { recursive: true, force: true });
  return { ok: false, problems: fresh.length ? fresh : errors };
}

function key(d: Diagnostic): string {
  return `${d.file}\0${d.ruleId}\0${d.message}`;
}

/**
 * A refused draft's errors, one line each. In a file the draft wrote, in
 * words only: that text was never kept (the file is as it was), so its
 * file:line would name a line that is not there. In any other file, with
 * its file:line, which the user can open.
 */
export function inWords(problems: readonly Diagnostic[], written: ReadonlySet<string>): string[] {
  return problems.map((d) =>
    written.has(d.file) || !d.place ? `  = ${d.message}` : `  = ${d.file}:${d.place.start.line}:${d.place.start.column}: ${d.message}`,
  );
}
