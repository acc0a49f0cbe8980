import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Project, type Type } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { EFFECT_OPS, QUANTITY_KINDS, SCORING_OPS, VALUE_OPS } from '../compiler/rules/dsl.ts';
import { ROOT } from './helpers.ts';

type Schema = {
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema & { const?: string }>;
  required?: string[];
  $ref?: string;
  type?: string | string[];
};
const dsl = JSON.parse(readFileSync(path.join(ROOT, 'compiler/schemas/dsl.schema.json'), 'utf8')) as { $defs: Record<string, Schema> };

/** The `op` constants a tagged union of the schema accepts. */
function ops(def: Schema): string[] {
  return (def.oneOf ?? def.anyOf ?? []).map((b) => b.properties?.op?.const).filter((x): x is string => typeof x === 'string');
}

describe('the DSL schema and the DSL types say the same', () => {
  it('scoring ops', () => expect(ops(dsl.$defs.scoring!).sort()).toEqual([...SCORING_OPS].sort()));
  it('effect ops', () => expect(ops(dsl.$defs.effect!).sort()).toEqual([...EFFECT_OPS].sort()));
  it('quantity kinds', () => {
    const kinds = (dsl.$defs.quantity!.anyOf ?? []).map((b) => b.required?.[0]);
    expect(kinds.sort()).toEqual([...QUANTITY_KINDS].sort());
  });
  it('value ops', () => expect(ops(dsl.$defs.value!).sort()).toEqual([...VALUE_OPS].sort()));
});

/*
 * The fields of each form, both sides read the same way: a form's fields as
 * sorted `name` (required) or `name?` (optional), with the fields of an
 * object written inline (a payEach's `shortfall`, a moveAll's `from`) as
 * `shortfall.field`. A field the schema gives by `$ref` (a quantity, an
 * amount) is compared where that definition is.
 */
type Shape = string[];

function schemaShape(s: Schema, prefix = ''): Shape {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {})
    .flatMap(([name, p]) => {
      const own = `${prefix}${name}${required.has(name) ? '' : '?'}`;
      return p.properties ? [own, ...schemaShape(p, `${prefix}${name}.`)] : [own];
    })
    .sort();
}

// dsl.ts read by the type checker (the one ts-morph ships): the shapes of its unions' members, as the compiler sees them.
const project = new Project({ compilerOptions: { strict: true }, skipAddingFilesFromTsConfig: true });
const dslFile = project.addSourceFileAtPath(path.join(ROOT, 'compiler/rules/dsl.ts'));

/** The fields of an object type, as `schemaShape` gives the schema's; `inline` says which fields to read into (those the schema writes inline). */
function typeShape(t: Type, inline: (name: string) => Schema | undefined, prefix = ''): Shape {
  return t
    .getProperties()
    .flatMap((p) => {
      const name = p.getName();
      const own = `${prefix}${name}${p.isOptional() ? '?' : ''}`;
      const nested = inline(name);
      if (!nested) return [own];
      const inner = p.getTypeAtLocation(dslFile).getNonNullableType();
      return [own, ...typeShape(inner, (n) => nested.properties?.[n]?.properties && nested.properties[n], `${prefix}${name}.`)];
    })
    .sort();
}

/** The object members of a union type alias of dsl.ts (numbers and other non-objects left out). */
function members(alias: string): Type[] {
  const t = dslFile.getTypeAliasOrThrow(alias).getType();
  return (t.isUnion() ? t.getUnionTypes() : [t]).filter((m) => m.isObject() && !m.isArray());
}

/** The branches of a schema union that are objects with fields (a `$ref` branch or a literal number left out). */
function branches(def: Schema): Schema[] {
  return (def.oneOf ?? def.anyOf ?? [def]).filter((b) => b.properties);
}

/** Each member's shape keyed by `key` of it, schema and types side by side; `tagged`: only the members with an `op` (a value's plain state quantity is checked as one). */
function byKey(alias: string, def: Schema, keyOfSchema: (b: Schema) => string, keyOfType: (t: Type) => string, tagged = false) {
  const schema = Object.fromEntries(
    branches(def)
      .filter((b) => !tagged || b.properties?.op)
      .map((b) => [keyOfSchema(b), schemaShape(b)]),
  );
  const types = Object.fromEntries(
    members(alias)
      .filter((t) => !tagged || t.getProperty('op'))
      .map((t) => {
        const key = keyOfType(t);
        const branch = branches(def).find((b) => keyOfSchema(b) === key);
        return [key, typeShape(t, (n) => (branch?.properties?.[n]?.properties ? branch.properties[n] : undefined))];
      }),
  );
  return { schema, types };
}

const opOfSchema = (b: Schema) => String(b.properties?.op?.const);
const opOfType = (t: Type) => t.getPropertyOrThrow('op').getTypeAtLocation(dslFile).getLiteralValueOrThrow() as string;
/** An untagged form is known by its fields. */
const fieldsOfSchema = (b: Schema) =>
  Object.keys(b.properties ?? {})
    .sort()
    .join(',');
const fieldsOfType = (t: Type) =>
  t
    .getProperties()
    .map((p) => p.getName())
    .sort()
    .join(',');

describe("each form's fields in the schema are the fields of its type in compiler/rules/dsl.ts (names, and which are required)", () => {
  it.each([
    ['Scoring', 'scoring'],
    ['Effect', 'effect'],
    ['Value', 'value'],
  ])('%s (by op)', (alias, def) => {
    const { schema, types } = byKey(alias, dsl.$defs[def]!, opOfSchema, opOfType, true);
    expect(Object.keys(schema).length).toBeGreaterThan(0);
    expect(schema).toEqual(types);
  });

  it.each([
    ['Quantity', 'quantity'],
    ['Condition', 'condition'],
    ['StateQuantity', 'stateQuantity'],
  ])('%s (by fields)', (alias, def) => {
    // Keyed by the kind's tag where there is one (a quantity's `field`, `count`, ...), else by the whole set of fields.
    const kind = (names: string[]) => names.find((n) => (QUANTITY_KINDS as readonly string[]).includes(n));
    const keyOfSchema = (b: Schema) => (alias === 'Quantity' ? String(kind(Object.keys(b.properties ?? {}))) : fieldsOfSchema(b));
    const keyOfType = (t: Type) => (alias === 'Quantity' ? String(kind(t.getProperties().map((p) => p.getName()))) : fieldsOfType(t));
    const { schema, types } = byKey(alias, dsl.$defs[def]!, keyOfSchema, keyOfType);
    expect(Object.keys(schema).length).toBeGreaterThan(0);
    expect(schema).toEqual(types);
  });

  it('Amount', () => {
    const amount = dslFile.getInterfaceOrThrow('Amount').getType();
    expect(schemaShape(dsl.$defs.amount!)).toEqual(typeShape(amount, () => undefined));
  });

  it('reads fields and required-ness on both sides, inline objects included (a field added to one side only is seen)', () => {
    const { schema, types } = byKey('Effect', dsl.$defs.effect!, opOfSchema, opOfType, true);
    expect(types.payEach).toEqual(['cost', 'each', 'op', 'shortfall', 'shortfall.amount', 'shortfall.field', 'shortfall.subject?']);
    expect(types.moveAll).toEqual(['from', 'from.field', 'from.keys?', 'op', 'to', 'to.field']);
    const moved = structuredClone(dsl.$defs.effect!);
    const gain = moved.oneOf!.find((b) => b.properties?.op?.const === 'gain')!;
    gain.properties!.times = { type: 'integer' };
    gain.required = gain.required!.filter((r) => r !== 'amount');
    expect(byKey('Effect', moved, opOfSchema, opOfType, true).schema.gain).toEqual(['amount?', 'field', 'op', 'times?']);
    expect(schema.gain).toEqual(types.gain);
  });
});
