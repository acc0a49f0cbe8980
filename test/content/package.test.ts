import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.ts';

const run = promisify(execFile);

// The committed package of the bundled games, as an engine uses it (these name bundled entries and values, so they
// are content tests: the toolchain's own package tests run on fixtures, see test/hostile-names.test.ts and graph.test.ts).
describe('the bundled engine data package', () => {
  it('imports in plain Node with no TypeScript toolchain', async () => {
    const script = `import { cangaco, cangaceiros, root } from ${JSON.stringify(path.join(ROOT, 'generated/index.js'))};
      const s = cangaco.cordel.byId['o-velho-calunga-e-a-rolinha-trelosa'].score([{ flour: 12, cachaca: 0, ammunition: 0, cabras: [], completedSets: [], chefe: false, singles: [], doubled: [] }]);
      console.log(JSON.stringify([cangaco.cordel.all.length, s, cangaceiros.chiefs.all.length, root.rules.byId['16.4.1.II'] ? 1 : 0]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual([20, [10], 20, 1]);
  });

  it('a strict TypeScript consumer gets a type error for an unknown ID', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-consumer-'));
    const index = JSON.stringify(path.join(ROOT, 'generated/index.js'));
    const good = path.join(dir, 'good.ts');
    const bad = path.join(dir, 'bad.ts');
    await writeFile(good, `import { cangaco } from ${index};\nimport type { Cangaco } from ${index};\nconst id: Cangaco.CordelCardId = 'nonato-e-o-bode-silas';\nexport const n: number[] = cangaco.cordel.byId[id].score([]);\n`);
    await writeFile(bad, `import { cangaco } from ${index};\nexport const card = cangaco.cordel.byId['nonato-e-o-bode-sila'];\n`);
    const options: ts.CompilerOptions = { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, skipLibCheck: false };
    const diagnostics = (file: string) => ts.getPreEmitDiagnostics(ts.createProgram([file], options)).filter((d) => d.file?.fileName === file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics(good)).toEqual([]);
    const errors = diagnostics(bad);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/nonato-e-o-bode-sila/);
  });

});
