import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosticsOf, makeProject, MINI_GAME, MINI_SCHEMA, runCli } from './helpers.ts';

const CARDS = '- name: Zé Baiano\n  kind: single\n- name: Corisco\n  kind: single\n  beats: ze-baiano\n';

describe('renaming an entry', () => {
  it('a reference to the old ID says the entry was renamed, names it, and suggests `id: <old>`', async () => {
    const root = await makeProject({ 'content/mini/game.yaml': MINI_GAME, 'content/mini/cards.yaml': CARDS, 'schemas/mini/card.schema.json': MINI_SCHEMA });
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const cards = path.join(root, 'content/mini/cards.yaml');
    await writeFile(cards, (await readFile(cards, 'utf8')).replace('- name: Zé Baiano\n', '- name: Zé Baiano Filho\n'));
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/cards.yaml:5:10 ref-renamed: unknown cards ID "ze-baiano" ["ze-baiano" was the ID of a cards entry in the last build (generated/): renaming an entry changes its ID; if "Zé Baiano Filho" (content/mini/cards.yaml:1, now "ze-baiano-filho") is that entry, add `id: ze-baiano` to it to keep the old ID]',
    ]);
    const r = await runCli(['build', '-C', root]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('add `id: ze-baiano` to it to keep the old ID');
    // Following the advice keeps the public ID and the reference.
    await writeFile(cards, (await readFile(cards, 'utf8')).replace('- name: Zé Baiano Filho\n', '- id: ze-baiano\n  name: Zé Baiano Filho\n'));
    expect(await diagnosticsOf(root)).toEqual([]);
  });

  it('an ID that was never built is a plain unknown ID with a did-you-mean', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'content/mini/cards.yaml': CARDS.replace('beats: ze-baiano', 'beats: ze-bahiano'),
      'schemas/mini/card.schema.json': MINI_SCHEMA,
    });
    expect(await diagnosticsOf(root)).toEqual(['error content/mini/cards.yaml:5:10 ref-unknown: unknown cards ID "ze-bahiano" [did you mean "ze-baiano"?]']);
  });
});
