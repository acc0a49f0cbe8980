// What a placeholder or reading written wrong is told, whatever file it is in: YAML and JSON read marks the same way
// (yaml-source.ts, json-source.ts), and say the same of them.

/** What a mark (`{ placeholder: ..., note }` or `{ reading: ..., note }`) wraps: the key of the value it stands for. */
export type MarkKind = 'placeholder' | 'reading';

/** Both kinds on one value. */
export const BOTH_KINDS = 'a value is either a placeholder (not given yet: a draft) or a reading (a choice made where the rules are silent), not both';

/** A key a mark does not take. */
export function unknownMarkKey(key: string, kind: MarkKind): string {
  return `unknown key \`${key}\` in a ${kind}: it takes only \`${kind}:\` (the value) and \`note:\``;
}

/** What a mark without its note is told (its code: `placeholder-note` or `reading-note`): no draft or choice goes unexplained. */
export function noNote(kind: MarkKind): string {
  return kind === 'placeholder'
    ? 'a placeholder needs a `note:` saying what is not given yet (what the rulebook does not print, or what is still to decide)'
    : 'a reading needs a `note:` saying what the rules leave open and what was chosen';
}
