/**
 * Items of a list joined into one line, with punctuation said once. An item
 * printed with its own full stop ("Usando Cartas de Domínio.", "O Lago.")
 * loses it before the separator, so a list never reads ".;" or ".,"; an
 * ellipsis ("Favor de...") keeps its dots. Items that are sentences (one
 * holds a full stop inside, as a rule's text does) stay sentences: joined by
 * a space, each with its own stop, never glued with a comma after it.
 *
 * Items may be HTML: a stop before closing tags (`Lago.</a>`) is the item's.
 */
export function joinItems(items: readonly string[], separator = ', '): string {
  if (items.length > 1 && items.every((x) => STOP_AT_END.test(x)) && items.some((x) => STOP_INSIDE.test(textOf(x)))) return items.join(' ');
  return items.map((x, i) => (i < items.length - 1 ? x.replace(FINAL_STOP, '$1') : x)).join(separator);
}

/** A full stop (not the last dot of an ellipsis) at the end, before any closing tags. */
const FINAL_STOP = /(?<!\.)\.((?:<\/[a-z][a-z0-9]*>)*)$/i;
/** Ends a sentence: `.`, `!` or `?`, before any closing tags. */
const STOP_AT_END = /[.!?](?:<\/[a-z][a-z0-9]*>)*$/i;
/** A sentence ends inside the item, and another begins. */
const STOP_INSIDE = /[.!?]\s+\S/;

/** An item's words without its tags, to see its sentences. */
function textOf(item: string): string {
  return item.replace(/<[^>]*>/g, '');
}
