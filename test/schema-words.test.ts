import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag, type Diagnostic, type Place } from '../compiler/diagnostics/diagnostic.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import type { Range, SourceFile } from '../compiler/model.ts';
import { SchemaSet } from '../compiler/validate/schemas.ts';
import { diagnosticsOf, fixtureProject, ROOT } from './helpers.ts';

// The wording of schema errors (compiler/validate/schema-words.ts, schema-report.ts) speaks of values and places only
// through the SourceFile interface: a value read from YAML and the same value read from any other kind of file (a
// spreadsheet's cells, a JSON file) get the same words, each at its own file's place.

/** A source that is not YAML: every value stands in a cell of a table (row = entry + 2, column by field), keys in the header. */
class CellSource implements SourceFile {
  readonly text = '';
  readonly ok = true;
  readonly placeholders = [];
  readonly readings = [];
  readonly ranges = new Map<string, Range>();
  readonly keys = new Map<string, Range>();
  constructor(
    readonly path: string,
    readonly value: unknown[],
    private readonly columns: readonly string[],
  ) {}
  placeOf(pointer: string, options?: { key?: boolean }): Place {
    const [row, field] = pointer.split('/').slice(1);
    const column = field === undefined ? 1 : this.columns.indexOf(field) + 1;
    return { start: { line: options?.key || row === undefined ? 1 : Number(row) + 2, column: column > 0 ? column : this.columns.length + 1 } };
  }
  placeOfRange(): undefined {
    return undefined;
  }
}

/** What a reader is told, less where: the code, the words, the notes and the "did you mean" as data. */
const said = (d: Diagnostic) => ({ ruleId: d.ruleId, message: d.message, notes: d.notes, expected: d.expected, suggestion: d.suggestion });

async function reportsOf(source: SourceFile, fixture = 'hostile', schema = 'hostile/card.schema.json', collection = 'cards'): Promise<Diagnostic[]> {
  const bag = new DiagnosticBag();
  const set = await SchemaSet.load(await fixtureProject(fixture), bag);
  const fn = set.validator(schema, { file: source.path }, bag)!;
  (source.value as Array<Record<string, unknown>>).forEach((entry, i) =>
    set.validate(fn, entry, source, `/${i}`, bag, `${collection} "${String(entry.name)}"`),
  );
  return bag.items;
}

const YAML = [
  '- name: Image',
  '  kind: sett',
  '- name: 3',
  '  kind: set',
  '- name: Bare',
  '  knid: single',
  '- name: Far',
  '  kind: set',
  '  colour: red',
  '',
].join('\n');

describe('schema errors are worded the same whatever file the value comes from', () => {
  it('a YAML node and a table cell holding the same value get the same words, each at its own place', async () => {
    const yaml = new YamlSource('cards.yaml', YAML).parse(new DiagnosticBag());
    expect(yaml.ok).toBe(true);
    const cells = new CellSource('cards.csv', structuredClone(yaml.value) as unknown[], ['name', 'kind', 'beats']);
    const fromYaml = await reportsOf(yaml);
    const fromCells = await reportsOf(cells);
    expect(fromCells.map(said)).toEqual(fromYaml.map(said));
    expect(fromCells.map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}`)).toEqual([
      'cards.csv:2:2 schema-enum: `cards "Image" .kind` must be one of: single, set (got "sett")',
      'cards.csv:3:1 schema-type: `cards "3" .name` must be a string (got number 3)',
      'cards.csv:1:4 schema-additionalProperties: unknown field `knid` in `cards "Bare"`: did you mean `kind`? (a required field, missing here)',
      'cards.csv:1:4 schema-additionalProperties: unknown field `colour` in `cards "Far"`',
    ]);
    expect(fromYaml.map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}`)).toEqual([
      'cards.yaml:2:9 schema-enum',
      'cards.yaml:3:9 schema-type',
      'cards.yaml:6:3 schema-additionalProperties',
      'cards.yaml:9:3 schema-additionalProperties',
    ]);
    expect(fromCells[0]!.notes).toEqual(['did you mean "set"?']);
  });

  it('a reserved key is refused in the same words from any source', async () => {
    const value = JSON.parse('[{ "name": "Proto", "kind": "set", "__proto__": { "polluted": true } }]') as unknown[];
    const cells = await reportsOf(new CellSource('cards.csv', value, ['name', 'kind', '__proto__']));
    const yaml = await reportsOf(new YamlSource('cards.yaml', '- name: Proto\n  kind: set\n  __proto__: { polluted: true }\n').parse(new DiagnosticBag()));
    expect(cells.map(said)).toEqual(yaml.map(said));
    expect(cells.map((d) => d.ruleId)).toEqual(['schema-additionalProperties']);
  });

  it('a rule without its tag is one error, naming the field it needs (not YAML syntax, `op:`), from any source', async () => {
    const yaml = new YamlSource('trophies.yaml', '- name: Bare\n  scoring: { points: 2 }\n').parse(new DiagnosticBag());
    const cells = new CellSource('trophies.csv', structuredClone(yaml.value) as unknown[], ['name', 'scoring']);
    const fromYaml = await reportsOf(yaml, 'duel', 'duel/trophy.schema.json', 'trophies');
    const fromCells = await reportsOf(cells, 'duel', 'duel/trophy.schema.json', 'trophies');
    expect(fromCells.map(said)).toEqual(fromYaml.map(said));
    expect(fromCells.map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}`)).toEqual([
      'trophies.csv:2:2 schema-discriminator: `trophies "Bare" .scoring` needs the field `op` (one of: rank, per, if, sum)',
    ]);
  });

  it('the wording modules reach no YAML: not the yaml package, not the load phase', () => {
    const wording = ['schema-words.ts', 'schema-report.ts', 'schema-error-groups.ts', 'reserved-keys.ts'].map((f) =>
      path.join(ROOT, 'compiler', 'validate', f),
    );
    const seen = new Set<string>();
    const packages: string[] = [];
    const shown = (f: string) => path.relative(path.join(ROOT, 'compiler'), f).split(path.sep).join('/');
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (!fileName.startsWith('.')) packages.push(`${shown(file)} -> ${fileName}`);
        else visit(path.resolve(path.dirname(file), fileName));
      }
    };
    wording.forEach(visit);
    const files = [...seen].map(shown);
    expect(files.filter((f) => f.startsWith('load/'))).toEqual([]);
    // Two ways to the package, neither about the source: the registry of every diagnostic code names the YAML parser's
    // codes (a type), and the schemas' examples, written in their descriptions as YAML flow text, are read to be shown
    // as JSON in a message about a JSON file (json-examples.ts).
    expect(packages.filter((m) => / -> yaml(\/|$)/.test(m)).sort()).toEqual(['diagnostics/codes.ts -> yaml', 'validate/json-examples.ts -> yaml']);
    // It does reach the contract it places by: the SourceFile interface.
    expect(files).toContain('model.ts');
  });

  it('a collection file that is not a list is told so in its own syntax: YAML or JSON', async () => {
    const root = await fixtureProject('hostile', { 'content/hostile/game.yaml': (t) => t.replace('file: cards.yaml', 'file: cards.json') });
    rmSync(path.join(root, 'content/hostile/cards.yaml'));
    writeFileSync(path.join(root, 'content/hostile/cards.json'), '{ "name": "Image", "kind": "set" }\n');
    expect(await diagnosticsOf(root)).toEqual([
      'error content/hostile/cards.json:1:1 collection-not-a-list: a collection file must be a list of entries (`[{ "name": ... }, ...]`)',
    ]);
    const yaml = await fixtureProject('hostile', { 'content/hostile/cards.yaml': () => 'name: Image\nkind: set\n' });
    expect(await diagnosticsOf(yaml)).toEqual([
      'error content/hostile/cards.yaml:1:1 collection-not-a-list: a collection file must be a list of entries (`- name: ...`)',
    ]);
  });
});
