/**
 * The package's runtime module: the rules' helpers (rules/runtime/, which the compiled rules call) followed by
 * the package's own shapes and its `collection` builder (package-runtime.ts). Both are real TypeScript files of
 * this project, type-checked with it; the package gets their text as one module, so neither imports the other.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runtimeModuleText } from '../rules/runtime-source.ts';

const PACKAGE_RUNTIME = fileURLToPath(new URL('./package-runtime.ts', import.meta.url));

export function runtimeSource(): string {
  // The rules' helpers are several modules (rules/runtime/): runtime-source.ts joins them into one text.
  return [runtimeModuleText(), readFileSync(PACKAGE_RUNTIME, 'utf8')].join('\n');
}
