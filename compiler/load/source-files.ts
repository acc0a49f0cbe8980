import path from 'node:path';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Manifest } from '../model.ts';
import { isFile } from './files.ts';
import type { YamlSource } from './yaml-source.ts';

/**
 * The manifest's `source.files` name the text the game is transcribed from,
 * kept inside the game's folder so a clone is whole: each must exist there
 * (its fidelity tests read it). Paths that climb out of the folder are refused.
 */
export async function checkSourceFiles(dir: string, manifest: Manifest, manifestSource: YamlSource, bag: DiagnosticBag): Promise<void> {
  const source = manifest.source;
  if (!source || typeof source !== 'object' || !Array.isArray(source.files)) return;
  for (const [i, item] of source.files.entries()) {
    if (!item || typeof item.file !== 'string') continue;
    const place = manifestSource.placeOf(`/source/files/${i}/file`);
    const full = path.resolve(dir, item.file);
    if (path.relative(dir, full).startsWith('..') || path.isAbsolute(item.file)) {
      bag.error(
        manifestSource.path,
        place,
        'source-file-outside',
        `source file "${item.file}" is outside the game's folder: keep the source text inside it, so a clone of the repository is whole`,
      );
    } else if (!(await isFile(full))) {
      bag.error(manifestSource.path, place, 'source-file-missing', `source file "${item.file}" does not exist in the game's folder`);
    }
  }
}
