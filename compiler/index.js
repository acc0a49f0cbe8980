// The tool's one public entry for programs (package.json "exports"): the
// same commands as the `rulebook` CLI, run in this process, their output
// returned instead of printed. Everything else under compiler/ is internal
// and may change in any release; npm's "exports" keeps it out of reach.
// This file is JavaScript so it loads as it is. It runs the compiler from
// its bundle as bin/rulebook.js does (compiler/bundle/bundle.js: made again
// when a source is newer), and through tsx only when no bundle can be made;
// tsImport loads it then without registering tsx for the caller's process.
import { bundleEntry } from './bundle/bundle.js';

const debug = process.env.RULEBOOK_DEBUG ? (line) => process.stderr.write(`rulebook: ${line}\n`) : () => {};
const entry = process.env.RULEBOOK_TSX ? undefined : await bundleEntry(debug);
const cli = entry ? await import(entry) : await (await import('tsx/esm/api')).tsImport('./cli.ts', import.meta.url);

/**
 * Run a rulebook command: `await rulebook(['check', '--format', 'json'], { cwd: 'my-game' })`.
 * @param {readonly string[]} args the command and its options, as on the command line
 * @param {{ cwd?: string }} [options] the project folder (default: the current folder)
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export async function rulebook(args, options = {}) {
  const out = [];
  const err = [];
  const io = { out: (text) => out.push(text), err: (text) => err.push(text), color: false };
  const code = await cli.main(['node', 'rulebook', '-C', options.cwd ?? process.cwd(), ...args], io);
  return { code, stdout: out.map((l) => l + '\n').join(''), stderr: err.map((l) => l + '\n').join('') };
}
