import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaCode } from '../diagnostics/codes.ts';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import { reportBadBytes } from '../load/encoding.ts';
import { displayPath, listFiles, readSource } from '../load/files.ts';
import { escapePointer } from '../load/yaml-source.ts';
import type { FoundRef, FoundRule, SourceFile } from '../model.ts';

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
    this.ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true, discriminator: true, allowUnionTypes: true, passContext: true });
    // `format: date`, `uri`, `email`, ... are checked as JSON Schema defines them (ajv-formats), not refused by strict mode.
    addFormats(this.ajv);
    this.ajv.addKeyword({
      keyword: 'x-ref',
      schemaType: 'string',
      metaSchema: { type: 'string' },
      // Collects the references for the link phase rather than checking them here:
      // the targets are other files' entries, which only link knows.
      validate: function collect(
        this: unknown,
        target: string,
        data: unknown,
        _parent?: unknown,
        cxt?: { instancePath: string; parentData?: unknown; parentDataProperty?: string | number },
      ) {
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
      },
      errors: false,
    });
    this.ajv.addKeyword({
      keyword: 'x-rule',
      schemaType: 'string',
      metaSchema: { enum: ['scoring', 'effect', 'value'] },
      validate: function collect(this: unknown, kind: string, _data: unknown, _parent?: unknown, cxt?: { instancePath: string }) {
        if (this instanceof Found) this.rules.push({ kind, pointer: cxt?.instancePath ?? '' });
        return true;
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
      set.ajv.addSchema(schema);
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
      try {
        set.ajv.addSchema(schema);
      } catch (error) {
        bag.error(shown, { start: { line: 1, column: 1 } }, 'schema-invalid', (error as Error).message);
      }
    }
    return set;
  }

  /** The validator for a schema path relative to schemas/; reports once if it cannot be built. */
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
      node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node && typeof node === 'object' ? { schema: node as Record<string, unknown>, base: url.href } : undefined;
  }

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

/** An unknown key (its JSON pointer in the value validated) or an unknown tag (an `op` no form has), as the caller may know it. */
export type UnknownForm = { kind: 'key'; pointer: string } | { kind: 'tag'; tag: string; value: string };

/**
 * Lets the caller say more of an unknown key or tag than the schema can
 * (validate/game.ts: a form a newer rulebook retired, with what to write
 * instead); undefined keeps the schema's own message.
 */
export type Retire = (found: UnknownForm) => { message: string; notes: string[] } | undefined;

/** How a message names the value at an absolute pointer: backticked, or "the document" for a whole file. */
type Namer = (pointer: string) => string;

function namer(base: string, label: string | undefined): Namer {
  return (pointer) => {
    if (label !== undefined && (pointer === base || pointer.startsWith(base + '/'))) {
      const rest = prettyPointer(pointer.slice(base.length));
      return `\`${label}${rest ? ` ${/^\[/.test(rest) ? rest : `.${rest}`}` : ''}\``;
    }
    return pointer ? `\`${prettyPointer(pointer)}\`` : 'the document';
  };
}

/**
 * Keys that name JavaScript's object machinery (`__proto__`, `constructor`,
 * `prototype`) are refused everywhere, also in maps whose keys are free (a
 * worked example's end state): code that reads the value by key would reach
 * the machinery instead. Where the schema already reported the key as
 * unknown, that message stands. Returns whether any was found.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function reportReservedKeys(value: unknown, source: SourceFile, pointer: string, bag: DiagnosticBag, name: Namer, reported: ReadonlySet<string>): boolean {
  // Most values hold no such key: look first without making a pointer for every value (that was most of this walk's cost).
  if (!hasReservedKey(value, 0)) return false;
  if (!value || typeof value !== 'object') return false;
  let found = false;
  if (Array.isArray(value)) {
    value.forEach((item, i) => (found = reportReservedKeys(item, source, `${pointer}/${i}`, bag, name, reported) || found));
    return found;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPointer = `${pointer}/${escapePointer(key)}`;
    if (RESERVED_KEYS.has(key)) {
      found = true;
      if (!reported.has(childPointer))
        bag.error(
          source.path,
          source.placeOf(childPointer, { key: true }),
          'key-reserved',
          `\`${key}\` cannot be a key (in ${name(pointer)}): it names JavaScript's object machinery`,
        );
      continue;
    }
    found = reportReservedKeys(child, source, childPointer, bag, name, reported) || found;
  }
  return found;
}

/** Whether a reserved key stands anywhere in the value (depth-limited like every walk of content: load refuses deeper values). */
function hasReservedKey(value: unknown, depth: number): boolean {
  if (!value || typeof value !== 'object' || depth > 256) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasReservedKey(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return true;
    if (hasReservedKey((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** Report ajv's errors; returns the pointers of the unknown keys reported (so they are not reported twice). */
function reportErrors(errors: ErrorObject[], source: SourceFile, base: string, bag: DiagnosticBag, name: Namer, retire?: Retire): Set<string> {
  const unknownKeys = new Set<string>();
  const all = errors.map((e) => ({ ...e, instancePath: base + e.instancePath }));
  // Errors inside the branches of a failed anyOf/oneOf are folded into that one
  // error as notes: "must be a string or a map" beats four unrelated messages.
  const members = new Map(all.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((u) => [u, membersOf(u, all)] as const));
  const inUnion = (e: ErrorObject) => [...members.values()].some((m) => m.includes(e));
  const typos = pairTypos(all);
  const ctx: Errors = { all, members, name, typos };
  const seen = new Set<string>();
  const tags = new Set(all.filter((e) => e.keyword === 'discriminator').map((e) => `${e.instancePath}/${String((e.params as { tag?: string }).tag)}`));
  for (const error of all) {
    if (error.keyword === 'if' || inUnion(error) || typos.said.has(error)) continue;
    if (error.keyword === 'enum' && tags.has(error.instancePath)) continue; // the discriminator error says it better
    const pointer = error.instancePath;
    const report = describe(error, ctx);
    if (report.pointer) report.pointer = report.pointer.slice(base.length);
    const key = `${report.pointer ?? pointer}|${report.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const place = source.placeOf(report.pointer ? base + report.pointer : pointer, { key: report.atKey });
    if (report.atKey && report.pointer) unknownKeys.add(base + report.pointer);
    const unknown = report.unknown?.kind === 'key' ? { ...report.unknown, pointer: report.unknown.pointer.slice(base.length) } : report.unknown;
    const retired = unknown && retire?.(unknown);
    if (retired) bag.error(source.path, place, 'form-retired', retired.message, retired.notes);
    else bag.error(source.path, place, schemaCode(report.keyword ?? error.keyword), report.message, report.notes, report);
  }
  return unknownKeys;
}

/** One validation's errors (instance paths absolute), with each failed union's branch errors. */
interface Errors {
  all: ErrorObject[];
  members: Map<ErrorObject, ErrorObject[]>;
  name: Namer;
  typos: Typos;
}

/** Unknown keys that are a typo of a required field missing beside them (see `pairTypos`). */
interface Typos {
  /** Each such unknown-key error, with the required field it probably means. */
  meant: Map<ErrorObject, string>;
  /** The missing-field errors those unknown keys already name: not reported again. */
  said: Set<ErrorObject>;
}

/**
 * A misspelt required field (`suti:` for `suit:`) fails twice: an unknown key
 * and a missing field, on the same object. When the unknown key is close to
 * the missing field's name (`closest`), the two are one mistake: the unknown
 * key's error names the field, and the missing field's is not said apart. A
 * far-off key and a missing field stay two errors.
 */
function pairTypos(all: readonly ErrorObject[]): Typos {
  const meant = new Map<ErrorObject, string>();
  const said = new Set<ErrorObject>();
  const objectOf = (e: ErrorObject) => `${e.instancePath}\0${e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'))}`;
  for (const unknown of all.filter((e) => e.keyword === 'additionalProperties')) {
    const missing = all.filter((e) => e.keyword === 'required' && !said.has(e) && objectOf(e) === objectOf(unknown));
    const fields = missing.map((e) => String((e.params as { missingProperty?: unknown }).missingProperty));
    const hint = closest(String((unknown.params as { additionalProperty?: unknown }).additionalProperty), fields);
    if (hint === undefined) continue;
    meant.set(unknown, hint);
    said.add(missing[fields.indexOf(hint)]!);
  }
  return { meant, said };
}

/**
 * The errors a failed union's branches produced. A schema path cannot tell
 * (errors inside a `$ref` are rooted at the referenced schema, so two unions
 * may both be `#/anyOf`), but the order can: with allErrors, ajv pushes the
 * branches' errors just before the union's own, so they are the run before
 * it that lies inside its value and is not a keyword beside it.
 */
function membersOf(union: ErrorObject, all: readonly ErrorObject[]): ErrorObject[] {
  const parent = union.schemaPath.slice(0, union.schemaPath.lastIndexOf('/'));
  const out: ErrorObject[] = [];
  for (let i = all.indexOf(union) - 1; i >= 0; i--) {
    const e = all[i]!;
    const inside = e.instancePath === union.instancePath || e.instancePath.startsWith(union.instancePath + '/');
    // ajv runs untyped keywords (type, enum, const, anyOf...) before properties and
    // required, so a keyword beside the union that ran first stands on the same
    // value, one step under the union's schema object.
    const beside =
      e.instancePath === union.instancePath &&
      !e.schemaPath.startsWith(union.schemaPath + '/') &&
      e.schemaPath.startsWith(parent + '/') &&
      !e.schemaPath.slice(parent.length + 1).includes('/');
    if (!inside || beside) break;
    out.unshift(e);
  }
  return out;
}

/** A union's own branch errors: its members less those of the unions nested in it (which speak through their union's error). */
function ownMembers(union: ErrorObject, ctx: Errors): ErrorObject[] {
  const members = ctx.members.get(union) ?? [];
  const nested = new Set(members.filter((e) => ctx.members.has(e)).flatMap((u) => ctx.members.get(u)!));
  // A missing field an unknown key's error already names (a typo of it) is not said again.
  return members.filter((e) => !nested.has(e) && !ctx.typos.said.has(e));
}

/** The errors of one branch of a union, by its own keywords (those that went through a `$ref` are not told apart). */
function branchOf(union: ErrorObject, index: number, ctx: Errors): ErrorObject[] {
  return ownMembers(union, ctx).filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/${index}/`));
}

interface Described {
  /** The rule id's keyword when it is not the reported error's own (a union reports its branch's). */
  keyword?: string;
  message: string;
  notes: string[];
  pointer?: string;
  atKey?: boolean;
  /** The "did you mean" as data (see diagnostics/suggest.ts). */
  expected?: string[];
  suggestion?: string;
  /** The unknown key or tag reported, for the caller's `Retire`. */
  unknown?: UnknownForm;
}

function describe(error: ErrorObject, ctx: Errors): Described {
  const { name } = ctx;
  const where = name(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { message: `${where} is missing the required field \`${String(params.missingProperty)}\``, notes: [] };
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys((error.parentSchema?.properties as Record<string, unknown>) ?? {});
      const pointer = `${error.instancePath}/${escapePointer(key)}`;
      const required = ctx.typos.meant.get(error);
      if (required !== undefined)
        return {
          message: `unknown field \`${key}\` in ${where}: did you mean \`${required}\`? (a required field, missing here)`,
          notes: [],
          ...hintOf(required, known),
          pointer,
          atKey: true,
          unknown: { kind: 'key', pointer },
        };
      const hint = closest(key, known);
      return {
        message: `unknown field \`${key}\` in ${where}`,
        notes: hint ? [`did you mean \`${hint}\`?`] : known.length ? [`known fields: ${known.join(', ')}`] : [],
        ...hintOf(hint, known),
        pointer,
        atKey: true,
        unknown: { kind: 'key', pointer },
      };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const value = String(error.data);
      const hint = closest(value, allowed);
      return {
        message: `${where} must be one of: ${allowed.join(', ')} (got "${value}")`,
        notes: hint ? [`did you mean "${hint}"?`] : [],
        ...hintOf(hint, allowed),
      };
    }
    case 'pattern': {
      // The tool's own schemas' patterns in words; a designer's own pattern is theirs to read.
      const pattern = String(params.pattern);
      const words = PATTERN_WORDS[pattern];
      const got = typeof error.data === 'string' ? ` (got "${error.data}")` : '';
      return { message: words ? `${where} must be ${words}${got}` : `${where} must match the pattern /${pattern}/${got}`, notes: [] };
    }
    case 'const':
      return { message: `${where} must be ${JSON.stringify(params.allowedValue)}`, notes: [] };
    case 'type':
      return { message: `${where} must be ${articled(String(params.type))} (got ${kindOf(error.data)})`, notes: [] };
    case 'anyOf':
    case 'oneOf': {
      const keyed = taggedUnion(error, ctx) ?? keyedUnion(error, ctx);
      if (keyed) return keyed;
      // Notes from this union's own branches; a nested union's branches speak through that union's error.
      const branchErrors = ownMembers(error, ctx);
      const notes = [
        ...new Set(
          branchErrors.map(
            (e) =>
              `${e.instancePath === error.instancePath ? '' : `at ${name(e.instancePath)}: `}${describe(e, ctx).message.replace(/^.*? (must|is missing)/, '$1')}`,
          ),
        ),
      ].slice(0, 4);
      const description = (error.parentSchema as { description?: string } | undefined)?.description;
      return { message: `${where} does not match any allowed form${description ? ` (${description.replace(/\.$/, '')})` : ''}`, notes };
    }
    case 'discriminator': {
      const tag = String(params.tag);
      const mapping =
        (error.parentSchema as { oneOf?: Array<{ properties?: Record<string, { const?: string }> }> })?.oneOf
          ?.map((b) => b.properties?.[tag]?.const)
          .filter((v): v is string => !!v) ?? [];
      const value = (error.data as Record<string, unknown> | null)?.[tag];
      const hint = typeof value === 'string' ? closest(value, mapping) : undefined;
      return {
        message:
          value === undefined
            ? `${where} needs \`${tag}:\` (one of: ${mapping.join(', ')})`
            : `unknown ${tag} "${String(value)}" in ${where}; known: ${mapping.join(', ')}`,
        notes: hint ? [`did you mean "${hint}"?`] : [],
        ...hintOf(hint, mapping),
        pointer: value === undefined ? undefined : `${error.instancePath}/${tag}`,
        ...(typeof value === 'string' ? { unknown: { kind: 'tag', tag, value } as const } : {}),
      };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      // ajv says "must be >= 0": the value the designer wrote, in words, says what to change.
      const bound = Number(params.limit);
      const words = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than' }[error.keyword];
      return { message: `${where} must be ${words} ${bound} (got ${JSON.stringify(error.data)})`, notes: [] };
    }
    case 'minItems':
    case 'maxItems': {
      const n = Number(params.limit);
      const got = Array.isArray(error.data) ? error.data.length : 0;
      return {
        message: `${where} must hold ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${n} item${n === 1 ? '' : 's'} (got ${got})`,
        notes: [],
      };
    }
    default:
      return { message: `${where} ${error.message ?? 'is invalid'}`, notes: [] };
  }
}

/** The patterns of the tool's own schemas (game.schema.json, defs.schema.json), said in words rather than as a regular expression. */
const PATTERN_WORDS: Record<string, string> = {
  '^[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*$': 'an ID: letters and digits joined by single `-` or `.` (ze-baiano, 01001)',
  '^[a-zA-Z]{2,3}(?:-[a-zA-Z]{4})?(?:-(?:[a-zA-Z]{2}|[0-9]{3}))?(?:-(?:[a-zA-Z0-9]{5,8}|[0-9][a-zA-Z0-9]{3}))*$': 'a language tag (BCP 47): en, pt-BR, fr, ...',
  '^[A-Z][A-Za-z0-9]*$': 'a TypeScript type name: a capital letter, then letters and digits (Card, TrophyCard)',
  '^[a-z][A-Za-z0-9]*$': 'a name in camelCase: a small letter, then letters and digits (cards, trophyCards)',
  '^[A-Za-z_][A-Za-z0-9_]*$': 'a field name: letters, digits and `_`, not starting with a digit',
};

type Branch = { type?: unknown; required?: string[]; properties?: Record<string, { const?: unknown } | undefined> };

/**
 * A union whose object forms are told apart by a constant tag (`op: sum`,
 * `op: minus`...) but that carries no `discriminator` keyword (a value rule
 * may also be a bare quantity): an unknown tag is named with the known ones
 * and the nearest, as a discriminator's is; a known tag reports that form's
 * own errors rather than every form's.
 */
function taggedUnion(error: ErrorObject, ctx: Errors): Described | undefined {
  const { name } = ctx;
  const branches = (Array.isArray(error.schema) ? error.schema : []) as Branch[];
  const tags = new Map<string, Array<{ value: string; index: number }>>();
  branches.forEach((b, index) => {
    for (const [key, property] of Object.entries(b?.properties ?? {})) {
      if (typeof property?.const === 'string') tags.set(key, [...(tags.get(key) ?? []), { value: property.const, index }]);
    }
  });
  const [tag, forms] = [...tags].find(([, f]) => f.length >= 2) ?? [];
  const data = error.data as Record<string, unknown> | null;
  if (!tag || !forms || !data || typeof data !== 'object' || Array.isArray(data) || !Object.hasOwn(data, tag)) return undefined;
  const value = data[tag];
  const form = forms.find((f) => f.value === value);
  if (!form) {
    const known = forms.map((f) => f.value);
    const hint = typeof value === 'string' ? closest(value, known) : undefined;
    return {
      keyword: 'discriminator',
      message: `unknown ${tag} "${String(value)}" in ${name(error.instancePath)}; known: ${known.join(', ')}`,
      notes: hint ? [`did you mean "${hint}"?`] : [],
      ...hintOf(hint, known),
      pointer: `${error.instancePath}/${tag}`,
      ...(typeof value === 'string' ? { unknown: { kind: 'tag', tag, value } as const } : {}),
    };
  }
  const inBranch = branchOf(error, form.index, ctx);
  if (!inBranch.length) {
    // The form's own fields hold; what failed is a rule nested in one of them (evaluated
    // by every form that has such a field): report the outermost such error, alone.
    const nested = ownMembers(error, ctx).find((e) => e.instancePath !== error.instancePath && !e.schemaPath.startsWith(`${error.schemaPath}/`));
    if (!nested) return undefined;
    const d = describe(nested, ctx);
    return { ...d, keyword: d.keyword ?? nested.keyword, pointer: d.pointer ?? nested.instancePath };
  }
  const first = inBranch[0]!;
  const d = describe(first, ctx);
  const notes = [...new Set([...d.notes, ...inBranch.slice(1).map((e) => describe(e, ctx).message)])].slice(0, 4);
  return { ...d, keyword: d.keyword ?? first.keyword, pointer: d.pointer ?? first.instancePath, notes };
}

/**
 * A union of object forms told apart by one key each (`{ field }`, `{ count }`,
 * `{ groupsOf, of }`...): report against the form whose key is present, or, when
 * none is, name the keys and suggest the closest to the keys the value has.
 */
function keyedUnion(error: ErrorObject, ctx: Errors): Described | undefined {
  const { name } = ctx;
  const branches = (Array.isArray(error.schema) ? error.schema : []) as Branch[];
  const objects = branches.map((b, i) => ({ b, i })).filter(({ b }) => b.type === 'object' && b.required?.length);
  const keys = objects.map(({ b }) => b.required![0]!);
  if (objects.length < 2 || new Set(keys).size !== keys.length) return undefined;
  const data = error.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const where = name(error.instancePath);
  const present = keys.filter((k) => Object.hasOwn(data, k)); // own keys only: `constructor` is `in` every object
  if (present.length === 1) {
    const branch = objects[keys.indexOf(present[0]!)]!.i;
    const inBranch = branchOf(error, branch, ctx);
    const first = inBranch[0];
    if (!first) return undefined;
    const d = describe(first, ctx);
    return {
      ...d,
      keyword: first.keyword,
      pointer: d.pointer ?? first.instancePath,
      notes: [...d.notes, ...inBranch.slice(1, 4).map((e) => describe(e, ctx).message)],
    };
  }
  const unknownKeys = Object.keys(data).filter((k) => !keys.includes(k));
  const hints = unknownKeys
    .map((k) => [k, closest(k, keys)] as const)
    .filter(([, h]) => h)
    .map(([k, h]) => `did you mean \`${h}\` for \`${k}\`?`);
  const suggested = unknownKeys.map((k) => closest(k, keys)).filter((h) => h);
  return {
    keyword: 'form',
    message: present.length ? `${where} mixes forms: use one of ${present.join(', ')}` : `${where} needs one of the keys: ${keys.join(', ')}`,
    notes: hints,
    ...hintOf(suggested.length === 1 ? suggested[0] : undefined, keys),
  };
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
