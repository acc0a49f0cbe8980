import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import { SchemaSet } from '../compiler/validate/schemas.ts';
import { fixtureProject } from './helpers.ts';

// The `x-ref` keyword collects into the validation that runs it (ajv passes it as the keywords' context),
// never into module state: these hold that wiring.
describe('what a validation finds belongs to that validation', () => {
  it('each call of validate returns its own references, at its base pointer', async () => {
    const bag = new DiagnosticBag();
    const set = await SchemaSet.load(await fixtureProject('hostile'), bag);
    const fn = set.validator('hostile/card.schema.json', { file: 'cards.yaml' }, bag)!;
    const source = new YamlSource('cards.yaml', '');
    const first = set.validate(fn, { name: 'A', kind: 'set', beats: 'b' }, source, '/0', bag);
    const second = set.validate(fn, { name: 'B', kind: 'set' }, source, '/1', bag);
    expect(first.refs).toEqual([{ target: 'cards', value: 'b', pointer: '/0/beats' }]);
    expect(second.refs).toEqual([]);
    expect(bag.sorted()).toEqual([]);
  });

  it('a validator called on its own (without validate) checks the value and collects nothing', async () => {
    const bag = new DiagnosticBag();
    const set = await SchemaSet.load(await fixtureProject('hostile'), bag);
    const fn = set.validator('hostile/card.schema.json', { file: 'cards.yaml' }, bag)!;
    expect(fn({ name: 'A', kind: 'set', beats: 'b' })).toBe(true);
    expect(fn({ name: 'A', kind: 'sett' })).toBe(false);
    const after = set.validate(fn, { name: 'C', kind: 'single', beats: 'a' }, new YamlSource('cards.yaml', ''), '/2', bag);
    expect(after.refs).toEqual([{ target: 'cards', value: 'a', pointer: '/2/beats' }]);
  });
});
