/**
 * Each large-collection entry's text in its data module (data-module.ts), kept between emits in one process
 * (`rulebook serve`): a save that touched one card serialises that card again and joins the others' kept lines,
 * instead of re-serialising tens of thousands of entries (about 2 s at 10,000 cards).
 *
 * Keyed by the entry's value object, which load's parse cache and validate's memo give back unchanged for a file
 * whose text did not change (as rules/rule-memo.ts and emit-site/render-memo.ts key theirs); everything else the text
 * is made from (the ID, name and copies, the collection's roles, the state types, each compiled rule object) is
 * compared, so anything that differs makes the text anew. A WeakMap: an entry gone from the content takes its text with it.
 */
import type { CompiledRule, Entry } from '../model.ts';
import type { EntityRoles } from './entity-value.ts';

/** What one entry contributes to its data module. */
export interface EntryText {
  /** Its data line (JSON, escaped for the module's template literal), and the same followed by the comma before the next entry's. */
  data: string;
  dataThenComma: string;
  /** Its `entryRules({ ... })` line, untyped and typed. */
  js: string;
  ts: string;
  /** The runtime helpers its rules call and the state parse functions its members call (what the module imports), its rules' member names (the EntryRules type). */
  helpers: readonly string[];
  parsers: readonly string[];
  members: readonly string[];
}

interface Kept {
  id: string;
  name: Entry['name'];
  copies: number;
  roles: string;
  states: string;
  rules: readonly CompiledRule[];
  text: EntryText;
}

let kept = new WeakMap<object, Kept>();

/** Forget every kept text (a test's plain emit, to compare the memo's output with). */
export function clearEntryTexts(): void {
  kept = new WeakMap();
}

/** Texts made and texts taken as kept since the last reset: tests count work by these, not by time. */
export const entryTextCounts = { made: 0, kept: 0 };

/** The entry's text: the kept one when nothing it is made from changed, else `make()`'s (then kept). */
export function entryText(
  e: Entry,
  roles: EntityRoles,
  states: { endState: string | undefined; playerState: string | undefined },
  rules: readonly CompiledRule[],
  make: () => EntryText,
): EntryText {
  const rolesKey = `${roles.nameFrom ?? ''}\0${roles.copiesFrom ?? ''}`;
  const statesKey = `${states.endState ?? ''}\0${states.playerState ?? ''}`;
  const k = kept.get(e.value);
  if (
    k &&
    k.id === e.id &&
    k.name === e.name &&
    k.copies === e.copies &&
    k.roles === rolesKey &&
    k.states === statesKey &&
    k.rules.length === rules.length &&
    k.rules.every((r, i) => r === rules[i])
  ) {
    entryTextCounts.kept++;
    return k.text;
  }
  entryTextCounts.made++;
  const text = make();
  kept.set(e.value, { id: e.id, name: e.name, copies: e.copies, roles: rolesKey, states: statesKey, rules: [...rules], text });
  return text;
}
