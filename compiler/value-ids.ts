import { slug } from './load/slug.ts';
import type { Text } from './model.ts';
import { textOf } from './text.ts';

/**
 * A manifest value (a declaration's value, a component) with its ID: as
 * written, or the slug of its name. The one place that rule is applied to
 * them (an entry's ID is `entry.id`, made by validate). The ID comes first,
 * as the engine package lists it.
 */
export function withId<T extends { id?: string; name: Text }>(value: T): T & { id: string } {
  const { id, ...rest } = value;
  return { id: id ?? slug(textOf(value.name)), ...rest } as T & { id: string };
}
