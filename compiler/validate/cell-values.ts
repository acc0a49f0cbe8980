/**
 * A spreadsheet cell's text as the value its field's schema wants (issue #21): numbers, booleans, enums by value or
 * by title, lists split on a separator, objects written as YAML flow text, drafts (`{ placeholder: 3, note: ... }`).
 * Pure functions (what they learn of a schema is kept per schema set, since schemas do not change once loaded): the
 * caller (validate/table-values.ts) walks the rows and sets the typed values on the source. cell-text.ts is the inverse.
 * A text that does not convert is returned as it is, so the schema then reports it in its usual words.
 * README.md ("Writing cells") tells a designer how each kind of field is written.
 */
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { fold } from '../fold.ts';
import { YamlSource } from '../load/yaml-source.ts';
import { branchesOf, declaredTypes, isReference, isRule, itemsOf, type JsonType, type SchemaAt, SchemaReader } from './schema-shape.ts';

export type { SchemaAt } from './schema-shape.ts';

export interface CellOptions {
  /** SchemaSet.resolveRef (compiler/validate/schemas.ts): follows a `$ref` from a base. */
  resolveRef(ref: string, base: string): SchemaAt | undefined;
  /** What splits a list cell: ';' unless the collection declares `listSeparator:`. */
  listSeparator: string;
}

/**
 * The schema a header path (`['attack', 'guns']`) names under an entry's schema, or the segment that names no field
 * and the field names known at that level (for "did you mean").
 */
export function fieldSchema(
  entry: SchemaAt,
  path: readonly string[],
  options: CellOptions,
): { at: SchemaAt; path: string[] } | { unknown: string; known: string[] } {
  const reader = readerOf(options);
  let at = entry;
  const spelt: string[] = [];
  for (const segment of path) {
    let child = childSchema(at, segment, reader);
    let name = segment;
    // Spreadsheets capitalise headers (`Name`, `Custo` for `custo`): a name the schema does not declare that is a
    // declared field's but for case and accents is that field, when it is the only one so.
    const property = reader.propertyOf(at, segment);
    const same = property.known.filter((k) => fold(k) === fold(segment));
    if (!property.found.length && same.length === 1 && same[0] !== segment) {
      name = same[0]!;
      child = childSchema(at, name, reader);
    }
    if ('unknown' in child) return child;
    at = child.at;
    spelt.push(name);
  }
  return { at, path: spelt };
}

/** The fields an entry's schema requires at its top level (its own `required` and its `allOf` members'). */
export function requiredFields(entry: SchemaAt, options: CellOptions): string[] {
  const out = new Set<string>();
  for (const { schema } of readerOf(options).facetsOf(entry))
    if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === 'string') out.add(name);
  return [...out];
}

/** The schema of one name under an object node (see fieldSchema). */
function childSchema(at: SchemaAt, name: string, reader: SchemaReader): { at: SchemaAt } | { unknown: string; known: string[] } {
  const { found, open, known } = reader.propertyOf(at, name);
  const distinct = distinctSchemas(found);
  // A name the schema does not declare but lets through (an object left open): any value, typed as text.
  if (distinct.length === 0) return open ? { at: { schema: {}, base: at.base } } : { unknown: name, known: [...known] };
  // Declared differently by several branches: a union of the declarations, tried in order (when they share a base,
  // so their own `$ref`s still resolve; else the first branch's).
  if (distinct.length === 1 || distinct.some((d) => d.base !== distinct[0]!.base)) return { at: distinct[0]! };
  return { at: { schema: { anyOf: distinct.map((d) => d.schema) }, base: distinct[0]!.base } };
}

/**
 * The reader of the schema set `options` resolves in, made once per set (by its `resolveRef`), so what it learns of
 * a column's schema serves every row. Options are often made per file or per cell; the function is the set's own.
 */
const readers = new WeakMap<CellOptions['resolveRef'], SchemaReader>();
function readerOf(options: CellOptions): SchemaReader {
  let reader = readers.get(options.resolveRef);
  if (!reader) readers.set(options.resolveRef, (reader = new SchemaReader((ref, base) => options.resolveRef(ref, base))));
  return reader;
}

/** One schema per distinct declaration: two branches that declare `amount` alike are one field, not a union. */
function distinctSchemas(found: readonly SchemaAt[]): SchemaAt[] {
  const out: SchemaAt[] = [];
  const keys = new Set<string>();
  for (const at of found) {
    const key = `${at.base} ${JSON.stringify(at.schema)}`;
    if (keys.has(key)) continue;
    keys.add(key);
    out.push(at);
  }
  return out;
}

export interface CellMark {
  kind: 'placeholder' | 'reading';
  /** Under the cell's field; '' = the cell itself. */
  pointer: string;
  note: string;
}

export interface CellValue {
  /** The typed value; the cell's text unchanged when it cannot be converted, so the schema then reports it in its usual words ("must be an integer (got "three")"). */
  value: unknown;
  marks: CellMark[];
  /** A cell written as YAML flow text that does not parse: what is wrong and where in the cell's text. */
  problem?: { message: string; offset: number };
}

/** A (non-empty) cell's text as the value the schema at its field wants. */
export function cellValue(text: string, at: SchemaAt | undefined, options: CellOptions): CellValue {
  // A spreadsheet formula (`=HYPERLINK(...)`) is the designer's sheet at work, never something to run: kept as text.
  if (at === undefined || text.trimStart().startsWith('=')) return { value: text, marks: [] };
  const typing = new Typing(options);
  const trimmed = text.trim();
  // A draft is written as content writes it elsewhere (`{ placeholder: 3, note: ... }`), in any field.
  if (trimmed.startsWith('{')) {
    const flow = typing.flow(text);
    if (flow.marks.some((m) => m.pointer === '')) return { ...flow, value: typing.typeParsed(flow.value, at) };
    if (flow.problem && /\b(?:placeholder|reading)\s*:/.test(trimmed)) return { value: text, marks: [], problem: flow.problem };
  }
  if (trimmed === 'null' && typing.accepts(at, 'null')) return { value: null, marks: [] };
  return typing.convert(text, at, typing.onlyObjects(at) ? 'only-objects' : 'cell') ?? { value: text, marks: [] };
}

/**
 * Whether flow text read as data is meant as data where the field also takes a string: one `{ key: value, ... }`
 * map or `[ ... ]` list, read without a problem, and no key left without a value (`{R}` is a mana symbol, not a map
 * whose `R` is null). A designer's localized text `{ en: Flour, pt-BR: Farinha }` passes; card text does not.
 */
function isFlowData(text: string, read: CellValue): boolean {
  const trimmed = text.trim();
  const whole = (trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'));
  if (!whole || read.problem) return false;
  const value = read.value;
  return Array.isArray(value) || (value !== null && typeof value === 'object' && Object.values(value).every((v) => v !== null));
}

/**
 * Where a text to type comes from: a cell (`cell`); a cell of a field that takes only objects, so any text in it is
 * YAML (`only-objects`); or a string YAML already read inside flow text or a draft (`yaml-string`), which is never
 * read as YAML again (a quoted `"{"` stays that string, not a second reading).
 */
type Reading = 'cell' | 'only-objects' | 'yaml-string';

/** A value a cell can name by its text: a string, a number or a boolean (not a list or an object). */
const isWord = (value: unknown): boolean => ['string', 'number', 'boolean'].includes(typeof value) || value === null;

/** The words a boolean cell may hold, besides the titles its schema gives true and false. */
const BOOLEAN_WORDS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['false', false],
  ['yes', true],
  ['no', false],
  ['1', true],
  ['0', false],
]);

/** Decimal text as spreadsheets export it: `3`, `-1`, `2.5`, `.5`, `1e3` (no thousands separators, no `0x`). */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** How a word is compared with an enum's values and titles: case, accents and runs of spaces aside. */
const key = (s: string): string => fold(s).replace(/\s+/g, ' ');

/** One cell's conversion: the options and the YAML readings made so far (a draft's text is read once). */
class Typing {
  private readonly reader: SchemaReader;
  private readonly flows = new Map<string, CellValue>();
  /** The schema nodes being tried for the text at hand, outermost first (see convert); each new text starts afresh. */
  private trying = new Set<Record<string, unknown>>();

  constructor(private readonly options: CellOptions) {
    this.reader = readerOf(options);
  }

  accepts(at: SchemaAt, type: JsonType): boolean {
    return this.reader.typesAccepted(at).has(type);
  }

  /** A field that takes only objects: any text in it is YAML (`op: per` as much as `{ op: per }`). */
  onlyObjects(at: SchemaAt): boolean {
    const types = this.reader.typesAccepted(at);
    return types.size === 1 && types.has('object');
  }

  /**
   * The text converted by the schema at `at`, or undefined when it does not convert (a union then tries its next
   * branch). `reading` says where the text comes from (see Reading).
   */
  convert(text: string, at: SchemaAt, reading: Reading, depth = 0): CellValue | undefined {
    // A schema that is one of its own alternatives (through `$ref`s) is tried once on the way down, not again.
    if (depth > 32 || this.trying.has(at.schema)) return undefined;
    this.trying.add(at.schema);
    try {
      return this.convertBy(text, at, reading, depth);
    } finally {
      this.trying.delete(at.schema);
    }
  }

  private convertBy(text: string, at: SchemaAt, reading: Reading, depth: number): CellValue | undefined {
    const facets = this.reader.facetsOf(at);
    const named = this.reader.namedValuesOf(at);
    const types = declaredTypes(facets);
    if (named) {
      const wanted = key(text);
      const found =
        named.find((n) => isWord(n.value) && key(String(n.value)) === wanted) ?? named.find((n) => n.title !== undefined && key(n.title) === wanted);
      if (found) return { value: found.value, marks: [] };
      // `yes` for a boolean whose values are titled (`This number or more`): the word, if the schema lists its value.
      const word = types?.includes('boolean') ? BOOLEAN_WORDS.get(wanted) : undefined;
      if (word !== undefined && named.some((n) => n.value === word)) return { value: word, marks: [] };
      return undefined;
    }
    const structured = /^\s*[[{]/.test(text);
    // Where the field also takes a string (a localized text), braces may be the text's own (`{T}: Add {G}.`,
    // `{R}`): the flow reading is kept only when it is a clean map or list (see isFlowData); else the text stays text.
    const orText = structured && this.accepts(at, 'string');
    const keep = (value: CellValue | undefined): value is CellValue => {
      if (!value || !orText) return !!value;
      const read = value.problem !== undefined || (value.value !== null && typeof value.value === 'object');
      return !read || isFlowData(text, value);
    };
    if (types) {
      // Braces ask for an object (a localized text `{ en: Flour }` rather than the string "{ en: Flour }").
      const order = structured ? [...types.filter((t) => t === 'object' || t === 'array'), ...types.filter((t) => t !== 'object' && t !== 'array')] : types;
      for (const type of order) {
        const value = this.asType(type, text, at, facets, reading);
        if (keep(value)) return value;
      }
      return undefined;
    }
    const branches = branchesOf(facets);
    if (branches.length) {
      const order = structured ? [...branches.filter((b) => this.wantsStructure(b)), ...branches.filter((b) => !this.wantsStructure(b))] : branches;
      for (const branch of order) {
        const value = this.convert(text, branch, reading, depth + 1);
        if (keep(value)) return value;
      }
      return undefined;
    }
    // A rule written as data with no type of its own, or an object by its keywords alone: YAML.
    if (isRule(facets) || reading === 'only-objects' || (structured && this.onlyObjects(at)))
      return reading === 'yaml-string' ? undefined : this.typedFlow(text, at);
    return { value: text, marks: [] };
  }

  private wantsStructure(at: SchemaAt): boolean {
    const types = this.reader.typesAccepted(at);
    return types.has('object') || types.has('array');
  }

  private asType(type: JsonType, text: string, at: SchemaAt, facets: SchemaAt[], reading: Reading): CellValue | undefined {
    const trimmed = text.trim();
    switch (type) {
      case 'string':
        return { value: isReference(facets) ? trimmed : text, marks: [] };
      case 'integer':
      case 'number': {
        if (!DECIMAL.test(trimmed)) return undefined;
        const n = Number(trimmed);
        return Number.isFinite(n) && (type === 'number' || Number.isInteger(n)) ? { value: n, marks: [] } : undefined;
      }
      case 'boolean': {
        const word = BOOLEAN_WORDS.get(key(trimmed));
        return word === undefined ? undefined : { value: word, marks: [] };
      }
      case 'null':
        return trimmed === 'null' ? { value: null, marks: [] } : undefined;
      case 'array':
        return this.list(text, facets, reading);
      case 'object':
        // Braces ask for an object; in a field that takes only objects, any text is YAML.
        return reading === 'only-objects' || (reading === 'cell' && /^\s*\{/.test(text)) ? this.typedFlow(text, at) : undefined;
    }
  }

  /** A list: YAML flow text when bracketed or when its items are objects or lists, else items split on the separator. */
  private list(text: string, facets: SchemaAt[], reading: Reading): CellValue | undefined {
    const items = itemsOf(facets) ?? { schema: {}, base: facets[0]?.base ?? '' };
    const itemTypes = this.reader.typesAccepted(items);
    const itemsStructured = [...itemTypes].every((t) => t === 'object' || t === 'array');
    if (itemsStructured)
      return reading === 'yaml-string' ? undefined : this.typedFlow(text, { schema: { type: 'array', items: items.schema }, base: items.base });
    // A bracketed list is YAML flow (an item may then hold the separator); brackets that do not read as one clean
    // list (`[Rare] Dragon; Goblin`) are the items' own text.
    if (reading !== 'yaml-string' && /^\s*\[.*\]\s*$/s.test(text)) {
      const flow = this.typedFlow(text, { schema: { type: 'array', items: items.schema }, base: items.base });
      if (!flow.problem && Array.isArray(flow.value)) return flow;
    }
    const value = text
      .split(this.options.listSeparator)
      .map((item) => item.trim())
      // A separator at the end (`a; b;`) or doubled ends no item: an empty item is never meant.
      .filter((item) => item !== '')
      .map((item) => (item === 'null' && itemTypes.has('null') ? null : (this.afresh(() => this.convert(item, items, 'cell'))?.value ?? item)));
    return { value, marks: [] };
  }

  /**
   * A value YAML read (a draft's inner value, a list or an object written as flow text) typed as a cell's text would
   * be, where YAML's own reading is not what the schema takes: `This number or more` for a boolean titled so, `Dry`
   * for the enum value `dry`, `3` quoted for an integer. A string stays one wherever the schema takes a string.
   */
  typeParsed(value: unknown, at: SchemaAt, depth = 0): unknown {
    if (depth > 64) return value;
    if (typeof value === 'string') {
      const keepsString = !this.reader.namedValuesOf(at) && this.accepts(at, 'string');
      return keepsString ? value : (this.convert(value, at, 'yaml-string')?.value ?? value);
    }
    if (Array.isArray(value)) {
      const items = this.reader.itemsAt(at);
      return items ? value.map((item) => this.typeParsed(item, items, depth + 1)) : value;
    }
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(value)) {
        const child = childSchema(at, name, this.reader);
        // Defined as an own data property: a key `__proto__` stays a field the schema can report (as YAML reads it).
        Object.defineProperty(out, name, {
          value: 'at' in child ? this.typeParsed(field, child.at, depth + 1) : field,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return value;
  }

  /** Flow text read as YAML, then typed by the schema at `at` (see typeParsed). */
  private typedFlow(text: string, at: SchemaAt): CellValue {
    const flow = this.flow(text);
    return flow.problem ? flow : { ...flow, value: this.afresh(() => this.typeParsed(flow.value, at)) };
  }

  /** Type other texts (a flow value's strings, a list's items) with no schema node tried yet. */
  private afresh<T>(typeThem: () => T): T {
    const outer = this.trying;
    this.trying = new Set();
    try {
      return typeThem();
    } finally {
      this.trying = outer;
    }
  }

  /**
   * The text read as YAML by the project's own reader, so a draft or a reading inside it is what it is in a YAML
   * file. Its first error becomes the cell's problem, at its offset in the cell's text (a mark written wrong,
   * `mark-malformed`, is one).
   */
  flow(text: string): CellValue {
    const known = this.flows.get(text);
    if (known) return known;
    const bag = new DiagnosticBag();
    const source = new YamlSource('cell', text).parse(bag);
    const marks: CellMark[] = [
      ...source.placeholders.map((m) => ({ kind: 'placeholder' as const, pointer: m.pointer, note: m.note })),
      ...source.readings.map((m) => ({ kind: 'reading' as const, pointer: m.pointer, note: m.note })),
    ];
    // A draft without its note is no YAML mistake: its mark carries the empty note, and the caller says so at the
    // mark in content's words (`placeholder-note`, `reading-note`), as for a YAML file.
    const error = bag.items.find((d) => d.severity === 'error' && d.ruleId !== 'placeholder-note' && d.ruleId !== 'reading-note');
    const result: CellValue = error
      ? { value: source.ok ? source.value : text, marks, problem: { message: error.message, offset: error.place?.start.offset ?? 0 } }
      : { value: source.value, marks };
    this.flows.set(text, result);
    return result;
  }
}
