import path from 'node:path';
import type { Manifest } from '../model.ts';
import { readText } from './files.ts';

/**
 * The IDs each collection had in the last good build: the ID unions of the
 * committed engine package (`generated/<game>.d.ts`, `export type <Type>Id =
 * "a" | "b";`). A renamed entry gets a new ID from its name; with these the
 * link phase can tell a reference to the old ID from a plain typo, and say
 * how to keep the old ID. Reading the declaration text (not importing the
 * module) never runs old code. No package, or an unreadable one, gives none.
 */
export async function readPreviousIds(root: string, manifest: Manifest): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (typeof manifest.id !== 'string' || !manifest.collections || typeof manifest.collections !== 'object') return out;
  const dts = await readText(path.join(root, 'generated', `${manifest.id}.d.ts`));
  if (dts === undefined) return out;
  const unions = new Map<string, string>();
  for (const m of dts.matchAll(/^export type (\w+)Id = (.+);$/gm)) unions.set(m[1]!, m[2]!);
  for (const [name, decl] of Object.entries(manifest.collections)) {
    const union = decl && typeof decl.type === 'string' ? unions.get(decl.type) : undefined;
    if (union === undefined) continue;
    const ids: string[] = [];
    for (const lit of union.matchAll(/"(?:[^"\\]|\\.)*"/g)) {
      try {
        ids.push(JSON.parse(lit[0]) as string);
      } catch {
        // Not a string literal we wrote: ignore it rather than guess.
      }
    }
    out.set(name, ids);
  }
  return out;
}
