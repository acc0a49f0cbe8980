import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import path from 'node:path';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { closest } from '../diagnostics/suggest.ts';
import { displayPath, listFiles, readText } from '../load/files.ts';
import type { YamlSource } from '../load/yaml-source.ts';

export const SCHEMA_BASE = 'https://rulebook.dev/schemas/';

/** A string that names another entry, found while validating (see the x-ref keyword). */
export interface FoundRef {
  target: string;
  value: string;
  pointer: string;
}

/** A value the schema marks as a rule of the DSL (`"x-rule": "scoring"`). */
export interface FoundRule {
  kind: string;
  pointer: string;
}

let refSink: FoundRef[] | undefined;
let ruleSink: FoundRule[] | undefined;

/**
 * All schemas under schemas/, compiled once into one ajv instance (2020-12,
 * strict, allErrors, discriminator), so `$ref`s between files resolve by `$id`.
 */
export class SchemaSet {
  readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(private readonly root: string) {
    this.ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, discriminator: true, allowUnionTypes: true });
    this.ajv.addKeyword({
      keyword: 'x-ref',
      schemaType: 'string',
      metaSchema: { type: 'string' },
      // Collects the references for the link phase rather than checking them here:
      // the targets are other files' entries, which only link knows.
      validate: function collect(target: string, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) {
        if (refSink && typeof data === 'string') refSink.push({ target, value: data, pointer: cxt?.instancePath ?? '' });
        return true;
      },
      errors: false,
    });
    this.ajv.addKeyword({
      keyword: 'x-rule',
      schemaType: 'string',
      metaSchema: { enum: ['scoring', 'effect', 'value'] },
      validate: function collect(kind: string, _data: unknown, _parent?: unknown, cxt?: { instancePath: string }) {
        ruleSink?.push({ kind, pointer: cxt?.instancePath ?? '' });
        return true;
      },
      errors: false,
    });
  }

  /** Problems of the schema files themselves go to `bag`, once; each run's validation reports into its own bag. */
  static async load(root: string, bag: DiagnosticBag): Promise<SchemaSet> {
    const set = new SchemaSet(root);
    const dir = path.join(root, 'schemas');
    for (const file of await listFiles(dir, '.schema.json')) {
      const shown = displayPath(root, file);
      const text = (await readText(file)) ?? '';
      let schema: Record<string, unknown>;
      try {
        schema = JSON.parse(text) as Record<string, unknown>;
      } catch (error) {
        bag.error(shown, positionOfJsonError(text, error), 'schema-json', `invalid JSON: ${(error as Error).message}`);
        continue;
      }
      const expectedId = SCHEMA_BASE + path.relative(dir, file).split(path.sep).join('/');
      if (schema.$id !== expectedId) {
        bag.error(shown, { start: { line: 1, column: 1 } }, 'schema-id', `the schema's $id must be "${expectedId}" (its path under schemas/), so $refs between files resolve`);
        schema = { ...schema, $id: expectedId };
      }
      try {
        set.ajv.addSchema(schema);
      } catch (error) {
        bag.error(shown, { start: { line: 1, column: 1 } }, 'schema-invalid', (error as Error).message);
      }
    }
    return set;
  }

  /** The validator for a schema path relative to schemas/; reports once if it cannot be built. */
  validator(schemaPath: string, usedBy: { file: string; source?: YamlSource; pointer?: string }, bag: DiagnosticBag): ValidateFunction | null {
    const id = SCHEMA_BASE + schemaPath;
    const known = this.compiled.get(id);
    if (known) return known;
    let fn: ValidateFunction | null = null;
    try {
      fn = this.ajv.getSchema(id) ?? null;
      if (!fn) {
        const known = Object.keys(this.ajv.schemas).filter((k) => k.startsWith(SCHEMA_BASE)).map((k) => k.slice(SCHEMA_BASE.length));
        const hint = closest(schemaPath, known);
        bag.error(usedBy.file, usedBy.source?.placeOf(usedBy.pointer ?? ''), 'schema-missing', `no schema "schemas/${schemaPath}"`, hint ? [`did you mean "${hint}"?`] : []);
      }
    } catch (error) {
      bag.error(displayPath(this.root, path.join(this.root, 'schemas', schemaPath)), { start: { line: 1, column: 1 } }, 'schema-invalid', (error as Error).message);
    }
    // Only working validators are kept: a missing schema is reported to every run that needs it.
    if (fn) this.compiled.set(id, fn);
    return fn;
  }

  /** Validate `value` and report every error at its place in `source`; return the references found. */
  validate(fn: ValidateFunction, value: unknown, source: YamlSource, basePointer: string, bag: DiagnosticBag): { refs: FoundRef[]; rules: FoundRule[] } {
    const refs: FoundRef[] = [];
    const rules: FoundRule[] = [];
    refSink = refs;
    ruleSink = rules;
    try {
      fn(value);
    } finally {
      refSink = undefined;
      ruleSink = undefined;
    }
    if (fn.errors) {
      reportErrors(fn.errors, source, basePointer, bag);
      // Refs found inside a failed value may come from a branch that did not match: drop them all.
      return { refs: [], rules: [] };
    }
    return { refs: refs.map((r) => ({ ...r, pointer: basePointer + r.pointer })), rules };
  }
}

function reportErrors(errors: ErrorObject[], source: YamlSource, base: string, bag: DiagnosticBag): void {
  // Errors inside the branches of a failed anyOf/oneOf are folded into that one
  // error as notes: "must be a string or a map" beats four unrelated messages.
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const inUnion = (e: ErrorObject) => unions.some((u) => u !== e && e.schemaPath.startsWith(u.schemaPath + '/'));
  const seen = new Set<string>();
  const tags = new Set(errors.filter((e) => e.keyword === 'discriminator').map((e) => `${e.instancePath}/${String((e.params as { tag?: string }).tag)}`));
  for (const error of errors) {
    if (error.keyword === 'if' || inUnion(error)) continue;
    if (error.keyword === 'enum' && tags.has(error.instancePath)) continue; // the discriminator error says it better
    const pointer = base + error.instancePath;
    const report = describe({ ...error, instancePath: pointer }, errors.map((e) => ({ ...e, instancePath: base + e.instancePath })), unions);
    if (report.pointer) report.pointer = report.pointer.slice(base.length);
    const key = `${report.pointer ?? pointer}|${report.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const place = source.placeOf(report.pointer ? base + report.pointer : pointer, { key: report.atKey });
    bag.error(source.path, place, `schema-${report.keyword ?? error.keyword}`, report.message, report.notes);
  }
}

interface Described {
  /** The rule id's keyword when it is not the reported error's own (a union reports its branch's). */
  keyword?: string;
  message: string;
  notes: string[];
  pointer?: string;
  atKey?: boolean;
}

function describe(error: ErrorObject, all: ErrorObject[], unions: ErrorObject[]): Described {
  const where = error.instancePath ? `\`${prettyPointer(error.instancePath)}\`` : 'the document';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { message: `${where} is missing the required field \`${String(params.missingProperty)}\``, notes: [] };
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys((error.parentSchema?.properties as Record<string, unknown>) ?? {});
      const hint = closest(key, known);
      return {
        message: `unknown field \`${key}\` in ${where}`,
        notes: hint ? [`did you mean \`${hint}\`?`] : known.length ? [`known fields: ${known.join(', ')}`] : [],
        pointer: `${error.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        atKey: true,
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const value = String(error.data);
      const hint = closest(value, allowed);
      return { message: `${where} must be one of: ${allowed.join(', ')} (got "${value}")`, notes: hint ? [`did you mean "${hint}"?`] : [] };
    }
    case 'const':
      return { message: `${where} must be ${JSON.stringify(params.allowedValue)}`, notes: [] };
    case 'type':
      return { message: `${where} must be ${articled(String(params.type))} (got ${kindOf(error.data)})`, notes: [] };
    case 'anyOf':
    case 'oneOf': {
      const keyed = keyedUnion(error, all);
      if (keyed) return keyed;
      const branchErrors = all.filter((e) => e !== error && e.schemaPath.startsWith(error.schemaPath + '/') && !unions.some((u) => u !== error && e.schemaPath.startsWith(u.schemaPath + '/') && u.schemaPath.startsWith(error.schemaPath + '/')));
      const notes = [...new Set(branchErrors.map((e) => `${e.instancePath === error.instancePath ? '' : `at ${prettyPointer(e.instancePath)}: `}${describe(e, all, []).message.replace(/^.*? (must|is missing)/, '$1')}`))].slice(0, 4);
      const description = (error.parentSchema as { description?: string } | undefined)?.description;
      return { message: `${where} does not match any allowed form${description ? ` (${description.replace(/\.$/, '')})` : ''}`, notes };
    }
    case 'discriminator': {
      const tag = String(params.tag);
      const mapping = (error.parentSchema as { oneOf?: Array<{ properties?: Record<string, { const?: string }> }> })?.oneOf?.map((b) => b.properties?.[tag]?.const).filter((v): v is string => !!v) ?? [];
      const value = (error.data as Record<string, unknown> | null)?.[tag];
      const hint = typeof value === 'string' ? closest(value, mapping) : undefined;
      return {
        message: value === undefined ? `${where} needs \`${tag}:\` (one of: ${mapping.join(', ')})` : `unknown ${tag} "${String(value)}" in ${where}; known: ${mapping.join(', ')}`,
        notes: hint ? [`did you mean "${hint}"?`] : [],
        pointer: value === undefined ? undefined : `${error.instancePath}/${tag}`,
      };
    }
    default:
      return { message: `${where} ${error.message ?? 'is invalid'}`, notes: [] };
  }
}

type Branch = { type?: unknown; required?: string[] };

/**
 * A union of object forms told apart by one key each (`{ field }`, `{ count }`,
 * `{ groupsOf, of }`...): report against the form whose key is present, or, when
 * none is, name the keys and suggest the closest to the keys the value has.
 */
function keyedUnion(error: ErrorObject, all: ErrorObject[]): Described | undefined {
  const branches = (Array.isArray(error.schema) ? error.schema : []) as Branch[];
  const objects = branches.map((b, i) => ({ b, i })).filter(({ b }) => b.type === 'object' && b.required?.length);
  const keys = objects.map(({ b }) => b.required![0]!);
  if (objects.length < 2 || new Set(keys).size !== keys.length) return undefined;
  const data = error.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const where = error.instancePath ? `\`${prettyPointer(error.instancePath)}\`` : 'the document';
  const present = keys.filter((k) => k in data);
  if (present.length === 1) {
    const branch = objects[keys.indexOf(present[0]!)]!.i;
    const inBranch = all.filter((e) => e.schemaPath.startsWith(`${error.schemaPath}/${branch}/`));
    const first = inBranch[0];
    if (!first) return undefined;
    const d = describe(first, all, []);
    return { ...d, keyword: first.keyword, pointer: d.pointer ?? first.instancePath, notes: [...d.notes, ...inBranch.slice(1, 4).map((e) => describe(e, all, []).message)] };
  }
  const unknownKeys = Object.keys(data).filter((k) => !keys.includes(k));
  const hints = unknownKeys.map((k) => [k, closest(k, keys)] as const).filter(([, h]) => h).map(([k, h]) => `did you mean \`${h}\` for \`${k}\`?`);
  return { keyword: 'form', message: present.length ? `${where} mixes forms: use one of ${present.join(', ')}` : `${where} needs one of the keys: ${keys.join(', ')}`, notes: hints };
}

function prettyPointer(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`))
    .join('')
    .replace(/^\./, '');
}

function articled(type: string): string {
  const t = type.replace(/,/g, ' or ');
  return /^(a|e|i|o|u)/.test(t) ? `an ${t}` : `a ${t}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `the string "${value.length > 30 ? value.slice(0, 30) + '…' : value}"`;
  return `${typeof value} ${String(value)}`;
}

function positionOfJsonError(text: string, error: unknown): { start: { line: number; column: number } } {
  const match = /position (\d+)/.exec(String((error as Error).message));
  const offset = match ? Number(match[1]) : 0;
  const before = text.slice(0, offset).split('\n');
  return { start: { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 } };
}
