/**
 * Find the lines of a YAML file whose indentation lines up with nothing above
 * them, from the text alone. The parser reports such a line as the cascade
 * it causes ("Nested mappings are not allowed in compact mappings", often on
 * the line before); a designer needs "this line is indented 3 spaces, the
 * entry above uses 2". Only used when the parser has already failed, so a
 * form this reading does not know (rare in content files) cannot make a
 * valid file fail.
 */
export interface BadIndent {
  /** 1-based line of the offending line. */
  line: number;
  /** 1-based line of the structural line above it (the parser's error may stand there). */
  previousLine: number;
  indent: number;
  /** The indentation of the nearest line above of the same kind (a key, or a list item). */
  expected: number;
  kind: 'key' | 'item';
}

interface Level {
  column: number;
  kind: 'key' | 'item';
}

// A key at the start of a line's content: plain (not starting with an indicator) or quoted, then `:` and a space or the end.
const KEY = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}[\]|>&*!%@`,?:-][^#]*?|-[^\s#][^#]*?)\s*:(?=\s|$)/;
const BLOCK_SCALAR = /^[|>][-+0-9]*\s*(?:#.*)?$/;

export function findBadIndents(text: string): BadIndent[] {
  const lines = text.split(/\r?\n/);
  const out: BadIndent[] = [];
  let stack: Level[] = [];
  /** Set when the line above ends a key or item with nothing after it: the next line may open a deeper block. */
  let opened: number | undefined;
  /** Inside a block scalar (`text: |`): lines indented deeper than this column are its text. */
  let scalarAbove: number | undefined;
  /** Inside a flow collection or quoted string that spans lines: skipped until it closes. */
  let open: Opening = { depth: 0, quote: undefined };
  let previousLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (/^\s*\t/.test(line)) return []; // tabs have their own message
    if (scalarAbove !== undefined) {
      if (indent > scalarAbove) continue;
      scalarAbove = undefined;
    }
    if (open.depth > 0 || open.quote) {
      open = scan(line, 0, open);
      continue;
    }
    if (/^(---|\.\.\.)(\s|$)/.test(line)) {
      stack = [];
      opened = undefined;
      continue;
    }
    // The levels this line opens: a `- ` per list item, then a key.
    const levels: Level[] = [{ column: indent, kind: line[indent] === '-' && /^-(\s|$)/.test(line.slice(indent)) ? 'item' : 'key' }];
    let at = indent;
    while (/^-(\s|$)/.test(line.slice(at))) {
      at++;
      while (line[at] === ' ') at++;
      if (at >= line.length) break;
      levels.push({ column: at, kind: /^-(\s|$)/.test(line.slice(at)) ? 'item' : 'key' });
    }
    const rest = line.slice(at);
    const key = KEY.exec(rest);
    const structural = levels.length > 1 || key !== null || levels[0]!.kind === 'item';
    if (!structural) {
      // A continuation of a plain scalar, or flow content: not a place the indentation is decided.
      open = scan(line, indent, open);
      continue;
    }
    const first = levels[0]!;
    const deeper = opened !== undefined && (first.column > opened || (first.column === opened && first.kind === 'item'));
    const known = stack.some((l) => l.column === first.column);
    if (!deeper && !known && stack.length) {
      const sameKind = [...stack].reverse().find((l) => l.kind === first.kind) ?? stack.at(-1)!;
      out.push({ line: i + 1, previousLine, indent: first.column, expected: sameKind.column, kind: first.kind });
      // Read on as if it were where it was meant to be, so one slip gives one message.
      const shift = sameKind.column - first.column;
      for (const l of levels) l.column += shift;
    }
    stack = stack.filter((l) => l.column < levels[0]!.column || (l.column === levels[0]!.column && deeper && l.kind !== levels[0]!.kind));
    stack.push(...levels);
    previousLine = i + 1;
    // What follows the key or the last `- ` decides what the next line may do.
    // An anchor or a tag (`base: &base`) leaves the value still to come on the lines below.
    const value = (key ? rest.slice(key[0].length) : rest).trim().replace(/^(?:[&!]\S*\s*)+/, '');
    opened = undefined;
    if (value === '' || value.startsWith('#')) opened = stack.at(-1)!.column;
    else if (BLOCK_SCALAR.test(value)) scalarAbove = stack.at(-1)!.column;
    else open = scan(value, 0, open);
  }
  return out;
}

interface Opening {
  depth: number;
  quote: '"' | "'" | undefined;
}

/** Follow flow brackets and quotes through a piece of a line, so a value that spans lines is skipped as a whole. */
function scan(text: string, from: number, state: Opening): Opening {
  let { depth, quote } = state;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) {
        if (quote === "'" && text[i + 1] === "'") i++;
        else quote = undefined;
      }
      continue;
    }
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) break;
    // A quote opens a string only where a value can start (not the apostrophe in `Don't`).
    if ((c === '"' || c === "'") && (i === from || /[\s{[,:]/.test(text[i - 1]!))) quote = c;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && depth > 0) depth--;
  }
  return { depth, quote };
}

/**
 * The offset where a file's nesting first passes `max` levels, counted from
 * the text alone: block levels (indentations still open, and each further
 * `- ` on a line) plus open flow brackets. The parser reports nesting too
 * deep for it where its stack ran out, which depends on the machine; this
 * gives the same place everywhere. Only used after the parser has failed so,
 * so its rough reading of YAML cannot make a valid file fail.
 */
export function findTooDeep(text: string, max: number): number | undefined {
  const indents: number[] = [];
  let open: Opening = { depth: 0, quote: undefined };
  let offset = 0;
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart();
    let from = 0;
    let levels = indents.length;
    if (open.depth === 0 && !open.quote && trimmed !== '' && !trimmed.startsWith('#')) {
      const indent = line.length - trimmed.length;
      while (indents.length && indents.at(-1)! >= indent) indents.pop();
      indents.push(indent);
      from = indent;
      // `- - - x` opens a list per dash after the first.
      while (/^-(\s|$)/.test(line.slice(from))) {
        from++;
        while (line[from] === ' ') from++;
        if (/^-(\s|$)/.test(line.slice(from))) indents.push(from);
      }
      levels = indents.length;
      if (levels > max) return offset + indent;
    }
    // Flow brackets on the line, each one more level while it is open.
    for (let i = from; i < line.length; i++) {
      const before = open.depth;
      open = scan(line[i]!, 0, open);
      if (open.depth > before && levels + open.depth > max) return offset + i;
    }
    offset += line.length + 1;
  }
  return undefined;
}
