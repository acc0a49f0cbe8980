import type { ErrorObject } from 'ajv/dist/2020.js';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import { escapePointer, unescapePointer } from '../json-pointer.ts';
import { branchOf, ownMembers, type ErrorGroups } from './schema-error-groups.ts';

/**
 * The words of ajv's errors: what one error (or one failed union, with its
 * branches' errors) says to the person who wrote the value. Words only of
 * values and JSON pointers, never of the file the value came from, so a YAML
 * node, a JSON value and a spreadsheet's cell are told the same way; where
 * the message stands is the caller's (schema-report.ts, by `SourceFile`).
 */

/** An unknown key (its JSON pointer in the value validated) or an unknown tag (an `op` no form has), as the caller may know it. */
export type UnknownForm = { kind: 'key'; pointer: string } | { kind: 'tag'; tag: string; value: string };

/** How a message names the value at an absolute pointer: backticked, or "the document" for a whole file. */
export type Namer = (pointer: string) => string;

/** Names values under `base` by `label` (an entry: `cordel "Nonato e o Bode Silas" .scoring.awards[2]`), others by their path. */
export function namer(base: string, label: string | undefined): Namer {
  return (pointer) => {
    if (label !== undefined && (pointer === base || pointer.startsWith(base + '/'))) {
      const rest = prettyPointer(pointer.slice(base.length));
      return `\`${label}${rest ? ` ${/^\[/.test(rest) ? rest : `.${rest}`}` : ''}\``;
    }
    return pointer ? `\`${prettyPointer(pointer)}\`` : 'the document';
  };
}

/** A JSON pointer as a reader writes a path: `/scoring/awards/2` -> `scoring.awards[2]`. */
function prettyPointer(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${unescapePointer(p)}`))
    .join('')
    .replace(/^\./, '');
}

/** What wording one error needs: the validation's errors grouped, and how a message names a value. */
export interface ErrorContext extends ErrorGroups {
  name: Namer;
}

/** One error in words, and where it stands when that is not the error's own value (an unknown key: at the key). */
export interface Described {
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

/** The words of one error (a failed union's: of the branch that was meant, or of its branches' errors as notes). */
export function describe(error: ErrorObject, ctx: ErrorContext): Described {
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
    case 'type': {
      // `2,5`: a decimal comma, as a spreadsheet in many locales writes a number.
      const comma = /number|integer/.test(String(params.type)) && typeof error.data === 'string' ? /^\s*([+-]?\d+),(\d+)\s*$/.exec(error.data) : null;
      return {
        message: `${where} must be ${articled(String(params.type))} (got ${kindOf(error.data)})`,
        notes: comma ? [`write a decimal point: ${comma[1]}.${comma[2]}`] : [],
      };
    }
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
            ? `${where} needs the field \`${tag}\` (one of: ${mapping.join(', ')})`
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
  '^[A-Za-z0-9]+(?:[-._][A-Za-z0-9]+)*$': 'an ID: letters and digits joined by single `-`, `.` or `_` (ze-baiano, 01001, NAPD_MWL_1.0)',
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
function taggedUnion(error: ErrorObject, ctx: ErrorContext): Described | undefined {
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
function keyedUnion(error: ErrorObject, ctx: ErrorContext): Described | undefined {
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

/** ajv's type name with its article: `integer` -> `an integer`, `string,number` -> `a string or number`. */
function articled(type: string): string {
  const t = type.replace(/,/g, ' or ');
  return /^(a|e|i|o|u)/.test(t) ? `an ${t}` : `a ${t}`;
}

/** What a value is, as a message's "(got ...)" says it: `the string "three"`, `a map`, `number 1.5`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `the string "${value.length > 30 ? value.slice(0, 30) + '…' : value}"`;
  return `${typeof value} ${String(value)}`;
}
