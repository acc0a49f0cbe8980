import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../helpers.ts';

/**
 * The text a bundled game is transcribed from, read from the files its
 * manifest names under `source.files` (inside content/<game>/, so a clone of
 * the repository is whole). `which` picks one file by the end of its path.
 */
export function sourceText(game: string, which?: string): string {
  const dir = path.join(ROOT, 'content', game);
  const manifest = parse(readFileSync(path.join(dir, 'game.yaml'), 'utf8')) as { source?: { files?: Array<{ file: string }> } };
  const files = manifest.source?.files ?? [];
  const file = which ? files.find((f) => f.file.endsWith(which)) : files[0];
  if (!file) throw new Error(`content/${game}/game.yaml names no source file${which ? ` ending in ${which}` : ''}`);
  return readFileSync(path.join(dir, file.file), 'utf8');
}

/** The message of a fidelity assertion: what differs, for which entry, and what the rulebook prints. */
export function differs(entry: string, printed: string): string {
  return `${entry} differs from the source rulebook, which prints: "${printed}"`;
}
