import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { emitPackage, packageSources, typeCheckPackage } from '../compiler/emit-code/emit.ts';
import { schemaToTs, type Schema } from '../compiler/emit-code/schema-to-ts.ts';
import { check } from '../compiler/pipeline.ts';
import { ROOT, runCli } from './helpers.ts';

const run = promisify(execFile);

describe('the engine data package', () => {
  it('generated/ is what the content produces (build --check)', async () => {
    const r = await runCli(['build', '--check', '-C', ROOT]);
    expect(r.err).toContain('generated/ is up to date.');
    expect(r.code).toBe(0);
  });

  it('is deterministic: two emits give the same bytes', async () => {
    const a = await check(ROOT);
    const b = await check(ROOT);
    const one = emitPackage(a.games, a.schemas, '0');
    const two = emitPackage(b.games, b.schemas, '0');
    expect([...one.keys()]).toEqual([...two.keys()]);
    for (const [k, v] of one) expect(two.get(k), k).toBe(v);
  });

  it('its sources type-check as one strict program', async () => {
    const result = await check(ROOT);
    expect(typeCheckPackage(packageSources(result.games, result.schemas))).toEqual([]);
  });

  it('imports in plain Node with no TypeScript toolchain', async () => {
    const script = `import { cangaco, cangaceiros, root } from ${JSON.stringify(path.join(ROOT, 'generated/index.js'))};
      const s = cangaco.cordel.byId['o-velho-calunga-e-a-rolinha-trelosa'].score([{ flour: 12, cachaca: 0, ammunition: 0, cabras: [], completedSets: [], chefe: false }]);
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

  it('a field the schema requires is never optional, at any depth', () => {
    const row: Schema = { type: 'object', required: ['cells'], properties: { cells: { type: 'integer' }, note: { type: 'string' } } };
    const schema: Schema = {
      type: 'object',
      required: ['a', 'nested', 'list', 'open'],
      properties: {
        id: { type: 'string' },
        a: { type: 'string' },
        b: { type: 'integer' },
        nested: { type: 'object', required: ['inner'], properties: { inner: { type: 'boolean' }, maybe: { type: 'string' } } },
        list: { type: 'array', items: { $ref: '#/$defs/row' } },
        either: { oneOf: [{ type: 'object', required: ['k'], properties: { k: { const: 'x' } } }, { type: 'null' }] },
        open: { type: 'object', required: ['n'], additionalProperties: { type: 'integer' } },
      },
    };
    const ctx = { refType: () => 'string', resolve: (ref: string, from: string) => (ref === '#/$defs/row' ? { schema: row, id: from } : undefined) };
    const text = schemaToTs(schema, ctx, 'https://rulebook.dev/schemas/t.schema.json', '', { omit: ['id'], required: ['name'] }).replace(/\s+/g, ' ');
    for (const member of ['readonly a: string;', 'readonly b?: number;', 'readonly nested: {', 'readonly inner: boolean;', 'readonly maybe?: string;', 'readonly list: readonly', 'readonly cells: number;', 'readonly note?: string;', 'readonly either?:', 'readonly k: "x";', 'readonly open: {', 'readonly n: number;']) {
      expect(text, member).toContain(member);
    }
    expect(text).not.toContain('readonly id');
  });
});
