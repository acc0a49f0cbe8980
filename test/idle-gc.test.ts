// serve's collection between saves (compiler/serve/idle-gc.ts): V8's "low memory" collection the first time and
// while the heap kept is large (memory held near what is kept), a plain full one while it is small (the next save
// runs without V8 marking the old generation beside it). Seen from V8's own trace of each collection, in a process
// of its own (`--trace-gc`).
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

const run = promisify(execFile);

/**
 * The full collections V8 made during each of `calls` calls of `collectGarbage`, by kind ("low memory notification"
 * or "testing", V8's name for its `gc`), after `setup` ran in the same process.
 */
async function collections(calls: number, setup = ''): Promise<string[][]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-gc-'));
  const script = path.join(dir, 'collect.mts');
  const module = pathToFileURL(path.join(ROOT, 'compiler/serve/idle-gc.ts')).href;
  // A line after each call tells V8's trace lines of one call from the next.
  const body = `${setup}\nfor (let i = 0; i < ${calls}; i++) {\n  await collectGarbage();\n  console.log('called');\n}\n`;
  await writeFile(script, `import { collectGarbage } from ${JSON.stringify(module)};\n${body}`);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--trace-gc', script], { cwd: ROOT, maxBuffer: 16 << 20 });
  const byCall: string[][] = [[]];
  for (const line of stdout.split('\n')) {
    if (line === 'called') byCall.push([]);
    const kind = /Mark-Compact.*?(low memory notification|testing)/.exec(line)?.[1];
    if (kind) byCall.at(-1)!.push(kind);
  }
  return byCall.slice(0, calls);
}

describe("serve's collection between saves", () => {
  it('is a "low memory" one the first time, then a plain full one while the heap kept is small', async () => {
    const [first, second, third] = await collections(3);
    expect(first!.length).toBeGreaterThan(0);
    expect(first!.every((k) => k === 'low memory notification')).toBe(true);
    expect(second).toEqual(['testing']);
    expect(third).toEqual(['testing']);
  }, 60_000);

  it('stays a "low memory" one while the heap kept is large (over 256 MB)', async () => {
    // 320 MB kept alive across the calls: 40 arrays of a million numbers (8 bytes each), read after the calls.
    const setup = `const kept = Array.from({ length: 40 }, (_, i) => Array.from({ length: 1_000_000 }, (_, j) => i + j + 0.5));\nprocess.on('exit', () => console.error(kept.length));`;
    const [, second] = await collections(2, setup);
    expect(second!.length).toBeGreaterThan(0);
    expect(second!.every((k) => k === 'low memory notification')).toBe(true);
  }, 60_000);
});
