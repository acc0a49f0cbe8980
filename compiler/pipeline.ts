import { performance } from 'node:perf_hooks';
import { DiagnosticBag } from './diagnostics/diagnostic.ts';
import { findGames, loadGame, warnFoldersWithoutManifest } from './load/game.ts';
import { linkGame } from './link/link.ts';
import type { CheckedGame, Game } from './model.ts';
import type { ParseAhead } from './load/parse-ahead.ts';
import type { ParseCache } from './load/parse-cache.ts';
import { checkCardPointsExamples } from './rules/card-points-examples.ts';
import { compileRules } from './rules/compile.ts';
import type { RuleMemo } from './rules/rule-memo.ts';
import { validateGame, type ValidationMemo } from './validate/game.ts';
import { SchemaSet } from './validate/schemas.ts';
import { recordedVersion } from './project-settings.ts';
import { defaultUpgrades, type RetiredForm, type Upgrades } from './upgrades.ts';

export interface CheckResult {
  bag: DiagnosticBag;
  schemas: SchemaSet;
  games: CheckedGame[];
  /** Source text of every file read, by display path (for code frames). */
  sources: Map<string, string>;
  timings: Array<[phase: string, ms: number]>;
}

/** One game through load -> validate -> link -> rules (what `check` does for every game, and `serve` for the one a save touched). */
export interface GameCheck {
  game: Game | undefined;
  checked: CheckedGame | undefined;
  /** Every file the game read, by display path, including those that failed to decode or parse (their errors need code frames too). */
  sources: Map<string, string>;
}

type Timer = <T>(phase: string, f: () => T) => T;
const untimed: Timer = (_, f) => f();

/** What `rulebook serve` keeps between saves so a re-check redoes only what a save changed. */
export interface CheckMemo {
  parsed: ParseCache;
  validated: ValidationMemo;
  /** Rules compiled by earlier runs, by entry (rules/rule-memo.ts). */
  rules?: RuleMemo;
}

export async function checkGame(
  root: string,
  dir: string,
  schemas: SchemaSet,
  bag: DiagnosticBag,
  time: Timer = untimed,
  memo?: CheckMemo,
  upgrades?: Upgrades,
  ahead?: ParseAhead,
): Promise<GameCheck> {
  const sources = new Map<string, string>();
  const loaded = await loadGame(root, dir, bag, sources, memo?.parsed, ahead);
  if (!loaded) return { game: undefined, checked: undefined, sources };
  const found = time('validate', () => validateGame(loaded, schemas, bag, memo?.validated, upgrades));
  const game = found.game;
  // A game whose manifest is malformed stops after validation: its diagnostics are already out.
  if (!found.ok) return { game, checked: undefined, sources };
  const linked = time('link', () => linkGame(game, found.refs, bag));
  const { rules, players } = time('rules', () => compileRules(linked, found.rules, bag, memo?.rules));
  time('rules', () => checkCardPointsExamples(linked, bag));
  return { game, checked: { linked, rules, players }, sources };
}

export interface CheckOptions {
  /** The forms a newer rulebook retired (default: upgrades.ts's registry). */
  retired?: readonly RetiredForm[];
  /** The content's parse, started before the compiler was loaded (load/parse-ahead.ts); the caller closes it. */
  ahead?: ParseAhead;
}

/** load -> validate -> link -> rules for every game under content/. Never throws for bad content. */
export async function check(root: string, options: CheckOptions = {}): Promise<CheckResult> {
  const bag = new DiagnosticBag();
  const totals = new Map<string, number>();
  const time: Timer = (phase, f) => {
    const t0 = performance.now();
    const r = f();
    totals.set(phase, (totals.get(phase) ?? 0) + performance.now() - t0);
    return r;
  };
  let t0 = performance.now();
  const sources = new Map<string, string>();
  const schemas = await SchemaSet.load(root, bag, sources);
  totals.set('schemas', performance.now() - t0);
  const games: CheckedGame[] = [];
  // The version rulebook.yaml says made the project: a retired form met in content then names the range the change lies in.
  const upgrades = { ...defaultUpgrades(await recordedVersion(root)), ...(options.retired ? { retired: options.retired } : {}) };
  const dirs = await findGames(root);
  await warnFoldersWithoutManifest(root, bag);
  if (!dirs.length) bag.error('content', undefined, 'no-games', 'no game found: expected content/<game>/game.yaml');
  for (const dir of dirs) {
    t0 = performance.now();
    const before = new Map(totals);
    const result = await checkGame(root, dir, schemas, bag, time, undefined, upgrades, options.ahead);
    // Loading is what checkGame spends outside the timed phases.
    const timed = ['validate', 'link', 'rules'].reduce((n, p) => n + (totals.get(p) ?? 0) - (before.get(p) ?? 0), 0);
    totals.set('load', (totals.get('load') ?? 0) + performance.now() - t0 - timed);
    for (const [k, v] of result.sources) sources.set(k, v);
    if (result.checked) games.push(result.checked);
  }
  const order = ['schemas', 'load', 'validate', 'link', 'rules'];
  return { bag, schemas, games, sources, timings: order.map((p) => [p, totals.get(p) ?? 0]) };
}
