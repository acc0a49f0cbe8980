import path from 'node:path';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Game, SourceFile, Text } from '../model.ts';
import { escapePointer } from '../load/yaml-source.ts';
import { textOf } from '../text.ts';
import { RulesLanguage, type GameLocale, type LocaleTree } from './language.ts';

/**
 * A game's locales: the ones it declares (`locales:`, always with its main
 * `locale`), its own locale files (content/<game>/locales/<tag>.yaml, shape
 * checked here) and the translations its maps of locales give, gathered into
 * one RulesLanguage per declared locale.
 */

/** Same pattern as schemas/defs.schema.json#/$defs/locale: a file's name is held to what the manifest may say. */
const BCP47 = /^[a-zA-Z]{2,3}(?:-[a-zA-Z]{4})?(?:-(?:[a-zA-Z]{2}|[0-9]{3}))?(?:-(?:[a-zA-Z0-9]{5,8}|[0-9][a-zA-Z0-9]{3}))*$/;
/** The keys a locale file may hold: the compiler's (compiler/locales/*.yaml), and a game's `texts`, `labels` and `values`. */
const KEYS = new Set(['scoring', 'effects', 'valueRules', 'articles', 'texts', 'labels', 'values', 'examples', 'singulars']);

/** The locales a game's texts are given in: its main locale first, then the others it declares. */
export function declaredLocales(game: Game): string[] {
  const m = game.manifest;
  const declared = Array.isArray(m.locales) ? m.locales.filter((l): l is string => typeof l === 'string') : [];
  return [...new Set([m.locale, ...declared])];
}

/** The game's locale files by tag; a file that is not shaped as one is reported and left out. */
export function gameLocaleFiles(game: Game, bag: DiagnosticBag): Map<string, GameLocale> {
  const out = new Map<string, GameLocale>();
  for (const source of game.localeFiles ?? []) {
    if (!source.ok) continue;
    const tag = path.basename(source.path).replace(/\.yaml$/, '');
    const place = (pointer: string) => source.placeOf(pointer) ?? { start: { line: 1, column: 1 } };
    if (!BCP47.test(tag)) {
      bag.error(
        source.path,
        { start: { line: 1, column: 1 } },
        'locale-file',
        `a locale file is named by a BCP 47 tag (fr.yaml, pt-BR.yaml), and "${tag}" is not one`,
      );
      continue;
    }
    const value = source.value ?? {};
    if (typeof value !== 'object' || Array.isArray(value)) {
      bag.error(
        source.path,
        place(''),
        'locale-file',
        "a locale file is a map of `texts:`, `labels:`, `values:` and the keys of the compiler's locale files (`scoring:`, `effects:`, `valueRules:`, `articles:`, `examples:`, `singulars:`)",
      );
      continue;
    }
    const words: LocaleTree = {};
    const texts = new Map<string, string>();
    const labels = new Map<string, Map<string, string>>();
    const values = new Map<string, Map<string, Map<string, string>>>();
    let ok = true;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (!KEYS.has(key)) {
        bag.error(
          source.path,
          source.placeOf(`/${key}`, { key: true }) ?? place(''),
          'locale-file',
          `"${key}" is not a key of a locale file (${[...KEYS].join(', ')})`,
        );
        ok = false;
      } else if (key === 'texts') {
        if (!v || typeof v !== 'object' || Array.isArray(v)) {
          bag.error(source.path, place('/texts'), 'locale-file', "`texts:` maps each of the game's texts to its translation");
          ok = false;
          continue;
        }
        for (const [from, to] of Object.entries(v)) {
          if (typeof to === 'string') texts.set(from, to);
          else {
            bag.error(source.path, place(`/texts/${escapePointer(from)}`), 'locale-file', `the translation of "${from}" must be a text`);
            ok = false;
          }
        }
      } else if (key === 'labels') {
        ok = readLabels(v, labels, (pointer, message) => bag.error(source.path, place(pointer), 'locale-file', message)) && ok;
      } else if (key === 'values') {
        ok = readValueLabels(v, values, (pointer, message) => bag.error(source.path, place(pointer), 'locale-file', message)) && ok;
      } else words[key] = v;
    }
    if (ok) out.set(tag, { tag, file: source.path, words, texts, labels, values });
  }
  return out;
}

/**
 * `labels:` in a locale file: per collection, each field's label in this
 * locale, keyed by its path as the face templates write it (`attack`,
 * `attack.guns`; list items are not counted: `countScoring.cards`). Read into
 * collection -> path -> label; a value that is not shaped so is reported.
 */
function readLabels(v: unknown, out: Map<string, Map<string, string>>, report: (pointer: string, message: string) => void): boolean {
  if (!isMap(v)) {
    report('/labels', "`labels:` maps each collection to its fields' labels in this locale (`cards: { attack: Ataque }`)");
    return false;
  }
  let ok = true;
  for (const [collection, fields] of Object.entries(v)) {
    if (!isMap(fields)) {
      report(`/labels/${escapePointer(collection)}`, `the labels of ${collection} map each field's path to its label (\`attack: Ataque\`)`);
      ok = false;
      continue;
    }
    const byPath = new Map<string, string>();
    for (const [field, label] of Object.entries(fields)) {
      if (typeof label === 'string' && label.trim() !== '') byPath.set(field, label.trim());
      else {
        report(`/labels/${escapePointer(collection)}/${escapePointer(field)}`, `the label of ${collection} ${field} must be a text`);
        ok = false;
      }
    }
    out.set(collection, byPath);
  }
  return ok;
}

/**
 * `values:` in a locale file: the words of enum values in this locale, per
 * collection and field path (as `labels:` keys them), then per value as the
 * data writes it (`structure: { single: individual, set: conjunto }`; a
 * boolean field's `true:` and `false:`). Read into collection -> path ->
 * value -> label; the schema's `const` titles are the fallback.
 */
function readValueLabels(v: unknown, out: Map<string, Map<string, Map<string, string>>>, report: (pointer: string, message: string) => void): boolean {
  if (!isMap(v)) {
    report('/values', "`values:` maps each collection to its fields' values in this locale (`cards: { structure: { single: individual } }`)");
    return false;
  }
  let ok = true;
  for (const [collection, fields] of Object.entries(v)) {
    if (!isMap(fields)) {
      report(
        `/values/${escapePointer(collection)}`,
        `the values of ${collection} map each field's path to its values' words (\`structure: { single: individual }\`)`,
      );
      ok = false;
      continue;
    }
    const byPath = new Map<string, Map<string, string>>();
    for (const [field, words] of Object.entries(fields)) {
      if (!isMap(words)) {
        report(
          `/values/${escapePointer(collection)}/${escapePointer(field)}`,
          `the values of ${collection} ${field} map each value to its word (\`single: individual\`)`,
        );
        ok = false;
        continue;
      }
      const byValue = new Map<string, string>();
      for (const [value, label] of Object.entries(words)) {
        if (typeof label === 'string' && label.trim() !== '') byValue.set(value, label.trim());
        else {
          report(
            `/values/${escapePointer(collection)}/${escapePointer(field)}/${escapePointer(value)}`,
            `the word for ${collection} ${field} "${value}" must be a text`,
          );
          ok = false;
        }
      }
      byPath.set(field, byValue);
    }
    out.set(collection, byPath);
  }
  return ok;
}

/** A YAML map (not a list, not a scalar). */
function isMap(x: unknown): x is Record<string, unknown> {
  return !!x && typeof x === 'object' && !Array.isArray(x);
}

/** A map of locales (`{ en: Flour, pt-BR: farinha }`) among a manifest's or an entry's values. */
function isTextMap(v: unknown, locales: ReadonlySet<string>): v is Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  return entries.length > 0 && entries.every(([k, x]) => locales.has(k) && typeof x === 'string');
}

/**
 * The translations a game's maps of locales give, for one locale: the text in
 * the main locale -> the text in this one. The renderers see a game's words as
 * main-locale strings (the state models resolve names so), so a map anywhere
 * in the manifest or an entry's name translates that word wherever it appears.
 */
function mapTranslations(game: Game, locales: ReadonlySet<string>, tag: string): Map<string, string> {
  const out = new Map<string, string>();
  const main = game.manifest.locale;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!v || typeof v !== 'object') return;
    if (isTextMap(v, locales)) {
      const there = v[tag];
      if (there !== undefined) out.set(textOf(v as Text, main), there);
      return;
    }
    Object.values(v).forEach(visit);
  };
  visit(game.manifest);
  for (const c of game.collections.values()) for (const e of c.entries) visit(e.name);
  return out;
}

/** One RulesLanguage per declared locale, the main one first. */
export function gameLanguages(game: Game, bag: DiagnosticBag): RulesLanguage[] {
  const locales = declaredLocales(game);
  const files = gameLocaleFiles(game, bag);
  const known = new Set([...locales, ...files.keys()]);
  const main = game.manifest.locale;
  // The main locale's words are the game's own: nothing to translate, so no walk over every entry.
  return locales.map((tag) => new RulesLanguage(tag, { main, game: files.get(tag), texts: tag === main ? undefined : mapTranslations(game, known, tag) }));
}

/** A map of locales that lacks one the game declares: where it is and what it lacks. */
export interface MissingText {
  source: SourceFile;
  pointer: string;
  /** `cards "Ace"` or `game.yaml`: what the text belongs to. */
  owner: string;
  /** The field's path inside its owner (`/name`). */
  path: string;
  locale: string;
}

/**
 * The maps of locales in a game (`name: { en: Flour }`) that lack one of its
 * declared locales. A plain string is a text in the main locale and is not
 * counted: a proper name (a card titled in Portuguese) reads the same in every
 * locale. Nothing to look for in a game of one locale.
 */
export function missingTexts(game: Game): MissingText[] {
  const locales = declaredLocales(game);
  if (locales.length < 2) return [];
  const known = new Set([...locales, ...(game.localeFiles ?? []).map((s) => path.basename(s.path).replace(/\.yaml$/, ''))]);
  const out: MissingText[] = [];
  const visit = (v: unknown, pointer: string, at: Omit<MissingText, 'pointer' | 'path' | 'locale'>, base: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => visit(x, `${pointer}/${i}`, at, base));
    if (!v || typeof v !== 'object') return;
    if (isTextMap(v, known)) {
      for (const locale of locales) if (v[locale] === undefined) out.push({ ...at, pointer, path: pointer.slice(base.length) || '/', locale });
      return;
    }
    for (const [k, x] of Object.entries(v)) visit(x, `${pointer}/${escapePointer(k)}`, at, base);
  };
  visit(game.manifest, '', { source: game.manifestSource, owner: 'game.yaml' }, '');
  for (const c of game.collections.values()) {
    for (const e of c.entries) visit(e.value, e.pointer, { source: e.source, owner: `${c.name} "${textOf(e.name, game.manifest.locale) || e.id}"` }, e.pointer);
  }
  return out;
}

/** A warning at each map of locales that lacks a declared locale, naming its owner and the locale. */
export function warnMissingTexts(game: Game, bag: DiagnosticBag): void {
  for (const m of missingTexts(game)) {
    const given = Object.keys(pointerValue(m) ?? {}).join(', ');
    bag.warning(m.source.path, m.source.placeOf(m.pointer), 'text-missing-locale', `${m.owner}: ${m.path} has no ${m.locale} text (it gives ${given})`, [
      `add \`${m.locale}: ...\` to the map: the game declares it under \`locales:\``,
    ]);
  }
}

function pointerValue(m: MissingText): Record<string, unknown> | undefined {
  let v: unknown = m.source.value;
  for (const part of m.pointer.split('/').slice(1)) v = (v as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}
