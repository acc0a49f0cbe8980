import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { CollectionDecl } from '../model.ts';
import { CsvSource } from './csv-source.ts';
import { MAX_TABLE_BYTES } from './encoding.ts';
import { readParsed, type FileKind } from './read-parsed.ts';
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
  const delimiter = typeof decl.delimiter === 'string' ? decl.delimiter : undefined;
  const kind: FileKind<CsvSource> = {
    // The file as last parsed, read with the same delimiter: its records where the texts agree are taken (csv-source.ts).
    make: (shown, text, last) => new CsvSource(shown, text, delimiter, last instanceof CsvSource && last.declaredDelimiter === delimiter ? last : undefined),
    // A table read with another declared delimiter is another table.
    reuses: (cached): cached is CsvSource => cached instanceof CsvSource && cached.declaredDelimiter === delimiter,
  };
  return readParsed(root, file, bag, kind, { sources, cache, maxBytes: MAX_TABLE_BYTES });
}
