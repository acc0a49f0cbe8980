import { textOf } from '../text.ts';
import type { DeclaredValue, Manifest, PlayerField, PlayerStateModel } from '../model.ts';
import { typeNameOfDeclaration } from '../names.ts';

const PHRASES = ['noun', 'nounPlural', 'each', 'unit', 'amount', 'gain', 'moveFrom', 'moveTo', 'when', 'state'] as const;

/** Resolve a game's `playerState` (the rules phase does, once per check; the model travels in CheckedGame). */
export function playerStateModel(manifest: Manifest, declared: ReadonlyMap<string, readonly DeclaredValue[]>): PlayerStateModel | undefined {
  const decl = manifest.playerState;
  if (!decl) return undefined;
  const byType = new Map([...declared.keys()].map((name) => [typeNameOfDeclaration(name), name]));
  const fields = new Map<string, PlayerField>();
  for (const raw of decl) {
    const entry = raw as unknown as Record<string, unknown> & { id: string; type: string; description?: string };
    const phrases: Record<string, string> = {};
    for (const p of PHRASES) if (typeof entry[p] === 'string') phrases[p] = entry[p] as string;
    let kind: PlayerField['kind'] = 'count';
    let declaration: string | undefined;
    if (entry.type !== 'count') {
      // countByTerrain -> a count per value of `terrains`; terrain -> one value of `terrains`.
      const by = /^countBy(.+)$/.exec(entry.type);
      const typeName = by ? by[1]! : entry.type.charAt(0).toUpperCase() + entry.type.slice(1);
      declaration = byType.get(typeName);
      kind = by ? 'countBy' : 'value';
    }
    const values = new Map((declaration ? (declared.get(declaration) ?? []) : []).map((v) => [v.id, textOf(v.name)]));
    fields.set(entry.id, { id: entry.id, kind, declaration, values, phrases, description: entry.description });
  }
  return { typeName: 'PlayerState', fields };
}
