// The README's "Diagnostics" section, written from the registry (codes.ts) so
// it lists every code and cannot go stale: `npm run docs:diagnostics` rewrites
// it, and test/diagnostics-registry.test.ts fails when the README differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODES } from './codes.ts';

export const START = '<!-- diagnostics:start -->';
export const END = '<!-- diagnostics:end -->';

const SEVERITY = { error: 'error', warning: 'warning', either: 'error or warning' } as const;

/** The lines between the markers: one table row per code, in alphabetical order. */
export function diagnosticsSection(): string {
  const rows = [...CODES].sort(([a], [b]) => a.localeCompare(b)).map(([code, c]) => `| \`${code}\` | ${SEVERITY[c.severity]} | ${cell(c.summary)} |`);
  return [
    `<!-- generated from compiler/diagnostics/codes.ts by \`npm run docs:diagnostics\`: edit the registry, not this table -->`,
    '',
    `Every problem \`rulebook check\` reports has one of these ${CODES.size} codes. \`rulebook explain <code>\` says what`,
    'it means in full, with an example and its fix.',
    '',
    '| code | severity | what it means |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** `readme` with its section replaced; undefined when the markers are missing or out of order. */
export function withDiagnosticsSection(readme: string): string | undefined {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return `${readme.slice(0, start + START.length)}\n${diagnosticsSection()}\n${readme.slice(end)}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../README.md');
  const next = withDiagnosticsSection(readFileSync(file, 'utf8'));
  if (next === undefined) {
    process.stderr.write(`README.md: no ${START} ... ${END} markers to write the diagnostics table between\n`);
    process.exit(1);
  }
  writeFileSync(file, next);
  process.stdout.write(`README.md: ${CODES.size} diagnostic codes\n`);
}
