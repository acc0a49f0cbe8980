import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import { escapePointer, unescapePointer } from '../json-pointer.ts';
import { reportBadBytes } from '../load/encoding.ts';
import { displayPath, listFiles, readSource } from '../load/files.ts';
import type { FoundRef, FoundRule, SourceFile } from '../model.ts';
import { keywordProblems, placeAtOffset, xRefProblem, xRuleProblem } from './keyword-values.ts';
import { reportReservedKeys } from './reserved-keys.ts';
import { reportErrors, type Retire } from './schema-report.ts';
import { namer } from './schema-words.ts';

// The wording of ajv's errors is its own modules (schema-report.ts, schema-words.ts); these types are still
// exported here for the modules that import them from the schema set.
export type { Retire } from './schema-report.ts';
export type { UnknownForm } from './schema-words.ts';

export const SCHEMA_BASE = 'https://rulebook.dev/schemas/';

/** The schemas the tool owns and ships (compiler/schemas/), by the name they have under SCHEMA_BASE. */
export const TOOL_SCHEMAS: readonly string[] = ['defs.schema.json', 'dsl.schema.json', 'game.schema.json'];
export const TOOL_SCHEMA_DIR = fileURLToPath(new URL('../schemas/', import.meta.url));

// ajv-formats is CommonJS: under ESM its default import is the module object, whose own default is the plugin.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as unknown as FormatsPlugin;

/**
 * What one validation's `x-ref` and `x-rule` keywords find. Each validation
 * makes its own and ajv hands it to the keywords as `this` (`passContext`),
 * so no state outlives a call or is shared between sets.
 */
class Found {
  readonly refs: FoundRef[] = [];
  readonly rules: FoundRule[] = [];
}

/**
 * All schemas under schemas/, compiled once into one ajv instance (2020-12,
 * strict, allErrors, discriminator), so `$ref`s between files resolve by `$id`.
 */
export class SchemaSet {
  readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  /** Schema files (paths under schemas/) that did not read or parse: already reported, so not "missing" too. */
  private readonly unreadable = new Set<string>();

  private constructor(private readonly root: string) {
    this.ajv = new Ajv2020({
      strict: true,
      allErrors: true,
      verbose: true,
      discriminator: true,
      allowUnionTypes: true,
      passContext: true,
      code: { optimize: false },
    });
    // `format: date`, `uri`, `email`, ... are checked as JSON Schema defines them (ajv-formats), not refused by strict mode.
    addFormats(this.ajv);
    // The keywords' values are checked by keyword-values.ts as each project schema is read (every wrong one, at its
    // line), and again here when a schema using them is compiled (the thrown message becomes a `schema-invalid`
    // diagnostic), rather than by a keyword meta-schema or ajv's `schemaType`: ajv compiles a meta-schema for each
    // keyword that has one, on every run (a twentieth of a small game's cold check), and `schemaType` words its error
    // for ajv's readers ('x-ref value must be ["string"]'), not a designer.
    this.ajv.addKeyword({
      keyword: 'x-ref',
      compile(target: unknown) {
        const problem = xRefProblem(target);
        if (problem !== undefined || typeof target !== 'string') throw new Error(problem);
        // Collects the references for the link phase rather than checking them here:
        // the targets are other files' entries, which only link knows.
        return function collect(this: unknown, data: unknown, cxt?: { instancePath: string; parentData?: unknown; parentDataProperty?: string | number }) {
          // A validator called on its own (not through validate() below) runs with another `this` (ajv's code is not
          // strict, so the global object): there is nothing to collect into.
          if (!(this instanceof Found) || typeof data !== 'string') return true;
          // Under `propertyNames` (a ban list keyed by card ID) the data is a key of the object at instancePath (ajv passes
          // that object as parentData), not a value: a value is what its parent holds under parentDataProperty.
          const holder = cxt?.parentData as Record<string | number, unknown> | undefined;
          const isKey =
            !!holder &&
            typeof holder === 'object' &&
            cxt?.parentDataProperty !== undefined &&
            holder[cxt.parentDataProperty] !== data &&
            Object.hasOwn(holder, data);
          const at = cxt?.instancePath ?? '';
          this.refs.push(isKey ? { target, value: data, pointer: `${at}/${escapePointer(data)}`, key: true } : { target, value: data, pointer: at });
          return true;
        };
      },
      errors: false,
    });
    this.ajv.addKeyword({
      keyword: 'x-rule',
      compile(kind: unknown) {
        const problem = xRuleProblem(kind);
        if (problem !== undefined || typeof kind !== 'string') throw new Error(problem);
        return function collect(this: unknown, _data: unknown, cxt?: { instancePath: string }) {
          if (this instanceof Found) this.rules.push({ kind, pointer: cxt?.instancePath ?? '' });
          return true;
        };
      },
      errors: false,
    });
  }

  /**
   * Problems of the schema files themselves go to `bag`, once; each run's validation reports into its own bag.
   * The tool's own schemas (the manifest's, the shared definitions, the DSL's) come from the installed tool, never
   * from the project: a project's schemas/ holds its games' schemas only, and refers to the shared ones by their
   * stable URL (`https://rulebook.dev/schemas/defs.schema.json`, or `../defs.schema.json` relative to a game's
   * schema), so an upgrade of the tool brings its schemas with it and no copy can fall out of step.
   */
  static async load(root: string, bag: DiagnosticBag, sources?: Map<string, string>): Promise<SchemaSet> {
    const set = new SchemaSet(root);
    for (const name of TOOL_SCHEMAS) {
      const schema = JSON.parse(await readFile(path.join(TOOL_SCHEMA_DIR, name), 'utf8')) as Record<string, unknown>;
      // Not checked against the meta-schema on every run (a tenth of a small check): they ship with the tool, and
      // test/tool-schemas.test.ts checks them; a project's own schemas below are checked each time.
      set.ajv.addSchema(schema, undefined, undefined, false);
    }
    const dir = path.join(root, 'schemas');
    for (const file of await listFiles(dir, '.schema.json')) {
      const shown = displayPath(root, file);
      const relative = path.relative(dir, file).split(path.sep).join('/');
      if (TOOL_SCHEMAS.includes(relative)) {
        // A copy made by hand before the tool owned these (or copied from node_modules): the tool's own stands.
        bag.warning(
          shown,
          { start: { line: 1, column: 1 } },
          'schema-tool-owned',
          `schemas/${relative} is rulebook's own schema: the installed tool's copy is used and this one is ignored`,
          [
            `delete schemas/${relative}; your schemas refer to it as "../${relative}#/$defs/..." (or "${SCHEMA_BASE}${relative}#/$defs/...") and the tool resolves it`,
          ],
        );
        continue;
      }
      const read = await readSource(file);
      if (read && !reportBadBytes(bag, shown, read.bad)) {
        set.unreadable.add(relative);
        continue;
      }
      const text = read?.text ?? '';
      let schema: Record<string, unknown>;
      try {
        schema = JSON.parse(text) as Record<string, unknown>;
      } catch (error) {
        // The parser's own words, less its offset into the file (the place says where), and the text kept for the code frame.
        const said = (error as Error).message.replace(/\s*(?:in JSON )?at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
        sources?.set(shown, text);
        bag.error(shown, positionOfJsonError(text, error), 'schema-json', `this schema is not valid JSON: ${said.charAt(0).toLowerCase()}${said.slice(1)}`, [
          'JSON takes no comments and no comma after the last item; every key and text is in "double quotes"',
        ]);
        set.unreadable.add(relative);
        continue;
      }
      const expectedId = SCHEMA_BASE + relative;
      if (schema.$id !== expectedId) {
        bag.error(
          shown,
          { start: { line: 1, column: 1 } },
          'schema-id',
          `the schema's $id must be "${expectedId}" (its path under schemas/), so $refs between files resolve`,
        );
        schema = { ...schema, $id: expectedId };
      }
      // Every wrong x-ref and x-rule of the file, each at its line (ajv would stop at the first when it compiles).
      const wrong = keywordProblems(schema, text);
      if (wrong.length) {
        sources?.set(shown, text);
        for (const w of wrong) bag.error(shown, w.place, 'schema-invalid', w.message);
        set.unreadable.add(relative);
        continue;
      }
      try {
        set.ajv.addSchema(schema);
      } catch (error) {
        bag.error(shown, { start: { line: 1, column: 1 } }, 'schema-invalid', (error as Error).message);
      }
    }
    return set;
  }

  /**
   * Follow a `$ref` from the schema whose URL is `base`: the node it names
   * (JSON pointer escapes decoded) and the URL of the schema holding it, for
   * the refs inside that node. Undefined when it names nothing loaded.
   */
  resolveRef(ref: string, base: string): { schema: Record<string, unknown>; base: string } | undefined {
    const url = new URL(ref, base);
    const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    let node: unknown = this.ajv.getSchema(url.href)?.schema;
    for (const part of fragment.split('/').slice(1)) {
      if (!node || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[unescapePointer(part)];
    }
    return node && typeof node === 'object' ? { schema: node as Record<string, unknown>, base: url.href } : undefined;
  }

  /** The validator for a schema path relative to schemas/; reports once if it cannot be built. */
  validator(schemaPath: string, usedBy: { file: string; source?: SourceFile; pointer?: string }, bag: DiagnosticBag): ValidateFunction | null {
    const id = SCHEMA_BASE + schemaPath;
    const known = this.compiled.get(id);
    if (known) return known;
    let fn: ValidateFunction | null = null;
    try {
      fn = this.ajv.getSchema(id) ?? null;
      if (!fn && !this.unreadable.has(schemaPath)) {
        const known = Object.keys(this.ajv.schemas)
          .filter((k) => k.startsWith(SCHEMA_BASE))
          .map((k) => k.slice(SCHEMA_BASE.length));
        const hint = closest(schemaPath, known);
        bag.error(
          usedBy.file,
          usedBy.source?.placeOf(usedBy.pointer ?? ''),
          'schema-missing',
          `no schema "schemas/${schemaPath}"`,
          hint ? [`did you mean "${hint}"?`] : [],
          hintOf(hint, known),
        );
      }
    } catch (error) {
      bag.error(
        displayPath(this.root, path.join(this.root, 'schemas', schemaPath)),
        { start: { line: 1, column: 1 } },
        'schema-invalid',
        (error as Error).message,
      );
    }
    // Only working validators are kept: a missing schema is reported to every run that needs it.
    if (fn) this.compiled.set(id, fn);
    return fn;
  }

  /**
   * Validate `value` and report every error at its place in `source`; return
   * the references found. `label` names the value in messages (an entry:
   * `cordel "Nonato e o Bode Silas"`), so a path reads `cordel "Nonato e o
   * Bode Silas" .scoring.awards[2]` rather than an index into the file.
   */
  validate(
    fn: ValidateFunction,
    value: unknown,
    source: SourceFile,
    basePointer: string,
    bag: DiagnosticBag,
    label?: string,
    retire?: Retire,
  ): { refs: FoundRef[]; rules: FoundRule[] } {
    const found = new Found();
    fn.call(found, value);
    const { refs, rules } = found;
    const name = namer(basePointer, label);
    const reported = fn.errors ? reportErrors(fn.errors, source, basePointer, bag, name, retire) : new Set<string>();
    const reserved = reportReservedKeys(value, source, basePointer, bag, name, reported);
    if (fn.errors || reserved) {
      // Refs found inside a failed value may come from a branch that did not match: drop them all.
      return { refs: [], rules: [] };
    }
    return { refs: refs.map((r) => ({ ...r, pointer: basePointer + r.pointer })), rules };
  }
}

function positionOfJsonError(text: string, error: unknown): Place {
  const match = /position (\d+)/.exec(String((error as Error).message));
  return placeAtOffset(text, match ? Number(match[1]) : 0);
}
