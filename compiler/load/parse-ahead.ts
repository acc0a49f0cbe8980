// Parsing a large game's content while the compiler is still starting. A cold
// `check` spends its first ~0.35 s loading the compiler's modules and
// compiling the schemas; the parse pool (load/parse-pool.ts) only started
// after that, when the loader reached a collection. So a check or a build
// starts the pool first, on the YAML files under content/, and the loader
// takes each collection file's parse from it (load/game.ts).
//
// Only where the pool would run anyway (PARALLEL_BYTES): below that, one
// worker beside the main thread was tried, and a 1,000-card check took
// 1.33-1.35 s against 1.14 s without (medians of 6-8 cold checks each, run in
// turn). On this 2-core machine two busy threads get ~1.2x the work of one
// (two runs of the floor at once take 1.6-1.8x the time of one), and a
// worker's parser starts cold: its share of the parse cost it twice the CPU.
//
// The list is every .yaml file under content/ that is not a manifest or a
// locale file, found by walking the folder, not by reading the manifests: the
// loader decides what is content, as before; a file it never asks for is
// parsed for nothing (a constants file), and a file the walk missed (made
// since) is parsed by the loader itself.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { displayPath } from './files.ts';
import { PARALLEL_BYTES, ParsePool, type Preparsed } from './parse-pool.ts';

export interface ParseAhead {
  /**
   * The parses of those of `files` the pool holds, once each is in; undefined
   * when it holds none of them (or there is no pool): the loader goes on as before.
   */
  take(files: ReadonlyArray<{ file: string; shown: string }>): Promise<Map<string, Preparsed> | undefined>;
  /** Stops the workers; call it when the check is done, whatever became of it. */
  close(): Promise<void>;
}

/** Start parsing the content of the project at `root` when it is large enough for the pool (`minBytes`: tests); never throws. */
export function parseAhead(root: string, options: { minBytes?: number } = {}): ParseAhead {
  let pool: ParsePool | undefined;
  try {
    pool = ParsePool.start(contentYaml(root), { minBytes: options.minBytes ?? PARALLEL_BYTES });
  } catch {
    pool = undefined; // content/ unreadable: the loader says so
  }
  return {
    async take(files) {
      const mine = pool ? files.filter((f) => pool!.has(f.file)) : [];
      if (!pool || !mine.length) return undefined;
      const out = new Map<string, Preparsed>();
      for (const f of mine) {
        const parsed = await pool.result(f.file);
        if (parsed) out.set(f.file, parsed);
      }
      return out;
    },
    async close() {
      await pool?.close();
    },
  };
}

/** The YAML files under content/ the loader may ask for: not a game's manifest (game.yaml), nor a file of its locales/ folder. */
function contentYaml(root: string): Array<{ file: string; shown: string }> {
  const dir = path.join(root, 'content');
  // Synchronous, as the pool's start is: the workers have their jobs before the main thread turns to loading the compiler.
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  const out: Array<{ file: string; shown: string }> = [];
  for (const e of entries) {
    if (!e.isFile() || !/\.ya?ml$/.test(e.name) || e.name === 'game.yaml') continue;
    const file = path.join(e.parentPath, e.name);
    if (path.relative(dir, file).split(path.sep).includes('locales')) continue;
    out.push({ file, shown: displayPath(root, file) });
  }
  return out;
}
