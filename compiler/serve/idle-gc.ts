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
 * Node offers no `gc()` without a start-up flag (`--expose-gc`), and the CLI
 * is not restarted to pass one: the inspector's in-process session asks V8 for
 * the same collection (`HeapProfiler.collectGarbage`, no port opened). On a
 * Node built without the inspector this is a no-op.
 */
type Session = import('node:inspector').Session;
let session: Session | undefined | null;

export async function collectGarbage(): Promise<void> {
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
