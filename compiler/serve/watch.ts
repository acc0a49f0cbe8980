import { watch } from 'chokidar';
import path from 'node:path';
import { isJunk } from 'junk';

/**
 * Watch content/ and schemas/ and report saves in batches: an editor's save
 * is often several events (write, rename, chmod), and a `git checkout` is
 * many files, so events within `settleMs` of each other make one batch.
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

export function watchProject(root: string, onBatch: (files: string[]) => void, settleMs = 25): Watcher {
  const watcher = watch([path.join(root, 'content'), path.join(root, 'schemas')], { ignoreInitial: true, ignored: isEditorScratch });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    const files = [...pending].sort();
    pending = new Set();
    if (files.length) onBatch(files);
  };
  watcher.on('all', (_event, file) => {
    pending.add(path.resolve(file));
    clearTimeout(timer);
    timer = setTimeout(flush, settleMs);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
