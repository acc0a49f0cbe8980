import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { check, type CheckResult } from '../pipeline.ts';
import { SCHEMA_BASE } from '../validate/schemas.ts';
import { compareGames, gameInfo, levelOf, LEVELS, type Change, type GameInfo, type Level, type SchemaOf } from './compare.ts';
import { extractTree, resolveCommit } from './git-tree.ts';

export interface DiffReport {
  /** The ref compared against, as the user gave it, and the commit it named. */
  from: string;
  commit: string;
  /** The version bump the changes call for ('none' when nothing changed). */
  level: Level | 'none';
  counts: Record<Level, number>;
  /** Every game of either tree, with its name in its own language (for headings). */
  games: GameInfo[];
  changes: Change[];
}

export type DiffOutcome =
  | { ok: true; report: DiffReport; current: CheckResult }
  /** A tree's content has errors: they are listed (the old tree's files prefixed with the ref), and nothing is compared. */
  | { ok: false; diagnostics: Diagnostic[]; sources: Map<string, string> };

/** The folders that make a game: what is read from the old tree. */
const TREE_PATHS = ['content', 'schemas'];

/**
 * What changed between `ref` and the working tree of the project at `root`.
 * The old tree's content and schemas are read out of git into a temporary
 * folder and checked there exactly as the working tree is, so both sides are
 * compared as the build sees them (IDs resolved, placeholders unwrapped,
 * rules rendered). Throws GitProblem when git cannot give the tree.
 */
export async function diffAgainst(root: string, ref: string): Promise<DiffOutcome> {
  const commit = await resolveCommit(root, ref);
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-diff-'));
  try {
    await extractTree(root, commit, TREE_PATHS, dir);
    const before = await check(dir);
    const after = await check(root);
    if (before.bag.errorCount || after.bag.errorCount) {
      const sources = new Map(after.sources);
      for (const [file, text] of before.sources) sources.set(`${ref}:${file}`, text);
      const old = before.bag
        .sorted()
        .filter((d) => d.severity === 'error')
        .map((d) => ({ ...d, file: `${ref}:${d.file}` }));
      return { ok: false, diagnostics: [...old, ...after.bag.sorted().filter((d) => d.severity === 'error')], sources };
    }
    const changes = compareGames(before.games, after.games, ref, { before: schemaOf(before), after: schemaOf(after) });
    // The working tree's names win; a removed game or collection keeps its old one.
    const games = new Map<string, GameInfo>();
    for (const g of [...before.games, ...after.games]) {
      const info = gameInfo(g);
      const known = games.get(info.id);
      games.set(info.id, known ? { ...info, collections: { ...known.collections, ...info.collections } } : info);
    }
    const counts = Object.fromEntries(LEVELS.map((l) => [l, changes.filter((c) => c.level === l).length])) as Record<Level, number>;
    return { ok: true, report: { from: ref, commit, level: levelOf(changes), counts, games: [...games.values()], changes }, current: after };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The next version after `version` for a change of `level` (semver: major resets minor and patch, minor resets patch). */
export function bump(version: string, level: Level | 'none'): string {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) throw new Error(`not a version: ${version}`);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (level === 'major') return `${major + 1}.0.0`;
  if (level === 'minor') return `${major}.${minor + 1}.0`;
  if (level === 'patch') return `${major}.${minor}.${patch + 1}`;
  return version;
}

/** A tree's collection schemas as written (the check compiled them all, so each is there when the check passed). */
function schemaOf(result: CheckResult): SchemaOf {
  return (schemaPath) => {
    const schema = result.schemas.ajv.getSchema(SCHEMA_BASE + schemaPath)?.schema;
    return schema && typeof schema === 'object' ? (schema as Record<string, unknown>) : undefined;
  };
}
