import { nameFieldOf } from '../validate/game.ts';
import { textOf } from '../text.ts';
import type { Collection, CompiledRule, Entry, ExampleWords, Game, PlaceholderInfo, Text } from '../model.ts';
import { collectionPage } from '../site-addresses.ts';
import { draftBadge, draftOf, esc, inline, isAtOrUnder, plain, readingsHtml, readingsOf, ruleHref, ruleRefHtml, type PageContext } from './context.ts';
import { mapGraph, mapHtml } from './map-svg.ts';
import { anchoredHeading } from './rules-tree.ts';
import { templateFace } from './faces.ts';
import { labelsOf, type CollectionLabels } from './labels.ts';
import { valueLabel } from './collection-pages.ts';
import { collectionDraftsHtml, collectionWideDrafts, draftValueHtml, notGivenHtml, wasMarked } from './draft-marks.ts';
import { declaredName, stateFieldName } from './phrases.ts';
import { ruleShownAtTop, ruleTextHtml } from './rules-text.ts';
import { iconChipHtml, iconSvgHtml, iconTitle } from './icon-images.ts';
import { joinItems } from './join-items.ts';
import { inLang, isFreeText, nameLangOn, ownHtml, ownText, untranslatedNoteHtml } from './translation.ts';
import { formattedHtml, formattedPlain, textBlockHtml, textFormatAt } from './text-format.ts';
import { renderEffect } from '../rules/effect-render.ts';
import { memoSessionOf } from './render-memo.ts';
import { glossesNoteHtml, glossHtml } from './glosses.ts';
import type { Effect } from '../rules/dsl.ts';

/**
 * A collection is drawn as faces (cards, tiles, tokens) when the manifest's
 * component list counts it: that is what makes it a physical piece. Other
 * collections (phases, scoring steps, tables) stay sections of text.
 */
export function isPhysical(game: Game, collection: string): boolean {
  const m = game.manifest;
  return [...(m.components ?? []), ...(m.playerComponents ?? [])].some((c) => c.collection === collection);
}

export function collectionHtml(c: Collection, ctx: PageContext, level: number, entries: readonly Entry[] = c.entries): string {
  const physical = isPhysical(ctx.game.linked.game, c.name);
  // Under `serve`, an entry drawn at the last save and untouched since is not drawn again (render-memo.ts).
  const memo = memoSessionOf(ctx);
  const variant = `${level}${physical ? 'f' : ''}`;
  const draw = (e: Entry) => entryHtml(c, e, ctx, level, physical);
  // The notes above the entries, made once they are drawn: what no entry printed, the glosses of the entries drawn.
  const notes = () => [collectionDraftsHtml(c, ctx, labelsOf(ctx.game.linked.game, c, ctx.locale)), glossesNoteHtml(c, entries, ctx)];
  const framed = (above: readonly string[], items: string) => above.join('') + (physical ? `<div class="faces">${items}</div>` : items);
  if (!memo) {
    const items = entries.map(draw).join('\n');
    return framed(notes(), items);
  }
  return memo.entriesHtml(c, entries, ctx, variant, draw, whichFieldOf, notes, framed);
}

/** One entry: its name as a heading with a stable anchor, one draft badge with its notes, its rules text, its face (a template, or its titled fields) and its worked examples. */
export function entryHtml(c: Collection, e: Entry, ctx: PageContext, level: number, face: boolean): string {
  const game = ctx.game.linked.game;
  const labels = labelsOf(game, c, ctx.locale);
  const name = textOf(e.name, ctx.locale) || e.id;
  // An entry may hold several rules (a map's onEnter beside its setup): each is shown as rules text; the examples are the first's.
  const rules = ctx.index.rules(c.name, e.id);
  const rule = rules[0];
  const wholeDraft = draftOf(ctx, c.name, e.id, '');
  // What no entry of the collection has printed is said once above them (draft-marks.ts), not again on each.
  const everywhere = collectionWideDrafts(c, ctx);
  const parts = [`<article class="entity${face ? ' face' : ''}${wholeDraft ? ' is-draft' : ''}" aria-labelledby="${esc(e.id)}">`];
  // The heading and the entry's own draft notes are written last: they keep only the drafts no value on the face shows.
  const headAt = parts.push('') - 1;
  // An icon of the icon set shows its picture under its name (icon-images.ts).
  const picture = c.name === game.manifest.roles?.icons ? iconSvgHtml(ctx, e.id, 'icon-picture') : undefined;
  if (picture) parts.push(`<p class="icon-figure" title="${esc(iconTitle(ctx, e.id, name))}">${picture}</p>`);
  for (const r of rules) if (ruleShownAtTop(r, e.value)) parts.push(ruleTextHtml(r, e.value, ctx));
  const map = mapGraph(c, e, ctx);
  const skip = notFields(c, rules, map);
  // A field is shown when its schema gives it a title (the label readers see); the rest is data for the engine.
  // A field with no value is left out, unless it is this entry's own draft: then it says why it is empty (draft-marks.ts).
  const fields = titledFields(c, e, ctx, skip);
  // A reading inside the rule stands right under the rule's sentence; one in a
  // listed field stands beside that field (valueHtml); the rest (in the name,
  // the text, the map) stand here, beside the entry's own text.
  const inFields = (p: string) => fields.some(([k]) => isAtOrUnder(p, `/${k}`));
  parts.push(
    readingsHtml(
      ctx,
      // A gloss that is a reading is marked on the gloss itself (glosses.ts), not here.
      readingsOf(ctx, c.name, e.id, (p) => !isAtOrUnder(p, '/examples') && !inFields(p) && !isAtOrUnder(p, '/gloss')),
    ),
  );
  if (typeof e.value.text === 'string') {
    const text = e.value.text;
    parts.push(ownHtml(text, ctx.language, (t) => textBlockHtml(t, textFormatAt(labels, '/text'), ctx), true));
  }
  if (map) parts.push(mapHtml(c, e, map, ctx, Math.min(6, level + 1)));
  const drawn = faceHtml(c, e, ctx, fields);
  if (drawn) parts.push(drawn);
  // An example that depends on a reading is marked in the data (a reading around its `expect`) and says so beside it.
  const exampleReading = (ex: object) => {
    const i = Array.isArray(e.value.examples) ? e.value.examples.indexOf(ex) : -1;
    const found = i < 0 ? [] : readingsOf(ctx, c.name, e.id, (p) => isAtOrUnder(p, `/examples/${i}`));
    return found
      .map(
        (r) =>
          `<span class="reading"><span class="reading-label">${esc(ctx.words.exampleReading)}:</span> ${ownHtml(r.note, ctx.language, (t) => inline(t, ctx))}</span>`,
      )
      .join('');
  };
  // The examples in words, in the page's locale (the main one's where the rule has none in it), found by the example's place in the entry.
  const exampleWords = rule?.exampleWords?.[ctx.locale] ?? rule?.exampleWords?.[ctx.game.linked.game.manifest.locale] ?? [];
  const wordsOf = (ex: object) => exampleWords[Array.isArray(e.value.examples) ? e.value.examples.indexOf(ex) : -1];
  if (rule?.examples.length) parts.push(examplesHtml(rule.examples, wordsOf, ctx, exampleReading));
  if (rule?.stateExamples?.length) parts.push(stateExamplesHtml(rule.stateExamples, wordsOf, ctx, exampleReading));
  parts.push('</article>');
  // One badge on the name for the drafts no value shows (the whole entry, a field the face leaves out), their notes each said once.
  const notes = [
    ...new Set(
      ctx.index
        .drafts(c.name, e.id)
        .filter((d) => d.path === '' || (!wasMarked(ctx, d) && !everywhere.has(d.path)))
        .map((d) => d.note),
    ),
  ];
  parts[headAt] = anchoredHeading(
    level,
    e.id,
    `${inLang(inline(name, ctx), nameLangOn(game, c.name, e.name, ctx.locale, e.value))}${glossHtml(c, e, ctx)}${whichHtml(c, e, name, ctx)}${notes.length ? draftBadge(ctx, notes.map((n) => ownText(n, ctx.language)).join(' · ')) : ''}`,
    name,
    ctx,
  );
  if (notes.length)
    parts[headAt] +=
      `\n<details class="draft-notes" data-pagefind-ignore><summary>${esc(ctx.words.draftNotes)}</summary><ul>${notes.map((n) => `<li>${ownHtml(n, ctx.language, (t) => inline(t, ctx))}</li>`).join('')}</ul></details>`;
  return parts.join('\n');
}

/** What an entry shows other than as a field: its name, text, examples and rules, and a map's drawing. */
function notFields(c: Collection, rules: readonly CompiledRule[], map: ReturnType<typeof mapGraph>): Set<string> {
  return new Set([
    // The display name is the heading already, with its gloss and the language it is written in (glosses.ts).
    nameFieldOf(c),
    'gloss',
    'nameLang',
    'id',
    'text',
    'examples',
    ...rules.map((r) => r.pointer.slice(1)),
    // A map's nodes and edges are its drawing, not rows of fields.
    ...(map ? [map.nodes, map.edges, ...(map.arrows ? [map.arrows] : [])] : []),
  ]);
}

/** The fields a face lists: those the schema titles (the rest is data for the engine), with a value or this entry's own draft. */
function titledFields(c: Collection, e: Entry, ctx: PageContext, skip: ReadonlySet<string>): [string, unknown][] {
  const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
  const everywhere = collectionWideDrafts(c, ctx);
  return Object.entries(e.value).filter(
    ([k, v]) => !skip.has(k) && labels.title(`/${k}`) && (!isEmptyValue(v) || (draftOf(ctx, c.name, e.id, `/${k}`) && !everywhere.has(`/${k}`))),
  );
}

/** The face proper: the collection's template, or else the titled fields as a list. Empty when it draws nothing. */
function faceHtml(c: Collection, e: Entry, ctx: PageContext, fields: readonly [string, unknown][]): string {
  const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
  const templated = templateFace(c, e, ctx, (pointer) => valueWords(pointerValue(e.value, pointer), pointer, labels, ctx));
  if (templated !== undefined) return templated;
  // A row whose value draws as nothing a reader can read is left out, not shown as "—".
  const rows = fields.flatMap(([k, v]) => {
    const html = valueHtml(v, c.name, e.id, `/${k}`, ctx, labels);
    return html ? [`<dt>${labelHtml(labels, `/${k}`, ctx)}</dt><dd>${html}</dd>`] : [];
  });
  return rows.length ? `<dl class="fields">${rows.join('')}</dl>` : '';
}

/**
 * What a printed card shows of an entry (rulebook print, print/print-cards.ts):
 * the rules text the site shows at the top, the entry's text, and the face the
 * site draws (its template or titled fields), the same code as the site's
 * face. Not the heading (the card draws the name its own way), the readings'
 * notes or the worked examples, which are the site's, not the card's.
 */
export function cardFaceHtml(c: Collection, e: Entry, ctx: PageContext): string {
  const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
  const rules = ctx.index.rules(c.name, e.id);
  const parts: string[] = [];
  for (const r of rules) if (ruleShownAtTop(r, e.value)) parts.push(ruleTextHtml(r, e.value, ctx));
  if (typeof e.value.text === 'string') {
    const text = e.value.text;
    parts.push(ownHtml(text, ctx.language, (t) => textBlockHtml(t, textFormatAt(labels, '/text'), ctx), true));
  }
  parts.push(faceHtml(c, e, ctx, titledFields(c, e, ctx, notFields(c, rules, mapGraph(c, e, ctx)))));
  return parts.filter(Boolean).join('\n');
}

/** A printed card's back from `templates/<collection>.back.hbs`, drawn like its face; undefined when there is none (or it fails). */
export function cardBackHtml(c: Collection, e: Entry, ctx: PageContext): string | undefined {
  const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
  return templateFace(c, e, ctx, (pointer) => valueWords(pointerValue(e.value, pointer), pointer, labels, ctx), 'back');
}

/** No value to show: nothing, an empty list, an object with nothing in it. */
function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
}

/**
 * Beside a name that more than one entry of the collection bears (a reprint,
 * a common card name): the value of the titled enum or reference field that
 * tells them apart ("Sure Gamble · Core Set", "Moinho Dourado · Building"),
 * in the heading, so the page, "On this page" and a search result all show it.
 * A reprint keeps its type and differs by pack: the field chosen is one that
 * tells apart at least half as many same-named entries as the best one, preferring `pageBy`, then an enum.
 */
function whichHtml(c: Collection, e: Entry, name: string, ctx: PageContext): string {
  const known = whichOf(c, ctx);
  const v = known.field ? e.value[known.field.key] : undefined;
  if ((known.counts.get(name) ?? 0) < 2 || (typeof v !== 'string' && typeof v !== 'number')) return '';
  return ` <span class="which">· ${esc(valueLabel(String(v), known.field, ctx))}</span>`;
}

/** The field that tells apart the entries of a name (whichHtml), once per render; render-memo.ts compares it between saves. */
export function whichFieldOf(c: Collection, ctx: PageContext): string | undefined {
  return whichOf(c, ctx).field?.key;
}

/** How many entries share each name, and the field that tells them apart. */
interface Which {
  counts: Map<string, number>;
  field?: { key: string; ref?: string; values?: ReadonlyMap<string, string> };
}

function whichOf(c: Collection, ctx: PageContext): Which {
  const memoKey = `which:${c.name}`;
  let known = ctx.index.memo.get(memoKey) as Which | undefined;
  if (!known) {
    // Under `serve`, the last render's while no save changed a name or a field it reads (render-memo.ts collectionPart).
    const session = memoSessionOf(ctx);
    known = session ? session.collectionPart(c, 'which', () => chooseWhich(c, ctx)) : chooseWhich(c, ctx);
    ctx.index.memo.set(memoKey, known);
  }
  return known;
}

function chooseWhich(c: Collection, ctx: PageContext): Which {
  const counts = new Map<string, number>();
  const groups = new Map<string, Entry[]>();
  for (const x of c.entries) {
    const n = textOf(x.name, ctx.locale) || x.id;
    counts.set(n, (counts.get(n) ?? 0) + 1);
    const group = groups.get(n);
    if (group) group.push(x);
    else groups.set(n, [x]);
  }
  let field: { key: string; ref?: string; values?: ReadonlyMap<string, string> } | undefined;
  const repeated = [...groups.values()].filter((g) => g.length > 1);
  if (repeated.length) {
    const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
    // A loop into one set, not a flatMap: an array a value, 30,000 of them each render of a large collection.
    const all = new Set<string>();
    for (const x of c.entries) for (const k in x.value) all.add(k);
    const keys = [...all].filter((k) => labels.title(`/${k}`) && (labels.at(`/${k}`).choices || labels.at(`/${k}`).ref));
    const told = (k: string) => repeated.reduce((n, g) => n + new Set(g.map((x) => String(x.value[k]))).size, 0);
    // Fields that tell apart half as many as the best one or more are good enough; among them the reader's
    // likeliest word: the `pageBy` field, then an enum (a kind), then a reference (a pack).
    const scores = new Map(keys.map((k) => [k, told(k)]));
    const best = Math.max(0, ...scores.values());
    const preference = (k: string) => (k === c.decl.pageBy ? 0 : labels.at(`/${k}`).choices ? 1 : 2);
    const key = keys.filter((k) => best > 0 && scores.get(k)! >= 0.5 * best).sort((a, b) => preference(a) - preference(b))[0];
    if (key) field = { key, ref: labels.at(`/${key}`).ref, values: labels.at(`/${key}`).values };
  }
  return { counts, field };
}

function pointerValue(value: unknown, pointer: string): unknown {
  let v = value;
  for (const part of pointer.split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[part];
  return v;
}

type ExampleReading = (example: object) => string;

/** Each player's end state in the manifest's words ("Player 1: 5 Flour markers and no Ammunition markers"), never its field names. */
function examplesHtml(
  examples: ReadonlyArray<{ note?: string; expect: readonly number[] }>,
  wordsOf: (example: object) => ExampleWords | undefined,
  ctx: PageContext,
  reading: ExampleReading,
): string {
  const w = ctx.words;
  const rows = examples.map((ex) => {
    const given = (wordsOf(ex)?.given ?? []).map((g, p) => `${esc(w.player)} ${p + 1}: ${esc(g)}`).join('<br>');
    return `<tr><td>${noteHtml(ex.note, ctx)}${given}${reading(ex)}</td><td>${esc(ex.expect.join(', '))}</td></tr>`;
  });
  return `<table class="examples"><caption>${esc(w.examples)}</caption><thead><tr><th scope="col">${esc(w.given)}</th><th scope="col">${esc(w.points)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Examples of an effect: the player's situation before ("With 2 Reis tokens and 6 Fame Points"), and after only what changed. */
function stateExamplesHtml(
  examples: ReadonlyArray<{ note?: string }>,
  wordsOf: (example: object) => ExampleWords | undefined,
  ctx: PageContext,
  reading: ExampleReading,
): string {
  const w = ctx.words;
  const rows = examples.map(
    (ex) => `<tr><td>${noteHtml(ex.note, ctx)}${esc(wordsOf(ex)?.given[0] ?? '')}${reading(ex)}</td><td>${esc(wordsOf(ex)?.after ?? '')}</td></tr>`,
  );
  return `<table class="examples"><caption>${esc(w.examples)}</caption><thead><tr><th scope="col">${esc(w.before)}</th><th scope="col">${esc(w.after)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** An example's note, in the page's language where the game translates it (else marked as the main locale's). */
function noteHtml(note: string | undefined, ctx: PageContext): string {
  return note ? `${ownHtml(note, ctx.language)}<br>` : '';
}

/** A field's label: the locale file's, or (on a page in another locale, where it gives none) the schema's title, marked as not translated yet. */
function labelHtml(labels: CollectionLabels, pointer: string, ctx: PageContext): string {
  const title = esc(labels.title(pointer) ?? '');
  const language = ctx.language;
  if (!language?.folder || labels.given(pointer)) return title;
  return `${inLang(title, language.main)} ${untranslatedNoteHtml(language)}`;
}

/** A field's value, with any reading made at it (or inside it, when the value is drawn as one line). */
export function valueHtml(v: unknown, collection: string, id: string, path: string, ctx: PageContext, labels?: CollectionLabels): string {
  const line = v === null || typeof v !== 'object' || (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null));
  return (
    fieldValueHtml(v, collection, id, path, ctx, labels) +
    readingsHtml(
      ctx,
      readingsOf(ctx, collection, id, (p) => (line ? isAtOrUnder(p, path) : p === path)),
    )
  );
}

function fieldValueHtml(v: unknown, collection: string, id: string, path: string, ctx: PageContext, labels?: CollectionLabels): string {
  // A drafted value is drawn apart from printed ones, marked "draft" with its note (draft-marks.ts); an empty one says why.
  const draft = draftOf(ctx, collection, id, path);
  if (draft && isEmptyValue(v)) return notGivenHtml(ctx, draft);
  const html = plainValueHtml(v, collection, id, path, ctx, labels);
  return draft ? draftValueHtml(ctx, draft, html) : html;
}

function plainValueHtml(v: unknown, collection: string, id: string, path: string, ctx: PageContext, labels?: CollectionLabels): string {
  if (v === null || v === undefined) return '';
  // A rule of the DSL standing in a field the build does not compile (a map's onEnter) still reads as rules text.
  const dsl = labels?.at(path).dsl;
  const players = dsl === 'effect' ? ctx.game.players : undefined;
  if (players && v && typeof v === 'object') {
    try {
      return `<span class="rules-text">${esc(renderEffect(v as Effect, players))}</span>`;
    } catch {
      // A tree the renderer does not know is shown as data below.
    }
  }
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x !== 'object' || x === null))
      return joinItems(
        v.map((x, i) => {
          // One drafted item in a line of values is marked on its own.
          const item = draftOf(ctx, collection, id, `${path}/${i}`);
          return item ? fieldValueHtml(x, collection, id, `${path}/${i}`, ctx, labels) : scalarHtml(x, `${path}/${i}`, ctx, labels);
        }),
      );
    return `<ul>${v.map((x, i) => `<li>${valueHtml(x, collection, id, `${path}/${i}`, ctx, labels)}</li>`).join('')}</ul>`;
  }
  if (typeof v === 'object') {
    // Keys the schema titles are labelled; keys that are data (a map by terrain) are named; untitled properties stay out.
    const rows = Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => {
      const place = labels?.at(`${path}/${k}`);
      const label = place?.title ?? (place?.freeKey ? nameOfId(k, place.keyRef, ctx) : labels ? undefined : esc(k));
      // A part with no value and no draft does not apply here: no row of "—".
      if (label === undefined || (isEmptyValue(x) && !draftOf(ctx, collection, id, `${path}/${k}`))) return [];
      const html = valueHtml(x, collection, id, `${path}/${k}`, ctx, labels);
      return html ? [`<dt>${place?.title && labels ? labelHtml(labels, `${path}/${k}`, ctx) : label}</dt><dd>${html}</dd>`] : [];
    });
    // Nothing in it a reader can read (a quantity for the engine): no "—", the row is left out (fieldRowsHtml).
    return rows.length ? `<dl class="fields">${rows.join('')}</dl>` : '';
  }
  return scalarHtml(v, path, ctx, labels);
}

/** One value in words: an enum value as its label, an ID as the name of what it names (an entry, an icon, a terrain), a yes/no, a number, a text with its tokens. */
function scalarHtml(v: unknown, path: string, ctx: PageContext, labels?: CollectionLabels): string {
  // An enum value is shown by its word (the schema's `const` title, or the locale file's `values:`), never its code.
  const word = labels?.valueLabel(path, v);
  if (word !== undefined) return esc(word);
  if (typeof v === 'boolean') return esc(v ? ctx.words.yes : ctx.words.no);
  if (typeof v !== 'string') return esc(String(v));
  // A text whose schema declares a format (`contentMediaType: text/html`) is drawn in it (text-format.ts).
  const named = nameOfId(v, labels?.at(path).ref, ctx);
  if (named !== undefined) return named;
  // A free text is the game's words: in the page's language, or marked as not translated yet.
  const draw = (t: string) => (labels ? formattedHtml(t, textFormatAt(labels, path), ctx) : inline(t, ctx));
  return isFreeText(v, labels?.at(path)) ? ownHtml(v, ctx.language, draw) : draw(v);
}

/** The name of what an ID-like value names, as HTML; undefined for a text that is not an ID. */
function nameOfId(v: string, ref: string | undefined, ctx: PageContext): string | undefined {
  const game = ctx.game.linked.game;
  // A rule number (a Vagabond's action, a map's special rules) is a link to the rule, with its title.
  const rule = ruleByNumber(ctx, v);
  if (rule) return ruleRefHtml(v, `${esc(v)}${rule.value.title ? ` ${inline(textOf(rule.value.title as Text, ctx.locale), ctx)}` : ''}`, ctx);
  if (ref) {
    const entry = ctx.index.entry(ref, v);
    if (entry)
      return `<a href="${esc(ctx.toGame + ctx.index.hrefOf(ref, v))}">${inLang(inline(textOf(entry.name, ctx.locale) || v, ctx), nameLangOn(game, ref, entry.name, ctx.locale, entry.value))}</a>`;
  }
  const field = /^[a-z][A-Za-z0-9]*$/.test(v) ? stateFieldName(ctx.game.players, v) : undefined;
  if (field) return esc(field);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v)) return undefined;
  const icons = game.manifest.roles?.icons;
  const icon = icons ? ctx.index.entry(icons, v) : undefined;
  if (icon) return iconChipHtml(ctx, v, plain(textOf(icon.name, ctx.locale) || v));
  const declared = declaredName(ctx.game.linked, v);
  return declared === undefined ? undefined : esc(declared);
}

function ruleByNumber(ctx: PageContext, v: string): Entry | undefined {
  if (!/^\d+(\.[0-9A-Za-z]+)+$/.test(v)) return undefined;
  return ctx.index.ruleByNumber(v);
}

/** A value as a reader's words (for templates): names for IDs and icons, yes/no, numbers; a map's titled parts as "label value". */
function valueWords(v: unknown, pointer: string, labels: CollectionLabels, ctx: PageContext): string[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v.flatMap((x, i) => valueWords(x, `${pointer}/${i}`, labels, ctx));
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>).flatMap(([k, x]) => {
      const place = labels.at(`${pointer}/${k}`);
      const label = place.title ?? (place.freeKey ? (wordsOfId(k, place.keyRef, ctx) ?? k) : undefined);
      return label === undefined ? [] : [`${label} ${joinItems(valueWords(x, `${pointer}/${k}`, labels, ctx))}`];
    });
  }
  const word = labels.valueLabel(pointer, v);
  if (word !== undefined) return [word];
  if (typeof v === 'boolean') return [v ? ctx.words.yes : ctx.words.no];
  if (typeof v !== 'string') return [String(v)];
  const text = isFreeText(v, labels.at(pointer)) ? ownText(v, ctx.language) : v;
  return [wordsOfId(v, labels.at(pointer).ref, ctx) ?? formattedPlain(text, textFormatAt(labels, pointer), ctx)];
}

function wordsOfId(v: string, ref: string | undefined, ctx: PageContext): string | undefined {
  const game = ctx.game.linked.game;
  const entry = ref ? ctx.index.entry(ref, v) : undefined;
  if (entry) return plain(textOf(entry.name, ctx.locale) || v);
  const field = /^[a-z][A-Za-z0-9]*$/.test(v) ? stateFieldName(ctx.game.players, v) : undefined;
  if (field) return field;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v)) return undefined;
  const icons = game.manifest.roles?.icons;
  const icon = icons ? ctx.index.entry(icons, v) : undefined;
  if (icon) return plain(textOf(icon.name, ctx.locale) || v);
  return declaredName(ctx.game.linked, v);
}

export function gameHome(ctx: PageContext, links: ReadonlyArray<{ href: string; label: string; lang?: string }>): string {
  const m = ctx.game.linked.game.manifest;
  const w = ctx.words;
  const parts: string[] = [];
  if (m.summary) parts.push(`<p>${ownHtml(textOf(m.summary, ctx.locale), ctx.language)}</p>`);
  const players = draftOf(ctx, '(manifest)', m.id, '/players');
  if (m.players) {
    // A drafted player count is marked on the count itself, as any drafted value is (draft-marks.ts).
    const count = `${m.players.min}–${m.players.max}`;
    parts.push(`<p>${esc(w.players)}: ${players ? draftValueHtml(ctx, players, count) : count}</p>`);
  }
  parts.push(
    `<h2>${esc(w.contents)}</h2><ul class="toc">${links.map((l) => `<li><a href="${esc(l.href)}"${l.lang ? ` lang="${esc(l.lang)}"` : ''}>${esc(l.label)}</a></li>`).join('')}</ul>`,
  );
  if (m.components?.length) {
    const rows = m.components
      .map((c) => {
        const note = c.gap ?? c.note;
        return `<tr><td>${ownHtml(textOf(c.name, ctx.locale), ctx.language)}</td><td>${c.count}</td><td>${note ? ownHtml(note, ctx.language) : ''}</td></tr>`;
      })
      .join('');
    parts.push(
      `<h2>${esc(w.components)}</h2><table><thead><tr><th scope="col">${esc(w.components)}</th><th scope="col">${esc(w.count)}</th><th scope="col">${esc(w.note)}</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }
  return parts.join('\n');
}

/**
 * The drafts page: grouped by collection, then by note, each note once with
 * how many values share it and the entries (linked) it covers. 479 rows of
 * the same sentence told a reader nothing; a note and its count do.
 */
export function draftsHtml(placeholders: readonly PlaceholderInfo[], ctx: PageContext): string {
  const w = ctx.words;
  if (!placeholders.length) return `<p>${esc(w.noDrafts)}</p>`;
  const game = ctx.game.linked.game;
  const byCollection = new Map<string, PlaceholderInfo[]>();
  for (const p of placeholders) pushTo(byCollection, p.collection, p);
  const sections = [...byCollection].map(([name, items]) => {
    const c = game.collections.get(name);
    const title = c ? textOf(c.decl.title, ctx.locale) || name : textOf(game.manifest.name, ctx.locale);
    const href = c ? collectionPage(name) : 'index.html';
    const byNote = new Map<string, PlaceholderInfo[]>();
    for (const p of items) pushTo(byNote, p.note, p);
    const rows = [...byNote].map(([note, list]) => {
      const ids = [...new Set(list.map((p) => p.id))];
      const links = ids.map((id) => {
        const entry = c ? ctx.index.entry(c.name, id) : undefined;
        const label = entry ? plain(textOf(entry.name, ctx.locale) || id) : title;
        return `<a href="${esc(ctx.toGame + (entry && c ? ctx.index.hrefOf(c.name, id) : href))}">${esc(label)}</a>`;
      });
      return `<tr><td>${ownHtml(note, ctx.language, (t) => inline(t, ctx))}</td><td>${list.length}</td><td>${links.join(', ')}</td></tr>`;
    });
    const slugId = `drafts-${name.replace(/[^A-Za-z0-9-]/g, '-')}`;
    return `<section aria-labelledby="${esc(slugId)}"><h2 id="${esc(slugId)}"><a href="${esc(ctx.toGame + href)}">${esc(title)}</a> (${items.length} ${esc(items.length === 1 ? w.draftValue : w.draftValues)})</h2><table><thead><tr><th scope="col">${esc(w.note)}</th><th scope="col">${esc(w.count)}</th><th scope="col">${esc(w.entries)}</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
  });
  return `<p>${esc(w.draftsIntro)}</p><p>${esc(w.draftsByNote)}</p>${sections.join('\n')}`;
}

/**
 * The readings section of the drafts page: each reading under the name of the
 * entry it shapes (a link to it) and its note, in the reader's words; a
 * reading in the manifest or the constants shapes the whole game.
 */
export function readingsListHtml(readings: readonly PlaceholderInfo[], ctx: PageContext): string {
  const w = ctx.words;
  // No readings, no section: an empty heading is a dead end for a reader (and an invented game often has none).
  if (!readings.length) return '';
  const head = `<h2 id="readings">${esc(w.readings)}</h2>`;
  const game = ctx.game.linked.game;
  const items = readings.map((r) => {
    const c = game.collections.get(r.collection);
    const entry = c ? ctx.index.entry(c.name, r.id) : undefined;
    // A manifest reading about a collection (its printed card size) links to the collection's page, under its title.
    const about = !c && r.collection === '(manifest)' ? collectionOfPath(ctx, r.path) : undefined;
    if (about)
      return `<li><a href="${esc(ctx.toGame + collectionPage(about.name))}">${esc(textOf(about.decl.title, ctx.locale) || about.name)}</a> (${esc(textOf(game.manifest.name, ctx.locale))}): ${ownHtml(r.note, ctx.language, (t) => inline(t, ctx))}</li>`;
    if (!c || !entry)
      return `<li><a href="${esc(ctx.toGame)}index.html">${esc(plain(gameWideName(ctx, r.path) ?? w.overview))}</a> (${esc(textOf(game.manifest.name, ctx.locale))}): ${ownHtml(r.note, ctx.language, (t) => inline(t, ctx))}</li>`;
    // A reading in a worked example says which example, by its number as the page shows them.
    const example = /^\/examples\/(\d+)(\/|$)/.exec(r.path);
    const where = example ? `, ${w.example} ${Number(example[1]) + 1}` : '';
    const roles = game.manifest.roles ?? {};
    const numbered = (c.name === roles.rules || c.name === roles.glossary) && entry.value.number !== undefined;
    const label =
      [numbered ? String(entry.value.number) : '', textOf((entry.name ?? entry.value.title) as Text | undefined, ctx.locale)].filter(Boolean).join(' ') ||
      entry.id;
    const href = numbered ? ruleHref(String(entry.value.number), ctx) : ctx.index.hrefOf(c.name, entry.id);
    const title = textOf(c.decl.title, ctx.locale) || c.name;
    // The link's words are plain text: a token in a name would put a link inside this link.
    return `<li><a href="${esc(ctx.toGame + href)}">${esc(plain(label))}</a> (${esc(title)}${esc(where)}): ${ownHtml(r.note, ctx.language, (t) => inline(t, ctx))}</li>`;
  });
  return `${head}<p>${esc(w.readingsIntro)}</p><ul class="readings">${items.join('')}</ul>`;
}

/** The collection a manifest reading under `/collections/<name>/` is about (its `card` size), if the game has it. */
function collectionOfPath(ctx: PageContext, path: string): Collection | undefined {
  const m = /^\/collections\/([^/]+)\//.exec(path);
  return m ? ctx.game.linked.game.collections.get(m[1]!) : undefined;
}

/** The name of the manifest declaration a game-wide reading stands in (a terrain, a resource), if it stands in one. */
function gameWideName(ctx: PageContext, path: string): string | undefined {
  const m = /^\/declarations\/([^/]+)\/(\d+)(\/|$)/.exec(path);
  if (!m) return undefined;
  const declared = ctx.game.linked.game.manifest.declarations?.[m[1]!]?.[Number(m[2])];
  return declared ? textOf(declared.name, ctx.locale) || undefined : undefined;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
