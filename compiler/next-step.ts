import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How to run a rulebook command in this project, for the "next:" lines the
 * commands print: `npm run build` where the project's package.json has a
 * script that runs it (as `rulebook init` writes), else `npx rulebook build`,
 * which works wherever the tool is installed. A next step must exist in the
 * project it is printed in.
 */
export function commandIn(root: string, command: 'build' | 'check' | 'serve'): string {
  let scripts: Record<string, unknown> = {};
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: unknown };
    if (pkg.scripts && typeof pkg.scripts === 'object') scripts = pkg.scripts as Record<string, unknown>;
  } catch {
    // No package.json (or not JSON): npx is the way.
  }
  const runs = new RegExp(`\\brulebook(?:\\.js)? ${command}\\s*$`);
  const names = Object.keys(scripts).filter((name) => typeof scripts[name] === 'string' && runs.test(scripts[name] as string));
  const name = names.includes(command) ? command : names[0];
  return name ? `npm run ${name}` : `npx rulebook ${command}`;
}
