import type { JsonSource } from './json-source.ts';
import type { YamlSource } from './yaml-source.ts';

/** A parsed content file, as load reads it: YAML, or JSON for a `.json` file (collections and constants). */
export type ContentSource = YamlSource | JsonSource;

/** A file read as JSON (load/json-source.ts) rather than YAML: by its name, as editors and every other tool decide. */
export function isJsonFile(file: string): boolean {
  return file.toLowerCase().endsWith('.json');
}
