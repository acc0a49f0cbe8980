// The tool's own schemas (compiler/schemas/) are added to a check's ajv without their meta-schema check (validate/
// schemas.ts), since they ship with the tool: this is where that check is made, with the check's own ajv options.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { SCHEMA_BASE, SchemaSet, TOOL_SCHEMAS, TOOL_SCHEMA_DIR } from '../compiler/validate/schemas.ts';

describe("the tool's own schemas", () => {
  it.each(TOOL_SCHEMAS)('%s is a valid JSON Schema 2020-12 document, and compiles', async (name) => {
    const bag = new DiagnosticBag();
    const set = await SchemaSet.load(path.join(import.meta.dirname, 'fixtures', 'games', 'duo'), bag);
    const schema = JSON.parse(await readFile(path.join(TOOL_SCHEMA_DIR, name), 'utf8')) as object;
    expect(set.ajv.validateSchema(schema), JSON.stringify(set.ajv.errors)).toBe(true);
    expect(set.ajv.getSchema(SCHEMA_BASE + name)).toBeTypeOf('function');
  });

  it('the meta-schema check fails on a schema that breaks it (so the test above can fail)', async () => {
    const set = await SchemaSet.load(path.join(import.meta.dirname, 'fixtures', 'games', 'duo'), new DiagnosticBag());
    expect(set.ajv.validateSchema({ type: 'strin', properties: [] })).toBe(false);
  });
});
