import { describe, expect, it } from 'vitest';
import { emitPackage, packageSources, typeCheckPackage } from '../compiler/emit-code/emit.ts';
import { schemaToTs, type Schema } from '../compiler/emit-code/schema-to-ts.ts';
import { check } from '../compiler/pipeline.ts';
import { ROOT, runCli } from './helpers.ts';

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
    for (const member of [
      'readonly a: string;',
      'readonly b?: number;',
      'readonly nested: {',
      'readonly inner: boolean;',
      'readonly maybe?: string;',
      'readonly list: readonly',
      'readonly cells: number;',
      'readonly note?: string;',
      'readonly either?:',
      'readonly k: "x";',
      'readonly open: {',
      'readonly n: number;',
    ]) {
      expect(text, member).toContain(member);
    }
    expect(text).not.toContain('readonly id');
  });
});
