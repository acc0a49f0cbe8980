import { readFileSync } from 'node:fs';

/**
 * The runtime's modules, in the order the package's runtime lists them. An
 * internal one (field reading shared by movement and tables) is in the
 * package's runtime but not among its exports, as before the split.
 */
const PARTS: ReadonlyArray<{ file: string; internal?: boolean }> = [
  { file: 'scoring.ts' },
  { file: 'state.ts' },
  { file: 'fields.ts', internal: true },
  { file: 'movement.ts' },
  { file: 'tables.ts' },
  { file: 'ranking.ts' },
  { file: 'state-check.ts' },
  { file: 'points.ts' },
  { file: 'effect-order.ts' },
];

const HEADER = `// Runtime helpers shared by the compiled rules, joined from compiler/rules/runtime/*.ts. The compiler
// imports the same modules to run \`examples:\` at build time, so the build and the engine package run the same code.
`;

/**
 * The TypeScript source of the package's runtime: one module, so a consumer
 * imports one file. The parts' imports of each other are dropped (they are
 * one scope once joined); each is a single line, which this checks.
 */
export function runtimeModuleText(): string {
  const parts = PARTS.map(({ file, internal }) => {
    const text = readFileSync(new URL(`./runtime/${file}`, import.meta.url), 'utf8');
    const body = text.replace(/^import [^\n]*;\n\n?/gm, '');
    if (/^import\b/m.test(body)) throw new Error(`internal: runtime/${file} has an import that spans lines; keep each on one line`);
    return (internal ? body.replace(/^export (function|type|interface|const) /gm, '$1 ') : body).trimEnd();
  });
  return `${HEADER}\n${parts.join('\n\n')}\n`;
}
