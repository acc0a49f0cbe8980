import type { Value } from '../rules/dsl.ts';
import { pointerGet } from '../rules/compile.ts';
import { esc, inline, type PageContext } from './context.ts';
import { stateFieldName } from './phrases.ts';
import type { CompiledRule } from '../model.ts';

/**
 * Whether an entry shows a rule's text above its fields. A rule nested in a field (a map side's
 * `woundBorder.onEnter`) is drawn where that field is, under its label: on top it would be a sentence out of
 * context ("You gain 1 wound."). A value that is only a count of the player's state (a Life Goal cost's `quantity`:
 * "Your Reis tokens.") computes nothing a reader needs: the entry's own text says what is spent.
 */
export function ruleShownAtTop(rule: CompiledRule, entryValue: Record<string, unknown>): boolean {
  if (!/^\/[^/]+$/.test(rule.pointer)) return false;
  if (rule.kind !== 'value') return true;
  const value = pointerGet(entryValue, rule.pointer);
  return !(value && typeof value === 'object' && !('op' in value));
}

/**
 * A rule written as data, shown as rules text. Scoring and effect rules are
 * already rendered to sentences by the compiler; so is a value rule (final
 * scoring, a life goal's Fame), whose terms may also keep the rulebook's
 * sentences in `text`: those are shown, in reading order, and the sentence
 * rendered from the data goes in a "How it is computed" detail a reader can
 * open, above the formula in the game's words. A value rule with no printed
 * sentences shows its rendered one as its text.
 */
export function ruleTextHtml(rule: CompiledRule, entryValue: Record<string, unknown>, ctx: PageContext): string {
  const sentence = `<p class="rules-text">${esc(rule.text)}</p>`;
  if (rule.kind !== 'value') return sentence;
  const blocks = sentences(pointerGet(entryValue, rule.pointer) as Value, ctx);
  // The formula names each quantity as the player state does ("Fame Points"), not by its field.
  const named = (rule.formula ?? '').replace(/[A-Za-z][A-Za-z0-9]*/g, (w) => (w === 'max' ? w : (stateFieldName(ctx.game.players, w) ?? w)));
  const formula = named ? `<p><code>${esc(named)}</code></p>` : '';
  if (!blocks.length) return `${sentence}<details class="formula"><summary>${esc(ctx.words.howComputed)}</summary>${formula}</details>`;
  return `<div class="rules-text">${blocks.join('')}</div><details class="formula"><summary>${esc(ctx.words.howComputed)}</summary>${sentence}${formula}</details>`;
}

type Node = Exclude<Value, number> & { text?: string };

function childrenOf(v: Value): Value[] {
  if (typeof v === 'number' || !('op' in v)) return [];
  if (v.op === 'minus') return [v.from, v.subtract];
  return 'of' in v ? (Array.isArray(v.of) ? v.of : [v.of]) : [];
}

function hasText(v: Value): boolean {
  return typeof v === 'object' && typeof (v as Node).text === 'string';
}

function anyText(v: Value): boolean {
  return hasText(v) || childrenOf(v).some(anyText);
}

/**
 * The sentences of a value tree as HTML blocks. A sum whose terms each carry
 * a sentence reads as its sentence and then the terms as a list ("adds up
 * ... as indicated below:"); any other sentence follows the sentences of what
 * it works on (first add up, then subtract the wounds, then divide by 3).
 */
function sentences(v: Value, ctx: PageContext): string[] {
  if (typeof v !== 'object' || v === null) return [];
  const kids = childrenOf(v);
  const text = (v as Node).text;
  const listed =
    typeof text === 'string' &&
    'op' in v &&
    v.op === 'sum' &&
    kids.filter(anyText).length > 0 &&
    kids.filter(anyText).every((k) => hasText(k) && !childrenOf(k).some(anyText));
  if (listed)
    return [
      `<p>${inline(text, ctx)}</p>`,
      `<ul>${kids
        .filter(hasText)
        .map((k) => `<li>${inline((k as Node).text!, ctx)}</li>`)
        .join('')}</ul>`,
    ];
  const inner = kids.flatMap((k) => sentences(k, ctx));
  return typeof text === 'string' ? [...inner, `<p>${inline(text, ctx)}</p>`] : inner;
}
