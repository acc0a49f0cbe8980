import path from 'node:path';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { findGames } from '../load/game.ts';
import type { CheckResult } from '../pipeline.ts';
import { belongsToGame } from './game-files.ts';

/**
 * `--game <id>`: one game's part of a check. Every game is still checked
 * (schemas are shared and cheap), then only the diagnostics that stand in
 * that game's files, its schemas and the shared schemas are kept, so another
 * game's errors neither print nor fail the command.
 */
export async function onlyGame(root: string, result: CheckResult, id: string): Promise<{ result: CheckResult } | { known: string[] }> {
  const dirs = await findGames(root);
  const checked = result.games.find((g) => g.linked.game.manifest.id === id);
  // A game whose manifest does not validate has no checked result: its folder name stands for its ID.
  const dir = checked?.linked.game.dir ?? dirs.find((d) => path.basename(d) === id);
  if (!dir) {
    const known = new Set([...result.games.map((g) => g.linked.game.manifest.id), ...dirs.map((d) => path.basename(d))]);
    return { known: [...known].sort() };
  }
  const manifest = checked?.linked.game.manifest;
  const schemas = [
    ...Object.values(manifest?.collections ?? {}).map((c) => `schemas/${c.schema}`),
    ...(manifest?.constants ? [`schemas/${manifest.constants.schema}`] : []),
  ];
  const mine = belongsToGame({ id, folder: `content/${path.basename(dir)}`, schemas });
  const bag = new DiagnosticBag();
  bag.items.push(...result.bag.items.filter((d) => mine(d.file)));
  return { result: { ...result, bag, games: result.games.filter((g) => g.linked.game.dir === dir) } };
}

/** Errors only (`--quiet`): warnings are left out of what prints and of the summary. */
export function errorsOnly(result: CheckResult): CheckResult {
  const bag = new DiagnosticBag();
  bag.items.push(...result.bag.items.filter((d) => d.severity === 'error'));
  return { ...result, bag };
}
