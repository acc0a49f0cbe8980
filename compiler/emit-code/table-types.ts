/**
 * The type a value table returns (game.yaml `tables:` of kind `value`): the type of the field it reads, named
 * through the row collection's own interface (`NonNullable<City["plunder"]>["exchange"]`), so it is the schema's
 * type of that field and follows any change to it. An overriding entry's fields replace the value's own
 * (rules/runtime/tables.ts), which the row schema's field describes.
 */
import type { Schema } from './schema-to-ts.ts';

/**
 * The field at a dotted `path` of an entry type `rowType`, or undefined when the schema does not declare every
 * step of the path as a property (the caller keeps an open record then).
 */
export function tableValueType(rowType: string, schema: Schema | undefined, path: string): string | undefined {
  const steps = path.split('.').filter(Boolean);
  if (!steps.length) return undefined;
  let at: Schema | undefined = schema;
  for (const step of steps) {
    const props = at?.properties;
    at = props && typeof props === 'object' ? (props as Record<string, Schema>)[step] : undefined;
    if (!at) return undefined;
  }
  // Each step may be optional (a City without a plunder): the value then is undefined, which the table's `| undefined` says.
  return steps.reduce((t, step) => `NonNullable<${t}[${JSON.stringify(step)}]>`, rowType);
}
