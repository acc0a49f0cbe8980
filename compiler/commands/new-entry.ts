import { copiesOf } from '../validate/game.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, isMap, isScalar, isSeq, parseDocument, type Pair } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic } from '../diagnostics/print.ts';
import { closest } from '../diagnostics/suggest.ts';
import { ID_PATTERN, slug } from '../load/slug.ts';
import { isInvented, type Collection, type Game } from '../model.ts';
import { displayPath } from '../load/files.ts';
import { check, type CheckResult } from '../pipeline.ts';
import { applyChecked, inWords, type Change } from './apply-checked.ts';
import { SCHEMA_BASE } from '../validate/schemas.ts';
import { deref, draftValue, whyNoDraft } from './draft-value.ts';
import { onlyGame } from './only-game.ts';
import { appendJsonItem } from './append-json.ts';
import { appendRow } from './append-row.ts';

/** What a `new` command prints and its exit code (0 done, 1 the content would not check, 2 a usage error). */
export interface CommandOutcome {
  code: number;
  out: string[];
  err: string[];
}

const usage = (message: string, notes: string[] = []): CommandOutcome => ({ code: 2, out: [], err: [`error: ${message}`, ...notes.map((n) => `  = ${n}`)] });

/**
 * `rulebook new <game> <collection> "Name"`: append an entry with the fields
 * its schema requires, each a placeholder holding a draft value and a comment
 * from the field's description, so it checks at once and lists as a draft
 * until the designer fills it. The rest of the file stays byte for byte.
 * A CSV or TSV collection takes the entry as a row (append-row.ts), a JSON
 * one as its array's last item (append-json.ts): the same drafts, in the
 * file's own form.
 */
export async function newEntry(root: string, gameId: string, collectionName: string, name: string, options: { id?: string } = {}): Promise<CommandOutcome> {
  const before = await check(root);
  const only = await onlyGame(root, before, gameId);
  if ('known' in only) return usage(`no game "${gameId}"`, [`games: ${only.known.join(', ') || 'none'}`]);
  const checked = only.result.games[0];
  if (!checked)
    return {
      code: 1,
      out: [],
      err: [...printed(only.result, (d) => d.severity === 'error'), `error: the manifest of "${gameId}" does not check; fix it first`],
    };
  const game = checked.linked.game;
  const collection = game.collections.get(collectionName);
  if (!collection) {
    const names = [...game.collections.keys()];
    const hint = closest(collectionName, names);
    return usage(`game "${gameId}" has no collection "${collectionName}"`, [...(hint ? [`did you mean "${hint}"?`] : []), `collections: ${names.join(', ')}`]);
  }
  if (collection.decl.idFrom)
    return usage(
      `entries of "${collectionName}" take their ID from ${[collection.decl.idFrom]
        .flat()
        .map((f) => `\`${f}\``)
        .join(' and ')}, not from a name: add them by hand`,
    );
  const idPattern = idPatternOf(only.result);
  if (options.id !== undefined && !idPattern.test(options.id))
    return usage(
      `--id "${options.id}" is not an ID: IDs are written with letters, digits and single hyphens, dots or underscores (for example "seca-grande" or "NAPD_MWL_1.0")`,
    );
  const id = options.id ?? slug(name);
  if (!id) return usage(`"${name}" gives no ID (IDs are written with a–z, 0–9 and -): give one with --id`);
  const clash = collection.entries.find((e) => e.id === id);
  if (clash)
    return usage(
      `"${collectionName}" already has an entry with the ID "${id}" (${clash.source.path}:${clash.source.placeOf(clash.pointer)?.start.line ?? 1})`,
      ['give the new entry another name'],
    );
  // A collection kept in several files (`files:` glob) takes new entries in its last file, in path order.
  const target = collection.sources.at(-1);
  if (target && !target.ok)
    return { code: 1, out: [], err: [...printed(only.result, (d) => d.file === target.path), `error: ${target.path} does not read; fix it first`] };
  const held = target?.value;
  const format = formatOf(target?.path ?? collection.decl.file ?? '');
  // A file holding a map (or a lone value) has no list to append to; appending would only make it unreadable.
  if (target && held !== null && held !== undefined && !Array.isArray(held)) {
    const at = target.placeOf('')?.start;
    const shape = format === 'json' ? 'a JSON array, `[{ "name": ... }]`' : format === 'yaml' ? '`- name: ...`' : 'one row per entry';
    return {
      code: 1,
      out: [],
      err: [`${target.path}:${at?.line ?? 1}:${at?.column ?? 1}: error: ${target.path} is not a list of entries (${shape}); nothing was changed`],
    };
  }

  const drafted = draftEntry(checked.linked.game, collection, name, only.result, options.id !== undefined && options.id !== slug(name) ? id : undefined);
  if ('refused' in drafted)
    return { code: 1, out: [], err: [`error: ${collection.name}/${id} cannot be drafted, so nothing was changed:`, ...drafted.refused.map((r) => `  = ${r}`)] };
  if ('error' in drafted) return usage(drafted.error);
  if (!target && collection.decl.file === undefined)
    return usage(`no file matches "${collection.decl.files}" for "${collectionName}": make the first one by hand`);
  const file = target ? path.join(root, target.path) : path.join(game.dir, collection.decl.file!);
  const original = target ? await readFile(file, 'utf8') : '';
  const shownFile = target?.path ?? collection.decl.file;
  let appended: { text: string; line: number; drafts?: number };
  if (format === 'yaml') {
    const item = appendItem(original, drafted.text);
    if (item === undefined) return usage(`${shownFile} holds its list in flow style ([...]): write it as a block list (\`- name: ...\`) to append to it`);
    appended = item;
  } else {
    // A spreadsheet's row or a JSON array's item: the same drafted entry, written in the file's own form.
    const decl = collection.decl as { delimiter?: string; listSeparator?: string };
    const item =
      format === 'json'
        ? appendJsonItem(original, drafted.entry)
        : appendRow(original, drafted.entry, { delimiter: decl.delimiter, listSeparator: decl.listSeparator, tsv: format === 'tsv' });
    if ('error' in item) return { code: 1, out: [], err: [`error: ${shownFile} ${item.error}; nothing was changed`] };
    appended = item;
  }
  const manifestFile = path.join(game.dir, 'game.yaml');
  const manifestBefore = await readFile(manifestFile, 'utf8');
  // The loaded manifest's offsets count from after a byte-order mark; the file keeps it.
  const bom = manifestBefore.startsWith('\uFEFF') ? '\uFEFF' : '';
  const bumped = bumpComponentCounts(game, collection, drafted.value, manifestBefore.slice(bom.length));
  bumped.text = bom + bumped.text;

  const changes: Change[] = [{ file, text: appended.text }];
  if (bumped.text !== manifestBefore) changes.push({ file: manifestFile, text: bumped.text });
  // The new entry must check as it stands: if it does not (a schema the drafts cannot satisfy), nothing is changed.
  const applied = await applyChecked(root, changes, before);
  if (!applied.ok) {
    const written = new Set(changes.map((c) => displayPath(root, c.file)));
    return {
      code: 1,
      out: [],
      err: [
        `error: the drafted entry ${collectionName}/${id} would not check, so nothing was changed:`,
        ...inWords(applied.problems, written),
        '  = write this entry by hand',
      ],
    };
  }
  const shown = displayPath(root, file);
  // A table writes a drafted object across its columns (`attack.guns`, `attack.range`): one draft per cell.
  const placeholders = appended.drafts ?? drafted.placeholders;
  return {
    code: 0,
    out: [id],
    err: [
      `added ${collectionName}/${id} at ${shown}:${appended.line}, with ${placeholders} placeholder${placeholders === 1 ? '' : 's'} to fill (see \`rulebook drafts --game ${gameId}\`)`,
      ...bumped.notes,
    ],
  };
}

function printed(result: CheckResult, keep: (d: Diagnostic) => boolean): string[] {
  return result.bag
    .sorted()
    .filter(keep)
    .map((d) => formatDiagnostic(d, { color: false, sources: result.sources }) + '\n');
}

/** The ID pattern every entry's `id` follows (schemas/defs.schema.json), so `--id` is held to the rule the check applies. */
function idPatternOf(result: CheckResult): RegExp {
  const defs = result.schemas.ajv.getSchema(`${SCHEMA_BASE}defs.schema.json`)?.schema as { $defs?: { id?: { pattern?: unknown } } } | undefined;
  const pattern = defs?.$defs?.id?.pattern;
  return typeof pattern === 'string' ? new RegExp(pattern, 'u') : ID_PATTERN;
}

/**
 * The new entry as YAML (a one-item block list): `name` (and `id` when it is
 * not the name's slug), then each required field as a placeholder with its
 * description above it; `value` is the entry as the check reads it (the
 * drafts unwrapped). `refused` names each field no draft can satisfy.
 */
function draftEntry(
  game: Game,
  collection: Collection,
  name: string,
  result: CheckResult,
  id: string | undefined,
): { text: string; placeholders: number; value: Record<string, unknown>; entry: Record<string, unknown> } | { error: string } | { refused: string[] } {
  const schemaId = SCHEMA_BASE + collection.decl.schema;
  const root = result.schemas.ajv.getSchema(schemaId)?.schema;
  if (!root || typeof root !== 'object') return { error: `no schema "schemas/${collection.decl.schema}" for "${collection.name}"` };
  const { schema, base } = deref(root as Record<string, unknown>, schemaId, result.schemas);
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  if (!properties.name) return { error: `the schema of "${collection.name}" has no \`name\` field to hold "${name}"` };
  if (id !== undefined && !properties.id)
    return { error: `the schema of "${collection.name}" has no \`id\` field, so its entries take the slug of their name: leave out --id` };
  const required = ((schema.required ?? []) as string[]).filter((k) => k !== 'name' && k !== 'id');
  const ctx = {
    schemas: result.schemas,
    manifest: game.manifest,
    idsOf: (target: string) =>
      game.collections.get(target)?.entries.map((e) => e.id) ??
      result.games
        .find((g) => g.linked.game === game)
        ?.linked.declarations.get(target)
        ?.map((v) => v.id),
  };
  const entry: Record<string, unknown> = id === undefined ? { name } : { id, name };
  const value: Record<string, unknown> = { ...entry };
  const refused: string[] = [];
  for (const key of required) {
    const drafted = draftValue(properties[key] ?? {}, base, ctx);
    if (drafted === undefined) {
      refused.push(`\`${key}\` ${whyNoDraft(properties[key] ?? {}, base, result.schemas)}: give it with the entry written by hand`);
      continue;
    }
    const what = descriptionOf(properties[key]);
    // The description as the schema writes it: its first word may be a name ("Dry or Rain", "Cangaço cards dealt").
    // A transcribed game's value is printed, only not written in yet; an invented game's is still to decide.
    entry[key] = { placeholder: drafted, note: `${isInvented(game.manifest) ? 'To decide' : 'Not written yet'}${what ? `: ${what}` : ''}` };
    value[key] = drafted;
  }
  if (refused.length) return { refused };
  const doc = new Document([entry]);
  const seq = doc.contents;
  const map = isSeq(seq) ? seq.items[0] : undefined;
  if (isMap(map)) {
    for (const pair of map.items as Pair[]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const what = descriptionOf(properties[key]);
      if (what && isScalar(pair.key)) pair.key.commentBefore = ` ${what.replace(/\s*\n\s*/g, ' ')}`;
      // A placeholder on one line reads as one value: `points: { placeholder: 0, note: ... }`.
      if (isMap(pair.value)) pair.value.flow = true;
    }
  }
  return { text: doc.toString({ lineWidth: 0 }), placeholders: required.length, value, entry };
}

function descriptionOf(schema: Record<string, unknown> | undefined): string {
  return typeof schema?.description === 'string' ? schema.description.trim() : '';
}

/**
 * The form a collection file is written in, by its extension (`.yml`, `.yaml` and anything else are read as YAML).
 */
function formatOf(file: string): 'yaml' | 'json' | 'csv' | 'tsv' {
  const ext = path.extname(file).toLowerCase();
  return ext === '.json' ? 'json' : ext === '.csv' ? 'csv' : ext === '.tsv' ? 'tsv' : 'yaml';
}

/**
 * `item` (a one-item block list at column 0) appended to the list in `text`:
 * at the list's own indentation, after a blank line when the list has
 * entries, every byte before it kept. An empty `[]` is replaced by the item.
 * Undefined when the list is written in flow style with items (no place to append).
 */
export function appendItem(text: string, item: string): { text: string; line: number } | undefined {
  const doc = parseDocument(text);
  const contents = doc.contents;
  if (isSeq(contents) && contents.flow) {
    if (contents.items.length || !contents.range) return undefined;
    const [start, end] = contents.range;
    const head = text.slice(0, start);
    return { text: head + item + text.slice(end).replace(/^[ \t]*\n?/, ''), line: head.split('\n').length };
  }
  const indent = isSeq(contents) && contents.range ? columnOf(text, firstDash(text, contents.range[0])) : 0;
  // A file written with Windows line ends keeps them.
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const body = item
    .split('\n')
    .map((l) => (l ? ' '.repeat(indent) + l : l))
    .join(eol);
  let head = text;
  if (head && !head.endsWith('\n')) head += eol;
  if (isSeq(contents) && contents.items.length && !head.endsWith(eol + eol)) head += eol;
  return { text: head + body, line: head.split('\n').length };
}

/** The offset of the `-` that opens a block list whose first item's value starts at `at`. */
function firstDash(text: string, at: number): number {
  const dash = text.lastIndexOf('-', at);
  return dash >= 0 ? dash : at;
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/**
 * A component counted against this collection whose count matched before
 * the new entry, and which counts the new entry (no `where:`, or a `where:`
 * its drafted values meet), matches after it too: its printed count goes up
 * by the entry's copies, in place (only the number's bytes change). A count
 * that already differed, or a known gap, is the designer's to settle and
 * stays; the check after writing refuses the entry if that leaves an error.
 */
function bumpComponentCounts(game: Game, collection: Collection, entry: Record<string, unknown>, text: string): { text: string; notes: string[] } {
  const meets = (v: Record<string, unknown>, where: Record<string, unknown>) => Object.entries(where).every(([k, x]) => v[k] === x);
  const notes: string[] = [];
  const edits: Array<{ start: number; end: number; value: string }> = [];
  for (const key of ['components', 'playerComponents'] as const) {
    (game.manifest[key] ?? []).forEach((c, i) => {
      const where = (c.where ?? {}) as Record<string, unknown>;
      if (c.collection !== collection.name || !meets(entry, where)) return;
      const described = collection.entries.filter((e) => meets(e.value, where)).reduce((n, e) => n + e.copies, 0);
      const label = typeof c.name === 'string' ? c.name : Object.values(c.name)[0];
      if (c.gap) {
        // A known gap explains a difference in words: the new entry changes the figures it may quote.
        notes.push(
          `${game.manifestSource.path}: the component "${label}" keeps its count ${c.count} (a known gap); the collection now describes ${described + copiesOf(collection, entry)}: check that its gap note still holds`,
        );
        return;
      }
      if (described !== c.count) return;
      const next = c.count + copiesOf(collection, entry);
      const place = game.manifestSource.placeOf(`/${key}/${i}/count`);
      const start = place?.start.offset;
      const end = place?.end?.offset;
      if (start === undefined || end === undefined || text.slice(start, end) !== String(c.count)) return;
      edits.push({ start, end, value: String(next) });
      notes.push(`${game.manifestSource.path}: the component "${label}" now counts ${next} (was ${c.count}), as the collection describes`);
    });
  }
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.value + out.slice(e.end);
  return { text: out, notes };
}
