import { performance } from 'node:perf_hooks';
import { DiagnosticBag } from './diagnostics/diagnostic.ts';
import { findGames, loadGame } from './load/game.ts';
import { linkGame, type LinkedGame } from './link/link.ts';
import type { Game } from './model.ts';
import { compileRules, type CompiledRule } from './rules/compile.ts';
import { validateGame } from './validate/game.ts';
import { SchemaSet } from './validate/schemas.ts';

export interface CheckedGame {
  linked: LinkedGame;
  rules: CompiledRule[];
}

export interface CheckResult {
  bag: DiagnosticBag;
  schemas: SchemaSet;
  games: CheckedGame[];
  /** Source text of every file read, by display path (for code frames). */
  sources: Map<string, string>;
  timings: Array<[phase: string, ms: number]>;
}

/** load -> validate -> link -> rules for every game under content/. Never throws for bad content. */
export async function check(root: string): Promise<CheckResult> {
  const bag = new DiagnosticBag();
  const timings: Array<[string, number]> = [];
  const time = async <T>(phase: string, f: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    const r = await f();
    timings.push([phase, performance.now() - t0]);
    return r;
  };
  const schemas = await time('schemas', () => SchemaSet.load(root, bag));
  const loaded = await time('load', async () => {
    const out: Game[] = [];
    for (const dir of await findGames(root)) {
      const g = await loadGame(root, dir, bag);
      if (g) out.push(g);
    }
    return out;
  });
  if (!loaded.length) bag.error('content', undefined, 'no-games', 'no game found: expected content/<game>/game.yaml');
  const validated = await time('validate', () => loaded.map((g) => ({ game: g, found: validateGame(g, schemas, bag) })));
  // A game whose manifest is malformed stops after validation: its diagnostics are already out.
  const linked = await time('link', () => validated.filter((v) => v.found.ok).map((v) => ({ ...v, linked: linkGame(v.game, v.found.refs, bag) })));
  const games = await time('rules', () => linked.map((l) => ({ linked: l.linked, rules: compileRules(l.linked, l.found.rules, bag) })));
  const sources = new Map<string, string>();
  for (const g of loaded) {
    sources.set(g.manifestSource.path, g.manifestSource.text);
    for (const c of g.collections.values()) if (c.source) sources.set(c.source.path, c.source.text);
    if (g.constants) sources.set(g.constants.source.path, g.constants.source.text);
    for (const p of g.pages) sources.set(p.path, p.text);
  }
  return { bag, schemas, games, sources, timings };
}
