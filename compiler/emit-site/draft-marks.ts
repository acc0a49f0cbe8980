import type { Collection, PlaceholderInfo } from '../model.ts';
import { memoSessionOf } from './render-memo.ts';
import { esc, inline, plain, type PageContext } from './context.ts';
import type { CollectionLabels } from './labels.ts';
import { ownHtml, ownText } from './translation.ts';

/**
 * How a drafted value (a placeholder: a value the rulebook does not give) is
 * drawn apart from a printed one. The value sits in its own dashed, muted box
 * with the word "draft" beside it as a button: screen readers hear "draft"
 * and the note as its description; a tap or a key (site.js toggles
 * aria-expanded) opens the note under the value, a hover shows it as the
 * button's tooltip. Without scripts, focus opens it. The note is left
 * out of search (data-pagefind-ignore): a search for a chief's name should
 * not match "the rulebook does not print…" twenty times.
 */

/** The drafts a page has drawn at their values, so an entry's heading badge and note list keep only the rest. */
const marked = new WeakMap<PageContext, Set<string>>();
const keyOf = (d: Pick<PlaceholderInfo, 'collection' | 'id' | 'path'>) => `${d.collection}|${d.id}|${d.path}`;

export function wasMarked(ctx: PageContext, d: PlaceholderInfo): boolean {
  return marked.get(ctx)?.has(keyOf(d)) ?? false;
}

/** The word "draft" as a disclosure button, and its note; `valueHtml` is the value as drawn (or the words saying none is given). */
export function draftMarkHtml(ctx: PageContext, draft: PlaceholderInfo): string {
  let set = marked.get(ctx);
  if (!set) marked.set(ctx, (set = new Set()));
  set.add(keyOf(draft));
  const noteId = `draft-note-${++ctx.ids.next}`;
  const note = ownHtml(draft.note, ctx.language, (t) => inline(t, ctx));
  // The title is the hover's tooltip and the button's description for screen readers; the note below opens on tap.
  return `<button type="button" class="draft-mark" aria-expanded="false" aria-controls="${noteId}" title="${esc(plain(ownText(draft.note, ctx.language)))}">${esc(ctx.words.draft)}</button><span class="draft-note" id="${noteId}" role="note" data-pagefind-ignore>${note}</span>`;
}

/** A drafted value in its own box, marked "draft", its note on tap or hover. */
export function draftValueHtml(ctx: PageContext, draft: PlaceholderInfo, valueHtml: string): string {
  return `<span class="draft-value"><span class="draft-figure">${valueHtml}</span>${draftMarkHtml(ctx, draft)}</span>`;
}

/** A drafted field with no value at all: it says why ("not given by the rulebook", or "not decided yet" in an invented game), not "—". */
export function notGivenHtml(ctx: PageContext, draft: PlaceholderInfo): string {
  return `<span class="draft-value is-empty"><span class="draft-figure">${esc(ctx.words.notGiven)}</span>${draftMarkHtml(ctx, draft)}</span>`;
}

/**
 * The top-level fields that no entry of a collection has printed: every
 * entry holds a draft there. They are said once for the collection, above
 * its entries, with their notes; an entry then leaves such a field out when
 * it has no value at all, and marks the value when it shows one.
 */
export function collectionWideDrafts(c: Collection, ctx: PageContext): Map<string, PlaceholderInfo[]> {
  const memoKey = `drafts-everywhere:${c.name}`;
  const memo = ctx.index.memo.get(memoKey) as Map<string, PlaceholderInfo[]> | undefined;
  if (memo) return memo;
  // Under `serve`, the last render's while no save changed a draft (any change to one draws every entry anew: render-memo.ts).
  const session = memoSessionOf(ctx);
  const out = session ? session.collectionPart(c, 'drafts everywhere', () => wideDrafts(c, ctx)) : wideDrafts(c, ctx);
  ctx.index.memo.set(memoKey, out);
  return out;
}

/** The drafts every entry of the collection has at one top-level field, by its path. */
function wideDrafts(c: Collection, ctx: PageContext): Map<string, PlaceholderInfo[]> {
  const out = new Map<string, PlaceholderInfo[]>();
  // One entry is not a collection-wide pattern: its own drafts stand on it.
  if (c.entries.length > 1) {
    const byPath = new Map<string, PlaceholderInfo[]>();
    for (const e of c.entries)
      for (const d of ctx.index.drafts(c.name, e.id))
        if (/^\/[^/]+$/.test(d.path)) {
          const list = byPath.get(d.path) ?? [];
          list.push(d);
          byPath.set(d.path, list);
        }
    for (const [path, list] of byPath) if (new Set(list.map((d) => d.id)).size === c.entries.length) out.set(path, list);
  }
  return out;
}

/** The line above a collection's entries naming what none of them has printed, each note once. Empty when there is none. */
export function collectionDraftsHtml(c: Collection, ctx: PageContext, labels: CollectionLabels): string {
  const everywhere = collectionWideDrafts(c, ctx);
  if (!everywhere.size) return '';
  // Fields that share a note are named together before it ("Guns, Protection and Facão: …").
  const byNote = new Map<string, string[]>();
  for (const [path, list] of everywhere) {
    for (const note of new Set(list.map((d) => d.note))) {
      const names = byNote.get(note) ?? [];
      const title = labels.title(path);
      if (title && !names.includes(title)) names.push(title);
      byNote.set(note, names);
    }
  }
  const list = new Intl.ListFormat(ctx.locale, { style: 'long', type: 'conjunction' });
  const items = [...byNote].map(
    ([note, names]) => `<li>${names.length ? `<b>${esc(list.format(names))}</b>: ` : ''}${ownHtml(note, ctx.language, (t) => inline(t, ctx))}</li>`,
  );
  // A field the schema does not title is not named (a reader never sees a property name); its note is still said.
  return `<aside class="collection-drafts" data-pagefind-ignore><p><span class="draft">${esc(ctx.words.draft)}</span> ${esc(ctx.words.draftsEveryEntry)}</p><ul>${items.join('')}</ul></aside>`;
}
