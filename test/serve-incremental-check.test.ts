// A save under `rulebook serve` re-does the per-entry work (rules checked,
// rendered and compiled) only for the entries it touched (rules/rule-memo.ts,
// link/text-sites.ts entryStrings), and what it gives is exactly what a fresh
// `check` of the same files gives: the same diagnostics in the same order and
// places, the same entries and compiled rules.
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import type { CheckedGame } from '../compiler/model.ts';
import { check } from '../compiler/pipeline.ts';
import { ENTRY_REUSE_BYTES } from '../compiler/load/entry-reparse.ts';
import { Project } from '../compiler/serve/project.ts';

const CARDS = 120;
const PER_FILE = 30;

/** What a check's result is made of, in order: places, codes and messages of the diagnostics; entries; compiled rules. */
function summary(games: readonly CheckedGame[] | undefined) {
  return games?.map((g) => ({
    entries: [...g.linked.game.collections.values()].flatMap((c) => c.entries.map((e) => [c.name, e.index, e.id, e.source.path, e.pointer, e.value])),
    rules: g.rules,
    referencedBy: g.linked.referencedBy,
  }));
}

async function sameAsFresh(project: Project, root: string): Promise<void> {
  const fresh = await check(root);
  expect(project.diagnostics).toEqual(fresh.bag.items);
  expect(summary(project.checkedGames)).toEqual(fresh.bag.errorCount ? undefined : summary(fresh.games));
}

describe('serve re-checks a save by the entries it touched, and gives what a fresh check gives', () => {
  let root: string;
  let cards: string;
  let files: string[];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rulebook-serve-check-'));
    await writeSyntheticGame(root, { cards: CARDS, perFile: PER_FILE, seed: 7 });
    cards = path.join(root, 'content', 'synth', 'cards');
    files = (await readdir(cards)).sort().map((f) => path.join(cards, f));
  });

  it('good edits, an error and its fix, an ID rename that breaks a reference in another file, a manifest change and a deleted file', async () => {
    const project = new Project(root);
    await project.loadAll();
    const memo = project.memo.rules!;
    expect(memo.compiled).toBe(CARDS);
    await sameAsFresh(project, root);

    const save = async (file: string, edit: ((text: string) => string) | undefined) => {
      if (edit) await writeFile(file, edit(await readFile(file, 'utf8')));
      else await rm(file);
      await project.update([file]);
      await sameAsFresh(project, root);
    };
    // A good edit: the one file's rules are compiled again, every other entry's are taken as they were.
    await save(files[1]!, (t) => t.replace('text: ', 'text: Edited. '));
    expect([memo.compiled, memo.reused]).toEqual([PER_FILE, CARDS - PER_FILE]);
    expect(project.errorCount).toBe(0);

    // An edit that breaks a rule: an error at its place; then the fix.
    const broken = (t: string) => t.replace(/field: (flour|ammunition|timber)/, 'field: wood');
    await save(files[2]!, broken);
    expect(project.diagnostics.map((d) => `${path.basename(d.file)}:${d.place?.start.line} ${d.ruleId}`)).toEqual([
      expect.stringMatching(/^cards-00002\.yaml:\d+ rule-field$/),
    ]);
    expect(memo.compiled).toBe(PER_FILE);
    // Serve keeps the text of the files its diagnostics name (their code frames), and no other.
    expect([...project.sources.keys()]).toEqual([project.diagnostics[0]!.file]);
    expect(project.sources.get(project.diagnostics[0]!.file)).toBe(await readFile(files[2]!, 'utf8'));
    await save(files[2]!, (t) => t.replace('field: wood', 'field: timber'));
    expect(project.sources.size).toBe(0);
    expect(project.errorCount).toBe(0);

    // An ID renamed in one file breaks a reference to it in another file, which was not saved.
    const all = await Promise.all(files.map((f) => readFile(f, 'utf8')));
    const target = [...all[3]!.matchAll(/^- id: (\S+)$/gm)].map((m) => m[1]!).find((id) => all.some((t, i) => i !== 3 && t.includes(`refersTo: ${id}\n`)));
    expect(target).toBeDefined();
    await save(files[3]!, (t) => t.replace(`- id: ${target}\n`, `- id: ${target}-renamed\n`));
    expect(project.diagnostics.some((d) => d.ruleId === 'ref-unknown' && !d.file.endsWith('cards-00003.yaml'))).toBe(true);
    expect(memo.compiled).toBe(PER_FILE);
    await save(files[3]!, (t) => t.replace(`- id: ${target}-renamed\n`, `- id: ${target}\n`));
    expect(project.errorCount).toBe(0);

    // A resource renamed in game.yaml changes every card's rules text: no rule is taken from before.
    await save(path.join(root, 'content', 'synth', 'game.yaml'), (t) => t.replace('{ id: timber, name: Timber }', '{ id: timber, name: Wood }'));
    expect([memo.compiled, memo.reused]).toEqual([CARDS, 0]);
    expect(project.checkedGames![0]!.rules.some((r) => r.text.includes('Wood markers'))).toBe(true);

    // A deleted file: its cards are gone, and references to them are reported where they are.
    await save(files[0]!, undefined);
    expect(memo.compiled).toBe(0);
    expect(project.diagnostics.length).toBeGreaterThan(0);
    expect(project.diagnostics.every((d) => d.ruleId === 'ref-unknown')).toBe(true);
  });

  it('reads again only the files a save names or whose stat changed', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'rulebook-serve-stat-'));
    await writeSyntheticGame(own, { cards: 60, perFile: 30, seed: 7 });
    const dir = path.join(own, 'content', 'synth', 'cards');
    const [a, b] = (await readdir(dir)).sort().map((f) => path.join(dir, f));
    // A whole second: utimes cannot give back a time with its nanoseconds, so b's time is set to one it can.
    const T = 1_700_000_000;
    await utimes(b!, T, T);
    const project = new Project(own);
    await project.loadAll();
    const nameOf = (file: string) => project.checkedGames![0]!.linked.game.collections.get('cards')!.entries.find((e) => file.endsWith(e.source.path))!.name;
    // File b changes on disk but keeps its size and its time: only a save naming it can tell.
    const before = await stat(b!);
    const text = await readFile(b!, 'utf8');
    const first = /^ {2}name: (.+)$/m.exec(text)![1]!;
    const other = first.replace(/^./, (c) => (c === 'Z' ? 'Y' : 'Z'));
    await writeFile(b!, text.replace(`  name: ${first}\n`, `  name: ${other}\n`));
    await utimes(b!, T, T);
    expect((await stat(b!)).size).toBe(before.size);
    expect((await stat(b!)).mtimeMs).toBe(before.mtimeMs);
    // A save of a: b is not read again (its old name stays).
    await writeFile(a!, (await readFile(a!, 'utf8')) + '\n');
    await project.update([a!]);
    expect(nameOf(b!)).toBe(first);
    // A save naming b: read, whatever its stat.
    await project.update([b!]);
    expect(nameOf(b!)).toBe(other);
    // A file whose time changed is read again though no save named it.
    const later = await readFile(b!, 'utf8');
    await writeFile(b!, later.replace(`  name: ${other}\n`, `  name: ${first}\n`));
    await project.update([a!]);
    expect(nameOf(b!)).toBe(first);
    await rm(own, { recursive: true, force: true });
  });

  it('a save in a file of 100 cards re-parses and re-compiles the card it changed; a large file no save names is not read again', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'rulebook-serve-entries-'));
    await writeSyntheticGame(own, { cards: 200, perFile: 100, seed: 7 });
    const dir = path.join(own, 'content', 'synth', 'cards');
    const [a, b] = (await readdir(dir)).sort().map((f) => path.join(dir, f));
    // Files of this size are taken apart by entry (load/entry-reparse.ts), not parsed whole.
    expect((await stat(a!)).size).toBeGreaterThan(ENTRY_REUSE_BYTES);
    const T = 1_700_000_000;
    await utimes(b!, T, T);
    const project = new Project(own);
    await project.loadAll();
    const counts = project.memo.parsed.entryCounts;
    const memo = project.memo.rules!;
    const texts = () => project.checkedGames![0]!.linked.game.collections.get('cards')!.entries.map((e) => e.value.text);
    // One card's text edited in a: that card is parsed and compiled again, the file's 99 others are taken as they were.
    const textA = await readFile(a!, 'utf8');
    await writeFile(a!, textA.replace(/\n {2}text: /, '\n  text: Edited. '));
    await project.update([a!]);
    expect(counts).toEqual({ parsed: 1, reused: 99 });
    expect([memo.compiled, memo.reused]).toEqual([1, 199]);
    expect(texts().filter((t) => String(t).startsWith('Edited. ')).length).toBe(1);
    await sameAsFresh(project, own);
    // A card that breaks its schema (its error at its line), then a line added to a card above it: the error moves
    // down a line, as a fresh check places it, though the broken card's text is unchanged.
    const costs = [...textA.matchAll(/^ {2}cost: \d+$/gm)];
    const broken = textA.slice(0, costs[5]!.index) + '  cost: many' + textA.slice(costs[5]!.index + costs[5]![0].length);
    await writeFile(a!, broken);
    await project.update([a!]);
    await sameAsFresh(project, own);
    const line = project.diagnostics.find((d) => d.ruleId.startsWith('schema'))?.place?.start.line;
    expect(line).toBeGreaterThan(0);
    await writeFile(a!, broken.replace(/\n {2}tags:\n/, '\n  tags:\n    - added\n'));
    await project.update([a!]);
    await sameAsFresh(project, own);
    expect(project.diagnostics.find((d) => d.ruleId.startsWith('schema'))?.place?.start.line).toBe(line! + 1);
    // b changes on disk, keeping its size and time: a save of a does not read it again; a save naming b does.
    const textB = await readFile(b!, 'utf8');
    const first = /^ {2}name: (.+)$/m.exec(textB)![1]!;
    const other = first.replace(/^./, (c) => (c === 'Z' ? 'Y' : 'Z'));
    await writeFile(b!, textB.replace(`  name: ${first}\n`, `  name: ${other}\n`));
    await utimes(b!, T, T);
    await writeFile(a!, textA);
    await project.update([a!]);
    const names = () => project.checkedGames![0]!.linked.game.collections.get('cards')!.entries.map((e) => e.name);
    expect(names()).toContain(first);
    await project.update([b!]);
    expect(names()).toContain(other);
    await sameAsFresh(project, own);
    await rm(own, { recursive: true, force: true });
  });
});
