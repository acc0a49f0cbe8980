import { rulesByEntry } from '../rules/rules-by-entry.ts';
import { entriesById } from '../link/entry-index.ts';
import type { CheckedGame, CompiledRule, Entry, Game, PlaceholderInfo } from '../model.ts';
import { collectionPage } from '../site-addresses.ts';
import type { CollectionPlan } from './pages.ts';

/**
 * What the pages of one game look up about its entries, indexed once per
 * game. Each entry's page used to scan every entry (a rule's entry, a
 * referenced entry's name, an icon, a rule by number, an entry's drafts),
 * which made the site phase quadratic in the size of a collection: at
 * 10,000 cards those scans were most of its time. Maps built once keep it
 * linear.
 */
export interface SiteIndex {
  entry(collection: string, id: string): Entry | undefined;
  /** The compiled rules of an entry, in the order the build compiled them. */
  rules(collection: string, id: string): readonly CompiledRule[];
  /** Every draft value of an entry (the entry itself, its name, its fields at any depth), in source order. */
  drafts(collection: string, id: string): readonly PlaceholderInfo[];
  /** A numbered rule of the rules collection, by its number as printed ("16.6.5"). */
  ruleByNumber(number: string): Entry | undefined;
  /** How a collection is spread over pages (collections drawn as a rules tree or glossary have none: one page). Read from `plans` when asked, so they may be filled after the index is made. */
  plan(collection: string): CollectionPlan | undefined;
  /** Where an entry is drawn, relative to the game's folder: its page and anchor (`action-cards.3.html#id`). */
  hrefOf(collection: string, id: string): string;
  /** Per-render memo for the renderers (a face template read once per render, not once per entry). */
  memo: Map<string, unknown>;
}

const key = (collection: string, id: string) => `${collection}\u0000${id}`;

function grouped<T>(items: Iterable<T>, keyOf: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) {
    const k = keyOf(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}

export function siteIndexOf(g: CheckedGame, plans: ReadonlyMap<string, CollectionPlan> = new Map()): SiteIndex {
  const game: Game = g.linked.game;
  // The first of two entries with one ID wins, as `find` did (the check reports the duplicate); the index link made.
  const entries = new Map<string, ReadonlyMap<string, Entry>>([...game.collections.values()].map((c) => [c.name, entriesById(c.entries)]));
  // The package's index of the same rules (made once per checked game, whichever asks first).
  const rules = rulesByEntry(g.rules);
  const drafts = grouped(g.linked.placeholders, (p) => key(p.collection, p.id));
  const rulesRole = game.manifest.roles?.rules;
  const byNumber = new Map<string, Entry>();
  for (const e of (rulesRole ? game.collections.get(rulesRole)?.entries : undefined) ?? []) {
    const n = String(e.value.number);
    if (!byNumber.has(n)) byNumber.set(n, e);
  }
  return {
    entry: (collection, id) => entries.get(collection)?.get(id),
    rules: (collection, id) => rules.get(collection)?.get(id) ?? [],
    drafts: (collection, id) => drafts.get(key(collection, id)) ?? [],
    ruleByNumber: (number) => byNumber.get(number),
    plan: (collection) => plans.get(collection),
    hrefOf: (collection, id) => {
      const plan = plans.get(collection);
      const page = plan?.pages[plan.pageOf.get(id) ?? 0]?.file ?? collectionPage(collection);
      return `${page}#${id}`;
    },
    memo: new Map(),
  };
}
