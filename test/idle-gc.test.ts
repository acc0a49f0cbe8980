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

/** The kind of each full collection `collectGarbage` asked for, in order, with `mark` lines between the calls. */
async function collections(body: string): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-gc-'));
  const script = path.join(dir, 'collect.mts');
  const module = pathToFileURL(path.join(ROOT, 'compiler/serve/idle-gc.ts')).href;
  await writeFile(script, `import { collectGarbage } from ${JSON.stringify(module)};\nconst mark = (s: string) => console.log('mark ' + s);\n${body}\n`);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--trace-gc', script], { cwd: ROOT, maxBuffer: 16 << 20 });
  return stdout
    .split('\n')
    .map((line) => (line.startsWith('mark ') ? line : /Mark-Compact.*?(low memory notification|testing)/.exec(line)?.[1]))
    .filter((x): x is string => x !== undefined);
}

describe("serve's collection between saves", () => {
  it('is a "low memory" one the first time, then a plain full one while the heap kept is small', async () => {
    const seen = await collections(`await collectGarbage(); mark('1'); await collectGarbage(); mark('2'); await collectGarbage(); mark('3');`);
    const [first, second, third] = [
      seen.slice(0, seen.indexOf('mark 1')),
      seen.slice(seen.indexOf('mark 1') + 1, seen.indexOf('mark 2')),
      seen.slice(seen.indexOf('mark 2') + 1, seen.indexOf('mark 3')),
    ];
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((k) => k === 'low memory notification')).toBe(true);
    expect(second).toEqual(['testing']);
    expect(third).toEqual(['testing']);
  }, 60_000);

  it('stays a "low memory" one while the heap kept is large (over 256 MB)', async () => {
    // 320 MB kept alive across the calls: 40 arrays of a million numbers (8 bytes each).
    const seen = await collections(
      `const kept = Array.from({ length: 40 }, (_, i) => Array.from({ length: 1_000_000 }, (_, j) => i + j + 0.5));\nawait collectGarbage(); mark('1'); await collectGarbage(); mark('2'); console.error(kept.length);`,
    );
    const second = seen.slice(seen.indexOf('mark 1') + 1, seen.indexOf('mark 2'));
    expect(second.length).toBeGreaterThan(0);
    expect(second.every((k) => k === 'low memory notification')).toBe(true);
  }, 60_000);
});
