import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { explain } from '../compiler/commands/explain.ts';
import { CODES, isDiagnosticCode, schemaCode, severityAllowed, yamlCode } from '../compiler/diagnostics/codes.ts';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { diagnosticsSection, END, START, withDiagnosticsSection } from '../compiler/diagnostics/readme.ts';
import { makeProject, MINI_GAME, MINI_SCHEMA, ROOT, runCli } from './helpers.ts';

/** Every .ts file under compiler/. */
function compilerFiles(dir = path.join(ROOT, 'compiler')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? compilerFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

interface Use {
  where: string;
  severity: 'error' | 'warning' | undefined;
  /** The code's expression as written. */
  text: string;
  /** The string literals in it (a conditional may hold two). */
  literals: string[];
}

/**
 * Every code the compiler reports, read from its syntax (fast, no type-check):
 * the third argument of each `bag.error`/`bag.warning`/`this.fail(bag, ...)`
 * call, and each `ruleId:` a problem object carries.
 */
function codeUses(): Use[] {
  const uses: Use[] = [];
  for (const file of compilerFiles()) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const where = (n: ts.Node) => `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const literals = (n: ts.Node): string[] => (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? [n.text] : n.getChildren().flatMap(literals));
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const callee = n.expression.getText();
        const method = n.expression.name.text;
        if (/\bbag\.(error|warning)$/.test(callee) && n.arguments[2]) {
          uses.push({ where: where(n), severity: method as 'error' | 'warning', text: n.arguments[2].getText(), literals: literals(n.arguments[2]) });
        } else if (callee === 'this.fail' && n.arguments[2]) {
          uses.push({ where: where(n), severity: 'error', text: n.arguments[2].getText(), literals: literals(n.arguments[2]) });
        }
      }
      if (ts.isPropertyAssignment(n) && n.name.getText() === 'ruleId' && !path.relative(ROOT, file).startsWith('compiler/diagnostics/')) {
        uses.push({ where: where(n), severity: undefined, text: n.initializer.getText(), literals: literals(n.initializer) });
      }
      n.forEachChild(visit);
    };
    visit(source);
  }
  return uses;
}

describe('the registry of diagnostic codes', () => {
  const uses = codeUses();

  it("finds the compiler's reports (the scan itself works)", () => {
    expect(uses.length).toBeGreaterThan(60);
    expect(uses.some((u) => u.literals.includes('duplicate-id') && u.severity === 'error')).toBe(true);
    expect(uses.some((u) => u.literals.includes('file-undeclared') && u.severity === 'warning')).toBe(true);
  });

  it('every code the compiler reports is registered, with the severity it is reported with', () => {
    const unregistered = uses.flatMap((u) => u.literals.filter((l) => !isDiagnosticCode(l)).map((l) => `${u.where}: "${l}"`));
    expect(unregistered).toEqual([]);
    const wrongSeverity = uses.flatMap((u) =>
      u.severity ? u.literals.filter((l) => isDiagnosticCode(l) && !severityAllowed(l, u.severity!)).map((l) => `${u.where}: "${l}" as ${u.severity}`) : [],
    );
    expect(wrongSeverity).toEqual([]);
  });

  it("a code is never built from a string: it is a literal, or comes from the registry's own helpers", () => {
    // A template such as `yaml-${code}` could name a code that is not registered; yamlCode/schemaCode are typed to registered codes.
    const allowed = /^(yamlCode|schemaCode)\(|^(code|problem\.ruleId)$/;
    const built = uses.filter((u) => !u.literals.length && !allowed.test(u.text)).map((u) => `${u.where}: ${u.text}`);
    expect(built).toEqual([]);
  });

  it('every code has a one-line summary, an explanation and an example with its fix', () => {
    expect(CODES.size).toBeGreaterThan(60);
    for (const [code, c] of CODES) {
      // Kebab-case, but a schema keyword keeps its JSON Schema spelling (`schema-additionalProperties`), as printed before the registry.
      expect(code, code).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)+$|^schema-[a-zA-Z]+$/);
      expect(c.summary, code).toMatch(/^[A-Z`].*\.$/);
      expect(c.summary, code).not.toContain('\n');
      expect(c.explanation.length, code).toBeGreaterThan(c.summary.length);
      expect(c.example.file, code).toMatch(/^(content|schemas)\b|^rulebook\.yaml$|^releases\.yaml$/);
      expect(c.example.yaml.trim(), code).not.toBe('');
      expect(c.example.fix.trim(), code).not.toBe('');
    }
  });

  it("maps the YAML parser's codes and the schema keywords to registered codes", () => {
    expect(yamlCode('BAD_INDENT')).toBe('yaml-bad-indent');
    expect(yamlCode('KEY_OVER_1024_CHARS')).toBe('yaml-key-over-1024-chars');
    expect(isDiagnosticCode(yamlCode('DUPLICATE_KEY'))).toBe(true);
    expect(schemaCode('enum')).toBe('schema-enum');
    expect(schemaCode('additionalProperties')).toBe('schema-additionalProperties');
    expect(schemaCode('false schema')).toBe('schema-false');
    expect(schemaCode('someFutureKeyword')).toBe('schema-keyword');
    expect(schemaCode('constructor')).toBe('schema-keyword'); // not an own key of the registry
  });
});

describe('rulebook explain', () => {
  it('runs from the command line: exit 0 with the text, exit 2 with the nearest codes for an unknown one', async () => {
    const known = await runCli(['explain', 'duplicate-id']);
    expect(known.code).toBe(0);
    expect(known.out).toMatch(/^duplicate-id \(error\): /);
    const unknown = await runCli(['explain', 'ref-unknwn']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('did you mean "ref-unknown"?');
  });

  it('explains a code with its severity, an example and the fix', () => {
    const r = explain('duplicate-id');
    expect(r.ok).toBe(true);
    expect(r.text).toMatch(/^duplicate-id \(error\): Two entries of a collection share an ID\./);
    expect(r.text).toContain('For example, in content/mygame/cards.yaml:');
    expect(r.text).toContain('    - name: Ze Baiano');
    expect(r.text).toContain('Fix:');
  });

  it('says when a code may be either severity', () => {
    expect(explain('component-count').text).toMatch(/^component-count \(error or warning\):/);
    expect(explain('file-undeclared').text).toMatch(/^file-undeclared \(warning\):/);
  });

  it("explains the YAML parser's and the schema keywords' codes too", () => {
    expect(explain('yaml-duplicate-key')).toEqual({ ok: true, text: expect.stringContaining('A map has the same key twice.') });
    expect(explain('schema-enum')).toEqual({ ok: true, text: expect.stringContaining('kind: sett') });
  });

  it('reads a code in any case', () => {
    expect(explain('Duplicate-ID').text).toMatch(/^duplicate-id \(error\)/);
    expect(explain('schema-minitems').text).toMatch(/^schema-minItems \(error\): A list has too few items\./);
  });

  it('an unknown code is refused with the nearest codes', () => {
    const r = explain('dupliate-id');
    expect(r.ok).toBe(false);
    expect(r.text).toContain('unknown diagnostic code "dupliate-id": did you mean "duplicate-id"?');
  });

  it('a family prefix lists its codes', () => {
    const r = explain('rule-number');
    expect(r.ok).toBe(false);
    expect(r.text).toContain('codes starting with it: rule-number-format, rule-number-parent, rule-number-order, rule-number-gap, rule-number-kind');
  });
});

describe('the README lists every code', () => {
  it('its Diagnostics section is what `npm run docs:diagnostics` writes', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(START);
    expect(readme).toContain(END);
    // When this fails: run `npm run docs:diagnostics` and commit README.md.
    expect(withDiagnosticsSection(readme)).toBe(readme);
  });

  it('the section has one row per code', () => {
    const section = diagnosticsSection();
    for (const code of CODES.keys()) expect(section).toContain(`| \`${code}\` |`);
    expect(section.split('\n').filter((l) => l.startsWith('| `'))).toHaveLength(CODES.size);
  });

  it('without its markers the README is left alone', () => {
    expect(withDiagnosticsSection('# a README\n')).toBeUndefined();
    expect(withDiagnosticsSection(`${END}\n${START}\n`)).toBeUndefined();
  });
});

describe('"did you mean" is data as well as a note', () => {
  const project = () =>
    makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: sett\n- name: Bee\n  kind: set\n  pionts: 3\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });

  it('the text keeps its note', async () => {
    const r = await runCli(['check', '-C', await project()]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('  = did you mean "set"?');
    expect(r.err).toContain('  = did you mean `points`?');
  });

  it('JSON carries the expected values and the suggestion', async () => {
    const r = await runCli(['check', '--format', 'json', '-C', await project()]);
    const items = JSON.parse(r.out) as Array<{ ruleId: string; expected?: string[]; suggestion?: string; notes: string[] }>;
    expect(items.find((d) => d.ruleId === 'schema-enum')).toMatchObject({ expected: ['single', 'set'], suggestion: 'set', notes: ['did you mean "set"?'] });
    expect(items.find((d) => d.ruleId === 'schema-additionalProperties')).toMatchObject({
      expected: ['id', 'name', 'kind', 'points', 'awards', 'beats'],
      suggestion: 'points',
    });
  });

  it("SARIF carries them in the result's properties, and each rule its summary and explanation", async () => {
    const r = await runCli(['check', '--format', 'sarif', '-C', await project()]);
    const log = JSON.parse(r.out) as {
      runs: Array<{
        tool: { driver: { rules: Array<{ id: string; shortDescription: { text: string }; fullDescription: { text: string } }> } };
        results: Array<{ ruleId: string; properties?: { expected?: string[]; suggestion?: string } }>;
      }>;
    };
    const run = log.runs[0]!;
    expect(run.results.find((x) => x.ruleId === 'schema-enum')?.properties).toEqual({ expected: ['single', 'set'], suggestion: 'set' });
    const rule = run.tool.driver.rules.find((x) => x.id === 'schema-additionalProperties')!;
    expect(rule.shortDescription.text).toBe(CODES.get('schema-additionalProperties')!.summary);
    expect(rule.fullDescription.text).toBe(CODES.get('schema-additionalProperties')!.explanation);
  });

  it('a diagnostic without a hint has neither field', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': '- name: A\n  kind: set\n  points: two\n',
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    const items = JSON.parse((await runCli(['check', '--format', 'json', '-C', root])).out) as Array<Record<string, unknown>>;
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('expected');
    expect(items[0]).not.toHaveProperty('suggestion');
  });
});

describe('output is sorted and deduplicated', () => {
  it('the same problem found twice is reported once; the same message at another place is not merged', () => {
    const bag = new DiagnosticBag();
    const at = (line: number) => ({ start: { line, column: 3 } });
    bag.error('content/x/b.yaml', at(2), 'duplicate-id', 'duplicate ID "a"');
    bag.warning('content/x/a.yaml', at(9), 'file-undeclared', 'not declared');
    bag.error('content/x/b.yaml', at(2), 'duplicate-id', 'duplicate ID "a"', ['a second note']);
    bag.error('content/x/b.yaml', at(4), 'duplicate-id', 'duplicate ID "a"');
    bag.error('content/x/c.yaml', at(1), 'yaml-tab-indent', 'a tab');
    expect(bag.sorted().map((d) => `${d.file}:${d.place?.start.line} ${d.ruleId}`)).toEqual([
      'content/x/c.yaml:1 yaml-tab-indent', // syntax first
      'content/x/a.yaml:9 file-undeclared',
      'content/x/b.yaml:2 duplicate-id',
      'content/x/b.yaml:4 duplicate-id',
    ]);
    expect(bag.sorted()[2]!.notes).toEqual([]); // the first report is kept
    expect(bag.items).toHaveLength(4); // kept once in `items` too, which `rulebook serve` reads unsorted
    expect(bag.errorCount).toBe(3);
  });

  it('diagnostics pushed onto `items` from another bag are deduplicated when sorted', () => {
    const one = new DiagnosticBag();
    one.error('content/x/b.yaml', { start: { line: 2, column: 3 } }, 'duplicate-id', 'duplicate ID "a"');
    const all = new DiagnosticBag();
    all.items.push(...one.items, ...one.items);
    expect(all.sorted()).toHaveLength(1);
  });
});
