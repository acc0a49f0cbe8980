import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_SCHEMA, readSchemas, type Json } from '../compiler/docs/manifest-reference.ts';
import { DSL_SCHEMA, dslForms, RULES_DOC, rulesReference, SAMPLE_MANIFEST } from '../compiler/docs/rules-reference.ts';
import { examplesThatFail, subschemasOf } from './schema-walk.ts';

const FIX = 'run `npm run docs:rules` and commit docs/rules.md';
const schemas = readSchemas();
const dsl = schemas.get(path.basename(DSL_SCHEMA))!;
const doc = readFileSync(RULES_DOC, 'utf8');
const subschemas = () => subschemasOf(dsl);

/** The section under a heading, up to the next heading. */
function sectionOf(heading: string): string {
  const at = doc.indexOf(`\n${heading}\n`);
  if (at < 0) return '';
  const rest = doc.slice(at + heading.length + 2);
  const next = rest.search(/\n#{2,3} /);
  return next < 0 ? rest : rest.slice(0, next);
}

function ajv(): Ajv2020 {
  // ajv in strict mode, as the check compiles the schemas (compiler/validate/schemas.ts).
  const a = new Ajv2020({ strict: true, allErrors: true, discriminator: true, allowUnionTypes: true });
  for (const schema of schemas.values()) a.addSchema(schema);
  return a;
}

describe('docs/rules.md, the reference of the rules language', () => {
  it('is what `npm run docs:rules` writes from the schema', () => {
    // When this fails: the schema (or the generator) changed and the page did not follow. Run `npm run docs:rules` and commit docs/rules.md.
    expect(doc === rulesReference(), `docs/rules.md is stale: ${FIX}`).toBe(true);
  });

  it('gives every op const of dsl.schema.json a heading, with its fields and a YAML example', () => {
    const consts = subschemas()
      .filter((s) => /\/properties\/op$/.test(s.pointer) && typeof s.schema.const === 'string')
      .map((s) => ({ def: s.pointer.split('/')[2]!, op: s.schema.const as string }));
    expect(consts.length).toBe(17); // 4 scoring, 9 effect, 4 value
    const missing = consts.filter(({ def, op }) => !doc.includes(`\n### ${def.charAt(0).toUpperCase()}${def.slice(1)}: \`${op}\`\n`));
    expect(missing).toEqual([]);
    for (const { def, op } of consts) {
      const section = sectionOf(`### ${def.charAt(0).toUpperCase()}${def.slice(1)}: \`${op}\``);
      expect(section, `${def} ${op}`).toContain(`- \`op: ${op}\` (**required**).`);
      expect(section, `${def} ${op}`).toContain('```yaml\n');
      expect(section, `${def} ${op}`).toMatch(new RegExp(`(^|\\n)${def}:( \\{ op: ${op}\\b|\\n  op: ${op}\\n)`));
    }
  });

  it('gives every quantity form and every condition its section, and every field of a form its line', () => {
    for (const def of ['scoring', 'effect', 'value', 'quantity', 'condition']) {
      const forms = dslForms(def, schemas);
      expect(forms.length, def).toBeGreaterThan(2);
      for (const form of forms) {
        const section = sectionOf(`### ${form.heading}`);
        expect(section, form.heading).not.toBe('');
        for (const [name, field] of Object.entries(form.schema.properties as Record<string, Json>)) {
          if (name === 'op') continue;
          expect(section, `${form.heading} ${name}`).toMatch(new RegExp(`- \`${name}\` \\((\\*\\*required\\*\\*|optional)\\): `));
          expect(typeof field.description === 'string' || typeof field.$ref === 'string', `${form.heading} ${name} has a description`).toBe(true);
        }
      }
    }
    for (const kind of ['field', 'count', 'distinct', 'groupsOf', 'min', 'flag', 'repeated']) expect(doc).toContain(`### Quantity: \`${kind}\``);
    for (const heading of ['## Worked examples', '## Conditions', '### Phrases', '## Numbers from the state', '## Amounts'])
      expect(doc).toContain(`\n${heading}\n`);
    expect(doc).not.toContain('any value');
    expect(doc).not.toMatch(/defines it/); // every $ref is a section the page links
  });

  it('every internal link points at a heading of the page', () => {
    const anchors = new Set(
      [...doc.matchAll(/^#{1,3} (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .replace(/ /g, '-'),
      ),
    );
    const broken = [...doc.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!).filter((a) => !anchors.has(a));
    expect(broken).toEqual([]);
  });

  it('says how a rule reads the end state, and links the manifest reference for it', () => {
    expect(doc).toContain('`endState:` in `game.yaml` ([its reference](manifest.md#endstate))');
    expect(doc).toContain('`playerState:` in `game.yaml` ([its reference](manifest.md#playerstate))');
    const manifestDoc = readFileSync(path.join(path.dirname(RULES_DOC), 'manifest.md'), 'utf8');
    expect(manifestDoc).toContain('\n## `endState`\n');
    expect(manifestDoc).toContain('\n## `playerState`\n');
  });

  it('every example of dsl.schema.json validates against its own subschema, so an example cannot lie', () => {
    const { checked, wrong } = examplesThatFail(ajv(), dsl);
    expect(checked).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
    // Every form of a rule, a quantity and a condition has one.
    const without = ['scoring', 'effect', 'value', 'quantity', 'condition']
      .flatMap((d) => dslForms(d, schemas))
      .filter((f) => !Array.isArray(f.schema.examples));
    expect(without.map((f) => f.heading)).toEqual([]);
  });

  it('a wrong example is caught (the check itself works)', () => {
    const validate = ajv().getSchema(`${dsl.$id as string}#/$defs/scoring/oneOf/1`)!;
    expect(validate({ op: 'per', points: 2, each: { field: 'tea' } })).toBe(true);
    expect(validate({ op: 'per', points: 2 })).toBe(false);
  });

  it("the page's sample game is a valid part of a manifest", () => {
    const a = ajv();
    const id = schemas.get(path.basename(MANIFEST_SCHEMA))!.$id as string;
    for (const key of Object.keys(SAMPLE_MANIFEST) as Array<keyof typeof SAMPLE_MANIFEST>) {
      const validate = a.getSchema(`${id}#/properties/${key}`)!;
      expect(validate(SAMPLE_MANIFEST[key]), `${key}: ${a.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('the README and docs/manifest.md link it', () => {
    const read = (file: string) => readFileSync(path.join(path.dirname(RULES_DOC), '..', file), 'utf8');
    expect(read('README.md').includes('](docs/rules.md)'), 'README.md links docs/rules.md').toBe(true);
    expect(read('docs/manifest.md').includes('](rules.md)'), 'docs/manifest.md links rules.md').toBe(true);
  });
});
