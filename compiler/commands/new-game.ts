import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import { check } from '../pipeline.ts';
import { isInvented } from '../model.ts';
import { SCHEMA_BASE } from '../validate/schemas.ts';
import { applyChecked, inWords } from './apply-checked.ts';
import type { CommandOutcome } from './new-entry.ts';
import { onlyGame } from './only-game.ts';
import { commandIn } from '../next-step.ts';
import { COMMAND_WORDS, GAME_ID } from '../names.ts';
import { stringify } from 'csv-stringify/sync';
import { headerColumns } from './table-header.ts';

/**
 * `rulebook new game <id>` and `rulebook new collection <game> <name>`: the
 * files a game or a collection needs, named and linked as the tool expects
 * (the schema's `$id` is its path under schemas/), so they check and build
 * at once and the designer starts from content, not from wiring.
 *
 * A new game is invented (it has no `source:`): its files say "write", and
 * its draft says what is still to decide. A collection added to a game
 * transcribed from a rulebook (one with `source:`) speaks of the rulebook.
 */

const COLLECTION = /^[a-z][A-Za-z0-9]*$/;

const usage = (message: string, notes: string[] = []): CommandOutcome => ({ code: 2, out: [], err: [`error: ${message}`, ...notes.map((n) => `  = ${n}`)] });
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export async function newGame(root: string, id: string): Promise<CommandOutcome> {
  if (!GAME_ID.test(id)) return usage(`"${id}" is not a game ID: use lower-case letters, digits and single hyphens (for example "my-game")`);
  // `rulebook new game ...` and `rulebook new collection ...` are commands: a game of that ID could never be given entries.
  if (COMMAND_WORDS.includes(id))
    return usage(
      `"${id}" cannot be a game ID: \`rulebook new ${id} ...\` is the command that makes a ${id}, so \`rulebook new ${id} <collection> "Name"\` could never reach this game`,
      ['pick another ID (for example "my-game")'],
    );
  // A game goes into a project (content/, or a project's rulebook.yaml): never into whatever folder the command ran in.
  if (!(await exists(path.join(root, 'content'))) && !(await exists(path.join(root, 'rulebook.yaml'))))
    return usage(`${root} is not a rulebook project (it has no content/ folder and no rulebook.yaml)`, [
      'start one with `rulebook init` (here, or `rulebook init <folder>`), or run this in a project folder (or give it with -C)',
    ]);
  for (const dir of [path.join('content', id), path.join('schemas', id)]) {
    if (await exists(path.join(root, dir))) return usage(`${dir.split(path.sep).join('/')}/ already exists`);
  }
  const name = titleOf(id);
  const collection = 'cards';
  const before = await check(root);
  const changes = [
    { file: path.join(root, 'content', id, 'game.yaml'), text: manifestText(id, name, collection) },
    { file: path.join(root, 'content', id, `${fileStem(collection)}.yaml`), text: collectionText(id, name, collection, true, true) },
    { file: path.join(root, 'schemas', id, `${fileStem(singular(collection))}.schema.json`), text: schemaText(id, collection, true) },
    { file: path.join(root, 'content', id, 'rules', '01-overview.md'), text: `# Overview\n\nWhat ${name} is about, how it is won, and how a turn goes.\n` },
  ];
  const applied = await applyChecked(root, changes, before);
  if (!applied.ok)
    return {
      code: 1,
      out: [],
      err: [
        'error: the new game would not check, so nothing was written:',
        ...inWords(applied.problems, new Set(changes.map((c) => path.relative(root, c.file).split(path.sep).join('/')))),
      ],
    };
  return {
    code: 0,
    out: [id],
    err: [
      `created content/${id}/ (game.yaml, ${fileStem(collection)}.yaml, rules/01-overview.md) and schemas/${id}/${fileStem(singular(collection))}.schema.json`,
      `next: add entries with \`rulebook new ${id} ${collection} "Name"\`, collections with \`rulebook new collection ${id} <name>\`, then \`${commandIn(root, 'build')}\``,
    ],
  };
}

/**
 * `options.csv`: the collection is a spreadsheet's export (`<name>.csv`, its header row the schema's fields by
 * path) rather than YAML; `options.json`: a JSON file holding an empty list (`<name>.json`, `[]`).
 */
export async function newCollection(root: string, gameId: string, name: string, options: { csv?: boolean; json?: boolean } = {}): Promise<CommandOutcome> {
  if (options.csv && options.json) return usage('a collection is one file: --csv or --json, not both');
  if (!COLLECTION.test(name))
    return usage(
      `"${name}" is not a collection name: start with a lower-case letter, then letters and digits (for example "cards" or "actionCards"); it is the export name in generated/`,
    );
  const before = await check(root);
  const only = await onlyGame(root, before, gameId);
  if ('known' in only) return usage(`no game "${gameId}"`, [`games: ${only.known.join(', ') || 'none'}`]);
  const checked = only.result.games[0];
  if (!checked) return { code: 1, out: [], err: [`error: the manifest of "${gameId}" does not check; fix it first (rulebook check --game ${gameId})`] };
  const game = checked.linked.game;
  if (game.collections.has(name)) return usage(`game "${gameId}" already has a collection "${name}"`);
  const type = typeName(name);
  const types = [...game.collections.values()].map((c) => c.decl.type);
  if (types.includes(type))
    return usage(`another collection of "${gameId}" already has the entry type ${type}`, [`rename the collection, or set \`type:\` by hand`]);
  const file = `${fileStem(name)}.${options.csv ? 'csv' : options.json ? 'json' : 'yaml'}`;
  const schemaPath = `${game.manifest.id}/${fileStem(singular(name))}.schema.json`;
  for (const f of [path.join(game.dir, file), path.join(root, 'schemas', schemaPath)]) {
    if (await exists(f))
      return usage(`${path.relative(root, f).split(path.sep).join('/')} already exists`, ['declare it in game.yaml by hand, or pick another name']);
  }
  const manifestFile = path.join(game.dir, 'game.yaml');
  const manifest = await readFile(manifestFile, 'utf8');
  const edited = addCollection(manifest, name, { file, schema: schemaPath, type, title: titleOf(name) });
  const schema = schemaText(game.manifest.id, name, isInvented(game.manifest));
  // A CSV file has no comments to say what it holds: its header row says it, one field per column.
  // A JSON file has no comments either: it starts as an empty list, and `rulebook new` appends items to it.
  const entries = options.csv
    ? csvHeaderText(headerColumns(JSON.parse(schema) as Record<string, unknown>, `${SCHEMA_BASE}${schemaPath}`, before.schemas))
    : options.json
      ? '[]\n'
      : collectionText(game.manifest.id, titleOf(name), name, false, isInvented(game.manifest));
  const changes = [
    { file: manifestFile, text: edited },
    { file: path.join(game.dir, file), text: entries },
    { file: path.join(root, 'schemas', schemaPath), text: schema },
  ];
  const applied = await applyChecked(root, changes, before);
  if (!applied.ok)
    return {
      code: 1,
      out: [],
      err: [
        'error: the new collection would not check, so nothing was changed:',
        ...inWords(applied.problems, new Set(changes.map((c) => path.relative(root, c.file).split(path.sep).join('/')))),
      ],
    };
  return {
    code: 0,
    out: [name],
    err: [
      `added the collection "${name}" to ${game.manifestSource.path}, with ${path.relative(root, path.join(game.dir, file)).split(path.sep).join('/')} and schemas/${schemaPath}`,
      ...(options.csv
        ? [
            `its header row names the schema's fields (${entries.trim()}): add a column for each field you add to the schema, one row per entry`,
            `next: fill its rows in a spreadsheet (save as CSV), or \`rulebook new ${gameId} ${name} "Name"\``,
          ]
        : options.json
          ? [`it holds an empty list (\`[]\`): \`rulebook new ${gameId} ${name} "Name"\` appends an item, or write the entries as JSON objects`]
          : [`next: \`rulebook new ${gameId} ${name} "Name"\``]),
    ],
  };
}

/**
 * The manifest with one more collection under `collections:`. The yaml
 * Document finds where the map ends and how it is indented; the new lines go
 * in there as text, so every other byte (comments, flow maps, line breaks)
 * stays as the designer wrote it. A manifest whose collections are written
 * some other way (a flow map) is edited through the Document instead, which
 * keeps comments but may re-wrap lines.
 */
export function addCollection(text: string, name: string, decl: { file: string; schema: string; type: string; title: string }): string {
  const doc = parseDocument(text);
  const collections = doc.get('collections', true);
  if (isMap(collections) && !collections.flow && collections.items.length) {
    const first = collections.items[0] as Pair<YamlNode, YamlNode>;
    const last = collections.items.at(-1) as Pair<YamlNode, YamlNode>;
    const keyStart = first.key?.range?.[0];
    const valueEnd = (last.value?.range ?? last.key?.range)?.[1];
    if (keyStart !== undefined && valueEnd !== undefined) {
      const indent = ' '.repeat(keyStart - (text.lastIndexOf('\n', keyStart - 1) + 1));
      const lineEnd = text.indexOf('\n', valueEnd - 1);
      const at = lineEnd === -1 ? text.length : lineEnd + 1;
      const block =
        [`${name}:`, `  file: ${decl.file}`, `  schema: ${decl.schema}`, `  type: ${decl.type}`, `  title: ${decl.title}`].map((l) => indent + l).join('\n') +
        '\n';
      const head = text.slice(0, at);
      const out = (head.endsWith('\n') || !head ? head : head + '\n') + block + text.slice(at);
      const check = parseDocument(out);
      const added = check.getIn(['collections', name, 'schema']);
      if (!check.errors.length && added === decl.schema && isScalar(check.getIn(['collections', name, 'type'], true))) return out;
    }
  }
  doc.setIn(['collections', name], doc.createNode(decl));
  return doc.toString({ lineWidth: 0 });
}

/** A header row of a new CSV collection (quoted only where a column's path needs it). */
function csvHeaderText(columns: string[]): string {
  return stringify([columns], { record_delimiter: 'unix' });
}

/** A new game's manifest: an invented game (no `source:`), whose values are written as they are decided. */
function manifestText(id: string, name: string, collection: string): string {
  return `# ${name}: a new game. Write its rules, components and cards as you decide them;
# mark a value not decided yet as { placeholder: VALUE, note: "To decide: ..." }
# (see content/README.md).
id: ${id}
name: ${name}
locale: en

collections:
  ${collection}:
    file: ${fileStem(collection)}.yaml
    schema: ${id}/${fileStem(singular(collection))}.schema.json
    type: ${typeName(collection)}
    title: ${titleOf(collection)}
`;
}

function collectionText(gameId: string, title: string, collection: string, withEntry: boolean, invented: boolean): string {
  // "one entry per item": a word's singular cannot be guessed in every language ("people", "sheep").
  const head = `# ${title}: one entry per item, ${invented ? 'in the order players should read them' : "in the rulebook's order"}.
# Add one with: rulebook new ${gameId} ${collection} "Name"
`;
  if (!withEntry) return `${head}[]\n`;
  // Only a new game has an entry, and a new game is invented.
  return `${head}
- name: First card
  # Write the card's text here, in your words.
  text: { placeholder: "The card's text.", note: "To decide: the card's text." }
`;
}

function schemaText(gameId: string, collection: string, invented: boolean): string {
  const kind = fileStem(singular(collection));
  const title = titleOf(singular(collection));
  return (
    JSON.stringify(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: `${SCHEMA_BASE}${gameId}/${kind}.schema.json`,
        title,
        description: `One entry of ${titleOf(collection).toLowerCase()}. Add a property for each ${invented ? '' : 'printed '}field, each with a description (editors show it).`,
        type: 'object',
        additionalProperties: false,
        required: ['name', 'text'],
        properties: {
          id: { $ref: '../defs.schema.json#/$defs/id', description: 'Stable ID; defaults to the slug of the name.' },
          name: { $ref: '../defs.schema.json#/$defs/text', description: invented ? 'The name players see.' : 'The name as printed.' },
          text: {
            $ref: '../defs.schema.json#/$defs/text',
            description: invented ? 'The text players read, in your words.' : "The text, in the rulebook's words.",
          },
        },
      },
      null,
      2,
    ) + '\n'
  );
}

/** `actionCards` -> `action-cards` (file names are kebab-case; collection names are export names). */
function fileStem(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** `cards` -> `card`, `abilities` -> `ability`: an entry's type and schema are named for one entry. */
function singular(name: string): string {
  if (/ies$/.test(name)) return name.slice(0, -3) + 'y';
  if (/(ss|us)$/.test(name)) return name;
  if (/(ch|sh|x|ss)es$/.test(name)) return name.slice(0, -2);
  return name.replace(/s$/, '');
}

function typeName(collection: string): string {
  const one = singular(collection);
  return one.charAt(0).toUpperCase() + one.slice(1);
}

/** `my-game` -> `My game`, `actionCards` -> `Action cards`. */
function titleOf(name: string): string {
  const words = fileStem(name).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
