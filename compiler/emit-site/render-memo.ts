import type { Collection, Entry, Game, PlaceholderInfo, PlaceholderMark, SourceFile } from '../model.ts';
import type { PageContext } from './context.ts';
import { escapePointer } from '../json-pointer.ts';
import { labelsOf } from './labels.ts';
import type { SiteIndex } from './site-index.ts';

/**
 * What `rulebook serve` keeps between two renders of a game so a save redraws
 * only the entries it touched: each entry's HTML (most of a page's cost: at
 * 10,000 cards drawing the entries was 60% of a render), with what the
 * drawing looked up (the entries it names or links to, through the site
 * index). A later render reuses an entry's HTML when neither the entry nor
 * anything it looked up changed, and the page's tooltip counter stands where
 * it stood (the IDs inside the HTML count from it).
 *
 * What an entry's drawing reads besides other entries (the manifest, the
 * schemas, the locale files, the templates, the icons' pictures) is not
 * tracked: the caller calls `clear()` whenever a save touched any file other
 * than entries' data files, and a render draws every entry anew, as a build
 * does, when a save renamed an entry, added, removed or reordered entries,
 * changed drafts or readings, or touched an entry of a collection other
 * entries read as a whole (the rules, the glossary, the icons). An entry drawn
 * on another page than before counts as changed (every link to it changes);
 * and when a value changes the field that tells same-named entries apart
 * (entities.ts whichHtml), that collection's entries are all drawn anew.
 *
 * No library: the state is this renderer's own (its index and its counters).
 */
export class RenderMemo {
  private readonly states = new Map<string, LocaleState>();
  /** Entries drawn anew and entries reused, since the last `resetCounts` (the tests read them). */
  drawn = 0;
  reused = 0;
  /** Pages given back as the last render made them (`framed`), since the last `resetCounts`. */
  pagesKept = 0;
  /** Parts made of a whole collection (`collectionPart`) kept from the last render and made anew, since the last `resetCounts`. */
  partsKept = 0;
  partsMade = 0;
  /** Files whose text was compared with their last text, since the last `resetCounts`: once a file, not once an entry (`sameText`). */
  textsCompared = 0;

  clear(): void {
    this.states.clear();
  }

  resetCounts(): void {
    this.drawn = 0;
    this.reused = 0;
    this.pagesKept = 0;
    this.partsKept = 0;
    this.partsMade = 0;
    this.textsCompared = 0;
  }

  /** A render of one game in one locale (game-pages.ts opens one per locale, after planning its collections). */
  session(game: Game, locale: string, index: SiteIndex, readings: ReadonlyMap<string, readonly PlaceholderInfo[]>): MemoSession {
    const key = `${game.manifest.id}\u0000${locale}`;
    const prev = this.states.get(key);
    const next: LocaleState = {
      entries: entriesOf(game),
      index,
      readings,
      pages: pagesOf(game, index),
      html: new Map(),
      runs: new Map(),
      framed: new Map(),
      which: new Map(),
      parts: new Map(),
    };
    this.states.set(key, next);
    return new MemoSession(this, prev, next, game, locale);
  }
}

interface Drawn {
  /** The entry's HTML, or what else the render kept of it (its field-query text: `entryValue`). */
  value: unknown;
  /** The page's tooltip counter before and after the entry was drawn. */
  idsFrom: number;
  idsTo: number;
  /** The entries the drawing looked up (`collection\0id`). */
  deps: Set<string>;
}

/** A run of entries joined into one piece of HTML: the drawings it joined (the very objects kept), and what framed them. */
interface Run {
  drawn: Drawn[];
  around: readonly string[];
  html: string;
}

/** A page as the layout framed it: what it was made of, and the page. */
interface Framed {
  parts: readonly string[];
  frame: string;
  html: string;
}

/** One collection's kept entries in one variant: the last render's (`was`), this one's (`now`), what changed. */
interface Place {
  was: Map<string, Drawn> | undefined;
  now: Map<string, Drawn>;
  /** The entries changed since the last render; undefined when none of the last drawings may serve. */
  changed: ReadonlySet<string> | undefined;
  /** Of them, this collection's IDs. */
  changedHere: ReadonlySet<string> | undefined;
}

interface LocaleState {
  entries: Map<string, Entry[]>;
  index: SiteIndex;
  /** Readings by `collection|id` (context.ts readingsByEntry). */
  readings: ReadonlyMap<string, readonly PlaceholderInfo[]>;
  /** Where each collection's entries are drawn: its pages' files, and each entry's page among them. */
  pages: Map<string, Placed>;
  /**
   * What was kept of each entry: by variant and the page's way to the game folder (`variant\0toGame`), then by
   * collection, then by ID. Nested rather than one key per entry: a save asks once per entry of the game (30,000),
   * and the collection's name and the entry's ID are strings already made (their hash kept), where a joined key is
   * a new string to hash each time.
   */
  html: Map<string, Map<string, Map<string, Drawn>>>;
  /** Each run of entries drawn together (a page's entries) as it was joined: by variant, way to the game folder, collection and first entry. */
  runs: Map<string, Run>;
  /** Each page as the layout framed it, by its file (see `framed`). */
  framed: Map<string, Framed>;
  /** Each collection's field that tells same-named entries apart ('' for none), as the render chose it. */
  which: Map<string, string>;
  /** What the render made of each collection as a whole (`collectionPart`): by collection, then by the part's name. */
  parts: Map<string, Map<string, unknown>>;
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

function entriesOf(game: Game): Map<string, Entry[]> {
  return new Map([...game.collections.values()].map((c) => [c.name, c.entries]));
}

interface Placed {
  files: readonly string[];
  /** Each page's label (the page list and the entry list name the pages by it). */
  labels: readonly string[];
  pageOf: ReadonlyMap<string, number>;
}

function pagesOf(game: Game, index: SiteIndex): Map<string, Placed> {
  const out = new Map<string, Placed>();
  for (const c of game.collections.values()) {
    const plan = index.plan(c.name);
    if (plan) out.set(c.name, { files: plan.pages.map((p) => p.file), labels: plan.pages.map((p) => p.label), pageOf: plan.pageOf });
  }
  return out;
}

export class MemoSession {
  /** Entries whose drawing may differ from the last render's; undefined: every entry (nothing is reused). */
  private changed: Set<string> | undefined;
  private compared = false;
  private changedById: Map<string, Set<string>> | undefined;
  /** Collections with an entry whose value changed: their field that tells same-named entries apart is compared. */
  private readonly changedIn = new Set<string>();
  /** Of them, those where a change may reach what is made of the collection as a whole (`collectionPart`), and those whose pages changed. */
  private readonly wholeChangedIn = new Set<string>();
  /** Collections where every entry is drawn anew (that field changed). */
  private readonly redrawn = new Set<string>();
  private readonly checkedWhich = new Set<string>();

  constructor(
    private readonly memo: RenderMemo,
    private readonly prev: LocaleState | undefined,
    private readonly next: LocaleState,
    private readonly game: Game,
    private readonly locale: string,
  ) {}

  /** An entry's HTML: the last render's when still valid, else `draw(ctx)` with its look-ups recorded. */
  entryHtml(
    c: Collection,
    e: Entry,
    ctx: PageContext,
    variant: string,
    draw: () => string,
    whichField: (c: Collection, ctx: PageContext) => string | undefined,
  ): string {
    this.checkWhich(c, ctx, whichField);
    return this.kept(c, e, ctx, variant, draw, true);
  }

  /** The heading of a name two entries share shows a field chosen over all of them (entities.ts whichHtml): a value may change the choice. */
  private checkWhich(c: Collection, ctx: PageContext, whichField: (c: Collection, ctx: PageContext) => string | undefined): void {
    if (this.checkedWhich.has(c.name)) return;
    const changed = this.changedEntries();
    this.checkedWhich.add(c.name);
    // No value the choice reads changed (collectionPart): the choice is the last render's (choosing reads every entry).
    const kept = changed && !this.wholeChangedIn.has(c.name) ? this.prev?.which.get(c.name) : undefined;
    const field = kept ?? whichField(c, ctx) ?? '';
    this.next.which.set(c.name, field);
    if (this.changedIn.has(c.name) && this.prev?.which.get(c.name) !== field) this.redrawn.add(c.name);
  }

  /**
   * A run of entries drawn one after the other (a page's entries), each as `entryHtml` draws it, joined with
   * newlines and framed by `frame` with the pieces `around` made after them (its notes above the entries). When
   * every entry kept its last drawing and the pieces around are the same text, the result is the very string the last render
   * made: the page it stands on is then known unchanged without reading it (`framed`), where comparing a
   * 200-entry page's text with the last was ~2 ms, a tenth of a 10,000-card save for its 50 pages.
   */
  entriesHtml(
    c: Collection,
    entries: readonly Entry[],
    ctx: PageContext,
    variant: string,
    draw: (e: Entry) => string,
    whichField: (c: Collection, ctx: PageContext) => string | undefined,
    around: () => readonly string[],
    frame: (around: readonly string[], items: string) => string,
  ): string {
    this.checkWhich(c, ctx, whichField);
    // The run's maps and checks, looked up once for its entries rather than once each (a save visits every entry).
    const where = `${variant}\u0000${ctx.toGame}`;
    const at = this.placeOf(where, c);
    const drawn: Drawn[] = [];
    const items: string[] = [];
    for (const e of entries) {
      const d = this.keptAt(at, e, ctx, draw, true);
      drawn.push(d);
      items.push(d.value as string);
    }
    const notes = around();
    const key = `${variant}\u0000${ctx.toGame}\u0000${c.name}\u0000${entries[0]?.id ?? ''}`;
    const old = this.prev?.runs.get(key);
    const same = old && old.drawn.length === drawn.length && old.drawn.every((d, i) => d === drawn[i]) && sameParts(old.around, notes);
    const run = same ? old : { drawn, around: notes, html: frame(notes, items.join('\n')) };
    this.next.runs.set(key, run);
    return run.html;
  }

  /**
   * A page as the layout frames it: the last render's page (the same string) when it was made of the same parts
   * and the same `frame` (every input of the layout but the body, as text), else `make()`. Parts kept from the
   * last render (`entriesHtml`) are the same strings and compare at once.
   */
  framed(file: string, parts: readonly string[], frame: string, make: () => string): string {
    const old = this.prev?.framed.get(file);
    const same = old && old.frame === frame && sameParts(old.parts, parts);
    if (same) this.memo.pagesKept++;
    const page = same ? old : { parts, frame, html: make() };
    this.next.framed.set(file, page);
    return page.html;
  }

  /**
   * Something the render makes of a collection as a whole (its filters and sort fields, its entry list, the
   * form and page list above a page's entries, the field that tells same-named entries apart), named `part`:
   * the last render's when no change reached it, else `make()`. Such a part reads, of the collection's entries,
   * their IDs, names and order, the pages they are drawn on, and their values at the fields readers filter and
   * sort by, and their drafts (a save that changes a draft draws every entry anew: `changedSince`). A save that
   * changed only other fields' words (a card's text, its flavour) leaves those alone:
   * at 10,000 cards remaking them was a quarter of a one-card save's render. Which changes may reach them is
   * `reachesWhole`'s to tell.
   */
  collectionPart<T>(c: Collection, part: string, make: () => T): T {
    const changed = this.changedEntries();
    let parts = this.next.parts.get(c.name);
    if (!parts) this.next.parts.set(c.name, (parts = new Map()));
    if (parts.has(part)) return parts.get(part) as T;
    const old = this.prev?.parts.get(c.name);
    const keep = changed && !this.wholeChangedIn.has(c.name) && old?.has(part);
    if (keep) this.memo.partsKept++;
    else this.memo.partsMade++;
    const value = keep ? (old!.get(part) as T) : make();
    parts.set(part, value);
    return value;
  }

  /**
   * Something else the render makes of one entry alone, kept as `entryHtml` keeps its drawing (query-data.ts: its
   * field-query text): the last render's when neither the entry nor what it looked up changed, else `draw()`.
   */
  entryValue<T>(c: Collection, e: Entry, ctx: PageContext, variant: string, draw: () => T): T {
    return this.kept(c, e, ctx, variant, draw, false);
  }

  /** `counted`: an entry's drawing, which `drawn` and `reused` count (the tests read them). */
  private kept<T>(c: Collection, e: Entry, ctx: PageContext, variant: string, draw: () => T, counted: boolean): T {
    return this.keptAt(this.placeOf(`${variant}\u0000${ctx.toGame}`, c), e, ctx, draw, counted).value as T;
  }

  /** Where one collection's entries in one variant are kept, in the last render and in this one, and whether the last's may serve. */
  private placeOf(where: string, c: Collection): Place {
    const changed = this.changedEntries();
    return {
      was: this.prev?.html.get(where)?.get(c.name),
      now: this.keptIn(where, c.name),
      changed: changed && !this.redrawn.has(c.name) ? changed : undefined,
      changedHere: this.changedIds(c.name),
    };
  }

  /** The entry's drawing (kept or made anew), itself: `entriesHtml` compares runs by it. */
  private keptAt(at: Place, e: Entry, ctx: PageContext, draw: (e: Entry) => unknown, counted: boolean): Drawn {
    const old = at.was?.get(e.id);
    if (old && at.changed && old.idsFrom === ctx.ids.next && !at.changedHere?.has(e.id) && !someChanged(old.deps, at.changed)) {
      ctx.ids.next = old.idsTo;
      at.now.set(e.id, old);
      if (counted) this.memo.reused++;
      return old;
    }
    const deps = new Set<string>();
    const idsFrom = ctx.ids.next;
    // The same context object (draft-marks.ts keys the page's marks by it), its index recording for the time of this entry.
    const index = ctx.index;
    ctx.index = recording(index, deps);
    try {
      const value = draw(e);
      const made = { value, idsFrom, idsTo: ctx.ids.next, deps };
      at.now.set(e.id, made);
      if (counted) this.memo.drawn++;
      return made;
    } finally {
      ctx.index = index;
    }
  }

  /** This render's kept entries of one collection in one variant (made on first use). */
  private keptIn(where: string, collection: string): Map<string, Drawn> {
    let byCollection = this.next.html.get(where);
    if (!byCollection) this.next.html.set(where, (byCollection = new Map()));
    let byId = byCollection.get(collection);
    if (!byId) byCollection.set(collection, (byId = new Map()));
    return byId;
  }

  /** The changed entries' IDs in one collection (from `changedEntries`, split by collection once). */
  private changedIds(collection: string): Set<string> | undefined {
    if (!this.changedById) {
      this.changedById = new Map();
      for (const key of this.changedEntries() ?? []) {
        const [name, id] = key.split('\u0000') as [string, string];
        const ids = this.changedById.get(name);
        if (ids) ids.add(id);
        else this.changedById.set(name, new Set([id]));
      }
    }
    return this.changedById.get(collection);
  }

  /** What changed since the last render, compared once per session. */
  private changedEntries(): Set<string> | undefined {
    if (!this.compared) {
      this.compared = true;
      this.changed = this.prev ? changedSince(this.prev, this.next, this.game, this.changedIn, this.wholeChangedIn, this.locale, this.memo) : undefined;
    }
    return this.changed;
  }
}

/**
 * Whether two values read as the same JSON, without writing them when they are the same value or both empty lists:
 * a save in a one-file collection of 30,000 entries compares every entry's drafts, readings and name (~60 ms when
 * each was written out).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b) && a.length === 0 && b.length === 0) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a file's new text is its last text, compared once per file. Compared for each of its entries, two texts of
 * the same length were read up to where they differ every time: a second save of one card in a 30,000-card file
 * (a text as long as the first save's) compared the 14 MB file 30,000 times, 15 s.
 */
function sameText(a: SourceFile, b: SourceFile, known: Map<SourceFile, boolean>, counts: Pick<RenderMemo, 'textsCompared'>): boolean {
  if (a === b) return true;
  let same = known.get(b);
  if (same === undefined) {
    counts.textsCompared++;
    known.set(b, (same = a.text === b.text));
  }
  return same;
}

/** Whether a file's new text holds the marks its last text held, each at the same pointer, with the same note, on the same line (found once per file). */
function marksKept(a: SourceFile, b: SourceFile, known: Map<SourceFile, boolean>): boolean {
  let same = known.get(b);
  if (same === undefined) known.set(b, (same = sameMarks(a.placeholders, b.placeholders) && sameMarks(a.readings, b.readings)));
  return same;
}

function sameMarks(a: readonly PlaceholderMark[], b: readonly PlaceholderMark[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.pointer !== y.pointer || x.note !== y.note || x.place?.start.line !== y.place?.start.line) return false;
  }
  return true;
}

function sameParts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Whether any of an entry's look-ups changed (a loop, not a spread: it runs for every entry of a save). */
function someChanged(deps: ReadonlySet<string>, changed: ReadonlySet<string>): boolean {
  for (const d of deps) if (changed.has(d)) return true;
  return false;
}

/** The index, recording which entries are looked up through it. */
function recording(index: SiteIndex, deps: Set<string>): SiteIndex {
  return {
    ...index,
    entry: (collection, id) => (deps.add(keyOf(collection, id)), index.entry(collection, id)),
    rules: (collection, id) => (deps.add(keyOf(collection, id)), index.rules(collection, id)),
    drafts: (collection, id) => (deps.add(keyOf(collection, id)), index.drafts(collection, id)),
    hrefOf: (collection, id) => (deps.add(keyOf(collection, id)), index.hrefOf(collection, id)),
  };
}

/**
 * The entries whose drawing may have changed, or undefined when a change reaches every entry
 * (see RenderMemo): an entry is unchanged when it stands in the same place of a file with the
 * same text, or its value and name are the same.
 */
function changedSince(
  prev: LocaleState,
  next: LocaleState,
  game: Game,
  changedIn: Set<string>,
  wholeChangedIn: Set<string>,
  locale: string,
  counts: Pick<RenderMemo, 'textsCompared'>,
): Set<string> | undefined {
  if (prev.entries.size !== next.entries.size) return undefined;
  const roles = new Set(Object.values(game.manifest.roles ?? {}));
  const changed = new Set<string>();
  const kept = new Map<SourceFile, boolean>();
  const sameTexts = new Map<SourceFile, boolean>();
  for (const [name, entries] of next.entries) {
    const before = prev.entries.get(name);
    if (!before || before.length !== entries.length) return undefined;
    let touched = 0;
    for (let i = 0; i < entries.length; i++) {
      const a = before[i]!;
      const b = entries[i]!;
      if (a.id !== b.id) return undefined;
      if (a === b || (a.pointer === b.pointer && a.source.path === b.source.path && sameText(a.source, b.source, sameTexts, counts))) continue;
      // The same value object at the same place of a file whose marks all stayed (same pointers, notes and lines): its
      // drafts and readings are the same, unlooked-up. A whole-entry draft records the entry's own line, which an edit
      // above may move with no mark moving: it is compared below. (A save in one 30,000-entry file compared every
      // entry's drafts and readings by key, ~40 ms.)
      if (
        a.value === b.value &&
        a.copies === b.copies &&
        a.pointer === b.pointer &&
        a.source.path === b.source.path &&
        b.value.provenance !== 'placeholder' &&
        sameJson(a.name, b.name) &&
        marksKept(a.source, b.source, kept)
      )
        continue;
      // Another text in the file: its drafts and readings (their lines too) may have moved, though the value did not.
      if (!sameJson(prev.index.drafts(name, a.id), next.index.drafts(name, b.id))) return undefined;
      if (!sameJson(prev.readings.get(`${name}|${a.id}`), next.readings.get(`${name}|${b.id}`))) return undefined;
      if (!sameJson(a.name, b.name)) return undefined;
      // The same value object (load/entry-reparse.ts gives back an unchanged entry's value): the same value, unwritten.
      if ((a.value === b.value || JSON.stringify(a.value) === JSON.stringify(b.value)) && a.copies === b.copies) continue;
      if (roles.has(name)) return undefined;
      touched++;
      changed.add(keyOf(name, b.id));
      if (!wholeChangedIn.has(name) && reachesWhole(game, name, locale, a.value, b.value)) wholeChangedIn.add(name);
    }
    if (touched) changedIn.add(name);
  }
  // An entry drawn on another page than before is another link for every entry that links to it.
  // (site-index.ts hrefOf: the file of the entry's page, the first page's when it has none.)
  if (prev.pages.size !== next.pages.size) return undefined;
  for (const [name, now] of next.pages) {
    const was = prev.pages.get(name);
    if (!was) return undefined;
    const fileOf = (p: Placed, id: string) => p.files[p.pageOf.get(id) ?? 0];
    const sameFiles = was.files.length === now.files.length && was.files.every((f, i) => f === now.files[i]);
    if (!sameFiles || !sameParts(was.labels, now.labels)) wholeChangedIn.add(name);
    for (const e of next.entries.get(name) ?? [])
      if (sameFiles ? was.pageOf.get(e.id) !== now.pageOf.get(e.id) : fileOf(was, e.id) !== fileOf(now, e.id)) {
        changed.add(keyOf(name, e.id));
        wholeChangedIn.add(name);
      }
  }
  return changed;
}

/**
 * Whether an entry's change (its value `a` become `b`, under the same ID and name) may reach what the render makes
 * of its collection as a whole (MemoSession.collectionPart). Those parts read a field's values when the field is
 * one readers filter by (an enum or a reference: filterFieldsOf, whichOf) or sort by (numbers, also inside a
 * group: sortFieldsOf); a field that is neither held words before and after (a text, a flavour line, a yes/no),
 * or was absent, which no such part counts. Any other difference reaches them.
 */
function reachesWhole(game: Game, collection: string, locale: string, a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const c = game.collections.get(collection);
  if (!c) return true;
  const labels = labelsOf(game, c, locale);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (!wordsOrNone(x) || !wordsOrNone(y)) {
      if (JSON.stringify(x) !== JSON.stringify(y)) return true;
      continue;
    }
    const place = labels.at(`/${escapePointer(k)}`);
    if (place.choices || place.ref) return true;
  }
  return false;
}

/** A value no filter or sort reads as such: words, a yes/no, nothing. */
function wordsOrNone(v: unknown): boolean {
  return v === undefined || v === null || typeof v === 'string' || typeof v === 'boolean';
}

/** A memo's place in a render: game-pages.ts sets it in the index's per-render memo, entities.ts reads it there. */
export const MEMO_SESSION = 'render-memo-session';

export function memoSessionOf(ctx: PageContext): MemoSession | undefined {
  return ctx.index.memo.get(MEMO_SESSION) as MemoSession | undefined;
}
