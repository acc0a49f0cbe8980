import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import { gameLanguages, warnMissingTexts } from '../locales/game-locales.ts';
import type { RulesLanguage } from '../locales/language.ts';
import { textOf } from '../text.ts';
import type { CompiledRule, Entry, ExampleWords, LinkedGame, PlayerStateModel, RuleExample, RuleSite, StateExample } from '../model.ts';
import { checkScoring, notAStateField, type RuleProblem } from './check.ts';
import { scoringExpression } from './codegen.ts';
import type { Effect, Scoring } from './dsl.ts';
import { checkEffect } from './effect-check.ts';
import { effectExpression } from './effect-codegen.ts';
import { renderEffectWithGaps } from './effect-render.ts';
import { playerStateModel } from './player-state.ts';
import { renderScoring } from './render.ts';
import { changeWords, endStateWords, fieldsOf, situationWords, unwordedEndFields, unwordedPlayerFields } from './example-words.ts';
import { checkValue, valueExpression, valueFormula } from './value.ts';
import { renderValueWithGaps } from './value-render.ts';
import type { Value } from './dsl.ts';
import * as runtime from './runtime.ts';
import { stateModel, type StateModel } from './state.ts';
import type { RuleMemo } from './rule-memo.ts';

const FUNCTION_NAMES: Record<CompiledRule['kind'], string> = { scoring: 'score', effect: 'apply', value: 'value' };

/**
 * Check each DSL rule against the game's declarations, render its text, compile it and run its examples.
 * Returns the rules with the player-state model they were checked against, which emit reads rather than resolves again.
 */
export function compileRules(
  linked: LinkedGame,
  sites: readonly RuleSite[],
  bag: DiagnosticBag,
  memo?: RuleMemo,
): { rules: CompiledRule[]; players: PlayerStateModel | undefined } {
  const game = linked.game;
  bound.clear();
  rendered.clear();
  const state = stateModel(game.manifest, linked.declarations, (name) => {
    const c = game.collections.get(name);
    return c ? new Map(c.entries.map((e) => [e.id, String(e.name ?? e.id)])) : undefined;
  });
  const players = playerStateModel(game.manifest, linked.declarations);
  const languages = gameLanguages(game, bag);
  // The other half of "a text missing in a declared locale": the maps of locales in the content (the rules' words are checked as they render).
  warnMissingTexts(game, bag);
  // Under `serve`: a site whose entry and game-wide context are as last time gives what it gave then (rules/rule-memo.ts).
  const context = memo?.begin(game, linked.declarations, state, languages);
  const out: CompiledRule[] = [];
  // An entry gets one function per kind (`score`, `apply`, `value`): a second rule of the same kind would
  // silently replace the first in generated/, so it is an error at its place.
  // Keyed by the entry object (an entry of one collection is one object): a text key per site made every lookup
  // hash a fresh string, a tenth of a save's check at 30,000 cards. Entries with more than one rule are few.
  const firstSite = new Map<Entry, RuleSite>();
  const moreSites = new Map<Entry, RuleSite[]>();
  for (const site of sites) {
    const { entry } = site;
    const at = (p: string) => entry.source.placeOf(entry.pointer + p);
    const prior = firstSite.get(entry);
    const first = !prior ? undefined : prior.kind === site.kind ? prior : moreSites.get(entry)?.find((s) => s.kind === site.kind);
    if (first !== undefined) {
      bag.error(
        entry.source.path,
        at(site.pointer),
        'rule-duplicate',
        `this entry already has a rule of kind "${site.kind}" (at ${first.pointer || '/'}): an entry holds one rule of each kind`,
      );
      continue;
    }
    if (!prior) firstSite.set(entry, site);
    else {
      const more = moreSites.get(entry);
      if (more) more.push(site);
      else moreSites.set(entry, [site]);
    }
    const compiled =
      memo && context
        ? memo.site(site, context, bag, (b) => compileSite(site, state, players, languages, b))
        : compileSite(site, state, players, languages, bag);
    if (compiled) out.push(compiled);
  }
  reportNameClashes(linked, out, bag);
  return { rules: out, players };
}

/** One rule site checked, rendered and compiled, its examples run: what it says goes to `bag`. Reads only the site's entry and the game-wide context. */
function compileSite(
  site: RuleSite,
  state: StateModel | undefined,
  players: PlayerStateModel | undefined,
  languages: readonly RulesLanguage[],
  bag: DiagnosticBag,
): CompiledRule | undefined {
  const { entry } = site;
  const at = (p: string) => entry.source.placeOf(entry.pointer + p);
  if (site.kind === 'value') return compileValue(site, pointerGet(entry.value, site.pointer) as Value, players, bag, at, languages);
  if (site.kind === 'effect') return compileEffect(site, pointerGet(entry.value, site.pointer) as Effect, players, bag, at, languages);
  const rule = pointerGet(entry.value, site.pointer) as Scoring;
  if (reported(checkScoring(rule, state, site.pointer), site, bag, at) || !state) return undefined;
  const expression = scoringExpression(rule);
  const given = ((entry.value.examples ?? []) as RuleExample[]).map((x) => (Array.isArray(x?.given) ? x.given : []));
  const reads = fieldsOf(rule);
  const exampleWords: Record<string, ExampleWords[]> = {};
  // The examples' words render with the rule's, so a word either lacks in a locale is one warning at the rule.
  const { texts, missingTexts } = renderIn(languages, site, bag, at, (lang) => {
    exampleWords[lang.tag] = given.map((players) => ({ given: players.map((g) => endStateWords(g, state, lang, reads)) }));
    return renderOnce(lang, rule, () => renderScoring(rule, state, lang));
  });
  const compiled: CompiledRule = {
    collection: site.collection,
    entryId: entry.id,
    pointer: site.pointer,
    kind: 'scoring',
    functionName: FUNCTION_NAMES.scoring,
    expression,
    text: texts[languages[0]!.tag]!,
    texts,
    ...(missingTexts ? { missingTexts } : {}),
    examples: [],
    ...(given.length ? { exampleWords } : {}),
  };
  const examples = (entry.value.examples ?? []) as RuleExample[];
  given.forEach((players, i) =>
    players.forEach((g, p) => warnUnworded(site, bag, at, `/examples/${i}/given/${p}`, unwordedEndFields(g ?? {}, state), 'endState', i)),
  );
  const run = makeFunction(expression);
  examples.forEach((example, i) => {
    const exPointer = `/examples/${i}`;
    const badField = checkExampleFields(example, state);
    if (badField) {
      bag.error(entry.source.path, at(`${exPointer}/given/${badField.player}/${badField.field}`), 'example-field', badField.message, badField.notes, badField);
      return;
    }
    const players = example.given.map((g) => withDefaults(g, state));
    const got = run(players);
    if (JSON.stringify(got) !== JSON.stringify(example.expect)) {
      bag.error(
        entry.source.path,
        at(`${exPointer}/expect`),
        'example-mismatch',
        `example ${i + 1} expects [${example.expect.join(', ')}] but the rule gives [${got.join(', ')}]`,
        [`rule: ${compiled.text}`],
      );
    }
    compiled.examples.push(example);
  });
  return compiled;
}

/**
 * generated/ gives each entry of a collection with rules the compiled
 * functions (`score`, `apply`, `value`) and `rulesText`: an entry's own field
 * of the same name would be a second property of that name, so it is an
 * error at the first entry that has one.
 */
function reportNameClashes(linked: LinkedGame, rules: readonly CompiledRule[], bag: DiagnosticBag): void {
  const names = new Map<string, Map<string, string>>();
  for (const r of rules) {
    const byName = names.get(r.collection) ?? new Map<string, string>();
    byName.set(r.functionName, `the function compiled from its ${r.kind} rule`).set('rulesText', 'the text rendered from its rules');
    if (r.formula !== undefined) byName.set('formula', 'the formula of its value rule');
    if (moreThanOneKey(r.texts)) byName.set('rulesTexts', 'the text rendered from its rules in every declared locale');
    names.set(r.collection, byName);
  }
  for (const [collection, byName] of names) {
    const entries = linked.game.collections.get(collection)?.entries ?? [];
    for (const [name, what] of byName) {
      const e = entries.find((x) => Object.hasOwn(x.value, name));
      if (e)
        bag.error(
          e.source.path,
          e.source.placeOf(`${e.pointer}/${name}`),
          'rule-name-clash',
          `a field cannot be called "${name}" here: generated/ gives each ${collection} entry \`${name}\`, ${what}`,
          ['rename the field in the schema and the content'],
        );
    }
  }
}

/** Whether an object has two keys or more, without listing them (this runs once per rule of the game). */
function moreThanOneKey(o: object): boolean {
  let n = 0;
  for (const k in o) if (Object.hasOwn(o, k) && ++n > 1) return true;
  return false;
}

/**
 * Evaluate generated code with the runtime helpers in scope: the same code
 * generated/ runs. The code is our own codegen output (numbers through
 * `num`, names and keys as JSON strings), never content text: a field named
 * `flour-x` or `a"b` is a string here, not an expression.
 */
function bindRuntime<T extends (...args: never[]) => unknown>(expression: string): T {
  const known = bound.get(expression);
  if (known !== undefined) return known as T;
  // Made on its first call: a check runs a rule only for its worked examples, and most entries have none (a
  // 30,000-card check made 1,000 functions with `new Function` and called none, a tenth of the check).
  let made: T | undefined;
  const make = (): T => {
    const names = Object.keys(runtime);
    const fn = new Function(...names, `return ${expression};`) as (...args: unknown[]) => T;
    return fn(...names.map((n) => (runtime as Record<string, unknown>)[n]));
  };
  const lazy = ((...args: Parameters<T>) => (made ??= make())(...args)) as T;
  bound.set(expression, lazy);
  return lazy;
}

/**
 * Functions made from generated code, by their code, for one game's rules: a
 * large collection repeats a handful of rules (30,000 synthetic cards hold
 * some 1,000 distinct ones), and `new Function` per card was a tenth of a
 * check. The functions are pure (the code reads only its arguments and the
 * runtime helpers), so one serves every card that has its code.
 */
const bound = new Map<string, unknown>();

/**
 * Scoring texts already rendered for one game, by language and rule (its
 * JSON), with what each render lacked in that language: the same rule on many
 * cards renders once (a Handlebars render per card was a fifth of a
 * 30,000-card check), and each card still reports what its text lacks.
 */
const rendered = new Map<RulesLanguage, Map<string, { text: string; missing: string[] }>>();

function renderOnce(lang: RulesLanguage, rule: unknown, render: () => string): string {
  let byRule = rendered.get(lang);
  if (!byRule) rendered.set(lang, (byRule = new Map()));
  const key = JSON.stringify(rule);
  const known = byRule.get(key);
  if (known) {
    lang.noteMissing(known.missing);
    return known.text;
  }
  // What was missing before this render belongs to the caller's other words: set aside, then put back.
  const before = lang.takeMissing();
  const text = render();
  const missing = lang.takeMissing();
  lang.noteMissing(before);
  lang.noteMissing(missing);
  byRule.set(key, { text, missing });
  return text;
}

/** Report a rule's problems at their places; true when there were any. */
function reported(
  problems: readonly RuleProblem[],
  site: RuleSite,
  bag: DiagnosticBag,
  at: (p: string) => ReturnType<RuleSite['entry']['source']['placeOf']>,
): boolean {
  for (const p of problems) bag.error(site.entry.source.path, at(p.pointer), 'rule-field', p.message, p.notes, p);
  return problems.length > 0;
}

/** A scoring expression over `players`, as a function. */
function makeFunction(expression: string): (players: unknown[]) => number[] {
  return bindRuntime<(players: unknown[]) => number[]>(`(players) => ${expression}`);
}

function makeEffect(expression: string): (state: Record<string, unknown>) => Record<string, unknown> {
  return bindRuntime(expression);
}

function compileEffect(
  site: RuleSite,
  effect: Effect,
  players: PlayerStateModel | undefined,
  bag: DiagnosticBag,
  at: (p: string) => ReturnType<RuleSite['entry']['source']['placeOf']>,
  languages: readonly RulesLanguage[],
): CompiledRule | undefined {
  const { entry } = site;
  if (reported(checkEffect(effect, players, site.pointer), site, bag, at) || !players) return undefined;
  const expression = effectExpression(effect);
  const examples = (entry.value.examples ?? []) as StateExample[];
  const reads = fieldsOf(effect);
  const exampleWords: Record<string, ExampleWords[]> = {};
  let unphrased: string[] = [];
  const { texts, missingTexts } = renderIn(languages, site, bag, at, (lang) => {
    exampleWords[lang.tag] = examples.map((x) => ({
      given: [situationWords(x?.given ?? {}, players, lang, reads)],
      after: changeWords(x?.given ?? {}, x?.expect ?? {}, players, lang),
    }));
    const { text, gaps } = renderEffectWithGaps(effect, players, lang);
    if (lang === languages[0]) unphrased = gaps;
    return text;
  });
  // A phrase the sentence needs that the game gives no words for prints the field's name: said at the rule.
  for (const gap of unphrased) {
    const [field, name] = gap.split('.') as [string, string];
    bag.warning(
      entry.source.path,
      at(site.pointer),
      'rule-words',
      `this effect's sentence needs the \`${name}\` phrase of "${field}", which game.yaml does not declare, so it prints the field's name there`,
      [`give "${field}" in \`playerState\` a \`${name}\` phrase (or a \`noun\` and \`nounPlural\`, which most phrases can be made from)`],
    );
  }
  const rendered = texts[languages[0]!.tag]!;
  // A printed sentence beside the rule (`text` in the same object) is the
  // rulebook's wording, kept as an override: hold it to the data.
  const parentPointer = site.pointer.slice(0, site.pointer.lastIndexOf('/'));
  const wording = (pointerGet(entry.value, parentPointer) as Record<string, unknown> | undefined)?.text;
  const text = typeof wording === 'string' ? wording : rendered;
  if (typeof wording === 'string') {
    const inTree = new Set(JSON.stringify(effect).match(/\d+/g) ?? []);
    const missing = [...new Set(wording.match(/\d+/g) ?? [])].filter((n) => !inTree.has(n));
    if (missing.length)
      bag.error(
        entry.source.path,
        at(`${parentPointer}/text`),
        'wording-numbers',
        `the printed text says ${missing.join(', ')}, which the rule's data does not`,
        [`the data reads: ${rendered}`],
      );
  }
  examples.forEach((x, i) => warnUnworded(site, bag, at, `/examples/${i}/given`, unwordedPlayerFields(x?.given ?? {}, players), 'playerState', i));
  const apply = makeEffect(expression);
  examples.forEach((example, i) => {
    for (const [part, record] of [
      ['given', example.given],
      ['expect', example.expect],
    ] as const) {
      for (const field of Object.keys(record)) {
        if (players.fields.has(field)) continue;
        const p = notAStateField(field, 'player', players.fields.keys(), `/examples/${i}/${part}/${field}`);
        bag.error(entry.source.path, at(p.pointer), 'example-field', p.message, p.notes, p);
      }
    }
    const after = apply({ ...example.given });
    const wrong = Object.entries(example.expect).filter(([k, v]) => JSON.stringify(after[k] ?? 0) !== JSON.stringify(v));
    if (wrong.length) {
      bag.error(
        entry.source.path,
        at(`/examples/${i}/expect`),
        'example-mismatch',
        `example ${i + 1}: ${wrong.map(([k, v]) => `${k} expected ${JSON.stringify(v)}, the effect gives ${JSON.stringify(after[k] ?? 0)}`).join('; ')}`,
        [`effect: ${text}`],
      );
    }
  });
  // The printed wording is the main locale's; the other locales read the sentence rendered from the data.
  texts[languages[0]!.tag] = text;
  return {
    collection: site.collection,
    entryId: entry.id,
    pointer: site.pointer,
    kind: 'effect',
    functionName: FUNCTION_NAMES.effect,
    expression,
    typedExpression: effectExpression(effect, players.typeName),
    text,
    texts,
    ...(missingTexts ? { missingTexts } : {}),
    examples: [],
    stateExamples: examples,
    ...(examples.length ? { exampleWords } : {}),
  };
}

/** A warning at each field a worked example gives that the game has no words for: the site's example leaves it out. */
function warnUnworded(
  site: RuleSite,
  bag: DiagnosticBag,
  at: (p: string) => ReturnType<RuleSite['entry']['source']['placeOf']>,
  pointer: string,
  fields: readonly string[],
  where: 'endState' | 'playerState',
  index: number,
): void {
  for (const field of fields)
    bag.warning(
      site.entry.source.path,
      at(`${pointer}/${field}`),
      'example-words',
      `worked example ${index + 1} gives "${field}", which game.yaml gives no words to name: the example on the site leaves it out`,
      [
        where === 'playerState'
          ? `give "${field}" in \`playerState\` a \`noun\` and \`nounPlural\` (or an \`amount\`; for a field holding one value, a \`state\` phrase)`
          : `give "${field}" in \`endState\` a \`noun\` and \`nounPlural\` (a flag, a \`phrase\`)`,
      ],
    );
}

/**
 * A rule's text in each of the game's locales, and a warning at the rule for
 * each locale whose words fell short (naming the entry, the locale and what
 * it lacked), so a half-translated sentence is never silent.
 */
function renderIn(
  languages: readonly RulesLanguage[],
  site: RuleSite,
  bag: DiagnosticBag,
  at: (p: string) => ReturnType<RuleSite['entry']['source']['placeOf']>,
  render: (lang: RulesLanguage) => string,
): { texts: Record<string, string>; missingTexts?: Record<string, string[]> } {
  const texts: Record<string, string> = {};
  const missingTexts: Record<string, string[]> = {};
  const main = languages[0]!.tag;
  for (const lang of languages) {
    texts[lang.tag] = render(lang);
    const missing = lang.takeMissing();
    if (!missing.length) continue;
    missingTexts[lang.tag] = missing;
    const { entry } = site;
    const name = textOf(entry.name, main) || entry.id;
    bag.warning(
      entry.source.path,
      at(site.pointer),
      'text-missing-locale',
      `${site.collection} "${name}": its ${lang.tag} rules text lacks ${missing.join(', ')}, so it reads ${lang.tag === main ? 'English' : `the ${main}`} words there`,
      [
        `give each game text in ${lang.tag} (a map of locales, or \`texts:\` in locales/${lang.tag}.yaml beside game.yaml); a word of the rules text goes in the same file under its key`,
      ],
    );
  }
  return Object.keys(missingTexts).length ? { texts, missingTexts } : { texts };
}

/** Fields left out of an example are 0, empty or false, so examples say only what matters. */
export function withDefaults(given: Record<string, unknown>, state: StateModel): Record<string, unknown> {
  // fromEntries defines own properties: a field named like an Object.prototype member ("__proto__") stays a field.
  return Object.fromEntries(
    [...state.fields].map(([name, f]) => [
      name,
      (Object.hasOwn(given, name) ? given[name] : undefined) ?? (f.decl.kind === 'count' ? 0 : f.decl.kind === 'list' ? [] : false),
    ]),
  );
}

function checkExampleFields(
  example: RuleExample,
  state: StateModel,
): ({ player: number; field: string } & Partial<RuleProblem> & { message: string }) | undefined {
  for (const [player, given] of example.given.entries()) {
    for (const [field, value] of Object.entries(given)) {
      const f = state.fields.get(field);
      if (!f) return { player, field, ...notAStateField(field, 'end', state.fields.keys(), '') };
      const want = f.decl.kind === 'count' ? 'number' : f.decl.kind === 'flag' ? 'boolean' : 'list';
      const ok = want === 'list' ? Array.isArray(value) && value.every((v) => f.values.size === 0 || f.values.has(String(v))) : typeof value === want;
      if (!ok) return { player, field, message: `"${field}" must be ${want === 'list' ? `a list of ${[...f.values.keys()].join(', ')}` : `a ${want}`}` };
    }
  }
  return undefined;
}

export function pointerGet(value: unknown, pointer: string): unknown {
  let v = value;
  for (const part of pointer.split('/').slice(1)) v = (v as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

function compileValue(
  site: RuleSite,
  value: Value,
  players: PlayerStateModel | undefined,
  bag: DiagnosticBag,
  at: (p: string) => ReturnType<RuleSite['entry']['source']['placeOf']>,
  languages: readonly RulesLanguage[],
): CompiledRule | undefined {
  const { entry } = site;
  if (reported(checkValue(value, players, site.pointer), site, bag, at) || !players) return undefined;
  const formula = valueFormula(value);
  const body = valueExpression(value);
  const expression = `(s) => ${body}`;
  const run = bindRuntime<(s: Record<string, unknown>) => number>(expression);
  const examples = (entry.value.examples ?? []) as Array<{ note?: string; given: Record<string, unknown>; expect: number }>;
  examples.forEach((example, i) => {
    const got = run({ ...example.given });
    if (got !== example.expect)
      bag.error(entry.source.path, at(`/examples/${i}/expect`), 'example-mismatch', `example ${i + 1} expects ${example.expect} but the rule gives ${got}`, [
        `rule: ${formula}`,
      ]);
  });
  // The rules text is the sentence rendered from the data, in every locale; the formula is kept beside it
  // (`formula` in the package, "How it is computed" on the site). The terms' printed `text` stays the site's.
  let unworded: string[] = [];
  const { texts, missingTexts } = renderIn(languages, site, bag, at, (lang) => {
    const { text, gaps } = renderValueWithGaps(value, players, lang);
    if (lang === languages[0]) unworded = gaps;
    return text;
  });
  for (const field of unworded)
    bag.warning(
      entry.source.path,
      at(site.pointer),
      'rule-words',
      `this value's sentence needs a noun for "${field}", which game.yaml does not declare, so it prints the field's name there`,
      [`give "${field}" in \`playerState\` a \`noun\` and \`nounPlural\` (or an \`amount\`, whose words after the number name it)`],
    );
  return {
    collection: site.collection,
    entryId: entry.id,
    pointer: site.pointer,
    kind: 'value',
    functionName: FUNCTION_NAMES.value,
    expression,
    typedExpression: `(s: ${players.typeName}): number => ${body}`,
    text: texts[languages[0]!.tag]!,
    texts,
    ...(missingTexts ? { missingTexts } : {}),
    formula,
    examples: [],
  };
}
