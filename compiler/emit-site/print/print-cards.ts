import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { textOf } from '../../text.ts';
import type { CheckedGame, Collection, Entry, PlaceholderInfo } from '../../model.ts';
import { backTemplatePath, readTemplate } from '../check-presentation.ts';
import { esc, inline, plainWords, type PageContext } from '../context.ts';
import { cardBackHtml, cardFaceHtml } from '../entities.ts';
import { mainLocaleContext } from '../game-pages.ts';
import { sanitizeSvg } from '../icon-images.ts';
import { labelsOf } from '../labels.ts';
import { inLang, nameLangOn, ownText } from '../translation.ts';
import { cardSizeOf } from './card-size.ts';
import type { CardDraft, PrintCollection, PrintedCard } from './print-types.ts';

/**
 * The cards `rulebook print` lays out: for each collection whose manifest
 * declaration has a `card`, every entry as many times as its copies say, in
 * collection order, each drawn with the site's own face code (entities.ts
 * cardFaceHtml: the template, or the titled fields), so a card looks as it
 * does on the site. Then made fit for paper: links become plain text (a
 * printed link goes nowhere), the site's "draft" buttons and tooltips go, and
 * a drafted value keeps its box with a print mark (`print-draft`) while the
 * card says "draft" in its corner, in the game's language.
 */
export function printCollections(g: CheckedGame, options: { collection?: string } = {}): PrintCollection[] {
  const game = g.linked.game;
  const ctx = mainLocaleContext(g);
  const out: PrintCollection[] = [];
  for (const c of game.collections.values()) {
    if (!c.decl.card || (options.collection !== undefined && c.name !== options.collection)) continue;
    out.push(printCollection(c, ctx));
  }
  return out;
}

function printCollection(c: Collection, ctx: PageContext): PrintCollection {
  const game = ctx.game.linked.game;
  const decl = c.decl.card!;
  const problems: string[] = [];
  const back = backOf(c, ctx, problems);
  const cards: PrintedCard[] = [];
  const sizeMark = manifestMark(ctx, c.name);
  // A size not decided yet makes every card a draft: each says so, as a drafted value would.
  const sizeDrafted = sizeMark?.kind === 'placeholder';
  for (const e of c.entries) {
    const faceHtml = forPrint(faceOf(c, e, ctx, sizeDrafted));
    const backHtml = back.perEntry ? forPrint(cardBackHtml(c, e, ctx) ?? '') : back.shared;
    const drafts = draftsOf(c, e, ctx);
    for (let copy = 1; copy <= e.copies; copy++)
      cards.push({
        id: e.id,
        name: nameOf(e, ctx),
        copy,
        copies: e.copies,
        faceHtml,
        ...(backHtml !== undefined ? { backHtml } : {}),
        drafts,
      });
  }
  return {
    game: game.manifest.id,
    gameName: textOf(game.manifest.name, ctx.locale),
    collection: c.name,
    title: textOf(c.decl.title, ctx.locale) || c.name,
    locale: ctx.locale,
    size: cardSizeOf(decl),
    sizeIsReading: sizeMark?.kind === 'reading',
    ...(sizeMark ? { sizeMark } : {}),
    cards,
    hasBack: back.perEntry || back.shared !== undefined,
    problems,
  };
}

/** The entry's display name as plain words (a token in a name reads as its words). */
function nameOf(e: Entry, ctx: PageContext): string {
  return plainWords(textOf(e.name, ctx.locale), ctx) || e.id;
}

/** The face: the name on top (the site draws it in the article's heading), "draft" beside it when a value (or the card's size) is drafted, then the site's face. */
function faceOf(c: Collection, e: Entry, ctx: PageContext, sizeDrafted: boolean): string {
  const game = ctx.game.linked.game;
  const name = textOf(e.name, ctx.locale) || e.id;
  const drafted = sizeDrafted || ctx.index.drafts(c.name, e.id).length > 0;
  const nameHtml = inLang(inline(name, ctx), nameLangOn(game, c.name, e.name, ctx.locale, e.value));
  const corner = drafted ? `<span class="card-draft">${esc(ctx.words.draft)}</span>` : '';
  return `<div class="card-head"><h2 class="card-name">${nameHtml}</h2>${corner}</div><div class="card-body">${cardFaceHtml(c, e, ctx)}</div>`;
}

/**
 * The entry's drafts as the command lists them under `--final`: the value's
 * label as the card shows it (the field's title; the entry's name for the
 * whole entry) and its note, in the game's words.
 */
function draftsOf(c: Collection, e: Entry, ctx: PageContext): CardDraft[] {
  const labels = labelsOf(ctx.game.linked.game, c, ctx.locale);
  const name = nameOf(e, ctx);
  return ctx.index.drafts(c.name, e.id).map((d: PlaceholderInfo) => {
    const top = d.path.split('/').slice(0, 2).join('/');
    const label = d.path === '' ? name : (labels.title(d.path) ?? labels.title(top) ?? name);
    return { path: d.path, label, note: ownText(d.note, ctx.language) };
  });
}

/** A reading or placeholder on the collection's `card` in the manifest (the rulebook prints no size). */
function manifestMark(ctx: PageContext, collection: string): PrintCollection['sizeMark'] {
  const at = (list: readonly PlaceholderInfo[]) =>
    list.find((p) => p.collection === '(manifest)' && (p.path === `/collections/${collection}/card` || p.path === `/collections/${collection}/card/size`));
  const placeholder = at(ctx.game.linked.placeholders);
  if (placeholder) return { kind: 'placeholder', note: placeholder.note };
  const reading = at(ctx.game.linked.readings);
  return reading ? { kind: 'reading', note: reading.note } : undefined;
}

/**
 * The collection's back: a back template drawn per entry, else the one
 * picture `card.back` names (an SVG made safe, a PNG or JPEG as a data
 * address), else none. A back that cannot be drawn is a problem the command
 * reports, never a throw.
 */
function backOf(c: Collection, ctx: PageContext, problems: string[]): { perEntry: boolean; shared?: string } {
  const game = ctx.game.linked.game;
  const template = backTemplatePath(game, c);
  if (readTemplate(template) !== undefined) {
    // A template that does not compile draws nothing on any card: said once, not once per card.
    const first = c.entries[0];
    if (!first || cardBackHtml(c, first, ctx) !== undefined) return { perEntry: true };
    problems.push(
      `${relative(game.dir, template)} does not compile (rulebook check shows where): the cards print ${c.decl.card?.back ? 'with the back picture' : 'without backs'} until it does.`,
    );
  }
  const picture = c.decl.card?.back;
  if (!picture) return { perEntry: false };
  const file = path.resolve(game.dir, picture);
  const where = `card.back of ${c.name} in game.yaml`;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    problems.push(`The back picture ${picture} (${where}) is not there: put the file at ${relative(game.dir, file)}, or correct the path.`);
    return { perEntry: false };
  }
  const kind = path.extname(file).toLowerCase();
  if (kind === '.svg') {
    const safe = sanitizeSvg(bytes.toString('utf8'));
    if (!safe.svg) {
      problems.push(`The back picture ${picture} (${where}) holds no <svg> drawing.`);
      return { perEntry: false };
    }
    const svg: Element = { ...safe.svg, properties: { ...safe.svg.properties, className: ['card-back-picture'], ariaHidden: 'true' } };
    return { perEntry: false, shared: String(writer.stringify({ type: 'root', children: [svg] })) };
  }
  const media = kind === '.png' ? 'image/png' : kind === '.jpg' || kind === '.jpeg' ? 'image/jpeg' : undefined;
  if (!media) {
    problems.push(`The back picture ${picture} (${where}) is not SVG, PNG or JPEG.`);
    return { perEntry: false };
  }
  return { perEntry: false, shared: `<img class="card-back-picture" alt="" src="data:${media};base64,${bytes.toString('base64')}">` };
}

function relative(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join('/');
}

const parser = unified().use(rehypeParse, { fragment: true });
const writer = unified().use(rehypeStringify);

/** Classes of what the site adds for a screen that a printed card has no use for: a note behind a button, a tooltip, a reading's note. */
const SCREEN_ONLY = ['draft-note', 'tip', 'reading'];
/** Classes of a drafted value's box: it keeps its box, marked for print. */
const DRAFT_BOXES = ['draft-value', 'face-draft-value', 'face-stat-draft'];
/** Attributes that point into a page (an ID would repeat on every copy) or serve a screen reader's or a search's interaction. */
const DROPPED = /^(id|title|href|tabIndex|aria[A-Z].*|dataPagefind.*|role|target|rel)$/;

/**
 * A face's HTML made for paper: links become their words (`<a>` to `<span>`),
 * buttons, disclosures and screen-only notes go, a drafted value gets `print-draft`, and
 * no ID repeats (a card prints several times on one page). An SVG drawing is
 * left as it is: its IDs are its own references.
 */
export function forPrint(html: string): string {
  const tree = parser.parse(html);
  visit(tree, 'element', (el: Element, index, parent) => {
    if (el.tagName === 'svg') return SKIP;
    const classes = classesOf(el);
    // A disclosure (how a value is computed) prints closed, its summary alone: it goes whole.
    if (parent && index !== undefined && (el.tagName === 'button' || el.tagName === 'details' || classes.some((k) => SCREEN_ONLY.includes(k)))) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if (el.tagName === 'a') el.tagName = 'span';
    for (const key of Object.keys(el.properties)) if (DROPPED.test(key)) delete el.properties[key];
    if (classes.some((k) => DRAFT_BOXES.includes(k))) el.properties.className = [...classes, 'print-draft'];
    return undefined;
  });
  return String(writer.stringify(tree as Root));
}

function classesOf(el: Element): string[] {
  const c = el.properties.className;
  return Array.isArray(c) ? c.map(String) : [];
}
