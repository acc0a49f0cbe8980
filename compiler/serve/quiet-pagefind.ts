/**
 * Pagefind's Node library tells of its process stopping with `console.error("Service stopped", error)`, stack and all,
 * when serve's next message meets the stopped process. A Ctrl-C in a terminal stops that process with serve's (it runs
 * in serve's process group, which Pagefind's library spawns it in), so on stopping that report is dropped: serve says
 * in its own words what it left undone (live-site.ts). Pagefind offers no option for it, so the one message is filtered
 * out of console.error, from the moment serve stops; anything else still goes through.
 */
let quiet = false;

export function quietPagefindStop(): void {
  if (quiet) return;
  quiet = true;
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args[0] === 'Service stopped') return;
    error(...args);
  };
}
