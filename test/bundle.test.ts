// The CLI runs the compiler from its esbuild bundle (compiler/bundle/bundle.js):
// the bundle says and writes exactly what the TypeScript run through tsx does,
// is rebuilt when a source changes, and is what a packed tool runs, with no
// tsx (nor esbuild) loaded at all.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { loadYaml } from '../compiler/load/game.ts';
import { JobQueue } from '../compiler/load/job-queue.ts';
import type { ParseJobs, ParseReply } from '../compiler/load/parse-pool.ts';
import { makeProject, MINI_GAME, MINI_SCHEMA, ROOT } from './helpers.ts';

const exec = promisify(execFile);

interface Run {
  code: number;
  out: string;
  err: string;
}

/** Run `bin/rulebook.js` of `tool` with RULEBOOK_DEBUG (which path ran) and, for `tsx`, RULEBOOK_TSX (the TypeScript through tsx). */
async function rulebook(tool: string, args: string[], options: { tsx?: boolean; cwd?: string } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', RULEBOOK_DEBUG: '1' };
  delete env.RULEBOOK_TSX;
  if (options.tsx) env.RULEBOOK_TSX = '1';
  try {
    const { stdout, stderr } = await exec('node', [path.join(tool, 'bin/rulebook.js'), ...args], { cwd: options.cwd ?? tool, env, maxBuffer: 64 << 20 });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: e.stdout ?? '', err: e.stderr ?? String(error) };
  }
}

/** What a run printed, without RULEBOOK_DEBUG's lines about which path ran and the phases' timings. */
const printed = (r: Run) => ({
  code: r.code,
  out: r.out,
  err: r.err.replace(/^rulebook: (running|bundling|cannot bundle).*\n/gm, '').replace(/^phases: .*\n/gm, ''),
});

/** A copy of the tool (what the package ships, beside the repository's node_modules), to edit without touching the repository. */
async function copyTool(): Promise<string> {
  const tool = await mkdtemp(path.join(tmpdir(), 'rulebook-tool-'));
  for (const part of ['bin', 'compiler', 'package.json']) await cp(path.join(ROOT, part), path.join(tool, part), { recursive: true });
  await cp(path.join(ROOT, 'docs-site'), path.join(tool, 'docs-site'), { recursive: true, filter: (src) => !/[/\\](dist|screenshots)$/.test(src) });
  await symlink(path.join(ROOT, 'node_modules'), path.join(tool, 'node_modules'), 'dir');
  return tool;
}

/** A project with one good game (cangaco) and one broken (a syntax error, an unknown reference, a bad value). */
async function brokenProject(): Promise<string> {
  return makeProject(
    {
      'content/mini/game.yaml': MINI_GAME,
      'schemas/mini/card.schema.json': MINI_SCHEMA,
      'content/mini/cards.yaml': '- { name: Ant, kind: single, beats: ann }\n- { name: Bee, kind: 7 }\n- name: Cat\n  kind: [single\n',
    },
    { copyContent: ['cangaco'] },
  );
}

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = (await readFile(path.join(e.parentPath, e.name))).toString('base64');
  }
  return out;
}

describe('the bundled compiler', () => {
  let tool: string;
  beforeAll(async () => {
    tool = await copyTool();
  }, 120_000);

  it('is made on the first run, answers --version, and is used as it is by the next', async () => {
    const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const first = await rulebook(tool, ['--version']);
    expect(first.err).toContain('rulebook: bundling the compiler (no bundle yet)');
    expect(first.out.trim()).toBe(version);
    const second = await rulebook(tool, ['--version']);
    expect(second.err).toMatch(/^rulebook: running the bundle \S+$/m);
    expect(second.out.trim()).toBe(version);
  }, 120_000);

  it('checks a project with the same output and exit code as the TypeScript through tsx', async () => {
    const root = await brokenProject();
    const cache = path.join(root, 'node_modules');
    const runs: Record<string, Run> = {};
    for (const [name, tsx] of [
      ['bundle', false],
      ['tsx', true],
    ] as const) {
      for (const format of ['text', 'json']) {
        await rm(cache, { recursive: true, force: true }); // cold: no cached answer
        runs[`${name} ${format}`] = await rulebook(tool, ['check', '-C', root, '--all', '--format', format], { tsx });
      }
    }
    expect(runs['bundle text']!.err).toMatch(/^rulebook: running the bundle/m);
    expect(runs['tsx text']!.err).toContain('running the TypeScript through tsx');
    expect(runs['bundle text']!.code).toBe(1);
    expect(runs['bundle text']!.out + runs['bundle text']!.err).toContain('content/mini/cards.yaml:4:');
    expect(printed(runs['bundle text']!)).toEqual(printed(runs['tsx text']!));
    expect(printed(runs['bundle json']!)).toEqual(printed(runs['tsx json']!));
  }, 240_000);

  it('builds the same generated/ and site, byte for byte, as the TypeScript through tsx', async () => {
    const good = await makeProject({}, { copyContent: ['cangaco'] });
    const other = await mkdtemp(path.join(tmpdir(), 'rulebook-test-'));
    await cp(good, other, { recursive: true });
    const bundled = await rulebook(tool, ['build', '-C', good]);
    const typescript = await rulebook(tool, ['build', '-C', other], { tsx: true });
    expect(bundled.code, bundled.err).toBe(0);
    expect(printed(bundled)).toEqual(printed(typescript));
    for (const dir of ['generated', 'docs-site/dist']) expect(await tree(path.join(good, dir)), dir).toEqual(await tree(path.join(other, dir)));
  }, 300_000);

  it('parses on its bundled worker exactly as the main thread does', async () => {
    const stamp = JSON.parse(await readFile(path.join(tool, 'compiler-dist/stamp.json'), 'utf8')) as { build: string };
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-pool-'));
    const file = path.join(dir, 'cards.yaml');
    await writeFile(file, '- name: Ant\n  points: { placeholder: 3 }\n- name: Bee\n  kind: [single\n');
    const worker = new Worker(path.join(tool, 'compiler-dist', stamp.build, 'parse-worker.js'));
    try {
      const reply = await new Promise<ParseReply>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ jobs: [{ id: 0, file, shown: 'content/x/cards.yaml' }], queue: new JobQueue(1).buffer } satisfies ParseJobs);
      });
      const bag = new DiagnosticBag();
      const main = (await loadYaml(dir, file, bag))!;
      expect(reply.failed).toBeUndefined();
      expect(reply.parsed?.value).toEqual(main.value);
      expect(reply.diagnostics.length).toBeGreaterThan(0);
      expect(reply.diagnostics.map((d) => `${d.ruleId} ${d.place?.start.line}:${d.place?.start.column}`)).toEqual(
        bag.items.map((d) => `${d.ruleId} ${d.place?.start.line}:${d.place?.start.column}`),
      );
    } finally {
      await worker.terminate();
    }
  }, 120_000);

  it('is made again when a source is newer and different, and not when a file is only touched', async () => {
    const before = await rulebook(tool, ['--version']);
    const build = /running the bundle (\S+)/.exec(before.err)?.[1];
    expect(build).toBeDefined();
    const names = path.join(tool, 'compiler/names.ts');
    const later = new Date(Date.now() + 5000);
    await utimes(names, later, later);
    const touched = await rulebook(tool, ['--version']);
    expect(touched.err).toContain(`running the bundle ${build}`);
    await appendFile(names, '\nexport const BUNDLE_TEST_MARK = 1;\n');
    const edited = await rulebook(tool, ['--version']);
    expect(edited.err).toContain('rulebook: bundling the compiler (compiler/names.ts changed)');
    const after = await rulebook(tool, ['--version']);
    const rebuilt = /running the bundle (\S+)/.exec(after.err)?.[1];
    expect(rebuilt).toBeDefined();
    expect(rebuilt).not.toBe(build);
    expect(await readFile(path.join(tool, 'compiler-dist', rebuilt!, 'cli.js'), 'utf8')).not.toContain('BUNDLE_TEST_MARK'); // tree-shaken, yet noticed
  }, 240_000);

  it('bundles the packages a check loads, and is made again when one of them changes (a new version installed)', async () => {
    // A tool of its own whose node_modules holds a copy of yaml (a bundled package) and the others as they are.
    const own = await copyTool();
    const modules = path.join(own, 'node_modules');
    await rm(modules); // the symbolic link to the repository's
    await mkdir(modules);
    for (const name of await readdir(path.join(ROOT, 'node_modules')))
      if (name !== 'yaml') await symlink(path.join(ROOT, 'node_modules', name), path.join(modules, name), 'dir');
    await cp(path.join(ROOT, 'node_modules', 'yaml'), path.join(modules, 'yaml'), { recursive: true });
    expect((await rulebook(own, ['--version'])).err).toContain('rulebook: bundling the compiler (no bundle yet)');
    const name = /running the bundle (\S+)/.exec((await rulebook(own, ['--version'])).err)?.[1];
    expect(name).toBeDefined();
    // The parser is in the bundle: no file of it (the CLI, the parse worker, their chunks) imports "yaml" at run time.
    const files = await readdir(path.join(own, 'compiler-dist', name!));
    const code = (await Promise.all(files.map((f) => readFile(path.join(own, 'compiler-dist', name!, f), 'utf8')))).join('\n');
    // (An import at a line's start: js-yaml's own comments show `import { ... } from 'js-yaml'`.)
    expect(code).not.toMatch(/^import\s[^;]*?from\s*["'](?:js-)?yaml["']/m);
    expect(code).toMatch(/from\s*["']pagefind["']/); // left outside: it runs a binary of its own
    // The bundled packages' licences go with their code: each named with its version and its licence text.
    expect(files).toContain('THIRD-PARTY-LICENSES.txt');
    const licences = await readFile(path.join(own, 'compiler-dist', name!, 'THIRD-PARTY-LICENSES.txt'), 'utf8');
    for (const pkg of ['yaml', 'js-yaml', 'ajv', 'handlebars']) {
      const { version, license } = JSON.parse(await readFile(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as {
        version: string;
        license: string;
      };
      expect(licences).toContain(`\n${pkg} ${version} (${license})\n`);
    }
    expect(licences).toContain('Permission is hereby granted'); // the MIT text itself, not only its name
    expect(licences).not.toContain('No licence file');
    const json = path.join(modules, 'yaml', 'package.json');
    await writeFile(json, (await readFile(json, 'utf8')).replace(/"version": "([^"]+)"/, '"version": "$1-next"'));
    const changed = await rulebook(own, ['--version']);
    expect(changed.err).toContain('rulebook: bundling the compiler (node_modules/yaml/package.json changed)');
  }, 240_000);

  it('answers a check from its cache until the compiler changes: a locale file, or a source (a new build)', async () => {
    const root = await makeProject({}, { copyContent: ['cangaco'] });
    // The cache holds one answer, named by its key (cache/check-cache.ts).
    const key = async () => (await readdir(path.join(root, 'node_modules/.cache/rulebook'))).find((n) => n.startsWith('check-'));
    expect((await rulebook(tool, ['check', '-C', root])).code).toBe(0);
    const first = await key();
    expect(first).toBeDefined();
    await rulebook(tool, ['check', '-C', root]);
    expect(await key()).toBe(first);
    // The locale files are read at run time, not bundled: a change to one is a change to the compiler all the same.
    await appendFile(path.join(tool, 'compiler/locales/en.yaml'), "\n# a change to the compiler's words\n");
    await rulebook(tool, ['check', '-C', root]);
    const second = await key();
    expect(second).not.toBe(first);
    await appendFile(path.join(tool, 'compiler/names.ts'), '\nexport const CACHE_TEST_MARK = 1;\n');
    const rebuilt = await rulebook(tool, ['check', '-C', root]);
    expect(rebuilt.err).toContain('rulebook: bundling the compiler (compiler/names.ts changed)');
    expect(await key()).not.toBe(second);
  }, 240_000);
});

describe('the packed tool', () => {
  it('runs from its bundle, with neither tsx nor esbuild installed', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'rulebook-pack-'));
    const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, maxBuffer: 64 << 20 });
    const tarball = path.join(work, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename);
    // tar keeps the archive's times (1985, as `npm pack` sets them): the bundle must count as fresh with them.
    await exec('tar', ['xzf', tarball, '-C', work]);
    const tool = path.join(work, 'package');
    // The tool's dependencies, but not tsx nor esbuild: a run that reached for either fails.
    const modules = path.join(tool, 'node_modules');
    await mkdir(modules);
    for (const name of await readdir(path.join(ROOT, 'node_modules'))) {
      if (name !== 'tsx' && name !== 'esbuild' && name !== '.bin' && !name.startsWith('.'))
        await symlink(path.join(ROOT, 'node_modules', name), path.join(modules, name), 'dir');
    }
    const root = await brokenProject();
    const packed = await rulebook(tool, ['check', '-C', root, '--all']);
    expect(packed.err).toMatch(/^rulebook: running the bundle/m);
    expect(packed.err).not.toMatch(/internal error|tsx/);
    await rm(path.join(root, 'node_modules'), { recursive: true, force: true }); // cold again: no cached answer
    const repo = await rulebook(ROOT, ['check', '-C', root, '--all'], { tsx: true });
    expect(printed(packed)).toEqual(printed(repo));

    // Installed as npm installs it: the tool under a project's node_modules/, its packages beside it, not under it.
    // The bundle holds the packages a check loads; those it was made from are nowhere under the tool, and it is used as it is.
    const project = path.join(work, 'installed');
    await mkdir(path.join(project, 'node_modules'), { recursive: true });
    await cp(tool, path.join(project, 'node_modules', 'rulebook-compiler'), { recursive: true, filter: (src) => src !== modules, preserveTimestamps: true });
    for (const name of await readdir(modules)) await symlink(path.join(ROOT, 'node_modules', name), path.join(project, 'node_modules', name), 'dir');
    await rm(path.join(root, 'node_modules'), { recursive: true, force: true });
    const installed = await rulebook(path.join(project, 'node_modules', 'rulebook-compiler'), ['check', '-C', root, '--all']);
    expect(installed.err).toMatch(/^rulebook: running the bundle/m);
    expect(printed(installed)).toEqual(printed(repo));

    // The programmatic entry (package.json "exports", compiler/index.js) runs from the same bundle: no tsx either.
    await rm(path.join(root, 'node_modules'), { recursive: true, force: true });
    const script = `const { rulebook } = await import(${JSON.stringify(pathToFileURL(path.join(tool, 'compiler/index.js')).href)}); const r = await rulebook(['check', '--all'], { cwd: ${JSON.stringify(root)} }); process.stdout.write(JSON.stringify(r));`;
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', RULEBOOK_DEBUG: '1' };
    delete env.RULEBOOK_TSX;
    const api = await exec('node', ['--input-type=module', '-e', script], { cwd: root, env, maxBuffer: 64 << 20 });
    expect(api.stderr).toMatch(/^rulebook: running the bundle/m);
    const run = JSON.parse(api.stdout) as { code: number; stdout: string; stderr: string };
    expect(printed({ code: run.code, out: run.stdout, err: run.stderr })).toEqual(printed(repo));
  }, 300_000);
});
