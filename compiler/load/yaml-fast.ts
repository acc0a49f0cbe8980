import { boolCoreTag, defineScalarTag, FAILSAFE_SCHEMA, load, NOT_RESOLVED, nullCoreTag, Schema } from 'js-yaml';

/**
 * The quick reading of a YAML file that has nothing to report: its values
 * only, read by js-yaml, which reads a file five to eight times faster than
 * the `yaml` package (14 MB of cards: ~0.6-1.1 s against ~4.8-9 s; the `yaml`
 * package's lexer alone took 3.7 s of it). `yaml` stays the reader of record:
 * it knows where each value stands, explains a broken file in the designer's
 * words and reads marks (YamlSource). So this reading is only ever a shortcut
 * to the same values, and it declines, for `yaml` to read the file as before,
 * whenever the file holds anything that reading would report or treat apart:
 *
 * - anything js-yaml refuses (a syntax error, a duplicate key, a second
 *   document, a key that is a list or map, an unknown tag, nesting past
 *   MAX_DEPTH, an alias: `maxAliases: 0`);
 * - a tab, a lone carriage return, a `%` directive, a tag (`!`), an explicit
 *   or flow key (`? `, `[a]: `) or a key over 1,024 characters, where the two
 *   readers' rules for what is an error differ or a value could come out
 *   differently;
 * - a number that is not finite (`yaml` reports it where it stands), or a
 *   placeholder or reading mark anywhere but in an entry of a top-level list.
 *   The entries that hold a mark are read again by `yaml`, each alone, which
 *   records where each mark stands (YamlSource).
 *
 * Scalars resolve by `yaml`'s own YAML 1.2 core rules (its regular
 * expressions, below), not js-yaml's, which differ at the edges (a 400-digit
 * integer is Infinity to `yaml`, text to js-yaml). test/yaml-fast.test.ts holds
 * the two readings equal over every YAML file of the repository, the fuzzer's
 * damaged files and a list of edge cases.
 */
export function quickYamlValue(text: string, maxDepth: number): QuickValue | undefined {
  if (DECLINED.test(text) || LONG_KEY.test(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, { schema: SCHEMA, maxAliases: 0, maxDepth });
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return valueKind(value) === PLAIN ? { value, marked: [] } : undefined;
  const marked: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const kind = valueKind(value[i]);
    if (kind === OTHER) return undefined;
    if (kind === MARKED) marked.push(i);
  }
  return { value, marked };
}

/**
 * The values of one of the compiler's own YAML files (its locale files), read by js-yaml with the scalar rules below
 * but without the checks that decline a designer's file: those also decline the locale files' prose (`{field}: ` in a
 * comment or a quoted text reads like a flow key). The compiler's files are known in advance, and
 * test/yaml-fast.test.ts holds each one's reading equal to `yaml`'s, so a line where the two readers part fails there,
 * not in a designer's build. Undefined when js-yaml refuses the text (the caller then reads it with `yaml`).
 */
export function ownFileValue(text: string, maxDepth: number): unknown {
  try {
    return load(text, { schema: SCHEMA, maxAliases: 0, maxDepth });
  } catch {
    return undefined;
  }
}

/** The quick reading's values, and the entries of a top-level list that hold a mark (their maps still as written). */
export interface QuickValue {
  value: unknown;
  /** The indices of the entries with a placeholder or reading mark, which YamlSource reads again with `yaml`, each alone. */
  marked: number[];
}

/** Where each line starts, as `yaml`'s LineCounter records them: 0, and after every `\n`. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/**
 * What the quick reading leaves to `yaml`: a tab anywhere, a `\r` not before a `\n`, a directive line, a tag (a `!`
 * after a space, bracket or comma, or at a line's start, followed by a character that is not a space), an explicit
 * key (`?` alone before a space), and a flow list or map used as a key (`]:` or `}:` before a space); and see LONG_KEY.
 */
const DECLINED = /\t|\r(?!\n)|^%|(?:^|[ [{,])![^ \r\n]|(?:^|[ \-[{,])\?(?:[ \r\n]|$)|[\]}] *:(?:[ \r\n]|$)/m;

/** A `: ` more than 1,024 characters into its line: an implicit key that long is an error to `yaml`, not to js-yaml. */
const LONG_KEY = /^[^\n]{1024,}?:(?:[ \r]|$)/m;

const PLAIN = 0;
const MARKED = 1;
const OTHER = 2;

/**
 * PLAIN when every value is text, a finite number, true/false or null; MARKED when besides those a map is a
 * placeholder or reading mark (a map with a `placeholder` or `reading` key, well written or not); OTHER for anything
 * else (a number that is not finite). Walked with a stack: nesting is bounded by `maxDepth`, but needs no recursion.
 */
function valueKind(root: unknown): typeof PLAIN | typeof MARKED | typeof OTHER {
  let kind: typeof PLAIN | typeof MARKED = PLAIN;
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return OTHER;
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return OTHER;
    const map = value as Record<string, unknown>;
    if (Object.hasOwn(map, 'placeholder') || Object.hasOwn(map, 'reading')) kind = MARKED;
    for (const key of Object.keys(map)) stack.push(map[key]);
  }
  return kind;
}

/** `yaml` 2's core schema integers: decimal with a sign, `0o` octal and `0x` hexadecimal, read as its `intResolve` reads them. */
const intTag = defineScalarTag('tag:yaml.org,2002:int', {
  implicit: true,
  implicitFirstChars: ['-', '+', ...'0123456789'],
  resolve: (source) => {
    if (/^[-+]?[0-9]+$/.test(source)) return parseInt(source, 10);
    if (/^0o[0-7]+$/.test(source)) return parseInt(source.substring(2), 8);
    if (/^0x[0-9a-fA-F]+$/.test(source)) return parseInt(source.substring(2), 16);
    return NOT_RESOLVED;
  },
  identify: (value) => Number.isInteger(value),
});

/** `yaml` 2's core schema floats (`.inf` and `.nan` too: not finite, so the file is then read by `yaml`, which reports them). */
const floatTag = defineScalarTag('tag:yaml.org,2002:float', {
  implicit: true,
  implicitFirstChars: ['-', '+', '.', ...'0123456789'],
  resolve: (source) => {
    if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(source))
      return source.slice(-3).toLowerCase() === 'nan' ? NaN : source[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(source) || /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(source)) return parseFloat(source);
    return NOT_RESOLVED;
  },
  identify: (value) => typeof value === 'number',
});

/** Text, lists and maps, and the core schema's scalars as `yaml` resolves them (js-yaml's null and bool lists are the same words). */
const SCHEMA = new Schema([...FAILSAFE_SCHEMA.tags, nullCoreTag, boolCoreTag, intTag, floatTag]);
