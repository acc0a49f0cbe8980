import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeProject, MINI_GAME, MINI_SCHEMA, ROOT } from './helpers.ts';

const run = promisify(execFile);
const BIN = path.join(ROOT, 'bin/rulebook.js');

describe('output into a pipe that closes early', () => {
  it('`rulebook build | head -1` still writes its outputs and exits cleanly (EPIPE is not a failure)', async () => {
    const cards =
      Array.from({ length: 400 }, (_, i) => `- { name: Card ${i}, kind: single, points: { placeholder: 1, note: The rulebook does not print it. } }`).join(
        '\n',
      ) + '\n';
    const root = await makeProject({ 'content/mini/game.yaml': MINI_GAME, 'content/mini/cards.yaml': cards, 'schemas/mini/card.schema.json': MINI_SCHEMA });
    // pipefail: the exit status is rulebook's own, not head's.
    const script = `set -o pipefail; node ${JSON.stringify(BIN)} build --format json -C ${JSON.stringify(root)} 2>&1 | head -1; node ${JSON.stringify(BIN)} drafts -C ${JSON.stringify(root)} 2>&1 | head -c 1 >/dev/null; echo "exit $?"`;
    const { stdout, stderr } = await run('bash', ['-c', script]);
    expect(stderr).not.toMatch(/EPIPE|internal error|Unhandled/);
    expect(stdout.trim().split('\n').at(-1)).toBe('exit 0');
    expect((await readdir(path.join(root, 'generated'))).sort()).toContain('mini.js');
    expect(await readdir(path.join(root, 'docs-site/dist'))).toContain('index.html');
  });
});
