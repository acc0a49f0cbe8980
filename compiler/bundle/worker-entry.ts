// Where the parse worker's bundled entry is, when the compiler runs from its
// bundle (compiler/bundle/bundle.js replaces this module there with the URL of
// compiler-dist/<build>/parse-worker.js); undefined when the TypeScript runs
// directly (through tsx, or under vitest), and the worker does the same.
export const bundledWorker: URL | undefined = undefined;
