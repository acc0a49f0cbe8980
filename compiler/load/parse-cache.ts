import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SourceFile } from '../model.ts';
import type { SliceParse } from './split-sequence.ts';

/**
 * Parsed files kept between runs in one process (`rulebook serve`): a save
 * re-parses the file it changed, and every other file of the game, unchanged
 * byte for byte, is taken as parsed last time with the diagnostics its parse
 * gave. Keyed by path and compared by text, so a file changed in any way is
 * parsed again; files no longer read are dropped by `keepOnly`.
 *
 * A large collection file also keeps its entries' parses, keyed by each
 * entry's text (load/entry-reparse.ts): a save that changed one entry of
 * 30,000 in one file re-parses that entry, not the file.
 */
export class ParseCache {
  private readonly files = new Map<string, { text: string; source: SourceFile; diagnostics: Diagnostic[] }>();
  private readonly entryMaps = new Map<string, Map<string, SliceParse>>();
  /** Entries parsed and entries taken from the cache by entry-level re-parses, since the cache was made (for tests and logs). */
  readonly entryCounts = { parsed: 0, reused: 0 };

  get size(): number {
    return this.files.size;
  }

  get(path: string, text: string): { source: SourceFile; diagnostics: Diagnostic[] } | undefined {
    const hit = this.files.get(path);
    return hit && hit.text === text ? hit : undefined;
  }

  /** What the file was last parsed as, whatever its text now (an entry-level re-parse starts from it). */
  last(path: string): { text: string; source: SourceFile; diagnostics: Diagnostic[] } | undefined {
    return this.files.get(path);
  }

  set(path: string, text: string, source: SourceFile, diagnostics: Diagnostic[]): void {
    // Entry parses belong to the text they were joined into: a file parsed whole with another text starts afresh.
    if (this.files.get(path)?.text !== text) this.entryMaps.delete(path);
    this.files.set(path, { text, source, diagnostics });
  }

  /** The parses of the file's entries by entry text, when known for its last text. */
  entries(path: string): Map<string, SliceParse> | undefined {
    return this.entryMaps.get(path);
  }

  /** Set the file's parse with the parses of its entries (by entry text) it was joined from. */
  setWithEntries(path: string, text: string, source: SourceFile, entries: Map<string, SliceParse>): void {
    this.files.set(path, { text, source, diagnostics: [] });
    this.entryMaps.set(path, entries);
  }

  /** Forget files that were not read in the last run (deleted, renamed, no longer matched). */
  keepOnly(paths: ReadonlySet<string>): void {
    for (const p of this.files.keys()) if (!paths.has(p)) this.files.delete(p);
    for (const p of this.entryMaps.keys()) if (!paths.has(p)) this.entryMaps.delete(p);
  }
}
