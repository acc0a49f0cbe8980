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

// The keywords' own values are checked when the schema is read, as JSON Schema's own keywords are: a designer who
// misspells a rule kind or gives a reference a number hears it at the schema file, before any entry is validated.
describe("the rulebook keywords' values", () => {
  const withBeats = (beats: Record<string, unknown>) => (text: string) =>
    text.replace('"beats": { "type": "string", "x-ref": "cards", "description": "Another card" }', `"beats": ${JSON.stringify(beats)}`);

  it.each([
    ['x-rule', { type: 'string', 'x-rule': 'scorin' }, /"x-rule": "scorin" is not a kind of rule: use "scoring", "effect", "value"/],
    ['x-ref', { type: 'string', 'x-ref': 3 }, /"x-ref": 3 must name a collection/],
  ])('a wrong %s value is a schema error at the schema file', async (_keyword, beats, said) => {
    const bag = new DiagnosticBag();
    const root = await fixtureProject('hostile', { 'schemas/hostile/card.schema.json': withBeats(beats) });
    const set = await SchemaSet.load(root, bag);
    set.validator('hostile/card.schema.json', { file: 'cards.yaml' }, bag);
    const found = bag.sorted().map((d) => `${d.file} ${d.ruleId} ${d.message}`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^schemas\/hostile\/card\.schema\.json schema-invalid /);
    expect(found[0]).toMatch(said);
  });

  it('every rule kind the compiler knows is taken', async () => {
    for (const kind of ['scoring', 'effect', 'value']) {
      const bag = new DiagnosticBag();
      const root = await fixtureProject('hostile', { 'schemas/hostile/card.schema.json': withBeats({ type: 'string', 'x-rule': kind }) });
      const set = await SchemaSet.load(root, bag);
      expect(set.validator('hostile/card.schema.json', { file: 'cards.yaml' }, bag)).not.toBeNull();
      expect(bag.sorted()).toEqual([]);
    }
  });
});
