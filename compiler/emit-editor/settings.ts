import { JSON_KEY, mergeJsonSchemas, missingJsonLines } from './json-schemas.ts';

/**
 * The editor settings that map each content file to its editor schema:
 * `.vscode/settings.json`'s `yaml.schemas` (schema path -> glob), which VS Code's
 * Red Hat YAML extension passes to yaml-language-server, and for JSON content
 * files `json.schemas`, which VS Code's own JSON support reads (json-schemas.ts). Chosen over a
 * `# yaml-language-server: $schema=` line at the top of each content file:
 * that line would make the build write into the designer's own files (which
 * may be open in the editor, and which `serve` watches), and a new collection
 * would need one by hand.
 *
 * The build owns only the entries whose schema lies under its own folder;
 * any other setting in the file (and any other `yaml.schemas` or `json.schemas` entry) is kept.
 */
export const SETTINGS_FILE = '.vscode/settings.json';
const KEY = 'yaml.schemas';

export type Associations = Record<string, string | string[]>;

export interface MergedSettings {
  /** The file's new text; undefined when it is left alone. */
  text?: string;
  /** Why it was left alone (a file that is not plain JSON: its comments would be lost). */
  skipped?: string;
  /** Then, the `yaml.schemas` (then `json.schemas`) lines to add by hand: each mapping the file does not already name. */
  missing?: string[];
}

/** `ours` maps YAML files (`yaml.schemas`), `json` maps JSON files (`json.schemas`); each is schema path -> glob. */
export function mergeSettings(existing: string | undefined, ours: Associations, ownPrefix: string, json: Associations = {}): MergedSettings {
  let settings: Record<string, unknown> = {};
  if (existing !== undefined && existing.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(existing);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { skipped: `${SETTINGS_FILE} is not a JSON object` };
      settings = parsed as Record<string, unknown>;
    } catch {
      // Rewriting would drop the designer's comments: say exactly what to add instead. A schema path the text already names counts as mapped.
      const missing = Object.entries(ours)
        .filter(([schema]) => !existing.includes(JSON.stringify(schema)))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([schema, glob]) => `${JSON.stringify(schema)}: ${JSON.stringify(glob)},`);
      const missingJson = missingJsonLines(existing, json);
      const skipped = `${SETTINGS_FILE} is not plain JSON (comments?), so it was left as it is`;
      const where = [missing.length ? `its "${KEY}" map` : '', missingJson.length ? `its "${JSON_KEY}" list` : ''].filter(Boolean).join(' and ');
      return where ? { skipped: `${skipped}; add to ${where}:`, missing: [...missing, ...missingJson] } : { skipped };
    }
  }
  const current = settings[KEY];
  const kept =
    current && typeof current === 'object' && !Array.isArray(current) ? Object.entries(current as Associations).filter(([k]) => !k.startsWith(ownPrefix)) : [];
  const schemas = Object.fromEntries([...kept, ...Object.entries(ours).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
  const merged: Record<string, unknown> = { ...settings, [KEY]: schemas };
  const jsonSchemas = mergeJsonSchemas(settings[JSON_KEY], json, ownPrefix);
  if (jsonSchemas) merged[JSON_KEY] = jsonSchemas;
  else delete merged[JSON_KEY];
  const text = JSON.stringify(merged, null, 2) + '\n';
  return { text };
}
