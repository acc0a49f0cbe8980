import { stat } from 'node:fs/promises';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { SourceFile } from '../model.ts';
import { reportBadBytes } from './encoding.ts';
import { displayPath, readSource } from './files.ts';
import { assertReadWhole } from './mid-save.ts';
import { statStamp, type ParseCache } from './parse-cache.ts';

/** A content file's reader (YAML, JSON, a CSV table) as load drives it: made from its text, then parsed into a bag. */
export interface ParsedFile extends SourceFile {
  ok: boolean;
  parse(bag: DiagnosticBag): unknown;
}

/** How to make a file's reader, and which reader `rulebook serve`'s cache may give back for the same text. */
export interface FileKind<S extends ParsedFile> {
  /** `last`: what `rulebook serve`'s cache last parsed the file as, whatever its text then (a reader may take from it). */
  make(shown: string, text: string, last?: SourceFile): S;
  reuses(cached: SourceFile): cached is S;
}

/**
 * Read and parse one content file, whatever its format; undefined when it cannot be read. A file with bytes that are
 * not UTF-8 is reported and comes back failed (`ok` false, no value), like a file that does not parse. `sources`
 * receives the text of every file read, failed or not, for code frames; the cache gives back the same reader, with the
 * diagnostics its parse gave, for a file whose text has not changed.
 */
export async function readParsed<S extends ParsedFile>(
  root: string,
  file: string,
  bag: DiagnosticBag,
  kind: FileKind<S>,
  options: { sources?: Map<string, string>; cache?: ParseCache; maxBytes?: number } = {},
): Promise<S | undefined> {
  const { sources, cache } = options;
  const shown = displayPath(root, file);
  // Under `serve`, a file no save named and whose stat is as when it was read is not read again (parse-cache.ts).
  const st = cache ? await stat(file).catch(() => undefined) : undefined;
  const stamp = statStamp(st);
  const same = stamp === undefined ? undefined : cache?.unchanged(shown, stamp);
  if (same && kind.reuses(same.source)) {
    sources?.set(shown, same.text);
    bag.items.push(...same.diagnostics);
    return same.source;
  }
  const read = await readSource(file, options.maxBytes);
  if (read === undefined) return undefined;
  // Under `serve`, a saved file written again while it was read is not parsed: the save is taken again (mid-save.ts).
  await assertReadWhole(file, shown, stamp, cache);
  sources?.set(shown, read.text);
  const hit = cache?.get(shown, read.text);
  if (hit && kind.reuses(hit.source)) {
    cache!.stamp(shown, stamp);
    bag.items.push(...hit.diagnostics);
    return hit.source;
  }
  const own = cache ? new DiagnosticBag() : bag;
  const source = kind.make(shown, read.text, cache?.lastRead(shown));
  if (reportBadBytes(own, shown, read.bad)) source.parse(own);
  else source.ok = false;
  if (cache) {
    cache.set(shown, read.text, source, own.items);
    cache.stamp(shown, stamp);
    bag.items.push(...own.items);
  }
  return source;
}
