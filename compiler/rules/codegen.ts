import { assertNever, quantityKind, type Quantity, type Scoring } from './dsl.ts';

/**
 * Compile a scoring rule to a JavaScript expression over `players` (an array
 * of end states) that yields one number per player. The expression uses only
 * the helpers of runtime.ts, so the same text runs in generated/ and, through
 * `new Function`, at build time to check the rule's examples.
 */
export function scoringExpression(rule: Scoring): string {
  switch (rule.op) {
    case 'rank':
      return `rankSharePlace(players.map((p) => ${quantityExpression(rule.by)}), ${JSON.stringify(rule.order)}, ${JSON.stringify(rule.awards)})`;
    case 'per':
      return `players.map((p) => ${rule.points} * ${quantityExpression(rule.each)})`;
    case 'if':
      return `players.map((p) => (${quantityExpression(rule.has)} > 0 ? ${rule.points} : 0))`;
    case 'sum':
      return `addScores([${rule.of.map(scoringExpression).join(', ')}], players.length)`;
    default:
      return assertNever(rule);
  }
}

export function quantityExpression(q: Quantity): string {
  const kind = quantityKind(q);
  switch (kind) {
    case 'field': return `p.${(q as { field: string }).field}`;
    case 'flag': return `(p.${(q as { flag: string }).flag} ? 1 : 0)`;
    case 'distinct': return `new Set(p.${(q as { distinct: string }).distinct}).size`;
    case 'repeated': return `repeatedCount(p.${(q as { repeated: string }).repeated})`;
    case 'count': {
      const c = q as { count: string; where?: string };
      return c.where === undefined ? `p.${c.count}.length` : `p.${c.count}.filter((v) => v === ${JSON.stringify(c.where)}).length`;
    }
    case 'min': return `Math.min(${(q as { min: Quantity[] }).min.map(quantityExpression).join(', ')})`;
    case 'groupsOf': {
      const g = q as { groupsOf: number; of: Quantity };
      return `Math.floor(${quantityExpression(g.of)} / ${g.groupsOf})`;
    }
    default:
      return assertNever(kind);
  }
}

