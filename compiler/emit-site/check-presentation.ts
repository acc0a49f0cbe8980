import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { displayPath } from '../load/files.ts';
import { declaredLocales } from '../locales/game-locales.ts';
import type { CheckedGame, Collection, Game } from '../model.ts';
import { labelsOf, propertyPlace, schemaFile, warnMissingLabels } from './labels.ts';
import { checkMediaTypes } from './media-types.ts';
import { warnMissingValueLabels } from './value-labels.ts';

// The presentation checks `check` and `build` run. Three of them need the
// markup tools (remark, rehype: many modules, a large part of a small
// check's start-up): sanitising HTML texts, reading icon pictures, and the
// titles of rules pages not translated. Each is loaded only when a game has
// what it checks, so a check of plain data never loads them; `build` loads
// them anyway for the site, and runs the same checks (faces.ts).

/** The checks that need the markup tools, passed in loaded. */
export interface MarkupChecks {
  checkFormattedTexts(game: Game, bag: DiagnosticBag): void;
  checkIconImages(game: Game, bag: DiagnosticBag): void;
  warnUntranslated(root: string, g: CheckedGame, bag: DiagnosticBag): void;
}

/**
 * The presentation checks, each markup check imported only when some game
 * could give it something to say (`needsMarkupChecks`): the same diagnostics
 * as faces.ts's `checkPresentation`, which a build runs with everything loaded.
 */
export async function checkPresentation(root: string, games: readonly CheckedGame[], bag: DiagnosticBag, sources: Map<string, string>): Promise<void> {
  const needs = { formatted: false, icons: false, translations: false };
  for (const g of games) {
    const n = needsMarkupChecks(g.linked.game);
    needs.formatted ||= n.formatted;
    needs.icons ||= n.icons;
    needs.translations ||= n.translations;
  }
  const none = () => {};
  const checks: MarkupChecks = {
    checkFormattedTexts: needs.formatted ? (await import('./text-format.ts')).checkFormattedTexts : none,
    checkIconImages: needs.icons ? (await import('./icon-images.ts')).checkIconImages : none,
    warnUntranslated: needs.translations ? (await import('./untranslated.ts')).warnUntranslated : none,
  };
  checkPresentationWith(checks, root, games, bag, sources);
}

/**
 * Which markup checks could report on this game. Each condition is one the
 * check itself returns at without a word otherwise:
 * - formatted texts: only a text with a `<` is parsed (text-format.ts), and a
 *   `<` in a value is in its file's text, as itself or as an escape
 *   (`\u003c` in JSON, `\x3c` too in YAML): a file with neither holds none;
 * - icon pictures: only a game with an icon set (`roles: icons`) has any;
 * - translations: only a game with a locale besides its own, or a rules page
 *   in a locale folder, has anything untranslated or unmatched.
 */
export function needsMarkupChecks(game: Game): { formatted: boolean; icons: boolean; translations: boolean } {
  const read = new Set<unknown>();
  let formatted = false;
  for (const c of game.collections.values()) {
    for (const e of c.entries) {
      const source = e.source as { text?: unknown } | undefined;
      if (typeof source?.text !== 'string') {
        formatted = true;
        break;
      }
      if (read.has(source)) continue;
      read.add(source);
      if (source.text.includes('<') || (source.text.includes('\\') && /\\(?:x3c|u003c|U0000003c)/i.test(source.text))) {
        formatted = true;
        break;
      }
    }
    if (formatted) break;
  }
  return {
    formatted,
    icons: !!game.manifest.roles?.icons,
    translations: declaredLocales(game).length > 1 || (game.translatedPages?.length ?? 0) > 0,
  };
}

/** A helper given a field's path in a template (faces.ts). */
const HELPER_USE = /\{\{[#~]?\s*(?:label|value|stat|icons|text|ref)\s+"([^"]+)"/g;

/**
 * Build warnings about presentation: a template that does not compile (its
 * collection gets the default face), and a field a template shows whose
 * schema property has no title (a reader would see no label), located at the
 * property in the schema file, or at the template when no such property exists;
 * and what sanitising an HTML text removes (text-format.ts).
 */
export function checkPresentationWith(
  markup: MarkupChecks,
  root: string,
  games: readonly CheckedGame[],
  bag: DiagnosticBag,
  sources: Map<string, string>,
): void {
  const { checkFormattedTexts, checkIconImages, warnUntranslated } = markup;
  for (const g of games) {
    const game = g.linked.game;
    checkFormattedTexts(game, bag);
    checkMediaTypes(root, game, bag, sources);
    checkIconImages(game, bag);
    warnMissingLabels(root, game, bag, sources);
    warnUntranslated(root, g, bag);
    warnMissingValueLabels(root, g, bag, sources);
    for (const c of game.collections.values()) {
      checkPageBy(root, game, c, bag, sources);
      const untitled = new Set<string>();
      checkTemplate(root, game, c, 'face', untitled, bag, sources);
      // A printed collection's back template is checked like its face (load/card-backs.ts warns about one never printed).
      if (c.decl.card) checkTemplate(root, game, c, 'back', untitled, bag, sources);
    }
  }
}

/**
 * One template of a collection (its face, `templates/<collection>.hbs`, or a
 * printed collection's back, `templates/<collection>.back.hbs`): a warning
 * when it does not compile, and for each field it shows that the schema does
 * not have or gives no title (`untitled`: the fields already warned about, so
 * a field both sides show is told once).
 */
function checkTemplate(
  root: string,
  game: Game,
  c: Collection,
  side: 'face' | 'back',
  untitled: Set<string>,
  bag: DiagnosticBag,
  sources: Map<string, string>,
): void {
  const file = side === 'face' ? templatePath(game, c) : backTemplatePath(game, c);
  const source = readTemplate(file);
  if (source === undefined) return;
  const shownTemplate = displayPath(root, file);
  sources.set(shownTemplate, source);
  try {
    Handlebars.precompile(source);
  } catch (error) {
    const line = /line (\d+)/.exec((error as Error).message)?.[1];
    bag.warning(
      shownTemplate,
      { start: { line: Number(line ?? 1), column: 1 } },
      'template-syntax',
      `this template does not compile, so ${c.name} ${side === 'face' ? 'entries are drawn with the default face' : 'cards print without this back'}: ${(error as Error).message.split('\n')[0]}`,
    );
    return;
  }
  const labels = labelsOf(game, c);
  const schemaText = schemaFile(labels.file).text;
  const shownSchema = displayPath(root, labels.file);
  for (const m of source.matchAll(HELPER_USE)) {
    const pointer = `/${String(m[1]).split('.').join('/')}`;
    const place = labels.at(pointer);
    const key = pointer.split('/').pop()!;
    if (!place.node) {
      const before = source.slice(0, m.index).split('\n');
      sources.set(shownTemplate, source);
      bag.warning(
        shownTemplate,
        { start: { line: before.length, column: before[before.length - 1]!.length + 1 } },
        'template-field',
        `"${m[1]}" is not a property of ${c.name} entries (schema ${shownSchema})`,
      );
    } else if (!place.title && !untitled.has(key)) {
      untitled.add(key);
      sources.set(shownSchema, schemaText);
      bag.warning(
        shownSchema,
        propertyPlace(schemaText, key),
        'title-missing',
        `"${key}" has no "title", but the ${c.name} ${side === 'face' ? 'template' : 'back template'} shows it: give it the label readers see, in the game's language`,
      );
    }
  }
}

/**
 * `pageBy` names a field the collection's schema does not have: a warning at
 * the key in game.yaml, and the site numbers the pages instead (data-pages.ts).
 */
function checkPageBy(root: string, game: Game, c: Collection, bag: DiagnosticBag, sources: Map<string, string>): void {
  const by = c.decl.pageBy;
  if (!by || labelsOf(game, c).at(`/${by}`).node) return;
  const file = path.join(game.dir, 'game.yaml');
  const text = readTemplate(file) ?? '';
  const shown = displayPath(root, file);
  // The `pageBy:` line under this collection's key (the first after it), else the collection's key.
  const keyAt = text.search(new RegExp(`^\\s+${c.name}:`, 'm'));
  const found = new RegExp(`^(\\s*)pageBy:`, 'm').exec(text.slice(Math.max(0, keyAt)));
  const offset = found ? Math.max(0, keyAt) + found.index + found[1]!.length : Math.max(0, keyAt);
  const before = text.slice(0, offset).split('\n');
  sources.set(shown, text);
  bag.warning(
    shown,
    { start: { line: before.length, column: before[before.length - 1]!.length + 1 } },
    'page-by-field',
    `pageBy "${by}" is not a property of ${c.name} entries (schema ${displayPath(root, labelsOf(game, c).file)}), so the site numbers its pages instead`,
  );
}

/**
 * A collection's face template: `content/<game>/templates/<collection>.hbs`,
 * found by name. A template is content: Handlebars that writes Markdown
 * with directives (`:::stats` ... `:::`, `:stat[...]`), so its output goes
 * through the same Markdown -> sanitised HTML path as the rules pages, and
 * no template can put a script or a raw tag on a page. A directive becomes a
 * `div` (block) or `span` (inline) whose class is the directive's name.
 *
 * Helpers take a field's path (`"attack.guns"`): `label` (the schema's
 * title), `value` (the value in words: names for IDs and icons), `stat`
 * (label and value as a labelled number), `icons` (each value as an icon
 * with its name), `text` (a text field with its inline tokens) and `ref` (a
 * rule number as a link to the rule).
 */
export function templatePath(game: Game, c: Collection): string {
  return path.join(game.dir, 'templates', `${c.name}.hbs`);
}

/** The template of a printed card's back (rulebook print), drawn for each entry like its face. */
export function backTemplatePath(game: Game, c: Collection): string {
  return path.join(game.dir, 'templates', `${c.name}.back.hbs`);
}

/** A template's text; undefined when there is none (or it cannot be read). */
export function readTemplate(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
