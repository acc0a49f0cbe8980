import type { Ajv2020 } from 'ajv/dist/2020.js';
// What the schema documentation tests share: every subschema of a JSON Schema file with its JSON pointer,
// read from the file itself (not through the generator under test).
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function subschemasOf(node: unknown, pointer = ''): Array<{ pointer: string; schema: Json }> {
  if (!isObject(node)) return [];
  const out = [{ pointer, schema: node }];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'enum' || key === 'const' || key === 'default') continue; // values, not schemas
    if (key === 'properties' || key === '$defs') {
      for (const [name, child] of Object.entries(value as Json)) out.push(...subschemasOf(child, `${pointer}/${key}/${name}`));
    } else if (Array.isArray(value)) value.forEach((v, i) => out.push(...subschemasOf(v, `${pointer}/${key}/${i}`)));
    else if (isObject(value)) out.push(...subschemasOf(value, `${pointer}/${key}`));
  }
  return out;
}

/**
 * Each `examples` value under the schema `root` (loaded, with the others, into a strict ajv as the check compiles
 * schemas) that does not validate against its own subschema, as `pointer/examples/i: ajv's words`; and how many
 * subschemas carry examples.
 */
export function examplesThatFail(ajv: Ajv2020, root: Json): { checked: number; wrong: string[] } {
  const id = root.$id as string;
  const withExamples = subschemasOf(root).filter((s) => 'examples' in s.schema);
  const wrong: string[] = [];
  for (const { pointer, schema } of withExamples) {
    if (!Array.isArray(schema.examples)) {
      wrong.push(`${pointer}/examples is not a list (JSON Schema's examples)`);
      continue;
    }
    const validate = ajv.getSchema(`${id}#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    schema.examples.forEach((example, i) => {
      if (!validate(example)) wrong.push(`${pointer}/examples/${i}: ${ajv.errorsText(validate.errors)}`);
    });
  }
  return { checked: withExamples.length, wrong };
}
