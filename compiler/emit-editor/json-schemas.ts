import { isJsonFile } from '../load/content-source.ts';
import type { Associations } from './settings.ts';

/**
 * The editor settings for JSON content files: VS Code's built-in JSON
 * language service (vscode-json-languageservice; also vscode-json-languageserver
 * in Neovim, Helix, Zed) reads `.vscode/settings.json`'s `json.schemas`, a list
 * of `{ fileMatch, url }`. The YAML side (`yaml.schemas`, settings.ts) maps
 * schema -> glob; this side differs in three ways, each handled here:
 *
 * - `url` must start with `./` to be read from the workspace folder (VS Code
 *   joins only a `.` or `/` URL to the folder; a bare relative one is taken as
 *   a URI and never found);
 * - a `fileMatch` pattern is matched as `**` + `/` + the pattern (its leading `/`
 *   dropped) against the file's whole path, by the service's own glob
 *   (utils/glob.ts `createRegex`, not picomatch): it has no escape character
 *   (a `\` ends up in the regular expression), so a literal path is written
 *   with a one-character wildcard where a glob character stands;
 * - the entries are a list, not a map: ours are told apart by their `url`.
 */
export const JSON_KEY = 'json.schemas';

export interface JsonSchemaSetting {
  fileMatch: string[];
  url: string;
}

/** Which language servers read a collection's (or the constants') files: by the name or the glob's end, as load decides per file (isJsonFile). */
export function languagesOf(file: string, isGlob: boolean): { yaml: boolean; json: boolean } {
  if (isJsonFile(file)) return { yaml: false, json: true };
  // A glob that ends in another extension matches no JSON file; one that ends in `*`, `}` or `]` (`sets/*`) may match both kinds.
  if (!isGlob || /\.[A-Za-z0-9]+$/.test(file)) return { yaml: true, json: false };
  return { yaml: true, json: true };
}

/**
 * A project-relative path as a `fileMatch` pattern that matches that file:
 * `?` (any one character) where the service's glob would read `*?[]{}` as
 * syntax. It then also matches a sibling whose name differs at exactly those
 * characters, which costs nothing (both would be collection files of the game).
 */
export function literalFileMatch(file: string): string {
  return '/' + file.replace(/[*?[\]{}]/g, '?');
}

/** A project-relative glob as a `fileMatch` pattern: the service matches `*`, `**`, `?`, `[...]` and `{a,b}` as picomatch does. */
export function globFileMatch(glob: string): string {
  return '/' + glob;
}

/** The `url` of a schema path under the project root. */
export function schemaUrl(schemaPath: string): string {
  return `./${schemaPath}`;
}

/** Our `json.schemas` entries, one per schema, in schema-path order (the file stays the same bytes for the same content). */
export function jsonSettings(ours: Associations): JsonSchemaSetting[] {
  return Object.entries(ours)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([schema, match]) => ({ fileMatch: Array.isArray(match) ? match : [match], url: schemaUrl(schema) }));
}

/**
 * The new `json.schemas` value: the entries that are not ours kept as they
 * were (in their order, whatever their shape), then ours. Undefined (no key)
 * when there is nothing to write and nothing of the designer's to keep: a
 * project without JSON content files gets no empty list.
 */
export function mergeJsonSchemas(current: unknown, ours: Associations, ownPrefix: string): unknown {
  const isOurs = (entry: unknown) => {
    const url = entry && typeof entry === 'object' ? (entry as { url?: unknown }).url : undefined;
    return typeof url === 'string' && url.replace(/^\.\//, '').startsWith(ownPrefix);
  };
  const entries = jsonSettings(ours);
  // Not a list (or absent): a setting VS Code refuses as it stands. Left alone unless we have entries to write, which then replace it.
  if (!Array.isArray(current)) return entries.length ? entries : current;
  const list = [...current.filter((entry) => !isOurs(entry)), ...entries];
  // A list that held only ours, and now nothing (the JSON files went back to YAML): the key goes, as it came.
  return list.length || !current.length ? list : undefined;
}

/** For a settings file the build cannot rewrite: each of our entries its text does not already name, as a line to paste into the list. */
export function missingJsonLines(existing: string, ours: Associations): string[] {
  return jsonSettings(ours)
    .filter((entry) => !existing.includes(JSON.stringify(entry.url)))
    .map((entry) => `{ "fileMatch": ${JSON.stringify(entry.fileMatch)}, "url": ${JSON.stringify(entry.url)} },`);
}
