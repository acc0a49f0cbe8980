import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { LinkedGame } from '../link/link.ts';
import type { RuleSite } from '../validate/game.ts';
import { checkScoring } from './check.ts';
import { scoringExpression } from './codegen.ts';
import type { Scoring } from './dsl.ts';
import { renderScoring } from './render.ts';
import * as runtime from './runtime.ts';
import { stateModel, type StateModel } from './state.ts';

export interface CompiledRule {
  collection: string;
  entryId: string;
  /** JSON pointer of the rule inside its entry. */
  pointer: string;
  kind: 'scoring';
  /** The function's name on the generated entity (`score` for scoring). */
  functionName: string;
  /** A JavaScript expression over `players` using runtime.ts helpers. */
  expression: string;
  /** The rule rendered as rules text in the game's locale. */
  text: string;
  examples: RuleExample[];
}

export interface RuleExample {
  note?: string;
  given: Array<Record<string, unknown>>;
  expect: number[];
}

const FUNCTION_NAMES: Record<CompiledRule['kind'], string> = { scoring: 'score' };

/** Check each DSL rule against the game's declarations, render its text, compile it and run its examples. */
export function compileRules(linked: LinkedGame, sites: readonly RuleSite[], bag: DiagnosticBag): CompiledRule[] {
  const game = linked.game;
  const state = stateModel(game.manifest, (name) => {
    const c = game.collections.get(name);
    return c ? new Map(c.entries.map((e) => [e.id, String(e.value.name ?? e.id)])) : undefined;
  });
  const out: CompiledRule[] = [];
  for (const site of sites) {
    const { entry } = site;
    const rule = pointerGet(entry.value, site.pointer) as Scoring;
    const at = (p: string) => entry.source.placeOf(entry.pointer + p);
    const problems = checkScoring(rule, state, site.pointer);
    for (const p of problems) bag.error(entry.source.path, at(p.pointer), 'rule-field', p.message, p.notes);
    if (problems.length || !state) continue;
    const expression = scoringExpression(rule);
    const compiled: CompiledRule = {
      collection: site.collection,
      entryId: entry.id,
      pointer: site.pointer,
      kind: 'scoring',
      functionName: FUNCTION_NAMES.scoring,
      expression,
      text: renderScoring(rule, state, game.manifest.locale),
      examples: [],
    };
    const examples = (entry.value.examples ?? []) as RuleExample[];
    const run = makeFunction(expression);
    examples.forEach((example, i) => {
      const exPointer = `/examples/${i}`;
      const badField = checkExampleFields(example, state);
      if (badField) {
        bag.error(entry.source.path, at(`${exPointer}/given/${badField.player}/${badField.field}`), 'example-field', badField.message);
        return;
      }
      const players = example.given.map((g) => withDefaults(g, state));
      const got = run(players);
      if (JSON.stringify(got) !== JSON.stringify(example.expect)) {
        bag.error(entry.source.path, at(`${exPointer}/expect`), 'example-mismatch', `example ${i + 1} expects [${example.expect.join(', ')}] but the rule gives [${got.join(', ')}]`, [`rule: ${compiled.text}`]);
      }
      compiled.examples.push(example);
    });
    out.push(compiled);
  }
  return out;
}

/** Compile an expression with the runtime helpers in scope: the same code generated/ runs. */
export function makeFunction(expression: string): (players: unknown[]) => number[] {
  const names = Object.keys(runtime);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the expression is our own codegen output, not content text
  const fn = new Function(...names, 'players', `return ${expression};`) as (...args: unknown[]) => number[];
  const helpers = names.map((n) => (runtime as Record<string, unknown>)[n]);
  return (players) => fn(...helpers, players);
}

/** Fields left out of an example are 0, empty or false, so examples say only what matters. */
export function withDefaults(given: Record<string, unknown>, state: StateModel): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of state.fields) out[name] = given[name] ?? (f.decl.kind === 'count' ? 0 : f.decl.kind === 'list' ? [] : false);
  return out;
}

function checkExampleFields(example: RuleExample, state: StateModel): { player: number; field: string; message: string } | undefined {
  for (const [player, given] of example.given.entries()) {
    for (const [field, value] of Object.entries(given)) {
      const f = state.fields.get(field);
      if (!f) return { player, field, message: `"${field}" is not a field of ${state.typeName} (fields: ${[...state.fields.keys()].join(', ')})` };
      const want = f.decl.kind === 'count' ? 'number' : f.decl.kind === 'flag' ? 'boolean' : 'list';
      const ok = want === 'list' ? Array.isArray(value) && value.every((v) => f.values.size === 0 || f.values.has(String(v))) : typeof value === want;
      if (!ok) return { player, field, message: `"${field}" must be ${want === 'list' ? `a list of ${[...f.values.keys()].join(', ')}` : `a ${want}`}` };
    }
  }
  return undefined;
}

export function pointerGet(value: unknown, pointer: string): unknown {
  let v = value;
  for (const part of pointer.split('/').slice(1)) v = (v as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}
