import path from 'node:path';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { displayPath } from '../load/files.ts';
import { declaredLocales } from '../locales/game-locales.ts';
import type { CheckedGame } from '../model.ts';
import { fieldPath, labelsOf, localeValueLabels, propertyPlace, schemaFile } from './labels.ts';
import { declaredName, stateFieldName } from './phrases.ts';

/**
 * Enum values a reader would see as code: a value the site shows (in a field
 * whose schema gives it a title) that the schema lists (`enum`, or `const`
 * branches) and gives no word for, and that names nothing else the game
 * declares (an entry, an icon, a resource, a player-state field), so the page
 * would print `facaoThenClockwise`. And, in each of the game's other
 * locales, a value the schema gives a word for that the locale file's
 * `values:` does not translate. Both are warnings at the schema property,
 * counted by `rulebook report`.
 */
export interface MissingValueLabel {
  collection: string;
  /** The field's path (`structure`, `countScoring.orMore`), as `labels:` and `values:` key it. */
  field: string;
  /** The value as the data writes it. */
  value: string;
  /** The locale without a word for it: the game's own (no `const` title) or another it declares (no `values:` entry). */
  locale: string;
  /** The schema file and the property's place in it. */
  file: string;
  place: { start: { line: number; column: number } };
}

/** The missing words of a game's shown enum values, in its own locale and each other one it declares. */
export function missingValueLabels(g: CheckedGame): MissingValueLabel[] {
  const game = g.linked.game;
  const main = game.manifest.locale;
  const others = declaredLocales(game).filter((l) => l !== main);
  const icons = game.manifest.roles?.icons ? game.collections.get(game.manifest.roles.icons) : undefined;
  // A value that names something the game declares is shown by that name (entities.ts nameOfId), so it needs no word of its own.
  // The IDs of a collection, as a set: a reference field of a 30,000-card collection asks once per card.
  const idSets = new Map<string, ReadonlySet<string>>();
  const idsOf = (name: string): ReadonlySet<string> => {
    let ids = idSets.get(name);
    if (!ids) idSets.set(name, (ids = new Set(game.collections.get(name)?.entries.map((e) => e.id))));
    return ids;
  };
  const named = (v: string, ref: string | undefined): boolean =>
    (ref !== undefined && idsOf(ref).has(v)) ||
    stateFieldName(g.players, v) !== undefined ||
    declaredName(g.linked, v) !== undefined ||
    (icons !== undefined && idsOf(game.manifest.roles!.icons!).has(v));
  const out: MissingValueLabel[] = [];
  for (const c of game.collections.values()) {
    const labels = labelsOf(game, c, main);
    // Each (field, value) once, with the pointer of its first use (for the property's place).
    const shown = new Map<string, { field: string; value: string; pointer: string; labelled: boolean }>();
    const fields = new Map<string, string>();
    const visit = (v: unknown, pointer: string): void => {
      // A list's items are shown under the list's own title; a named property only when it has one.
      const item = /\/\d+$/.test(pointer);
      const place = pointer ? labels.at(pointer) : undefined;
      if (pointer && !item && !place?.title) return;
      if (Array.isArray(v)) return v.forEach((x, i) => visit(x, `${pointer}/${i}`));
      if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) visit(x, `${pointer}/${k.includes('~') || k.includes('/') ? k.replace(/~/g, '~0').replace(/\//g, '~1') : k}`);
        return;
      }
      if (!place?.choices || v === null || v === undefined) return;
      const value = String(v);
      const labelled = place.values?.has(value) ?? false;
      // A number reads as itself, a yes/no as the site's words, and so does a text with no letters ("2/3"):
      // only a listed text with letters is code until it has a word.
      if (!labelled && (typeof v !== 'string' || !/\p{L}/u.test(value) || named(value, place.ref))) return;
      // The same few pointers recur on every entry: each one's field path is worked out once.
      let field = fields.get(pointer);
      if (field === undefined) fields.set(pointer, (field = fieldPath(pointer)));
      const key = `${field}\u0000${value}`;
      if (!shown.has(key)) shown.set(key, { field, value, pointer, labelled });
    };
    for (const e of c.entries) visit(e.value, '');
    if (!shown.size) continue;
    const text = schemaFile(labels.file).text;
    const placeOf = (pointer: string) =>
      propertyPlace(
        text,
        pointer
          .split('/')
          .filter((p) => p && !/^\d+$/.test(p))
          .pop()!,
      );
    const translated = new Map(others.map((l) => [l, localeValueLabels(game, l).get(c.name)]));
    for (const s of shown.values()) {
      if (!s.labelled) {
        out.push({ collection: c.name, field: s.field, value: s.value, locale: main, file: labels.file, place: placeOf(s.pointer) });
        continue;
      }
      for (const locale of others) {
        if (translated.get(locale)?.get(s.field)?.has(s.value)) continue;
        out.push({ collection: c.name, field: s.field, value: s.value, locale, file: labels.file, place: placeOf(s.pointer) });
      }
    }
  }
  return out;
}

/** A warning at each schema property with shown enum values that have no word in a locale, naming the values and where to give them. */
export function warnMissingValueLabels(root: string, g: CheckedGame, bag: DiagnosticBag, sources: Map<string, string>): void {
  const game = g.linked.game;
  // One warning per property and locale, listing its values: five values of one field are one thing to fix.
  const grouped = new Map<string, MissingValueLabel[]>();
  for (const m of missingValueLabels(g)) {
    const key = [m.file, m.collection, m.field, m.locale].join('\u0000');
    const list = grouped.get(key);
    if (list) list.push(m);
    else grouped.set(key, [m]);
  }
  for (const list of grouped.values()) {
    const m = list[0]!;
    const values = list.map((x) => `"${x.value}"`).join(', ');
    const shown = displayPath(root, m.file);
    sources.set(shown, schemaFile(m.file).text);
    if (m.locale === game.manifest.locale) {
      bag.warning(
        shown,
        m.place,
        'value-label-missing',
        `${m.collection} "${m.field}" shows ${list.length === 1 ? 'the value' : 'the values'} ${values} as written in the data: give ${list.length === 1 ? 'it' : 'each'} the word readers see`,
        [`list the values with their words: "oneOf": [{ "const": ${JSON.stringify(m.value)}, "title": "..." }, ...] in place of "enum"`],
      );
    } else {
      const file = displayPath(root, path.join(game.dir, 'locales', `${m.locale}.yaml`));
      bag.warning(
        shown,
        m.place,
        'value-label-missing',
        `${m.collection} "${m.field}" ${list.length === 1 ? 'value' : 'values'} ${values} ${list.length === 1 ? 'has' : 'have'} no ${m.locale} word, so ${m.locale} pages show the ${game.manifest.locale} title`,
        [`add ${list.map((x) => `\`${yamlKey(x.value)}: ...\``).join(', ')} under \`values: ${m.collection}: ${m.field}:\` in ${file}`],
      );
    }
  }
}

/** A value as a YAML key a designer can paste: a word as it is (`true:` too: a locale file reads keys as text), anything else quoted. */
function yamlKey(value: string): string {
  return /^[\p{L}\d][\p{L}\d _.-]*$/u.test(value) ? value : JSON.stringify(value);
}
