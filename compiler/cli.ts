import { Command, CommanderError, Option } from 'commander';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { diagnosticsToJson, formatDiagnostic, formatSummary } from './diagnostics/print.ts';
import { emitPackage } from './emit-code/emit.ts';
import { writeEditorFiles } from './emit-editor/emit.ts';
import { emitSite } from './emit-site/site.ts';
import { checkPresentation } from './emit-site/faces.ts';
import { onlyGame, errorsOnly } from './commands/only-game.ts';
import { formatReport, reportGames } from './commands/report.ts';
import { newEntry } from './commands/new-entry.ts';
import { newCollection, newGame } from './commands/new-game.ts';
import { diagnosticsToSarif } from './diagnostics/sarif.ts';
import { diffCommand, type DiffFormat } from './diff/command.ts';
import { check, type CheckResult } from './pipeline.ts';
import { isFullUrl } from './emit-site/sitemap.ts';
import { readSettings } from './project-settings.ts';
import { readReleases } from './release/record.ts';
import { releaseCommand, type ReleaseOptions } from './release/release.ts';
import { serve } from './serve/serve.ts';
import { diffFolder, readFolder, replaceFolder } from './write.ts';

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  color: boolean;
}

function defaultIo(): Io {
  const color = !process.env.NO_COLOR && process.stdout.isTTY === true && process.env.TERM !== 'dumb';
  return { out: writerFor(process.stdout), err: writerFor(process.stderr), color };
}

/**
 * A line writer that survives its reader going away: `rulebook drafts | head -1`
 * closes the pipe after one line, and the write error (EPIPE) would otherwise
 * kill the process mid-build. A closed reader is not a failure of the command:
 * the rest of its output is dropped and the work (writing outputs) goes on.
 */
export function writerFor(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') closed = true;
    else throw error;
  });
  return (text) => {
    if (!closed) stream.write(text + '\n');
  };
}

/** Run the CLI; returns the exit code (0 ok, 1 content errors or stale output, 2 usage error). */
export async function main(argv: readonly string[], io: Io = defaultIo()): Promise<number> {
  let code = 0;
  const program = new Command()
    .name('rulebook')
    .description('Check game content, and build the engine data package and the rules site from it.')
    .version(PACKAGE.version, '-v, --version')
    .option('-C, --root <dir>', 'the project folder (holding content/ and schemas/)', process.cwd())
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    // A project folder that is not there would read as a project with no games (and `new` would write into nowhere): say so first.
    .hook('preAction', () => {
      const root = path.resolve(program.opts<{ root: string }>().root);
      if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
        io.err(`error: the project folder ${root} does not exist (or is not a folder)${program.getOptionValueSource('root') === 'cli' ? ' (given with -C)' : ''}`);
        throw new CommanderError(2, 'rulebook.root', 'no project folder');
      }
    });

  program
    .command('check')
    .description('Load, validate and link all content; print every problem. Exit 1 on any error.')
    .addOption(new Option('--format <format>', 'how to print diagnostics: text, json, or sarif (SARIF 2.1.0, for pull request annotations)').choices(['text', 'json', 'sarif']).default('text'))
    .option('--game <id>', 'only this game (its files, its schemas and the shared ones)')
    .option('-q, --quiet', 'errors only: leave warnings out')
    .action(async (opts: { format: 'text' | 'json' | 'sarif'; game?: string; quiet?: boolean }) => {
      const root = path.resolve(program.opts<{ root: string }>().root);
      let result = await check(root);
      checkPresentation(root, result.games, result.bag, result.sources);
      // The project files the build reads (settings, releases record) are checked here too, so their errors show before a build.
      await readSettings(root, result.bag, result.sources);
      await readReleases(root, result.bag, result.sources);
      if (opts.game) {
        const only = await resultForGame(root, result, opts.game, io);
        if (!only) {
          code = 2;
          return;
        }
        result = only;
      }
      if (opts.quiet) result = errorsOnly(result);
      if (opts.format === 'sarif') {
        io.out(JSON.stringify(diagnosticsToSarif(result.bag.sorted(), { version: PACKAGE.version, root }), null, 2));
        code = result.bag.errorCount ? 1 : 0;
        return;
      }
      code = report(result, opts.format, io, opts.quiet);
    });

  program
    .command('build')
    .description('Check, then write generated/ (the engine package) and docs-site/dist/ (the site).')
    .addOption(new Option('--format <format>', 'how to print diagnostics').choices(['text', 'json']).default('text'))
    .option('--check', 'write nothing; exit 1 if the committed generated/ differs from what the content produces')
    .option('--base <path>', 'the URL path or full URL the site is served under (a full URL also writes sitemap.xml); links stay relative', '/')
    .action(async (opts: { format: 'text' | 'json'; check?: boolean; base: string }) => {
      code = await build(path.resolve(program.opts<{ root: string }>().root), opts, io);
    });

  program
    .command('drafts')
    .description('List every value the rulebook does not give (placeholders) and every choice made where it is silent (readings), with where each stands and why.')
    .addOption(new Option('--format <format>', 'text, or json for tools').choices(['text', 'json']).default('text'))
    .option('--game <id>', 'only this game')
    .action(async (opts: { format: 'text' | 'json'; game?: string }) => {
      const result = await check(path.resolve(program.opts<{ root: string }>().root));
      const games = result.games.filter((g) => !opts.game || g.linked.game.manifest.id === opts.game);
      if (opts.game && !games.length) {
        io.err(`error: no game "${opts.game}" (games: ${result.games.map((g) => g.linked.game.manifest.id).join(', ')})`);
        code = 2;
        return;
      }
      // One list, each row saying its kind: a placeholder awaits a value, a reading is a choice already made.
      const drafts = games.flatMap((g) => [
        ...g.linked.placeholders.map((p) => ({ game: g.linked.game.manifest.id, kind: 'placeholder' as const, ...p })),
        ...g.linked.readings.map((p) => ({ game: g.linked.game.manifest.id, kind: 'reading' as const, ...p })),
      ]);
      if (opts.format === 'json') io.out(JSON.stringify(drafts, null, 2));
      else {
        for (const d of drafts) io.out(`${d.file}:${d.line ?? 1}: ${d.kind} ${d.collection}/${d.id}${d.path}: ${d.note}`);
        const count = (kind: string) => drafts.filter((d) => d.kind === kind).length;
        const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
        io.err(`${plural(count('placeholder'), 'placeholder')} and ${plural(count('reading'), 'reading')} in ${plural(games.length, 'game')}`);
      }
      if (result.bag.errorCount) code = report(result, 'text', io);
    });

  program
    .command('new')
    .usage('<game> <collection> "Name" | game <id> | collection <game> <name>')
    .description('Start content with the fields the schemas require: `new <game> <collection> "Name"` appends an entry (its required fields as placeholders, a comment per field) and prints its ID; `new game <id>` makes a minimal game that builds; `new collection <game> <name>` adds a collection (manifest entry, file, schema).')
    .argument('<what>', 'a game ID, or "game", or "collection"')
    .argument('[args...]', 'then the collection and "Name"; the new game\'s ID; or the game and the collection\'s name')
    .option('--id <id>', 'the new entry\'s ID, when the slug of its name is not the one (or is empty: a name in another script)')
    .action(async (what: string, args: string[], opts: { id?: string }) => {
      const root = path.resolve(program.opts<{ root: string }>().root);
      const expect = (n: number, shape: string) => {
        if (args.length === n) return true;
        io.err(`error: expected \`rulebook new ${shape}\` (got ${args.length} argument${args.length === 1 ? '' : 's'} after "${what}")`);
        code = 2;
        return false;
      };
      let outcome;
      if (opts.id !== undefined && (what === 'game' || what === 'collection')) {
        io.err(`error: --id names a new entry's ID: \`rulebook new <game> <collection> "Name" --id <id>\``);
        code = 2;
        return;
      }
      if (what === 'game') {
        if (!expect(1, 'game <id>')) return;
        outcome = await newGame(root, args[0]!);
      } else if (what === 'collection') {
        if (!expect(2, 'collection <game> <name>')) return;
        outcome = await newCollection(root, args[0]!, args[1]!);
      } else {
        if (!expect(2, '<game> <collection> "Name"')) return;
        outcome = await newEntry(root, what, args[0]!, args[1]!, { id: opts.id });
      }
      for (const line of outcome.out) io.out(line);
      for (const line of outcome.err) io.err(line);
      code = outcome.code;
    });

  program
    .command('report')
    .description('How far each game is: placeholders left (file:line), readings, components against the manifest, rules with and without worked examples, entries executable or printed text only, locales.')
    .addOption(new Option('--format <format>', 'text, or json for tools').choices(['text', 'json']).default('text'))
    .option('--game <id>', 'only this game')
    .action(async (opts: { format: 'text' | 'json'; game?: string }) => {
      const root = path.resolve(program.opts<{ root: string }>().root);
      let result = await check(root);
      if (opts.game) {
        const only = await resultForGame(root, result, opts.game, io);
        if (!only) {
          code = 2;
          return;
        }
        result = only;
      }
      const reports = reportGames(result.games, result.schemas);
      if (opts.format === 'json') io.out(JSON.stringify(reports, null, 2));
      else io.out(formatReport(reports));
      // A report of content that does not check would count what the errors hide: say so, and fail.
      if (result.bag.errorCount) code = report(errorsOnly(result), 'text', io, true);
    });

  program
    .command('diff')
    .description('What changed between a git ref and the working tree, as errata: entries added, removed and renamed, fields and rules text before and after, each classed major, minor or patch for the engine package.')
    .argument('<ref>', 'a git tag, branch or commit (for example v1.0.0 or HEAD~1)')
    .addOption(new Option('--format <format>', 'text, json for tools, or markdown for release notes').choices(['text', 'json', 'markdown']).default('text'))
    .action(async (ref: string, opts: { format: DiffFormat }) => {
      code = await diffCommand(path.resolve(program.opts<{ root: string }>().root), ref, opts.format, io);
    });

  program
    .command('release')
    .description('Compare with the last release (the newest v* tag) and write the version the changes imply: generated/package.json, a CHANGELOG.md entry, and releases.yaml for the site\'s Changes pages.')
    .option('--from <ref>', 'compare with this git ref instead of the newest v* tag')
    .option('--date <YYYY-MM-DD>', 'the release date (default: today, UTC)')
    .action(async (opts: ReleaseOptions) => {
      code = await releaseCommand(path.resolve(program.opts<{ root: string }>().root), opts, io);
    });

  program
    .command('serve')
    .description('Build, serve the site on 127.0.0.1, and rebuild and reload the page on each save under content/ or schemas/.')
    .option('-p, --port <port>', 'the port to listen on (0 picks a free one)', '4321')
    .option('--base <path>', 'the URL path (or full URL) used in sitemap.xml', '/')
    .action(async (opts: { port: string; base: string }) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        io.err(`error: --port must be a number from 0 to 65535 (got "${opts.port}")`);
        code = 2;
        return;
      }
      const handle = await serve(path.resolve(program.opts<{ root: string }>().root), { port, base: opts.base, version: PACKAGE.version, color: io.color, log: io.err });
      // Runs until interrupted.
      await new Promise<void>((resolve) => process.once('SIGINT', () => void handle.close().then(resolve)));
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      return 2;
    }
    throw error;
  }
  if (!program.args.length && argv.length <= 2) {
    io.err(program.helpInformation().trimEnd());
    return 2;
  }
  return code;
}

function report(result: CheckResult, format: 'text' | 'json', io: Io, quiet = false): number {
  const items = result.bag.sorted();
  if (format === 'json') io.out(diagnosticsToJson(items));
  else {
    for (const d of items) io.err(formatDiagnostic(d, { color: io.color, sources: result.sources }) + '\n');
    const counts = result.games.map((g) => `${g.linked.game.manifest.id}: ${[...g.linked.game.collections.values()].map((c) => `${c.entries.length} ${c.name}`).join(', ')}`);
    // --quiet: the problems and the summary, nothing else.
    if (!quiet) for (const line of counts) io.err(line);
    io.err(quiet ? formatSummary(result.bag.errorCount) : formatSummary(result.bag.errorCount, result.bag.warningCount));
  }
  return result.bag.errorCount ? 1 : 0;
}

async function build(root: string, opts: { format: 'text' | 'json'; check?: boolean; base: string }, io: Io): Promise<number> {
  const t0 = performance.now();
  const result = await check(root);
  // How entries are drawn (templates, titles) is the site's concern: only a build checks it.
  checkPresentation(root, result.games, result.bag, result.sources);
  // The project's settings (the package name) and its releases record (the version, the Changes pages) are read, never written, by the build.
  const settings = await readSettings(root, result.bag, result.sources);
  const releases = await readReleases(root, result.bag, result.sources);
  const code = report(result, opts.format, io);
  if (code !== 0) {
    io.err('build stopped: nothing was written; the last good generated/ and site are untouched.');
    return code;
  }
  const timings = [...result.timings];
  const time = <T>(phase: string, f: () => T): T => {
    const s = performance.now();
    const r = f();
    timings.push([phase, performance.now() - s]);
    return r;
  };
  const pkg = time('emit code', () => emitPackage(result.games, result.schemas, releases[0]?.version ?? PACKAGE.version, settings.package.name));
  const generatedDir = path.join(root, 'generated');
  if (opts.check) {
    const diff = diffFolder(await readFolder(generatedDir), pkg);
    if (diff.length) {
      io.err(`generated/ is stale: it differs from what content/ produces (run \`npm run build\`):\n  ${diff.join('\n  ')}`);
      return 1;
    }
    io.err('generated/ is up to date.');
    return 0;
  }
  const site = await timeAsync(timings, 'emit site', () => emitSite(result.games, { base: opts.base, releases, version: PACKAGE.version }));
  await timeAsync(timings, 'write', async () => {
    await replaceFolder(generatedDir, pkg);
    await replaceFolder(path.join(root, 'docs-site', 'dist'), site);
  });
  for (const g of result.games) {
    const m = g.linked.game.manifest;
    const parts = [...g.linked.game.collections.values()].map((c) => `${c.entries.length} ${c.name}`);
    const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    io.err(`built ${m.id}: ${parts.join(', ')}; ${n(g.rules.length, 'compiled rule')}; ${n(g.linked.placeholders.length, 'placeholder')}${g.linked.readings.length ? `, ${n(g.linked.readings.length, 'reading')}` : ''}`);
  }
  io.err(`wrote generated/ (${pkg.size} files) and docs-site/dist/ (${site.size} files)`);
  if (opts.base !== '/' && !isFullUrl(opts.base)) io.err('sitemap.xml: not written (a sitemap lists full URLs: build with --base https://your.host/path/ to write one)');
  // The editor's schemas follow the content (they list its IDs): refreshed by every build that succeeds.
  const editor = await timeAsync(timings, 'editor schemas', () => writeEditorFiles(root, result.games, result.schemas));
  io.err(`editor schemas: ${editor.changed ? `wrote ${editor.total} files` : 'up to date'} in .rulebook/editor-schemas/${typeof editor.settings === 'object' ? `; ${editor.settings.skipped}` : editor.settings === 'written' ? '; updated .vscode/settings.json' : ''}`);
  if (typeof editor.settings === 'object') for (const line of editor.settings.missing ?? []) io.err(`    ${line}`);
  io.err(`phases: ${timings.map(([p, ms]) => `${p} ${ms.toFixed(0)} ms`).join(', ')}; total ${(performance.now() - t0).toFixed(0)} ms`);
  return 0;
}

/** `--game <id>`: the check's result for that game only, or undefined (after saying which games there are) for an unknown ID. */
async function resultForGame(root: string, result: CheckResult, game: string, io: Io): Promise<CheckResult | undefined> {
  const only = await onlyGame(root, result, game);
  if ('known' in only) {
    io.err(`error: no game "${game}" (games: ${only.known.join(', ') || 'none'})`);
    return undefined;
  }
  return only.result;
}

async function timeAsync<T>(timings: Array<[string, number]>, phase: string, f: () => Promise<T>): Promise<T> {
  const s = performance.now();
  const r = await f();
  timings.push([phase, performance.now() - s]);
  return r;
}
