/**
 * `entry.drafts` and `entry.readings`: which of an entry's values are drafts
 * (placeholders: the rulebook does not give them) and which are readings
 * (choices where the rules are silent), each by its field's dotted path
 * (field-paths.ts) with the note the content gives. The same marks the
 * namespace lists in `placeholders` and `readings` by JSON pointer, put on
 * the entry so an engine can show "not final" without joining pointers:
 * `chief.drafts.guns` is the note when the Chief's Guns is drafted, else
 * undefined. The empty path (`drafts[""]`) is the whole entry (an entry
 * marked `provenance: placeholder`).
 *
 * An entry with neither shares one frozen empty value per module, so a
 * collection of 30,000 cards with no drafts costs nothing per card.
 */
import type { CheckedGame, Collection, Entry, PlaceholderInfo } from '../model.ts';
import { MARK_MEMBERS, type MarkMember } from '../mark-members.ts';
import type { SchemaSet } from '../validate/schemas.ts';
import type { EntityRoles } from './entity-value.ts';
import { admits, dottedPath, fieldPaths, patternType, type PathPattern } from './field-paths.ts';
import { loadedSchema, type TypeContext } from './schema-to-ts.ts';
import { literal, valueKey } from './ts-syntax.ts';

/** One entry's marks: dotted path -> note, in source order. */
export type EntryMarks = Readonly<Record<MarkMember, Readonly<Record<string, string>>>>;

/** A collection's marks, by entry ID: only the entries that have any. */
export type CollectionMarks = ReadonlyMap<string, EntryMarks>;

const NONE: CollectionMarks = new Map();

/**
 * The module-level constant every entry without marks shares (frozen with the entry by `collection()`). No
 * collection's constant (`$name`), guard (`is<Type>Id`), type or namespace (lower-case game IDs) is spelled so.
 */
export const NO_MARKS = 'NO_MARKS';

/** The declaration of NO_MARKS, once per module that uses it. */
export const NO_MARKS_DECLARATION = noMarksDeclaration();

/**
 * The declaration of NO_MARKS; `exported`: in a large collection's first part, which the other parts import it from
 * (data-module.ts), typed in the TypeScript form (isolated declarations).
 */
export function noMarksDeclaration(exported?: { typed: boolean }): string {
  const head = exported ? `export const ${NO_MARKS}${exported.typed ? ': Readonly<{}>' : ''}` : `const ${NO_MARKS}`;
  return `/** The drafts and readings of an entry that has none: one frozen empty value, shared. */\n${head} = Object.freeze({});`;
}

/** Every collection's marks, by collection name then entry ID, from the link phase's placeholder and reading reports. */
export function gameMarks(g: CheckedGame): ReadonlyMap<string, CollectionMarks> {
  const out = new Map<string, Map<string, Record<MarkMember, Record<string, string>>>>();
  const add = (member: MarkMember, list: readonly PlaceholderInfo[]) => {
    for (const p of list) {
      // The manifest's and the constants' marks are not an entry's: the namespace lists them.
      if (!g.linked.game.collections.has(p.collection)) continue;
      const byId = out.get(p.collection) ?? out.set(p.collection, new Map()).get(p.collection)!;
      const marks = byId.get(p.id) ?? byId.set(p.id, { drafts: {}, readings: {} }).get(p.id)!;
      const path = dottedPath(p.path);
      // One note per path: the first (a whole entry marked both by `provenance` and by its own mark keeps the first note).
      if (!Object.hasOwn(marks[member], path)) marks[member][path] = p.note;
    }
  };
  add('drafts', g.linked.placeholders);
  add('readings', g.linked.readings);
  return out;
}

export function marksOf(all: ReadonlyMap<string, CollectionMarks>, collection: string): CollectionMarks {
  return all.get(collection) ?? NONE;
}

/** The name of a collection's field-path union (`ChiefField`). */
export function fieldTypeName(c: Collection): string {
  return `${c.decl.type}Field`;
}

/**
 * The declaration of a collection's field-path union: every path its schema gives (less the fields the build
 * replaces), the whole entry when the schema can mark one (`provenance`), and any path the content marks that the
 * schema does not describe (a field it allows without naming), so every key of `drafts` is in the type.
 */
export function fieldUnion(c: Collection, schemas: SchemaSet, context: TypeContext, roles: EntityRoles, marks: CollectionMarks): string[] {
  const loaded = loadedSchema(schemas, c.decl.schema);
  // The dataset's fields the package does not keep under their names (entity-value.ts): the build's members take
  // them. The ID stays a path: the entry's `id` is the one the schema describes.
  const omit = [...(roles.nameFrom ? ['name'] : []), ...(roles.copiesFrom ? ['copies'] : []), ...MARK_MEMBERS];
  const patterns: PathPattern[] = loaded ? fieldPaths(loaded.schema, context, loaded.id, omit) : [['any']];
  if (loaded && isObjectWith(loaded.schema, 'provenance')) patterns.unshift([{ key: '' }]);
  const types = patterns.map(patternType);
  const marked = new Set([...marks.values()].flatMap((m) => MARK_MEMBERS.flatMap((k) => Object.keys(m[k]))));
  for (const path of [...marked].sort()) if (!patterns.some((p) => admits(p, path))) types.push(JSON.stringify(path));
  const unique = [...new Set(types)];
  return [
    `/** A path of a ${c.decl.type}'s fields, dotted (\`a.0.b\`): the keys of its \`drafts\` and \`readings\`; "" is the whole entry. */`,
    `export type ${fieldTypeName(c)} = ${unique.length ? unique.join(' | ') : 'never'};`,
  ];
}

/** The interface members, beside the schema's fields. */
export function markMemberTypes(c: Collection): string[] {
  const t = `{ readonly [P in ${fieldTypeName(c)}]?: string }`;
  return [
    `  /** Its values the rulebook does not give (placeholders), by field path, each with its note: \`{}\` when none. */`,
    `  readonly drafts: ${t};`,
    `  /** Its choices where the rules are silent (readings), by field path, each with its note: \`{}\` when none. */`,
    `  readonly readings: ${t};`,
  ];
}

/** Whether an entry has both drafts and readings (so it does not use NO_MARKS). */
export function hasBoth(marks: EntryMarks | undefined): boolean {
  return !!marks && MARK_MEMBERS.every((k) => Object.keys(marks[k]).length > 0);
}

/** The two members of an entry's object literal (the game module's form). */
export function markMemberLiterals(marks: EntryMarks | undefined, indent: string): string[] {
  return MARK_MEMBERS.map((k) => {
    const m = marks?.[k];
    return `${valueKey(k)}: ${m && Object.keys(m).length ? literal(m, indent) : NO_MARKS}`;
  });
}

/**
 * A data module's marks: only the entries that have any, keyed by index in the module's entries (source order), one a line, as JSON (the
 * entries' own lines stay as they were); `{}` when no entry has any.
 */
export function sparseMarksJson(entries: readonly Entry[], marks: CollectionMarks): string {
  const lines: string[] = [];
  entries.forEach((e, i) => {
    const m = marks.get(e.id);
    if (!m) return;
    const own: Partial<Record<MarkMember, Readonly<Record<string, string>>>> = {};
    for (const k of MARK_MEMBERS) if (Object.keys(m[k]).length) own[k] = m[k];
    lines.push(`${JSON.stringify(String(i))}:${JSON.stringify(own)}`);
  });
  return lines.length ? `{\n${lines.join(',\n')}\n}` : '{}';
}

function isObjectWith(schema: Record<string, unknown>, key: string): boolean {
  const props = schema.properties;
  return !!props && typeof props === 'object' && key in props;
}
