import { assertNever, quantityKind, type Quantity, type Scoring } from './dsl.ts';

/**
 * Compile a scoring rule to a JavaScript expression over `players` (an array
 * of end states) that yields one number per player. The expression uses only
 * the helpers of runtime.ts, so the same text runs in generated/ and, through
 * `new Function`, at build time to check the rule's examples.
 *
 * Content never becomes code: every name from content (a field such as
 * `flour-x`) is emitted as a JSON string, every number through `num`.
 */
export function scoringExpression(rule: Scoring): string {
  switch (rule.op) {
    case 'rank':
      return `rankSharePlace(players.map((p) => ${quantityExpression(rule.by)}), ${JSON.stringify(rule.order)}, ${JSON.stringify(rule.awards)})`;
    case 'per':
      return `players.map((p) => ${num(rule.points)} * ${quantityExpression(rule.each)})`;
    case 'if':
      return `players.map((p) => (${quantityExpression(rule.has)} > 0 ? ${num(rule.points)} : 0))`;
    case 'sum':
      return `addScores([${rule.of.map(scoringExpression).join(', ')}], players.length)`;
    default:
      return assertNever(rule);
  }
}

export function quantityExpression(q: Quantity): string {
  const kind = quantityKind(q);
  switch (kind) {
    case 'field':
      return field((q as { field: string }).field);
    case 'flag':
      return `(${field((q as { flag: string }).flag)} ? 1 : 0)`;
    case 'distinct':
      return `new Set(${field((q as { distinct: string }).distinct)}).size`;
    case 'repeated':
      return `repeatedCount(${field((q as { repeated: string }).repeated)})`;
    case 'count': {
      const c = q as { count: string; where?: string };
      return c.where === undefined ? `${field(c.count)}.length` : `${field(c.count)}.filter((v) => v === ${JSON.stringify(c.where)}).length`;
    }
    case 'min':
      return `Math.min(${(q as { min: Quantity[] }).min.map(quantityExpression).join(', ')})`;
    case 'groupsOf': {
      const g = q as { groupsOf: number; of: Quantity };
      return `Math.floor(${quantityExpression(g.of)} / ${num(g.groupsOf)})`;
    }
    default:
      return assertNever(kind);
  }
}

/** A field of the player `p`, read by its quoted name: `p["flour-x"]`, never `p.flour-x` (which JavaScript reads as a subtraction). */
function field(name: string): string {
  return `p[${JSON.stringify(String(name))}]`;
}

/**
 * A number from content as a literal. The DSL schema makes these integers;
 * should a game's own schema let something else through, it is still
 * emitted as a JSON value (data the type check rejects), never as code.
 */
export function num(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 0 || Object.is(value, -0) ? `(${value})` : String(value);
  return JSON.stringify(value) ?? 'undefined';
}
