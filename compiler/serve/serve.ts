import path from 'node:path';
import { closeSearch } from '../emit-site/search.ts';
import { startServer, type SiteServer } from './server.ts';
import { LiveSite, type BackgroundReport, type UpdateReport } from './live-site.ts';
import { internalErrorText } from './internal-error.ts';
import { PrintPages } from './print-pages.ts';
import { watchProject, type Watcher } from './watch.ts';

/**
 * `rulebook serve`: build, serve on 127.0.0.1, watch content/ and schemas/,
 * and on each save rebuild what changed and reload the open pages. Errors
 * print in the terminal and show over the page; the last good site stays up.
 */
export interface ServeOptions {
  port: number;
  base: string;
  version: string;
  color: boolean;
  log: (line: string) => void;
}

export interface ServeHandle {
  url: string;
  live: LiveSite;
  /** The print sheets, drawn on request from the last good build (print-pages.ts). */
  print: PrintPages;
  /** Resolves after the next batch of saves has been handled (tests and the bench wait on it). */
  nextUpdate(): Promise<UpdateReport>;
  close(): Promise<void>;
}

export async function serve(root: string, options: ServeOptions): Promise<ServeHandle> {
  const live = new LiveSite(root, { base: options.base, version: options.version, color: options.color });
  const first = await live.init();
  if (!first.ok) options.log(`${first.errors}\n\nthe content has errors: serving the last good site from docs-site/dist/ until they are fixed.`);
  else options.log(`built ${first.changed.length} files in ${first.timings.total.toFixed(0)} ms`);
  // Once the first build's background work is done, the parser that will read the first saves is readied.
  // It only saves time: whatever befalls it, serve goes on.
  if (first.ok)
    void live
      .settled()
      .then(() => live.warmUp())
      .catch(() => undefined);
  const print = new PrintPages(() => live.games, options.log);
  const server: SiteServer = await startServer(() => live.site, { port: options.port, drawn: (rel, query) => print.get(rel, query) });
  let waiters: Array<(r: UpdateReport) => void> = [];
  /** The background work last told of in the log (the first build's is not told: its line says it was built). */
  let lastBackground: BackgroundReport | undefined;
  void live.settled().then((bg) => (lastBackground ??= bg));
  let queue = Promise.resolve();
  let closing = false;

  // A batch that read a file while it was still being written is taken again a moment later (project.ts `writtenSinceRead`).
  const take = (files: string[]): void => {
    queue = queue.then(async () => {
      const report = await live.update(files).catch((error: unknown): UpdateReport => ({
        ok: false,
        changed: [],
        errors: internalErrorText('the save was not taken', error),
        timings: { check: 0, render: 0, write: 0, total: 0 },
      }));
      const shown = files.map((f) => path.relative(root, f)).join(', ');
      if (report.readMidSave)
        setTimeout(() => {
          if (!closing) take(files);
        }, MID_SAVE_RETRY_MS);
      if (report.unchanged) {
        // Files written as they were (a save's late events, an unchanged buffer saved): nothing to say or reload.
      } else if (!report.ok) {
        options.log(`\n${shown}: errors; the last good site stays up.\n${report.errors}`);
        server.send('error-report', { text: `${shown}\n\n${report.errors}` });
      } else {
        const t = report.timings;
        const n = report.changed.length;
        const done = n ? `${count(n, 'file')} updated` : 'checked, no page changed,';
        options.log(`${shown}: ${done} in ${t.total.toFixed(0)} ms (check ${t.check.toFixed(0)}, render ${t.render.toFixed(0)}, write ${t.write.toFixed(0)})`);
        server.send('ok');
        // A re-checked printable game reloads too: its print pages are drawn on request, so no site file need have changed (a back template).
        const printable = new Set(print.printable().map((p) => p.id));
        if (report.changed.length || report.rechecked?.some((id) => printable.has(id))) server.send('reload');
        void live.settled().then((bg) => {
          // A save that changed no page queues no background work: it waits on the last one, already told.
          if (!bg || bg === lastBackground) return;
          lastBackground = bg;
          options.log(
            `  generated/ ${bg.generatedMs.toFixed(0)} ms (${bg.generatedChanged ? `${count(bg.generatedChanged, 'file')} changed` : 'unchanged'}); search index ${bg.searchMs.toFixed(0)} ms (${count(bg.searchPages, 'page')} indexed)`,
          );
        });
      }
      for (const w of waiters) w(report);
      waiters = [];
    });
  };
  const watcher: Watcher = watchProject(root, take);
  await watcher.ready;
  options.log(`serving ${server.url} (Ctrl-C to stop); watching content/ and schemas/`);
  // Where the print sheets are, when a game has a collection with a `card:` (they follow each save, like the site).
  const printable = print.printable();
  if (printable.length) options.log(`print sheets: ${printable.map((p) => `${server.url}${p.address}`).join(', ')}`);
  return {
    url: server.url,
    live,
    print,
    nextUpdate: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      // Stopping from the first moment: the same Ctrl-C has stopped Pagefind's process, and what that leaves undone
      // is told in one line (live-site.ts `stop`).
      live.stop();
      closing = true;
      await watcher.close();
      // A save under way finishes, and queues its background work, before Pagefind is closed under it.
      await queue;
      await server.close();
      await live.settled();
      await closeSearch();
    },
  };
}

/** How long after a batch that read half a save it is taken again: long enough for the rest of a large file's write. */
const MID_SAVE_RETRY_MS = 50;

/** "1 file", "2 files": serve's log counts in words that agree. */
function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
