/**
 * The engine data package: which modules it has and the files they become.
 * Each module is built by its own file (game-module.ts, data-module.ts,
 * runtime-module.ts, package-files.ts) and transpiled by transpile.ts.
 */
import type { CheckedGame } from '../model.ts';
import { DEFAULT_PACKAGE_NAME } from '../project-settings.ts';
import type { SchemaSet } from '../validate/schemas.ts';
import { clearDataParts, LITERAL_LIMIT } from './data-module.ts';
import { clearEntryTexts } from './entry-text-memo.ts';
import { gameModule } from './game-module.ts';
import { indexModule, packageJson, readme } from './package-files.ts';
import { runtimeSource } from './runtime-module.ts';
import { stateSchemas } from './state-schemas.ts';
import { clearEmitCache as clearTranspiled, transpile } from './transpile.ts';

export { typeCheckPackage } from './transpile.ts';

/**
 * The TypeScript sources of the engine data package, by output name
 * (runtime, one module per game, a data module per large collection
 * (`<game>.<collection>`, with its parts `<game>.<collection>.<n>` over PART_ENTRIES entries: see data-module.ts), index). Built as text from the linked
 * content; every exported declaration carries its type, so each file can be
 * turned into `.js` and `.d.ts` on its own (TypeScript's isolated
 * declarations), without a type-checking program in the build's path.
 */
export function packageSources(games: readonly CheckedGame[], schemas: SchemaSet, options: EmitOptions = {}): Map<string, string> {
  return new Map([...packageModules(games, schemas, options)].map(([name, m]) => [name, m.source]));
}

/** Forget what earlier emits kept (each module's transpiled output, each entry's text in its data module): the next emit is a cold one. */
export function clearEmitCache(): void {
  clearTranspiled();
  clearEntryTexts();
  clearDataParts();
}

/** A module of the package: its TypeScript source, and its output when it is written directly rather than transpiled. */
interface PackageModule {
  readonly source: string;
  out?: { js: string; dts: string };
}

export interface EmitOptions {
  /** Collections with more entries than this get a data module (default LITERAL_LIMIT); the tests pass 0 to put every collection through that path. */
  literalLimit?: number;
  /** A data module over this many entries is split in parts of this many (default PART_ENTRIES, data-module.ts); the tests pass a few. */
  partSize?: number;
}

function packageModules(games: readonly CheckedGame[], schemas: SchemaSet, options: EmitOptions): Map<string, PackageModule> {
  const modules = new Map<string, PackageModule>();
  modules.set('runtime', { source: runtimeSource() });
  for (const g of games) {
    const { source, data } = gameModule(g, schemas, options.literalLimit ?? LITERAL_LIMIT, options.partSize);
    modules.set(g.linked.game.manifest.id, { source });
    for (const d of data)
      modules.set(d.name, {
        // Read only by `packageSources` (the type-check), not by the emit.
        get source() {
          return d.ts;
        },
        out: { js: d.js, dts: d.dts },
      });
  }
  modules.set('index', { source: indexModule(games) });
  return modules;
}

/**
 * Write the engine data package: `.js` + `.d.ts` per module (transpiled, or, for a data module, written directly),
 * a package.json and a README. Returns path (relative to generated/) -> contents. `typeCheckPackage` runs the full
 * strict check over the same sources (the test suite does, on every run). `packageName` is the package's npm name:
 * the project's setting (rulebook.yaml `package.name`), or the default.
 */
export function emitPackage(
  games: readonly CheckedGame[],
  schemas: SchemaSet,
  version: string,
  packageName: string = DEFAULT_PACKAGE_NAME,
  options: EmitOptions = {},
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, m] of packageModules(games, schemas, options)) {
    // `m.source` only when transpiled: a data module's typed source is made only when read (data-module.ts).
    const { js, dts } = m.out ?? transpile(name, m.source);
    out.set(`${name}.js`, js);
    out.set(`${name}.d.ts`, dts);
  }
  // Each state's JSON Schema, which the package's parsers are generated from (state-schemas.ts).
  for (const s of games.flatMap(stateSchemas)) out.set(s.file, JSON.stringify(s.schema, null, 2) + '\n');
  out.set('package.json', JSON.stringify(packageJson(games, version, packageName), null, 2) + '\n');
  out.set('README.md', readme(games, packageName));
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
