import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

/**
 * The package's walls. The phases run in this order (compiler/pipeline.ts):
 * load -> validate -> link -> rules -> the three emitters, which are
 * siblings (each reads what rules gives; none reads another). A phase may
 * import an earlier phase, never a later one or a sibling: otherwise a
 * phase's output would depend on code that is meant to run after it.
 * This list is the one place the order is declared.
 */
const PHASES: readonly (readonly string[])[] = [['load'], ['validate'], ['link'], ['rules'], ['emit-code', 'emit-site', 'emit-editor']];

/** What runs the phases (the pipeline and the commands over it): no phase imports these. */
const DRIVERS = ['pipeline.ts', 'cli.ts', 'commands', 'serve', 'bench'];

/** The contract between phases: it may import shared modules only, never a phase. */
const MODEL = 'model.ts';

// Everything else under compiler/ (diagnostics/, locales/, names.ts, text.ts, ...) is shared:
// anyone may import it. A phase that reaches a later phase through a shared module breaks the wall as surely as a direct import.

const COMPILER = path.join(ROOT, 'compiler');

/** The first path segment under compiler/: a folder (`link`) or a top-level file (`model.ts`). */
function partOf(file: string): string {
  return path.relative(COMPILER, file).split(path.sep)[0]!;
}

function rankOf(part: string): number | undefined {
  const i = PHASES.findIndex((group) => group.includes(part));
  return i < 0 ? undefined : i;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return tsFiles(full);
    return d.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import and re-export of a file (type-only ones too: a type is as much a dependency of the contract), resolved to a file. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name));
}

/** Why `from` may not import `to`, or undefined when it may. */
function wallBroken(from: string, to: string): string | undefined {
  const a = partOf(from);
  const b = partOf(to);
  if (a === b) return undefined;
  if (a === MODEL && rankOf(b) !== undefined) return `the contract between phases (model.ts) imports the ${b} phase`;
  const ra = rankOf(a);
  if (ra === undefined) return undefined;
  if (DRIVERS.includes(b)) return `the ${a} phase imports ${b}, which runs the phases`;
  const rb = rankOf(b);
  if (rb === undefined) return undefined;
  if (rb > ra) return `the ${a} phase imports the later ${b} phase`;
  if (rb === ra) return `the ${a} phase imports its sibling ${b}`;
  return undefined;
}

/**
 * Every broken wall under compiler/, as `from -> to: why`. A phase (or
 * model.ts) that imports a shared module is charged with what that module
 * imports in turn, to any depth.
 */
function brokenWalls(files: string[], read: (file: string) => string[]): string[] {
  const shared = (f: string) => {
    const p = partOf(f);
    return p !== MODEL && rankOf(p) === undefined && !DRIVERS.includes(p);
  };
  const out = new Set<string>();
  const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
  for (const file of files) {
    if (!(partOf(file) === MODEL || rankOf(partOf(file)) !== undefined)) continue;
    const seen = new Set<string>();
    const walk = (at: string, via: string[]) => {
      for (const to of read(at)) {
        const why = wallBroken(file, to);
        if (why) out.add(`${[file, ...via, to].map(rel).join(' -> ')}: ${why}`);
        else if (shared(to) && !seen.has(to)) {
          seen.add(to);
          walk(to, [...via, to]);
        }
      }
    };
    walk(file, []);
  }
  return [...out].sort();
}

describe("the package's walls", () => {
  const files = tsFiles(COMPILER);
  const cache = new Map<string, string[]>();
  const read = (f: string) => {
    let got = cache.get(f);
    if (!got) {
      got = files.includes(f) ? importsOf(f) : [];
      cache.set(f, got);
    }
    return got;
  };

  it('finds the imports of the compiler', () => {
    // A regression guard on the parse itself: a test that read no imports would pass over any wall.
    expect(files.length).toBeGreaterThan(50);
    expect(read(path.join(COMPILER, 'pipeline.ts')).map(partOf)).toEqual(expect.arrayContaining(['load', 'validate', 'link', 'rules']));
  });

  it('no phase imports a later phase, a sibling or what runs the phases, and model.ts imports no phase', () => {
    expect(brokenWalls(files, read)).toEqual([]);
  });

  it('sees a broken wall, directly and through a shared module', () => {
    const at = (p: string) => path.join(COMPILER, p);
    const fake = new Map<string, string[]>([
      [at('link/a.ts'), [at('emit-code/b.ts')]],
      [at('model.ts'), [at('load/yaml-source.ts')]],
      [at('validate/c.ts'), [at('names.ts')]],
      [at('names.ts'), [at('rules/d.ts')]],
      [at('emit-site/e.ts'), [at('emit-code/f.ts'), at('pipeline.ts')]],
      [at('rules/g.ts'), [at('link/h.ts'), at('diagnostics/i.ts')]],
    ]);
    expect(brokenWalls([...fake.keys()], (f) => fake.get(f) ?? [])).toEqual([
      'compiler/emit-site/e.ts -> compiler/emit-code/f.ts: the emit-site phase imports its sibling emit-code',
      'compiler/emit-site/e.ts -> compiler/pipeline.ts: the emit-site phase imports pipeline.ts, which runs the phases',
      'compiler/link/a.ts -> compiler/emit-code/b.ts: the link phase imports the later emit-code phase',
      'compiler/model.ts -> compiler/load/yaml-source.ts: the contract between phases (model.ts) imports the load phase',
      'compiler/validate/c.ts -> compiler/names.ts -> compiler/rules/d.ts: the validate phase imports the later rules phase',
    ]);
  });
});
