// Which bundle the compiler runs from: compiler/bundle/bundle.js replaces
// this module with one that names its build (the folder of compiler-dist/ it
// wrote); in source (through tsx, or under vitest) there is none.

/** The running bundle's build, or undefined when the compiler runs from its TypeScript. */
export const BUNDLE_BUILD: string | undefined = undefined;
