import Handlebars from 'handlebars';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Root } from 'mdast';
import type {} from 'mdast-util-directive';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { textOf } from '../text.ts';
import type { CheckedGame, Collection, Entry, Text } from '../model.ts';
import { labelsOf } from './labels.ts';
import { warnUntranslated } from './untranslated.ts';
import { tokensToMarkdown } from './markdown.ts';
import { draftOf, type PageContext } from './context.ts';
import { collectionWideDrafts, draftMarkHtml } from './draft-marks.ts';
import { checkFormattedTexts } from './text-format.ts';
import { backTemplatePath, checkPresentationWith, readTemplate, templatePath } from './check-presentation.ts';
import { checkIconImages, decodeStringified, iconChipHtml } from './icon-images.ts';
import { joinItems } from './join-items.ts';

interface Compiled {
  source: string;
  render: HandlebarsTemplateDelegate;
}

/** The render function of a collection's template, if it has one that compiles (a broken one is a build warning: the default face is drawn). */
function templateFor(file: string): Compiled | undefined {
  const source = readTemplate(file);
  if (source === undefined) return undefined;
  // Compiled once per render of the game (templateFace keeps it in the render's memo), so an edit shows on the next.
  try {
    return { source, render: hb.compile(source, { strict: false, knownHelpersOnly: false }) };
  } catch {
    return undefined;
  }
}

/** The entry being drawn: each render passes it to the helpers as Handlebars data (`options.data.drawing`), so no module state holds it. */
interface Drawing {
  entry: Entry;
  c: Collection;
  ctx: PageContext;
  words: (pointer: string) => string[];
  /** A drafted value's "draft" button and note (draft-marks.ts), written after sanitising: `:draft-slot[N]` stands for the N-th. */
  slots: string[];
}
const drawingOf = (options: Handlebars.HelperOptions | undefined) => (options?.data as { drawing?: Drawing } | undefined)?.drawing;

/**
 * A value the rulebook does not give, on a face: its words in a `draft-value`
 * box (or a `stat-draft` one for a stat) with a slot for the "draft" button;
 * an empty one says why. Undefined when the value is printed. Empty when it is
 * a value no entry has (said once above the collection) and this one has none.
 */
function draftedMarkdown(current: Drawing, pointer: string, words: string, stat?: string): string | undefined {
  const { ctx, c, entry } = current;
  const draft = draftOf(ctx, c.name, entry.id, pointer);
  if (!draft) return undefined;
  if (!words && collectionWideDrafts(c, ctx).has(pointer)) return '';
  const slot = current.slots.push(draftMarkHtml(ctx, draft)) - 1;
  const value = words || md(ctx.words.notGiven);
  return stat === undefined ? `:draft-value[${value}:draft-slot[${slot}]]` : `:stat-draft[:stat-label[${md(stat)}] :stat-value[${value}]:draft-slot[${slot}]]`;
}

const hb = Handlebars.create();
const pointerOf = (p: unknown) => `/${String(p).split('.').join('/')}`;
/** Markdown-escape a reader's word so `*`, `_` or `[` in a name stay text. */
const md = (s: string) => s.replace(/([\\`*_{}[\]<>()#+!|~])/g, '\\$1');
const safe = (s: string) => new hb.SafeString(s);
/** An icon's ID as a face carries it to withIconImages: the characters an ID has (letters, digits, `-`, `.`), nothing to escape. */
const ICON_ID = /^[A-Za-z0-9._-]+$/;

hb.registerHelper('label', (p: unknown, options: Handlebars.HelperOptions) => {
  const current = drawingOf(options);
  return current ? (labelsOf(current.ctx.game.linked.game, current.c, current.ctx.locale).title(pointerOf(p)) ?? '') : '';
});
hb.registerHelper('value', (p: unknown, options: Handlebars.HelperOptions) => {
  const current = drawingOf(options);
  if (!current) return '';
  const words = joinItems(current.words(pointerOf(p)).map(md));
  return safe(draftedMarkdown(current, pointerOf(p), words) ?? words);
});
hb.registerHelper('stat', (p: unknown, options: Handlebars.HelperOptions) => {
  const current = drawingOf(options);
  if (!current) return '';
  const label = labelsOf(current.ctx.game.linked.game, current.c, current.ctx.locale).title(pointerOf(p)) ?? '';
  const value = joinItems(current.words(pointerOf(p)).map(md));
  const drafted = draftedMarkdown(current, pointerOf(p), value, label);
  if (drafted !== undefined) return safe(drafted);
  // A stat this entry does not have does not apply to it: no "—" box.
  return safe(value ? `:stat[:stat-label[${md(label)}] :stat-value[${value}]]` : '');
});
hb.registerHelper('icons', (p: unknown, options: Handlebars.HelperOptions) => {
  const current = drawingOf(options);
  if (!current) return '';
  // Each value's ID rides along (`{data-icon=boot}`), so the icon's picture can stand in for the chip after sanitising (withIconImages).
  const ids = [valueAt(current.entry.value, pointerOf(p))].flat();
  return safe(
    current
      .words(pointerOf(p))
      .map((w, i) => `:icon[${md(w)}]${typeof ids[i] === 'string' && ICON_ID.test(ids[i]) ? `{data-icon="${ids[i]}"}` : ''}`)
      .join(' '),
  );
});
hb.registerHelper('text', (p: unknown, options: Handlebars.HelperOptions) => {
  const current = drawingOf(options);
  if (!current) return '';
  let v: unknown = current.entry.value;
  for (const part of pointerOf(p).split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[part];
  const text = v && (typeof v === 'string' || typeof v === 'object') ? textOf(v as Text, current.ctx.locale) : '';
  const markdown = text ? tokensToMarkdown(text, current.ctx) : '';
  return safe(draftedMarkdown(current, pointerOf(p), markdown) ?? markdown);
});

hb.registerHelper('ref', (p: unknown, options: Handlebars.HelperOptions) => {
  const current = drawingOf(options);
  if (!current) return '';
  let v: unknown = current.entry.value;
  for (const part of pointerOf(p).split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[part];
  return typeof v === 'string' ? safe(tokensToMarkdown(`{ref:${v}}`, current.ctx)) : '';
});

/** Directives become elements whose class is the directive's name; nothing else about them passes. */
function directivesToElements() {
  return (tree: Root) => {
    visit(tree, (node) => {
      if (node.type === 'containerDirective' || node.type === 'leafDirective' || node.type === 'textDirective') {
        const attributes = (node.attributes ?? {}) as Record<string, string>;
        const lang = attributes.lang ? { lang: attributes.lang } : {};
        const icon = node.name === 'icon' && attributes['data-icon'] ? { dataIcon: attributes['data-icon'] } : {};
        node.data = { hName: node.type === 'textDirective' ? 'span' : 'div', hProperties: { className: ['face-' + node.name], ...lang, ...icon } };
      }
    });
  };
}

const faceClass: [string, RegExp] = ['className', /^face-[a-z0-9-]+$/];
const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    div: [...(defaultSchema.attributes?.div ?? []), faceClass],
    span: [...(defaultSchema.attributes?.span ?? []), faceClass, ['dataIcon', ICON_ID]],
  },
  tagNames: [...(defaultSchema.tagNames ?? []), 'span'],
  clobberPrefix: '',
};

const processor = unified().use(remarkParse).use(remarkDirective).use(directivesToElements).use(remarkRehype).use(rehypeSanitize, schema).use(rehypeStringify);

/**
 * The face an entry's template draws, as sanitised HTML; undefined when the
 * collection has no template (or it fails on this entry), so the default face
 * (titled fields) is drawn instead.
 */
export function templateFace(
  c: Collection,
  e: Entry,
  ctx: PageContext,
  words: (pointer: string) => string[],
  side: 'face' | 'back' = 'face',
): string | undefined {
  // Read once per render of the game, not once per entry (10,000 failed reads of a missing template were a tenth of the site phase), and again on the next render, so `serve` sees an edited template.
  // A printed card's back (rulebook print) is drawn the same way from `templates/<collection>.back.hbs`.
  const memoKey = `template${side === 'back' ? '-back' : ''}:${c.name}`;
  const game = ctx.game.linked.game;
  if (!ctx.index.memo.has(memoKey)) ctx.index.memo.set(memoKey, templateFor(side === 'back' ? backTemplatePath(game, c) : templatePath(game, c)));
  const t = ctx.index.memo.get(memoKey) as Compiled | undefined;
  if (!t) return undefined;
  try {
    const slots: string[] = [];
    const sanitised = String(
      processor.processSync(t.render({ ...e.value, id: e.id }, { data: { drawing: { entry: e, c, ctx, words, slots } satisfies Drawing } })),
    );
    // The "draft" buttons are the compiler's own markup, put in after sanitising (a template cannot write a button).
    const html = withIconImages(sanitised.replace(/<span class="face-draft-slot">(\d+)<\/span>/g, (_, n: string) => slots[Number(n)] ?? '').trim(), ctx);
    // A template that draws nothing for this entry (no reminder on this Event) leaves no empty box.
    return html ? `<div class="face-body">${html}</div>` : '';
  } catch {
    return undefined;
  }
}

/** A face's icon chips (sanitised, with the icon's ID) drawn with the icon's picture where it has one (icon-images.ts). */
function withIconImages(html: string, ctx: PageContext): string {
  return html.replace(/<span class="face-icon" data-icon="([A-Za-z0-9._-]+)">([^<]*)<\/span>/g, (_, id: string, name: string) => {
    const chip = iconChipHtml(ctx, id, decodeStringified(name));
    return chip.includes('<svg') ? `<span class="face-icon with-image">${chip}</span>` : `<span class="face-icon">${name}</span>`;
  });
}

function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const part of pointer.split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[part];
  return v;
}

/** The presentation checks a build runs, all loaded (check-presentation.ts loads each only when a game needs it). */
export function checkPresentation(root: string, games: readonly CheckedGame[], bag: DiagnosticBag, sources: Map<string, string>): void {
  checkPresentationWith({ checkFormattedTexts, checkIconImages, warnUntranslated }, root, games, bag, sources);
}
