/**
 * The entries of a game's collections as data: a readable object literal per
 * entry in the game's module, or, for a large collection, a data module of
 * its own (data-module.ts says why). Either way in source order, each entry
 * with its compiled rules beside its fields.
 */
import type { CheckedGame } from '../model.ts';
import { rulesTextMembers } from '../rules/texts.ts';
import { NO_RULES, type RulesByEntry } from '../rules/rules-by-entry.ts';
import { dataModules, type DataModule } from './data-module.ts';
import { entityRoles, entityValue } from './entity-value.ts';
import { gameMarks, hasBoth, markMemberLiterals, marksOf, NO_MARKS_DECLARATION } from './entry-marks.ts';
import { allName } from '../names.ts';
import { checkedRuleMember } from './state-parsers.ts';
import { literal, valueKey } from './ts-syntax.ts';

export interface StateTypes {
  /** The end state's type (scoring rules read it). */
  endState: string | undefined;
  /** The player state's type (effects and values read it). */
  playerState: string | undefined;
}

/** The constants of the small collections (lines of the game's module) and the data modules of the large ones. */
export function collectionData(
  g: CheckedGame,
  large: ReadonlySet<string>,
  rulesOf: ReadonlyMap<string, RulesByEntry>,
  states: StateTypes,
  partSize?: number,
): { lines: string[]; data: DataModule[] } {
  const { game } = g.linked;
  const lines: string[] = [];
  const data: DataModule[] = [];
  const marks = gameMarks(g);
  // Every literal entry without drafts or readings shares one empty value: declared when one does.
  const literalEntries = [...game.collections.values()].filter((c) => !large.has(c.name)).flatMap((c) => c.entries.map((e) => [c.name, e.id] as const));
  if (literalEntries.some(([c, id]) => !hasBoth(marksOf(marks, c).get(id)))) lines.push(NO_MARKS_DECLARATION, '');
  for (const c of game.collections.values()) {
    const byEntry = rulesOf.get(c.name) ?? NO_RULES;
    if (large.has(c.name)) {
      const kinds = new Set([...byEntry.values()].flat().map((r) => r.kind));
      const typeImports = [
        ...(kinds.has('scoring') && states.endState ? [states.endState] : []),
        ...((kinds.has('effect') || kinds.has('value')) && states.playerState ? [states.playerState] : []),
      ];
      data.push(
        ...dataModules(
          {
            gameId: game.manifest.id,
            collection: c,
            rulesOf: byEntry,
            endStateType: states.endState ?? 'never',
            playerStateType: states.playerState,
            typeImports,
            binding: allName(c.name),
            idType: `${c.decl.type}Id`,
            marks: marksOf(marks, c.name),
          },
          partSize,
        ),
      );
      continue;
    }
    const roles = entityRoles(c);
    const byId = marksOf(marks, c.name);
    lines.push(`const ${allName(c.name)}: readonly ${c.decl.type}[] = [`);
    for (const e of c.entries) {
      const rules = byEntry.get(e.id) ?? [];
      const fields = Object.entries(entityValue(e, roles)).map(([k, v]) => `${valueKey(k)}: ${literal(v, '    ')}`);
      fields.push(...markMemberLiterals(byId.get(e.id), '    '));
      for (const r of rules) fields.push(checkedRuleMember(r, states, true));
      // One rulesText per entry (compileRules allows one rule of each kind per entry): the texts in source order.
      fields.push(...rulesTextMembers(rules));
      lines.push(`  {\n    ${fields.join(',\n    ')},\n  },`);
    }
    lines.push('];', '');
  }
  return { lines, data };
}
