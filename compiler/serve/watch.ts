import { watch } from 'chokidar';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isJunk } from 'junk';

/**
 * Watch content/ and schemas/ and report saves in batches: an editor's save
 * is often several events (write, rename, chmod), and a `git checkout` is
 * many files, so events within `settleMs` of each other make one batch; and a
 * batch waits while one of its files was written less than `settleMs` ago
 * (`stillWritten`).
 */
export interface Watcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Files no one saved as content: the junk the `junk` package knows (vim's
 * swap files, `~` backups, .DS_Store, Thumbs.db), and the scratch files it
 * does not, which editors and tools write beside the file they save: vim's
 * other swap names and its write test (`.cards.yaml.swo`, `4913`), Emacs's
 * lock and autosave (`.#cards.yaml`, `#cards.yaml#`), JetBrains' safe write
 * (`cards.yaml___jb_tmp___`), `sed -i`'s (`sed` and six random letters or
 * digits, at least one not lower case: `seduction` stays a name). An event for one
 * re-checked the game for nothing, and serve's log named a file the designer
 * never made (found in a packed-tool trial). chokidar's `atomic` folds a file
 * removed and added again into one change; it leaves scratch files be.
 */
const SCRATCH = [/^\.#/, /^#.*#$/, /^\..+\.sw[a-p]$/, /^4913$/, /___jb_(tmp|old|bak)___$/, /^sed(?=[a-z]*[A-Z0-9])[A-Za-z0-9]{6}$/];

export function isEditorScratch(file: string): boolean {
  const name = path.basename(file);
  return isJunk(name) || SCRATCH.some((re) => re.test(name));
}

/**
 * How long the watcher waits for quiet. Every save's page waits this long before it is read, so it is short. A card
 * saved in a 10,000-card file (4.7 MB written in ~15 ms) reached its page, six saves each, alternated: with 25 ms in a
 * median of 158 and 175 ms, with 8 ms and the wait for the file's writes (`stillWritten`) in 150 and 149 ms. At 30,000
 * cards (14 MB written in ~36 ms) both took 380-420 ms. A file written in steps for longer than this is waited for by
 * its modification time, since chokidar reports one change of a file in 50 ms.
 */
const SETTLE_MS = 8;

/** A batch whose files keep changing is taken after this long all the same (a file written without end, a clock skewed). */
const MAX_SETTLE_MS = 1000;

export function watchProject(root: string, onBatch: (files: string[]) => void, settleMs = SETTLE_MS): Watcher {
  const watcher = watch([path.join(root, 'content'), path.join(root, 'schemas')], { ignoreInitial: true, ignored: isEditorScratch });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** When the batch's first event came. */
  let since = 0;
  /** Counts the events: a look at the files that an event overtook leaves the batch to that event's timer. */
  let events = 0;
  let closed = false;
  const flush = () => {
    const files = [...pending].sort();
    pending = new Set();
    if (files.length) onBatch(files);
  };
  const settle = async () => {
    const seen = events;
    const wait = Date.now() - since < MAX_SETTLE_MS ? await stillWritten([...pending], settleMs) : 0;
    if (closed || seen !== events) return;
    if (wait > 0) timer = setTimeout(() => void settle(), wait);
    else flush();
  };
  watcher.on('all', (_event, file) => {
    if (!pending.size) since = Date.now();
    pending.add(path.resolve(file));
    events++;
    clearTimeout(timer);
    timer = setTimeout(() => void settle(), settleMs);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
    },
  };
}

/**
 * How much longer to wait for `files`: until the youngest was last written `quietMs` ago, or 0 when every one was
 * written longer ago than that (or is gone). chokidar passes over a file's changes for 50 ms after it reports one, so
 * a file written in steps for longer than the quiet time (an editor's save of 14 MB, a script's) brings one event,
 * and a batch taken at quiet time read it half-written; serve then reads it again (serve.ts), but 50 ms later. A
 * modification time ahead of the clock by more than the quiet time is not waited for: a file touched with a date to
 * come, or one on a share whose clock runs ahead, would hold every save back.
 */
export async function stillWritten(files: readonly string[], quietMs: number): Promise<number> {
  const now = Date.now();
  const times = await Promise.all(
    files.map((f) =>
      stat(f).then(
        (st) => st.mtimeMs,
        () => undefined,
      ),
    ),
  );
  let wait = 0;
  for (const mtime of times) {
    const age = now - (mtime ?? -Infinity);
    if (age > -quietMs && age < quietMs) wait = Math.max(wait, Math.ceil(quietMs - Math.max(age, 0)));
  }
  return wait;
}
