/**
 * The JSON Schema of each state a game declares (game.yaml `endState:` and
 * `playerState:`), with the words its problems are said in. One schema per
 * state: it ships in the package (`<game>.end-state.schema.json`), the
 * package's validators are generated from it (state-parsers.ts), and the
 * state types require the same fields it requires.
 *
 * Required: the fields the game's rules read (a scoring rule, an effect, a
 * value, a ranking's tie-breakers). A state without one of them cannot be
 * scored or changed, while a field no rule reads is the engine's to keep or
 * leave out (Cangaceiros' `bounty`, say): requiring every declared field would
 * make an engine invent values the package never looks at.
 */
import type { CheckedGame, CompiledRule, PlayerField } from '../model.ts';
import { textName } from './ts-syntax.ts';
import { fieldsOf } from '../rules/example-words.ts';
import { endStateFieldsOf, specOf } from '../rules/card-points-examples.ts';
import { pointerGet } from '../rules/compile.ts';
import type { StateWords } from '../rules/runtime.ts';
import { stateModel, type ResolvedField } from '../rules/state.ts';

export type StateKind = 'endState' | 'playerState';

export interface StateSchema {
  kind: StateKind;
  /** The state's type in the game's module (`CangacoEndState`, `PlayerState`). */
  typeName: string;
  /** The file beside the modules (`cangaco.end-state.schema.json`) and its key in the package's exports. */
  file: string;
  exportKey: string;
  schema: Record<string, unknown>;
  words: StateWords;
  /** The fields the schema requires, in declaration order. */
  required: readonly string[];
}

const JSON_SCHEMA = 'https://json-schema.org/draft/2020-12/schema';
const FILE_PART: Record<StateKind, string> = { endState: 'end-state', playerState: 'player-state' };

const cache = new WeakMap<CheckedGame, StateSchema[]>();

/** The game's state schemas: the end state's, then the player state's, for those it declares. */
export function stateSchemas(g: CheckedGame): StateSchema[] {
  const cached = cache.get(g);
  if (cached) return cached;
  const { game, declarations } = g.linked;
  const id = game.manifest.id;
  const read = fieldsReadByRules(g);
  const out: StateSchema[] = [];
  const end = game.manifest.endState;
  const endModel = stateModel(game.manifest, declarations, (name) => {
    const c = game.collections.get(name);
    return c ? new Map(c.entries.map((e) => [e.id, String(e.name ?? e.id)])) : undefined;
  });
  if (end && endModel) {
    const fields = [...endModel.fields.values()];
    out.push(
      build(
        id,
        textName(game.manifest.name),
        'endState',
        end.type,
        "One player's state at the end of the game: what scoring rules read.",
        read.endState,
        fields.map(endField),
      ),
    );
  }
  if (g.players) {
    const fields = [...g.players.fields.values()].map(playerField);
    out.push(
      build(
        id,
        textName(game.manifest.name),
        'playerState',
        g.players.typeName,
        "One player's state during play: what effects read and change.",
        read.playerState,
        fields,
      ),
    );
  }
  cache.set(g, out);
  return out;
}

/** The schema of one state, if the game declares it. */
export function stateSchema(g: CheckedGame, kind: StateKind): StateSchema | undefined {
  return stateSchemas(g).find((s) => s.kind === kind);
}

/** A field's schema and words, whichever state it belongs to. */
interface FieldSchema {
  name: string;
  schema: Record<string, unknown>;
  description: string | undefined;
  values: Map<string, string> | undefined;
}

function build(
  gameId: string,
  gameName: string,
  kind: StateKind,
  typeName: string,
  what: string,
  read: ReadonlySet<string>,
  fields: FieldSchema[],
): StateSchema {
  const required = fields.map((f) => f.name).filter((n) => read.has(n));
  const file = `${gameId}.${FILE_PART[kind]}.schema.json`;
  const schema: Record<string, unknown> = {
    $schema: JSON_SCHEMA,
    $id: `https://rulebook.dev/generated/${file}`,
    title: typeName,
    description: `${what} The fields the game's rules read are required; a count is a whole number, 0 or more.`,
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, f.description ? { description: f.description, ...f.schema } : f.schema])),
    required,
    additionalProperties: false,
  };
  const words: StateWords = {
    // In the game's words, not the type's: "Cangaço end state does not parse", "one Cangaço end state per player".
    name: `${gameName} ${kind === 'endState' ? 'end state' : 'player state'}`,
    fields: Object.fromEntries(
      fields.map((f) => [
        f.name,
        // The description as a programmer reads it in a message: Markdown's code marks dropped.
        { ...(f.description ? { description: f.description.replace(/`/g, '') } : {}), ...(f.values?.size ? { values: Object.fromEntries(f.values) } : {}) },
      ]),
    ),
  };
  return { kind, typeName, file, exportKey: `./${gameId}/${FILE_PART[kind]}.schema.json`, schema, words, required };
}

const COUNT = { type: 'integer', minimum: 0 };

/** One of the values: an enum (a value of the wrong type fails it as well, so one problem, not two); any text when none are declared. */
function oneOf(values: ReadonlyMap<string, string>): Record<string, unknown> {
  return values.size ? { enum: [...values.keys()] } : { type: 'string' };
}

function endField(f: ResolvedField): FieldSchema {
  const d = f.decl;
  const schema = d.kind === 'count' ? COUNT : d.kind === 'flag' ? { type: 'boolean' } : { type: 'array', items: oneOf(f.values) };
  return { name: f.name, schema, description: d.description, values: d.kind === 'list' ? f.values : undefined };
}

function playerField(f: PlayerField): FieldSchema {
  const schema =
    f.kind === 'count'
      ? COUNT
      : f.kind === 'countBy'
        ? // A count per declared value; a value left out is 0, as the rules read it.
          { type: 'object', properties: Object.fromEntries([...f.values.keys()].map((k) => [k, COUNT])), additionalProperties: false }
        : oneOf(f.values);
  return { name: f.id, schema, description: f.description, values: f.kind === 'count' ? undefined : f.values };
}

/**
 * The fields each compiled rule names, kept by the rule: under `rulebook serve` a rule a save left alone is the
 * same object (rules/rule-memo.ts), compiled from the same value, so a save walks only the rules it changed.
 */
const fieldsByRule = new WeakMap<CompiledRule, readonly string[]>();

/** Up to this many rules not seen before, their entries are found by scanning their collections rather than indexed. */
const FEW_RULES = 16;

/** The fields each state's rules read: scoring rules read the end state; effects, values and rankings' tie-breakers the player state. */
function fieldsReadByRules(g: CheckedGame): { endState: Set<string>; playerState: Set<string> } {
  const { game } = g.linked;
  const endState = new Set<string>();
  const playerState = new Set<string>();
  const entries = new Map<string, Map<string, Record<string, unknown>>>();
  const entryOf = (collection: string, id: string) => {
    let byId = entries.get(collection);
    if (!byId) entries.set(collection, (byId = new Map((game.collections.get(collection)?.entries ?? []).map((e) => [e.id, e.value]))));
    return byId.get(id);
  };
  // A save under serve leaves all rules but a few as they were: their entries are found by a scan, which is cheaper
  // than indexing a 30,000-entry collection for them (no package is made from a game with a duplicate ID, so which of
  // two entries is found does not arise).
  const fresh = g.rules.filter((r) => !fieldsByRule.has(r));
  const find =
    fresh.length <= FEW_RULES ? (collection: string, id: string) => game.collections.get(collection)?.entries.find((e) => e.id === id)?.value : entryOf;
  for (const r of fresh) fieldsByRule.set(r, [...fieldsOf(pointerGet(find(r.collection, r.entryId), r.pointer))]);
  for (const r of g.rules) {
    const into = r.kind === 'scoring' ? endState : playerState;
    for (const field of fieldsByRule.get(r)!) into.add(field);
  }
  for (const table of Object.values(game.manifest.tables ?? {})) {
    if (table.kind === 'cardPoints') {
      // A card-points table reads the cards in play from the end state (score-tables.ts).
      for (const field of endStateFieldsOf(specOf(table))) endState.add(field);
      continue;
    }
    if (table.kind !== 'ranking') continue;
    const entry = entryOf(table.collection, table.entry ?? '');
    const breakers = entry?.[table.tieBreakers ?? 'tieBreakers'];
    for (const t of Array.isArray(breakers) ? (breakers as Array<Record<string, unknown>>) : [])
      for (const field of [t.fewest, t.most]) if (typeof field === 'string') playerState.add(field);
  }
  return { endState, playerState };
}
