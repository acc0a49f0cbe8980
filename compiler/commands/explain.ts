// `rulebook explain <code>`: what a diagnostic code means, with an example and its fix, from the registry.
import { distance } from 'fastest-levenshtein';
import { closest } from '../diagnostics/suggest.ts';
import { CODES, isDiagnosticCode, type CodeInfo } from '../diagnostics/codes.ts';

export interface Explained {
  ok: boolean;
  text: string;
}

const SEVERITY: Record<CodeInfo['severity'], string> = { error: 'error', warning: 'warning', either: 'error or warning' };

/** The code's summary, explanation and example; for an unknown code (ok false), the nearest known codes. */
export function explain(code: string): Explained {
  // Case does not matter to the reader (`Duplicate-ID`), though schema codes keep their keyword's case (`schema-minItems`).
  const wanted = [...CODES.keys()].find((c) => c.toLowerCase() === code.trim().toLowerCase()) ?? code.trim();
  if (!isDiagnosticCode(wanted)) return { ok: false, text: unknown(wanted) };
  const c = CODES.get(wanted)!;
  const lines = [
    `${wanted} (${SEVERITY[c.severity]}): ${c.summary}`,
    '',
    c.explanation,
    '',
    `For example, in ${c.example.file}:`,
    '',
    ...c.example.yaml.split('\n').map((l) => `    ${l}`),
    '',
    // A fix that is YAML of several lines reads as a block, like the example.
    ...(c.example.fix.includes('\n') ? ['Fix:', '', ...c.example.fix.split('\n').map((l) => `    ${l}`)] : [`Fix: ${c.example.fix}`]),
  ];
  return { ok: true, text: lines.join('\n') };
}

/** At most this many codes are offered for an unknown one. */
const OFFERED = 5;

function unknown(code: string): string {
  const all = [...CODES.keys()];
  // A family prefix (`graph-`, `rule-number`) lists its codes; otherwise the nearest by edit distance.
  const family = code.length >= 3 ? all.filter((c) => c.startsWith(code)) : [];
  const nearest = family.length
    ? family
    : all
        .map((c) => [c, distance(code, c)] as const)
        .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
        .slice(0, OFFERED)
        .map(([c]) => c);
  const likely = family.length ? undefined : closest(code, all);
  return [
    `unknown diagnostic code "${code}"${likely ? `: did you mean "${likely}"?` : ''}`,
    `${family.length ? 'codes starting with it' : 'nearest codes'}: ${nearest.join(', ')}`,
    'the README\'s "Diagnostics" section lists every code',
  ].join('\n');
}
