import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchor, MANIFEST_DOC, MANIFEST_SCHEMA, manifestKeys, manifestReference, readSchemas, type Json } from '../compiler/docs/manifest-reference.ts';
import { examplesThatFail, subschemasOf } from './schema-walk.ts';

const FIX = 'run `npm run docs:manifest` and commit docs/manifest.md';
const schemas = readSchemas();
const manifest = schemas.get(path.basename(MANIFEST_SCHEMA))!;
const doc = readFileSync(MANIFEST_DOC, 'utf8');
const subschemas = () => subschemasOf(manifest);

describe('docs/manifest.md, the reference of game.yaml', () => {
  it('is what `npm run docs:manifest` writes from the schema', () => {
    // When this fails: the schema changed and the page did not follow. Run `npm run docs:manifest` and commit docs/manifest.md.
    expect(doc === manifestReference(), `docs/manifest.md is stale: ${FIX}`).toBe(true);
  });

  it('documents every property of the schema, nested ones included', () => {
    const documented = new Set(manifestKeys().map((k) => k.pointer));
    const properties = subschemas()
      .map((s) => s.pointer)
      .filter((p) => /\/properties\/[^/]+$/.test(p));
    expect(properties.length).toBeGreaterThan(120);
    expect(properties.filter((p) => !documented.has(p))).toEqual([]);
    const missing = manifestKeys()
      .filter((k) => !doc.includes(`\n## \`${k.path}\`\n`) && !doc.includes(`\n### \`${k.path}\`\n`))
      .map((k) => k.path);
    expect(missing).toEqual([]);
    for (const key of ['endState.fields.<field>.nounPlural', 'collections.<name>.fields.copies', 'components[].parts[].count', 'source.files[].about']) {
      expect(doc).toContain(`### \`${key}\``);
    }
  });

  it('gives each key its type in words, whether it is required, and its description', () => {
    for (const key of manifestKeys()) {
      const block = doc.slice(doc.indexOf(`\`${key.path}\`\n`));
      const own = block.slice(0, block.search(/\n##/) >= 0 ? block.search(/\n##/) : undefined);
      expect(own, key.path).toMatch(/\n- Type: /);
      if (key.role === 'key') expect(own, key.path).toMatch(key.required ? /\*\*Required\.\*\*/ : /Optional\./);
      expect(typeof key.schema.description, `${key.path} has no description in ${path.basename(MANIFEST_SCHEMA)}`).toBe('string');
    }
    expect(doc).not.toContain('any value');
    expect(doc).not.toMatch(/defines it/); // every $ref is a shared type the page explains
  });

  it('every top-level key and every key of a collection has an example, shown on the page', () => {
    const withoutExample = manifestKeys()
      .filter((k) => k.role === 'key' && (k.path === k.top || k.path.startsWith('collections.<name>.')))
      .filter((k) => !Array.isArray(k.schema.examples) || k.schema.examples.length === 0)
      .map((k) => k.path);
    expect(withoutExample).toEqual([]);
    for (const k of Object.keys(manifest.properties as Json)) {
      const section = doc.slice(doc.indexOf(`\n## \`${k}\`\n`));
      expect(section.slice(0, section.indexOf('\n## ', 1)), k).toContain('```yaml');
    }
  });

  it('the contents table links every top-level key', () => {
    for (const k of Object.keys(manifest.properties as Json)) expect(doc).toContain(`[\`${k}\`](#${anchor(k)})`);
  });

  it('every example validates against its own part of the schema, so an example cannot lie', () => {
    // ajv in strict mode, as the check compiles the schemas (compiler/validate/schemas.ts).
    const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true, allowUnionTypes: true });
    for (const schema of schemas.values()) ajv.addSchema(schema);
    const { checked, wrong } = examplesThatFail(ajv, manifest);
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('a wrong example is caught (the check itself works)', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true });
    for (const schema of schemas.values()) ajv.addSchema(schema);
    const players = ajv.getSchema(`${manifest.$id as string}#/properties/players`)!;
    expect(players({ min: 2, max: 4 })).toBe(true);
    expect(players({ min: 2 })).toBe(false);
  });

  it('the README and content/README.md link it', () => {
    const read = (file: string) => readFileSync(path.join(path.dirname(MANIFEST_DOC), '..', file), 'utf8');
    expect(read('README.md').includes('](docs/manifest.md)'), 'README.md links docs/manifest.md').toBe(true);
    expect(read('content/README.md').includes('](../docs/manifest.md)'), 'content/README.md links ../docs/manifest.md').toBe(true);
  });
});
