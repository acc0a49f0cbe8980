/**
 * Turning the package's TypeScript sources into `.js` and `.d.ts`, and
 * type-checking them, with the TypeScript that ts-morph ships.
 */
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import type { ts } from 'ts-morph';

/**
 * TypeScript (the one ts-morph ships), loaded on first use: it takes a third of a second to load, and only a
 * build's emit needs it, so `check`, `new` and the rest do not pay for it. ts-morph is CommonJS, so a plain require.
 */
let tsMorph: typeof TsMorph | undefined;
function typescript(): typeof TsMorph {
  return (tsMorph ??= createRequire(import.meta.url)('ts-morph') as typeof TsMorph);
}

function compilerOptions(): ts.CompilerOptions {
  const { ts } = typescript();
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    declaration: true,
    isolatedDeclarations: true,
    strict: true,
    noUncheckedIndexedAccess: true,
    removeComments: false,
    newLine: ts.NewLineKind.LineFeed, // LF on every platform, so builds are byte-identical
  };
}

/** The last output per module, keyed by its source: a watch rebuild re-emits only the modules whose source changed. */
const emitted = new Map<string, { source: string; js: string; dts: string }>();

/** Forget the per-module outputs (the bench times a cold emit with it). */
export function clearEmitCache(): void {
  emitted.clear();
}

/**
 * One module's `.js` and `.d.ts`, each from its source alone: every exported declaration carries its type
 * (isolated declarations), so no type-checking program stands in the build's path.
 */
export function transpile(name: string, source: string): { js: string; dts: string } {
  const cached = emitted.get(name);
  if (cached?.source === source) return cached;
  const { ts } = typescript();
  const options = compilerOptions();
  const { declaration: _d, isolatedDeclarations: _i, ...jsOptions } = options;
  // ES modules whatever the file is called (transpileModule sees no package.json to tell it).
  const js = ts.transpileModule(source, {
    compilerOptions: { ...jsOptions, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
    fileName: `${name}.ts`,
    reportDiagnostics: true,
  });
  const dts = ts.transpileDeclaration(source, { compilerOptions: options, fileName: `${name}.ts`, reportDiagnostics: true });
  const problems = [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])];
  if (problems.length) {
    // Generated code that cannot be emitted is a compiler bug, not a content error.
    throw new Error(
      `internal: generated ${name}.ts cannot be emitted: ${problems
        .slice(0, 3)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '))
        .join('; ')}`,
    );
  }
  const out = { source, js: js.outputText, dts: dts.outputText };
  emitted.set(name, out);
  return out;
}

/** Type-check the package sources as one strict program (ts-morph, in memory); returns the problems as text. */
export function typeCheckPackage(sources: ReadonlyMap<string, string>): string[] {
  // The package's own code is checked, not TypeScript's bundled declarations (skipLibCheck), and without the DOM:
  // the package runs in Node and must not lean on browser globals.
  const project = new (typescript().Project)({
    useInMemoryFileSystem: true,
    compilerOptions: { ...compilerOptions(), noEmit: true, lib: ['lib.es2022.d.ts'], skipLibCheck: true },
  });
  project.getFileSystem().writeFileSync('/src/package.json', '{"type":"module"}');
  for (const [name, text] of sources) project.createSourceFile(`/src/${name}.ts`, text);
  return project.getPreEmitDiagnostics().map((d) => {
    const message = d.getMessageText();
    return `${d.getSourceFile()?.getBaseName() ?? ''}:${d.getLineNumber() ?? 0}: ${typeof message === 'string' ? message : message.getMessageText()}`;
  });
}
