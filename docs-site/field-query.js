// @ts-check
// Field queries, Scryfall-like (`cost<=3`, `faction:anarch cost<=1`, `-type:ice`,
// `kind:event or kind:chief`, parentheses, `text:"gain 1"`): the parser and the
// evaluator, pure (no DOM, no fetch), so the unit tests run them in node
// (test/field-query.test.ts). docs-site/field-search.js loads the data the
// build writes (compiler/emit-site/query-data.ts) and draws the results.
//
// Errors are thrown as QueryError with a code and the words of the query they
// are about; the page says them in its own language (field-search.js).

/**
 * The query as a tree. A `field` term names the field as the reader wrote it (`custo`); `resolve` binds it.
 * @typedef {{ type: 'and', items: Node[] } | { type: 'or', items: Node[] } | { type: 'not', item: Node }
 *   | { type: 'word', value: string } | { type: 'field', field: string, op: Op, value: string, text: string }} Node
 * @typedef {':' | '=' | '<' | '<=' | '>' | '>='} Op
 */

/**
 * A field of a game as the build describes it (query-data.ts `QueryField`).
 * `names`: every word the field answers to (its label in each locale of the game, its key), folded.
 * @typedef {{ key: string, label: string, names: string[], type: 'number' | 'enum' | 'ref' | 'list' | 'text' | 'bool' }} FieldInfo
 */
/**
 * A collection as the game's query index describes it: its name, its words (titles in every locale, folded), its fields.
 * @typedef {{ name: string, label: string, words: string[], fields: FieldInfo[] }} CollectionInfo
 */
/**
 * The words of the pseudo-fields, folded, that every game has: the collection (`kind`), the name, the text.
 * @typedef {{ kind: string[], name: string[], text: string[] }} PseudoWords
 */
/**
 * A term bound to what it asks of each collection: per collection, the field's key there (or a pseudo-field).
 * @typedef {{ type: 'and', items: Bound[] } | { type: 'or', items: Bound[] } | { type: 'not', item: Bound }
 *   | { type: 'word', value: string } | { type: 'kind', collections: Set<string> }
 *   | { type: 'name', op: Op, value: string } | { type: 'text', op: Op, value: string }
 *   | { type: 'field', op: Op, value: string, number?: number, keys: Map<string, FieldInfo>,
 *       otherwise?: { type: 'kind', collections: Set<string> } | { type: 'name' | 'text', op: Op, value: string } }} Bound
 */

export class QueryError extends Error {
  /**
   * @param {'unclosed' | 'unopened' | 'quote' | 'empty' | 'dangling' | 'noValue' | 'unknownField' | 'notNumber' | 'notCompared'} code
   * @param {Record<string, string>} [about] the words the message names: `field`, `value`, `suggestion`, `label`
   */
  constructor(code, about = {}) {
    super(`${code}: ${JSON.stringify(about)}`);
    this.code = code;
    this.about = about;
  }
}

/** Case and accents set aside: "Custo" and "custo", "Ação" and "acao" are one word. @param {string} s */
export const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A field's or collection's name as one word: "Copies in the deck" -> "copiesinthedeck", "pack_code" -> "packcode". @param {string} s */
export const compact = (s) => fold(s).replace(/[^\p{L}\p{N}]+/gu, '');

const OPS = ['<=', '>=', '<', '>', '=', ':'];

/**
 * The query's tokens: parentheses, `-`, `or`, words, quoted phrases and `field<op>value` terms.
 * @param {string} query
 * @returns {Array<{ t: '(' | ')' | '-' | 'or' | 'term', field?: string, op?: Op, value?: string, text: string, quoted?: boolean }>}
 */
export function tokenize(query) {
  /** @type {ReturnType<typeof tokenize>} */
  const out = [];
  let i = 0;
  const n = query.length;
  /** A quoted run from `i` (at its opening quote) to its closing quote. */
  const quoted = () => {
    const end = query.indexOf('"', i + 1);
    if (end < 0) throw new QueryError('quote', { value: query.slice(i) });
    const s = query.slice(i + 1, end);
    i = end + 1;
    return s;
  };
  while (i < n) {
    const c = query[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')') {
      out.push({ t: c, text: c });
      i++;
      continue;
    }
    // A `-` negates what follows it directly (`-type:ice`, `-(a or b)`); alone, it is a word.
    if (c === '-' && i + 1 < n && !/\s/.test(query[i + 1])) {
      out.push({ t: '-', text: '-' });
      i++;
      continue;
    }
    const start = i;
    // The field part: a quoted label (`"printed points"<=1`) or a run of word characters.
    const headQuoted = c === '"';
    let head;
    if (headQuoted) head = quoted();
    else {
      while (i < n && !/[\s()"]/.test(query[i]) && !OPS.some((o) => query.startsWith(o, i))) i++;
      head = query.slice(start, i);
    }
    const op = OPS.find((o) => query.startsWith(o, i));
    if (op && head) {
      i += op.length;
      const valueQuoted = query[i] === '"';
      let value;
      if (valueQuoted) value = quoted();
      else {
        const from = i;
        while (i < n && !/[\s()]/.test(query[i])) i++;
        value = query.slice(from, i);
      }
      const text = query.slice(start, i);
      if (!value && !valueQuoted) throw new QueryError('noValue', { field: head, value: text });
      out.push({ t: 'term', field: head, op: /** @type {Op} */ (op), value, text });
      continue;
    }
    if (!headQuoted) {
      // A word: up to the next space or parenthesis (an operator inside a word, as in "a=b", was taken above).
      while (i < n && !/[\s()]/.test(query[i])) i++;
      head = query.slice(start, i);
    }
    if (!headQuoted && fold(head) === 'or') out.push({ t: 'or', text: head });
    else out.push({ t: 'term', value: head, text: query.slice(start, i), quoted: headQuoted });
  }
  return out;
}

/**
 * The query as a tree: terms side by side are all required (and), `or` between them offers either, and
 * binds looser than and (`a b or c` is `(a b) or c`), parentheses group, `-` negates the term or group after it.
 * @param {string} query
 * @returns {Node}
 */
export function parse(query) {
  const tokens = tokenize(query);
  let at = 0;
  /** @returns {Node} */
  const either = () => {
    const items = [all()];
    while (tokens[at]?.t === 'or') {
      at++;
      if (at >= tokens.length || tokens[at].t === ')' || tokens[at].t === 'or') throw new QueryError('dangling', { value: 'or' });
      items.push(all());
    }
    return items.length === 1 ? items[0] : { type: 'or', items };
  };
  /** @returns {Node} */
  const all = () => {
    /** @type {Node[]} */
    const items = [];
    while (at < tokens.length && tokens[at].t !== ')' && tokens[at].t !== 'or') items.push(one());
    if (!items.length) throw new QueryError(at < tokens.length && tokens[at].t === 'or' ? 'dangling' : 'empty', { value: tokens[at]?.text ?? '' });
    return items.length === 1 ? items[0] : { type: 'and', items };
  };
  /** @returns {Node} */
  const one = () => {
    const token = tokens[at++];
    if (token.t === '-') {
      if (at >= tokens.length || tokens[at].t === ')' || tokens[at].t === 'or') throw new QueryError('dangling', { value: '-' });
      return { type: 'not', item: one() };
    }
    if (token.t === '(') {
      if (tokens[at]?.t === ')') throw new QueryError('empty', { value: '()' });
      const inner = either();
      if (tokens[at]?.t !== ')') throw new QueryError('unclosed', { value: '(' });
      at++;
      return inner;
    }
    if (token.field !== undefined && token.op) return { type: 'field', field: token.field, op: token.op, value: token.value ?? '', text: token.text };
    return { type: 'word', value: token.value ?? '' };
  };
  if (!tokens.length) throw new QueryError('empty', { value: '' });
  const tree = either();
  if (at < tokens.length) throw new QueryError(tokens[at].t === ')' ? 'unopened' : 'dangling', { value: tokens[at].text });
  return tree;
}

/**
 * Whether a query asks something of fields, and so is this engine's, not the word search's: a `field:value` or
 * comparison, a `-` before a term, `or` between terms, or parentheses. A query of plain words is not.
 * @param {string} query
 */
export function isFieldQuery(query) {
  let tokens;
  try {
    tokens = tokenize(query);
  } catch {
    // An unclosed quote after a field ("text:"gain") is still a field query, which says what is wrong.
    return /^[^\s"]+[:<>=]/.test(query.trim());
  }
  return tokens.some((t) => t.t !== 'term' || t.field !== undefined) && !(tokens.length === 1 && tokens[0].t === '-');
}

/**
 * The edit distance of two words, a swap of two letters side by side counting as one edit ("cots" for "cost":
 * Levenshtein's distance with transpositions, the optimal string alignment). A small function rather than
 * pagefind/levenshtein.js (fastest-levenshtein, which the word search loads): this module stays pure and runs in
 * node's tests without a built site, field names are a few short words, and a swap is the commonest typo in them.
 * @param {string} a
 * @param {string} b
 */
export function editDistance(a, b) {
  /** @type {number[][]} */
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** A value that reads as a number ("3", "-1", "2.5", "2,5"). @param {string} v */
const asNumber = (v) => (/^-?\d+(?:[.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : undefined);

/**
 * The fields a word names in each collection: a field whose label (in any of the game's locales) or key is the
 * word, else whose label has the word as one of its words ("copies" for "Copies in the deck"), when only one does.
 * @param {string} word
 * @param {CollectionInfo[]} collections
 * @returns {Map<string, FieldInfo>}
 */
function fieldsNamed(word, collections) {
  const w = compact(word);
  /** @type {Map<string, FieldInfo>} */
  const exact = new Map();
  /** @type {Map<string, FieldInfo>} */
  const partial = new Map();
  for (const c of collections)
    for (const f of c.fields) {
      if (f.names.some((name) => compact(name) === w)) exact.set(c.name, f);
      else if (
        f.names.some((name) =>
          fold(name)
            .split(/[^\p{L}\p{N}]+/u)
            .includes(w),
        )
      )
        partial.set(c.name, f);
    }
  if (exact.size) return exact;
  // A word of several labels ("cards" in "Cards in the deck" and "Cards dealt") names none of them for sure.
  return new Set([...partial.values()].map((f) => f.key)).size === 1 ? partial : new Map();
}

/** A word as its singular, roughly (a trailing s): "events" and "event" are one kind. @param {string} w */
const singular = (w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w);

/**
 * The collections a `kind:` value names: by name or title in any locale, singular or plural, or by a word of the
 * title ("event" for "Event cards").
 * @param {string} value
 * @param {CollectionInfo[]} collections
 */
function collectionsNamed(value, collections) {
  const v = fold(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(singular)
    .join(' ');
  const named = new Set();
  for (const c of collections)
    for (const word of c.words) {
      const words = fold(word)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean)
        .map(singular);
      if (words.join(' ') === v || (!v.includes(' ') && words.includes(v))) named.add(c.name);
    }
  return named;
}

/**
 * Bind a parsed query to a game: each field term to the field it names in each collection (real fields before the
 * pseudo-fields kind, name and text, so a game's own `kind` field is that field). An unknown field throws
 * QueryError('unknownField') with the closest field's label as `suggestion`.
 * @param {Node} node
 * @param {CollectionInfo[]} collections
 * @param {PseudoWords} pseudo
 * @returns {Bound}
 */
export function resolve(node, collections, pseudo) {
  if (node.type === 'and' || node.type === 'or') return { type: node.type, items: node.items.map((n) => resolve(n, collections, pseudo)) };
  if (node.type === 'not') return { type: 'not', item: resolve(node.item, collections, pseudo) };
  if (node.type === 'word') return { type: 'word', value: fold(node.value) };
  const keys = fieldsNamed(node.field, collections);
  const word = compact(node.field);
  if (!keys.size) {
    if (pseudo.kind.includes(word)) {
      if (node.op !== ':' && node.op !== '=') throw new QueryError('notCompared', { field: node.field, value: node.text });
      return { type: 'kind', collections: collectionsNamed(node.value, collections) };
    }
    if (pseudo.name.includes(word)) return { type: 'name', op: textOp(node), value: fold(node.value) };
    if (pseudo.text.includes(word)) return { type: 'text', op: textOp(node), value: fold(node.value) };
    throw new QueryError('unknownField', { field: node.field, suggestion: closestField(node.field, collections, pseudo) ?? '' });
  }
  const infos = [...keys.values()];
  const label = infos[0].label;
  const number = asNumber(node.value);
  if (infos.every((f) => f.type === 'number')) {
    if (number === undefined) throw new QueryError('notNumber', { field: node.field, label, value: node.text });
  } else if (node.op !== ':' && node.op !== '=' && !infos.some((f) => f.type === 'number'))
    throw new QueryError('notCompared', { field: node.field, label, value: node.text });
  // A game's own field called "text", "name" or "kind" is that field where a collection has it; elsewhere the word
  // still means the rules text, the name or the collection, so `text:"gain 1"` reads every collection, and in
  // Cangaceiros (whose Event tiles have a field Kind) `kind:chief or kind:event` still finds the chiefs.
  const otherwise = node.op === ':' || node.op === '=' ? pseudoTerm(word, node, collections, pseudo) : undefined;
  return { type: 'field', op: node.op, value: fold(node.value), ...(number === undefined ? {} : { number }), keys, ...(otherwise ? { otherwise } : {}) };
}

/**
 * The pseudo-field a field's word also names (`kind`, `name`, `text`), bound, for the collections without that field.
 * @param {string} word
 * @param {{ op: Op, value: string }} node
 * @param {CollectionInfo[]} collections
 * @param {PseudoWords} pseudo
 */
function pseudoTerm(word, node, collections, pseudo) {
  if (pseudo.text.includes(word)) return { type: /** @type {const} */ ('text'), op: node.op, value: fold(node.value) };
  if (pseudo.name.includes(word)) return { type: /** @type {const} */ ('name'), op: node.op, value: fold(node.value) };
  if (pseudo.kind.includes(word)) return { type: /** @type {const} */ ('kind'), collections: collectionsNamed(node.value, collections) };
  return undefined;
}

/** `name` and `text` compare words: `:` and `=` only. @param {{ op: Op, field: string, text: string }} node */
function textOp(node) {
  if (node.op !== ':' && node.op !== '=') throw new QueryError('notCompared', { field: node.field, value: node.text });
  return node.op;
}

/**
 * The label of the field (or pseudo-field word) closest to a misspelt one, within an edit distance that grows with
 * its length (1 up to 4 letters, 2 up to 8, then 3).
 * @param {string} asked
 * @param {CollectionInfo[]} collections
 * @param {PseudoWords} pseudo
 */
export function closestField(asked, collections, pseudo) {
  const w = compact(asked);
  const budget = w.length <= 4 ? 1 : w.length <= 8 ? 2 : 3;
  /** @type {{ d: number, label: string } | undefined} */
  let best;
  /** @param {string} name @param {string} label */
  const consider = (name, label) => {
    const d = editDistance(w, compact(name));
    if (d <= budget && (!best || d < best.d)) best = { d, label };
  };
  for (const c of collections) for (const f of c.fields) for (const name of f.names) consider(name, f.label);
  for (const list of [pseudo.kind, pseudo.name, pseudo.text]) for (const name of list) consider(name, name);
  return best?.label;
}

/**
 * What a collection holds for the evaluator (field-search.js builds it from the data files).
 * `columns`: per field key, one value per entry: a number (or null), an index into `dict` (enum, ref, bool; -1 for
 * none), a list of such indices (list), or folded text (text fields; undefined until its chunk is loaded).
 * `dict`: per field key, each value's folded words (its value and its labels), for enum, ref, bool and list fields.
 * `names`, `texts`: each entry's folded name (with its gloss) and its folded rules text (undefined until loaded).
 * @typedef {{ name: string, size: number, names: string[], texts?: string[],
 *   columns: Record<string, ArrayLike<number | null> | Array<number[]> | Array<string | null> | undefined>,
 *   dict: Record<string, string[][]> }} Table
 */

/**
 * Which entries of a collection match: a byte per entry (1: matches).
 * @param {Bound} q
 * @param {Table} table
 * @returns {Uint8Array}
 */
export function evaluate(q, table) {
  const n = table.size;
  const out = new Uint8Array(n);
  switch (q.type) {
    case 'and': {
      out.fill(1);
      for (const item of q.items) {
        const m = evaluate(item, table);
        for (let i = 0; i < n; i++) out[i] &= m[i];
      }
      return out;
    }
    case 'or': {
      for (const item of q.items) {
        const m = evaluate(item, table);
        for (let i = 0; i < n; i++) out[i] |= m[i];
      }
      return out;
    }
    case 'not': {
      const m = evaluate(q.item, table);
      for (let i = 0; i < n; i++) out[i] = m[i] ? 0 : 1;
      return out;
    }
    case 'kind':
      return out.fill(q.collections.has(table.name) ? 1 : 0);
    case 'word': {
      const texts = table.texts;
      for (let i = 0; i < n; i++) out[i] = table.names[i].includes(q.value) || (texts?.[i]?.includes(q.value) ?? false) ? 1 : 0;
      return out;
    }
    case 'name':
    case 'text': {
      const column = q.type === 'name' ? table.names : table.texts;
      for (let i = 0; i < n; i++) {
        const s = column?.[i] ?? '';
        out[i] = (q.op === '=' ? s === q.value : s.includes(q.value)) ? 1 : 0;
      }
      return out;
    }
    case 'field': {
      const info = q.keys.get(table.name);
      if (!info && q.otherwise) return evaluate(q.otherwise, table);
      const column = info ? table.columns[info.key] : undefined;
      if (!info || !column) return out;
      if (info.type === 'number') {
        const want = q.number;
        if (want === undefined) return out;
        const nums = /** @type {ArrayLike<number | null>} */ (column);
        for (let i = 0; i < n; i++) out[i] = compare(nums[i], q.op, want) ? 1 : 0;
        return out;
      }
      if (info.type === 'text') {
        const texts = /** @type {Array<string | null>} */ (column);
        for (let i = 0; i < n; i++) {
          const s = texts[i];
          out[i] = s !== null && s !== undefined && (q.op === '=' ? s === q.value : s.includes(q.value)) ? 1 : 0;
        }
        return out;
      }
      const wanted = valuesNamed(q.value, table.dict[info.key] ?? []);
      if (info.type === 'list') {
        const lists = /** @type {Array<number[]>} */ (column);
        for (let i = 0; i < n; i++) out[i] = lists[i]?.some((v) => wanted.has(v)) ? 1 : 0;
      } else {
        const at = /** @type {ArrayLike<number>} */ (column);
        for (let i = 0; i < n; i++) out[i] = wanted.has(at[i]) ? 1 : 0;
      }
      return out;
    }
  }
}

/**
 * @param {number | null | undefined} v
 * @param {Op} op
 * @param {number} want
 */
function compare(v, op, want) {
  if (v === null || v === undefined) return false;
  switch (op) {
    case '<':
      return v < want;
    case '<=':
      return v <= want;
    case '>':
      return v > want;
    case '>=':
      return v >= want;
    default:
      return v === want;
  }
}

/**
 * The values of a field a folded word names: those it names whole (a value or one of its labels), else those
 * whose label holds it ("weyland" for "Weyland Consortium").
 * @param {string} value
 * @param {string[][]} dict
 */
function valuesNamed(value, dict) {
  const whole = new Set();
  const part = new Set();
  dict.forEach((words, i) => {
    if (words.includes(value)) whole.add(i);
    else if (value && words.some((w) => w.includes(value))) part.add(i);
  });
  return whole.size ? whole : part;
}

/**
 * Whether a bound query needs the entries' names or texts (a bare word, `name:`, `text:`, a text field), which are loaded in chunks.
 * @param {Bound} q
 * @returns {boolean}
 */
export function needsText(q) {
  switch (q.type) {
    case 'and':
    case 'or':
      return q.items.some(needsText);
    case 'not':
      return needsText(q.item);
    case 'word':
    case 'name':
    case 'text':
      return true;
    case 'field':
      return (q.otherwise !== undefined && needsText(q.otherwise)) || [...q.keys.values()].some((f) => f.type === 'text');
    default:
      return false;
  }
}
