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
  const problems = async (edit: (text: string) => string) => {
    const bag = new DiagnosticBag();
    const root = await fixtureProject('hostile', { 'schemas/hostile/card.schema.json': edit });
    const set = await SchemaSet.load(root, bag);
    set.validator('hostile/card.schema.json', { file: 'cards.yaml' }, bag);
    return bag.sorted().map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId} ${d.message}`);
  };

  it.each([
    ['x-rule', { type: 'string', 'x-rule': 'scorin' }, ':13:\\d+ schema-invalid "x-rule": "scorin" is not a kind of rule: use "scoring", "effect", "value"'],
    ['x-ref', { type: 'string', 'x-ref': 3 }, ':13:\\d+ schema-invalid "x-ref": 3 must name a collection, in quotes'],
  ])('a wrong %s value is an error at its line of the schema file, said once', async (_keyword, beats, said) => {
    const found = await problems(withBeats(beats));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^schemas/hostile/card\\.schema\\.json${said}`));
  });

  it('every wrong value of a file is said in one run, each at its own line', async () => {
    const found = await problems((text) =>
      withBeats({ type: 'string', 'x-ref': 3 })(text).replace(
        '"name": { "type": "string", "description": "Name" }',
        '"name": { "type": "string", "x-rule": "scorin", "description": "Name" }',
      ),
    );
    expect(found).toEqual([
      expect.stringMatching(/^schemas\/hostile\/card\.schema\.json:11:\d+ schema-invalid "x-rule": "scorin"/),
      expect.stringMatching(/^schemas\/hostile\/card\.schema\.json:13:\d+ schema-invalid "x-ref": 3/),
    ]);
  });

  it('every rule kind the compiler knows is taken, and an x-ref inside an example is data', async () => {
    for (const kind of ['scoring', 'effect', 'value']) expect(await problems(withBeats({ type: 'string', 'x-rule': kind }))).toEqual([]);
    expect(await problems(withBeats({ type: 'string', 'x-ref': 'cards', examples: [{ 'x-ref': 3 }] }))).toEqual([]);
  });
});
