import path from 'node:path';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { displayPath } from '../load/files.ts';
import { declaredLocales } from '../locales/game-locales.ts';
import type { CheckedGame, Game, PlaceholderInfo, SourceFile } from '../model.ts';
import { textOf } from '../text.ts';
import { markdownTitle } from './markdown.ts';
import { labelsOf } from './labels.ts';
import { isFreeText, nameLangOf, siteLanguages } from './translation.ts';

/**
 * What a game's pages in another locale would show untranslated: each text
 * of the game the site draws (its summary, components, collection titles and
 * descriptions, declared values' names, entry names, card texts and other
 * free-text fields, draft and reading notes, worked examples' notes) that the
 * locale file's `texts:` (or a map of locales) does not translate, and each
 * rules page with no translation under rules/<locale>/. The site shows each
 * in the main locale, marked as not translated yet (translation.ts); `check`
 * warns at each, and `report` counts them.
 */

export interface UntranslatedText {
  locale: string;
  /** The text as written in the game's main locale. */
  text: string;
  /** What it is, in a designer's words ("a draft note", "cards \"Igreja\" text"). */
  what: string;
  /** Where it is written first, and how many places in all write it. */
  file: string;
  place: { start: { line: number; column: number } };
  places: number;
}

export interface UntranslatedPage {
  locale: string;
  /** The page's title (its first heading) and file. */
  title: string;
  file: string;
  /** The file its translation would be. */
  wanted: string;
}

interface Found {
  text: string;
  what: string;
  source?: SourceFile;
  pointer?: string;
  file?: string;
  line?: number;
}

/** Every text of the game its pages show, with where it is written (in source order, repeats included). */
function shownTexts(g: CheckedGame): Found[] {
  const game = g.linked.game;
  const m = game.manifest;
  const out: Found[] = [];
  const inManifest = (v: unknown, pointer: string, what: string) => {
    if (typeof v === 'string' && v.trim()) out.push({ text: v, what, source: game.manifestSource, pointer });
  };
  inManifest(m.summary, '/summary', 'the summary');
  (m.components ?? []).forEach((c, i) => {
    inManifest(c.name, `/components/${i}/name`, 'a component name');
    inManifest(c.note, `/components/${i}/note`, 'a component note');
    inManifest(c.gap, `/components/${i}/gap`, 'a component note');
    (c.parts ?? []).forEach((p, j) => inManifest(p.name, `/components/${i}/parts/${j}/name`, 'a component name'));
  });
  for (const [name, d] of Object.entries(m.collections ?? {})) {
    inManifest(d.title, `/collections/${name}/title`, `the title of ${name}`);
    inManifest(d.description, `/collections/${name}/description`, `the description of ${name}`);
  }
  for (const [kind, list] of Object.entries(m.declarations ?? {}))
    if (Array.isArray(list)) list.forEach((d, i) => inManifest(d?.name, `/declarations/${kind}/${i}/name`, `a name of ${kind}`));
  // The nouns a worked example names a player's holdings by ("4 markers"); descriptions are shown only when a field has none.
  for (const [k, f] of Object.entries(m.endState?.fields ?? {}))
    for (const key of ['noun', 'nounPlural', 'phrase'] as const) inManifest(f[key], `/endState/fields/${k}/${key}`, `the ${key} of the end state's ${k}`);
  for (const c of game.collections.values()) {
    const labels = labelsOf(game, c, m.locale);
    for (const e of c.entries) {
      const owner = `${c.name} "${textOf(e.name, m.locale) || e.id}"`;
      const at = (key: string) => ({ source: e.source, pointer: `${e.pointer}/${key}` });
      if (typeof e.name === 'string' && nameLangOf(game, c.name, e.value) === m.locale) out.push({ text: e.name, what: `a name in ${c.name}`, ...at('name') });
      for (const [key, v] of Object.entries(e.value)) {
        if (typeof v !== 'string' || key === 'name' || key === 'id') continue;
        // The card's text, and a titled free-text field (not one of an enum's values, nor an ID that names something).
        const place = labels.at(`/${key}`);
        const free = key === 'text' || (place.title && isFreeText(v, place));
        if (free) out.push({ text: v, what: `${owner} ${key}`, ...at(key) });
      }
    }
  }
  // A note stands in its entry at the value it explains (`{ placeholder: ..., note: ... }`); the manifest's have a line only.
  const noteAt = (p: PlaceholderInfo, what: string): Found => {
    const e = game.collections.get(p.collection)?.entries.find((x) => x.id === p.id);
    const place = e?.source.placeOf(`${e.pointer}${p.path}/note`) ? { source: e.source, pointer: `${e.pointer}${p.path}/note` } : {};
    return { text: p.note, what, file: p.file, line: p.line, ...place };
  };
  for (const p of g.linked.placeholders) out.push(noteAt(p, 'a draft note'));
  for (const r of g.linked.readings) out.push(noteAt(r, 'a reading note'));
  for (const r of g.rules) {
    const e = game.collections.get(r.collection)?.entries.find((x) => x.id === r.entryId);
    const owner = `${r.collection} "${textOf(e?.name, m.locale) || r.entryId}"`;
    [...r.examples, ...(r.stateExamples ?? [])].forEach((ex, i) => {
      if (ex.note)
        out.push({ text: ex.note, what: `${owner} example ${i + 1}`, source: e?.source, pointer: e ? `${e.pointer}/examples/${i}/note` : undefined });
    });
  }
  return out;
}

/** The texts each declared locale other than the main one does not translate: one per text and locale, at its first place. */
export function untranslatedTexts(g: CheckedGame, root: string): UntranslatedText[] {
  const languages = siteLanguages(g).filter((l) => l.folder);
  if (!languages.length) return [];
  const found = shownTexts(g);
  const out: UntranslatedText[] = [];
  for (const language of languages) {
    const byText = new Map<string, UntranslatedText>();
    for (const f of found) {
      if (language.translates(f.text)) continue;
      const known = byText.get(f.text);
      if (known) {
        known.places++;
        continue;
      }
      const file = f.source?.path ?? (f.file ? displayPath(root, path.resolve(root, f.file)) : displayPath(root, path.join(g.linked.game.dir, 'game.yaml')));
      const place = (f.source && f.pointer ? f.source.placeOf(f.pointer) : undefined) ?? { start: { line: f.line ?? 1, column: 1 } };
      byText.set(f.text, { locale: language.locale, text: f.text, what: f.what, file, place, places: 1 });
    }
    out.push(...byText.values());
  }
  return out;
}

/** The rules pages each declared locale other than the main one has no translation of (rules/<locale>/, same file name). */
export function untranslatedPages(game: Game): UntranslatedPage[] {
  const main = game.manifest.locale;
  const out: UntranslatedPage[] = [];
  for (const locale of declaredLocales(game).filter((l) => l !== main)) {
    for (const p of game.pages) {
      if (game.translatedPages?.some((t) => t.locale === locale && t.slug === p.slug)) continue;
      out.push({
        locale,
        title: markdownTitle(p.text) ?? p.slug,
        file: p.path,
        wanted: path.posix.join(path.posix.dirname(p.path), locale, path.posix.basename(p.path)),
      });
    }
  }
  return out;
}

/** A short quote of a text for a message: its first words. */
function quote(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return `"${one.length > 60 ? `${one.slice(0, 57).trimEnd()}…` : one}"`;
}

/**
 * Warnings for what a locale's pages would publish untranslated: each text
 * (once, at its first place, saying how many places write it) and each rules
 * page; and a translated page that translates no page of the game.
 */
export function warnUntranslated(root: string, g: CheckedGame, bag: DiagnosticBag): void {
  const game = g.linked.game;
  const localeFile = (locale: string) => displayPath(root, path.join(game.dir, 'locales', `${locale}.yaml`));
  for (const u of untranslatedTexts(g, root)) {
    const more = u.places > 1 ? ` (and ${u.places - 1} more place${u.places > 2 ? 's' : ''})` : '';
    bag.warning(
      u.file,
      u.place,
      'text-untranslated',
      `${u.what} ${quote(u.text)}${more} has no ${u.locale} translation: ${u.locale} pages show it in ${game.manifest.locale}, marked as not translated yet`,
      [`add it under \`texts:\` in ${localeFile(u.locale)}: \`${u.text.length > 40 ? 'the text as written' : u.text}: ...\``],
    );
  }
  for (const p of untranslatedPages(game)) {
    bag.warning(
      p.file,
      { start: { line: 1, column: 1 } },
      'text-untranslated',
      `the rules page "${p.title}" has no ${p.locale} translation: ${p.locale} pages show it in ${game.manifest.locale}, marked as not translated yet`,
      [`write its translation in ${p.wanted} (the same file name, in a folder named by the locale)`],
    );
  }
  for (const t of game.translatedPages ?? []) {
    if (game.pages.some((p) => p.slug === t.slug)) continue;
    bag.warning(
      t.path,
      { start: { line: 1, column: 1 } },
      'page-translation-unmatched',
      `this ${t.locale} page translates no rules page: there is no rules/${path.posix.basename(t.path)} (a translation has the file name of the page it translates)`,
      [
        `rename it to the file name of the page it translates (${game.pages.map((p) => path.posix.basename(p.path)).join(', ') || 'the game has no rules pages'})`,
      ],
    );
  }
}
