import { describe, expect, it } from 'vitest';
import { fixtureProject, swap } from '../helpers.ts';
import { decodeEntities, siteOf } from './built.ts';

// The `board` fixture's maps (test/fixtures/games/board/content/board/maps.yaml), drawn by compiler/emit-site/map-svg.ts.
const MAPS = 'content/board/maps.yaml';
const GAME = 'content/board/game.yaml';

async function mapPage(edits: Record<string, (text: string) => string> = {}): Promise<string> {
  const files = await siteOf(await fixtureProject('board', edits), { search: false });
  return String(files.get('board/maps.html'));
}

interface Circle {
  x: number;
  y: number;
  r: number;
}
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** The spaces' circles and their names' boxes, read back from the SVG markup. */
function geometry(svg: string): { circles: Circle[]; labels: Array<{ text: string; box: Box }>; view: Box } {
  const circles = [...svg.matchAll(/<circle class="space [^>]*>/g)].map((m) => ({
    x: Number(attr(m[0], 'cx')),
    y: Number(attr(m[0], 'cy')),
    r: Number(attr(m[0], 'r')),
  }));
  const labels = [...svg.matchAll(/<text class="label"([^>]*)>([^<]*)<\/text>/g)].map((m) => {
    const text = decodeEntities(m[2]!);
    const x = Number(attr(m[1]!, 'x'));
    const y = Number(attr(m[1]!, 'y'));
    const size = Number(attr(m[1]!, 'font-size'));
    // A test-side estimate of the text's extent, independent of the placement's own: 0.6 em a glyph, ascent 0.8 em, descent 0.25 em.
    const w = text.length * size * 0.6;
    const anchor = attr(m[1]!, 'text-anchor');
    const left = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
    return { text, box: { x: left, y: y - size * 0.8, w, h: size * 1.05 } };
  });
  const [vx, vy, vw, vh] = attr(svg.match(/<svg class="map"[^>]*>/)![0], 'viewBox')!
    .split(' ')
    .map(Number);
  return { circles, labels, view: { x: vx!, y: vy!, w: vw!, h: vh! } };
}

function touches(b: Box, c: Circle): boolean {
  const nx = Math.max(b.x, Math.min(c.x, b.x + b.w));
  const ny = Math.max(b.y, Math.min(c.y, b.y + b.h));
  return Math.hypot(c.x - nx, c.y - ny) < c.r;
}
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function checkLabels(svg: string): void {
  const { circles, labels, view } = geometry(svg);
  expect(labels).toHaveLength(circles.length);
  for (const l of labels) {
    for (const c of circles) expect(touches(l.box, c), `${l.text} over the space at ${c.x},${c.y}`).toBe(false);
    for (const o of labels) if (o !== l) expect(overlap(l.box, o.box), `${l.text} over ${o.text}`).toBe(false);
    // Names keep a gap of a third of their height at least: two names closer than that read as one ("Cabrobó Raso da Catarina").
    const size = Number(attr(svg.match(/<text class="label"[^>]*>/)![0], 'font-size'));
    const grown = { x: l.box.x - size / 3, y: l.box.y - size / 3, w: l.box.w + (2 * size) / 3, h: l.box.h + (2 * size) / 3 };
    for (const o of labels) if (o !== l) expect(overlap(grown, o.box), `${l.text} against ${o.text}`).toBe(false);
    expect(
      l.box.x >= view.x && l.box.y >= view.y && l.box.x + l.box.w <= view.x + view.w && l.box.y + l.box.h <= view.y + view.h,
      `${l.text} inside the drawing`,
    ).toBe(true);
  }
}

const svgsOf = (html: string) => [...html.matchAll(/<svg class="map"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
const itemOf = (html: string, id: string) => html.match(new RegExp(`<li id="${id}">[\\s\\S]*?</li>`))?.[0] ?? '';
const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ''));

describe('the map page: names, legend and sentences', () => {
  it('places every name beside its space, over no space and no other name, inside the drawing', async () => {
    for (const svg of svgsOf(await mapPage())) checkLabels(svg);
  });

  it('moves a name off a crowded spot: spaces close together below and beside a space push its name elsewhere', async () => {
    // Elmstead right below Ashford and Dunmore right beside it: the name's usual spot (below) lies on Elmstead.
    const html = await mapPage({
      [MAPS]: (t) =>
        swap(
          '{ id: elmstead, name: Elmstead, kind: field, x: 200, y: 300 }',
          '{ id: elmstead, name: Elmstead, kind: field, x: 100, y: 175 }',
        )(swap('{ id: dunmore, name: Dunmore, kind: field, x: 300, y: 100 }', '{ id: dunmore, name: Dunmore, kind: field, x: 185, y: 100 }')(t)),
    });
    const svg = svgsOf(html)[0]!;
    const { circles, labels } = geometry(svg);
    const ashford = labels.find((l) => l.text === 'Ashford')!;
    // The old fixed spot (centred 22 below the circle) would have covered Elmstead: the test is not vacuous.
    const below = { x: 100 - ashford.box.w / 2, y: 100 + 30 + 22 - 24 * 0.8, w: ashford.box.w, h: ashford.box.h };
    expect(
      touches(
        below,
        circles.find((c) => c.y === 175)!,
      ),
    ).toBe(true);
    checkLabels(svg);
  });

  it('gives each kind of space a legend swatch with its own pattern, the same one its spaces are drawn with', async () => {
    const html = await mapPage();
    const svg = svgsOf(html)[0]!;
    const legend = html.match(/<ul class="legend">[\s\S]*?<\/ul>/)![0];
    const kinds = [...legend.matchAll(/<li data-pattern="([^"]+)">([\s\S]*?)<\/li>/g)].map((m) => ({ pattern: m[1]!, text: textOf(m[2]!).trim() }));
    // game.yaml's places: Town, Field, Shrine, all used on The Valley.
    expect(kinds.map((k) => k.text)).toEqual(['Town — Colorless / Gray', 'Field — Green', 'Shrine — Yellow']);
    expect(new Set(kinds.map((k) => k.pattern)).size).toBe(kinds.length);
    expect(kinds.filter((k) => k.pattern === 'plain').length).toBeLessThanOrEqual(1);
    const drawn = new Set<string>();
    for (const k of kinds.filter((x) => x.pattern !== 'plain')) {
      const pattern = svg.match(new RegExp(`<pattern id="${k.pattern}"[^>]*>([\\s\\S]*?)</pattern>`))?.[1];
      expect(pattern, k.text).toBeTruthy();
      drawn.add(pattern!);
      // The swatch and every space of the kind are hatched with it.
      expect(legend).toContain(`fill="url(#${k.pattern})"`);
    }
    expect(drawn.size).toBe(kinds.filter((x) => x.pattern !== 'plain').length);
    const fieldPattern = kinds.find((k) => k.text.startsWith('Field'))!.pattern;
    expect(svg.match(new RegExp(`<circle class="space t-field"[^>]*/><circle class="hatch-fill"[^>]*fill="url\\(#${fieldPattern}\\)"`, 'g'))).toHaveLength(3);
  });

  it("says each space's neighbours, other links and arrow in sentences", async () => {
    const html = await mapPage();
    expect(textOf(itemOf(html, 'valley-ashford'))).toBe(
      'Ashford (Town). Ashford is next to Elmstead and Dunmore. Railroad joins it to Coldharbor. The arrow points to Dunmore.',
    );
    // Greystone has no arrow leaving it: said so, not left blank.
    expect(textOf(itemOf(html, 'valley-greystone'))).toBe('Greystone (Shrine). Greystone is next to Dunmore and Fallow. No arrow leaves Greystone.');
    expect(html).toContain('<a href="#valley-ashford" aria-label="Ashford (Town). Ashford is next to Elmstead and Dunmore.">');
    expect(textOf(html)).not.toMatch(/Arrow to|Neighbours:/);
  });

  it('names the arrows after the piece that follows them, and a kind with no colour in words', async () => {
    // The mover `patrol` follows the arrows; a declaration entry with its ID names it.
    const html = await mapPage({
      [GAME]: swap('declarations:\n', 'declarations:\n  pieces:\n    - { id: patrol, name: Patrol }\n    - { id: runner, name: Runner }\n'),
    });
    expect(textOf(itemOf(html, 'valley-ashford'))).toContain('The Patrol arrow points to Dunmore.');
    expect(textOf(itemOf(html, 'valley-greystone'))).toContain('No Patrol arrow leaves Greystone.');
    expect(textOf(html.match(/<ul class="legend">[\s\S]*?<\/ul>/)![0])).toContain('Patrol arrow');
    const uncoloured = await mapPage({ [GAME]: swap('{ id: shrine, name: Shrine, color: Yellow }', '{ id: shrine, name: Shrine, color: none }') });
    expect(textOf(uncoloured.match(/<ul class="legend">[\s\S]*?<\/ul>/)![0])).toContain('Shrine — no colour');
  });

  it("writes the sentences in the page's language (pt-BR)", async () => {
    const html = await mapPage({
      [GAME]: (t) => swap('declarations:\n', 'declarations:\n  pieces:\n    - { id: patrol, name: Patrulha }\n')(swap('locale: en', 'locale: pt-BR')(t)),
    });
    expect(textOf(itemOf(html, 'valley-ashford'))).toBe(
      'Ashford (Town). Ashford faz divisa com Elmstead e Dunmore. Railroad: liga este espaço a Coldharbor. A seta de Patrulha aponta para Dunmore.',
    );
    expect(textOf(itemOf(html, 'valley-greystone'))).toContain('Nenhuma seta de Patrulha sai de Greystone.');
    expect(html).toContain('<span class="visually-hidden">Aproximar</span>');
  });
});
