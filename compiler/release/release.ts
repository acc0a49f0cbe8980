import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic, formatSummary } from '../diagnostics/print.ts';
import type { CommandIo } from '../diff/command.ts';
import { bump, diffAgainst } from '../diff/diff.ts';
import { diffMarkdown } from '../diff/format.ts';
import { fileAt, GitProblem, resolveCommit, stableName, versionTags } from '../diff/git-tree.ts';
import { readSettings } from '../project-settings.ts';
import { commandIn } from '../next-step.ts';
import { isCalendarDate, readReleases, releasesYaml, RELEASES_FILE, toReleaseChange, type Release } from './record.ts';

export const CHANGELOG_FILE = 'CHANGELOG.md';

export interface ReleaseOptions {
  /** Compare with this ref instead of the latest `v*` tag. */
  from?: string;
  /** The release date (YYYY-MM-DD); default today (UTC), or SOURCE_DATE_EPOCH's day when set. */
  date?: string;
}

/**
 * `rulebook release`: compare the working tree with the last release, and
 * write the version that the changes imply.
 *
 * The last release is the newest `v*` tag, not the version in
 * generated/package.json: a tag names both a version and the exact tree that
 * was released, so the diff compares against what users of the package
 * actually got; generated/ in the working tree may already hold unreleased
 * changes. Writes releases.yaml (the record the build turns into each game's
 * Changes page), a CHANGELOG.md entry and the version (and the package name
 * from rulebook.yaml) in generated/package.json. A release whose tag does
 * not exist yet is pending: running it again (with or without --from)
 * replaces it rather than stacking a second one on it. The record names
 * what it compared with by tag or short hash, never by a relative ref.
 * Creating the tag is left to the user, after the commit.
 */
export async function releaseCommand(root: string, options: ReleaseOptions, io: CommandIo): Promise<number> {
  const bag = new DiagnosticBag();
  const sources = new Map<string, string>();
  const settings = await readSettings(root, bag, sources);
  const releases = await readReleases(root, bag, sources);
  if (bag.errorCount) return failed(bag.sorted(), sources, io);
  const date = options.date ?? today();
  if (!isCalendarDate(date)) {
    io.err(`error: --date must be a day of the calendar, written YYYY-MM-DD (got "${date}")`);
    return 2;
  }
  let from: string;
  let commit: string;
  let previous: string | undefined;
  let pending: Release[];
  let released: Release[];
  try {
    const tags = await versionTags(root);
    const ref = options.from ?? tags[0];
    if (!ref) {
      io.err('error: no release tag (v1.2.3) in this repository: tag the commit of the last release (`git tag v1.0.0 <commit>`), or pass --from <ref>');
      return 2;
    }
    commit = await resolveCommit(root, ref);
    from = tags.includes(ref) ? ref : await stableName(root, commit);
    // A release not tagged yet was written by an earlier run and never published: this run replaces it.
    pending = releases.filter((r) => !tags.includes(`v${r.version}`));
    released = releases.filter((r) => tags.includes(`v${r.version}`));
    previous =
      tagVersion(from) ??
      released[0]?.version ??
      pending.at(-1)?.base ??
      tagVersion(pending.at(-1)?.from) ??
      packageVersion(await fileAt(root, commit, 'generated/package.json')) ??
      // The working tree's package holds the pending release's version once one is written: not a base to count from.
      (pending.length ? undefined : await generatedVersion(root));
  } catch (error) {
    if (error instanceof GitProblem) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (!previous) {
    io.err(`error: no version to count from: "${from}" is not a version tag (v1.2.3), and neither ${RELEASES_FILE} nor generated/package.json holds one`);
    return 2;
  }
  let outcome;
  try {
    outcome = await diffAgainst(root, commit);
  } catch (error) {
    if (error instanceof GitProblem) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (!outcome.ok) return failed(outcome.diagnostics, outcome.sources, io);
  // Named in the notes as the record names it.
  const report = { ...outcome.report, from };
  if (report.level === 'none') {
    io.err(`nothing changed since ${from}: no release written.`);
    return 0;
  }
  const version = bump(previous, report.level);
  const games: Release['games'] = {};
  for (const c of report.changes) (games[c.game] ??= []).push(toReleaseChange(c));
  const release: Release = { version, date, from, level: report.level, base: previous, games };
  const record = [release, ...released];
  await writeFile(path.join(root, RELEASES_FILE), releasesYaml(record));
  await writeFile(
    path.join(root, CHANGELOG_FILE),
    changelog(
      await readText(path.join(root, CHANGELOG_FILE)),
      release,
      diffMarkdown(report, 3),
      pending.map((r) => r.version),
    ),
  );
  const wrote = [RELEASES_FILE, CHANGELOG_FILE];
  if (await setPackageVersion(root, settings.package.name, version)) wrote.push('generated/package.json');
  io.out(`release ${version} (${report.level}: ${report.counts.major} major, ${report.counts.minor} minor, ${report.counts.patch} patch since ${from})`);
  io.err(`wrote ${wrote.join(', ')}`);
  // The build makes the rest from these files (the package under its name, each game's Changes page); the tag marks what was released.
  io.err(`next: \`${commandIn(root, 'build')}\`, commit, then \`git tag v${version}\``);
  return 0;
}

function failed(diagnostics: ReturnType<DiagnosticBag['sorted']>, sources: ReadonlyMap<string, string>, io: CommandIo): number {
  for (const d of diagnostics) io.err(formatDiagnostic(d, { color: io.color, sources }) + '\n');
  io.err(formatSummary(diagnostics.filter((d) => d.severity === 'error').length));
  io.err('release stopped: nothing was written.');
  return 1;
}

function today(): string {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return (Number.isFinite(epoch) && process.env.SOURCE_DATE_EPOCH ? new Date(epoch * 1000) : new Date()).toISOString().slice(0, 10);
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function generatedVersion(root: string): Promise<string | undefined> {
  return packageVersion(await readText(path.join(root, 'generated', 'package.json')));
}

/** The version a package.json's text holds (undefined for none, or text that is not JSON). */
function packageVersion(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const v = (JSON.parse(text) as { version?: unknown }).version;
    return typeof v === 'string' && /^\d+\.\d+\.\d+$/.test(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function tagVersion(name: string | undefined): string | undefined {
  return name === undefined ? undefined : /^v(\d+\.\d+\.\d+)$/.exec(name)?.[1];
}

/** Set name and version in generated/package.json, keeping its layout (the build writes the same). False when there is none yet. */
async function setPackageVersion(root: string, name: string, version: string): Promise<boolean> {
  const file = path.join(root, 'generated', 'package.json');
  const text = await readText(file);
  if (text === undefined) return false;
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not ours to repair: the next build rewrites it whole.
    return false;
  }
  pkg.name = name;
  pkg.version = version;
  await writeFile(file, JSON.stringify(pkg, null, 2) + '\n');
  return true;
}

const CHANGELOG_HEAD = '# Changelog\n\nWhat each release of the engine package and the rules changed, written by `rulebook release`.\n';

/** The changelog with this release's entry first; entries of `replaced` versions (the same release written before) are dropped. */
export function changelog(existing: string | undefined, release: Release, body: string, replaced: readonly string[]): string {
  const text = existing ?? CHANGELOG_HEAD;
  const first = text.search(/^## /m);
  const head = first < 0 ? text.trimEnd() + '\n' : text.slice(0, first);
  const entries = first < 0 ? [] : text.slice(first).split(/^(?=## )/m);
  const kept = entries.filter((e) => !replaced.some((v) => e.startsWith(`## ${v} `) || e.startsWith(`## ${v}\n`)));
  const entry = `## ${release.version} (${release.date})\n\n${body.trimEnd()}\n\n`;
  return `${head.trimEnd()}\n\n${entry}${kept.join('')}`.trimEnd() + '\n';
}
