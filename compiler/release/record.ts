import path from 'node:path';
import { stringify } from 'yaml';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Change, ChangeKind, Level } from '../diff/compare.ts';
import { loadYaml } from '../load/game.ts';

/**
 * The releases record: `releases.yaml` at the project root, written by
 * `rulebook release` (newest first) and read by the build for each game's
 * Changes page. The build never asks git: a clone builds the same site.
 */
export const RELEASES_FILE = 'releases.yaml';

/** One change as a release keeps it (the diff's change, without what only the terminal needs). */
export type ReleaseChange = Pick<Change, 'collection' | 'id' | 'was' | 'name' | 'wasName' | 'path' | 'before' | 'after'> & { change: ChangeKind; level: Level };

export interface Release {
  version: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The ref the release was compared with (the last release's tag). */
  from: string;
  level: Level;
  /** The version it counts up from, so a pending release run again (even from another ref) counts from the same base. */
  base?: string;
  /** Each game's changes, by game ID. */
  games: Record<string, ReleaseChange[]>;
}

/** A real day written YYYY-MM-DD: 2026-02-29 and 2026-13-45 are not. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function toReleaseChange(c: Change): ReleaseChange {
  // The words (labels, values' words) are the working tree's, in its main locale: each Changes page reads its own locale's from the schema.
  const { kind, level, game: _game, at: _at, label: _label, beforeWords: _before, afterWords: _after, ...rest } = c;
  return { change: kind, level, ...rest };
}

const HEADER =
  "# Written by `rulebook release`, newest first; the build reads it for each game's Changes page.\n# Edit the notes through the content and release again rather than by hand.\n";

export function releasesYaml(releases: readonly Release[]): string {
  return HEADER + stringify({ releases }, { lineWidth: 0 });
}

/** Read the record (absent: no releases). A malformed one is a located error in `bag`, and reads as no releases. */
export async function readReleases(root: string, bag: DiagnosticBag, sources?: Map<string, string>): Promise<Release[]> {
  const source = await loadYaml(root, path.join(root, RELEASES_FILE), bag, sources);
  if (!source || !source.ok) return [];
  const value = source.value as { releases?: unknown } | null;
  const list = value && typeof value === 'object' ? value.releases : undefined;
  if (!Array.isArray(list)) {
    bag.error(
      source.path,
      source.placeOf('/releases'),
      'releases-shape',
      `${RELEASES_FILE} must hold a list under "releases:" (it is written by \`rulebook release\`)`,
    );
    return [];
  }
  const out: Release[] = [];
  list.forEach((r: unknown, i) => {
    const problem = releaseProblem(r);
    if (problem) bag.error(source.path, source.placeOf(`/releases/${i}${problem.at}`), 'releases-shape', `release ${i + 1}: ${problem.message}`);
    else out.push(r as Release);
  });
  return out;
}

function releaseProblem(r: unknown): { at: string; message: string } | undefined {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return { at: '', message: 'must be a map with version, date, from, level and games' };
  const x = r as Record<string, unknown>;
  if (typeof x.version !== 'string' || !/^\d+\.\d+\.\d+$/.test(x.version))
    return { at: '/version', message: 'version must be MAJOR.MINOR.PATCH, such as 1.2.0' };
  if (typeof x.date !== 'string' || !isCalendarDate(x.date)) return { at: '/date', message: 'date must be a day of the calendar, written YYYY-MM-DD' };
  if (typeof x.from !== 'string') return { at: '/from', message: 'from must name the ref the release was compared with' };
  if (!['major', 'minor', 'patch'].includes(x.level as string)) return { at: '/level', message: 'level must be major, minor or patch' };
  if (!x.games || typeof x.games !== 'object' || Array.isArray(x.games)) return { at: '/games', message: 'games must map each game ID to its changes' };
  for (const [game, changes] of Object.entries(x.games)) {
    if (!Array.isArray(changes) || changes.some((c) => !c || typeof c !== 'object' || typeof (c as { change?: unknown }).change !== 'string')) {
      return { at: `/games/${game}`, message: `the changes of "${game}" must be a list, each with its change` };
    }
  }
  return undefined;
}
