import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../compiler/cli.ts';
import { check } from '../compiler/pipeline.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A throwaway project: the bundled games' schemas plus the given files (path -> text); the tool's own schemas come from the tool. */
export async function makeProject(files: Record<string, string>, options: { copyContent?: string[] } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-test-'));
  await cp(path.join(ROOT, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  for (const game of options.copyContent ?? []) await cp(path.join(ROOT, 'content', game), path.join(dir, 'content', game), { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return dir;
}

/** `file:line:col rule` for every diagnostic of a check, the shape the tests compare. */
export async function diagnosticsOf(root: string): Promise<string[]> {
  const result = await check(root);
  return result.bag
    .sorted()
    .map(
      (d) =>
        `${d.severity} ${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}${d.notes.length ? ` [${d.notes.join('; ')}]` : ''}`,
    );
}

/** Run the CLI in-process, capturing what it prints. */
export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'rulebook', ...args], { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n'), color: false });
  return { code, out, err };
}

/** The JSON Schema of one entry of `game`'s `name` collection: a closed object of the given properties. */
export function entrySchema(game: string, name: string, properties: Record<string, unknown>): string {
  return JSON.stringify({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://rulebook.dev/schemas/${game}/${name}.schema.json`,
    type: 'object',
    additionalProperties: false,
    properties,
  });
}

/** A minimal game manifest with one collection, for diagnostics fixtures. */
export const MINI_GAME = `id: mini
name: Mini
locale: en
collections:
  cards:
    file: cards.yaml
    schema: mini/card.schema.json
    type: Card
`;

export const MINI_SCHEMA = JSON.stringify(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://rulebook.dev/schemas/mini/card.schema.json',
    type: 'object',
    additionalProperties: false,
    required: ['name', 'kind'],
    properties: {
      id: { $ref: '../defs.schema.json#/$defs/id', description: 'ID' },
      name: { type: 'string', description: 'Name' },
      kind: { enum: ['single', 'set'], description: 'Kind' },
      points: { type: 'integer', description: 'Points' },
      awards: { type: 'array', items: { type: 'integer' }, description: 'Awards' },
      beats: { type: 'string', 'x-ref': 'cards', description: 'Another card' },
    },
  },
  null,
  2,
);

/** A copy of one bundled game with one of its files edited: the shape of most "break it and see" tests. */
export async function projectWithEdit(game: string, file: string, edit: (text: string) => string): Promise<string> {
  const root = await makeProject({}, { copyContent: [game] });
  const target = path.join(root, 'content', game, file);
  await writeFile(target, edit(await readFile(target, 'utf8')));
  return root;
}

/** A text transform that replaces `from` once and throws when `from` is not there: a fixture that drifted fails its test instead of leaving it testing nothing. */
export function swap(from: string, to: string): (text: string) => string {
  return (text) => {
    if (!text.includes(from)) throw new Error(`the text no longer holds ${JSON.stringify(from)}`);
    return text.replace(from, to);
  };
}

/** The small fixture games the toolchain tests build: test/fixtures/games/<name>/ is a project folder without the shared schemas. */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'games');

/**
 * A throwaway copy of one fixture game (the tool brings its own shared
 * schemas; no bundled game's folder, so a bundled game's edit cannot reach
 * the test): test/fixtures/games/<name>/, with each edit
 * (path relative to the project -> text transform) applied. An edit that
 * changes nothing throws: a test whose fixture drifted must fail, not pass
 * while testing nothing.
 */
export async function fixtureProject(name: string, edits: Record<string, (text: string) => string> = {}): Promise<string> {
  return fixturesProject([name], edits);
}

/**
 * One throwaway project holding several fixture games at once (the site
 * tests build a site of games in two languages). Each fixture folder holds
 * only content/<game>/ and schemas/<game>/, so they merge without clashing.
 */
export async function fixturesProject(names: readonly string[], edits: Record<string, (text: string) => string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `rulebook-${names.join('-')}-`));
  await mkdir(path.join(dir, 'schemas'), { recursive: true });
  for (const name of names) await cp(path.join(FIXTURES, name), dir, { recursive: true });
  for (const [rel, edit] of Object.entries(edits)) {
    const target = path.join(dir, rel);
    const before = await readFile(target, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`fixturesProject(${names.join(', ')}): the edit of ${rel} changed nothing`);
    await writeFile(target, after);
  }
  return dir;
}

/**
 * The mini game with rules as data: a `goals` collection whose entries hold a
 * scoring rule (over `endState`), an optional value rule (over
 * `playerState`) and worked examples, for DSL diagnostics fixtures.
 */
export const MINI_DSL_GAME = `${MINI_GAME}  goals:
    file: goals.yaml
    schema: mini/goal.schema.json
    type: Goal
endState:
  type: MiniEndState
  fields:
    flour: { kind: count, nounPlural: markers, description: Flour markers held at the end. }
    cabras: { kind: list, of: cards, noun: Cabra card, nounPlural: Cabra cards, where: "with {{a name}}", description: Cabra cards in play. }
playerState:
  - { id: wounds, type: count, noun: wound, nounPlural: wounds, description: Wounds taken. }
`;

export const MINI_DSL_SCHEMA = JSON.stringify(
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://rulebook.dev/schemas/mini/goal.schema.json',
    type: 'object',
    additionalProperties: false,
    required: ['name', 'scoring'],
    properties: {
      name: { type: 'string', description: 'Name' },
      scoring: { $ref: '../dsl.schema.json#/$defs/scoring', 'x-rule': 'scoring', description: 'How it scores' },
      fame: { $ref: '../dsl.schema.json#/$defs/value', 'x-rule': 'value', description: 'Fame from the player state' },
      examples: { $ref: '../dsl.schema.json#/$defs/examples', description: 'Worked examples' },
    },
  },
  null,
  2,
);

/** Files of a mini DSL project: MINI_DSL_GAME, both schemas, two cards, and the given goals.yaml. */
export function miniDslFiles(goals: string): Record<string, string> {
  return {
    'content/mini/game.yaml': MINI_DSL_GAME,
    'content/mini/cards.yaml': '- { name: Lampião, kind: set }\n- { name: Corisco, kind: set }\n',
    'content/mini/goals.yaml': goals,
    'schemas/mini/card.schema.json': MINI_SCHEMA,
    'schemas/mini/goal.schema.json': MINI_DSL_SCHEMA,
  };
}

/**
 * Make `dir` a scratch git repository and commit everything in it (tagged
 * when `tag` is given): the diff and release tests compare a tree with a
 * commit. Identity and signing come from flags, so the user's git config
 * neither breaks nor leaks into the test.
 */
export function gitCommitAll(dir: string, message: string, tag?: string): void {
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Rulebook Test', '-c', 'user.email=test@rulebook.invalid', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args],
      { cwd: dir, stdio: 'pipe' },
    );
  if (!existsSync(path.join(dir, '.git'))) git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '--allow-empty', '-m', message);
  if (tag) git('tag', tag);
}

/** A seeded generator (mulberry32): the same cases on every run, for tests that make their own edits. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
