import { codeFrameColumns } from '@babel/code-frame';
import type { Diagnostic } from './diagnostic.ts';

export interface PrintOptions {
  color: boolean;
  /** Source text by file path, for code frames. */
  sources: ReadonlyMap<string, string>;
}

/**
 * `path:line:col: severity rule-id message`, the shape an editor's problem
 * matcher reads (the same as gcc/tsc "pretty=false"), then a code frame with a
 * caret under the place, then notes.
 */
export function formatDiagnostic(d: Diagnostic, options: PrintOptions): string {
  const start = d.place?.start;
  const where = start ? `${d.file}:${start.line}:${start.column}` : d.file;
  const head = `${where}: ${d.severity} ${d.ruleId} ${d.message}`;
  const lines = [options.color ? paint(head, d.severity) : head];
  const source = options.sources.get(d.file);
  if (source !== undefined && start) {
    const end = d.place?.end && d.place.end.line === start.line ? d.place.end : undefined;
    const frame = codeFrameColumns(
      source,
      { start: { line: start.line, column: start.column }, end: end ? { line: end.line, column: end.column } : undefined },
      { highlightCode: options.color, linesAbove: 1, linesBelow: 1, forceColor: options.color },
    );
    lines.push(indent(frame));
  }
  for (const note of d.notes) lines.push(`  = ${note}`);
  return lines.join('\n');
}

/** `2 errors, 1 warning`; without a warning count (`--quiet` leaves warnings out), the errors alone. */
export function formatSummary(errors: number, warnings?: number): string {
  const e = `${errors} error${errors === 1 ? '' : 's'}`;
  if (warnings === undefined) return e;
  const w = `${warnings} warning${warnings === 1 ? '' : 's'}`;
  return `${e}, ${w}`;
}

export function diagnosticsToJson(items: readonly Diagnostic[]): string {
  return JSON.stringify(
    items.map((d) => ({
      file: d.file,
      line: d.place?.start.line ?? null,
      column: d.place?.start.column ?? null,
      endLine: d.place?.end?.line ?? null,
      endColumn: d.place?.end?.column ?? null,
      severity: d.severity,
      ruleId: d.ruleId,
      message: d.message,
      notes: d.notes,
      ...(d.expected ? { expected: d.expected } : {}),
      ...(d.suggestion !== undefined ? { suggestion: d.suggestion } : {}),
    })),
    null,
    2,
  );
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

function paint(text: string, severity: Diagnostic['severity']): string {
  const code = severity === 'error' ? 31 : 33;
  return `\u001b[${code}m${text}\u001b[39m`;
}
