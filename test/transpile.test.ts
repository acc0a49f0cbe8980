import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packageSources } from '../compiler/emit-code/emit.ts';
import { oxcTransform, withOxc, withTypeScript } from '../compiler/emit-code/transpile.ts';
import { check } from '../compiler/pipeline.ts';
import { ROOT } from './helpers.ts';

/** What a module exports, as data: functions by name and arity, everything else as JSON. */
function shape(module: Record<string, unknown>): unknown {
  return JSON.parse(
    JSON.stringify(module, (_key, value: unknown) =>
      typeof value === 'function' ? `function ${(value as { name: string }).name}/${(value as { length: number }).length}` : value,
    ),
  );
}

describe("the package's transpiler", () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('is oxc here, and its modules export the same values as TypeScript would emit; doc comments keep their stars aligned', async () => {
    const oxc = oxcTransform();
    expect(oxc, 'oxc-transform has a binary for this platform').not.toBeNull();
    const result = await check(ROOT);
    const sources = packageSources(result.games, result.schemas, { literalLimit: Infinity });
    const written: Record<'oxc' | 'typescript', string> = { oxc: '', typescript: '' };
    for (const kind of ['oxc', 'typescript'] as const) {
      const dir = await mkdtemp(path.join(tmpdir(), `rulebook-transpile-${kind}-`));
      dirs.push(dir);
      await writeFile(path.join(dir, 'package.json'), '{"type":"module"}');
      for (const [name, source] of sources) {
        const { js, dts } = kind === 'oxc' ? withOxc(oxc!, name, source) : withTypeScript(name, source);
        if (kind === 'oxc' && /\/\*\*\n\t*\*/.test(dts)) throw new Error(`${name}.d.ts: a doc comment line without its space before the star`);
        await writeFile(path.join(dir, `${name}.js`), js);
        await writeFile(path.join(dir, `${name}.d.ts`), dts);
      }
      written[kind] = dir;
    }
    const [fast, reference] = await Promise.all(
      [written.oxc, written.typescript].map(async (dir) => (await import(pathToFileURL(path.join(dir, 'index.js')).href)) as Record<string, unknown>),
    );
    expect(Object.keys(fast!).sort()).toEqual(Object.keys(reference!).sort());
    expect(Object.keys(fast!).length).toBeGreaterThan(5);
    expect(shape(fast!)).toEqual(shape(reference!));
  });
});
