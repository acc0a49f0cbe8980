import { textOf } from '../text.ts';
import { declaredLocales, missingTexts } from '../locales/game-locales.ts';
import { missingLabels } from '../emit-site/labels.ts';
import { untranslatedPages, untranslatedTexts } from '../emit-site/untranslated.ts';
import { missingValueLabels } from '../emit-site/value-labels.ts';
import { builtInLocales } from '../locales/language.ts';
import { isInvented, type CheckedGame, type Game, type PlaceholderInfo } from '../model.ts';
import { SCHEMA_BASE, type SchemaSet } from '../validate/schemas.ts';

/**
 * `rulebook report`: how far each game is from done, per collection: the
 * values still to fill (placeholders) and the choices made (readings), the
 * components described against the manifest's list, the rules written as
 * data with and without worked examples, the entries whose rule runs against
 * those printed as text only, and the languages the texts are given in.
 */

export interface GameReport {
  game: string;
  name: string;
  locale: string;
  /** No `source:`: a game being invented, with no rulebook, whose report speaks of text as written rather than printed. */
  invented: boolean;
  placeholders: PlaceholderInfo[];
  readings: number;
  components: ComponentReport[];
  collections: CollectionReport[];
  locales: LocaleReport;
  /**
   * Per locale the game declares besides its own (`locales:`): its rules
   * texts rendered from the data (a translation, not printed text) and how
   * many of them lack a word in that locale (the `text-missing-locale` warnings).
   */
  translations: TranslationReport[];
  /** Enum values the site shows as written in the data, with no word for readers (the `value-label-missing` warnings of the game's own locale). */
  valueLabelsMissing: number;
}

export interface TranslationReport {
  locale: string;
  rulesTexts: number;
  missing: number;
  /** Maps of locales in the content (names, texts) that lack this locale. */
  textsMissing: number;
  /** Fields shown on the site with no label in this locale (the `label-missing-locale` warnings). */
  labelsMissing: number;
  /** Texts of the game its pages show with no translation in this locale, each counted once (the `text-untranslated` warnings). */
  untranslatedTexts: number;
  /** Rules pages with no translation in this locale (rules/<locale>/). */
  untranslatedPages: number;
  /** Enum values shown on the site whose word this locale's file does not give (`values:`). */
  valueLabelsMissing: number;
}

export interface CollectionReport {
  name: string;
  title: string;
  file: string;
  entries: number;
  placeholders: number;
  readings: number;
  /** Rules written as data (scoring, effect, value), by whether the entry gives worked examples. */
  rules: { total: number; withExamples: number; withoutExamples: string[] };
  /**
   * Entries whose rule is executable against those given as printed text
   * only; null when the collection's schema holds no rule as data at all.
   */
  dsl: { executable: number; textOnly: string[] } | null;
}

export interface ComponentReport {
  name: string;
  /** The count the manifest prints. */
  count: number;
  collection: string | null;
  /** How many the collection describes (entries, with their copies); null for a component with no collection. */
  described: number | null;
  status: 'matches' | 'differs' | 'known gap' | 'not described';
  gap?: string;
}

export interface LocaleReport {
  default: string;
  /** Texts given as a map of languages (`{ en: ..., pt-BR: ... }`), and how many of them each language covers. */
  multilingualTexts: number;
  covered: Array<{ locale: string; texts: number }>;
}

export function reportGames(games: readonly CheckedGame[], schemas: SchemaSet): GameReport[] {
  return games.map((g) => reportGame(g, schemas));
}

function reportGame(checked: CheckedGame, schemas: SchemaSet): GameReport {
  const { linked, rules } = checked;
  const game = linked.game;
  const m = game.manifest;
  const collections = [...game.collections.values()].map((c): CollectionReport => {
    const mine = rules.filter((r) => r.collection === c.name);
    const entryOf = new Map(c.entries.map((e) => [e.id, e]));
    // A value rule keeps no examples of its own in the compiled rule; its entry's `examples:` are what the build runs.
    const hasExamples = mine.filter(
      (r) =>
        r.examples.length ||
        r.stateExamples?.length ||
        (Array.isArray(entryOf.get(r.entryId)?.value.examples) && (entryOf.get(r.entryId)!.value.examples as unknown[]).length),
    );
    const withRule = new Set(mine.map((r) => r.entryId));
    return {
      name: c.name,
      title: textOf(c.decl.title, m.locale) || c.name,
      file: c.sources.length === 1 ? c.sources[0]!.path : (c.decl.file ?? c.decl.files ?? ''),
      entries: c.entries.length,
      placeholders: linked.placeholders.filter((p) => p.collection === c.name).length,
      readings: linked.readings.filter((p) => p.collection === c.name).length,
      rules: {
        total: mine.length,
        withExamples: hasExamples.length,
        withoutExamples: mine.filter((r) => !hasExamples.includes(r)).map((r) => `${r.entryId}${r.pointer}`),
      },
      dsl: declaresRules(schemas, c.decl.schema)
        ? { executable: withRule.size, textOnly: c.entries.filter((e) => !withRule.has(e.id)).map((e) => e.id) }
        : null,
    };
  });
  return {
    game: m.id,
    name: textOf(m.name, m.locale),
    locale: m.locale,
    invented: isInvented(m),
    placeholders: linked.placeholders,
    readings: linked.readings.length,
    components: components(game),
    collections,
    locales: locales(game),
    translations: translations(checked),
    valueLabelsMissing: missingValueLabels(checked).filter((v) => v.locale === m.locale).length,
  };
}

/** Whether a collection's schema marks any field as a rule (`x-rule`): only then can its entries be executable. */
function declaresRules(schemas: SchemaSet, schemaPath: string): boolean {
  const schema = schemas.ajv.getSchema(SCHEMA_BASE + schemaPath)?.schema;
  return schema !== undefined && JSON.stringify(schema).includes('"x-rule"');
}

function components(game: Game): ComponentReport[] {
  const list = [...(game.manifest.components ?? []), ...(game.manifest.playerComponents ?? [])];
  return list.map((c) => {
    const name = textOf(c.name, game.manifest.locale);
    const collection = c.collection ? game.collections.get(c.collection) : undefined;
    if (!c.collection || !collection) return { name, count: c.count, collection: c.collection ?? null, described: null, status: 'not described' };
    // The same count the link phase checks: entries matching `where`, each with its copies.
    const where = Object.entries(c.where ?? {});
    const described = collection.entries.filter((e) => where.every(([k, v]) => e.value[k] === v)).reduce((n, e) => n + e.copies, 0);
    const status = described === c.count ? 'matches' : c.gap ? 'known gap' : 'differs';
    return { name, count: c.count, collection: c.collection, described, status, ...(c.gap ? { gap: c.gap } : {}) };
  });
}

/** The rules texts rendered in each locale the game declares besides its own, and those missing a word there. */
function translations(g: CheckedGame): TranslationReport[] {
  const { linked, rules } = g;
  const game = linked.game;
  const texts = untranslatedTexts(g, game.dir);
  const pages = untranslatedPages(game);
  const values = missingValueLabels(g);
  // A value rule's text is a formula, the same in every language: not a translation.
  const worded = rules.filter((r) => r.kind !== 'value');
  const maps = missingTexts(game);
  const labels = missingLabels(game);
  return declaredLocales(game)
    .filter((l) => l !== game.manifest.locale)
    .map((locale) => ({
      locale,
      rulesTexts: worded.filter((r) => r.texts[locale] !== undefined).length,
      missing: worded.filter((r) => r.missingTexts?.[locale]).length,
      textsMissing: maps.filter((m) => m.locale === locale).length,
      labelsMissing: labels.filter((m) => m.locale === locale).length,
      untranslatedTexts: texts.filter((t) => t.locale === locale).length,
      untranslatedPages: pages.filter((p) => p.locale === locale).length,
      valueLabelsMissing: values.filter((v) => v.locale === locale).length,
    }));
}

/** Texts given in several languages are maps whose keys are all locales; plain strings are in the game's own. */
function locales(game: Game): LocaleReport {
  // Locales are open: a map's keys are the game's declared locales or those the compiler has words for.
  const known: readonly string[] = [...new Set([...declaredLocales(game), ...builtInLocales()])];
  const counts = new Map<string, number>();
  let maps = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const entries = Object.entries(value);
    if (entries.length && entries.every(([k, v]) => known.includes(k) && typeof v === 'string')) {
      maps++;
      for (const [k] of entries) counts.set(k, (counts.get(k) ?? 0) + 1);
      return;
    }
    for (const [, v] of entries) visit(v);
  };
  visit(game.manifest);
  for (const c of game.collections.values()) for (const e of c.entries) visit(e.value);
  return {
    default: game.manifest.locale,
    multilingualTexts: maps,
    covered: [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([locale, texts]) => ({ locale, texts })),
  };
}

/** The report as the terminal shows it: one block per game, one line per collection, then the placeholders left with file:line. */
export function formatReport(reports: readonly GameReport[]): string {
  const out: string[] = [];
  const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
  for (const r of reports) {
    // A transcribed game's text is printed; an invented game's is only written.
    const printed = r.invented ? '' : 'printed ';
    out.push(`${r.game} (${r.name}, ${r.locale}): ${plural(r.placeholders.length, 'placeholder')} left, ${plural(r.readings, 'reading')}`);
    out.push('  collections:');
    for (const c of r.collections) {
      const parts = [plural(c.entries, 'entry', 'entries'), `${plural(c.placeholders, 'placeholder')}`, plural(c.readings, 'reading')];
      if (c.rules.total)
        parts.push(`${plural(c.rules.total, 'rule')} as data (${c.rules.withExamples} with worked examples, ${c.rules.withoutExamples.length} without)`);
      if (c.dsl)
        parts.push(`executable ${c.dsl.executable} of ${c.entries}${c.dsl.textOnly.length ? ` (${printed}text only: ${c.dsl.textOnly.join(', ')})` : ''}`);
      else parts.push('no rules as data');
      out.push(`    ${c.name}: ${parts.join('; ')}`);
    }
    if (r.components.length) {
      out.push(`  components (${printed}count against the collection):`);
      for (const c of r.components) {
        const against = c.described === null ? 'no collection describes it' : `${c.collection} describes ${c.described}`;
        const mark = c.status === 'matches' ? 'ok' : c.status === 'known gap' ? `known gap: ${c.gap}` : c.status === 'differs' ? 'DIFFERS' : '';
        out.push(`    ${c.name}: ${c.count}; ${against}${mark ? ` (${mark})` : ''}`);
      }
    }
    const others = r.locales.covered.filter((l) => l.locale !== r.locales.default);
    out.push(
      `  locales: ${r.locales.default} (the game's own: every text)${others.length ? `; ${others.map((l) => `${l.locale} in ${l.texts} of ${r.locales.multilingualTexts} multilingual texts`).join(', ')}` : '; no other'}`,
    );
    if (r.valueLabelsMissing) out.push(`  values shown as written in the data (no word for readers): ${r.valueLabelsMissing}`);
    if (r.translations.length) {
      out.push(
        `  translations: ${r.translations.map((t) => `${t.locale}: ${plural(t.rulesTexts, 'rules text')} rendered (a translation${r.invented ? '' : ', not printed'}), ${t.missing} with texts missing; ${plural(t.textsMissing, 'map')} of locales without ${t.locale}; ${plural(t.labelsMissing, 'field label')} missing; ${plural(t.valueLabelsMissing, 'value word')} missing; ${plural(t.untranslatedTexts, 'text')} and ${plural(t.untranslatedPages, 'rules page')} not translated`).join('; ')}`,
      );
    }
    if (r.placeholders.length) {
      out.push('  placeholders left:');
      for (const p of r.placeholders) out.push(`    ${p.file}:${p.line ?? 1}: ${p.collection}/${p.id}${p.path}: ${p.note}`);
    }
  }
  return out.join('\n');
}
