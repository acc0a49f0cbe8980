import type { CheckedGame } from '../model.ts';
import { allName } from '../names.ts';
import { docText, textName } from './ts-syntax.ts';

/** A guard per collection, for an ID that arrives as a plain string: `if (isCardId(s)) game.cards.byId[s]`. */
export function idGuards(g: CheckedGame): string[] {
  const lines: string[] = [];
  for (const c of g.linked.game.collections.values()) {
    const idSet = `${allName(c.name)}$ids`;
    lines.push(`const ${idSet}: ReadonlySet<string> = new Set<string>(${allName(c.name)}.map((e) => e.id));`);
    lines.push(`/** Whether a string is the ID of one of the ${docText(textName(c.decl.title ?? c.name))}. */`);
    lines.push(`export function is${c.decl.type}Id(s: string): s is ${c.decl.type}Id {`, `  return ${idSet}.has(s);`, '}', '');
  }
  return lines;
}
