import type { CompiledRule } from '../model.ts';

/**
 * An entry's rules text as the engine package gives it: `rulesText`, in the
 * game's main locale (its rules' texts in source order, one a line), and,
 * for a game that declares other locales, `rulesTexts`: the same in every
 * declared locale, keyed by tag. A game in one locale gets no `rulesTexts`,
 * so its package is as it was. An entry with a value rule also gets
 * `formula`, the value as a formula over the state's fields.
 */
export function rulesTextMembers(rules: readonly CompiledRule[]): string[] {
  if (!rules.length) return [];
  const members = [`rulesText: ${JSON.stringify(rules.map((r) => r.text).join('\n'))}`];
  const locales = localesOf(rules);
  if (locales.length > 1) {
    const texts = Object.fromEntries(locales.map((l) => [l, rules.map((r) => r.texts[l] ?? r.text).join('\n')]));
    members.push(`rulesTexts: ${JSON.stringify(texts)}`);
  }
  // A value rule's formula, apart from its sentence (an entry holds at most one value rule).
  const formula = rules.find((r) => r.formula !== undefined)?.formula;
  if (formula !== undefined) members.push(`formula: ${JSON.stringify(formula)}`);
  return members;
}

/** The type of `rulesTexts` for a collection's rules (`{ readonly "en": string; readonly "pt-BR": string }`), or undefined when the game has one locale. */
export function rulesTextsType(rules: readonly CompiledRule[]): string | undefined {
  const locales = localesOf(rules);
  return locales.length > 1 ? `{ ${locales.map((l) => `readonly ${JSON.stringify(l)}: string`).join('; ')} }` : undefined;
}

function localesOf(rules: readonly CompiledRule[]): string[] {
  // Every rule of a game carries the same locales: the game's declared ones.
  return Object.keys(rules.find((r) => Object.keys(r.texts).length)?.texts ?? {});
}
