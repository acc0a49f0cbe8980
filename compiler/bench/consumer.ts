// A consumer of the generated package, as an engine would be: a tiny
// project beside generated/ that imports it and uses a collection by a
// literal ID, the guard and `get`, type-checked by `tsc --noEmit` with strict
// true and skipLibCheck false (so the package's declarations are checked
// too, with the ID union at full size: issue #11's TS2590 shows here).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Write `<project>/consumer/` for the game `game` whose collection `collection` has an entry `id`; returns the tsc command to run in it. */
export async function writeConsumer(root: string, project: string, game: { id: string; collection: string; entryId: string }): Promise<{ dir: string; cmd: string[] }> {
  const dir = path.join(project, 'consumer');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  await writeFile(path.join(dir, 'tsconfig.json'), `${JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUncheckedIndexedAccess: true, skipLibCheck: false, noEmit: true, types: [] },
    files: ['consumer.ts'],
  }, null, 2)}\n`);
  const g = game.id;
  const c = game.collection;
  await writeFile(path.join(dir, 'consumer.ts'), `import { ${g} } from '../generated/index.js';

// A literal ID: a typo here is a type error, which is the point of the union.
const entry = ${g}.${c}.byId[${JSON.stringify(game.entryId)}];
export const name: string = entry.name;
export const ids: string[] = ${g}.${c}.all.map((e) => e.id);
export function lookUp(input: string): string | undefined {
  return ${g}.${c}.get(input)?.name;
}
`);
  return { dir, cmd: ['node', path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'] };
}
