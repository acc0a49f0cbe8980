/**
 * The game's namespace, the one value its module exports: the game's own
 * facts, its components and declarations, every collection, its constants,
 * the engine parts, and the placeholder and reading reports. Declared by an
 * interface (isolated declarations: the type is written, never inferred).
 */
import type { CheckedGame } from '../model.ts';
import { withId } from '../value-ids.ts';
import type { SchemaSet } from '../validate/schemas.ts';
import { engineParts, type Member } from './engine-parts.ts';
import { isGraph } from './graph-types.ts';
import type { GameTypes } from './entity-types.ts';
import { allName, namespaceName, typeNamespaceName } from '../names.ts';
import { loadedSchema, schemaToTs } from './schema-to-ts.ts';
import { docComment, docText, literal, propName, textName, valueKey } from './ts-syntax.ts';

/** The namespace's interface and value; the engine parts' own types are pushed onto `lines` first. */
export function gameNamespace(g: CheckedGame, schemas: SchemaSet, types: GameTypes, lines: string[]): void {
  const { game, placeholders } = g.linked;
  const m = game.manifest;
  const members: Member[] = [
    { name: 'id', type: JSON.stringify(m.id), value: JSON.stringify(m.id) },
    { name: 'name', type: typeof m.name === 'string' ? 'string' : 'Text', value: literal(m.name, '  ') },
    { name: 'locale', type: JSON.stringify(m.locale), value: JSON.stringify(m.locale) },
  ];
  if (m.players) members.push({ name: 'players', type: '{ readonly min: number; readonly max: number }', value: literal(m.players, '  ') });
  members.push({
    name: 'components',
    type: `readonly ComponentInfo${plainNames(m.components ?? []) ? '<string>' : ''}[]`,
    value: literal((m.components ?? []).map(withId), '  '),
    doc: "The game's components, as its component list gives them.",
  });
  const declNames = Object.keys(m.declarations ?? {});
  const declarationValues = Object.fromEntries(g.linked.declarations);
  members.push({
    name: 'declarations',
    type: declNames.length
      ? `{ ${declNames.map((d) => `readonly ${propName(d)}: readonly DeclarationEntry<${types.declTypes.get(d) ?? 'string'}${plainNames(g.linked.declarations.get(d) ?? []) ? ', string' : ''}>[]`).join('; ')} }`
      : '{}',
    value: literal(declarationValues, '  '),
  });
  for (const c of game.collections.values()) {
    // A graph's entry type is generic in its side: byId gives each side its own (graph-types.ts).
    const t = c.decl.type;
    const params = isGraph(g, c.name) ? `${t}Id, ${t}, { readonly [S in ${t}Id]: ${t}<S> }` : `${t}Id, ${t}`;
    members.push({ name: c.name, type: `Collection<${params}>`, value: `collection<${params}>(${allName(c.name)})`, doc: textName(c.decl.title ?? c.name) });
  }
  if (game.constants && m.constants) {
    const loaded = loadedSchema(schemas, m.constants.schema);
    members.push({
      name: 'constants',
      type: loaded ? schemaToTs(loaded.schema, types.context, loaded.id, '  ') : '{ readonly [key: string]: unknown }',
      value: literal(game.constants.value, '  '),
      doc: 'Game-wide rules data.',
    });
  }
  members.push(...engineParts(g, lines, types.playerState, schemas));
  const drafts = placeholders.map((p) => ({ collection: p.collection, id: p.id, path: p.path, note: p.note }));
  members.push({
    name: 'placeholders',
    type: 'readonly Placeholder[]',
    value: literal(drafts, '  '),
    doc: "Every value not settled yet (the rulebook does not give it, or it is not decided yet), marked as a placeholder in the content. An entry's own are on the entry, by field path: `entry.drafts` (the direct way; this list also holds the manifest's and the constants').",
  });
  // Same shape as a placeholder: where the choice stands and the note saying what the rules leave open and what was chosen.
  const readings = g.linked.readings.map((p) => ({ collection: p.collection, id: p.id, path: p.path, note: p.note }));
  members.push({
    name: 'readings',
    type: 'readonly Placeholder[]',
    value: literal(readings, '  '),
    doc: "Every reading: a choice made where the rules are silent, marked as a reading in the content. An entry's own are on the entry, by field path: `entry.readings` (the direct way; this list also holds the manifest's and the constants').",
  });
  const ns = namespaceName(m.id);
  const nsType = `${typeNamespaceName(m.id)}Namespace`;
  lines.push(
    `/** ${docText(textName(m.name))}: every collection with \`all\` and \`byId\`, the game's declarations, its rules as functions and its placeholder report. */`,
  );
  lines.push(`export interface ${nsType} {`);
  for (const mem of members) lines.push(...docComment(mem.doc, '  '), `  readonly ${propName(mem.name)}: ${mem.type};`);
  lines.push('}', '');
  lines.push(`export const ${ns}: ${nsType} = Object.freeze<${nsType}>({`);
  for (const mem of members) lines.push(`  ${valueKey(mem.name)}: ${mem.value},`);
  lines.push('});', '');
}

/** Whether every value's name is a plain string: its type is then `string` (no `text()` needed), else `Text`. */
function plainNames(values: readonly unknown[]): boolean {
  return values.length > 0 && values.every((v) => typeof (v as { name?: unknown }).name === 'string');
}
