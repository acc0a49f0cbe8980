import { inLang, spaceLangOn } from './translation.ts';
import { textOf } from '../text.ts';
import type { Collection, DeclEntry, Entry, GraphDecl, Text } from '../model.ts';
import { draftOf, esc, type PageContext } from './context.ts';
import { LABEL_SIZE, placeLabels } from './map-labels.ts';

/**
 * A map drawn from its adjacency data. An entry of a collection the manifest
 * declares under `graphs:` is a map when its nodes carry x, y (0..1000): the
 * declaration names its node, kind, edge and arrow fields. The compiler knows
 * no game: node colours come from the declared kinds (`color:` as the
 * rulebook's colour key words it, such as "Yellow" or "Colorless / Gray"),
 * and edge kinds are labelled with their declared names.
 */
interface Space {
  id: string;
  name: string;
  kind: string;
  x: number;
  y: number;
}
interface Edge {
  a: string;
  b: string;
  kind: string;
}
interface Arrow {
  from: string;
  to: string;
}

/** The graph declaration that makes this entry drawable as a map, if any. */
export function mapGraph(c: Collection, e: Entry, ctx: PageContext): GraphDecl | undefined {
  const graph = ctx.game.linked.game.manifest.graphs?.[c.name];
  if (!graph) return undefined;
  const nodes = e.value[graph.nodes];
  return Array.isArray(nodes) && nodes.every((n) => typeof n === 'object' && n !== null && 'x' in n && 'y' in n) ? graph : undefined;
}

/** Soft tones for the colour words of a rulebook's colour key; text stays readable on each. */
const PALETTE: Record<string, string> = {
  yellow: '#ecc94b',
  brown: '#a47148',
  green: '#6aa84f',
  gray: '#b9b9b9',
  grey: '#b9b9b9',
  red: '#d9534f',
  blue: '#6fa8dc',
  white: '#f4f4f4',
  black: '#555555',
  orange: '#f0a35e',
  purple: '#a98bd4',
};
const UNKNOWN = '#e9e4d8';

/** The fill for a terrain: the first colour word of its declared `color`. */
export function terrainFill(color: unknown): string {
  if (typeof color !== 'string') return UNKNOWN;
  for (const word of color.toLowerCase().split(/[^a-z]+/)) if (PALETTE[word]) return PALETTE[word];
  return UNKNOWN;
}

/**
 * Hatching drawn over each kind's fill, so kinds differ by pattern as well as
 * colour (WCAG 1.4.1): the n-th kind of the declaration takes the n-th; past
 * the list, the patterns repeat at a finer spacing.
 */
const PATTERNS: Array<(s: number) => string> = [
  () => '',
  (s) => `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 6}"/>`,
  (s) => `<path d="M0,${s} L${s},0 M${-s / 2},${s / 2} L${s / 2},${-s / 2} M${s / 2},${s * 1.5} L${s * 1.5},${s / 2}"/>`,
  (s) => `<path d="M0,${s / 2} H${s}"/>`,
  (s) => `<path d="M${s / 2},0 V${s}"/>`,
  (s) => `<path d="M0,0 L${s},${s} M${-s / 2},${s / 2} L${s / 2},${s * 1.5} M${s / 2},${-s / 2} L${s * 1.5},${s / 2}"/>`,
  (s) => `<path d="M0,${s / 2} H${s} M${s / 2},0 V${s}"/>`,
  (s) => `<path d="M0,${s * 0.7} L${s / 2},${s * 0.3} L${s},${s * 0.7}"/>`,
];

/** The `<pattern>` of the kind at `index` (undefined for the plain one), with a page-unique ID. */
export function kindPattern(index: number, id: string): string | undefined {
  const draw = PATTERNS[index % PATTERNS.length]!;
  const size = 16 / (1 + Math.floor(index / PATTERNS.length) * 0.5);
  const shape = draw(size);
  return shape ? `<pattern id="${esc(id)}" class="hatch" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${shape}</pattern>` : undefined;
}

/** A sentence from a template of the site's words: `{name}` takes the value's HTML. */
function fill(template: string, values: Record<string, string>): string {
  return esc(template).replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}

/** Names joined as the page's language joins them ("A, B and C"), each already HTML. */
function andList(items: string[], locale: string): string {
  const parts = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).formatToParts(items.map((_, i) => `\uE000${i}\uE000`));
  return parts.map((p) => (p.type === 'element' ? items[Number(p.value.replace(/\uE000/g, ''))]! : esc(p.value))).join('');
}

/**
 * The piece that follows the arrows, named as the game names it: the mover of
 * this graph with `followsArrows`, whose ID a declaration entry (a piece
 * kind) shares. No such entry: the arrows go unnamed ("the arrow").
 */
function arrowMover(c: Collection, ctx: PageContext): string | undefined {
  const manifest = ctx.game.linked.game.manifest;
  for (const [id, mover] of Object.entries(manifest.movers ?? {})) {
    if (mover.graph !== c.name || !mover.followsArrows) continue;
    for (const entries of Object.values(manifest.declarations ?? {})) {
      const named = entries.find((d: DeclEntry) => d.id === id);
      if (named) return textOf(named.name as Text, ctx.locale) || undefined;
    }
  }
  return undefined;
}

/**
 * The drawing's size in CSS px per map unit when it opens. A name is
 * LABEL_SIZE units tall, so it reads at 0.6 × 24 = 14.4 px: a phone's
 * frame scrolls sideways around a map wider than it, rather than shrinking
 * the names to 8 px; a wide screen shrinks a map wider than its column.
 */
export const NATURAL_SCALE = 0.6;
/** The draft mark's band above the drawing, and its letters' size, in map units. */
const STAMP_BAND = 80;
const STAMP_SIZE = 56;

/** A colour key value that says the kind has no colour ("none"), told in the page's words instead of printed as a value. */
const NO_COLOUR = /^\s*(none|-|—)?\s*$/i;

export function mapHtml(c: Collection, e: Entry, graph: GraphDecl, ctx: PageContext, level: number): string {
  const spaces = ((e.value[graph.nodes] ?? []) as Array<Record<string, unknown>>).map((n) => ({ ...n, kind: String(n[graph.kindField]) }) as unknown as Space);
  const edges = (e.value[graph.edges] ?? []) as Edge[];
  const arrows = (graph.arrows && Array.isArray(e.value[graph.arrows]) ? e.value[graph.arrows] : []) as Arrow[];
  const declared = graph.kinds ? (ctx.game.linked.game.manifest.declarations?.[graph.kinds] ?? []) : [];
  const terrains = new Map(declared.map((t: DeclEntry, i) => [t.id ?? '', { decl: t, index: i }]));
  // The first edge kind without a restriction is plain adjacency; the others are named where they show.
  const edgeKinds = Object.entries(graph.edgeKinds);
  const plain = edgeKinds.find(([, k]) => !k.between)?.[0];
  const kindName = (k: string) => textOf(graph.edgeKinds[k]?.name as Text | undefined, ctx.locale) || k;
  const restricted = (k: string) => Boolean(graph.edgeKinds[k]?.between);
  const byId = new Map(spaces.map((s) => [s.id, s]));
  const w = ctx.words;
  const anchor = (s: string) => `${e.id}-${s}`;
  const name = (id: string) => byId.get(id)?.name ?? id;
  // The spaces' names keep their own language on a page in another (Brazilian towns on an English page).
  const spaceLang = spaceLangOn(ctx.game.linked.game, c.name, ctx.locale);
  const nameHtml = (n: string) => inLang(esc(n), spaceLang);
  const terrainName = (t: string) => textOf(terrains.get(t)?.decl.name as Text | undefined, ctx.locale) || t;
  const neighbours = (id: string, kind?: string) =>
    edges.filter((x) => (x.a === id || x.b === id) && (!kind || x.kind === kind)).map((x) => (x.a === id ? x.b : x.a));
  const draft = draftOf(ctx, c.name, e.id, '') !== undefined;
  const mover = arrowMover(c, ctx);
  const R = 30;
  // Kinds not in the declaration still get a pattern of their own, after the declared ones.
  const kindIndex = (k: string) =>
    terrains.get(k)?.index ?? declared.length + [...new Set(spaces.map((s) => s.kind))].filter((x) => !terrains.has(x)).indexOf(k);
  const patternId = (k: string) => `${e.id}-p-${kindIndex(k)}`;
  const used = [...new Set(spaces.map((s) => s.kind))];
  const patterns = new Map(used.map((k) => [k, kindPattern(kindIndex(k), patternId(k))]));

  const edgeLines = edges.map((x) => {
    const a = byId.get(x.a);
    const b = byId.get(x.b);
    if (!a || !b) return '';
    return `<line class="edge k-${esc(x.kind)}${restricted(x.kind) ? ' restricted' : ''}" x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"/>`;
  });
  // Arrows run beside the border they follow (offset sideways) and stop short of the circles.
  const arrowLines = arrows.map((x) => {
    const a = byId.get(x.from);
    const b = byId.get(x.to);
    if (!a || !b) return '';
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const [ux, uy] = [dx / len, dy / len];
    const [ox, oy] = [-uy * 9, ux * 9];
    const f = (n: number) => n.toFixed(1);
    return `<line class="arrow" x1="${f(a.x + ux * (R + 4) + ox)}" y1="${f(a.y + uy * (R + 4) + oy)}" x2="${f(b.x - ux * (R + 10) + ox)}" y2="${f(b.y - uy * (R + 10) + oy)}" marker-end="url(#${esc(e.id)}-head)"/>`;
  });
  const segments = edges.flatMap((x) => {
    const a = byId.get(x.a);
    const b = byId.get(x.b);
    return a && b ? [{ x1: a.x, y1: a.y, x2: b.x, y2: b.y }] : [];
  });
  // Names beside their circles, never over one, kept near the spaces; the drawing is cropped to the spaces and names
  // (not the whole 0..1000 square), so a map using part of the board fills the frame on a phone.
  const xs = spaces.map((s) => s.x);
  const ys = spaces.map((s) => s.y);
  const near = spaces.length
    ? {
        x: Math.min(...xs) - R - 150,
        y: Math.min(...ys) - R - 60,
        w: Math.max(...xs) - Math.min(...xs) + 2 * R + 300,
        h: Math.max(...ys) - Math.min(...ys) + 2 * R + 120,
      }
    : undefined;
  const labels = placeLabels(
    spaces.map((s) => s.name),
    spaces.map((s) => ({ x: s.x, y: s.y, r: R })),
    segments,
    near,
  );
  const f1 = (n: number) => Number(n.toFixed(1));
  const PAD = 16;
  const extent = (values: number[], pick: (...n: number[]) => number, empty: number) => (values.length ? pick(...values) : empty);
  const left = extent([...xs.map((x) => x - R - PAD), ...labels.map((l) => l.box.x - PAD)], Math.min, 0);
  const drawnTop = extent([...ys.map((y) => y - R - PAD), ...labels.map((l) => l.box.y - PAD)], Math.min, 0);
  const right = extent([...xs.map((x) => x + R + PAD), ...labels.map((l) => l.box.x + l.box.w + PAD)], Math.max, 1000);
  const bottom = extent([...ys.map((y) => y + R + PAD), ...labels.map((l) => l.box.y + l.box.h + PAD)], Math.max, 1000);
  // A draft's mark takes a band of its own above the drawing: written across the middle it lay over the names.
  const top = draft ? drawnTop - STAMP_BAND : drawnTop;

  // `spaceHtml`: the space's own name as HTML, or as attribute text (the drawing's aria-label, which cannot carry a `lang`).
  const nextTo = (s: Space, html: (id: string) => string, spaceHtml: (n: string) => string = nameHtml) => {
    const ids = neighbours(s.id, plain);
    return ids.length
      ? fill(w.mapNextTo, { space: spaceHtml(s.name), list: andList(ids.map(html), ctx.locale) })
      : fill(w.mapNextToNone, { space: spaceHtml(s.name) });
  };
  const spaceNodes = spaces.map((s, i) => {
    const label = `${esc(s.name)} (${esc(terrainName(s.kind))}). ${nextTo(s, (id) => esc(name(id)), esc)}`;
    const l = labels[i]!;
    const hatch = patterns.get(s.kind) ? `<circle class="hatch-fill" cx="${s.x}" cy="${s.y}" r="${R}" fill="url(#${esc(patternId(s.kind))})"/>` : '';
    return `<a href="#${esc(anchor(s.id))}" aria-label="${label}"><title>${label}</title><circle class="space t-${esc(s.kind)}" cx="${s.x}" cy="${s.y}" r="${R}" fill="${terrainFill(terrains.get(s.kind)?.decl.color)}"/>${hatch}<text class="label" x="${f1(l.x)}" y="${f1(l.y)}" text-anchor="${l.anchor}" font-size="${LABEL_SIZE}"${spaceLang ? ` lang="${esc(spaceLang)}"` : ''}>${esc(s.name)}</text></a>`;
  });
  // The drawing's own name says "draft" in words (it has no badge); the caption's badge says it once, before the bare name.
  const title = `${textOf(e.name, ctx.locale)}${draft ? ` (${w.draft})` : ''}`;
  // The drawing's own size (width, height): at it a name is NATURAL_SCALE × LABEL_SIZE px tall, readable on a phone, where the frame scrolls sideways.
  const size = `width="${Math.round((right - left) * NATURAL_SCALE)}" height="${Math.round((bottom - top) * NATURAL_SCALE)}"`;
  const svg = `<svg class="map" viewBox="${f1(left)} ${f1(top)} ${f1(right - left)} ${f1(bottom - top)}" ${size} role="group" aria-labelledby="${esc(e.id)}-svg-title">
<title id="${esc(e.id)}-svg-title">${esc(`${w.map}: ${title}`)}</title>
<defs><marker id="${esc(e.id)}-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrow-head"/></marker>${[...patterns.values()].filter(Boolean).join('')}</defs>
${draft ? `<text class="watermark" x="${f1(left + PAD)}" y="${f1(drawnTop - STAMP_BAND / 2 + STAMP_SIZE * 0.35)}" font-size="${STAMP_SIZE}">${esc(w.draft.toUpperCase())}</text>` : ''}
<g class="edges">${edgeLines.join('')}</g>
<g class="arrows">${arrowLines.join('')}</g>
<g class="spaces">${spaceNodes.join('')}</g>
</svg>`;

  const colourOf = (t: string) => {
    const color = terrains.get(t)?.decl.color;
    if (color === undefined) return '';
    return ` — ${esc(NO_COLOUR.test(String(color)) ? w.mapNoColour : String(color))}`;
  };
  // A swatch is a space drawn at the map's scale, so its hatching shows as it does on the map.
  const swatch = (t: string) =>
    `<svg class="swatch" viewBox="0 0 64 64" aria-hidden="true"><circle class="space" cx="32" cy="32" r="${R}" fill="${terrainFill(terrains.get(t)?.decl.color)}"/>${patterns.get(t) ? `<circle class="hatch-fill" cx="32" cy="32" r="${R}" fill="url(#${esc(patternId(t))})"/>` : ''}</svg>`;
  const arrowKey = mover ? fill(w.mapArrowKey, { mover: esc(mover) }) : esc(w.mapArrowKeyAny);
  const legend = `<p class="legend-h">${esc(w.colourKey)}</p><ul class="legend">${used.map((t) => `<li data-pattern="${patterns.get(t) ? esc(patternId(t)) : 'plain'}">${swatch(t)} ${esc(terrainName(t))}${colourOf(t)}</li>`).join('')}${edgeKinds
    .filter(([k]) => k !== plain)
    .map(
      ([k]) =>
        `<li><svg class="swatch" viewBox="0 0 40 20" aria-hidden="true"><line class="edge k-${esc(k)}${restricted(k) ? ' restricted' : ''}" x1="2" y1="10" x2="38" y2="10"/></svg> ${esc(kindName(k))}</li>`,
    )
    .join(
      '',
    )}${arrows.length ? `<li><svg class="swatch" viewBox="0 0 40 20" aria-hidden="true"><line class="arrow" x1="2" y1="10" x2="30" y2="10"/><path d="M30,5 L38,10 L30,15 z" class="arrow-head"/></svg> ${arrowKey}</li>` : ''}</ul>`;

  const list = spaces.map((s) => {
    const link = (id: string) => `<a href="#${esc(anchor(id))}">${nameHtml(name(id))}</a>`;
    const others = edgeKinds
      .filter(([k]) => k !== plain)
      .map(([k]) => [k, neighbours(s.id, k)] as const)
      .filter(([, ids]) => ids.length);
    const out = arrows.filter((x) => x.from === s.id).map((x) => x.to);
    const sentences = [nextTo(s, link), ...others.map(([k, ids]) => fill(w.mapJoinedBy, { kind: esc(kindName(k)), list: andList(ids.map(link), ctx.locale) }))];
    // Only a map that has arrows says where each space's arrow goes, or that none leaves it.
    if (arrows.length) {
      const template = out.length
        ? mover
          ? out.length > 1
            ? w.mapArrows
            : w.mapArrow
          : out.length > 1
            ? w.mapArrowsAny
            : w.mapArrowAny
        : mover
          ? w.mapNoArrow
          : w.mapNoArrowAny;
      sentences.push(fill(template, { mover: esc(mover ?? ''), space: nameHtml(s.name), list: andList(out.map(link), ctx.locale) }));
    }
    return `<li id="${esc(anchor(s.id))}"><b>${nameHtml(s.name)}</b> <span class="terrain">(${esc(terrainName(s.kind))})</span>. ${sentences.join(' ')}</li>`;
  });
  const scrollId = `${e.id}-scroll`;
  // Zoom buttons show only with scripts (site.js); the drawing scrolls inside its frame, so touch, wheel and arrow keys pan it.
  const tools = `<div class="map-tools"><button type="button" class="map-zoom" data-zoom="in" aria-controls="${esc(scrollId)}" title="${esc(w.mapZoomIn)}"><span aria-hidden="true">+</span><span class="visually-hidden">${esc(w.mapZoomIn)}</span></button><button type="button" class="map-zoom" data-zoom="out" aria-controls="${esc(scrollId)}" title="${esc(w.mapZoomOut)}" disabled><span aria-hidden="true">−</span><span class="visually-hidden">${esc(w.mapZoomOut)}</span></button><span class="map-hint">${esc(w.mapZoomHint)}</span></div>`;
  const frame = `<div class="map-scroll" id="${esc(scrollId)}" data-zoom="1" tabindex="0" role="group" aria-label="${esc(`${w.map}: ${title}`)}">${svg}</div>`;
  return `<figure class="map-figure${draft ? ' is-draft' : ''}">${tools}${frame}<figcaption>${draft ? `<span class="draft">${esc(w.draft)}</span> ` : ''}${esc(textOf(e.name, ctx.locale))}</figcaption></figure>${legend}<h${level} class="spaces-h">${esc(w.spaces)}</h${level}><ul class="space-list">${list.join('')}</ul>`;
}
