import type { DiagnosticCode } from '../diagnostics/codes.ts';

/**
 * Rule numbers as printed: dot-separated parts, each arabic (16, 4),
 * roman (I, IV) or a letter (a). The checks here are what every numbered
 * rulebook needs: parents exist, siblings count up without gaps, and the
 * printed order is a walk of the tree.
 */
export type PartKind = 'arabic' | 'roman' | 'letter';

export interface Part {
  text: string;
  kind: PartKind;
  value: number;
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

export function parseNumber(number: string): Part[] | undefined {
  const parts = number.split('.');
  const out: Part[] = [];
  for (const text of parts) {
    if (/^\d+$/.test(text)) out.push({ text, kind: 'arabic', value: Number(text) });
    else if (/^[IVXLC]+$/.test(text)) {
      const value = romanValue(text);
      if (value === undefined) return undefined;
      out.push({ text, kind: 'roman', value });
    } else if (/^[a-z]$/.test(text)) out.push({ text, kind: 'letter', value: text.charCodeAt(0) - 96 });
    else return undefined;
  }
  return out.length ? out : undefined;
}

function romanValue(text: string): number | undefined {
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const v = ROMAN[text[i]!]!;
    const next = ROMAN[text[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return toRoman(total) === text ? total : undefined;
}

export function toRoman(n: number): string {
  const table: Array<[number, string]> = [
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

export function parentNumber(number: string): string | undefined {
  const i = number.lastIndexOf('.');
  return i < 0 ? undefined : number.slice(0, i);
}

export function partText(kind: PartKind, value: number): string {
  if (kind === 'arabic') return String(value);
  if (kind === 'roman') return toRoman(value);
  return String.fromCharCode(96 + value);
}

export interface NumberingProblem {
  index: number;
  ruleId: Extract<DiagnosticCode, `rule-number-${string}`>;
  message: string;
}

/** Check a printed sequence of rule numbers; `index` in each problem is into `numbers`. */
export function checkNumbering(numbers: readonly string[]): NumberingProblem[] {
  const problems: NumberingProblem[] = [];
  const seen = new Set<string>();
  const lastChild = new Map<string, Part>();
  const ancestry: string[] = [];
  const minDepth = Math.min(...numbers.map((n) => n.split('.').length));
  numbers.forEach((number, index) => {
    const parts = parseNumber(number);
    if (!parts) {
      problems.push({
        index,
        ruleId: 'rule-number-format',
        message: `"${number}" is not a rule number (parts are numbers, roman numerals or single letters, joined by dots)`,
      });
      return;
    }
    const parent = parentNumber(number) ?? '';
    const depth = parts.length;
    const isRoot = depth === minDepth;
    if (seen.has(number)) return; // duplicate IDs are reported by link with both places
    if (!isRoot && !seen.has(parent)) {
      problems.push({ index, ruleId: 'rule-number-parent', message: `rule ${number} comes before (or without) its parent rule ${parent}` });
    } else if (!isRoot) {
      // Printed order is a depth-first walk: the parent must be the rule just
      // before, or one of its ancestors.
      if (!ancestry.includes(parent))
        problems.push({ index, ruleId: 'rule-number-order', message: `rule ${number} is out of order: it should follow the rules under ${parent}` });
    }
    const own = parts.at(-1)!;
    const previous = lastChild.get(parent);
    const expected = previous ? previous.value + 1 : 1;
    const kind = previous?.kind ?? own.kind;
    if (own.kind !== kind) {
      problems.push({ index, ruleId: 'rule-number-kind', message: `rule ${number} is numbered with ${own.kind} numerals but its siblings use ${kind}` });
    } else if (own.value !== expected && !(isRoot && !previous)) {
      const want = partText(own.kind, expected);
      problems.push({
        index,
        ruleId: own.value > expected ? 'rule-number-gap' : 'rule-number-order',
        message:
          own.value > expected
            ? `rule ${number}: numbering skips ${parent ? parent + '.' : ''}${want}`
            : `rule ${number} comes after ${parent ? parent + '.' : ''}${partText(own.kind, previous?.value ?? 0)}: expected ${parent ? parent + '.' : ''}${want}`,
      });
    }
    lastChild.set(parent, own);
    seen.add(number);
    // Keep the chain of ancestors of the current rule for the order check.
    while (ancestry.length && !number.startsWith(ancestry.at(-1)! + '.')) ancestry.pop();
    ancestry.push(number);
  });
  return problems;
}
