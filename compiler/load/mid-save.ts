import { stat } from 'node:fs/promises';
import { statStamp, type ParseCache } from './parse-cache.ts';

/**
 * A saved file whose stat changed while it was read: its save was still being written, and the text read may be half
 * of it. An editor or a script writing a large file truncates it first; a 30,000-card JSON file (18 MB) was read so in
 * two saves of five, and each such read went on to report the half file's syntax errors and check the game without
 * it (0.4-0.5 s) before the save could be taken again (serve/live-site.ts). Thrown under `rulebook serve` only, for a
 * file a save named, so that the whole check stops at the read; serve takes the save again a moment later.
 */
export class ReadMidSave extends Error {
  constructor(readonly file: string) {
    super(`${file} was read while it was being written`);
    this.name = 'ReadMidSave';
  }
}

/**
 * Throw ReadMidSave when `file` (shown as `shown`), named by a save since its last read, has another stat now than
 * `before`, taken before it was read. A file gone since is not a save in progress: its removal is a batch of its own.
 * Files no save named (serve's first build, the game's other files) are not looked at again.
 */
export async function assertReadWhole(file: string, shown: string, before: string | undefined, cache: ParseCache | undefined): Promise<void> {
  if (before === undefined || !cache?.isNamed(shown)) return;
  const after = statStamp(await stat(file).catch(() => undefined));
  if (after !== undefined && after !== before) throw new ReadMidSave(shown);
}
