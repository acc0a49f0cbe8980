// `rulebook serve` keeps what it parsed and validated between saves (serve/project.ts):
// a save re-does only the files it changed, and the result is always what a fresh check gives.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { Project } from '../compiler/serve/project.ts';
import { makeProject, MINI_GAME, MINI_SCHEMA } from './helpers.ts';

const GLOB_GAME = MINI_GAME.replace('file: cards.yaml', 'files: "cards/*.yaml"');
const shape = (d: { file: string; place?: { start: { line: number } } | undefined; ruleId: string }) => `${d.file}:${d.place?.start.line} ${d.ruleId}`;

async function same(project: Project, root: string): Promise<void> {
  const fresh = await check(root);
  expect(project.diagnostics.map(shape).sort()).toEqual(fresh.bag.items.map(shape).sort());
  const ids = (games: Array<{ linked: { game: { collections: Map<string, { entries: Array<{ id: string; index: number }> }> } } }> | undefined) =>
    games?.flatMap((g) => [...g.linked.game.collections.values()].flatMap((c) => c.entries.map((e) => `${e.index}:${e.id}`)));
  expect(ids(project.checkedGames)).toEqual(fresh.bag.errorCount ? undefined : ids(fresh.games));
}

describe('serve re-checks what a save changed, and nothing goes stale', () => {
  it('edits, new and deleted files, and a manifest change each give what a fresh check gives', async () => {
    const root = await makeProject({
      'content/mini/game.yaml': GLOB_GAME,
      'schemas/mini/card.schema.json': MINI_SCHEMA,
      'content/mini/cards/a.yaml': '- { name: Ant, kind: single }\n',
      'content/mini/cards/b.yaml': '- { name: Bee, kind: single, beats: ant }\n',
    });
    const project = new Project(root);
    await project.loadAll();
    await same(project, root);
    const save = async (rel: string, text: string | undefined) => {
      const file = path.join(root, rel);
      if (text === undefined) await rm(file);
      else await writeFile(file, text);
      await project.update([file]);
      await same(project, root);
    };
    await save('content/mini/cards/b.yaml', '- { name: Bee, kind: single, beats: cow }\n'); // a broken reference
    expect(project.diagnostics.map(shape)).toEqual(['content/mini/cards/b.yaml:1 ref-unknown']);
    await save('content/mini/cards/c.yaml', '- { name: Cow, kind: tall }\n'); // the target appears, with a schema error of its own
    expect(project.diagnostics.map(shape)).toEqual(['content/mini/cards/c.yaml:1 schema-enum']);
    await save('content/mini/cards/c.yaml', '- { name: Cow, kind: set }\n');
    expect(project.diagnostics).toEqual([]);
    await save('content/mini/cards/a.yaml', undefined); // deleted: entries renumber
    expect(project.checkedGames![0]!.linked.game.collections.get('cards')!.entries.map((e) => `${e.index}:${e.id}`)).toEqual(['0:bee', '1:cow']);
    // The manifest changes where IDs come from: the unchanged card files are validated again.
    await save('content/mini/game.yaml', GLOB_GAME.replace('    type: Card\n', '    type: Card\n    idFrom: kind\n'));
    // Bee's `beats: cow` now names no ID: the cards are known as "single" and "set".
    expect(project.diagnostics.map(shape)).toEqual(['content/mini/cards/b.yaml:1 ref-unknown']);
    await save('content/mini/cards/b.yaml', '- { name: Bee, kind: single, beats: set }\n');
    expect(project.checkedGames![0]!.linked.game.collections.get('cards')!.entries.map((e) => e.id)).toEqual(['single', 'set']);
    // A schema change recompiles the schemas and re-validates every file.
    await writeFile(path.join(root, 'schemas/mini/card.schema.json'), MINI_SCHEMA.replace(/"single",\s*"set"/, '"set"'));
    await project.update([path.join(root, 'schemas/mini/card.schema.json')]);
    await same(project, root);
    expect(project.diagnostics.map(shape)).toEqual(['content/mini/cards/b.yaml:1 schema-enum']);
  });
});

describe('serve keeps the site whole across saves', () => {
  it('a collection that shrinks back to one page leaves no stale page or entry list behind', async () => {
    const { LiveSite } = await import('../compiler/serve/live-site.ts');
    const { readdir } = await import('node:fs/promises');
    const many = Array.from({ length: 230 }, (_, i) => `- { name: Card ${i}, kind: single }`).join('\n') + '\n';
    const root = await makeProject({ 'content/mini/game.yaml': MINI_GAME, 'schemas/mini/card.schema.json': MINI_SCHEMA, 'content/mini/cards.yaml': many });
    const live = new LiveSite(root, { base: '/', version: '0' });
    await live.init();
    await live.settled();
    const files = async () => (await readdir(path.join(root, 'docs-site/dist/mini'))).filter((f) => f.startsWith('cards')).sort();
    // Beside the pages: the filters' entry list, and the field queries' data (query-data.ts: columns, then text in chunks).
    expect(await files()).toEqual(['cards.2.html', 'cards.entries.json', 'cards.html', 'cards.query.json', 'cards.query.text.1.json']);
    await writeFile(path.join(root, 'content/mini/cards.yaml'), many.split('\n').slice(0, 10).join('\n') + '\n');
    const r = await live.update([path.join(root, 'content/mini/cards.yaml')]);
    expect(r.ok, r.errors).toBe(true);
    await live.settled();
    expect(await files()).toEqual(['cards.html', 'cards.query.json', 'cards.query.text.1.json']);
    expect([...live.site.keys()].filter((p) => p.startsWith('mini/cards'))).toEqual([
      'mini/cards.html',
      'mini/cards.query.json',
      'mini/cards.query.text.1.json',
    ]);
    await (await import('../compiler/emit-site/search.ts')).closeSearch();
  });

  it("a save's field-query data follows its pages, beside the search index, and is what a fresh build makes", async () => {
    const { LiveSite } = await import('../compiler/serve/live-site.ts');
    const { readFile } = await import('node:fs/promises');
    const cards = '- { name: Ant, kind: single, points: 1 }\n- { name: Bee, kind: set, points: 2 }\n';
    // A titled field is one the queries know (`points>=3`).
    const schema = JSON.parse(MINI_SCHEMA) as { properties: { points: { title?: string } } };
    schema.properties.points.title = 'Points';
    const root = await makeProject({
      'content/mini/game.yaml': MINI_GAME,
      'schemas/mini/card.schema.json': JSON.stringify(schema),
      'content/mini/cards.yaml': cards,
    });
    const live = new LiveSite(root, { base: '/', version: '0' });
    await live.init();
    await live.settled();
    const { isQueryFile } = await import('../compiler/emit-site/query-data.ts');
    const queryFiles = (site: Map<string, string | Uint8Array>) => [...site].filter(([p]) => isQueryFile(p));
    const points = (json: string | Uint8Array | undefined) => (JSON.parse(String(json)) as { columns: { points: number[] } }).columns.points;
    expect(points(live.site.get('mini/cards.query.json'))).toEqual([1, 2]);
    await writeFile(path.join(root, 'content/mini/cards.yaml'), cards.replace('points: 1', 'points: 5'));
    const r = await live.update([path.join(root, 'content/mini/cards.yaml')]);
    expect(r.ok, r.errors).toBe(true);
    // The page first; until the background has made it, the query data served is the last (never missing).
    expect(r.changed).toContain('mini/cards.html');
    expect(points(live.site.get('mini/cards.query.json'))).toEqual([1, 2]);
    expect(queryFiles(live.site).map(([p]) => p)).toEqual(['mini/cards.query.json', 'mini/cards.query.text.1.json', 'mini/query.json']);
    await live.settled();
    expect(points(live.site.get('mini/cards.query.json'))).toEqual([5, 2]);
    expect(points(await readFile(path.join(root, 'docs-site/dist/mini/cards.query.json'), 'utf8'))).toEqual([5, 2]);
    // Every query file as a fresh start of serve (a whole build) makes it.
    const fresh = new LiveSite(root, { base: '/', version: '0' });
    await fresh.init();
    await fresh.settled();
    expect(queryFiles(live.site)).toEqual(queryFiles(fresh.site));
    await (await import('../compiler/emit-site/search.ts')).closeSearch();
  });
});
