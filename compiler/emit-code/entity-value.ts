/**
 * An entry as the package holds it: its ID, its display name and, when the
 * collection declares a copies role, its copies, then its own fields as the
 * dataset writes them (a card database's `title` and `quantity` stay).
 */
import type { Collection, Entry } from '../model.ts';
import { MARK_MEMBERS } from '../mark-members.ts';

/** The fields a collection's roles give every entity beside its own: `name` when the name is another field, `copies` when declared. */
export interface EntityRoles {
  /** The field the display name is read from, when it is not `name` itself. */
  nameFrom: string | undefined;
  /** The field the copies are read from, when the collection declares one other than `copies`. */
  copiesFrom: string | undefined;
}

export function entityRoles(c: Collection): EntityRoles {
  const { name, copies } = c.decl.fields ?? {};
  return { nameFrom: name && name !== 'name' ? name : undefined, copiesFrom: copies && copies !== 'copies' ? copies : undefined };
}

/** The entity's fields in the package's order: id, name, copies (as the roles give them), then the entry's own. */
export function entityValue(e: Entry, roles: EntityRoles): Record<string, unknown> {
  const { id: _id, ...own } = e.value;
  const added: Record<string, unknown> = { id: e.id };
  // The name is always there: the role's field, else the ID (an entry with no name takes its ID from another field).
  if (roles.nameFrom) added.name = e.name ?? e.id;
  else if (!('name' in e.value)) added.name = e.id;
  if (roles.copiesFrom) added.copies = e.copies;
  // A field of the dataset's own under a role's name gives way to the role: the package's `name` is the display name.
  if (roles.nameFrom) delete own.name;
  if (roles.copiesFrom) delete own.copies;
  // So do the build's drafts and readings (entry-marks.ts), added after the entry's own fields; link refuses such a
  // field (link/mark-member-clash.ts), so this only keeps a package built despite the error well formed.
  for (const k of MARK_MEMBERS) delete own[k];
  return { ...added, ...own };
}
