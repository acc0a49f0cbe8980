/**
 * Turning the package's TypeScript sources into `.js` and `.d.ts` (oxc's
 * transformer), and type-checking them (the TypeScript that ts-morph ships).
 */
import { createRequire } from 'node:module';
import type * as OxcTransform from 'oxc-transform';
import type * as TsMorph from 'ts-morph';
import type { ts } from 'ts-morph';

const require = createRequire(import.meta.url);

/**
 * oxc's transformer, or null where its native binding is not installed (a platform it ships no binary for).
 * Why not TypeScript's own `transpileModule` and `transpileDeclaration`: the package's few small modules
 * took TypeScript 0.8 s of a 2 s build of a 1,000-card game (a third of a second to load it, the rest its
 * cold first runs); oxc loads in 10 ms and emits both files of a module in well under one. Both strip the
 * same types and keep the JSDoc; only whitespace differs.
 */
let oxc: typeof OxcTransform | null | undefined;
export function oxcTransform(): typeof OxcTransform | null {
  if (oxc === undefined) {
    try {
      oxc = require('oxc-transform') as typeof OxcTransform;
    } catch {
      oxc = null;
    }
  }
  return oxc;
}

/**
 * TypeScript (the one ts-morph ships), loaded on first use: it takes a third of a second to load, and only the
 * package's type-check (and a build where oxc is missing) needs it. ts-morph is CommonJS, so a plain require.
 */
let tsMorph: typeof TsMorph | undefined;
function typescript(): typeof TsMorph {
  return (tsMorph ??= require('ts-morph') as typeof TsMorph);
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
  const fast = oxcTransform();
  const out = { source, ...(fast ? withOxc(fast, name, source) : withTypeScript(name, source)) };
  emitted.set(name, out);
  return out;
}

/** Generated code that cannot be emitted is a compiler bug, not a content error. */
function cannotEmit(name: string, problems: string[]): Error {
  return new Error(`internal: generated ${name}.ts cannot be emitted: ${problems.slice(0, 3).join('; ')}`);
}

/** Exported for the tests, which compare it with `withTypeScript` (the fallback). */
export function withOxc(oxc: typeof OxcTransform, name: string, source: string): { js: string; dts: string } {
  const r = oxc.transformSync(`${name}.ts`, source, {
    lang: 'ts',
    sourceType: 'module',
    target: 'es2022',
    typescript: { declaration: { stripInternal: false } },
  });
  if (r.errors.length)
    throw cannotEmit(
      name,
      r.errors.map((e) => e.message),
    );
  return { js: starsAligned(r.code), dts: starsAligned(r.declaration ?? '') };
}

/**
 * oxc prints a doc comment's inner lines as `* text` under its `/**`; TypeScript, editors and every style guide
 * put a space before the star. Only the lines of block comments are touched (the emitted code puts no line break
 * inside a string, and starts no line of code with `*`).
 */
function starsAligned(code: string): string {
  return code.replace(/\/\*\*[\s\S]*?\*\//g, (comment) => comment.replace(/\n(\t*)\*/g, '\n$1 *'));
}

/** Where oxc has no binary: TypeScript's own transpiler (the same code, other whitespace). */
export function withTypeScript(name: string, source: string): { js: string; dts: string } {
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
  if (problems.length)
    throw cannotEmit(
      name,
      problems.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')),
    );
  return { js: js.outputText, dts: dts.outputText };
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
