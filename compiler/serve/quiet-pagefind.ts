/**
 * Pagefind's Node library tells of its process stopping with `console.error("Service stopped", error)`, stack and all,
 * when serve's next message meets the stopped process. A Ctrl-C in a terminal stops that process with serve's (its
 * library spawns it in serve's process group), and the report may come before serve's own handler of the signal runs.
 * So the report is held for a moment, and dropped if serve is stopping by then: serve says in its own words what it
 * left undone (live-site.ts). A report while serve goes on (Pagefind crashed) is printed as before, a moment late.
 * Pagefind offers no option for it; anything else on console.error goes through at once.
 */
const HOLD_MS = 250;

/** Whether the serve that keeps Pagefind's process is stopping (the last one set: one serve per process). */
let stopping: () => boolean = () => false;
let installed = false;

export function holdPagefindReports(isStopping: () => boolean): void {
  stopping = isStopping;
  if (installed) return;
  installed = true;
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args[0] !== 'Service stopped') return error(...args);
    // Unref'd: a report held while serve exits is one it need not give.
    setTimeout(() => {
      if (!stopping()) error(...args);
    }, HOLD_MS).unref();
  };
}
