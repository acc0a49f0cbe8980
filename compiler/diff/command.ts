import { formatDiagnostic, formatSummary } from '../diagnostics/print.ts';
import { diffAgainst } from './diff.ts';
import { diffMarkdown, diffText } from './format.ts';
import { GitProblem } from './git-tree.ts';

export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  color: boolean;
}

export type DiffFormat = 'text' | 'json' | 'markdown';

/**
 * `rulebook diff <ref>`: exit 0 with the changes (none is fine), 1 when either
 * tree's content has errors (listed, the old tree's under `<ref>:`), 2 when
 * git cannot give the tree (its message, in words).
 */
export async function diffCommand(root: string, ref: string, format: DiffFormat, io: CommandIo): Promise<number> {
  let outcome;
  try {
    outcome = await diffAgainst(root, ref);
  } catch (error) {
    if (error instanceof GitProblem) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (!outcome.ok) {
    for (const d of outcome.diagnostics) io.err(formatDiagnostic(d, { color: io.color, sources: outcome.sources }) + '\n');
    io.err(formatSummary(outcome.diagnostics.length, 0));
    io.err(`diff stopped: the content has errors (those under ${ref}: are in the old tree); nothing was compared.`);
    return 1;
  }
  const { report } = outcome;
  if (format === 'json') io.out(JSON.stringify(report, null, 2));
  else if (format === 'markdown') io.out(diffMarkdown(report).trimEnd());
  else io.out(diffText(report));
  return 0;
}
