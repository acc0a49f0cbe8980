import Handlebars from 'handlebars';
import { textOf } from '../text.ts';
import type { LinkedGame, PlayerStateModel } from '../model.ts';
import { stateModel } from '../rules/state.ts';

/**
 * A worked example's state in the words the manifest declares for each field
 * ("1 Caatinga Action card, 6 Fame Points", "4 Flour markers"), never the
 * field's name. Phrases come from `playerState` (amount, noun, nounPlural,
 * unit) and `endState` (resource, noun, nounPlural); a field with none is
 * named by its description's first words, as a last resort.
 */
const hb = Handlebars.create();
hb.registerHelper('plural', (n: number, one: string, many: string) => (n === 1 ? one : many));

export type StatePhraser = (state: Record<string, unknown>) => string[];

export function playerStatePhraser(linked: LinkedGame, model: PlayerStateModel | undefined): StatePhraser {
  return (state) =>
    Object.entries(state).map(([k, v]) => {
      const f = model?.fields.get(k);
      const p = f?.phrases ?? {};
      const valueName = (x: unknown) => f?.values.get(String(x)) ?? declaredName(linked, String(x)) ?? String(x);
      if (typeof v === 'number') {
        if (p.amount) return hb.compile(p.amount, { noEscape: true })({ n: v });
        // The field's own noun first; then its unit ("3 Scouts"); its description as a last resort.
        const unit = p.unit ? (v === 1 ? p.unit : `${p.unit}s`) : undefined;
        return `${v} ${(v === 1 ? p.noun : p.nounPlural) ?? unit ?? fallbackNoun(f?.description, k)}`;
      }
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const parts = Object.entries(v as Record<string, unknown>).map(([key, n]) => `${String(n)} ${valueName(key)}`);
        return `${fallbackNoun(f?.description, k, p.nounPlural ?? p.unit)}: ${parts.join(', ')}`;
      }
      if (Array.isArray(v)) return `${fallbackNoun(f?.description, k, p.nounPlural)}: ${v.map(valueName).join(', ')}`;
      return `${fallbackNoun(f?.description, k, p.noun)}: ${valueName(v)}`;
    });
}

export function endStatePhraser(linked: LinkedGame, yesNo: { yes: string; no: string } = { yes: '✓', no: '✗' }): StatePhraser {
  const { game } = linked;
  // English plurals declared without a singular ("tokens") read "1 Lantern token"; other languages keep the declared word.
  const one = (plural: string | undefined) => (plural && game.manifest.locale === 'en' ? plural.replace(/s$/, '') : plural);
  const model = stateModel(game.manifest, linked.declarations, (name) => {
    const c = game.collections.get(name);
    return c ? new Map(c.entries.map((e) => [e.id, textOf(e.name as string, game.manifest.locale) || e.id])) : undefined;
  });
  return (state) =>
    Object.entries(state).map(([k, v]) => {
      const f = model?.fields.get(k);
      const d = f?.decl;
      const valueName = (x: unknown) => f?.values.get(String(x)) ?? declaredName(linked, String(x)) ?? String(x);
      if (typeof v === 'number') {
        const noun = v === 1 ? (d?.noun ?? one(d?.nounPlural)) : (d?.nounPlural ?? d?.noun);
        if (f?.resourceName) return `${v} ${f.resourceName} ${noun ?? ''}`.trim();
        return `${v} ${noun ?? fallbackNoun(d?.description, k)}`;
      }
      if (Array.isArray(v)) {
        const noun = v.length === 1 ? (d?.noun ?? d?.nounPlural) : (d?.nounPlural ?? d?.noun);
        return `${v.length} ${noun ?? fallbackNoun(d?.description, k)}${v.length ? ` (${v.map(valueName).join(', ')})` : ''}`;
      }
      if (typeof v === 'boolean') return `${d?.phrase ?? fallbackNoun(d?.description, k)}: ${v ? yesNo.yes : yesNo.no}`;
      return `${fallbackNoun(d?.description, k)}: ${String(v)}`;
    });
}

/** The name a manifest declaration gives a value ID (a terrain, a resource), if one does. */
export function declaredName(linked: LinkedGame, id: string): string | undefined {
  for (const list of linked.declarations.values()) {
    for (const d of list) if (d.id === id) return textOf(d.name, linked.game.manifest.locale);
  }
  return undefined;
}

/**
 * A field with no declared phrase: its description's words up to the first
 * punctuation ("Volantes the player killed and keeps as trophies ..." ->
 * "Volantes the player killed and keeps as trophies"), else its name spaced
 * out. Better a reader's sentence fragment than `volanteTrophies`.
 */
function fallbackNoun(description: string | undefined, field: string, phrase?: string, unit?: string): string {
  if (phrase) return phrase;
  const words = description?.split(/[.:;(,]/)[0]?.trim();
  if (words && words.length <= 70) return words;
  if (unit) return unit;
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * A player-state field named as a value (a City asks you to pay `volanteTrophies`):
 * its plural noun, its unit, or its description's first words.
 */
export function stateFieldName(players: PlayerStateModel | undefined, id: string): string | undefined {
  const f = players?.fields.get(id);
  if (!f) return undefined;
  const p = f.phrases;
  // A formula needs the whole quantity ("Training markers removed from the Chief card"), so the description comes before the bare unit.
  return p.nounPlural ?? fallbackNoun(f.description, id, undefined, p.unit ? `${p.unit}s` : undefined);
}
