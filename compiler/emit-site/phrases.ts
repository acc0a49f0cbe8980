import Handlebars from 'handlebars';
import { textOf } from '../text.ts';
import type { LinkedGame, PlayerStateModel } from '../model.ts';

const hb = Handlebars.create();
hb.registerHelper('plural', (n: number, one: string, many: string) => (n === 1 ? one : many));

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
  // A noun that places keys (`Cangaceiros in Garrisons{{#if keys}} in ... spaces{{/if}}`) names the whole field without them.
  const plural = p.nounPlural !== undefined ? hb.compile(p.nounPlural, { noEscape: true })({}) : undefined;
  return plural ?? fallbackNoun(f.description, id, undefined, p.unit ? `${p.unit}s` : undefined);
}
