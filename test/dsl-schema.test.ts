import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EFFECT_OPS, QUANTITY_KINDS, SCORING_OPS, VALUE_OPS } from '../compiler/rules/dsl.ts';
import { ROOT } from './helpers.ts';

type Schema = { oneOf?: Schema[]; anyOf?: Schema[]; properties?: Record<string, { const?: string }>; required?: string[] };
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
