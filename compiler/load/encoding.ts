import { isUtf8 } from 'node:buffer';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';

/**
 * A byte (or broken multi-byte sequence) that is not UTF-8, at the 1-based
 * line and column an editor shows; or, with `fileSize`, a file too large to
 * read at all (see MAX_FILE_BYTES), reported at 1:1.
 */
export interface BadBytes {
  line: number;
  column: number;
  bytes: number[];
  fileSize?: number;
  /** With `fileSize`: the most bytes a file of its kind is read up to. */
  limit?: number;
}

/**
 * The largest content file read: 32 MiB. The YAML parser reads entries at
 * under a megabyte a second and holds some 80 bytes of memory per byte of
 * text (measured: 50 MB of cards, 2 minutes and 4 GB) before any diagnostic;
 * a 30,000-card game in one file is 14 MB. A larger collection is split into
 * several files with the manifest's `files:` glob.
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The largest CSV or TSV file read: 64 MiB. A table reads at some 7 MB a
 * second with some 7 bytes of memory per byte of text (measured: 50 MB of
 * cards, 6.6 s and 325 MB for the parse), a tenth of what YAML holds.
 */
export const MAX_TABLE_BYTES = 64 * 1024 * 1024;

/** What readSource gives for a file over its limit: no text, and the size to report. */
export function tooLarge(size: number, limit = MAX_FILE_BYTES): Decoded {
  return { text: '', bad: [{ line: 1, column: 1, bytes: [], fileSize: size, limit }] };
}

export interface Decoded {
  /** The text without its byte-order mark; bad bytes read as U+FFFD (only for code frames: a file with bad bytes is not loaded). */
  text: string;
  bad: BadBytes[];
}

const BOM = [0xef, 0xbb, 0xbf];
/** Bad lines reported one by one before the rest are counted in one message. */
const MAX_SHOWN = 3;
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decode a content file as UTF-8. A byte-order mark is dropped (editors on
 * Windows write one, and YAML after it would not parse); a byte that is not
 * UTF-8 (a file saved as Latin-1) is found with its line and column, the
 * first per line, so the designer can fix the file rather than get a
 * silently changed name and ID.
 */
export function decodeUtf8(raw: Uint8Array): Decoded {
  const bytes = BOM.every((b, i) => raw[i] === b) ? raw.subarray(3) : raw;
  // Buffer's decoder (simdutf) reads 18 MB in some 15 ms, TextDecoder in 150-200 ms; both read a bad byte as U+FFFD.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  // The native check is fast; the per-line search below runs only for a broken file.
  if (isUtf8(bytes)) return { text, bad: [] };
  const bad: BadBytes[] = [];
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    // 0x0A never occurs inside a UTF-8 sequence, so lines can be checked one by one.
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const lineBytes = bytes.subarray(start, end);
    if (!isUtf8(lineBytes)) {
      const [from, to] = firstBadSequence(lineBytes);
      // Columns count UTF-16 code units, as the YAML parser's positions do.
      bad.push({ line, column: lossy.decode(lineBytes.subarray(0, from)).length + 1, bytes: [...lineBytes.subarray(from, to)] });
    }
    line++;
    start = end + 1;
  }
  return { text, bad };
}

/**
 * The byte range [from, to) of the first sequence that is not UTF-8 in a line
 * that fails the check. A fatal streaming decoder, fed byte by byte, throws
 * at the byte that breaks a sequence; the sequence began after the last
 * completed character.
 */
function firstBadSequence(bytes: Uint8Array): [number, number] {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let charStart = 0;
  for (let i = 0; i < bytes.length; i++) {
    try {
      if (decoder.decode(bytes.subarray(i, i + 1), { stream: true }) !== '') charStart = i + 1;
    } catch {
      // A lone bad byte is itself the sequence; a lead byte followed by a non-continuation ends before it.
      return [charStart, i === charStart ? i + 1 : i];
    }
  }
  return [charStart, bytes.length]; // a sequence cut off by the end of the line
}

/**
 * How bad bytes read as Latin-1 (what an editor saving Latin-1 meant), for
 * the note: 0xE3 -> "ã". Only for the printable range 0xA0-0xFF; below it
 * Latin-1 and Windows-1252 differ, and a guess would mislead.
 */
export function asLatin1(bytes: readonly number[]): string | undefined {
  return bytes.every((b) => b >= 0xa0) ? Buffer.from(bytes).toString('latin1') : undefined;
}

/**
 * Report each bad byte as an error at its place (rule encoding-not-utf8);
 * true when the file is clean. A file with bad bytes is not loaded: its
 * names and IDs would silently change.
 */
export function reportBadBytes(bag: DiagnosticBag, file: string, bad: readonly BadBytes[]): boolean {
  const big = bad.find((b) => b.fileSize !== undefined);
  const size = big?.fileSize;
  if (size !== undefined) {
    const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MiB`;
    const limit = big?.limit ?? MAX_FILE_BYTES;
    const what = limit === MAX_FILE_BYTES ? 'content files' : 'tables';
    bag.error(file, { start: { line: 1, column: 1 } }, 'file-too-large', `this file is ${mb(size)}: ${what} are read up to ${mb(limit)}`, [
      'split a large collection into several files and list them with `files:` (a glob) in game.yaml',
    ]);
    return false;
  }
  // A whole file saved as Latin-1 has a bad byte on most lines: show the first
  // few, then one line that says how many more, rather than a screen per line.
  const shown = bad.length > MAX_SHOWN + 1 ? bad.slice(0, MAX_SHOWN) : bad;
  const rest = bad.slice(shown.length);
  if (rest.length) {
    const first = rest[0]!;
    const lines = rest.map((b) => b.line);
    bag.error(
      file,
      { start: { line: first.line, column: first.column } },
      'encoding-not-utf8',
      `${rest.length} more lines have bytes that are not UTF-8: save the file as UTF-8`,
      [`lines ${lines.slice(0, 20).join(', ')}${lines.length > 20 ? ', …' : ''}`],
    );
  }
  for (const b of shown) {
    const hex = b.bytes.map((x) => `0x${x.toString(16).toUpperCase().padStart(2, '0')}`).join(' ');
    const place = { start: { line: b.line, column: b.column }, end: { line: b.line, column: b.column + 1 } };
    const one = b.bytes.length === 1;
    const latin1 = asLatin1(b.bytes);
    bag.error(
      file,
      place,
      'encoding-not-utf8',
      `${one ? 'this byte' : 'these bytes'} (${hex}) ${one ? 'is' : 'are'} not UTF-8: save the file as UTF-8`,
      latin1 ? [`read as Latin-1 ${one ? 'it is' : 'they are'} "${latin1}", so the file was probably saved in that encoding`] : [],
    );
  }
  return bad.length === 0;
}
