import { describe, expect, it } from 'vitest';
import { entriesById } from '../compiler/link/entry-index.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import type { Entry } from '../compiler/model.ts';

const source = new YamlSource('content/g/cards.yaml', '');
const entry = (id: string, index: number): Entry => ({ id, name: id, copies: 1, index, value: { id }, source, pointer: `/${index}` });

// One index of a collection's entries by ID, shared by the unique-ID check, the references and the site's index.
describe("a collection's entries by ID", () => {
  it('holds the first of two entries with one ID, as the duplicate check and the site expect', () => {
    const entries = [entry('a', 0), entry('b', 1), entry('a', 2)];
    const byId = entriesById(entries);
    expect([...byId.keys()]).toEqual(['a', 'b']);
    expect(byId.get('a')).toBe(entries[0]);
  });

  it('is made once for one list of entries, and again for another list', () => {
    const entries = [entry('a', 0)];
    expect(entriesById(entries)).toBe(entriesById(entries));
    expect(entriesById([...entries])).not.toBe(entriesById(entries));
  });

  it('is made again when the list grew after it was made (never served stale)', () => {
    const entries = [entry('a', 0)];
    expect(entriesById(entries).has('b')).toBe(false);
    entries.push(entry('b', 1));
    expect(entriesById(entries).get('b')).toBe(entries[1]);
  });
});
