import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatDiagnostic } from '../diagnostics/print.ts';
import { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { emitPackage } from '../emit-code/emit.ts';
import { readSettings } from '../project-settings.ts';
import { readReleases, type Release } from '../release/record.ts';
import { writeEditorFiles } from '../emit-editor/emit.ts';
import { renderHome, renderSite, sorted, withSitemap, type SiteFiles } from '../emit-site/site.ts';
import { RenderMemo } from '../emit-site/render-memo.ts';
import { renderGamePagesFirst } from '../emit-site/game-pages.ts';
import { isQueryFile } from '../emit-site/query-data.ts';
import { prepareEntries } from '../load/entry-reparse.ts';
import { readFolder, removeEmptiedFolders, replaceFolder } from '../write.ts';
import { collectGarbage } from './idle-gc.ts';
import { internalErrorText } from './internal-error.ts';
import { LiveSearch } from './live-search.ts';
import { holdPagefindReports } from './quiet-pagefind.ts';
import { warmYamlParser } from './warm-up.ts';
import { Project } from './project.ts';
import type { CheckedGame, Entry } from '../model.ts';

/**
 * The site as `rulebook serve` keeps it: the last good files in memory (what
 * the server sends) and on disk in docs-site/dist/. On each save:
 *
 * 1. re-check the touched games (Project),
 * 2. on errors: keep the last good site and report them;
 * 3. else re-render the touched games' pages and the home page (an entry
 *    the save did not touch keeps its last drawing: emit-site/render-memo.ts),
 *    write the files whose bytes changed, and say so (the server then reloads pages);
 * 4. then, in the background and one run at a time, the search index (the
 *    changed pages only, live-search.ts) beside generated/ (ts-morph, seconds
 *    at 30,000 cards) and the saved games' field-query data (kept as it was
 *    until then), each file written only when it changed.
 */
export interface UpdateReport {
  ok: boolean;
  /** Pages and files whose contents changed. */
  changed: string[];
  /** Errors as the terminal shows them (no colour). */
  errors?: string;
  /** Set when every saved file held what serve last read from it: nothing was re-checked, and serve says nothing. */
  unchanged?: boolean;
  /** Set when a saved file was written again while this batch read it: nothing was said or drawn, and the batch is to be taken again. */
  readMidSave?: boolean;
  /** The games (IDs) a save re-checked: their print pages, drawn on request, may have changed though no site file did (a back template). */
  rechecked?: string[];
  timings: { check: number; render: number; write: number; total: number };
}

export interface BackgroundReport {
  /** From the start of the background work to the search index written (the package's emit runs meanwhile). */
  searchMs: number;
  /** From the start of the background work to generated/ written (or found unchanged). */
  generatedMs: number;
  /** Pages handed to Pagefind (the ones the save changed; every page of a language whose pages came or went). */
  searchPages: number;
  generatedChanged: number;
}

export class LiveSite {
  readonly project: Project;
  site: SiteFiles = new Map();
  /** The games of the last good build (what the site shows; the print pages draw from them); undefined before one. */
  games: CheckedGame[] | undefined;
  /**
   * generated/'s files as last written: each one's text, which the next save's compares with at once (equal strings
   * of different lengths differ at once, and an edit stops the comparison where it is); before the first write, the
   * hash of each file as read from disk. Keeping the text costs its size (21 MB at 30,000 cards); hashing it twice a
   * save cost 0.2 s there.
   */
  private generatedFiles: Map<string, { text: string } | { hash: string }> | undefined;
  private background: Promise<BackgroundReport | undefined> = Promise.resolve(undefined);
  /** The field-query data's writes, one at a time (`writeQueryDataInTurn`). */
  private queryWrites: Promise<unknown> = Promise.resolve();
  private wanted = 0;
  /** Set by `stop`: the background work under way then may fail for it (Ctrl-C stops Pagefind too), and is told so. */
  private stopping = false;
  /** Saves begun: the idle warm-up stops when one comes. */
  private saves = 0;
  /** Renders made: a save's field-query data is made only while its render is the last (its memo session the current one). */
  private renders = 0;
  /** The search index kept between saves: a save re-indexes the pages it changed (live-search.ts). */
  private readonly search = new LiveSearch();
  /** Each entry's drawing at the last render, reused by the next where nothing it shows changed (render-memo.ts). */
  readonly memo = new RenderMemo();

  constructor(
    readonly root: string,
    private readonly options: { base: string; version: string; color?: boolean },
  ) {
    this.project = new Project(root);
    holdPagefindReports(() => this.stopping);
  }

  get dist(): string {
    return path.join(this.root, 'docs-site', 'dist');
  }

  /** The first build. With errors, the site on disk (the last good one) is served as it is. */
  async init(): Promise<UpdateReport> {
    const t0 = performance.now();
    await this.project.loadAll();
    const games = this.project.checkedGames;
    const check = performance.now() - t0;
    if (!games) {
      this.site = new Map(await readFolder(this.dist));
      return { ok: false, changed: [], errors: this.errorText(), timings: { check, render: 0, write: 0, total: performance.now() - t0 } };
    }
    const t1 = performance.now();
    const records = await this.records();
    this.memo.clear();
    const pages = renderSite(games, { base: this.options.base, releases: records.releases, memo: this.memo });
    const old = await readFolder(this.dist);
    // Keep the search index of the last build until the new one is ready.
    for (const [p, c] of old) if (p.startsWith('pagefind/') && !pages.has(p)) pages.set(p, c);
    this.site = sorted(pages);
    this.games = games;
    const t2 = performance.now();
    await replaceFolder(this.dist, this.site);
    // The first render's leftovers (every page drawn, the project's files read) go before the whole index and
    // package are made: they would otherwise add to the highest memory serve reaches (idle-gc.ts).
    await collectGarbage();
    this.schedule(games);
    const t3 = performance.now();
    return { ok: true, changed: [...this.site.keys()], timings: { check, render: t2 - t1, write: t3 - t2, total: t3 - t0 } };
  }

  /**
   * Ready this thread's YAML parser for the first saves while none comes (warm-up.ts), and take the large files apart
   * into their entries as their first save would (load/entry-reparse.ts); stops when a save comes.
   */
  async warmUp(): Promise<void> {
    const saves = this.saves;
    const parsed = this.project.memo.parsed;
    const text = parsed.someText(['.yaml', '.yml']);
    if (text !== undefined) await warmYamlParser(text, () => this.saves !== saves);
    await prepareEntries(parsed, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return this.saves === saves;
    });
    // What taking them apart made and dropped goes now, not in the first save (idle-gc.ts).
    if (this.saves === saves) await collectGarbage();
  }

  async update(files: readonly string[]): Promise<UpdateReport> {
    this.saves++;
    const t0 = performance.now();
    if (await this.project.unchangedSince(files)) {
      const total = performance.now() - t0;
      return { ok: true, unchanged: true, changed: [], timings: { check: total, render: 0, write: 0, total } };
    }
    // The memo tracks entries only: a save of any other file (a manifest, a schema, a template, a locale file) draws
    // every entry anew; a scratch file beside them does not.
    if (!this.onlyEntryFiles(files.filter((f) => !isUnreadKind(f)))) this.memo.clear();
    const change = await this.project.update(files);
    // Half a save read (the file written again since, seen at its read or after the check): nothing is said or drawn
    // from it; the batch is taken again (serve.ts), or the rest of the save's own batch comes first.
    if (change.readMidSave || (await this.project.writtenSinceRead(files))) {
      const total = performance.now() - t0;
      return { ok: true, unchanged: true, readMidSave: true, changed: [], timings: { check: total, render: 0, write: 0, total } };
    }
    const games = this.project.checkedGames;
    const check = performance.now() - t0;
    if (!games) return { ok: false, changed: [], errors: this.errorText(), timings: { check, render: 0, write: 0, total: performance.now() - t0 } };

    const t1 = performance.now();
    const touched = new Set(change.games.map((dir) => this.project.games.get(dir)?.checked?.linked.game.manifest.id).filter(Boolean));
    const next: SiteFiles = new Map();
    // Files of untouched games stay as they are; a touched (or removed) game's folder is rendered anew, pages and
    // data alike (a collection that shrinks to one page leaves no `<collection>.entries.json` behind).
    const ids = new Set(games.map((g) => g.linked.game.manifest.id));
    for (const [p, c] of this.site) {
      const game = p.split('/')[0]!;
      // A touched game's field-query data stays as it was until the background makes it anew (queryData below).
      if (p.includes('/') && game !== 'pagefind' && (!ids.has(game) || (touched.has(game) && !isQueryFile(p)))) continue;
      next.set(p, c);
    }
    const records = await this.records();
    // The pages first: the field-query data, a third of the render at 10,000 cards, is made after they are written.
    const queryData = new Map<string, () => Map<string, string>>();
    this.renders++;
    for (const g of games) {
      const id = g.linked.game.manifest.id;
      if (!touched.has(id)) continue;
      const render = renderGamePagesFirst(g, records.releases, undefined, this.memo);
      for (const [p, c] of render.files) next.set(p, c);
      queryData.set(id, render.queryData);
    }
    next.set('index.html', renderHome(games));
    withSitemap(next, this.options.base);
    const t2 = performance.now();

    const changed = [...next.keys()].filter((p) => !sameBytes(this.site.get(p), next.get(p)));
    const removed = [...this.site.keys()].filter((p) => !next.has(p));
    await Promise.all([
      ...changed.map((p) => writeAtomic(path.join(this.dist, p), next.get(p)!)),
      ...removed.map((p) => rm(path.join(this.dist, p), { force: true })),
    ]);
    this.site = sorted(next);
    this.games = games;
    const t3 = performance.now();
    // Nothing else changed: the query data is made now (it may still differ); else beside the search index.
    let queryChanged: string[] = [];
    if (changed.length || removed.length) this.schedule(games, queryData);
    else queryChanged = await this.writeQueryDataInTurn(queryData);
    return {
      ok: true,
      changed: [...changed, ...removed, ...queryChanged],
      rechecked: [...touched].filter((id): id is string => id !== undefined),
      timings: { check, render: t2 - t1, write: t3 - t2, total: t3 - t0 },
    };
  }

  /** Whether every saved file is a file the last good games' entries were read from. */
  private onlyEntryFiles(files: readonly string[]): boolean {
    if (!this.games) return false;
    const data = new Set<string>();
    // A file's entries come one after another: its path is added once, not once per entry (30,000 adds a save).
    for (const g of this.games)
      for (const c of g.linked.game.collections.values()) {
        let last: Entry['source'] | undefined;
        for (const e of c.entries) if (e.source !== last) data.add((last = e.source).path);
      }
    return files.every((f) => data.has(path.relative(this.root, f).split(path.sep).join('/')));
  }

  /**
   * The project's settings (package name) and releases record, read as the
   * build reads them, so serve's background rewrite of generated/ keeps the
   * released name and version and the site keeps its Changes pages. Their
   * own errors are the build's to report; serve falls back to the defaults.
   */
  private async records(): Promise<{ name: string; releases: Release[] }> {
    const bag = new DiagnosticBag();
    const settings = await readSettings(this.root, bag);
    const releases = await readReleases(this.root, bag);
    return { name: settings.package.name, releases };
  }

  /** Resolves when the background work queued so far (search index, generated/) is done. */
  settled(): Promise<BackgroundReport | undefined> {
    return this.background;
  }

  /**
   * Serve is stopping: the background work queued (and queued from now on) still runs, so generated/ is written, and
   * what it could not finish (Ctrl-C in a terminal stops Pagefind's process too) is told as a step left for
   * `rulebook build`, in place of Pagefind's own report of its stopped process (quiet-pagefind.ts).
   */
  stop(): void {
    this.stopping = true;
  }

  errorText(): string {
    const sources = this.project.sources;
    const items = this.project.diagnostics.filter((d) => d.severity === 'error');
    return items.map((d) => formatDiagnostic(d, { color: this.options.color ?? false, sources })).join('\n\n');
  }

  /**
   * `writeQueryData` after the writes before it. Two could overlap: the background's, for a save whose pages changed,
   * and the next save's own, when its pages did not; the older one's files then landed last, on disk and in the site
   * (seen in a test under load). `render`: the background's render, whose data is written only if no save drew the
   * pages again since (that save makes its own).
   */
  private writeQueryDataInTurn(queryData: ReadonlyMap<string, () => Map<string, string>>, render?: number): Promise<string[]> {
    const run = this.queryWrites.then(() => (render === undefined || render === this.renders ? this.writeQueryData(queryData) : []));
    this.queryWrites = run.catch(() => undefined);
    return run;
  }

  /**
   * Make the touched games' field-query data (by game ID, renderGamePagesFirst), put it in the site in place of what
   * they had, and write the files whose bytes changed; the site's files that changed or went.
   */
  private async writeQueryData(queryData: ReadonlyMap<string, () => Map<string, string>>): Promise<string[]> {
    if (!queryData.size) return [];
    const made = new Map<string, string>();
    for (const make of queryData.values()) for (const [p, c] of make()) made.set(p, c);
    const ofGame = (p: string) => queryData.has(p.split('/')[0]!) && isQueryFile(p);
    const changed = [...made].filter(([p, c]) => !sameBytes(this.site.get(p), c)).map(([p]) => p);
    const gone = [...this.site.keys()].filter((p) => ofGame(p) && !made.has(p));
    await writeChangedFiles(
      this.dist,
      changed.map((p) => [p, made.get(p)!] as const),
      gone,
    );
    const added = changed.some((p) => !this.site.has(p));
    for (const p of gone) this.site.delete(p);
    for (const p of changed) this.site.set(p, made.get(p)!);
    if (added) this.site = sorted(this.site);
    return [...changed, ...gone];
  }

  /** Queue the slow outputs; a newer save supersedes a queued one (only the latest state is built). */
  private schedule(games: CheckedGame[], queryData: ReadonlyMap<string, () => Map<string, string>> = new Map()): void {
    const ticket = ++this.wanted;
    const render = this.renders;
    // What the background is doing, for the line that tells of its failure.
    let step = 'the engine package (generated/)';
    this.background = this.background
      .then(async () => {
        if (ticket !== this.wanted) return undefined;
        const t0 = performance.now();
        // Pagefind gets the changed pages, then builds the bundles in its own process while this thread emits the package.
        // Its failure is thrown once generated/ is written, which does not need it.
        const search = await this.search.start(this.site).catch((error: unknown) => {
          const files = Promise.reject(error);
          files.catch(() => undefined);
          return { files };
        });
        const records = await this.records();
        const pkg = emitPackage(games, this.project.schemas, records.releases[0]?.version ?? this.options.version, records.name);
        // generated/ first: the engine's tests and the programmer's editor need it, and it waits on nothing but the emit
        // (at 30,000 cards it landed 1.7 s later when written after the search index).
        const generatedDir = path.join(this.root, 'generated');
        // Each file as last written, rather than generated/ read back each save (tens of MB at 30,000 cards): read once.
        const known = (this.generatedFiles ??= await folderHashes(generatedDir));
        const diff = [...pkg].filter(([rel, c]) => !sameGenerated(known.get(rel), c)).map(([rel]) => rel);
        const gone = [...known.keys()].filter((rel) => !pkg.has(rel));
        // Only the files that changed (a saved card rewrites its data module, not the whole package), each atomically.
        // What was written is forgotten first: a write that fails leaves it to be read from disk again.
        this.generatedFiles = undefined;
        // Written without yielding: written in steps, the search index's own work (its lists of names, at 30,000
        // cards 0.3 s) ran between them as Pagefind answered, and generated/ landed only after it.
        writeChangedFilesNow(
          generatedDir,
          diff.map((rel) => [rel, pkg.get(rel)!] as const),
          gone,
        );
        this.generatedFiles = new Map([...pkg].map(([rel, text]) => [rel, { text }]));
        const t1 = performance.now();
        step = 'the search index';
        const index = await search.files;
        const pagefindDir = path.join(this.dist, 'pagefind');
        // pagefind/ as it was (what init read from disk, or the last save wrote), to write only the files whose bytes changed.
        const before = new Map<string, string | Uint8Array>();
        for (const [p, c] of this.site) if (p.startsWith('pagefind/')) before.set(p.slice('pagefind/'.length), c);
        await writeChangedFiles(
          pagefindDir,
          [...index].filter(([p, c]) => !sameBytes(before.get(p.slice('pagefind/'.length)), c)).map(([p, c]) => [p.slice('pagefind/'.length), c] as const),
          [...before.keys()].filter((rel) => !index.has(`pagefind/${rel}`)),
        );
        // The site's record of pagefind/ follows the disk once written: a write that fails leaves it as it was, so
        // the next save compares against what the disk still holds and writes those files again.
        for (const p of [...this.site.keys()]) if (p.startsWith('pagefind/')) this.site.delete(p);
        for (const [p, c] of index) this.site.set(p, c);
        const t2 = performance.now();
        // Then the saved games' field-query data (made after the package and the index: at 10,000 cards each landed
        // 0.1 s sooner for it). A later save that rendered again makes its own.
        step = "the site's field-query data";
        await this.writeQueryDataInTurn(queryData, render);
        step = "the editor's schemas";
        // The editor's schemas list the IDs that exist: a saved entry is offered (and no longer flagged) in the editor at once.
        await writeEditorFiles(this.root, games, this.project.schemas);
        const report = {
          searchMs: t2 - t0,
          generatedMs: t1 - t0,
          generatedChanged: diff.length + gone.length,
          searchPages: this.search.lastIndexed,
        };
        // Idle until the next save: drop what this one made and let go of (idle-gc.ts), unless another save is queued.
        if (ticket === this.wanted) await collectGarbage();
        return report;
      })
      .catch((error: unknown) => {
        if (this.stopping) process.stderr.write(`rulebook serve: stopped before ${step} took the last save; \`rulebook build\` brings it up to date\n`);
        else process.stderr.write(`rulebook serve: ${internalErrorText(`${step} was not updated`, error)}\n`);
        return undefined;
      });
  }
}

function sameBytes(a: string | Uint8Array | undefined, b: string | Uint8Array | undefined): boolean {
  // The same object (a file carried over from the last save: every search index file) is the same bytes, without reading
  // them: comparing the index's megabytes byte by byte was 35 ms of each save at 10,000 cards.
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  return Buffer.from(a).equals(Buffer.from(b));
}

/** Write the given files (each atomically) and remove the gone ones, in `dir` (and the folders they leave empty). */
async function writeChangedFiles(dir: string, files: ReadonlyArray<readonly [string, string | Uint8Array]>, gone: readonly string[]): Promise<void> {
  await Promise.all([...files.map(([rel, c]) => writeAtomic(path.join(dir, rel), c)), ...gone.map((rel) => rm(path.join(dir, rel), { force: true }))]);
  if (gone.length) await removeEmptiedFolders(dir, gone);
}

/** `writeChangedFiles`, done before returning (each file still atomically: a sibling temporary file, then a rename). */
function writeChangedFilesNow(dir: string, files: ReadonlyArray<readonly [string, string | Uint8Array]>, gone: readonly string[]): void {
  for (const [rel, content] of files) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, content);
    renameSync(tmp, file);
  }
  for (const rel of gone) rmSync(path.join(dir, rel), { force: true });
}

/** A file's contents as a hash: a generated/ file is compared with the last written one without keeping its bytes. */
function hashOf(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('base64');
}

/** Every file under `dir` (relative path) -> its hash. */
async function folderHashes(dir: string): Promise<Map<string, { hash: string }>> {
  return new Map([...(await readFolder(dir))].map(([rel, c]) => [rel, { hash: hashOf(c) }]));
}

/** Whether a generated/ file as last written (or read) holds `text`. */
function sameGenerated(known: { text: string } | { hash: string } | undefined, text: string): boolean {
  if (!known) return false;
  return 'text' in known ? known.text === text : known.hash === hashOf(text);
}

let temporaryFiles = 0;

/** Write one file so a reader never sees half of it: a sibling temporary file, then a rename. */
async function writeAtomic(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // A temporary name of its own for each write: two writes of one file at once must not rename each other's away.
  const tmp = `${file}.${process.pid}.${++temporaryFiles}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, file);
}

/**
 * The kinds of file a game is read or drawn from (its data, manifest and
 * locale files, rules pages, templates, pictures), by extension.
 */
const READ_EXTENSIONS = new Set(['.yaml', '.yml', '.json', '.csv', '.tsv', '.md', '.hbs', '.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif']);

/**
 * A file no game is read or drawn from, by its name. The watcher leaves out
 * the scratch files editors and tools are known to write (serve/watch.ts);
 * one it does not know (`sed -i` once wrote `sedlXCnCs` beside the file it
 * saved) still reaches a save's batch, and drew all 20,000 entries of a game
 * anew (render 468-504 ms; with the drawings kept, 54-96 ms). It is still
 * checked (a file a manifest names as its source text may have any name):
 * only the drawings are kept.
 */
function isUnreadKind(file: string): boolean {
  return !READ_EXTENSIONS.has(path.extname(file).toLowerCase());
}
