import type { Stats } from 'node:fs';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SourceFile } from '../model.ts';
import type { SliceParse } from './split-sequence.ts';

/** A file's stat as the cache compares it: modification time, size and inode (an editor that saves by rename changes the inode). */
export function statStamp(st: Stats | undefined): string | undefined {
  return st ? `${st.mtimeMs}:${st.size}:${st.ino}` : undefined;
}

/** A file's entries as last parsed: where each starts in the text (the first at 0, with what comes before it) and its parse. */
export interface EntryParses {
  starts: readonly number[];
  parses: readonly SliceParse[];
}

/**
 * Parsed files kept between runs in one process (`rulebook serve`): a save
 * re-parses the file it changed, and every other file of the game, unchanged
 * byte for byte, is taken as parsed last time with the diagnostics its parse
 * gave. Keyed by path and compared by text, so a file changed in any way is
 * parsed again; files no longer read are dropped by `keepOnly`.
 *
 * A large collection file also keeps its entries' parses, in order with
 * where each starts in its text (load/entry-reparse.ts): a save that changed one entry of
 * 30,000 in one file re-parses that entry, not the file.
 */
export class ParseCache {
  private readonly files = new Map<string, { text: string; source: SourceFile; diagnostics: Diagnostic[] }>();
  private readonly entryMaps = new Map<string, EntryParses>();
  /** Entries parsed and entries taken from the cache by entry-level re-parses, since the cache was made (for tests and logs). */
  readonly entryCounts = { parsed: 0, reused: 0 };

  /**
   * Each file's stat (modification time, size, inode) when its text was last read, and the files a save named since:
   * a file neither named nor changed on disk is not read again (read-parsed.ts). At 30,000 cards a save read and
   * decoded the game's 14 MB of files to find one changed.
   */
  private readonly stamps = new Map<string, string>();
  private readonly named = new Set<string>();

  /** The files a save touched (display paths): read again whatever their stat says. */
  markChanged(paths: Iterable<string>): void {
    for (const p of paths) this.named.add(p);
  }

  /** Whether a save named the file since it was last read (load/mid-save.ts looks again at such a file's stat). */
  isNamed(path: string): boolean {
    return this.named.has(path);
  }

  /** The last parse of a file whose stat is `stamp` as when it was read, and that no save named since. */
  unchanged(path: string, stamp: string): { text: string; source: SourceFile; diagnostics: Diagnostic[] } | undefined {
    return !this.named.has(path) && this.stamps.get(path) === stamp ? this.files.get(path) : undefined;
  }

  /** The text a file was last read with, when it had `size` bytes then (a save that changed its size changed its text). */
  readAtSize(path: string, size: number): string | undefined {
    const stamp = this.stamps.get(path);
    return stamp !== undefined && Number(stamp.split(':')[1]) === size ? this.files.get(path)?.text : undefined;
  }

  /** The stat a file had when its text was last read (taken before the read), if it was read. */
  stampOf(path: string): string | undefined {
    return this.stamps.get(path);
  }

  /** The stat of the text just read (taken before the read: a change meanwhile shows as another stat next time). */
  stamp(path: string, stamp: string | undefined): void {
    this.named.delete(path);
    if (stamp === undefined) this.stamps.delete(path);
    else this.stamps.set(path, stamp);
  }

  /** The text of one file read whose name ends in one of `endings` (serve's idle warm-up parses it: serve/warm-up.ts). */
  someText(endings: readonly string[]): string | undefined {
    for (const [p, f] of this.files) if (endings.some((e) => p.endsWith(e))) return f.text;
    return undefined;
  }

  /** The files kept whose text is at least `chars` long, with no entry parses known for it (serve's warm-up takes them apart). */
  withoutEntries(chars: number): string[] {
    return [...this.files].filter(([p, f]) => f.text.length >= chars && !this.entryMaps.has(p)).map(([p]) => p);
  }

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

  /**
   * The file's last parse that read, whatever its text (a reader takes from it what the texts share: csv-source.ts,
   * json-source.ts): a parse that failed in between (a file read half written, a save with a mistake) is passed over,
   * so the save after it still starts from the whole file.
   */
  lastRead(path: string): SourceFile | undefined {
    const last = this.files.get(path)?.source;
    return last?.ok ? last : this.readOk.get(path);
  }

  private readonly readOk = new Map<string, SourceFile>();

  set(path: string, text: string, source: SourceFile, diagnostics: Diagnostic[]): void {
    if (source.ok) this.readOk.delete(path);
    else {
      const last = this.files.get(path)?.source;
      if (last?.ok) this.readOk.set(path, last);
    }
    // Entry parses belong to the text they were joined into: a file parsed whole with another text starts afresh.
    if (this.files.get(path)?.text !== text) this.entryMaps.delete(path);
    this.files.set(path, { text, source, diagnostics });
  }

  /** The parses of the file's entries, when known for its last text. */
  entries(path: string): EntryParses | undefined {
    return this.entryMaps.get(path);
  }

  /** Set the file's parse with the parses of its entries it was joined from. */
  setWithEntries(path: string, text: string, source: SourceFile, entries: EntryParses): void {
    this.files.set(path, { text, source, diagnostics: [] });
    this.entryMaps.set(path, entries);
  }

  /** Keep the parses of the file's entries, taken from its last parse of `text` (nothing kept if the file has changed since). */
  setEntries(path: string, text: string, entries: EntryParses): void {
    if (this.files.get(path)?.text === text) this.entryMaps.set(path, entries);
  }

  /** Forget files that were not read in the last run (deleted, renamed, no longer matched). */
  keepOnly(paths: ReadonlySet<string>): void {
    for (const p of this.files.keys()) if (!paths.has(p)) this.files.delete(p);
    for (const p of this.entryMaps.keys()) if (!paths.has(p)) this.entryMaps.delete(p);
    for (const p of this.readOk.keys()) if (!paths.has(p)) this.readOk.delete(p);
    for (const p of this.stamps.keys()) if (!paths.has(p)) this.stamps.delete(p);
  }
}
