/** The shapes that flow between phases. Nothing after `link` reads files. */
import type { YamlSource } from './load/yaml-source.ts';

export type Locale = 'en' | 'pt-BR';
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
  file: string;
  schema: string;
  type: string;
  title?: Text;
  idFrom?: string;
  description?: Text;
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
  source: YamlSource | undefined;
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
  /** Collection name -> the IDs it had in the last good build (generated/), to tell a renamed entry from a typo. */
  previousIds?: Map<string, string[]>;
}
