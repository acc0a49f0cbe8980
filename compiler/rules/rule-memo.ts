import { DiagnosticBag, type Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RulesLanguage } from '../locales/language.ts';
import type { CompiledRule, DeclaredValue, Game, RuleSite, SourceFile } from '../model.ts';
import type { StateModel } from './state.ts';

/** The game-wide inputs of a rule's compile, as last seen: a new object whenever any of them changed. */
export interface RuleContext {
  readonly key: string;
  readonly localeFiles: readonly SourceFile[];
}

interface Remembered {
  collection: string;
  kind: string;
  pointer: string;
  /** The entry's place in its file, and the file as parsed: the places of what the site said. */
  entryPointer: string;
  source: SourceFile;
  context: RuleContext;
  rule: CompiledRule | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Compiled rules kept between runs in one process (`rulebook serve`): a save
 * that touched one card re-checks, renders and compiles that card's rules
 * only. A site's result (its compiled rule and what it said) depends on its
 * entry's value and place and on game-wide facts: the manifest, the
 * declarations, the end-state model (which may list a collection's entry
 * names) and the rules language. Entries are keyed by their value object,
 * which load/parse-cache.ts and validate's memo give back unchanged for a
 * file whose text did not change, and load/entry-reparse.ts for an entry
 * whose text did not change in a saved file; the game-wide facts are
 * compared as a whole, and any change among them compiles every site again.
 *
 * Games of several locales are not memoized: their languages read
 * translations from every entry.
 */
export class RuleMemo {
  /** Sites compiled in the last run, and sites taken as they were: tests count work by these, not by time. */
  compiled = 0;
  reused = 0;
  private context: RuleContext | undefined;
  private readonly sites = new WeakMap<object, Remembered[]>();

  /** Start a run: the context its sites are remembered under, or undefined when this game's rules are not memoized. */
  begin(
    game: Game,
    declarations: ReadonlyMap<string, readonly DeclaredValue[]>,
    state: StateModel | undefined,
    languages: readonly RulesLanguage[],
  ): RuleContext | undefined {
    this.compiled = 0;
    this.reused = 0;
    if (languages.length !== 1 || languages[0]!.tag !== game.manifest.locale) return undefined;
    const fields = state && [...state.fields.values()].map((f) => [f.name, [...f.values], f.resourceName ?? null, f.entryValues ?? false]);
    const key = JSON.stringify([game.manifest, [...declarations], fields ?? null]);
    const localeFiles = game.localeFiles ?? [];
    const last = this.context;
    if (!last || last.key !== key || last.localeFiles.length !== localeFiles.length || last.localeFiles.some((s, i) => s !== localeFiles[i]))
      this.context = { key, localeFiles: [...localeFiles] };
    return this.context;
  }

  /** The site's rule as `compile` gives it, with what it says added to `bag`, or as remembered when nothing it reads changed. */
  site(site: RuleSite, context: RuleContext, bag: DiagnosticBag, compile: (bag: DiagnosticBag) => CompiledRule | undefined): CompiledRule | undefined {
    const { entry } = site;
    // An entry's ID and name come from its value and the manifest (part of the context), so they need no comparing.
    // No string keys: this runs for every site of the game on every save.
    const same = (r: Remembered) => r.pointer === site.pointer && r.kind === site.kind && r.collection === site.collection && r.entryPointer === entry.pointer;
    let list = this.sites.get(entry.value);
    const known = list?.find(same);
    // The same value from a new parse of its file (another card of the file saved: load/entry-reparse.ts) compiles
    // alike; only what it said holds places, which may have moved: a site that said nothing is taken as it was.
    if (known && known.context === context && (known.source === entry.source || (!known.diagnostics.length && known.source.path === entry.source.path))) {
      this.reused++;
      for (const d of known.diagnostics) bag.add(d);
      return known.rule;
    }
    this.compiled++;
    // Its own bag, so what it said can be said again; added to the run's bag in the same order, where duplicates fall as before.
    const own = new DiagnosticBag();
    const rule = compile(own);
    for (const d of own.items) bag.add(d);
    if (!list) this.sites.set(entry.value, (list = []));
    const record: Remembered = {
      collection: site.collection,
      kind: site.kind,
      pointer: site.pointer,
      entryPointer: entry.pointer,
      source: entry.source,
      context,
      rule,
      diagnostics: own.items,
    };
    if (known) list[list.indexOf(known)] = record;
    else list.push(record);
    return rule;
  }
}
