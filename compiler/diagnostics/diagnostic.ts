import type { CodeFor, DiagnosticCode, Severity } from './codes.ts';
import type { Hint } from './suggest.ts';

export type { DiagnosticCode, Severity } from './codes.ts';

/** A 1-based line and column, as editors count them. */
export interface Point {
  line: number;
  column: number;
  offset?: number;
}

export interface Place {
  start: Point;
  end?: Point;
}

/**
 * One problem found in the content. Shaped like a vfile message (file,
 * place, rule id, fatal or not, `expected`) so messages from remark plugins
 * convert one-to-one.
 */
export interface Diagnostic {
  file: string;
  place: Place | undefined;
  ruleId: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Extra lines shown under the code frame (suggestions, allowed values). */
  notes: string[];
  /** What would have been valid here (the known IDs, fields or values), when the list is short enough to be useful. */
  expected?: string[];
  /** The likely intended value ("did you mean"): also in `notes` as text, here for tools (JSON, SARIF). */
  suggestion?: string;
}

/** A diagnostic to add: its code must be one registered with this severity (see codes.ts). */
type NewDiagnostic<S extends Severity> = Omit<Diagnostic, 'notes' | 'ruleId' | 'severity'> & { ruleId: CodeFor<S>; severity: S; notes?: string[] };

/** Collects every diagnostic of a run; phases add to it and never throw for bad content. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  /** Keys of the diagnostics added, so that one found twice is kept once even by readers of `items` (serve). */
  private readonly keys = new Set<string>();

  add<S extends Severity>(d: NewDiagnostic<S>): void {
    const { expected, suggestion, ...rest } = d;
    // The structured fields only when given, so a diagnostic without a hint serializes as before.
    const item: Diagnostic = { ...rest, notes: d.notes ?? [], ...(expected?.length ? { expected } : {}), ...(suggestion !== undefined ? { suggestion } : {}) };
    const key = keyOf(item);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.items.push(item);
  }

  error(file: string, place: Place | undefined, ruleId: CodeFor<'error'>, message: string, notes: string[] = [], hint: Hint = {}): void {
    this.add({ file, place, ruleId, severity: 'error', message, notes, expected: hint.expected, suggestion: hint.suggestion });
  }

  warning(file: string, place: Place | undefined, ruleId: CodeFor<'warning'>, message: string, notes: string[] = [], hint: Hint = {}): void {
    this.add({ file, place, ruleId, severity: 'warning', message, notes, expected: hint.expected, suggestion: hint.suggestion });
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
  }

  get warningCount(): number {
    return this.items.filter((d) => d.severity === 'warning').length;
  }

  /**
   * Stable order, so output never depends on phase timing: syntax errors
   * first (a file that does not read explains what follows from it), then by
   * file, position and rule. A problem found twice (same file, place, code
   * and message, e.g. by two phases or two validations of one value) is
   * shown once.
   */
  sorted(): Diagnostic[] {
    return dedupe(this.items).sort(compare);
  }
}

function compare(a: Diagnostic, b: Diagnostic): number {
  return (
    Number(!isSyntax(a)) - Number(!isSyntax(b)) ||
    a.file.localeCompare(b.file) ||
    (a.place?.start.line ?? 0) - (b.place?.start.line ?? 0) ||
    (a.place?.start.column ?? 0) - (b.place?.start.column ?? 0) ||
    a.ruleId.localeCompare(b.ruleId) ||
    a.message.localeCompare(b.message)
  );
}

/** What makes two diagnostics the same problem: file, place, code (and severity) and message; notes are not compared. */
function keyOf(d: Diagnostic): string {
  const p = d.place;
  return [d.file, p?.start.line, p?.start.column, p?.end?.line, p?.end?.column, d.ruleId, d.severity, d.message].join('\0');
}

/**
 * The first of each group of the same problem (its notes are kept). `add`
 * already keeps one of each; this also covers diagnostics pushed onto
 * `items` from another bag (commands/only-game.ts).
 */
export function dedupe(items: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of items) {
    const key = keyOf(d);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

/** A file that could not be read as text or parsed: its bytes (encoding-*) or its YAML, CSV or JSON syntax. */
export function isSyntax(d: Diagnostic): boolean {
  return (
    d.ruleId.startsWith('yaml-') ||
    d.ruleId.startsWith('encoding-') ||
    d.ruleId === 'schema-json' ||
    d.ruleId === 'csv-unclosed-quote' ||
    d.ruleId === 'csv-unreadable'
  );
}
