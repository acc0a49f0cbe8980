import { closest, hintOf } from '../diagnostics/suggest.ts';
import { assertNever, quantityKind, type Quantity, type Scoring } from './dsl.ts';
import type { StateModel } from './state.ts';

export interface RuleProblem {
  /** JSON pointer relative to the rule's root. */
  pointer: string;
  message: string;
  notes: string[];
  /** The "did you mean" as data (see diagnostics/suggest.ts). */
  expected?: string[];
  suggestion?: string;
}

/** Where a game declares each state a rule reads, in the designer's words: messages name these, never the generated type. */
const STATES = {
  end: { name: 'the end state', declared: 'declared in game.yaml under `endState: fields:`' },
  player: { name: 'the player state', declared: 'declared in game.yaml under `playerState:`' },
} as const;

/**
 * A rule or example names a field its state does not declare: the message
 * says which state, where it is declared, and the nearest field (or every
 * field when none is near).
 */
export function notAStateField(field: string, state: keyof typeof STATES, known: Iterable<string>, pointer: string): RuleProblem {
  const fields = [...known];
  const hint = closest(field, fields);
  const { name, declared } = STATES[state];
  return {
    pointer,
    message: `"${field}" is not a field of ${name} (${declared})`,
    notes: hint ? [`did you mean "${hint}"?`] : fields.length ? [`its fields: ${fields.join(', ')}`] : [`${name} declares no fields`],
    ...hintOf(hint, fields),
  };
}

/**
 * Check that a scoring rule only reads fields the game declares, each of the
 * kind the operation needs (a count where a number is read, a list where
 * entries are counted, a flag where a condition is tested).
 */
export function checkScoring(rule: Scoring, state: StateModel | undefined, pointer = ''): RuleProblem[] {
  if (!state) return [{ pointer, message: 'a scoring rule needs the game to declare `endState` in game.yaml', notes: [] }];
  switch (rule.op) {
    case 'rank':
      return checkQuantity(rule.by, state, `${pointer}/by`, 'number');
    case 'per':
      return checkQuantity(rule.each, state, `${pointer}/each`, 'number');
    case 'if':
      return checkQuantity(rule.has, state, `${pointer}/has`, 'number');
    case 'sum':
      return rule.of.flatMap((r, i) => checkScoring(r, state, `${pointer}/of/${i}`));
    default:
      return assertNever(rule);
  }
}

function checkQuantity(q: Quantity, state: StateModel, pointer: string, _want: 'number'): RuleProblem[] {
  const kind = quantityKind(q);
  const need = (field: string, kinds: Array<'count' | 'list' | 'flag'>): RuleProblem[] => {
    const f = state.fields.get(field);
    const at = `${pointer}/${kind}`;
    if (!f) return [notAStateField(field, 'end', state.fields.keys(), at)];
    if (!kinds.includes(f.decl.kind)) return [{ pointer: at, message: `"${field}" is a ${f.decl.kind}; ${kind} needs a ${kinds.join(' or ')}`, notes: [] }];
    return [];
  };
  switch (kind) {
    case 'field':
      return need((q as { field: string }).field, ['count']);
    case 'flag':
      return need((q as { flag: string }).flag, ['flag']);
    case 'distinct':
      return need((q as { distinct: string }).distinct, ['list']);
    case 'repeated':
      return need((q as { repeated: string }).repeated, ['list']);
    case 'count': {
      const c = q as { count: string; where?: string };
      const problems = need(c.count, ['list']);
      const f = state.fields.get(c.count);
      if (!problems.length && c.where !== undefined && f && !f.values.has(c.where)) {
        const hint = closest(c.where, f.values.keys());
        problems.push({
          pointer: `${pointer}/where`,
          message: `"${c.where}" is not a value of ${c.count} (${[...f.values.keys()].join(', ')})`,
          notes: hint ? [`did you mean "${hint}"?`] : [],
          ...hintOf(hint, f.values.keys()),
        });
      }
      return problems;
    }
    case 'min': {
      const m = q as { min: Quantity[] };
      return m.min.flatMap((x, i) => checkQuantity(x, state, `${pointer}/min/${i}`, 'number'));
    }
    case 'groupsOf': {
      const g = q as { groupsOf: number; of: Quantity };
      return checkQuantity(g.of, state, `${pointer}/of`, 'number');
    }
    default:
      return assertNever(kind);
  }
}
