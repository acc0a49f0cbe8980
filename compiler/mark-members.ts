/**
 * The members the engine package gives every entry beside its own fields:
 * which of its values are drafts (placeholders: the rulebook does not give
 * them) and which are readings (choices where the rules are silent), each by
 * its field's path with the note. emit-code/entry-marks.ts builds them;
 * link/mark-member-clash.ts refuses an entry field of the same name, which
 * the package's member would hide.
 */
export const MARK_MEMBERS = ['drafts', 'readings'] as const;

export type MarkMember = (typeof MARK_MEMBERS)[number];
