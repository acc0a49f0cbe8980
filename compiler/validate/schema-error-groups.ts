import type { ErrorObject } from 'ajv/dist/2020.js';
import { closest } from '../diagnostics/suggest.ts';

/**
 * Which of one validation's ajv errors belong together, before any is put
 * in words (schema-words.ts): the errors of a failed union's branches, and
 * an unknown key paired with the required field it misspells. ajv gives a
 * flat list; a reader wants one message per mistake.
 */
export interface ErrorGroups {
  /** Every error, instance paths absolute. */
  all: ErrorObject[];
  /** Each failed anyOf/oneOf, with the errors its branches produced. */
  members: Map<ErrorObject, ErrorObject[]>;
  typos: Typos;
}

/** Unknown keys that are a typo of a required field missing beside them (see `pairTypos`). */
export interface Typos {
  /** Each such unknown-key error, with the required field it probably means. */
  meant: Map<ErrorObject, string>;
  /** The missing-field errors those unknown keys already name: not reported again. */
  said: Set<ErrorObject>;
}

/** Group `all` (one validation's errors, instance paths absolute). */
export function groupErrors(all: ErrorObject[]): ErrorGroups {
  const members = new Map(all.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((u) => [u, membersOf(u, all)] as const));
  return { all, members, typos: pairTypos(all) };
}

/** Whether `error` is one of a failed union's branch errors (it then speaks through that union's error). */
export function inUnion(error: ErrorObject, groups: ErrorGroups): boolean {
  return [...groups.members.values()].some((m) => m.includes(error));
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
export function ownMembers(union: ErrorObject, groups: ErrorGroups): ErrorObject[] {
  const members = groups.members.get(union) ?? [];
  const nested = new Set(members.filter((e) => groups.members.has(e)).flatMap((u) => groups.members.get(u)!));
  // A missing field an unknown key's error already names (a typo of it) is not said again.
  return members.filter((e) => !nested.has(e) && !groups.typos.said.has(e));
}

/** The errors of one branch of a union, by its own keywords (those that went through a `$ref` are not told apart). */
export function branchOf(union: ErrorObject, index: number, groups: ErrorGroups): ErrorObject[] {
  return ownMembers(union, groups).filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/${index}/`));
}
