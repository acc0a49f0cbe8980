import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Erratum, FoundRefs, Game, LinkedGame } from '../model.ts';
import { checkConstraints } from './constraints.ts';
import { checkGraphs } from './graph.ts';
import { checkManifestNames } from './manifest.ts';
import { checkMarkMemberClash } from './mark-member-clash.ts';
import { checkPageAddresses } from './page-addresses.ts';
import { checkComponentCounts } from './component-counts.ts';
import { collectPlaceholders } from './placeholders.ts';
import { resolveRefs } from './refs.ts';
import { checkRulesTree } from './rules-tree-check.ts';
import { checkLinkTokens } from './link-tokens.ts';
import { checkUniqueIds } from './unique-ids.ts';
import { withId } from '../value-ids.ts';

/** Resolve references, check IDs and the game's invariants; nothing after this phase reads files. */
export function linkGame(game: Game, refs: readonly FoundRefs[], bag: DiagnosticBag): LinkedGame {
  const declared = new Map(Object.entries(game.manifest.declarations ?? {}).map(([name, values]) => [name, values.map(withId)]));
  // The checks below only compare IDs.
  const declarations = new Map([...declared].map(([name, values]) => [name, values.map((v) => v.id)]));
  checkUniqueIds(game, bag);
  resolveRefs(game, declarations, refs, bag);
  checkConstraints(game, refs, bag);
  checkComponentCounts(game, bag);
  const errata: Erratum[] = [];
  const referencedBy = checkRulesTree(game, bag, errata);
  checkLinkTokens(game, bag);
  checkGraphs(game, declarations, bag);
  checkManifestNames(game, declarations, bag);
  checkPageAddresses(game, bag);
  checkMarkMemberClash(game, bag);
  return {
    game,
    declarations: declared,
    placeholders: collectPlaceholders(game, 'placeholders'),
    readings: collectPlaceholders(game, 'readings'),
    referencedBy,
    errata,
  };
}
