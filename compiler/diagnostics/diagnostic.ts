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

export type Severity = 'error' | 'warning';

/**
 * One problem found in the content. Shaped like a vfile message (file,
 * place, rule id, fatal or not) so messages from remark plugins convert
 * one-to-one (see load/markdown.ts).
 */
export interface Diagnostic {
  file: string;
  place: Place | undefined;
  ruleId: string;
  severity: Severity;
  message: string;
  /** Extra lines shown under the code frame (suggestions, allowed values). */
  notes: string[];
}

/** Collects every diagnostic of a run; phases add to it and never throw for bad content. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  add(d: Omit<Diagnostic, 'notes'> & { notes?: string[] }): void {
    this.items.push({ ...d, notes: d.notes ?? [] });
  }

  error(file: string, place: Place | undefined, ruleId: string, message: string, notes: string[] = []): void {
    this.add({ file, place, ruleId, severity: 'error', message, notes });
  }

  warning(file: string, place: Place | undefined, ruleId: string, message: string, notes: string[] = []): void {
    this.add({ file, place, ruleId, severity: 'warning', message, notes });
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
   * file, position and rule.
   */
  sorted(): Diagnostic[] {
    return [...this.items].sort(
      (a, b) =>
        Number(!isSyntax(a)) - Number(!isSyntax(b)) ||
        a.file.localeCompare(b.file) ||
        (a.place?.start.line ?? 0) - (b.place?.start.line ?? 0) ||
        (a.place?.start.column ?? 0) - (b.place?.start.column ?? 0) ||
        a.ruleId.localeCompare(b.ruleId) ||
        a.message.localeCompare(b.message),
    );
  }
}

/** A file that could not be read as text or parsed: its bytes (encoding-*) or its YAML or JSON syntax. */
export function isSyntax(d: Diagnostic): boolean {
  return d.ruleId.startsWith('yaml-') || d.ruleId.startsWith('encoding-') || d.ruleId === 'schema-json';
}
