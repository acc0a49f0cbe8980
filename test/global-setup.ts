import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Every scratch project, package and browser profile the suites make lives
 * under one folder for the run, removed when the run ends: `os.tmpdir()`
 * reads TMPDIR, and the test workers (forked after this runs) inherit it.
 * Without it, each `npm test` left hundreds of folders in the system's /tmp.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-tests-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
