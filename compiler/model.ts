/** The shapes that flow between phases. Nothing after `link` reads files. */
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
