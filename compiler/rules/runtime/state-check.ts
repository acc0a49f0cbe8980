// Checking a player's state before a rule reads it: the problems a generated validator (ajv's standalone code, from
// the state's JSON Schema) finds, said in the game's words, and the error that lists them.

/** One thing wrong with a state: where (a JSON pointer into the input) and what, in the game's words. */
export interface StateProblem {
  readonly path: string;
  readonly message: string;
}

/** A state that does not parse: `problems` lists every problem found, each with its path; the message lists them too. */
export class StateError extends Error {
  readonly problems: readonly StateProblem[];
  constructor(what: string, problems: readonly StateProblem[]) {
    super(
      `${what} does not parse (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}):\n${problems.map((p) => `  ${p.message}`).join('\n')}`,
    );
    this.name = 'StateError';
    this.problems = problems;
  }
}

/** What a non-throwing parse gives: the state, typed, or every problem with it. */
export type StateResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly StateProblem[] };

/** One field of a state, as its messages name it. */
export interface FieldWords {
  /** The field's description in game.yaml (shown after its name), if it has one. */
  readonly description?: string;
  /** The values it may hold (a list's items, a value, a count's keys): ID -> display name. */
  readonly values?: { readonly [id: string]: string };
}

/** A state's words: its name (the type's) and its fields'. */
export interface StateWords {
  readonly name: string;
  readonly fields: { readonly [field: string]: FieldWords };
}

/** The part of an ajv error the messages read. */
interface ValidatorError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: { readonly [param: string]: unknown };
}

/** A validator as ajv's standalone code makes it: true or false, and the errors of the last call on the function. */
export type StateValidator = ((data: unknown) => boolean) & { errors?: readonly ValidatorError[] | null };

/**
 * Check one state (`list` false) or a list of them, one per player (`list` true: what `score` and a ranking take).
 * The value is the input itself, unchanged: a state that parses is used as it is.
 */
export function stateResult<T>(validate: StateValidator, words: StateWords, input: unknown, list: boolean): StateResult<T> {
  const problems: StateProblem[] = [];
  if (!list) problems.push(...stateProblems(validate, words, input, '', ''));
  else if (!Array.isArray(input)) problems.push({ path: '', message: `must be a list, one ${words.name} per player, got ${shown(input)}` });
  else input.forEach((state, i) => problems.push(...stateProblems(validate, words, state, `/${i}`, `player ${i + 1}: `)));
  return problems.length ? { ok: false, problems } : { ok: true, value: input as T };
}

/** The state itself, or a StateError listing every problem with it. */
export function parsedState<T>(result: StateResult<T>, words: StateWords): T {
  if (result.ok) return result.value;
  throw new StateError(words.name, result.problems);
}

function stateProblems(validate: StateValidator, words: StateWords, state: unknown, prefix: string, who: string): StateProblem[] {
  if (validate(state)) return [];
  const out: StateProblem[] = [];
  const seen = new Set<string>();
  // In the order the game declares the fields (a field not declared, most often a typo of one, first), not ajv's.
  const order = Object.keys(words.fields);
  const rank = (p: StateProblem) => order.indexOf(unescapePointer(p.path.split('/')[1] ?? ''));
  const problems = (validate.errors ?? []).map((e) => problemOf(e, words, state));
  for (const problem of problems.sort((a, b) => rank(a) - rank(b))) {
    const path = prefix + problem.path;
    // One problem per place: a value of the wrong type is not also said to be outside the values.
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: `${who}${problem.message}` });
  }
  return out;
}

function problemOf(e: ValidatorError, words: StateWords, state: unknown): StateProblem {
  const parts = e.instancePath.split('/').slice(1).map(unescapePointer);
  const field = parts[0];
  if (field === undefined) {
    if (e.keyword === 'required') {
      const missing = String(e.params.missingProperty);
      return { path: `/${escapePointer(missing)}`, message: `${fieldName(missing, words)} is missing` };
    }
    if (e.keyword === 'additionalProperties') {
      const key = String(e.params.additionalProperty);
      const known = Object.keys(words.fields);
      const near = closest(key, known);
      const hint = near ? `did you mean "${near}"?` : `its fields are ${known.join(', ')}`;
      return { path: `/${escapePointer(key)}`, message: `"${key}" is not a field of the ${words.name} (${hint})` };
    }
    return { path: '', message: `must be an object holding the ${words.name}'s fields, got ${shown(state)}` };
  }
  const value = parts.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), state);
  const f = words.fields[field];
  // A list's item by its place (`item 2`), a count's key by its name; the schemas nest no deeper.
  const inner = parts[1] === undefined ? '' : Array.isArray((state as Record<string, unknown>)[field]) ? ` item ${Number(parts[1]) + 1}` : ` "${parts[1]}"`;
  const subject = `${fieldName(field, words)}${inner}`;
  const values = f?.values ? Object.entries(f.values).map(([id, name]) => (name && name !== id ? `${id} (${name})` : id)) : [];
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(e.params.additionalProperty);
      const near = closest(key, Object.keys(f?.values ?? {}));
      return {
        path: `${e.instancePath}/${escapePointer(key)}`,
        message: `${subject} counts by ${values.join(', ')}, not "${key}"${near ? ` (did you mean "${near}"?)` : ''}`,
      };
    }
    case 'type': {
      const want: Record<string, string> = { integer: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object', string: 'a text' };
      return { path: e.instancePath, message: `${subject} must be ${want[String(e.params.type)] ?? String(e.params.type)}, got ${shown(value)}` };
    }
    case 'minimum':
      return { path: e.instancePath, message: `${subject} must be ${String(e.params.limit)} or more, got ${shown(value)}` };
    case 'enum':
      return { path: e.instancePath, message: `${subject} must be one of ${values.join(', ')}, got ${shown(value)}` };
    default:
      return { path: e.instancePath, message: `${subject} does not fit the ${e.keyword} of its schema, got ${shown(value)}` };
  }
}

/** A field by its name and, when game.yaml describes it, its description: `"flour" (Flour markers held at the end)`. */
function fieldName(field: string, words: StateWords): string {
  const description = words.fields[field]?.description?.trim().replace(/\.$/, '');
  return description ? `"${field}" (${description})` : `"${field}"`;
}

/** A value as the message shows it: JSON where it has one (`"3"` for a text, so it is told from a number). */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const json = JSON.stringify(value);
  return json === undefined ? typeof value : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/**
 * The known name nearest a mistyped one (case aside, or at most two edits away), for "did you mean". A few lines
 * rather than a library: the package has no runtime dependency, and the lists are a state's few fields.
 */
function closest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.floor(key.length / 2));
  for (const name of known) {
    if (name.toLowerCase() === key.toLowerCase()) return name;
    const d = editDistance(key.toLowerCase(), name.toLowerCase());
    if (d <= bestDistance) [best, bestDistance] = [name, d - 1];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(part: string): string {
  return part.replace(/~1/g, '/').replace(/~0/g, '~');
}
