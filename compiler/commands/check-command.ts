// `rulebook check`: everything a check reports (content, presentation, the
// project's own files), answered from the cache when nothing it reads has
// changed (see cache/check-cache.ts).
import path from 'node:path';
import { checkKey, readCachedCheck, writeCachedCheck, type CheckOutcome } from '../cache/check-cache.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { readSource } from '../load/files.ts';
import { belongsToGame } from './game-files.ts';

export interface CheckRun {
  outcome: CheckOutcome;
  /** Text of the files the diagnostics stand in, for code frames. */
  sources: Map<string, string>;
  cached: boolean;
}

/** The whole check, as `check` prints it; `useCache: false` always checks afresh. */
export async function runCheck(root: string, options: { useCache?: boolean } = {}): Promise<CheckRun> {
  const key = options.useCache === false ? undefined : await checkKey(root, '');
  const stored = key ? await readCachedCheck(root, key) : undefined;
  if (stored) return { outcome: stored, sources: await sourcesOf(root, stored.diagnostics), cached: true };
  // The content's parse starts first, on the cores that are idle while the main thread loads the compiler (parse-ahead.ts).
  const ahead = (await import('../load/parse-ahead.ts')).parseAhead(root);
  let result;
  try {
    // Loaded here, not at the top: a check answered from the cache never loads the compiler's phases.
    const { check } = await import('../pipeline.ts');
    result = await check(root, { ahead });
  } finally {
    await ahead.close();
  }
  // Not faces.ts: a check loads the site's markup tools only for a game that has what they check.
  const { checkPresentation } = await import('../emit-site/check-presentation.ts');
  const { readSettings } = await import('../project-settings.ts');
  const { readReleases } = await import('../release/record.ts');
  await checkPresentation(root, result.games, result.bag, result.sources);
  // The project files the build reads (settings, releases record) are checked here too, so their errors show before a build.
  await readSettings(root, result.bag, result.sources);
  await readReleases(root, result.bag, result.sources);
  const outcome: CheckOutcome = {
    diagnostics: result.bag.sorted(),
    games: result.games.map(({ linked: { game } }) => ({
      id: game.manifest.id,
      folder: path.relative(root, game.dir).split(path.sep).join('/'),
      collections: [...game.collections.values()].map((c) => ({ name: c.name, entries: c.entries.length })),
      schemas: [
        ...Object.values(game.manifest.collections ?? {}).map((c) => `schemas/${c.schema}`),
        ...(game.manifest.constants ? [`schemas/${game.manifest.constants.schema}`] : []),
      ],
    })),
  };
  if (key) await writeCachedCheck(root, key, outcome);
  return { outcome, sources: result.sources, cached: false };
}

/** The files named by diagnostics, read as a check reads them (a byte-order mark dropped, bad bytes replaced). */
async function sourcesOf(root: string, diagnostics: readonly Diagnostic[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of new Set(diagnostics.filter((d) => d.place).map((d) => d.file))) {
    const read = await readSource(path.join(root, file));
    if (read) out.set(file, read.text);
  }
  return out;
}

/**
 * `--game <id>`: that game's part of the outcome. A game whose manifest does
 * not validate has no counts; its folder name stands for its ID.
 */
export function outcomeForGame(outcome: CheckOutcome, id: string, folders: readonly string[]): CheckOutcome | { known: string[] } {
  const game = outcome.games.find((g) => g.id === id);
  const folder = game?.folder ?? folders.find((f) => path.posix.basename(f) === id);
  if (!folder) return { known: [...new Set([...outcome.games.map((g) => g.id), ...folders.map((f) => path.posix.basename(f))])].sort() };
  const mine = belongsToGame({ id, folder, schemas: game?.schemas ?? [] });
  return { diagnostics: outcome.diagnostics.filter((d) => mine(d.file)), games: outcome.games.filter((g) => g.folder === folder) };
}
