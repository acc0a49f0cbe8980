import { stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DiagnosticBag, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { displayPath, readSource } from '../load/files.ts';
import { findGames } from '../load/game.ts';
import { checkGame, type CheckMemo } from '../pipeline.ts';
import { statStamp } from '../load/parse-cache.ts';
import { ReadMidSave } from '../load/mid-save.ts';
import { recordedVersion } from '../project-settings.ts';
import { defaultUpgrades } from '../upgrades.ts';
import { ValidationMemo } from '../validate/game.ts';
import { ParseCache } from '../load/parse-cache.ts';
import { RuleMemo } from '../rules/rule-memo.ts';
import { SchemaSet } from '../validate/schemas.ts';
import type { CheckedGame } from '../model.ts';

/**
 * The project as `rulebook serve` keeps it between saves: the compiled
 * schemas and each game's checked result, so a save re-checks only what it
 * touched. A file under content/<game>/ re-checks that game; a file under
 * schemas/ recompiles the schemas and re-checks every game.
 *
 * Each game goes through pipeline.ts `checkGame`, the same steps `check`
 * runs for every game.
 */
export interface GameState {
  dir: string;
  checked: CheckedGame | undefined;
  diagnostics: Diagnostic[];
  /** Every file the game read, by display path. */
  files: string[];
  /** The text of each file a diagnostic names, for its code frame: the parse cache holds the others (one copy, not two). */
  sources: Map<string, string>;
}

export interface Change {
  /** Game folders re-checked (all of them when the schemas changed). */
  games: string[];
  ms: number;
  /** A saved file was read while it was being written: the check stopped there (load/mid-save.ts). */
  readMidSave?: boolean;
}

export class Project {
  schemas!: SchemaSet;
  private schemaDiagnostics: Diagnostic[] = [];
  readonly games = new Map<string, GameState>();
  /** Files parsed and validated, and rules compiled, by earlier runs: a save redoes that work only for what changed (read by tests for its counts). */
  readonly memo: CheckMemo = { parsed: new ParseCache(), validated: new ValidationMemo(), rules: new RuleMemo() };

  constructor(readonly root: string) {}

  async loadAll(): Promise<void> {
    await this.loadSchemas();
    this.games.clear();
    for (const dir of await findGames(this.root)) this.games.set(dir, await this.checkGame(dir));
  }

  /**
   * Re-check after a batch of saved files; returns which games changed. A saved file read while it was still being
   * written stops the check at its read (load/mid-save.ts): nothing more is checked, and the batch is taken again.
   */
  async update(files: readonly string[]): Promise<Change> {
    const t0 = performance.now();
    try {
      return await this.recheck(files, t0);
    } catch (error) {
      if (!(error instanceof ReadMidSave)) throw error;
      this.readMidSave.add(path.join(this.root, error.file));
      return { games: [], ms: performance.now() - t0, readMidSave: true };
    }
  }

  private async recheck(files: readonly string[], t0: number): Promise<Change> {
    const contentDir = path.join(this.root, 'content') + path.sep;
    // The saved files are read again whatever their stat says (two saves in one clock tick keep the same time).
    this.memo.parsed.markChanged(files.map((f) => displayPath(this.root, f)));
    if (files.some((f) => f.startsWith(path.join(this.root, 'schemas') + path.sep))) {
      await this.loadAll();
      return { games: [...this.games.keys()], ms: performance.now() - t0 };
    }
    const dirs = new Set(files.filter((f) => f.startsWith(contentDir)).map((f) => path.join(contentDir, f.slice(contentDir.length).split(path.sep)[0]!)));
    // A game may have appeared or gone (its game.yaml created or deleted).
    const present = new Set(await findGames(this.root));
    for (const dir of this.games.keys()) if (!present.has(dir)) this.games.delete(dir);
    for (const dir of present) if (!this.games.has(dir)) dirs.add(dir);
    const touched = [...dirs].filter((d) => present.has(d) || this.games.has(d));
    for (const dir of touched) if (present.has(dir)) this.games.set(dir, await this.checkGame(dir));
    this.memo.parsed.keepOnly(new Set([...this.games.values()].flatMap((g) => g.files)));
    return { games: touched, ms: performance.now() - t0 };
  }

  /**
   * Whether every file of a batch holds the text the last run read from it: nothing to re-check. An editor's save
   * of a large file can come as two batches (its writes ran past the watcher's settling time: 14 MB written in
   * 512 KB steps at 30,000 cards), and the second re-checked the whole game for nothing (0.5-0.9 s), putting off
   * the first one's generated/ and search index; saving an unchanged buffer again, or a checkout that rewrites files
   * as they were, did the same. A file whose size differs from its last read's is changed, without reading it (most
   * saves); one of the same size is read and compared (the modification time cannot tell: an unchanged file saved
   * again gets a new one, and two writes in one clock tick keep the same).
   */
  async unchangedSince(files: readonly string[]): Promise<boolean> {
    if (!files.length || files.some((f) => this.readMidSave.has(f))) return false;
    for (const file of files) {
      const st = await stat(file).catch(() => undefined);
      const last = st?.isFile() ? this.memo.parsed.readAtSize(displayPath(this.root, file), st.size) : undefined;
      if (last === undefined) return false;
      const read = await readSource(file);
      if (!read || read.bad.length || read.text !== last) return false;
    }
    return true;
  }

  /**
   * Whether a file of the batch was written again after this run read it: the run may have read half a save. An
   * editor or a script that writes a large file in one go truncates it first, and the watcher's batch can come while
   * the rest is still being written: a 30,000-card JSON file read so said "a key in double quotes was expected" at a
   * line the save never broke, and the next batch read it whole. The write after the read brings no batch of its
   * own when the watcher drops its event (chokidar passes over a change a few milliseconds after the last one), so
   * serve takes the batch again itself (serve.ts); whichever comes next is read and checked whatever it holds
   * (`unchangedSince` does not pass it over: the text this run read may be the whole save).
   */
  async writtenSinceRead(files: readonly string[]): Promise<boolean> {
    let written = false;
    for (const file of files) {
      const was = this.memo.parsed.stampOf(displayPath(this.root, file));
      if (was === undefined) continue; // not read by this run (not content, or removed)
      const now = statStamp(await stat(file).catch(() => undefined));
      // Gone since: its removal is a batch of its own (and is not waited for: it may never come back).
      if (now !== undefined && now !== was) {
        this.readMidSave.add(file);
        written = true;
      }
    }
    if (!written) for (const file of files) this.readMidSave.delete(file);
    return written;
  }

  /** Files read while they were being written (`writtenSinceRead`): the next batch naming them is checked. */
  private readonly readMidSave = new Set<string>();

  get diagnostics(): Diagnostic[] {
    return [...this.schemaDiagnostics, ...[...this.games.values()].flatMap((g) => g.diagnostics)];
  }

  get errorCount(): number {
    return this.diagnostics.filter((d) => d.severity === 'error').length;
  }

  get sources(): Map<string, string> {
    return new Map([...this.games.values()].flatMap((g) => [...g.sources]));
  }

  /** Every game in name order, when all of them check without errors. */
  get checkedGames(): CheckedGame[] | undefined {
    const all = [...this.games.values()].sort((a, b) => (a.dir < b.dir ? -1 : 1));
    if (this.errorCount || all.some((g) => !g.checked)) return undefined;
    return all.map((g) => g.checked!);
  }

  private async loadSchemas(): Promise<void> {
    const bag = new DiagnosticBag();
    this.schemas = await SchemaSet.load(this.root, bag);
    this.schemaDiagnostics = [...bag.items];
  }

  private async checkGame(dir: string): Promise<GameState> {
    const bag = new DiagnosticBag();
    // Every file read, failed ones included, so a broken game.yaml still gets its code frame.
    // As `check` does: a retired form names the versions between the tool that made the project (rulebook.yaml) and this one.
    const { checked, sources } = await checkGame(this.root, dir, this.schemas, bag, undefined, this.memo, defaultUpgrades(await recordedVersion(this.root)));
    const named = new Set(bag.items.map((d) => d.file));
    return { dir, checked, diagnostics: bag.items, files: [...sources.keys()], sources: new Map([...sources].filter(([file]) => named.has(file))) };
  }
}
