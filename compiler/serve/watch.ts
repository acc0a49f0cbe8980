import { watch } from 'chokidar';
import path from 'node:path';

/**
 * Watch content/ and schemas/ and report saves in batches: an editor's save
 * is often several events (write, rename, chmod), and a `git checkout` is
 * many files, so events within `settleMs` of each other make one batch.
 */
export interface Watcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchProject(root: string, onBatch: (files: string[]) => void, settleMs = 25): Watcher {
  const watcher = watch([path.join(root, 'content'), path.join(root, 'schemas')], { ignoreInitial: true });
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
