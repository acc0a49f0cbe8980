import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as TsMorph from 'ts-morph';
import type { ts } from 'ts-morph';
import type { CheckedGame, CompiledRule, Text } from '../model.ts';
import { rulesTextMembers, rulesTextsType } from '../rules/texts.ts';
import { playerStateModel } from '../rules/player-state.ts';
import * as runtime from '../rules/runtime.ts';
import { SCHEMA_BASE, type SchemaSet } from '../validate/schemas.ts';
import { slug } from '../load/slug.ts';
import { DEFAULT_PACKAGE_NAME } from '../project-settings.ts';
import { textOf } from '../link/link.ts';
import { namespaceName, typeNameOfDeclaration, typeNamespaceName } from './names.ts';
import { schemaToTs, type Schema } from './schema-to-ts.ts';
import { docComment, docText, propName, valueKey } from './ts-syntax.ts';
import { dataModule, dataModuleName, LITERAL_LIMIT, type DataModule } from './data-module.ts';

const RUNTIME_SOURCE = fileURLToPath(new URL('../rules/runtime.ts', import.meta.url));

/**
 * The TypeScript sources of the engine data package, by output name
 * (runtime, one module per game, a data module per large collection
 * (`<game>.<collection>`, see data-module.ts), index). Built as text from the linked
 * content; every exported declaration carries its type, so each file can be
 * turned into `.js` and `.d.ts` on its own (TypeScript's isolated
 * declarations), without a type-checking program in the build's path.
 */
export function packageSources(games: readonly CheckedGame[], schemas: SchemaSet, options: EmitOptions = {}): Map<string, string> {
  return new Map([...packageModules(games, schemas, options)].map(([name, m]) => [name, m.source]));
}

/** A module of the package: its TypeScript source, and its output when it is written directly rather than transpiled. */
interface PackageModule {
  source: string;
  out?: { js: string; dts: string };
}

export interface EmitOptions {
  /** Collections with more entries than this get a data module (default LITERAL_LIMIT); the tests pass 0 to put every collection through that path. */
  literalLimit?: number;
}

function packageModules(games: readonly CheckedGame[], schemas: SchemaSet, options: EmitOptions): Map<string, PackageModule> {
  const modules = new Map<string, PackageModule>();
  modules.set('runtime', { source: runtimeSource() });
  for (const g of games) {
    const { source, data } = gameModule(g, schemas, options.literalLimit ?? LITERAL_LIMIT);
    modules.set(g.linked.game.manifest.id, { source });
    for (const d of data) modules.set(d.name, { source: d.ts, out: { js: d.js, dts: d.dts } });
  }
  modules.set('index', { source: indexModule(games) });
  return modules;
}

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

/**
 * Write the engine data package: `.js` + `.d.ts` per module (transpiled by the
 * TypeScript that ts-morph ships; a data module's are written directly), a package.json and a README. Returns path
 * (relative to generated/) -> contents. `typeCheckPackage` runs the full
 * strict check over the same sources (the test suite does, on every run).
 */
/** The last output per module, keyed by its source: a watch rebuild re-emits only the modules whose source changed. */
const emitted = new Map<string, { source: string; js: string; dts: string }>();

/** Forget the per-module outputs (the bench times a cold emit with it). */
export function clearEmitCache(): void {
  emitted.clear();
}

/** `packageName` is the package's npm name: the project's setting (rulebook.yaml `package.name`), or the default. */
export function emitPackage(
  games: readonly CheckedGame[],
  schemas: SchemaSet,
  version: string,
  packageName: string = DEFAULT_PACKAGE_NAME,
  options: EmitOptions = {},
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, { source, out: direct }] of packageModules(games, schemas, options)) {
    if (direct) {
      out.set(`${name}.js`, direct.js);
      out.set(`${name}.d.ts`, direct.dts);
      continue;
    }
    const cached = emitted.get(name);
    if (cached?.source === source) {
      out.set(`${name}.js`, cached.js);
      out.set(`${name}.d.ts`, cached.dts);
      continue;
    }
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
    out.set(`${name}.js`, js.outputText);
    out.set(`${name}.d.ts`, dts.outputText);
    emitted.set(name, { source, js: js.outputText, dts: dts.outputText });
  }
  out.set('package.json', JSON.stringify(packageJson(games, version, packageName), null, 2) + '\n');
  out.set('README.md', readme(games, packageName));
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
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

function runtimeSource(): string {
  const text = readFileSync(RUNTIME_SOURCE, 'utf8');
  return `${text}
/** A text in the game's locale, or a map of locales. */
export type Text = string | { readonly en?: string; readonly 'pt-BR'?: string };

/** A component as the rulebook's component list prints it. */
export interface ComponentInfo {
  /** Its ID: as written, or the slug of its name. */
  readonly id: string;
  readonly name: Text;
  readonly count: number;
  readonly collection?: string;
  readonly gap?: string;
  readonly note?: string;
  readonly parts?: readonly { readonly name: string; readonly count: number }[];
  readonly where?: { readonly [field: string]: string | number | boolean };
}

/** One value of a declaration (a resource, a terrain, ...) with whatever the game says of it. */
export interface DeclarationEntry<Id extends string = string> {
  /** Its ID: as written, or the slug of its name. */
  readonly id: Id;
  readonly name: Text;
  readonly [key: string]: unknown;
}

/** A node of the rules DSL, kept as data beside the compiled function. */
export type DslNode = { readonly [key: string]: unknown };

/** A value the rulebook does not give, marked in the content as a placeholder. */
export interface Placeholder {
  readonly collection: string;
  readonly id: string;
  /** JSON pointer of the value inside the entry. */
  readonly path: string;
  readonly note: string;
}

/** A collection: every entry in source order, and the same entries by ID. */
export interface Collection<Id extends string, T extends { readonly id: Id }> {
  readonly all: readonly T[];
  readonly byId: Readonly<Record<Id, T>>;
  /** The entry with this ID, or undefined when the game has none: for an ID that arrives as a string at run time (input, a save file). Never throws. */
  get(id: string): T | undefined;
}

/** Freeze a value and everything in it: the data is shared by every caller of the package, so one caller's write must never change another's game. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function collection<Id extends string, T extends { readonly id: Id }>(all: readonly T[]): Collection<Id, T> {
  for (const entry of all) deepFreeze(entry);
  const byId = Object.fromEntries(all.map((e) => [e.id, e])) as Record<Id, T>;
  // A Map, not byId: a lookup of "constructor" or "__proto__" must not find Object.prototype's members.
  const index = new Map<string, T>(all.map((e) => [e.id, e]));
  return Object.freeze({ all: Object.freeze(all), byId: Object.freeze(byId), get: (id: string): T | undefined => index.get(id) });
}
`;
}

function union(values: readonly string[]): string {
  return values.length ? values.map((v) => JSON.stringify(v)).join(' | ') : 'never';
}

/** Each collection's compiled rules by entry ID, built once: looking them up per entry by scanning every rule made emit quadratic. */
function rulesByEntry(rules: readonly CompiledRule[]): Map<string, Map<string, CompiledRule[]>> {
  const out = new Map<string, Map<string, CompiledRule[]>>();
  for (const r of rules) {
    let byEntry = out.get(r.collection);
    if (!byEntry) out.set(r.collection, (byEntry = new Map()));
    const list = byEntry.get(r.entryId);
    if (list) list.push(r);
    else byEntry.set(r.entryId, [r]);
  }
  return out;
}

const NO_RULES: ReadonlyMap<string, readonly CompiledRule[]> = new Map();

function gameModule(g: CheckedGame, schemas: SchemaSet, literalLimit: number): { source: string; data: DataModule[] } {
  const { game, declarations, placeholders } = g.linked;
  const m = game.manifest;
  const ns = namespaceName(m.id);
  const lines: string[] = [];
  const rulesOf = rulesByEntry(g.rules);
  // A large collection's entries live in a module of their own, written directly (data-module.ts says why).
  const large = new Set([...game.collections.values()].filter((c) => c.entries.length > literalLimit).map((c) => c.name));
  const tableKinds = new Set(Object.values(m.tables ?? {}).map((t) => t.kind));
  const engineHelpers = [
    ...(m.movers ? ['makeMover'] : []),
    ...(tableKinds.has('lookup') ? ['lookupRow'] : []),
    ...(tableKinds.has('value') ? ['valueWithOverride'] : []),
    ...(tableKinds.has('ranking') ? ['rankPlayers'] : []),
  ];
  // The helpers this module's own rules call (a data module imports its own). Each expression scanned once per helper: linear in the rules.
  const expressions = g.rules.filter((r) => !large.has(r.collection)).map((r) => r.typedExpression ?? r.expression);
  // Sorted: a module namespace's key order differs between loaders (node vs vitest), the output must not.
  const used = [...new Set([...Object.keys(runtime).filter((h) => expressions.some((x) => x.includes(h + '('))), ...engineHelpers])].sort();
  lines.push(`// Generated by rulebook from content/${m.id}/. Do not edit: edit the content and run \`npm run build\`.`);
  lines.push(
    `import { collection, type Collection, type ComponentInfo, type DeclarationEntry, type DslNode, type Placeholder, type Text${m.movers ? ', type Mover, type MoveBy, type Piece' : ''}${tableKinds.has('ranking') ? ', type Standing' : ''}${used.map((u) => `, ${u}`).join('')} } from './runtime.js';`,
  );
  for (const name of large)
    lines.push(`import { ${allName(name)}, type ${game.collections.get(name)!.decl.type}Id } from './${dataModuleName(m.id, name)}.js';`);
  lines.push(`export type { Collection, ComponentInfo, DeclarationEntry, DslNode, Placeholder, Text } from './runtime.js';`, '');
  const declTypes = new Map<string, string>();
  for (const [name, values] of declarations) {
    const t = typeNameOfDeclaration(name);
    declTypes.set(name, t);
    lines.push(`/** The ${docText(name)} this game declares. */`, `export type ${t} = ${union(values)};`, '');
  }
  const idTypes = new Map<string, string>();
  for (const c of game.collections.values()) {
    idTypes.set(c.name, `${c.decl.type}Id`);
    // A large collection's union is declared in its data module, beside its IDs.
    lines.push(large.has(c.name) ? `export type { ${c.decl.type}Id };` : `export type ${c.decl.type}Id = ${union(c.entries.map((e) => e.id))};`);
  }
  const roles = m.roles ?? {};
  const rulesCollection = roles.rules ? game.collections.get(roles.rules) : undefined;
  if (rulesCollection) {
    // Every number a reference may point at: the rules and the numbered glossary entries.
    const glossaryNumbers = (roles.glossary ? (game.collections.get(roles.glossary)?.entries ?? []) : [])
      .map((e) => e.value.number)
      .filter((n): n is string => typeof n === 'string');
    lines.push(
      `/** Every rule number a reference may point at. */`,
      `export type RuleNumber = ${rulesCollection.decl.type}Id${glossaryNumbers.length ? ` | ${union(glossaryNumbers)}` : ''};`,
    );
    idTypes.set(`${rulesCollection.name}`, 'RuleNumber');
  }
  lines.push('');
  const state = m.endState;
  if (state) {
    lines.push(`/** One player's state at the end of the game: what scoring rules read. */`, `export interface ${state.type} {`);
    for (const [name, f] of Object.entries(state.fields)) {
      const t =
        f.kind === 'count' ? 'number' : f.kind === 'flag' ? 'boolean' : `readonly ${declTypes.get(f.of ?? '') ?? idTypes.get(f.of ?? '') ?? 'string'}[]`;
      lines.push(...docComment(f.description, '  '), `  readonly ${propName(name)}: ${t};`);
    }
    lines.push('}', '');
  }
  const players = playerStateModel(m);
  if (players) {
    // A type alias, not an interface: the runtime helpers take any record of counts.
    lines.push(`/** One player's state during play: what effects read and change. */`, `export type ${players.typeName} = {`);
    for (const f of players.fields.values()) {
      const valueType = f.declaration ? (declTypes.get(f.declaration) ?? 'string') : 'string';
      const t = f.kind === 'count' ? 'number' : f.kind === 'countBy' ? `Readonly<Partial<Record<${valueType}, number>>>` : valueType;
      lines.push(...docComment(f.description, '  '), `  readonly ${propName(f.id)}?: ${t};`);
    }
    lines.push('};', '');
  }
  const ctx = {
    refType: (target: string) => declTypes.get(target) ?? idTypes.get(target) ?? 'string',
    resolve: (ref: string, from: string) => {
      const found = schemas.resolveRef(ref, from);
      return found ? { schema: found.schema as Schema, id: found.base } : undefined;
    },
  };
  for (const c of game.collections.values()) {
    const schemaId = SCHEMA_BASE + c.decl.schema;
    const schema = schemas.ajv.getSchema(schemaId)?.schema as Schema | undefined;
    // Every entry has an ID and a name (the build fills in the ID when an entry has no name), whatever the schema requires.
    const body = schema ? schemaToTs(schema, ctx, schemaId, '', { omit: ['id'], required: ['name'] }) : '{ readonly [key: string]: unknown }';
    const byEntry = rulesOf.get(c.name) ?? NO_RULES;
    const rules = [...byEntry.values()].flat();
    const extra: string[] = [`  readonly id: ${c.decl.type}Id;`];
    if (!isObjectSchemaWith(schema, 'name')) extra.push('  /** No name in the schema: the ID. */', '  readonly name: string;');
    // A function the build compiles for every entry is always there (`byId[id].score(players)`, no `!`); for some entries only, optional.
    const has = (kind?: CompiledRule['kind']) => c.entries.every((e) => (byEntry.get(e.id) ?? []).some((r) => kind === undefined || r.kind === kind));
    const opt = (kind?: CompiledRule['kind']) => (has(kind) ? '' : '?');
    const kinds = new Set(rules.map((r) => r.kind));
    if (kinds.has('scoring'))
      extra.push(
        `  /** The rule compiled from the data: one total per player, in input order. */`,
        `  readonly score${opt('scoring')}: (players: readonly ${state?.type ?? 'never'}[]) => number[];`,
      );
    if (kinds.has('effect'))
      extra.push(
        `  /** The effect compiled from the data: the player's state after it (fields it does not touch are kept). */`,
        `  readonly apply${opt('effect')}: (state: ${players?.typeName ?? 'never'}) => ${players?.typeName ?? 'never'};`,
      );
    if (kinds.has('value'))
      extra.push(
        `  /** The value compiled from the data, from one player's state. */`,
        `  readonly value${opt('value')}: (state: ${players?.typeName ?? 'never'}) => number;`,
      );
    if (kinds.size) extra.push(`  /** The rule as rules text, rendered from the same data. */`, `  readonly rulesText${opt()}: string;`);
    const textsType = rulesTextsType(rules);
    if (textsType)
      extra.push(
        `  /** The rules text in every locale the game declares (\`rulesText\` is its main locale's). */`,
        `  readonly rulesTexts${opt()}: ${textsType};`,
      );
    const bodyInner = body.startsWith('{\n') ? body.slice(2, -2) : '';
    lines.push(`export interface ${c.decl.type} {`, ...extra, ...(bodyInner ? [bodyInner] : []), '}', '');
  }
  // The data, one constant per collection, in source order.
  const data: DataModule[] = [];
  for (const c of game.collections.values()) {
    const byEntry = rulesOf.get(c.name) ?? NO_RULES;
    if (large.has(c.name)) {
      const kinds = new Set([...byEntry.values()].flat().map((r) => r.kind));
      const typeImports = [
        ...(kinds.has('scoring') && state ? [state.type] : []),
        ...((kinds.has('effect') || kinds.has('value')) && players ? [players.typeName] : []),
      ];
      data.push(
        dataModule({
          gameId: m.id,
          collection: c,
          rulesOf: byEntry,
          endStateType: state?.type ?? 'never',
          typeImports,
          binding: allName(c.name),
          idType: `${c.decl.type}Id`,
        }),
      );
      continue;
    }
    lines.push(`const ${allName(c.name)}: readonly ${c.decl.type}[] = [`);
    for (const e of c.entries) {
      const rules = byEntry.get(e.id) ?? [];
      const fields = [`id: ${JSON.stringify(e.id)}`];
      if (!('name' in e.value)) fields.push(`name: ${JSON.stringify(e.id)}`);
      for (const [k, v] of Object.entries(e.value)) if (k !== 'id') fields.push(`${valueKey(k)}: ${literal(v, '    ')}`);
      for (const r of rules) {
        if (r.kind === 'scoring') fields.push(`score: (players: readonly ${state!.type}[]): number[] => ${r.expression}`);
        else fields.push(`${r.functionName}: ${r.typedExpression ?? r.expression}`);
      }
      // One rulesText per entry (compileRules allows one rule of each kind per entry): the texts in source order.
      fields.push(...rulesTextMembers(rules));
      lines.push(`  {\n    ${fields.join(',\n    ')},\n  },`);
    }
    lines.push('];', '');
  }
  // A guard per collection, for an ID that arrives as a plain string: `if (isCardId(s)) game.cards.byId[s]`.
  for (const c of game.collections.values()) {
    const idSet = `${allName(c.name)}$ids`;
    lines.push(`const ${idSet}: ReadonlySet<string> = new Set<string>(${allName(c.name)}.map((e) => e.id));`);
    lines.push(`/** Whether a string is the ID of one of the ${docText(textName(c.decl.title ?? c.name))}. */`);
    lines.push(`export function is${c.decl.type}Id(s: string): s is ${c.decl.type}Id {`, `  return ${idSet}.has(s);`, '}', '');
  }
  const members: Member[] = [
    { name: 'id', type: JSON.stringify(m.id), value: JSON.stringify(m.id) },
    { name: 'name', type: 'Text', value: literal(m.name, '  ') },
    { name: 'locale', type: JSON.stringify(m.locale), value: JSON.stringify(m.locale) },
  ];
  if (m.players) members.push({ name: 'players', type: '{ readonly min: number; readonly max: number }', value: literal(m.players, '  ') });
  members.push({
    name: 'components',
    type: 'readonly ComponentInfo[]',
    value: literal(withIds(m.components ?? []), '  '),
    doc: "The components as the rulebook's list prints them.",
  });
  const declNames = Object.keys(m.declarations ?? {});
  const declarationValues = Object.fromEntries(Object.entries(m.declarations ?? {}).map(([name, list]) => [name, withIds(list)]));
  members.push({
    name: 'declarations',
    type: declNames.length
      ? `{ ${declNames.map((d) => `readonly ${propName(d)}: readonly DeclarationEntry<${declTypes.get(d) ?? 'string'}>[]`).join('; ')} }`
      : '{}',
    value: literal(declarationValues, '  '),
  });
  for (const c of game.collections.values())
    members.push({
      name: c.name,
      type: `Collection<${c.decl.type}Id, ${c.decl.type}>`,
      value: `collection<${c.decl.type}Id, ${c.decl.type}>(${allName(c.name)})`,
      doc: textName(c.decl.title ?? c.name),
    });
  if (game.constants && m.constants) {
    const schemaId = SCHEMA_BASE + m.constants.schema;
    const schema = schemas.ajv.getSchema(schemaId)?.schema as Schema | undefined;
    members.push({
      name: 'constants',
      type: schema ? schemaToTs(schema, ctx, schemaId, '  ') : '{ readonly [key: string]: unknown }',
      value: literal(game.constants.value, '  '),
      doc: 'Game-wide rules data.',
    });
  }
  members.push(...engineParts(g, lines));
  const drafts = placeholders.map((p) => ({ collection: p.collection, id: p.id, path: p.path, note: p.note }));
  members.push({
    name: 'placeholders',
    type: 'readonly Placeholder[]',
    value: literal(drafts, '  '),
    doc: 'Every value the rulebook does not give, marked as a placeholder in the content.',
  });
  // Same shape as a placeholder: where the choice stands and the note saying what the rulebook says and what was chosen.
  const readings = g.linked.readings.map((p) => ({ collection: p.collection, id: p.id, path: p.path, note: p.note }));
  members.push({
    name: 'readings',
    type: 'readonly Placeholder[]',
    value: literal(readings, '  '),
    doc: 'Every reading: a choice this edition made where the rulebook is silent, marked as a reading in the content.',
  });
  const nsType = `${typeNamespaceName(m.id)}Namespace`;
  lines.push(
    `/** ${docText(textName(m.name))}: every collection with \`all\` and \`byId\`, the game's declarations, its rules as functions and its placeholder report. */`,
  );
  lines.push(`export interface ${nsType} {`);
  for (const mem of members) lines.push(...docComment(mem.doc, '  '), `  readonly ${propName(mem.name)}: ${mem.type};`);
  lines.push('}', '');
  lines.push(`export const ${ns}: ${nsType} = Object.freeze<${nsType}>({`);
  for (const mem of members) lines.push(`  ${valueKey(mem.name)}: ${mem.value},`);
  lines.push('});', '');
  return { source: lines.join('\n'), data };
}

interface Member {
  name: string;
  type: string;
  value: string;
  doc?: string;
}

/**
 * The engine parts declared in game.yaml: movers over graphs and rules tables.
 * Pushes the node-ID unions onto `types`; returns the namespace members.
 */
function engineParts(g: CheckedGame, types: string[]): Member[] {
  const m = g.linked.game.manifest;
  const game = g.linked.game;
  const out: Member[] = [];
  const typeOf = (collection: string) => game.collections.get(collection)?.decl.type ?? 'never';
  // Only names of the game's collections (identifiers, by the manifest schema) reach the code; a mover or table
  // over anything else is left out here (the link step reports it as a located error).
  const known = (...names: Array<string | undefined>) => names.every((n) => n === undefined || game.collections.has(n));
  for (const [name, graph] of Object.entries(m.graphs ?? {})) {
    const c = game.collections.get(name);
    if (!c) continue;
    const ids = [...new Set(c.entries.flatMap((e) => ((e.value[graph.nodes] ?? []) as Array<{ id: string }>).map((n) => String(n.id))))];
    types.push(`/** Every node of the ${docText(name)} graphs. */`, `export type ${c.decl.type}NodeId = ${union(ids)};`, '');
  }
  if (m.movers) {
    const typeParts: string[] = [];
    const valueParts: string[] = [];
    for (const [name, mover] of Object.entries(m.movers)) {
      const graph = m.graphs?.[mover.graph];
      if (!graph || !known(mover.graph, mover.overriddenBy?.collection)) continue;
      const t = typeOf(mover.graph);
      const spec = { nodes: graph.nodes, kindField: graph.kindField, edges: graph.edges, ...(graph.arrows ? { arrows: graph.arrows } : {}) };
      const { overriddenBy, ...moverSpec } = mover;
      const steps = overriddenBy
        ? `, { collection: ${JSON.stringify(overriddenBy.collection)}, entries: ${allName(overriddenBy.collection)}, field: ${JSON.stringify(overriddenBy.field)}, kind: ${JSON.stringify(overriddenBy.kind)}, addSteps: ${JSON.stringify(overriddenBy.addSteps)} }`
        : '';
      // Typed by the game: the pieces it targets, and the entries that may change its move.
      const kinds = union([...new Set((mover.targets ?? []).map((x) => x.piece))]);
      const kind = kinds === 'never' ? 'string' : kinds;
      const by = overriddenBy ? `{ readonly ${propName(overriddenBy.collection)}?: ${typeOf(overriddenBy.collection)}Id }` : 'MoveBy';
      const params = `${t}Id, ${t}NodeId, ${kind}, ${by}`;
      // A name for the pieces this mover reads, so an engine can type its board: `const pieces: VolantePiece[]`.
      const pieceType = `${name.charAt(0).toUpperCase()}${name.slice(1)}Piece`;
      types.push(
        `/** A piece on the board as the ${docText(name)} mover reads it: a node of the map and a kind it targets. */`,
        `export type ${pieceType} = Piece<${t}NodeId, ${kind}>;`,
        '',
      );
      typeParts.push(`    readonly ${propName(name)}: Mover<${params}>;`);
      valueParts.push(`    ${propName(name)}: makeMover<${params}>(${allName(mover.graph)}, ${literal(spec, '    ')}, ${literal(moverSpec, '    ')}${steps}),`);
    }
    out.push({
      name: 'movement',
      type: `{\n${typeParts.join('\n')}\n  }`,
      value: `{\n${valueParts.join('\n')}\n  }`,
      doc: 'How pieces move over the board, from the map data and the movement rules in game.yaml.',
    });
  }
  if (m.tables) {
    const typeParts: string[] = [];
    const valueParts: string[] = [];
    for (const [name, table] of Object.entries(m.tables)) {
      if (!known(table.collection, table.overriddenBy?.collection)) continue;
      const rowType = typeOf(table.collection);
      const rows = allName(table.collection);
      const o = table.overriddenBy;
      const byType = o ? `, by?: { readonly ${propName(o.collection)}?: ${typeOf(o.collection)}Id }` : '';
      const byParam = o ? `, by: { readonly ${propName(o.collection)}?: ${typeOf(o.collection)}Id } = {}` : '';
      const who = o ? `${allName(o.collection)}.find((e) => e.id === by[${JSON.stringify(o.collection)}])` : '';
      if (table.kind === 'ranking') {
        // Players in order of an entry's value rule (final scoring), then its tie-breakers.
        const state = playerStateModel(m)?.typeName ?? 'never';
        const entry = `${rows}.find((e) => e.id === ${JSON.stringify(table.entry ?? '')})`;
        const tieBreakers = `((${entry} as unknown as Record<string, unknown> | undefined)?.[${JSON.stringify(table.tieBreakers ?? 'tieBreakers')}] ?? []) as ReadonlyArray<{ readonly fewest?: string; readonly most?: string }>`;
        typeParts.push(`    readonly ${propName(name)}: (states: readonly ${state}[]) => Standing[];`);
        valueParts.push(
          `    ${propName(name)}: (states: readonly ${state}[]): Standing[] => rankPlayers(states, (s) => ${entry}?.value?.(s) ?? 0, ${tieBreakers}),`,
        );
      } else if (table.kind === 'lookup') {
        const override = o
          ? `, { entry: ${who}, field: ${JSON.stringify(o.field)}, kind: ${JSON.stringify(o.kind)}, subtract: ${JSON.stringify(o.subtract ?? '')} }`
          : '';
        typeParts.push(`    readonly ${propName(name)}: (n: number${byType}) => ${rowType} | undefined;`);
        valueParts.push(
          `    ${propName(name)}: (n: number${byParam}): ${rowType} | undefined => lookupRow(${rows}, ${JSON.stringify(table.key ?? 'id')}, ${JSON.stringify(table.orMore)}, n${override}),`,
        );
      } else {
        const override = o
          ? `, { entry: ${who}, field: ${JSON.stringify(o.field)}, kind: ${JSON.stringify(o.kind)}, key: ${JSON.stringify(o.key ?? 'id')} }`
          : '';
        typeParts.push(`    readonly ${propName(name)}: (id: ${rowType}Id${byType}) => { readonly [key: string]: unknown } | undefined;`);
        valueParts.push(
          `    ${propName(name)}: (id: ${rowType}Id${byParam}): { readonly [key: string]: unknown } | undefined => valueWithOverride(${rows}, id, ${JSON.stringify(table.field ?? '')}${override}),`,
        );
      }
    }
    out.push({
      name: 'tables',
      type: `{\n${typeParts.join('\n')}\n  }`,
      value: `{\n${valueParts.join('\n')}\n  }`,
      doc: 'Rules tables, with the overrides that change them.',
    });
  }
  return out;
}

/**
 * The module-private constant holding a collection's entries. Collection
 * names are identifiers (the manifest schema's propertyNames pattern) without
 * `$`, and so are the namespace and the runtime helpers: with the `$` prefix
 * no collection (one named `move`, say) can take a helper's name (`moveAll`).
 */
function allName(collection: string): string {
  return `$${collection}`;
}

/** Components and declaration values with their IDs filled in as the build reads them (written, or the slug of the name). */
function withIds<T extends { id?: string; name: Text }>(list: readonly T[]): Array<T & { id: string }> {
  return list.map((v) => {
    const { id, ...rest } = v;
    return { id: id ?? slug(textOf(v.name)), ...rest } as T & { id: string };
  });
}

/** Whether the schema is an object schema that declares this property itself. */
function isObjectSchemaWith(schema: Schema | undefined, key: string): boolean {
  const props = schema?.properties;
  return !!props && typeof props === 'object' && key in props;
}

function textName(name: unknown): string {
  return typeof name === 'string' ? name : (Object.values(name as Record<string, string>)[0] ?? '');
}

/** A readable, deterministic TypeScript literal for a JSON value. */
function literal(value: unknown, indent: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const items = value.map((v) => literal(v, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length < 80 && !flat.includes('\n') ? flat : `[\n${items.map((i) => inner + i).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  const items = entries.map(([k, v]) => `${valueKey(k)}: ${literal(v, inner)}`);
  const flat = `{ ${items.join(', ')} }`;
  return flat.length < 80 && !flat.includes('\n') ? flat : `{\n${items.map((i) => inner + i).join(',\n')},\n${indent}}`;
}

function indexModule(games: readonly CheckedGame[]): string {
  const lines = ['// Generated by rulebook. The engine data package: one namespace per game.'];
  for (const g of games) {
    const id = g.linked.game.manifest.id;
    const ns = namespaceName(id);
    lines.push(`export { ${ns} } from './${id}.js';`);
    lines.push(`export type * as ${typeNamespaceName(id)} from './${id}.js';`);
  }
  // The runtime's shapes a consumer names in its own code (a Piece for movement, a Standing from a ranking).
  lines.push(`export type { Collection, Move, MoveBy, Mover, Piece, Placeholder, Standing, Text } from './runtime.js';`, '');
  return lines.join('\n');
}

function packageJson(games: readonly CheckedGame[], version: string, name: string) {
  const exports: Record<string, { types: string; default: string }> = { '.': { types: './index.d.ts', default: './index.js' } };
  for (const g of games) {
    const id = g.linked.game.manifest.id;
    exports[`./${id}`] = { types: `./${id}.d.ts`, default: `./${id}.js` };
  }
  return {
    name,
    version,
    description: 'Engine data package generated by rulebook from content/. Do not edit.',
    type: 'module',
    types: './index.d.ts',
    exports,
    sideEffects: false,
  };
}

function readme(games: readonly CheckedGame[], name: string): string {
  // The example names the first collection of the first game, so the README fits whatever content it is built from.
  const first = games.map((g) => ({ id: g.linked.game.manifest.id, c: [...g.linked.game.collections.values()][0] })).find((x) => x.c);
  const guard = first?.c
    ? `
\`\`\`ts
import { ${namespaceName(first.id)} } from '${name}';
import { is${first.c.decl.type}Id } from '${name}/${first.id}';

if (is${first.c.decl.type}Id(input)) ${namespaceName(first.id)}.${first.c.name}.byId[input]; // input: ${first.c.decl.type}Id here
${namespaceName(first.id)}.${first.c.name}.get(input); // ${first.c.decl.type} | undefined, never throws
\`\`\`
`
    : '';
  return `# Engine data package (generated)

Generated by \`npm run build\` from \`content/\`. Do not edit by hand: CI fails
when these files differ from what the content produces (\`rulebook build --check\`).

\`\`\`js
import { ${games.map((g) => namespaceName(g.linked.game.manifest.id)).join(', ')} } from './generated/index.js';
\`\`\`

Every collection has \`all\` (source order) and \`byId\` (keyed by its ID union,
so a mistyped ID is a type error). A rule compiled for every entry of a
collection (\`score\`, \`apply\`, \`value\`, with its \`rulesText\`) is a
required member of the entry type; for some entries only, it is optional.

For an ID that arrives as a plain string (input, a save file), each game's
module (\`${name}/<game>\`) exports a type guard per collection,
\`is<Type>Id(s): s is <Type>Id\`, and every collection has \`get(id)\`, which
returns the entry or \`undefined\`.
${guard}`;
}
