import { textOf } from '../link/link.ts';
import type { DeclEntry, Entry, Text } from '../model.ts';
import { esc, type PageContext } from './context.ts';

/**
 * A map drawn from its adjacency data. Any entry shaped as a graph is a map:
 * `spaces` (id, name, terrain, x, y in 0..1000), `edges` (a, b, kind) and
 * optionally `arrows` (from, to). The compiler knows no game: terrain colours
 * come from the game's declared terrains (`color:` as the rulebook's colour
 * key words it, such as "Yellow" or "Colorless / Gray").
 */
interface Space {
  id: string;
  name: string;
  terrain: string;
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

export function isMap(e: Entry): boolean {
  const v = e.value;
  return Array.isArray(v.spaces) && Array.isArray(v.edges) && (v.spaces as unknown[]).every((s) => typeof s === 'object' && s !== null && 'x' in s && 'y' in s);
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

export function mapHtml(e: Entry, ctx: PageContext, level: number): string {
  const spaces = e.value.spaces as Space[];
  const edges = e.value.edges as Edge[];
  const arrows = (Array.isArray(e.value.arrows) ? e.value.arrows : []) as Arrow[];
  const terrains = new Map((ctx.game.linked.game.manifest.declarations?.terrains ?? []).map((t: DeclEntry, i) => [t.id ?? '', { decl: t, index: i }]));
  const byId = new Map(spaces.map((s) => [s.id, s]));
  const w = ctx.words;
  const anchor = (s: string) => `${e.id}-${s}`;
  const name = (id: string) => byId.get(id)?.name ?? id;
  const terrainName = (t: string) => textOf(terrains.get(t)?.decl.name as Text | undefined, ctx.locale) || t;
  const neighbours = (id: string, kind?: string) => edges.filter((x) => (x.a === id || x.b === id) && (!kind || x.kind === kind)).map((x) => (x.a === id ? x.b : x.a));
  const draft = e.value.provenance === 'placeholder';
  const R = 30;

  const edgeLines = edges.map((x) => {
    const a = byId.get(x.a);
    const b = byId.get(x.b);
    if (!a || !b) return '';
    return `<line class="edge ${esc(x.kind)}" x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}"/>`;
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
    const t = terrains.get(s.terrain)?.decl;
    const label = `${s.name} (${terrainName(s.terrain)}). ${w.neighbours}: ${neighbours(s.id, 'border').map(name).join(', ') || '—'}`;
    return `<a href="#${esc(anchor(s.id))}" aria-label="${esc(label)}"><title>${esc(label)}</title><circle class="space t-${esc(s.terrain)}" cx="${s.x}" cy="${s.y}" r="${R}" fill="${terrainFill(t?.color)}"/><text class="label" x="${s.x}" y="${s.y + R + 22}" text-anchor="middle">${esc(s.name)}</text></a>`;
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

  const used = [...new Set(spaces.map((s) => s.terrain))];
  const legend = `<p class="legend-h">${esc(w.colourKey)}</p><ul class="legend">${used.map((t) => `<li><svg class="swatch" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="9" fill="${terrainFill(terrains.get(t)?.decl.color)}"/></svg> ${esc(terrainName(t))}${terrains.get(t)?.decl.color !== undefined ? ` — ${esc(String(terrains.get(t)?.decl.color))}` : ''}</li>`).join('')}<li><svg class="swatch" viewBox="0 0 40 20" aria-hidden="true"><line class="edge railroad" x1="2" y1="10" x2="38" y2="10"/></svg> ${esc(w.railroad)}</li><li><svg class="swatch" viewBox="0 0 40 20" aria-hidden="true"><line class="arrow" x1="2" y1="10" x2="30" y2="10"/><path d="M30,5 L38,10 L30,15 z" class="arrow-head"/></svg> ${esc(w.volanteArrow)}</li></ul>`;

  const list = spaces.map((s) => {
    const border = neighbours(s.id, 'border');
    const rail = neighbours(s.id, 'railroad');
    const out = arrows.filter((x) => x.from === s.id).map((x) => x.to);
    const links = (ids: string[]) => ids.map((id) => `<a href="#${esc(anchor(id))}">${esc(name(id))}</a>`).join(', ') || '—';
    return `<li id="${esc(anchor(s.id))}"><b>${esc(s.name)}</b> <span class="terrain">(${esc(terrainName(s.terrain))})</span>. ${esc(w.neighbours)}: ${links(border)}${rail.length ? `. ${esc(w.railroad)}: ${links(rail)}` : ''}${out.length ? `. ${esc(w.volanteArrow)}: ${links(out)}` : ''}.</li>`;
  });
  return `<figure class="map-figure${draft ? ' is-draft' : ''}">${svg}<figcaption>${draft ? `<span class="draft">${esc(w.draft)}</span> ` : ''}${esc(title)}</figcaption></figure>${legend}<h${level} class="spaces-h">${esc(w.spaces)}</h${level}><ul class="space-list">${list.join('')}</ul>`;
}
