/**
 * The contract between phases: every shape one phase gives the next is
 * declared here, and only here. load gives validate a `Game` of parsed
 * sources; validate gives link the entries with their `FoundRefs` and
 * `RuleSite`s; link gives rules a `LinkedGame`; rules gives emit the
 * `CompiledRule`s; a check gives every command after it `CheckedGame`s.
 * Nothing after `link` reads files.
 */
import type { Place } from './diagnostics/diagnostic.ts';

/** A BCP 47 language tag (`en`, `pt-BR`, `fr`): open, checked by the schema (defs.schema.json#/$defs/locale), not a fixed list. */
export type Locale = string;
export type Text = string | Partial<Record<Locale, string>>;

export interface ComponentDecl {
  id?: string;
  name: Text;
  count: number;
  collection?: string;
  gap?: string;
  note?: string;
  parts?: Array<{ name: string; count: number }>;
  where?: Record<string, string | number | boolean>;
}

export interface CollectionDecl {
  /** One YAML file of entries, or `files`: a glob of them (exactly one of the two: load/game.ts says so when not). */
  file?: string;
  files?: string;
  schema: string;
  type: string;
  title?: Text;
  /** The field (or fields, joined) an entry's ID comes from when it has no `id`; default: the slug of `name`. */
  idFrom?: string | string[];
  description?: Text;
  /** The site splits the collection's page by this field's values (a kind, a pack), one page per value (schemas/game.schema.json). */
  pageBy?: string;
  /** The language of the entries' names when it is not the game's: the site marks each such name with it (`lang`). */
  nameLang?: Locale;
  /** The collection's cards as printed pieces (`rulebook print`): their size, bleed and back. */
  card?: CardDecl;
  /** Roles played by the dataset's own fields, so the data keeps its names: `name` (default `name`), `copies` (default `copies`). */
  fields?: CollectionFields;
  /** A CSV file's delimiter (`,` `;` tab `|`), when the header line would not tell it (default: the one the header line uses most; tab for .tsv). */
  delimiter?: string;
  /** What splits a list cell of a CSV or TSV file (default `;`). */
  listSeparator?: string;
}

/** A collection's printed card (schemas/game.schema.json `card`). */
export interface CardDecl {
  /** A named size (poker 63×88 mm, bridge 56×87, mini 44×63, tarot 70×120, square 70×70) or `[width, height]` in mm. */
  size: 'poker' | 'bridge' | 'mini' | 'tarot' | 'square' | readonly [number, number];
  /** Millimetres of background past the cut line on each side (default 3). */
  bleed?: number;
  /** A picture (relative to the game's folder) on the back of every card, when there is no `templates/<collection>.back.hbs`. */
  back?: string;
}

/** Which of an entry's fields plays each role. */
export interface CollectionFields {
  /** The display name (a card database's `title`); also what the ID is the slug of when there is no `idFrom`. */
  name?: string;
  /** How many copies of the entry the game holds (a card database's `quantity`; default `copies`, else one); component counts count copies. */
  copies?: string;
}

export interface StateFieldDecl {
  kind: 'count' | 'list' | 'flag';
  of?: string;
  resource?: string;
  description?: string;
  noun?: string;
  nounPlural?: string;
  phrase?: string;
  where?: string;
}

export interface DeclEntry {
  id?: string;
  name: Text;
  [key: string]: unknown;
}

/** A declaration's value with its ID: as written, or the slug of its name. */
export type DeclaredValue = DeclEntry & { id: string };

export interface Manifest {
  id: string;
  name: Text;
  locale: Locale;
  /** Every locale the game's texts are given in (its rules text is rendered in each); the main `locale` is always one. */
  locales?: Locale[];
  players?: { min: number; max: number };
  /** Where the content is transcribed from; a game without one is invented (see `isInvented`). */
  source?: string | SourceDecl;
  summary?: Text;
  components?: ComponentDecl[];
  playerComponents?: ComponentDecl[];
  collections: Record<string, CollectionDecl>;
  roles?: { rules?: string; glossary?: string; icons?: string };
  /** The dataset's own symbol spellings (`[credit]`) -> IDs of the icon set's entries: drawn as icons, the data left as it is (link/link-tokens.ts). */
  symbols?: Record<string, string>;
  declarations?: Record<string, DeclEntry[]>;
  endState?: { type: string; fields: Record<string, StateFieldDecl> };
  playerState?: Array<{ id: string; type: string; description?: string }>;
  constants?: { file: string; schema: string };
  graphs?: Record<string, GraphDecl>;
  movers?: Record<string, MoverDecl>;
  tables?: Record<string, TableDecl>;
  constraints?: ConstraintDecl[];
}

/**
 * A game with no `source:` is invented, not transcribed: it has no rulebook,
 * so what the tool says of its drafts speaks of values not decided yet, never
 * of a rulebook that does not give them.
 */
export function isInvented(manifest: Pick<Manifest, 'source'>): boolean {
  return !manifest.source;
}

/** A rule across entries (link/constraints.ts): a field compared with another entry's, reached through references. */
export interface ConstraintDecl {
  in: string;
  each?: string;
  field: string;
  equals?: string | number;
  atMost?: string | number;
  atLeast?: string | number;
  message: string;
}

/** The document a game is transcribed from, and the files in its folder that hold its text. */
export interface SourceDecl {
  title: string;
  files: Array<{ file: string; about: string }>;
  /** Where the rules the text refers to but does not hold live ("in the full Law of Root"): said beside each reference to one. */
  elsewhere?: Text;
}

export interface GraphDecl {
  nodes: string;
  kindField: string;
  kinds?: string;
  edges: string;
  edgeKinds: Record<string, { between?: string[]; name?: Text }>;
  arrows?: string;
  connected?: boolean;
  slots?: { field: string; collection: string; match: { field: string; graphField: string } };
  /** The language of the spaces' names when it is not the game's: the site marks each such name with it (`lang`). */
  nameLang?: Locale;
}

export interface MoverDecl {
  graph: string;
  edges: string[];
  neverEnter?: string[];
  enterFromRound?: Record<string, number>;
  followsArrows?: boolean;
  stayIfTargetHere?: boolean;
  targets?: Array<{ piece: string; rank: 'most' | 'fewest'; by?: string }>;
  ties?: string;
  overriddenBy?: { collection: string; field: string; kind: string; addSteps: string };
}

export interface TableDecl {
  kind: 'lookup' | 'value' | 'ranking' | 'cardPoints' | 'rankByTotal' | 'order';
  entry?: string;
  // cardPoints, rankByTotal and order (compiler/emit-code/score-tables.ts says what each reads).
  points?: string;
  countScoring?: string;
  structure?: string;
  setSize?: string;
  setPoints?: 'set' | 'perCard';
  singles?: string;
  sets?: string;
  counted?: Record<string, string>;
  doubling?: { by: string; choices: string };
  add?: string[];
  ties?: 'share-place';
  constant?: string;
  tieBreakers?: string;
  collection: string;
  key?: string;
  orMore?: string;
  field?: string;
  overriddenBy?: { collection: string; field: string; kind: string; key?: string; subtract?: string };
}

/** One entry of a collection after loading: its value plus where it came from. */
export interface Entry {
  id: string;
  /** The display name, read once from the collection's name field (`fields.name`, default `name`); undefined when it has none. */
  name: Text | undefined;
  /** How many copies of it the game holds: the collection's copies field (`fields.copies`, default `copies`), else 1. */
  copies: number;
  /** Index in the source sequence (source order is public: `all` keeps it). */
  index: number;
  value: Record<string, unknown>;
  source: SourceFile;
  pointer: string;
}

/** A collection as load gives it: its declaration and files, parsed (validate makes the entries). */
export interface LoadedCollection {
  name: string;
  decl: CollectionDecl;
  /** The files read, in path order; empty when the file is missing or the glob matches nothing. */
  sources: SourceFile[];
  /** False when a file is missing, unreadable or does not parse: the entries are then incomplete. */
  complete: boolean;
}

/** A collection as validate gives it: its entries, each with its ID and display name. */
export interface Collection extends LoadedCollection {
  /** False also when a file is not a list of entries (validate finds that). */
  complete: boolean;
  entries: Entry[];
}

/** Start and end offsets of a value in its file's text. */
export type Range = readonly [start: number, end: number];

/** A placeholder (`{ placeholder: VALUE, note }`) or reading (`{ reading: VALUE, note }`) found in content. */
export interface PlaceholderMark {
  pointer: string;
  note: string;
  place: Place | undefined;
}

/**
 * A parsed content file as every phase after load reads it: its value, and
 * where each value stands, so any phase can point a diagnostic at a JSON
 * pointer. load/yaml-source.ts's `YamlSource` is the one that implements it;
 * the contract names only what the later phases read.
 */
export interface SourceFile {
  /** The display path (`content/<game>/cards.yaml`) diagnostics print. */
  readonly path: string;
  readonly text: string;
  /** The file's data; undefined when it did not parse. */
  readonly value: unknown;
  /** False when the file did not parse (its errors are already reported). */
  readonly ok: boolean;
  readonly placeholders: readonly PlaceholderMark[];
  readonly readings: readonly PlaceholderMark[];
  /** Where each value stands, by JSON pointer. */
  readonly ranges: ReadonlyMap<string, Range>;
  /** Where each map key stands, by the JSON pointer of its value. */
  readonly keys: ReadonlyMap<string, Range>;
  /** Where the value at a JSON pointer stands (its key's place with `key: true`); the nearest enclosing value's place when the pointer reaches below what the file holds. */
  placeOf(pointer: string, options?: { key?: boolean }): Place | undefined;
  placeOfRange(range: readonly [number, number] | readonly number[] | undefined): Place | undefined;
  /**
   * Whether a schema error at `pointer` (for `required`, of the field `missing`) was already said another way by
   * the file's own reading: a CSV table reports a column missing from its header once, not once per row, and a cell it
   * could not read once, not again as a type error. Files that say nothing ahead of the schema leave it out.
   */
  saidAlready?(pointer: string, missing?: string): boolean;
}

export interface MarkdownPage {
  path: string;
  slug: string;
  text: string;
  /** On a translation (rules/<locale>/NN-slug.md): the locale it is written in; it translates the page of the same slug. */
  locale?: string;
}

/** A game as load gives it (validate returns it as a `Game`, with its collections' entries). */
export interface LoadedGame {
  dir: string;
  manifestSource: SourceFile;
  manifest: Manifest;
  collections: Map<string, LoadedCollection>;
  constants: { source: SourceFile; value: unknown } | undefined;
  pages: MarkdownPage[];
  /**
   * Translations of the rules pages, one folder per declared locale
   * (rules/pt-BR/01-overview.md translates rules/01-overview.md, by its slug):
   * each page drawn under that locale reads its translation.
   */
  translatedPages?: MarkdownPage[];
  /** The game's own locale files (locales/<tag>.yaml), parsed; compiler/locales/game-locales.ts reads them. */
  localeFiles?: SourceFile[];
  /** Collection name -> the IDs it had in the last good build (generated/), to tell a renamed entry from a typo. */
  previousIds?: Map<string, string[]>;
}

/** A game after validation: every collection with its entries. */
export interface Game extends LoadedGame {
  collections: Map<string, Collection>;
}

// What validation finds in an entry: references to resolve and rules to compile (validate -> link, rules).

/** A string that names another entry, found while validating (see the x-ref keyword). */
export interface FoundRef {
  target: string;
  value: string;
  pointer: string;
  /** The reference is a map key (`propertyNames` with x-ref): its place is the key's, not the value's. */
  key?: boolean;
}

/** A value the schema marks as a rule of the DSL (`"x-rule": "scoring"`). */
export interface FoundRule {
  kind: string;
  pointer: string;
}

/**
 * The references found in one entry (or in the constants), with the file
 * they are in. Kept as validation found them, not copied into one object per
 * reference with its file: a save in a 10,000-card file gives every entry a
 * new parse of the file, and copying its every reference cost ~60-90 ms; the
 * file is read only for a reference that names nothing.
 */
export interface FoundRefs {
  source: Entry['source'];
  refs: readonly FoundRef[];
}

/** A DSL rule inside an entry: which collection and entry, and its pointer relative to the entry. */
export interface RuleSite {
  collection: string;
  entry: Entry;
  kind: string;
  pointer: string;
}

export interface Validated {
  /** False when the manifest itself is malformed: nothing after validation can trust it. */
  ok: boolean;
  /** The game with its entries (none when the manifest is malformed). */
  game: Game;
  refs: FoundRefs[];
  rules: RuleSite[];
}

// What link gives the phases after it (rules, emit).

export interface PlaceholderInfo {
  collection: string;
  id: string;
  /** JSON pointer inside the entry ('' for the whole entry). */
  path: string;
  note: string;
  file: string;
  line: number | undefined;
}

export interface LinkedGame {
  game: Game;
  /** Values of each declaration, by name, in source order, each with its ID (link gives them once; see value-ids.ts). */
  declarations: Map<string, DeclaredValue[]>;
  placeholders: PlaceholderInfo[];
  /** Readings: choices where the rulebook is silent (`{ reading: VALUE, note }`), listed apart from placeholders. */
  readings: PlaceholderInfo[];
  /** Rule number -> numbers of the rules whose text refers to it. */
  referencedBy: Map<string, string[]>;
  /** References whose printed words name another rule than their target: the text is kept, and the site shows the note beside it. */
  errata: Erratum[];
}

/** "Veja DESCARTE (16.6.5)" where 16.6.5 is "Compre.": the `ref-name-mismatch` warning, kept for readers. */
export interface Erratum {
  collection: string;
  /** The entry whose text holds the reference. */
  id: string;
  /** JSON pointer of the text inside the entry. */
  path: string;
  /** The name as printed before the reference. */
  name: string;
  target: string;
  targetTitle: string;
  /** The glossary term the printed name is tagged with, and its number, when it is one. */
  term?: string;
  termNumber?: string;
}

// What rules gives emit: each DSL rule compiled, with its text and worked examples.

export interface CompiledRule {
  collection: string;
  entryId: string;
  /** JSON pointer of the rule inside its entry. */
  pointer: string;
  kind: 'scoring' | 'effect' | 'value';
  /** The function's name on the generated entity (`score` for scoring, `apply` for an effect). */
  functionName: string;
  /** A JavaScript expression using runtime.ts helpers: over `players` (scoring), or a function of one state (effect). */
  expression: string;
  /** The same with TypeScript annotations, for generated/ (effects only). */
  typedExpression?: string;
  /** The rule rendered as rules text in the game's locale. */
  text: string;
  /**
   * The rule's text in every locale the game declares (`locales:`), the main
   * one included (the same as `text`). A value rule's too: its sentence
   * (compiler/rules/value-render.ts), its formula apart in `formula`.
   */
  texts: Record<string, string>;
  /** A value rule's formula over the player state's fields (`(fame + ⌊coins / 3⌋)`): for checking, never the rules text. */
  formula?: string;
  /** Per locale, what its text lacked and took from the main locale (or English): the `text-missing-locale` warnings, counted by `rulebook report`. */
  missingTexts?: Record<string, string[]>;
  /** Worked examples of a scoring rule (all players' end states -> points). */
  examples: RuleExample[];
  /** Worked examples of an effect (one state before -> fields after). */
  stateExamples?: StateExample[];
  /**
   * The worked examples in words, per locale, in the examples' order: for a
   * scoring rule each player's end state ("5 Flour markers and no Ammunition
   * markers"); for an effect the situation before and
   * what changed after ("3 Fame Points", "No change"); the situation reads
   * "With 2 Reis tokens and 6 Fame Points".
   */
  exampleWords?: Record<string, ExampleWords[]>;
}

export interface ExampleWords {
  /** One phrase per player (scoring), or the one player's situation (effect). */
  given: string[];
  /** For an effect: what it changed. */
  after?: string;
}

export interface RuleExample {
  note?: string;
  given: Array<Record<string, unknown>>;
  expect: number[];
}

/** An example of an effect: one player's state before, and the fields expected after. */
export interface StateExample {
  note?: string;
  given: Record<string, unknown>;
  expect: Record<string, unknown>;
}

// What a check gives every command after it (build, serve, report, diff): a game linked and its rules compiled.

export interface CheckedGame {
  linked: LinkedGame;
  rules: CompiledRule[];
  /** The game's `playerState`, resolved once by the rules phase (emit reads it here rather than resolving it again). */
  players: PlayerStateModel | undefined;
}

/**
 * A game's `playerState` declaration, resolved: each field's kind (count,
 * a count per value of a declaration, or one value of a declaration) and the
 * phrases the rules text uses for it.
 */
export interface PlayerStateModel {
  typeName: string;
  fields: Map<string, PlayerField>;
}

export interface PlayerField {
  id: string;
  kind: 'count' | 'countBy' | 'value';
  /** For countBy and value: the declaration whose values key or fill it. */
  declaration?: string;
  values: Map<string, string>;
  phrases: Record<string, string>;
  description?: string;
}
