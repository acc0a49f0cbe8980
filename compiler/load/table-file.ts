import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { CollectionDecl } from '../model.ts';
import { CsvSource } from './csv-source.ts';
import { MAX_TABLE_BYTES, reportBadBytes } from './encoding.ts';
import { displayPath, readSource } from './files.ts';
import type { ParseCache } from './parse-cache.ts';

/**
 * Read one CSV or TSV collection file (load/game.ts routes `.csv` and `.tsv`
 * here); undefined when it cannot be read. Like a YAML file: bad bytes (a
 * Latin-1 export from Excel) are reported and the file comes back failed,
 * and `rulebook serve`'s cache gives back the same source for the same text
 * read with the same delimiter.
 */
export async function loadTable(
  root: string,
  file: string,
  decl: CollectionDecl,
  bag: DiagnosticBag,
  sources: Map<string, string>,
  cache?: ParseCache,
): Promise<CsvSource | undefined> {
  const read = await readSource(file, MAX_TABLE_BYTES);
  if (read === undefined) return undefined;
  const shown = displayPath(root, file);
  sources.set(shown, read.text);
  const delimiter = typeof decl.delimiter === 'string' ? decl.delimiter : undefined;
  const hit = cache?.get(shown, read.text);
  if (hit && hit.source instanceof CsvSource && hit.source.declaredDelimiter === delimiter) {
    bag.items.push(...hit.diagnostics);
    return hit.source;
  }
  const own = cache ? new DiagnosticBag() : bag;
  const source = new CsvSource(shown, read.text, delimiter);
  if (reportBadBytes(own, shown, read.bad)) source.parse(own);
  else source.ok = false;
  if (cache) {
    cache.set(shown, read.text, source, own.items);
    bag.items.push(...own.items);
  }
  return source;
}
