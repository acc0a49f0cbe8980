/**
 * The contract between phases: every shape one phase gives the next is
 * declared here, and only here. load gives validate a `Game` of parsed
 * sources; validate gives link the entries with their `ValidatedRef`s and
 * `RuleSite`s; link gives rules a `LinkedGame`; rules gives emit the
 * `CompiledRule`s; a check gives every command after it `CheckedGame`s.
 * Nothing after `link` reads files.
 */
import type { YamlSource } from './load/yaml-source.ts';

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

export interface Manifest {
  id: string;
  name: Text;
  locale: Locale;
  /** Every locale the game's texts are given in (its rules text is rendered in each); the main `locale` is always one. */
  locales?: Locale[];
  players?: { min: number; max: number };
  source?: string | SourceDecl;
  summary?: Text;
  components?: ComponentDecl[];
  playerComponents?: ComponentDecl[];
  collections: Record<string, CollectionDecl>;
  roles?: { rules?: string; glossary?: string; icons?: string };
  declarations?: Record<string, DeclEntry[]>;
  endState?: { type: string; fields: Record<string, StateFieldDecl> };
  playerState?: Array<{ id: string; type: string; description?: string }>;
  constants?: { file: string; schema: string };
  graphs?: Record<string, GraphDecl>;
  movers?: Record<string, MoverDecl>;
  tables?: Record<string, TableDecl>;
  constraints?: ConstraintDecl[];
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
  kind: 'lookup' | 'value' | 'ranking';
  entry?: string;
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
  /** Index in the source sequence (source order is public: `all` keeps it). */
  index: number;
  value: Record<string, unknown>;
  source: YamlSource;
  pointer: string;
}

export interface Collection {
  name: string;
  decl: CollectionDecl;
  /** The files read, in path order; empty when the file is missing or the glob matches nothing. */
  sources: YamlSource[];
  /** False when a file is missing, unreadable or does not parse: the entries are then incomplete. */
  complete: boolean;
  entries: Entry[];
}

export interface MarkdownPage {
  path: string;
  slug: string;
  text: string;
}

export interface Game {
  dir: string;
  manifestSource: YamlSource;
  manifest: Manifest;
  collections: Map<string, Collection>;
  constants: { source: YamlSource; value: unknown } | undefined;
  pages: MarkdownPage[];
  /** The game's own locale files (locales/<tag>.yaml), parsed; compiler/locales/game-locales.ts reads them. */
  localeFiles?: YamlSource[];
  /** Collection name -> the IDs it had in the last good build (generated/), to tell a renamed entry from a typo. */
  previousIds?: Map<string, string[]>;
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

export interface ValidatedRef extends FoundRef {
  file: string;
  source: Entry['source'];
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
  refs: ValidatedRef[];
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
  /** Values of each declaration, by name, in source order. */
  declarations: Map<string, string[]>;
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
   * one included (the same as `text`). A value rule's text is a formula, the
   * same in every locale.
   */
  texts: Record<string, string>;
  /** Per locale, what its text lacked and took from the main locale (or English): the `text-missing-locale` warnings, counted by `rulebook report`. */
  missingTexts?: Record<string, string[]>;
  /** Worked examples of a scoring rule (all players' end states -> points). */
  examples: RuleExample[];
  /** Worked examples of an effect (one state before -> fields after). */
  stateExamples?: StateExample[];
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
}
