// The tool as a designer gets it: `npm pack` of this repository, installed
// from the tarball into an empty folder (nothing beside it), then `rulebook
// init` and the commands of a designer's first hour, run as they would run
// them (npx, npm scripts), in a real git repository.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, Editor } from './editor-client.ts';
import { ROOT } from './helpers.ts';
import { diagnostics } from './package-consumer.ts';

const exec = promisify(execFile);

/** What the tool ships: the CLI, the compiler and what it reads at run time, and the docs a designer is pointed to. */
const SHIPPED = [
  /^bin\/rulebook\.js$/,
  /^compiler\//,
  /^compiler-dist\/(stamp\.json|[^/]+\/[^/]+\.js|[^/]+\/THIRD-PARTY-LICENSES\.txt)$/,
  /^docs-site\/(templates\/)?[^/]+$/,
  /^docs\/[^/]+\.md$/,
  /^README\.md$/,
  /^package\.json$/,
  /^LICENSE$/,
];

/** The environment of a designer's shell: none of the variables `npm test` sets for its own scripts, git able to commit. */
function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'INIT_CWD') env[k] = v;
  return {
    ...env,
    NO_COLOR: '1',
    GIT_AUTHOR_NAME: 'Designer',
    GIT_AUTHOR_EMAIL: 'designer@example.org',
    GIT_COMMITTER_NAME: 'Designer',
    GIT_COMMITTER_EMAIL: 'designer@example.org',
  };
}

interface Run {
  code: number;
  out: string;
  err: string;
}

async function sh(cwd: string, command: string, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await exec(command, args, { cwd, env: shellEnv(), maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: e.stdout ?? '', err: e.stderr ?? String(error) };
  }
}

describe('the packed tool in an empty folder', () => {
  let work: string;
  let tarball: string;
  let files: string[];
  let project: string;
  let installed: Run;
  const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'rulebook-packed-'));
    const packed = await sh(ROOT, 'npm', ['pack', '--json', '--pack-destination', work]);
    expect(packed.code, packed.err).toBe(0);
    const info = JSON.parse(packed.out) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(work, info[0]!.filename);
    files = info[0]!.files.map((f) => f.path);
    project = path.join(work, 'pocket-duel');
    await mkdir(project);
    // The dependencies come from npm's cache when `npm ci` filled it, from the registry otherwise.
    installed = await sh(project, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball]);
  }, 300_000);

  it('holds the tool and nothing else', () => {
    expect(files.filter((f) => !SHIPPED.some((re) => re.test(f)))).toEqual([]);
    for (const needed of [
      'bin/rulebook.js',
      'compiler/cli.ts',
      'compiler/index.js',
      'compiler/schemas/game.schema.json',
      'compiler/schemas/defs.schema.json',
      'compiler/schemas/dsl.schema.json',
      'compiler/locales/en.yaml',
      'compiler/init/template/content/__id__/game.yaml',
      'compiler/init/template/_dot_gitignore',
      'docs-site/site.js',
    ])
      expect(files).toContain(needed);
    // The bundled packages' licences go with the bundle that holds their code (compiler/bundle/bundle.js).
    expect(files.filter((f) => /^compiler-dist\/[^/]+\/THIRD-PARTY-LICENSES\.txt$/.test(f))).toHaveLength(1);
    // Benchmarks, tests, the bundled games and what a build writes stay in this repository.
    expect(files.filter((f) => /^(test|content|schemas|generated|bench)\/|^compiler\/bench\/|^docs-site\/dist\//.test(f))).toEqual([]);
    // A bound that catches a folder shipped by mistake (the site's dist, node_modules), not a count of modules: #23's print
    // modules, checks and card templates took the tool to 250 files.
    expect(files.filter((f) => !f.startsWith('compiler-dist/')).length).toBeLessThan(300);
    // The compiler's bundle (compiler/bundle/bundle.js): one build of it (its entries and their chunks), and its stamp.
    expect(files).toContain('compiler-dist/stamp.json');
    expect(new Set(files.filter((f) => /^compiler-dist\/.+\//.test(f)).map((f) => f.split('/')[1])).size).toBe(1);
    expect(files.filter((f) => /^compiler-dist\/[^/]+\/(cli|parse-worker)\.js$/.test(f))).toHaveLength(2);
  });

  it('installs, answers --version, and starts a project with init', async () => {
    expect(installed.code, installed.err).toBe(0);
    const v = await sh(project, 'npx', ['rulebook', '--version']);
    expect(v.out.trim()).toBe(version);
    const init = await sh(project, 'npx', ['rulebook', 'init', '--name', 'Pocket Duel']);
    expect(init.code, init.err).toBe(0);
    expect(init.err).toContain('created Pocket Duel (game "pocket-duel", en, 2 to 4 players) in this folder');
    expect(init.err).toContain('next: npm install && npm run build');
    const pkg = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
      dependencies?: Record<string, string>;
    };
    expect(pkg.scripts).toMatchObject({ check: 'rulebook check', build: 'rulebook build', serve: 'rulebook serve' });
    expect(pkg.devDependencies['rulebook-compiler']).toMatch(/^file:.*rulebook-compiler-.*\.tgz$/);
    expect(pkg.dependencies?.['rulebook-compiler']).toBeUndefined();
    expect(await readFile(path.join(project, 'rulebook.yaml'), 'utf8')).toContain(`rulebook: ${version}`);
    // The README opens with the project's two commands.
    const readme = await readFile(path.join(project, 'README.md'), 'utf8');
    expect(readme.split('\n').slice(0, 6).join('\n')).toMatch(/npm install && npm run build[^\n]*\nnpm test/);
    // The tool's own schemas are resolved from the tool, never copied.
    expect((await sh(project, 'ls', ['schemas'])).out.trim().split('\n')).toEqual(['pocket-duel']);
    // A second init refuses the folder it filled, naming what is there.
    const again = await sh(project, 'npx', ['rulebook', 'init']);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/this folder is not empty: .*README\.md/);
  });

  it('builds the example game with 0 errors: the package, the site and its tests', async () => {
    const build = await sh(project, 'npm', ['run', 'build']);
    expect(build.code, build.err).toBe(0);
    expect(build.err).toContain('0 errors');
    expect(build.err).toMatch(/built pocket-duel: 4 goods, 3 contracts; 3 compiled rules; 2 placeholders/);
    const site = await readFile(path.join(project, 'docs-site', 'dist', 'index.html'), 'utf8');
    expect(site).toContain('Pocket Duel');
    // An invented game's drafts page: its values to decide, and no empty Readings section (it has none).
    const drafts = await readFile(path.join(project, 'docs-site', 'dist', 'pocket-duel', 'drafts.html'), 'utf8');
    expect(drafts).toContain('Saffron');
    expect(drafts).not.toContain('id="readings"');
    expect(drafts).not.toMatch(/rulebook does not|[Pp]rinted/);
    const test = await sh(project, 'npm', ['test']);
    expect(test.code, test.err + test.out).toBe(0);
  });

  it('gives a strict TypeScript consumer the typed package', async () => {
    const consumer = path.join(project, 'engine.ts');
    await writeFile(
      consumer,
      [
        "import { pocketDuel } from './generated/index.js';",
        "const points: number[] = pocketDuel.contracts.byId['the-tea-house'].score([{ tea: 3, spice: 0, silk: 0, coins: 0 }]);",
        'export const total: number = points[0] ?? 0;',
        "// @ts-expect-error: not a contract's ID",
        "export const wrong: import('./generated/index.js').PocketDuel.ContractId = 'the-tea-houze';",
        '',
      ].join('\n'),
    );
    expect(diagnostics(consumer)).toEqual([]);
  });

  it('adds an entry with new, and shows a typo with its suggestion', async () => {
    const added = await sh(project, 'npx', ['rulebook', 'new', 'pocket-duel', 'goods', 'Jasmine Tea']);
    expect(added.code, added.err).toBe(0);
    expect(added.out.trim()).toBe('jasmine-tea');
    expect((await sh(project, 'npm', ['run', 'check'])).code).toBe(0);
    const goods = path.join(project, 'content', 'pocket-duel', 'goods.yaml');
    const text = await readFile(goods, 'utf8');
    await writeFile(goods, text.replace('  kind: tea\n  cost: 2', '  kidn: tea\n  cost: 2'));
    try {
      const typo = await sh(project, 'npx', ['rulebook', 'check']);
      expect(typo.code).toBe(1);
      expect(typo.err).toMatch(
        /content\/pocket-duel\/goods\.yaml:\d+:\d+: error schema-additionalProperties unknown field `kidn` in `goods "Green Tea"`: did you mean `kind`\? \(a required field, missing here\)\n/,
      );
      expect(typo.err).toContain('1 error, 0 warnings');
    } finally {
      await writeFile(goods, text);
    }
  });

  it('diffs and releases in a git repository, and every next step it prints exists here', async () => {
    expect((await sh(project, 'git', ['init', '-q'])).code).toBe(0);
    expect((await sh(project, 'git', ['add', '-A'])).code).toBe(0);
    expect((await sh(project, 'git', ['commit', '-qm', 'first'])).code).toBe(0);
    expect((await sh(project, 'git', ['tag', 'v0.1.0'])).code).toBe(0);
    const goods = path.join(project, 'content', 'pocket-duel', 'goods.yaml');
    await writeFile(goods, (await readFile(goods, 'utf8')).replace('  cost: 5\n', '  cost: 6\n'));
    const diff = await sh(project, 'npx', ['rulebook', 'diff', 'v0.1.0']);
    expect(diff.code, diff.err).toBe(0);
    expect(diff.out).toMatch(/Silk Bale/);
    expect(diff.out).toMatch(/5.*6/);
    const release = await sh(project, 'npx', ['rulebook', 'release', '--date', '2026-12-01']);
    expect(release.code, release.err).toBe(0);
    const next = /next: `([^`]+)`/.exec(release.err);
    expect(next?.[1]).toBe('npm run build');
    const pkg = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(Object.keys(pkg.scripts)).toContain(next![1]!.replace('npm run ', ''));
    const build = await sh(project, 'npm', ['run', 'build']);
    expect(build.code, build.err).toBe(0);
    expect(JSON.parse(await readFile(path.join(project, 'generated', 'package.json'), 'utf8'))).toMatchObject({ name: 'pocket-duel-data', version: '0.1.1' });
  });

  it("gives the editor the schemas the build wrote, the tool's own definitions resolved", async () => {
    const editor = new Editor(project);
    await editor.start();
    try {
      const rel = 'content/pocket-duel/goods.yaml';
      const text = await readFile(path.join(project, rel), 'utf8');
      const broken = text.replace('  kind: tea\n  cost: 2', '  kind: coffee\n  cost: 2');
      const problems = await editor.open(rel, broken);
      expect(problems.map((d) => `${at(d)} ${d.message}`)).toEqual([
        // The kinds are listed as `oneOf` of `const` with their words: the editor names each allowed value.
        expect.stringMatching(/^5:9 Value must be "tea" \| "spice" \| "silk"\./),
      ]);
      expect(editor.stderr).not.toContain('NETWORK');
    } finally {
      await editor.stop();
    }
  });

  it('starts a project in a new folder through npx from the tarball, and that project installs', async () => {
    const other = path.join(work, 'elsewhere');
    await mkdir(other);
    const made = await sh(other, 'npx', ['--yes', '--prefer-offline', '--package', tarball, 'rulebook', 'init', 'lantern-fair']);
    expect(made.code, made.err).toBe(0);
    expect(made.err).toContain('next: cd lantern-fair && npm install && npm run build');
    const pkg = JSON.parse(await readFile(path.join(other, 'lantern-fair', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    // Not the bare version (0.2.0 is not on the registry until it is published): the tarball it came from.
    expect(pkg.devDependencies['rulebook-compiler']).toBe(`file:${tarball}`);
    const install = await sh(path.join(other, 'lantern-fair'), 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
    expect(install.code, install.err).toBe(0);
    const checked = await sh(path.join(other, 'lantern-fair'), 'npm', ['run', 'check']);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).toContain('lantern-fair: 4 goods, 3 contracts');
  });

  it('is one public entry for programs, its insides out of reach', async () => {
    const run = await sh(project, process.execPath, [
      '--input-type=module',
      '-e',
      "const { rulebook } = await import('rulebook-compiler'); const r = await rulebook(['check', '--format', 'json']); console.log(JSON.stringify({ code: r.code, n: JSON.parse(r.stdout).length }));",
    ]);
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toEqual({ code: 0, n: 0 });
    const deep = await sh(project, process.execPath, ['--input-type=module', '-e', "await import('rulebook-compiler/compiler/cli.ts')"]);
    expect(deep.err).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });
});
