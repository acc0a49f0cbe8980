import { textOf } from '../link/link.ts';
import type { Collection, DeclEntry, Entry, GraphDecl, Text } from '../model.ts';
import { draftOf, esc, type PageContext } from './context.ts';

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
  yellow: '#ecc94b', brown: '#a47148', green: '#6aa84f', gray: '#b9b9b9', grey: '#b9b9b9', red: '#d9534f', blue: '#6fa8dc',
  white: '#f4f4f4', black: '#555555', orange: '#f0a35e', purple: '#a98bd4',
};
const UNKNOWN = '#e9e4d8';

/** The fill for a terrain: the first colour word of its declared `color`. */
export function terrainFill(color: unknown): string {
  if (typeof color !== 'string') return UNKNOWN;
  for (const word of color.toLowerCase().split(/[^a-z]+/)) if (PALETTE[word]) return PALETTE[word];
  return UNKNOWN;
}

export function mapHtml(c: Collection, e: Entry, graph: GraphDecl, ctx: PageContext, level: number): string {
  const spaces = ((e.value[graph.nodes] ?? []) as Array<Record<string, unknown>>).map((n) => ({ ...n, kind: String(n[graph.kindField]) }) as unknown as Space);
  const edges = (e.value[graph.edges] ?? []) as Edge[];
  const arrows = (graph.arrows && Array.isArray(e.value[graph.arrows]) ? e.value[graph.arrows] : []) as Arrow[];
  const terrains = new Map((graph.kinds ? ctx.game.linked.game.manifest.declarations?.[graph.kinds] ?? [] : []).map((t: DeclEntry, i) => [t.id ?? '', { decl: t, index: i }]));
  // The first edge kind without a restriction is plain adjacency; the others are named where they show.
  const edgeKinds = Object.entries(graph.edgeKinds);
  const plain = edgeKinds.find(([, k]) => !k.between)?.[0];
  const kindName = (k: string) => textOf(graph.edgeKinds[k]?.name as Text | undefined, ctx.locale) || k;
  const restricted = (k: string) => Boolean(graph.edgeKinds[k]?.between);
  const byId = new Map(spaces.map((s) => [s.id, s]));
  const w = ctx.words;
  const anchor = (s: string) => `${e.id}-${s}`;
  const name = (id: string) => byId.get(id)?.name ?? id;
  const terrainName = (t: string) => textOf(terrains.get(t)?.decl.name as Text | undefined, ctx.locale) || t;
  const neighbours = (id: string, kind?: string) => edges.filter((x) => (x.a === id || x.b === id) && (!kind || x.kind === kind)).map((x) => (x.a === id ? x.b : x.a));
  const draft = draftOf(ctx, c.name, e.id, '') !== undefined;
  const R = 30;

  const edgeLines = edges.map((x) => {
    const a = byId.get(x.a);
    const b = byId.get(x.b);
    if (!a || !b) return '';
    return `<line class="edge k-${esc(x.kind)}${restricted(x.kind) ? ' restricted' : ''}" x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"/>`;
  });
  // Volante arrows run beside the border they follow (offset sideways) and stop short of the circles.
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
  const spaceNodes = spaces.map((s) => {
    const t = terrains.get(s.kind)?.decl;
    const label = `${s.name} (${terrainName(s.kind)}). ${w.neighbours}: ${neighbours(s.id, plain).map(name).join(', ') || '—'}`;
    return `<a href="#${esc(anchor(s.id))}" aria-label="${esc(label)}"><title>${esc(label)}</title><circle class="space t-${esc(s.kind)}" cx="${s.x}" cy="${s.y}" r="${R}" fill="${terrainFill(t?.color)}"/><text class="label" x="${s.x}" y="${s.y + R + 22}" text-anchor="middle">${esc(s.name)}</text></a>`;
  });
  const title = `${textOf(e.value.name as Text, ctx.locale)}${draft ? ` (${w.draft})` : ''}`;
  const svg = `<svg class="map" viewBox="-60 -60 1120 1140" role="group" aria-labelledby="${esc(e.id)}-svg-title">
<title id="${esc(e.id)}-svg-title">${esc(`${w.map}: ${title}`)}</title>
<defs><marker id="${esc(e.id)}-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrow-head"/></marker></defs>
${draft ? `<text class="watermark" x="500" y="540" text-anchor="middle">${esc(w.draft.toUpperCase())}</text>` : ''}
<g class="edges">${edgeLines.join('')}</g>
<g class="arrows">${arrowLines.join('')}</g>
<g class="spaces">${spaceNodes.join('')}</g>
</svg>`;

  const used = [...new Set(spaces.map((s) => s.kind))];
  const legend = `<p class="legend-h">${esc(w.colourKey)}</p><ul class="legend">${used.map((t) => `<li><svg class="swatch" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="9" fill="${terrainFill(terrains.get(t)?.decl.color)}"/></svg> ${esc(terrainName(t))}${terrains.get(t)?.decl.color !== undefined ? ` — ${esc(String(terrains.get(t)?.decl.color))}` : ''}</li>`).join('')}${edgeKinds.filter(([k]) => k !== plain).map(([k]) => `<li><svg class="swatch" viewBox="0 0 40 20" aria-hidden="true"><line class="edge k-${esc(k)}${restricted(k) ? ' restricted' : ''}" x1="2" y1="10" x2="38" y2="10"/></svg> ${esc(kindName(k))}</li>`).join('')}<li><svg class="swatch" viewBox="0 0 40 20" aria-hidden="true"><line class="arrow" x1="2" y1="10" x2="30" y2="10"/><path d="M30,5 L38,10 L30,15 z" class="arrow-head"/></svg> ${esc(w.arrowTo)}</li></ul>`;

  const list = spaces.map((s) => {
    const links = (ids: string[]) => ids.map((id) => `<a href="#${esc(anchor(id))}">${esc(name(id))}</a>`).join(', ') || '—';
    const others = edgeKinds.filter(([k]) => k !== plain).map(([k]) => [k, neighbours(s.id, k)] as const).filter(([, ids]) => ids.length);
    const out = arrows.filter((x) => x.from === s.id).map((x) => x.to);
    return `<li id="${esc(anchor(s.id))}"><b>${esc(s.name)}</b> <span class="terrain">(${esc(terrainName(s.kind))})</span>. ${esc(w.neighbours)}: ${links(neighbours(s.id, plain))}${others.map(([k, ids]) => `. ${esc(kindName(k))}: ${links(ids)}`).join('')}${out.length ? `. ${esc(w.arrowTo)}: ${links(out)}` : ''}.</li>`;
  });
  return `<figure class="map-figure${draft ? ' is-draft' : ''}">${svg}<figcaption>${draft ? `<span class="draft">${esc(w.draft)}</span> ` : ''}${esc(title)}</figcaption></figure>${legend}<h${level} class="spaces-h">${esc(w.spaces)}</h${level}><ul class="space-list">${list.join('')}</ul>`;
}
