import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { textOf } from '../text.ts';
import type { Collection, Entry, Game } from '../model.ts';
import { draftOf, esc, type PageContext } from './context.ts';
import { ownText } from './translation.ts';

/**
 * An icon's picture. An entry of the game's icon set (`roles.icons`) may name
 * an SVG file in its `image` field, a path from the YAML file that holds the
 * entry (`image: icons/boot.svg`), inside the game's folder.
 *
 * SVG is a document that can hold script (`<script>`, `onload=`, links to
 * other documents), so it is never copied onto a page as it is: it is parsed
 * (rehype-parse, the HTML parser's SVG rules) and rebuilt by rehype-sanitize
 * from an allow-list of shapes (path, circle, rect, line...) and their
 * geometry and paint, so no element or attribute that can run, load or link
 * anything survives. The result is drawn inline, so `currentColor` follows
 * the text's colour (dark mode too) and the page's content-security-policy
 * needs no `data:` images or extra files; it carries the icon's name as its
 * accessible name (role="img", aria-label) and a <title>.
 */
export const ICON_IMAGE_FIELD = 'image';

const SHAPES = ['svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect'];
/** A paint is a colour or none: never `url(...)`, which could point outside the page. */
const PAINT = /^(none|currentColor|transparent|#[0-9a-f]{3,8}|[a-z]+|rgba?\([0-9\s.,%]+\))$/i;
const NUMBERS = /^[0-9eE\s.,+-]*$/;
const GEOMETRY = ['cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'width', 'height'].map((a) => [a, NUMBERS] as [string, RegExp]);
const SHAPE_ATTRIBUTES: SanitizeSchema['attributes'] = {
  '*': [
    ['fill', PAINT],
    ['stroke', PAINT],
    ['strokeWidth', NUMBERS],
    ['strokeLineCap', 'butt', 'round', 'square'],
    ['strokeLineJoin', 'miter', 'round', 'bevel'],
    ['strokeMiterLimit', NUMBERS],
    ['strokeDashArray', NUMBERS],
    ['fillRule', 'nonzero', 'evenodd'],
    ['opacity', NUMBERS],
    ['fillOpacity', NUMBERS],
    ['strokeOpacity', NUMBERS],
    // A transform is numbers and the names of its functions: no url().
    ['transform', /^[a-zA-Z0-9\s.,()+-]*$/],
    ...GEOMETRY,
  ],
  svg: [['viewBox', NUMBERS]],
  path: [['d', /^[MmLlHhVvCcSsQqTtAaZz0-9eE\s.,+-]*$/]],
  polyline: [['points', NUMBERS]],
  polygon: [['points', NUMBERS]],
};
const schema: SanitizeSchema = {
  tagNames: SHAPES,
  attributes: SHAPE_ATTRIBUTES,
  // Script and style go with their content; the file's own title and texts are replaced by the icon's name.
  strip: ['script', 'style', 'foreignObject', 'title', 'desc', 'text', 'metadata'],
  protocols: {},
  clobber: [],
  required: {},
  ancestors: {},
};

const parser = unified().use(rehypeParse, { fragment: true });
const sanitizer = unified().use(rehypeSanitize, schema);
const writer = unified().use(rehypeStringify);

/** An SVG file made safe: its `<svg>` element, or why there is none; and what the sanitizer took out. */
export interface SafeSvg {
  svg: Element | undefined;
  removed: string[];
}

/** Parse an SVG document and keep only the allow-listed shapes of its first `<svg>` element. */
export function sanitizeSvg(text: string): SafeSvg {
  const tree = parser.parse(text);
  let found: Element | undefined;
  visit(tree, 'element', (el: Element) => {
    if (found || el.tagName !== 'svg') return;
    found = el;
  });
  if (!found) return { svg: undefined, removed: [] };
  const before = inventory(found);
  const clean = sanitizer.runSync({ type: 'root', children: [found] } as Root) as Root;
  const svg = clean.children.find((n): n is Element => n.type === 'element' && n.tagName === 'svg');
  const after = svg ? inventory(svg) : new Map<string, number>();
  const removed = [...before].filter(([k, n]) => (after.get(k) ?? 0) < n).map(([k]) => k);
  return { svg, removed };
}

/** Elements by tag and attributes by name, to say what the sanitizer dropped. */
function inventory(svg: Element): Map<string, number> {
  const out = new Map<string, number>();
  const add = (k: string) => out.set(k, (out.get(k) ?? 0) + 1);
  visit(svg, 'element', (el: Element) => {
    add(`<${el.tagName}>`);
    for (const prop of Object.keys(el.properties)) if (!prop.startsWith('xmlns')) add(`${attributeName(prop)}=`);
  });
  return out;
}

/** hast's property name as the file wrote it (`onLoad` -> `onload`, `xLinkHref` -> `xlink:href`, `strokeWidth` -> `stroke-width`). */
function attributeName(prop: string): string {
  if (/^on[A-Z]/.test(prop)) return prop.toLowerCase();
  if (prop.startsWith('xLink')) return `xlink:${prop.slice(5).toLowerCase()}`;
  return prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The icon set's collection, if the game has one. */
function iconSet(game: Game): Collection | undefined {
  const name = game.manifest.roles?.icons;
  return name ? game.collections.get(name) : undefined;
}

/** The absolute path of an icon's image, from the YAML file that holds the entry; undefined when it has none. */
export function iconImageFile(game: Game, e: Entry): string | undefined {
  const image = e.value[ICON_IMAGE_FIELD];
  if (typeof image !== 'string') return undefined;
  // Display paths are from the project root; the manifest's is the game folder's, so the entry's file is found from it.
  const yaml = path.join(game.dir, path.relative(path.posix.dirname(game.manifestSource.path), e.source.path));
  return path.resolve(path.dirname(yaml), image);
}

/** Why an icon's image cannot be drawn (missing, outside the game, not SVG), or its safe SVG. */
function readIcon(game: Game, e: Entry): { problem: string } | SafeSvg | undefined {
  const file = iconImageFile(game, e);
  if (!file) return undefined;
  const image = String(e.value[ICON_IMAGE_FIELD]);
  if (!file.startsWith(path.resolve(game.dir) + path.sep)) return { problem: `"${image}" is outside the game's folder: an icon's image is a file of the game` };
  if (!/\.svg$/i.test(file)) return { problem: `"${image}" is not an SVG file (.svg): an icon's image is drawn as SVG` };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? `no file "${image}" beside ${e.source.path}` : `"${image}" cannot be read (${code ?? 'unreadable'})` };
  }
  const safe = sanitizeSvg(text);
  return safe.svg ? safe : { problem: `"${image}" holds no <svg> element, so it is not an SVG image` };
}

/**
 * The check: an icon's image that is missing, unreadable, outside the game's
 * folder or not SVG is an error at its `image:`; what the sanitizer removes
 * from one (a script, an event handler, a link) is a warning there, so the
 * designer knows the site draws less than the file holds.
 */
export function checkIconImages(game: Game, bag: DiagnosticBag): void {
  const c = iconSet(game);
  if (!c) return;
  for (const e of c.entries) {
    const read = readIcon(game, e);
    if (!read) continue;
    const place = e.source.placeOf(`${e.pointer}/${ICON_IMAGE_FIELD}`);
    if ('problem' in read) bag.error(e.source.path, place, 'icon-image', read.problem);
    else if (read.removed.length)
      bag.warning(
        e.source.path,
        place,
        'icon-image-removed',
        `the site draws "${String(e.value[ICON_IMAGE_FIELD])}" without ${read.removed.join(', ')}: an icon is drawn from shapes only, nothing that runs, loads or links`,
      );
  }
}

/**
 * An icon's picture as inline SVG, named for readers by its name
 * (role="img", aria-label); undefined when it has none.
 */
export function iconSvgHtml(ctx: PageContext, iconId: string, className = 'icon-image'): string | undefined {
  const game = ctx.game.linked.game;
  const c = iconSet(game);
  const e = c ? ctx.index.entry(c.name, iconId) : undefined;
  if (!c || !e) return undefined;
  const name = textOf(e.name, ctx.locale) || e.id;
  const key = `icon-image:${c.name}|${iconId}|${className}|${name}`;
  if (!ctx.index.memo.has(key)) {
    const read = readIcon(game, e);
    const svg = read && 'svg' in read ? read.svg : undefined;
    // The sanitized element keeps only geometry and paint: the name, role and class are the site's.
    // Its layout whitespace goes, so the page's text around an icon is the words alone.
    const named: Element | undefined = svg && {
      ...svg,
      properties: { ...svg.properties, className: [className], role: 'img', ariaLabel: name, focusable: 'false' },
      children: svg.children.filter((n) => n.type !== 'text' || n.value.trim() !== ''),
    };
    ctx.index.memo.set(key, named ? String(writer.stringify({ type: 'root', children: [named] } as Root)) : undefined);
  }
  return ctx.index.memo.get(key) as string | undefined;
}

/**
 * What the content says of an icon's drawing, for its tooltip: the icon's
 * name, and a placeholder's note on `image` ("this edition's drawing, not the
 * printed art") when the picture is not the printed one.
 */
export function iconTitle(ctx: PageContext, iconId: string, name: string): string {
  const c = iconSet(ctx.game.linked.game);
  const note = c ? draftOf(ctx, c.name, iconId, `/${ICON_IMAGE_FIELD}`)?.note : undefined;
  if (!note) return name;
  const said = ownText(note, ctx.language).replace(/\.$/, '');
  return `${name} (${/^\p{Lu}\p{Ll}/u.test(said) ? said[0]!.toLowerCase() + said.slice(1) : said})`;
}

/**
 * An icon as it stands in running text and on faces: its picture, with its
 * name beside it for a reader who does not know the drawing (hidden from
 * screen readers, which read the picture's name), and what the drawing is in
 * its tooltip; the name alone when the icon has no picture.
 */
export function iconChipHtml(ctx: PageContext, iconId: string, name: string): string {
  const svg = iconSvgHtml(ctx, iconId);
  if (!svg) return `<span class="icon" role="img" aria-label="${esc(name)}">${esc(name)}</span>`;
  return `<span class="icon with-image" title="${esc(iconTitle(ctx, iconId, name))}">${svg}<span class="icon-name" aria-hidden="true">${esc(name)}</span></span>`;
}

/**
 * A rules page's icon chips (markdown.ts writes `{icon:torch}` as
 * `<span class="icon" data-icon="torch">Tocha</span>`, sanitised) drawn as
 * in running text: with the icon's picture where it has one.
 */
export function withIconChips(html: string, ctx: PageContext): string {
  return html.replace(/<span class="icon" data-icon="([A-Za-z0-9._-]+)">([^<]*)<\/span>/g, (_, id: string, name: string) =>
    iconChipHtml(ctx, id, decodeStringified(name)),
  );
}

/** The few entities rehype-stringify writes in text, back to characters (the chip escapes them again). */
export function decodeStringified(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&(lt|gt|amp|quot);/g, (_, n: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"' })[n]!);
}
