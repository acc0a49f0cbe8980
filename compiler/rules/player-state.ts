import { slug } from '../load/slug.ts';
import { textOf } from '../link/link.ts';
import type { Manifest } from '../model.ts';
import { typeNameOfDeclaration } from '../emit-code/names.ts';

/**
 * A game's `playerState` declaration, resolved: each field's kind (count,
 * a count per value of a declaration, or one value of a declaration) and the
 * phrases the rules text uses for it.
 */
export interface PlayerField {
  id: string;
  kind: 'count' | 'countBy' | 'value';
  /** For countBy and value: the declaration whose values key or fill it. */
  declaration?: string;
  values: Map<string, string>;
  phrases: Record<string, string>;
  description?: string;
}

export interface PlayerStateModel {
  typeName: string;
  fields: Map<string, PlayerField>;
}

const PHRASES = ['noun', 'nounPlural', 'each', 'unit', 'amount', 'gain', 'moveFrom', 'moveTo', 'when'] as const;

export function playerStateModel(manifest: Manifest): PlayerStateModel | undefined {
  const decl = manifest.playerState;
  if (!decl) return undefined;
  const declarations = manifest.declarations ?? {};
  const byType = new Map(Object.keys(declarations).map((name) => [typeNameOfDeclaration(name), name]));
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
    const values = new Map((declaration ? (declarations[declaration] ?? []) : []).map((v) => [v.id ?? slug(textOf(v.name)), textOf(v.name)]));
    fields.set(entry.id, { id: entry.id, kind, declaration, values, phrases, description: entry.description });
  }
  return { typeName: 'PlayerState', fields };
}
