/**
 * The types a game's module declares: one union per declaration and per
 * collection's IDs, the rule numbers, the end and player states the rules
 * read, and one interface per collection's entries (from its schema, with the
 * members the build adds: the ID, the name, the compiled rules).
 */
import type { CheckedGame, Collection, CompiledRule } from '../model.ts';
import { rulesTextsType } from '../rules/texts.ts';
import type { SchemaSet } from '../validate/schemas.ts';
import { NO_RULES, type RulesByEntry } from '../rules/rules-by-entry.ts';
import { entityRoles } from './entity-value.ts';
import { fieldUnion, gameMarks, markMemberTypes, marksOf } from './entry-marks.ts';
import { MARK_MEMBERS } from '../mark-members.ts';
import { typeNameOfDeclaration } from '../names.ts';
import { stateSchema } from './state-schemas.ts';
import { dataPlaces, idFieldPlace } from './data-places.ts';
import { graphNodePlaces, isGraph, sideParam } from './graph-types.ts';
import { loadedSchema, schemaToTs, typeContext, keyStep, type Schema, type TypeContext } from './schema-to-ts.ts';
import { docComment, docText, propName, union } from './ts-syntax.ts';

export interface GameTypes {
  /** The declarations, in the module's order. */
  lines: string[];
  /** Declaration name -> its union's name. */
  declTypes: ReadonlyMap<string, string>;
  /** How a schema of this game becomes a type (references as the unions above). */
  context: TypeContext;
  /** The end state's type, which scoring rules read, when the game has one. */
  endState: string | undefined;
  /** The player state's type, which effects and values read, when the game has one. */
  playerState: string | undefined;
}

/** `large`: the collections whose ID union is declared in their data module, not here. */
export function gameTypes(g: CheckedGame, schemas: SchemaSet, large: ReadonlySet<string>, rulesOf: ReadonlyMap<string, RulesByEntry>): GameTypes {
  const { game, declarations } = g.linked;
  const m = game.manifest;
  const lines: string[] = [];
  const declTypes = new Map<string, string>();
  for (const [name, values] of declarations) {
    const t = typeNameOfDeclaration(name);
    declTypes.set(name, t);
    lines.push(`/** The ${docText(name)} this game declares. */`, `export type ${t} = ${union(values.map((v) => v.id))};`, '');
  }
  const idTypes = new Map<string, string>();
  for (const c of game.collections.values()) {
    idTypes.set(c.name, `${c.decl.type}Id`);
    // A large collection's union is declared in its data module, beside its IDs.
    lines.push(large.has(c.name) ? `export type { ${c.decl.type}Id };` : `export type ${c.decl.type}Id = ${union(c.entries.map((e) => e.id))};`);
  }
  const roles = m.roles ?? {};
  const rulesCollection = roles.rules ? game.collections.get(roles.rules) : undefined;
  if (rulesCollection) {
    // Every number a reference may point at: the rules and the numbered glossary entries.
    const glossaryNumbers = (roles.glossary ? (game.collections.get(roles.glossary)?.entries ?? []) : [])
      .map((e) => e.value.number)
      .filter((n): n is string => typeof n === 'string');
    lines.push(
      `/** Every rule number a reference may point at. */`,
      `export type RuleNumber = ${rulesCollection.decl.type}Id${glossaryNumbers.length ? ` | ${union(glossaryNumbers)}` : ''};`,
    );
    idTypes.set(`${rulesCollection.name}`, 'RuleNumber');
  }
  lines.push('');
  const state = m.endState;
  if (state) {
    // The fields the game's rules read are required, as its schema requires them (state-schemas.ts).
    const required = new Set(stateSchema(g, 'endState')?.required);
    lines.push(`/** One player's state at the end of the game: what scoring rules read. */`, `export interface ${state.type} {`);
    for (const [name, f] of Object.entries(state.fields)) {
      const t =
        f.kind === 'count' ? 'number' : f.kind === 'flag' ? 'boolean' : `readonly ${declTypes.get(f.of ?? '') ?? idTypes.get(f.of ?? '') ?? 'string'}[]`;
      lines.push(...docComment(f.description, '  '), `  readonly ${propName(name)}${required.has(name) ? '' : '?'}: ${t};`);
    }
    lines.push('}', '');
  }
  const players = g.players;
  if (players) {
    // A type alias, not an interface: the runtime helpers take any record of counts.
    const required = new Set(stateSchema(g, 'playerState')?.required);
    lines.push(`/** One player's state during play: what effects read and change. */`, `export type ${players.typeName} = {`);
    for (const f of players.fields.values()) {
      const valueType = f.declaration ? (declTypes.get(f.declaration) ?? 'string') : 'string';
      const t = f.kind === 'count' ? 'number' : f.kind === 'countBy' ? `Readonly<Partial<Record<${valueType}, number>>>` : valueType;
      lines.push(...docComment(f.description, '  '), `  readonly ${propName(f.id)}${required.has(f.id) ? '' : '?'}: ${t};`);
    }
    lines.push('};', '');
  }
  const types: GameTypes = {
    lines,
    declTypes,
    context: typeContext(schemas, (target) => declTypes.get(target) ?? idTypes.get(target) ?? 'string'),
    endState: state?.type,
    playerState: players?.typeName,
  };
  const marks = gameMarks(g);
  for (const c of game.collections.values()) {
    // Typed as tight as the data: a text every entry writes as a plain string is a string; a graph's node IDs are its node union.
    const places = dataPlaces(c.entries.map((e) => e.value));
    const side = isGraph(g, c.name) ? sideParam(g) : undefined;
    const nodePlaces = side ? graphNodePlaces(g, c.name, side) : undefined;
    const idPlace = idFieldPlace(c.decl.idFrom, c.entries);
    const fieldType = (path: string) => (path === idPlace ? `${c.decl.type}Id` : nodePlaces?.(path));
    const context: TypeContext = { ...types.context, plainText: places.plainText, fieldType };
    lines.push(...fieldUnion(c, schemas, context, entityRoles(c), marksOf(marks, c.name)));
    lines.push(...entityInterface(c, schemas, rulesOf.get(c.name) ?? NO_RULES, { ...types, context }, places.plainText, side), '');
  }
  return types;
}

/**
 * The interface of a collection's entries. `plainText`: whether the data holds only plain strings at a place;
 * `side`: for a graph collection, the type parameter its entry type takes (its ID; graph-types.ts).
 */
function entityInterface(
  c: Collection,
  schemas: SchemaSet,
  byEntry: RulesByEntry,
  types: GameTypes,
  plainText: (path: string) => boolean,
  side?: string,
): string[] {
  const loaded = loadedSchema(schemas, c.decl.schema);
  const schema = loaded?.schema;
  const roles = entityRoles(c);
  // Every entry has an ID and a name (the build fills in the ID when an entry has no name), whatever the schema requires;
  // a role's member replaces a field of the dataset's own under its name (entity-value.ts), as do the drafts and
  // readings (link refuses content that has such a field: link/mark-member-clash.ts).
  const top = roles.nameFrom
    ? { omit: ['id', 'name', ...(roles.copiesFrom ? ['copies'] : []), ...MARK_MEMBERS] }
    : { omit: ['id', ...(roles.copiesFrom ? ['copies'] : []), ...MARK_MEMBERS], required: ['name'] };
  const body = loaded ? schemaToTs(loaded.schema, types.context, loaded.id, '', top) : '{ readonly [key: string]: unknown }';
  const rules = [...byEntry.values()].flat();
  const extra: string[] = [`  readonly id: ${side ?? `${c.decl.type}Id`};`];
  if (roles.nameFrom) {
    const field = (schema?.properties as Record<string, Schema> | undefined)?.[roles.nameFrom];
    // The display name is the entry's name or, when it has none, its ID: a string unless some name is a locale map.
    const isText = !!field && loaded !== undefined && schemaToTs(field, types.context, loaded.id) === 'Text' && !plainText(keyStep(roles.nameFrom));
    extra.push(`  /** The display name: its \`${docText(roles.nameFrom)}\` (the ID when it has none). */`, `  readonly name: ${isText ? 'Text' : 'string'};`);
  } else if (!isObjectSchemaWith(schema, 'name')) extra.push('  /** No name in the schema: the ID. */', '  readonly name: string;');
  if (roles.copiesFrom)
    extra.push(`  /** How many copies of it the game holds: its \`${docText(roles.copiesFrom)}\` (1 when it has none). */`, '  readonly copies: number;');
  // A function the build compiles for every entry is always there (`byId[id].score(players)`, no `!`); for some entries only, optional.
  const has = (kind?: CompiledRule['kind']) => c.entries.every((e) => (byEntry.get(e.id) ?? []).some((r) => kind === undefined || r.kind === kind));
  const opt = (kind?: CompiledRule['kind']) => (has(kind) ? '' : '?');
  const kinds = new Set(rules.map((r) => r.kind));
  const player = types.playerState ?? 'never';
  if (kinds.has('scoring'))
    extra.push(
      `  /** The rule compiled from the data: one total per player, in input order. */`,
      `  readonly score${opt('scoring')}: (players: readonly ${types.endState ?? 'never'}[]) => number[];`,
    );
  if (kinds.has('effect'))
    extra.push(
      `  /** The effect compiled from the data: the player's state after it (fields it does not touch are kept). */`,
      `  readonly apply${opt('effect')}: (state: ${player}) => ${player};`,
    );
  if (kinds.has('value'))
    extra.push(`  /** The value compiled from the data, from one player's state. */`, `  readonly value${opt('value')}: (state: ${player}) => number;`);
  if (kinds.size) extra.push(`  /** The rule as rules text, rendered from the same data. */`, `  readonly rulesText${opt()}: string;`);
  if (kinds.has('value'))
    extra.push(
      `  /** The value rule as a formula over the player state's fields (\`(fame + ⌊coins / 3⌋)\`), to check the sentence in \`rulesText\` against. */`,
      `  readonly formula${opt('value')}: string;`,
    );
  const textsType = rulesTextsType(rules);
  if (textsType)
    extra.push(
      `  /** The rules text in every locale the game declares (\`rulesText\` is its main locale's). */`,
      `  readonly rulesTexts${opt()}: ${textsType};`,
    );
  const bodyInner = body.startsWith('{\n') ? body.slice(2, -2) : '';
  const head = side ? `${c.decl.type}<${side} extends ${c.decl.type}Id = ${c.decl.type}Id>` : c.decl.type;
  // The drafts and readings last: they name the fields above.
  return [`export interface ${head} {`, ...extra, ...(bodyInner ? [bodyInner] : []), ...markMemberTypes(c), '}'];
}

/** Whether the schema is an object schema that declares this property itself. */
function isObjectSchemaWith(schema: Schema | undefined, key: string): boolean {
  const props = schema?.properties;
  return !!props && typeof props === 'object' && key in props;
}
