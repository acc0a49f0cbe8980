import path from 'node:path';
import { readdirSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.ts';

/**
 * The content tests name bundled entries by their IDs, which are literal types
 * in the engine package. They are type-checked here rather than by `npm test`'s
 * first step (tsconfig.json leaves test/content/ out), so renaming a bundled
 * entry fails this content suite with a message, and never stops the toolchain
 * tests from running.
 */
describe('the content tests type-check against the bundled engine package', () => {
  it('every bundled entry they name still exists, with the types they use', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    expect(config, 'tsconfig.json reads').toBeDefined();
    const dir = path.join(ROOT, 'test/content');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
    const program = ts.createProgram(files, { ...config!.options, noEmit: true });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      const file = d.file ? path.relative(ROOT, d.file.fileName) : '';
      return `${file}:${(where?.line ?? 0) + 1}:${(where?.character ?? 0) + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(problems, 'a bundled entry a content test names was renamed or removed, or its type changed: update the test to the content').toEqual([]);
  });
});
