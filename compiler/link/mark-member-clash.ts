import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { MARK_MEMBERS, type MarkMember } from '../mark-members.ts';
import type { Game } from '../model.ts';

const WHAT: Record<MarkMember, string> = {
  drafts: 'which of its values are placeholders, with their notes',
  readings: 'which of its values are readings, with their notes',
};

/**
 * generated/ gives every entry `drafts` and `readings` (mark-members.ts): an
 * entry's own field of the same name would be hidden by it, its data missing
 * from the package. So it is an error, at the first entry of each collection
 * that has one, as a field named like a compiled rule is (rules/compile.ts);
 * the package's member is the one it keeps.
 */
export function checkMarkMemberClash(game: Game, bag: DiagnosticBag): void {
  for (const c of game.collections.values()) {
    for (const name of MARK_MEMBERS) {
      const e = c.entries.find((x) => Object.hasOwn(x.value, name));
      if (e)
        bag.error(
          e.source.path,
          e.source.placeOf(`${e.pointer}/${name}`),
          'mark-member-clash',
          `a field cannot be called "${name}": generated/ gives each ${c.name} entry \`${name}\`, ${WHAT[name]}`,
          ['rename the field in the schema and the content'],
        );
    }
  }
}
