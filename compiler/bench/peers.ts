// The peer harness (bench/peers/: the floor, the generator and Velite 0.4.0)
// made runnable: copied to node_modules/.cache/rulebook-bench/peers/ and
// installed there once, so Velite never becomes a dependency of the project.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

export interface Peers {
  dir: string;
  /** False when the install failed: the floor runs on the project's own yaml and ajv, and Velite is left out. */
  velite: boolean;
  note?: string;
}

/** Copy bench/peers to the cache and `npm install` there unless the same package.json is already installed. */
export async function preparePeers(root: string, log: (line: string) => void): Promise<Peers> {
  const source = path.join(root, 'bench', 'peers');
  const dir = path.join(root, 'node_modules', '.cache', 'rulebook-bench', 'peers');
  const stamp = path.join(dir, 'node_modules', '.rulebook-bench-installed');
  const want = await readFile(path.join(source, 'package.json'), 'utf8');
  const installed = existsSync(stamp) && (await readFile(stamp, 'utf8')) === want;
  await mkdir(dir, { recursive: true });
  // The copied files are refreshed every run (cheap); node_modules stays.
  for (const f of ['floor.mjs', 'floor-json.mjs', 'gen.mjs', 'card.schema.json', 'velite.config.ts', 'package.json']) await cp(path.join(source, f), path.join(dir, f));
  if (installed && existsSync(path.join(dir, 'node_modules', 'velite', 'bin', 'velite.js'))) return { dir, velite: true };
  log('peers: npm install in node_modules/.cache/rulebook-bench/peers (once) ...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], { cwd: dir, encoding: 'utf8', timeout: 600_000 });
  if (r.status === 0 && existsSync(path.join(dir, 'node_modules', 'velite', 'bin', 'velite.js'))) {
    await writeFile(stamp, want);
    return { dir, velite: true };
  }
  const why = `${r.error?.message ?? ''} ${(r.stderr ?? '').trim().split('\n').slice(-2).join(' ')}`.trim();
  const note = `npm install of the peer harness failed (${why || `exit ${r.status}`}): Velite is not measured; the floor runs on the project's own yaml and ajv.`;
  log(`peers: ${note}`);
  // The floor and the generator need only yaml and ajv, which the project has.
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  for (const pkg of ['yaml', 'ajv']) {
    await linkAfresh(path.join(root, 'node_modules', pkg), path.join(dir, 'node_modules', pkg));
  }
  return { dir, velite: false, note };
}

/**
 * The peer harness for the JSON layout alone, in the bench's work folder: the
 * JSON floor and the generator need only yaml and ajv, which the project has,
 * so nothing is installed (Velite is the YAML layout's peer).
 */
export async function prepareJsonPeers(root: string, work: string): Promise<Peers> {
  const source = path.join(root, 'bench', 'peers');
  const dir = path.join(work, 'peers');
  await mkdir(path.join(dir, 'node_modules'), { recursive: true });
  for (const f of ['floor-json.mjs', 'gen.mjs', 'card.schema.json']) await cp(path.join(source, f), path.join(dir, f));
  for (const pkg of ['yaml', 'ajv']) {
    await linkAfresh(path.join(root, 'node_modules', pkg), path.join(dir, 'node_modules', pkg));
  }
  return { dir, velite: false, note: "The JSON floor runs on the project's own ajv (nothing is installed for this layout)." };
}

/**
 * A link to one of the project's packages, made afresh each run: a link left by a run from another checkout may point
 * at a folder that is gone (existsSync follows it and says false, and symlink then fails on the link itself).
 */
async function linkAfresh(target: string, link: string): Promise<void> {
  await rm(link, { force: true, recursive: true });
  await symlink(target, link, 'dir');
}

/** The peer's data for N cards, `perFile` cards a file (1: one file per card), written by its own generator. */
export function generatePeerData(peers: Peers, cards: number, perFile: number, out: string, seed: number): void {
  const r = spawnSync('node', ['gen.mjs', '--n', String(cards), '--out', out, '--per-file', String(perFile), '--seed', String(seed)], { cwd: peers.dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`gen.mjs failed: ${r.stderr}`);
}

export const floorCommand = (dataDir: string) => ['node', 'floor.mjs', dataDir];

/** The peer's cards as one JSON file (a list), for the JSON floor: gen.mjs's one YAML file of them, converted. */
export async function generatePeerJson(peers: Peers, cards: number, out: string, seed: number): Promise<void> {
  const yamlDir = `${out}-yaml`;
  generatePeerData(peers, cards, cards, yamlDir, seed);
  const [file] = (await readdir(yamlDir)).filter((f) => f.endsWith('.yaml'));
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'cards.json'), `${JSON.stringify(parse(await readFile(path.join(yamlDir, file!), 'utf8')), null, 2)}\n`);
  await rm(yamlDir, { recursive: true, force: true });
}

/** floor-json.mjs: read + JSON.parse + ajv + references, one thread. */
export const jsonFloorCommand = (dataDir: string) => ['node', 'floor-json.mjs', dataDir];

/** Velite over a data folder; its output goes to `out` (cleared first by the caller). */
export function veliteCommand(dataDir: string, out: string, readLimit?: number): { cmd: string[]; env: Record<string, string> } {
  return {
    cmd: ['node', 'node_modules/velite/bin/velite.js', 'build'],
    env: { CARDS_DIR: dataDir, VELITE_OUT: out, ...(readLimit ? { VELITE_READ_LIMIT: String(readLimit) } : {}) },
  };
}

export async function clearDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
