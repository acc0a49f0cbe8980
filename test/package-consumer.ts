// A project that uses the built package as a dependency, and its strict type-check: what the package tests share.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: false, // the package's own .d.ts files are checked too
  // An engine in Node: no DOM, whose declarations would be most of what is checked (the target's default).
  lib: ['lib.es2022.d.ts'],
};

/** Every diagnostic of one strict program over these files, as `file:line TScode message`. */
export function diagnostics(...files: string[]): string[] {
  return diagnosticsWith({}, ...files);
}

/** The same, with options beside the strict ones (`exactOptionalPropertyTypes`, as an engine project may set). */
export function diagnosticsWith(extra: ts.CompilerOptions, ...files: string[]): string[] {
  return ts.getPreEmitDiagnostics(ts.createProgram(files, { ...OPTIONS, ...extra })).map((d) => {
    const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
    return `${where} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

/** A consumer project whose node_modules/rulebook-generated is `generated` (its exports map decides what resolves). */
export async function consumerOf(generated: string): Promise<string> {
  const consumer = await mkdtemp(path.join(tmpdir(), 'rulebook-consumer-'));
  await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await mkdir(path.join(consumer, 'node_modules'));
  await symlink(generated, path.join(consumer, 'node_modules', 'rulebook-generated'), 'dir');
  return consumer;
}

/** Import the built package in a fresh Node and print what `script` computes from it. */
export async function inNode(file: string, script: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', `import * as pkg from ${JSON.stringify(file)};\n${script}`], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

/**
 * JavaScript for an `inNode` script over the package whose index is at `index`: `fullState(game, given)`, a player
 * state with `given`'s fields and every other field the package's shipped schema requires at 0, none or its first
 * allowed value, the way an engine starts a player before the rules read it (they refuse a state missing a field).
 */
export function fullStateJs(index: string): string {
  return `import { readFileSync as readSchemaFile } from 'node:fs';
const fullState = (game, given) => {
  const schema = JSON.parse(readSchemaFile(new URL('./' + game + '.player-state.schema.json', ${JSON.stringify(pathToFileURL(index).href)}), 'utf8'));
  const blank = (p) => (p.type === 'integer' ? 0 : p.type === 'object' ? {} : p.type === 'array' ? [] : p.type === 'boolean' ? false : p.enum?.[0]);
  return { ...Object.fromEntries(schema.required.map((f) => [f, blank(schema.properties[f])])), ...given };
};
`;
}
