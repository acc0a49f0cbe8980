import { cp, mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../compiler/cli.ts';
import { check } from '../compiler/pipeline.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SEEDS = path.resolve(ROOT, '..', 'shared', 'seeds');

/** A throwaway project: the repository's schemas plus the given files (path -> text). */
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
  return result.bag.sorted().map((d) => `${d.severity} ${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}${d.notes.length ? ` [${d.notes.join('; ')}]` : ''}`);
}

/** Run the CLI in-process, capturing what it prints. */
export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'rulebook', ...args], { out: (t) => (out += t + '\n'), err: (t) => (err += t + '\n'), color: false });
  return { code, out, err };
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

export const MINI_SCHEMA = JSON.stringify({
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
}, null, 2);

/** A copy of one bundled game with one of its files edited: the shape of most "break it and see" tests. */
export async function projectWithEdit(game: string, file: string, edit: (text: string) => string): Promise<string> {
  const root = await makeProject({}, { copyContent: [game] });
  const target = path.join(root, 'content', game, file);
  await writeFile(target, edit(await readFile(target, 'utf8')));
  return root;
}
