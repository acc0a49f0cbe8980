import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ContentSource } from './content-source.ts';

/**
 * Parsed files kept between runs in one process (`rulebook serve`): a save
 * re-parses the file it changed, and every other file of the game, unchanged
 * byte for byte, is taken as parsed last time with the diagnostics its parse
 * gave. Keyed by path and compared by text, so a file changed in any way is
 * parsed again; files no longer read are dropped by `keepOnly`.
 */
export class ParseCache {
  private readonly files = new Map<string, { text: string; source: ContentSource; diagnostics: Diagnostic[] }>();

  get size(): number {
    return this.files.size;
  }

  get(path: string, text: string): { source: ContentSource; diagnostics: Diagnostic[] } | undefined {
    const hit = this.files.get(path);
    return hit && hit.text === text ? hit : undefined;
  }

  set(path: string, text: string, source: ContentSource, diagnostics: Diagnostic[]): void {
    this.files.set(path, { text, source, diagnostics });
  }

  /** Forget files that were not read in the last run (deleted, renamed, no longer matched). */
  keepOnly(paths: ReadonlySet<string>): void {
    for (const p of this.files.keys()) if (!paths.has(p)) this.files.delete(p);
  }
}
