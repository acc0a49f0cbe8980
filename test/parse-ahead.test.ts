// A check given the content's parse started ahead (load/parse-ahead.ts) reads exactly as one that parses as it goes:
// the same entries and diagnostics, a file made after the walk included, and the manifest and locale files left to the loader.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAhead } from '../compiler/load/parse-ahead.ts';
import { check, type CheckResult } from '../compiler/pipeline.ts';
import { makeProject, MINI_SCHEMA } from './helpers.ts';

const GAME = `id: mini
name: Mini
locale: en
collections:
  cards:
    files: cards/*.yaml
    schema: mini/card.schema.json
    type: Card
`;

const FILES = {
  'content/mini/game.yaml': GAME,
  'content/mini/locales/pt-BR.yaml': 'labels: {}\n',
  'content/mini/cards/a.yaml': '- name: Ant\n  kind: single\n  points: { placeholder: 3, note: Not printed. }\n- name: Bee\n  kind: set\n  beats: ant\n',
  'content/mini/cards/b.yaml': '- name: Cat\n  kind: single\n  points: many\n',
  'content/mini/cards/c.yaml': '- name: Dog\n  kind: [single\n',
  'schemas/mini/card.schema.json': MINI_SCHEMA,
};

function outcome(result: CheckResult) {
  return {
    diagnostics: result.bag.sorted().map((d) => `${d.severity} ${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}`),
    entries: result.games.flatMap((g) =>
      [...g.linked.game.collections.values()].flatMap((c) => c.entries.map((e) => [e.id, e.value, e.source.path, e.pointer])),
    ),
  };
}

describe('the content parsed ahead', () => {
  it('holds the collection files it found, not the manifest or locale files', async () => {
    const root = await makeProject(FILES);
    const ahead = parseAhead(root, { minBytes: 0 });
    try {
      const files = ['game.yaml', 'locales/pt-BR.yaml', 'cards/a.yaml', 'cards/b.yaml', 'cards/c.yaml'].map((f) => ({
        file: path.join(root, 'content', 'mini', f),
        shown: `content/mini/${f}`,
      }));
      const held = await ahead.take(files);
      expect(held, 'no pool ran (workers could not start?)').toBeDefined();
      expect([...held!.keys()].map((f) => path.relative(root, f).split(path.sep).join('/')).sort()).toEqual([
        'content/mini/cards/a.yaml',
        'content/mini/cards/b.yaml',
        'content/mini/cards/c.yaml',
      ]);
    } finally {
      await ahead.close();
    }
  });

  it('checks as the loader alone does, with a file made after the walk', async () => {
    const root = await makeProject(FILES);
    const ahead = parseAhead(root, { minBytes: 0 });
    let early: CheckResult;
    try {
      await writeFile(path.join(root, 'content/mini/cards/d.yaml'), '- name: Eel\n  kind: set\n  points: lots\n');
      early = await check(root, { ahead });
    } finally {
      await ahead.close();
    }
    const plain = outcome(await check(root));
    expect(outcome(early)).toEqual(plain);
    // What the two agree on is the whole check: every file's entries and every file's problems.
    expect(plain.entries.map((e) => e[0])).toEqual(['ant', 'bee', 'cat', 'eel']);
    expect(plain.diagnostics.join('\n')).toMatch(/cards\/b\.yaml:3:\d+/);
    expect(plain.diagnostics.join('\n')).toMatch(/cards\/c\.yaml:\d+:\d+/);
    expect(plain.diagnostics.join('\n')).toMatch(/cards\/d\.yaml:3:\d+/);
  });
});
