import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { displayPath } from '../load/files.ts';
import type { Game } from '../model.ts';
import { labelsOf, schemaFile, type CollectionLabels } from './labels.ts';

// The text formats a schema declares, apart from text-format.ts (which draws
// them with remark and rehype), so that `check` reads them without loading
// the markup tools.

/**
 * The format a text field declares in its schema, with JSON Schema's own
 * annotation `contentMediaType`: `text/html`, `text/markdown`, or
 * `text/plain` (the default). text-format.ts draws each.
 */
export type TextFormat = 'plain' | 'markdown' | 'html';

const MEDIA_TYPES: Record<string, TextFormat> = { 'text/html': 'html', 'text/markdown': 'markdown', 'text/plain': 'plain' };

/** The format of the text at `pointer` inside an entry; a text given per locale (`/text/en`) has its field's. */
export function textFormatAt(labels: CollectionLabels, pointer: string): TextFormat {
  const declared = (p: string) => {
    const media = labels.at(p).node?.contentMediaType;
    return typeof media === 'string' ? MEDIA_TYPES[media.split(';')[0]!.trim().toLowerCase()] : undefined;
  };
  return declared(pointer) ?? (pointer.lastIndexOf('/') > 0 ? declared(pointer.slice(0, pointer.lastIndexOf('/'))) : undefined) ?? 'plain';
}

/**
 * A `contentMediaType` the site does not know (`text/htm`) would leave the
 * text drawn as plain, tags and all, with nothing said: a warning at the
 * keyword in the schema file, naming the three it knows.
 */
export function checkMediaTypes(root: string, game: Game, bag: DiagnosticBag, sources: Map<string, string>): void {
  const seen = new Set<string>();
  for (const c of game.collections.values()) {
    const file = labelsOf(game, c).file;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = schemaFile(file).text;
    for (const m of text.matchAll(/"contentMediaType"\s*:\s*"([^"]*)"/g)) {
      if (MEDIA_TYPES[m[1]!.split(';')[0]!.trim().toLowerCase()]) continue;
      const before = text.slice(0, m.index).split('\n');
      const shown = displayPath(root, file);
      sources.set(shown, text);
      bag.warning(
        shown,
        { start: { line: before.length, column: before.at(-1)!.length + 1 } },
        'media-type-unknown',
        `"${m[1]}" is not a text format the site knows, so these texts are drawn as plain text`,
        [`use one of: ${Object.keys(MEDIA_TYPES).join(', ')}`],
      );
    }
  }
}
