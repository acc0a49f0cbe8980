import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { Place } from '../diagnostics/diagnostic.ts';

/** The kinds of rule a schema marks with `x-rule` (rules/compile.ts compiles each). */
export const RULE_KINDS: readonly string[] = ['scoring', 'effect', 'value'];

/** What is wrong with an `x-ref` value, in a designer's words; undefined when it is a collection's name. */
export function xRefProblem(target: unknown): string | undefined {
  return typeof target === 'string' && target ? undefined : `"x-ref": ${JSON.stringify(target)} must name a collection, in quotes (such as "x-ref": "cards")`;
}

/** What is wrong with an `x-rule` value, in a designer's words; undefined when it is a kind of rule. */
export function xRuleProblem(kind: unknown): string | undefined {
  return typeof kind === 'string' && RULE_KINDS.includes(kind)
    ? undefined
    : `"x-rule": ${JSON.stringify(kind)} is not a kind of rule: use ${RULE_KINDS.map((k) => `"${k}"`).join(', ')}`;
}

const CHECKS: Record<string, (value: unknown) => string | undefined> = { 'x-ref': xRefProblem, 'x-rule': xRuleProblem };

/** Keys whose values are data, not schemas: an `x-ref` inside an example is the example's. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples']);

/**
 * Every wrong `x-ref` and `x-rule` value of one schema file, each at its
 * place in the file's text: all of them in one run. ajv checks a keyword's
 * value when it compiles the schema, and stops at the first one it refuses
 * (validate/schemas.ts keeps that check as well, for a schema given some
 * other way); a keyword meta-schema would find them all but was compiled on
 * every run, a twentieth of a small game's cold check.
 */
export function keywordProblems(schema: unknown, text: string): Array<{ message: string; place: Place }> {
  const found: Array<{ message: string; path: Array<string | number> }> = [];
  const walk = (node: unknown, path: Array<string | number>) => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const message = Object.hasOwn(CHECKS, key) ? CHECKS[key]!(value) : undefined;
        if (message) found.push({ message, path: [...path, key] });
        if (!DATA_KEYS.has(key)) walk(value, [...path, key]);
      }
  };
  walk(schema, []);
  if (!found.length) return [];
  const tree = parseTree(text);
  return found.map(({ message, path }) => ({ message, place: placeOf(text, tree && findNodeAtLocation(tree, path)) }));
}

/** The line and column of a value's key (where an editor shows the mistake); the file's start when it is not found. */
function placeOf(text: string, value: Node | undefined): Place {
  const key = value?.parent?.children?.[0];
  return placeAtOffset(text, key?.offset ?? value?.offset ?? 0);
}

/** The 1-based line and column (UTF-16 units, as editors count them) of an offset into a schema file's text. */
export function placeAtOffset(text: string, offset: number): Place {
  const before = text.slice(0, offset).split('\n');
  return { start: { line: before.length, column: before.at(-1)!.length + 1 } };
}
