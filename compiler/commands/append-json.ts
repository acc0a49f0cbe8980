import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/**
 * `rulebook new` on a JSON collection: the drafted entry as one more item
 * of the file's top-level array, laid out as the file's items are (one
 * property a line at the file's indentation, or one item a line written
 * compactly), after the last item, every other byte kept. jsonc-parser gives
 * the offsets a plain JSON.parse does not.
 *
 * A pure function over the file's text, so the bytes are tested exactly.
 */

export type AppendedJson = { text: string; line: number } | { error: string };

export function appendJsonItem(text: string, item: unknown): AppendedJson {
  // jsonc-parser reads from the first character: a byte-order mark is kept in front and counted out of the offsets.
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = text.slice(bom.length);
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  if (!body.trim()) return { text: `${bom}[${eol}  ${pretty(item, '  ', '  ', eol)}${eol}]${eol}`, line: 2 };
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { disallowComments: true });
  if (errors.length) {
    const first = errors[0]!;
    return { error: `does not read as JSON (${printParseErrorCode(first.error)} at line ${lineCount(body.slice(0, first.offset)) + 1}): fix it first` };
  }
  if (!root || root.type !== 'array')
    return {
      error: `holds a JSON ${root?.type === 'object' ? 'object' : 'value'} at its top level, not an array of entries (\`[{ "name": ... }]\`): nothing was changed`,
    };

  const items = root.children ?? [];
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) {
    // `[]` becomes a list of one, written out as a list of many would be.
    const filled = `[${eol}  ${pretty(item, '  ', '  ', eol)}${eol}]`;
    return { text: bom + body.slice(0, root.offset) + filled + body.slice(root.offset + root.length), line: lineCount(body.slice(0, root.offset)) + 2 };
  }
  const multiLine = /\n/.test(body.slice(root.offset + 1, first.offset));
  const itemIndent = multiLine ? indentOf(body, first.offset) : '';
  const before = items.at(-2);
  const between = before ? body.slice(before.offset + before.length, last.offset) : undefined;
  // The file's own separator between items (a blank line between them, say), or one in the file's style.
  const separator =
    between !== undefined && /^\s*,\s*$/.test(between) ? between : multiLine ? `,${eol}${itemIndent}` : `,${body.slice(root.offset + 1, first.offset)}`;
  const unit = propertyUnit(body, first, itemIndent);
  const written = unit ? pretty(item, itemIndent, unit, eol) : compact(item, styleOf(body.slice(first.offset, first.offset + first.length)));
  const at = last.offset + last.length;
  const head = body.slice(0, at) + separator;
  return { text: bom + head + written + body.slice(at), line: lineCount(head) + 1 };
}

/** The indentation of an item's properties beyond the item's own, when its first property starts a line; else undefined (a one-line item). */
function propertyUnit(text: string, item: Node, itemIndent: string): string | undefined {
  const property = item.type === 'object' ? item.children?.[0] : undefined;
  if (!property || !/\n/.test(text.slice(item.offset, property.offset))) return undefined;
  const indent = indentOf(text, property.offset);
  return indent.startsWith(itemIndent) && indent.length > itemIndent.length ? indent.slice(itemIndent.length) : '  ';
}

/** The spaces or tabs before `offset` on its line, when only they stand there. */
function indentOf(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(start, offset);
  return /^[ \t]*$/.test(before) ? before : '';
}

/** JSON.stringify's layout at `unit` per level, every line after the first at the item's indentation. */
function pretty(value: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, eol + indent);
}

interface CompactStyle {
  colon: string;
  comma: string;
  /** Space inside an object's braces: `{ "a": 1 }`. */
  pad: string;
}

/** How a one-line item is spaced, read from the file's first item: `{"a":1,"b":2}` or `{ "a": 1, "b": 2 }`. */
function styleOf(text: string): CompactStyle {
  return { colon: /"\s*:[ \t]/.test(text) ? ': ' : ':', comma: /,[ \t]/.test(text) ? ', ' : ',', pad: /^\{[ \t]/.test(text) ? ' ' : '' };
}

function compact(value: unknown, style: CompactStyle): string {
  if (Array.isArray(value)) return `[${value.map((v) => compact(v, style)).join(style.comma)}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return '{}';
    return `{${style.pad}${entries.map(([k, v]) => `${JSON.stringify(k)}${style.colon}${compact(v, style)}`).join(style.comma)}${style.pad}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
