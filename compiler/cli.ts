import { Command, CommanderError, Option } from 'commander';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { entryCount } from './names.ts';
import type { Diagnostic } from './diagnostics/diagnostic.ts';
import type { DiffFormat } from './diff/command.ts';
import type { CheckResult } from './pipeline.ts';
import type { ReleaseOptions } from './release/release.ts';
import type { StagedFolder } from './write.ts';

// Each command imports what it uses when it runs (`await import(...)` in its
// action), so `rulebook --version` or a cached `check` does not load
// TypeScript, the site renderer and the rest of the compiler first.

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The version of a project's content (its engine package, its site's footer) before its first `rulebook release`.
 * Never the tool's version: upgrading the tool does not make a game's data a new release.
 */
const UNRELEASED_VERSION = '0.1.0';

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
        io.err(
          `error: the project folder ${root} does not exist (or is not a folder)${program.getOptionValueSource('root') === 'cli' ? ' (given with -C)' : ''}`,
        );
        throw new CommanderError(2, 'rulebook.root', 'no project folder');
      }
    });

  program
    .command('init')
    .description(
      'Start a project of your own: a small playable example game (two collections, scoring rules with worked examples, a rules page), its schemas, package.json, editor settings, .gitignore, GitHub workflows and a README. Refuses a folder with files in it.',
    )
    .argument('[dir]', 'the folder to make the project in (made if missing)', '.')
    .option('--id <id>', "the game's ID (default: from the folder's name)")
    .option('--name <name>', "the game's name (default: from its ID)")
    .option('--locale <tag>', "the game's language, a BCP 47 tag (en, pt-BR, fr)", 'en')
    .option('--players <n-m>', 'how many players: "2-4", or "3"', '2-4')
    .option('--force', 'write into a folder that has files in it, keeping every file already there')
    .action(async (dir: string, opts: { id?: string; name?: string; locale?: string; players?: string; force?: boolean }) => {
      const { init } = await import('./commands/init.ts');
      const outcome = await init(path.resolve(path.resolve(program.opts<{ root: string }>().root), dir), opts);
      for (const line of outcome.out) io.out(line);
      for (const line of outcome.err) io.err(line);
      code = outcome.code;
    });

  program
    .command('check')
    .description('Load, validate and link all content; print every problem. Exit 1 on any error.')
    .addOption(
      new Option('--format <format>', 'how to print diagnostics: text, json, or sarif (SARIF 2.1.0, for pull request annotations)')
        .choices(['text', 'json', 'sarif'])
        .default('text'),
    )
    .option('--game <id>', 'only this game (its files, its schemas and the shared ones)')
    .option('-q, --quiet', 'errors only: leave warnings out')
    .option('--all', `print every diagnostic (by default the first ${PER_RULE} of each kind, then a count)`)
    .action(async (opts: { format: 'text' | 'json' | 'sarif'; game?: string; quiet?: boolean; all?: boolean }) => {
      const root = path.resolve(program.opts<{ root: string }>().root);
      const { runCheck, outcomeForGame } = await import('./commands/check-command.ts');
      const run = await runCheck(root);
      let { outcome } = run;
      if (opts.game) {
        const { findGames } = await import('./load/game.ts');
        const only = outcomeForGame(
          outcome,
          opts.game,
          (await findGames(root)).map((d) => path.relative(root, d).split(path.sep).join('/')),
        );
        if ('known' in only) {
          io.err(`error: no game "${opts.game}" (games: ${only.known.join(', ') || 'none'})`);
          code = 2;
          return;
        }
        outcome = only;
      }
      let items = outcome.diagnostics;
      if (opts.quiet) items = items.filter((d) => d.severity === 'error');
      const errors = items.filter((d) => d.severity === 'error').length;
      if (opts.format === 'sarif') {
        const { diagnosticsToSarif } = await import('./diagnostics/sarif.ts');
        io.out(JSON.stringify(diagnosticsToSarif(items, { version: PACKAGE.version, root }), null, 2));
        code = errors ? 1 : 0;
        return;
      }
      const counts = outcome.games.map((g) => `${g.id}: ${g.collections.map((c) => entryCount(c.entries, c.name)).join(', ')}`);
      code = await printDiagnostics(items, counts, run.sources, opts.format, io, opts.quiet, opts.all);
    });

  program
    .command('build')
    .description('Check, then write generated/ (the engine package) and docs-site/dist/ (the site).')
    .addOption(new Option('--format <format>', 'how to print diagnostics').choices(['text', 'json']).default('text'))
    .option('--check', 'write nothing; exit 1 if the committed generated/ differs from what the content produces')
    .option('--base <path>', 'the URL path or full URL the site is served under (a full URL also writes sitemap.xml); links stay relative', '/')
    .option('--all', `print every diagnostic (by default the first ${PER_RULE} of each kind, then a count)`)
    .action(async (opts: { format: 'text' | 'json'; check?: boolean; base: string; all?: boolean }) => {
      code = await build(path.resolve(program.opts<{ root: string }>().root), opts, io);
    });

  program
    .command('drafts')
    .description(
      'List every value not given yet (placeholders: not printed in the rulebook, or not decided yet) and every choice made where the text is silent (readings), with where each stands and why.',
    )
    .addOption(new Option('--format <format>', 'text, or json for tools').choices(['text', 'json']).default('text'))
    .option('--game <id>', 'only this game')
    .action(async (opts: { format: 'text' | 'json'; game?: string }) => {
      const { check } = await import('./pipeline.ts');
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
      if (result.bag.errorCount) code = await report(result, 'text', io);
    });

  program
    .command('new')
    .usage('<game> <collection> "Name" | game <id> | collection <game> <name> [--csv | --json]')
    .description(
      'Start content with the fields the schemas require: `new <game> <collection> "Name"` appends an entry (its required fields as placeholders, a comment per field; a row of a CSV or TSV collection, an item of a JSON one) and prints its ID; `new game <id>` makes a minimal game that builds; `new collection <game> <name>` adds a collection (manifest entry, file, schema), `--csv` as a CSV file whose header row holds the schema\'s fields, `--json` as a JSON file holding an empty list.',
    )
    .argument('<what>', 'a game ID, or "game", or "collection"')
    .argument('[args...]', 'then the collection and "Name"; the new game\'s ID; or the game and the collection\'s name')
    .option('--id <id>', "the new entry's ID, when the slug of its name is not the one (or is empty: a name in another script)")
    .option('--csv', "with `new collection`: keep the entries in a CSV file (a spreadsheet's export) rather than YAML")
    .option('--json', 'with `new collection`: keep the entries in a JSON file (a list of objects) rather than YAML')
    .action(async (what: string, args: string[], opts: { id?: string; csv?: boolean; json?: boolean }) => {
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
      if (opts.csv && what !== 'collection') {
        io.err('error: --csv makes a new collection a CSV file: `rulebook new collection <game> <name> --csv`');
        code = 2;
        return;
      }
      if (opts.json && what !== 'collection') {
        io.err('error: --json makes a new collection a JSON file: `rulebook new collection <game> <name> --json`');
        code = 2;
        return;
      }
      const { newCollection, newGame } = await import('./commands/new-game.ts');
      const { newEntry } = await import('./commands/new-entry.ts');
      if (what === 'game') {
        if (!expect(1, 'game <id>')) return;
        outcome = await newGame(root, args[0]!);
      } else if (what === 'collection') {
        if (!expect(2, 'collection <game> <name>')) return;
        outcome = await newCollection(root, args[0]!, args[1]!, { csv: opts.csv, json: opts.json });
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
    .description(
      'How far each game is: placeholders left (file:line), readings, components against the manifest, rules with and without worked examples, entries executable or printed text only, locales.',
    )
    .addOption(new Option('--format <format>', 'text, or json for tools').choices(['text', 'json']).default('text'))
    .option('--game <id>', 'only this game')
    .action(async (opts: { format: 'text' | 'json'; game?: string }) => {
      const root = path.resolve(program.opts<{ root: string }>().root);
      const { check } = await import('./pipeline.ts');
      const { formatReport, reportGames } = await import('./commands/report.ts');
      const { errorsOnly } = await import('./commands/only-game.ts');
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
      if (result.bag.errorCount) code = await report(errorsOnly(result), 'text', io, true);
    });

  program
    .command('diff')
    .description(
      'What changed between a git ref and the working tree, as errata: entries added, removed and renamed, fields and rules text before and after, each classed major, minor or patch for the engine package.',
    )
    .argument('<ref>', 'a git tag, branch or commit (for example v1.0.0 or HEAD~1)')
    .addOption(new Option('--format <format>', 'text, json for tools, or markdown for release notes').choices(['text', 'json', 'markdown']).default('text'))
    .action(async (ref: string, opts: { format: DiffFormat }) => {
      const { diffCommand } = await import('./diff/command.ts');
      code = await diffCommand(path.resolve(program.opts<{ root: string }>().root), ref, opts.format, io);
    });

  program
    .command('explain')
    .description('What a diagnostic code means, with an example and its fix (the README\'s "Diagnostics" section lists every code).')
    .argument('<code>', 'a diagnostic code, such as duplicate-id')
    .action(async (name: string) => {
      const { explain } = await import('./commands/explain.ts');
      const r = explain(name);
      if (r.ok) io.out(r.text);
      else io.err(`error: ${r.text}`);
      code = r.ok ? 0 : 2;
    });

  program
    .command('release')
    .description(
      "Compare with the last release (the newest v* tag) and write the version the changes imply: generated/package.json, a CHANGELOG.md entry, and releases.yaml for the site's Changes pages.",
    )
    .option('--from <ref>', 'compare with this git ref instead of the newest v* tag')
    .option('--date <YYYY-MM-DD>', 'the release date (default: today, UTC)')
    .action(async (opts: ReleaseOptions) => {
      const { releaseCommand } = await import('./release/release.ts');
      code = await releaseCommand(path.resolve(program.opts<{ root: string }>().root), opts, io);
    });

  program
    .command('print')
    .description(
      'Print and play: each collection with a card size (`card: { size: poker }` in game.yaml) as a PDF of sheets to cut out, cards at their real size with bleed and cut marks, backs mirrored for long-edge duplex; with --tabletop, Tabletop Simulator decks too. Renders with the Chrome, Chromium or Edge on this machine; without one, writes the print HTML instead.',
    )
    .option('--game <id>', 'only this game')
    .option('--collection <name>', 'only this collection')
    .addOption(new Option('--paper <paper>', 'the sheet size').choices(['a4', 'letter']).default('a4'))
    .option('--out <dir>', 'the folder to write into (<out>/<game>/<collection>.pdf)', 'print')
    .option('--final', 'refuse (exit 1, listing them) while a printed card shows a draft value')
    .option('--browser <path>', 'the Chrome, Chromium or Edge program to render with (default: RULEBOOK_BROWSER, then the usual install places)')
    .option('--tabletop', 'also write Tabletop Simulator decks: face sheets, a back image and a saved object (<out>/<game>/tabletop/)')
    .option('--base <url>', "with --tabletop: the address the deck images will be hosted under (default: the files' own file:/// paths)")
    .action(
      async (opts: {
        game?: string;
        collection?: string;
        paper: 'a4' | 'letter';
        out: string;
        final?: boolean;
        browser?: string;
        tabletop?: boolean;
        base?: string;
      }) => {
        const root = path.resolve(program.opts<{ root: string }>().root);
        if (opts.base !== undefined && !opts.tabletop) {
          io.err('error: --base sets where the Tabletop Simulator images are hosted: use it with --tabletop');
          code = 2;
          return;
        }
        const { check } = await import('./pipeline.ts');
        const { checkPresentation } = await import('./emit-site/faces.ts');
        const result = await check(root);
        // The faces are the site's: a template that does not draw stops a print as it stops a build.
        checkPresentation(root, result.games, result.bag, result.sources);
        if (result.bag.errorCount) {
          code = await report(result, 'text', io);
          io.err('print stopped: nothing was written.');
          return;
        }
        const { printCommand } = await import('./commands/print/command.ts');
        code = await printCommand(root, result.games, { ...opts, out: path.resolve(root, opts.out) }, io);
      },
    );

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
      // A port already taken (a second `npm run serve`) is said before the build, in words, not as an internal error.
      const busy = port === 0 ? undefined : await portProblem(port);
      if (busy) {
        io.err(`error: ${busy}`);
        code = 2;
        return;
      }
      const { serve } = await import('./serve/serve.ts');
      const handle = await serve(path.resolve(program.opts<{ root: string }>().root), {
        port,
        base: opts.base,
        version: UNRELEASED_VERSION,
        color: io.color,
        log: io.err,
      });
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

/** Print diagnostics (text with code frames, or JSON) and the per-game counts; returns the exit code. */
async function printDiagnostics(
  items: readonly Diagnostic[],
  counts: readonly string[],
  sources: ReadonlyMap<string, string>,
  format: 'text' | 'json',
  io: Io,
  quiet = false,
  all = false,
): Promise<number> {
  const { diagnosticsToJson, formatDiagnostic, formatSummary } = await import('./diagnostics/print.ts');
  const errors = items.filter((d) => d.severity === 'error').length;
  if (format === 'json') io.out(diagnosticsToJson([...items]));
  else {
    // One wrong setting can repeat a diagnostic thousands of times: the first few of each kind show what is
    // wrong, and a count says how many more there are (the totals below and JSON output keep every one).
    const shown = new Map<string, number>();
    for (const d of items) {
      const n = (shown.get(d.ruleId) ?? 0) + 1;
      shown.set(d.ruleId, n);
      if (all || n <= PER_RULE) io.err(formatDiagnostic(d, { color: io.color, sources }) + '\n');
    }
    for (const [rule, n] of shown) if (!all && n > PER_RULE) io.err(`... and ${n - PER_RULE} more ${rule} (${n} in all; --all prints every one)\n`);
    // --quiet: the problems and the summary, nothing else.
    if (!quiet) for (const line of counts) io.err(line);
    io.err(quiet ? formatSummary(errors) : formatSummary(errors, items.length - errors));
  }
  return errors ? 1 : 0;
}

/** How many diagnostics of one rule the text output prints before it counts the rest (`--all` prints them all). */
const PER_RULE = 20;

/** `report` for a check run in this process (build, drafts, report). */
async function report(result: CheckResult, format: 'text' | 'json', io: Io, quiet = false, all = false): Promise<number> {
  const counts = result.games.map(
    (g) => `${g.linked.game.manifest.id}: ${[...g.linked.game.collections.values()].map((c) => entryCount(c.entries.length, c.name)).join(', ')}`,
  );
  return printDiagnostics(result.bag.sorted(), counts, result.sources, format, io, quiet, all);
}

async function build(root: string, opts: { format: 'text' | 'json'; check?: boolean; base: string; all?: boolean }, io: Io): Promise<number> {
  const t0 = performance.now();
  // The content's parse starts first, on the cores that are idle while the main thread loads the compiler (parse-ahead.ts).
  const ahead = (await import('./load/parse-ahead.ts')).parseAhead(root);
  const { check } = await import('./pipeline.ts');
  const { checkPresentation } = await import('./emit-site/faces.ts');
  const { readSettings } = await import('./project-settings.ts');
  const { readReleases } = await import('./release/record.ts');
  const { emitPackage } = await import('./emit-code/emit.ts');
  const { diffFolder, readFolder, stageFolders } = await import('./write.ts');
  const { commandIn } = await import('./next-step.ts');
  // The search index's worker starts now, beside the check, so it is ready when the pages are (search-beside.ts).
  if (!opts.check) (await import('./emit-site/search-beside.ts')).prestartSearchWorker();
  let result;
  try {
    result = await check(root, { ahead });
  } finally {
    await ahead.close();
  }
  // How entries are drawn (templates, titles) is the site's concern: only a build checks it.
  checkPresentation(root, result.games, result.bag, result.sources);
  // The project's settings (the package name) and its releases record (the version, the Changes pages) are read, never written, by the build.
  const settings = await readSettings(root, result.bag, result.sources);
  const releases = await readReleases(root, result.bag, result.sources);
  const code = await report(result, opts.format, io, false, opts.all);
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
  const generatedDir = path.join(root, 'generated');
  const emitCode = () => time('emit code', () => emitPackage(result.games, result.schemas, releases[0]?.version ?? UNRELEASED_VERSION, settings.package.name));
  if (opts.check) {
    const diff = diffFolder(await readFolder(generatedDir), emitCode());
    if (diff.length) {
      io.err(`generated/ is stale: it differs from what content/ produces (run \`${commandIn(root, 'build')}\`):\n  ${diff.join('\n  ')}`);
      return 1;
    }
    io.err('generated/ is up to date.');
    return 0;
  }
  const { startSite } = await import('./emit-site/site.ts');
  const { isFullUrl } = await import('./emit-site/sitemap.ts');
  // The pages first, then the search index starts on a worker thread (emit-site/search-beside.ts) while this
  // thread emits the package (ts-morph, synchronous) and writes it and the pages beside their folders; both folders
  // are swapped in once the index is written too.
  const siteRun = time('emit site', () => startSite(result.games, { base: opts.base, releases, version: UNRELEASED_VERSION }));
  const indexStart = performance.now();
  const pkg = emitCode();
  const waitStart = performance.now();
  // While the index is still being made (at 30,000 cards, two seconds this thread would only wait), the package and
  // the pages are written beside their folders (write.ts `stageFolders`); both are swapped in only once the index is
  // written too, so a build that fails leaves the last good outputs untouched, as before.
  const staging = stageFolders([
    [generatedDir, pkg],
    [path.join(root, 'docs-site', 'dist'), siteRun.pages],
  ]);
  staging.catch(() => undefined); // awaited below, after the index
  // On any failure from here on, whatever is still staged goes (a folder already swapped in has nothing to throw away).
  const discardStaged = () =>
    staging.then(
      (folders) => Promise.all(folders.map((f) => f.discard())),
      () => undefined,
    );
  let site: Awaited<typeof siteRun.whole>;
  try {
    site = await siteRun.whole;
  } catch (error) {
    await discardStaged();
    throw error;
  }
  const indexEnd = performance.now();
  // The index's own time, and what of it the build waited for after the package's emit.
  timings.push(['search index (beside emit code)', indexEnd - indexStart], ['search wait', indexEnd - waitStart]);
  // What is left of writing once the index is done: the rest of the staging, the index's files, and the swaps.
  await timeAsync(timings, 'write', async () => {
    const [pkgFolder, siteFolder] = (await staging) as [StagedFolder, StagedFolder];
    try {
      await siteFolder.add(new Map([...site].filter(([p]) => !siteRun.pages.has(p))));
      await pkgFolder.commit();
      await siteFolder.commit();
    } catch (error) {
      await discardStaged();
      throw error;
    }
  });
  for (const g of result.games) {
    const m = g.linked.game.manifest;
    const parts = [...g.linked.game.collections.values()].map((c) => entryCount(c.entries.length, c.name));
    const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    io.err(
      `built ${m.id}: ${parts.join(', ')}; ${n(g.rules.length, 'compiled rule')}; ${n(g.linked.placeholders.length, 'placeholder')}${g.linked.readings.length ? `, ${n(g.linked.readings.length, 'reading')}` : ''}`,
    );
  }
  io.err(`wrote generated/ (${pkg.size} files) and docs-site/dist/ (${site.size} files)`);
  if (opts.base !== '/' && !isFullUrl(opts.base))
    io.err('sitemap.xml: not written (a sitemap lists full URLs: build with --base https://your.host/path/ to write one)');
  // The editor's schemas follow the content (they list its IDs): refreshed by every build that succeeds.
  const { writeEditorFiles } = await import('./emit-editor/emit.ts');
  const editor = await timeAsync(timings, 'editor schemas', () => writeEditorFiles(root, result.games, result.schemas));
  io.err(
    `editor schemas: ${editor.changed ? `wrote ${editor.total} files` : 'up to date'} in .rulebook/editor-schemas/${typeof editor.settings === 'object' ? `; ${editor.settings.skipped}` : editor.settings === 'written' ? '; updated .vscode/settings.json' : ''}`,
  );
  if (typeof editor.settings === 'object') for (const line of editor.settings.missing ?? []) io.err(`    ${line}`);
  io.err(`phases: ${timings.map(([p, ms]) => `${p} ${ms.toFixed(0)} ms`).join(', ')}; total ${(performance.now() - t0).toFixed(0)} ms`);
  return 0;
}

/** `--game <id>`: the check's result for that game only, or undefined (after saying which games there are) for an unknown ID. */
async function resultForGame(root: string, result: CheckResult, game: string, io: Io): Promise<CheckResult | undefined> {
  const { onlyGame } = await import('./commands/only-game.ts');
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

/** Why `rulebook serve` cannot listen on 127.0.0.1:`port` (taken, or not allowed), in words; undefined when it can. */
async function portProblem(port: number): Promise<string | undefined> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'EADDRINUSE'
          ? `port ${port} is in use (another \`rulebook serve\`?): stop it, or pick another port with --port ${port === 65535 ? 4321 : port + 1} (--port 0 takes any free one)`
          : `cannot listen on port ${port} (${error.code ?? error.message}): pick another with --port`,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
  });
}
