import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection when `rulebook serve` has finished a save's work
 * and waits for the next one.
 *
 * What serve keeps between saves is about 400 MB at 30,000 cards (the pages,
 * each entry's drawing, the checked games); what a save makes and drops (a
 * game's pages, the package's data module, the files compared) is more than
 * that again. V8 collects the old generation only when it has grown past a
 * limit it sets from the machine's memory, so those dropped copies piled up
 * and serve's peak memory rose with every save: 1.45-1.6 GB after two saves,
 * against about 550 MB of memory once collected (measured with
 * /proc/<pid>/status under serve at 30,000 cards). One collection when idle
 * brings it back to what is kept, so the next save starts from there.
 *
 * Two kinds of collection, chosen by what the last one kept:
 * - over KEEP_SMALL (a large game, and always the first time: serve's first
 *   build is its highest memory), V8's "low memory" collection, which also
 *   shrinks the heap and sets the next collection's limit close to what is
 *   kept: memory stays near that;
 * - under it, a plain full collection, which leaves the young generation and
 *   the limit as V8 grew them. After a "low memory" one, the next save at
 *   10,000 cards in one file started V8's marking of the old generation (47 ms
 *   of its steps in the save's check, its other threads beside Pagefind's
 *   process) and ran nine young collections in place of two: the save's check
 *   took 216 ms in place of 155, and Pagefind's reading of the saved page 63 ms
 *   in place of 29. At 30,000 cards the plain one let serve reach 958 MB (once
 *   2.8 GB) against 780-890 MB: hence the line.
 *
 * Node offers no `gc()` without a start-up flag (`--expose-gc`), and the CLI
 * is not restarted to pass one. The "low memory" collection is asked of V8
 * through the inspector's in-process session (`HeapProfiler.collectGarbage`,
 * no port opened); the plain one through the flag set at run time, long
 * enough to take V8's `gc` function (as the `expose-gc` package does, in the
 * few lines below). Where the plain one cannot be had, the "low memory" one is
 * asked for; where neither can (a Node built without the inspector), none is.
 */
const KEEP_SMALL = 256 * 1024 * 1024;

type Session = import('node:inspector').Session;
let session: Session | undefined | null;
let plainGc: (() => void) | undefined | null;
/** Bytes of heap the last collection kept; unknown (as large) before the first. */
let lastKept = Infinity;

export async function collectGarbage(): Promise<void> {
  const gc = lastKept < KEEP_SMALL ? plainCollection() : undefined;
  if (gc) gc();
  else await lowMemoryCollection();
  lastKept = getHeapStatistics().used_heap_size;
}

/** V8's own `gc` (a full collection), or undefined when it cannot be had. */
function plainCollection(): (() => void) | undefined {
  if (plainGc === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      plainGc = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      plainGc = null;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  return plainGc ?? undefined;
}

async function lowMemoryCollection(): Promise<void> {
  if (session === null) return;
  if (!session) {
    try {
      const { Session } = await import('node:inspector');
      session = new Session();
      session.connect();
    } catch {
      session = null;
      return;
    }
  }
  const s = session;
  await new Promise<void>((resolve) => s.post('HeapProfiler.collectGarbage', () => resolve()));
}
