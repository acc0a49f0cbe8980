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
