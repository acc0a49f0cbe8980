import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A git command that failed: its message is git's own, for the user to read (an unknown ref, not a repository). */
export class GitProblem extends Error {}

/** Run git in `cwd`, feeding `input` on stdin; resolves with stdout, rejects with a GitProblem holding git's stderr. */
export function git(cwd: string, args: readonly string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(new GitProblem(error.code === 'ENOENT' ? 'git is not installed (or not on PATH)' : error.message));
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new GitProblem(Buffer.concat(err).toString('utf8').trim() || `git ${args[0]} exited with ${code}`));
    });
    child.stdin.on('error', () => {
      // git may exit before reading its input (a bad ref): the exit code says why.
    });
    child.stdin.end(input ?? '');
  });
}

/**
 * The commit a ref names. A ref that starts with `-` would be read by git as
 * an option, so it is refused before git sees it.
 */
export async function resolveCommit(root: string, ref: string): Promise<string> {
  if (!ref || ref.startsWith('-')) throw new GitProblem(`"${ref}" is not a git ref`);
  try {
    return (await git(root, ['rev-parse', '--verify', `${ref}^{commit}`])).toString('utf8').trim();
  } catch (error) {
    if (!(error instanceof GitProblem)) throw error;
    // git says "fatal: Needed a single revision" for an unknown ref: say which ref, then git's words.
    const said = error.message.replace(/^fatal:\s*/m, '');
    throw new GitProblem(/single revision|unknown revision|bad revision/i.test(said) ? `no commit "${ref}" in this repository (git: ${said})` : `git: ${said}`);
  }
}

/**
 * Write the files under `paths` (relative to `root`) as they are at `commit`
 * into `dest`, keeping their relative paths. Reads the tree with `git ls-tree`
 * and every blob in one `git cat-file --batch`, so the working tree, the index
 * and the repository are never touched. Symbolic links and submodules are
 * skipped: content is plain files.
 */
export async function extractTree(root: string, commit: string, paths: readonly string[], dest: string): Promise<number> {
  const listing = (await git(root, ['ls-tree', '-r', '-z', commit, '--', ...paths])).toString('utf8');
  const files: Array<{ oid: string; file: string }> = [];
  for (const line of listing.split('\0')) {
    const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(line);
    if (!m || m[2] !== 'blob' || m[1] === '120000') continue;
    files.push({ oid: m[3]!, file: m[4]! });
  }
  if (!files.length) return 0;
  const batch = await git(root, ['cat-file', '--batch'], files.map((f) => f.oid).join('\n') + '\n');
  let at = 0;
  for (const f of files) {
    const eol = batch.indexOf(0x0a, at);
    const header = batch.subarray(at, eol).toString('utf8').split(' ');
    const size = Number(header[2]);
    const body = batch.subarray(eol + 1, eol + 1 + size);
    at = eol + 1 + size + 1;
    // ls-tree paths are relative to `root` (git's cwd); one that climbs out is not ours to write.
    const target = path.resolve(dest, f.file);
    if (!target.startsWith(path.resolve(dest) + path.sep)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, body);
  }
  return files.length;
}

/** The release tags (`v1.2.3`), newest version first. */
export async function versionTags(root: string): Promise<string[]> {
  const out = (await git(root, ['tag', '--list', 'v*', '--sort=-v:refname'])).toString('utf8');
  return out
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => /^v\d+\.\d+\.\d+$/.test(t));
}

/**
 * How a release record names the commit it was compared with: the release
 * tag on that commit when it has one (`v1.2.0`), else its short hash. Never
 * the ref as typed: `HEAD~1` names another commit tomorrow.
 */
export async function stableName(root: string, commit: string): Promise<string> {
  const tags = (await git(root, ['tag', '--points-at', commit, '--list', 'v*', '--sort=-v:refname'])).toString('utf8');
  const tag = tags
    .split('\n')
    .map((t) => t.trim())
    .find((t) => /^v\d+\.\d+\.\d+$/.test(t));
  return tag ?? (await git(root, ['rev-parse', '--short', commit])).toString('utf8').trim();
}

/** A file as it is at `commit` (undefined when the commit has no such file). */
export async function fileAt(root: string, commit: string, file: string): Promise<string | undefined> {
  try {
    return (await git(root, ['show', `${commit}:${file}`])).toString('utf8');
  } catch (error) {
    if (error instanceof GitProblem) return undefined;
    throw error;
  }
}
