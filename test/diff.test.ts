import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiffReport } from '../compiler/diff/diff.ts';
import { shownPair } from '../compiler/diff/format.ts';
import { fixtureProject, gitCommitAll, runCli, swap } from './helpers.ts';

// On the `duel` fixture (test/fixtures/games/duel) in a scratch git repository:
// commit it, edit the working tree, and read `rulebook diff` against the commit.
const TROPHIES = 'content/duel/trophies.yaml';

async function edit(root: string, file: string, ...edits: Array<(text: string) => string>): Promise<void> {
  const target = path.join(root, file);
  let text = await readFile(target, 'utf8');
  for (const e of edits) text = e(text);
  await writeFile(target, text);
}

/** Text from one marker up to the next, removed: one entry of the YAML list. */
function cut(from: string, upTo: string): (text: string) => string {
  return (text) => {
    const i = text.indexOf(from);
    const j = text.indexOf(upTo, i);
    if (i < 0 || j < 0) throw new Error(`no ${from} ... ${upTo}`);
    return text.slice(0, i) + text.slice(j);
  };
}

/** The errata a designer makes: a card's points change, a card is removed, one is renamed. */
async function releasedAndEdited(): Promise<string> {
  const root = await fixtureProject('duel');
  gitCommitAll(root, 'the released game', 'v1.0.0');
  await edit(
    root,
    TROPHIES,
    swap('{ op: per, points: 5, each: { groupsOf: 6, of: { field: coins } } }', '{ op: per, points: 4, each: { groupsOf: 6, of: { field: coins } } }'),
    swap('expect: [10, 0]', 'expect: [8, 0]'),
    swap('- name: The Lantern Race', '- name: The Lantern Sprint'),
    cut('- name: The Crown Jewel', '- name: The Banner Parade'),
  );
  // The component list counts the cards: one fewer now.
  await edit(root, 'content/duel/game.yaml', swap('count: 5', 'count: 4'));
  return root;
}

describe('rulebook diff <ref>', () => {
  it('names each change with its semver class, in text, JSON and Markdown', async () => {
    const root = await releasedAndEdited();

    const text = await runCli(['diff', 'v1.0.0', '-C', root]);
    expect(text.err).toBe('');
    expect(text.code).toBe(0);
    const lines = text.out.split('\n');
    expect(lines[0]).toMatch(
      /^Changes from v1\.0\.0 \([0-9a-f]{7}\) to the working tree: 2 major, 0 minor, 2 patch; the engine package needs a major release\.$/,
    );
    expect(lines).toContain('Lantern Duel (duel)');
    expect(lines).toContain('  Trophy cards (trophies)');
    expect(lines).toContain(
      '    major  renamed the-lantern-race -> the-lantern-sprint ("The Lantern Race" -> "The Lantern Sprint")  content/duel/trophies.yaml:4',
    );
    expect(lines).toContain('    major  removed the-crown-jewel "The Crown Jewel"  v1.0.0:content/duel/trophies.yaml:22');
    expect(lines).toContain('    patch  changed rule the-counting-house "The Counting House": scoring  content/duel/trophies.yaml:16');
    expect(lines).toContain('             before: Gain 5 points for each set of 6 Silver coins you have at the end of the game.');
    expect(lines).toContain('             after:  Gain 4 points for each set of 6 Silver coins you have at the end of the game.');
    // A worked example is listed apart from the rules it tests, by its number, its values as a reader writes them.
    expect(lines.indexOf('  Worked examples changed')).toBeGreaterThan(lines.indexOf('  Trophy cards (trophies)'));
    expect(lines).toContain(
      '    patch  changed worked example the-counting-house "The Counting House": worked example 1 (expected) 10, 0 -> 8, 0  content/duel/trophies.yaml:20',
    );

    const json = await runCli(['diff', 'v1.0.0', '--format', 'json', '-C', root]);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as DiffReport;
    expect(report.level).toBe('major');
    expect(report.counts).toEqual({ major: 2, minor: 0, patch: 2 });
    expect(report.changes.map((c) => [c.kind, c.level, c.id, c.was ?? null, c.path ?? null])).toEqual([
      ['entry-renamed', 'major', 'the-lantern-sprint', 'the-lantern-race', null],
      ['rule-changed', 'patch', 'the-counting-house', null, '/scoring'],
      ['example-changed', 'patch', 'the-counting-house', null, '/examples/0/expect'],
      ['entry-removed', 'major', 'the-crown-jewel', null, null],
    ]);
    expect(report.changes[2]).toMatchObject({ before: [10, 0], after: [8, 0] });

    const md = await runCli(['diff', 'v1.0.0', '--format', 'markdown', '-C', root]);
    expect(md.code).toBe(0);
    expect(md.out).toContain('## Lantern Duel\n\n### Trophy cards\n\n');
    expect(md.out).toContain('- **Renamed** (major): The Lantern Race (`the-lantern-race`) is now The Lantern Sprint (`the-lantern-sprint`)');
    expect(md.out).toContain('- **Removed** (major): The Crown Jewel (`the-crown-jewel`)');
    // Entries by their names (an ID only where code naming it breaks), a rule by its sentences.
    expect(md.out).toContain(
      '- **Rule changed** (patch): The Counting House\n  - before: Gain 5 points for each set of 6 Silver coins you have at the end of the game.\n  - after: Gain 4 points',
    );
    expect(md.out).toContain(
      '### Worked examples changed\n\n- **Worked example changed** (patch): The Counting House, worked example 1 (expected): 10, 0 → 8, 0',
    );
    expect(md.out).not.toMatch(/examples\.0|`the-counting-house`/);
  });

  it('an added entry or field is minor; a removed field or a changed JSON type is major; prose pages are patch', async () => {
    const root = await fixtureProject('duel');
    gitCommitAll(root, 'base');
    await edit(
      root,
      TROPHIES,
      // A field added to one card, and a new card.
      swap('- name: The Counting House\n  copies: 2', '- name: The Counting House\n  copies: 2\n  flavor: Coins in a tall stack.'),
      (t) => `${t}\n- name: The Quiet Night\n  scoring: { op: if, has: { flag: crowned }, points: 1 }\n`,
      // The flavour text: a plain string becomes a map of locales (another JSON type), and a placeholder's note goes with it.
      swap(
        'flavor: { placeholder: "A crown on a cushion.", note: The test rules do not describe this card\'s picture. }',
        'flavor: { en: A crown on a cushion. }',
      ),
    );
    await edit(root, 'content/duel/game.yaml', swap('count: 5', 'count: 6'));
    await edit(
      root,
      'content/duel/rules/01-overview.md',
      swap('and the player with the most points wins.', 'and the player with the most points wins; ties share the win.'),
    );
    const r = await runCli(['diff', 'HEAD', '--format', 'json', '-C', root]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as DiffReport;
    expect(report.changes.map((c) => `${c.level} ${c.kind} ${c.id}${c.path ?? ''}`)).toEqual([
      'minor field-added the-counting-house/flavor',
      'major type-changed the-crown-jewel/flavor',
      'minor entry-added the-quiet-night',
      'patch page-changed overview',
    ]);
    expect(report.level).toBe('major');
    const page = report.changes.find((c) => c.kind === 'page-changed');
    expect(page?.before).toEqual([expect.stringContaining('the player with the most points wins.')]);
    expect(page?.after).toEqual([expect.stringContaining('ties share the win.')]);
    // At the line where the page first differs, not at its paragraph's first line.
    expect(page?.at).toBe('content/duel/rules/01-overview.md:5');
    const text = (await runCli(['diff', 'HEAD', '-C', root])).out.split('\n');
    // A type change reads as one: the string in quotes, the map as JSON.
    expect(text).toContain(
      '    major  changed type the-crown-jewel "The Crown Jewel": Picture "A crown on a cushion." -> {"en":"A crown on a cushion."}  content/duel/trophies.yaml:24',
    );

    // The same field gone is major too.
    await edit(root, TROPHIES, swap('\n  flavor: Coins in a tall stack.', ''), swap('  flavor: { en: A crown on a cushion. }\n', ''));
    const gone = JSON.parse((await runCli(['diff', 'HEAD', '--format', 'json', '-C', root])).out) as DiffReport;
    expect(gone.changes.filter((c) => c.kind === 'field-removed').map((c) => [c.level, c.id, c.before])).toEqual([
      ['major', 'the-crown-jewel', 'A crown on a cushion.'],
    ]);
  });

  it("a collection schema's property added is minor, one reshaped or removed is major; a description is no change", async () => {
    const root = await fixtureProject('duel');
    gitCommitAll(root, 'base');
    const SCHEMA = 'schemas/duel/trophy.schema.json';
    await edit(
      root,
      SCHEMA,
      swap(
        '"flavor": { "title": "Picture", "$ref": "../defs.schema.json#/$defs/text", "description": "What the card\'s picture shows." },',
        '"flavor": { "title": "Picture", "type": "string", "description": "What the card\'s picture shows." },\n    "artist": { "type": "string", "description": "Who drew the card." },',
      ),
      swap('"description": "How many of this card the deck holds (default 1)."', '"description": "How many copies of this card the deck holds (default 1)."'),
    );
    const report = JSON.parse((await runCli(['diff', 'HEAD', '--format', 'json', '-C', root])).out) as DiffReport;
    expect(report.changes.map((c) => `${c.level} ${c.kind} ${c.collection}${c.path} ${c.at}`)).toEqual([
      'major schema-type-changed trophies/flavor schemas/duel/trophy.schema.json',
      'minor schema-field-added trophies/artist schemas/duel/trophy.schema.json',
    ]);
    expect(report.changes[0]).toMatchObject({ before: { $ref: '../defs.schema.json#/$defs/text' }, after: { type: 'string' } });
    const md = (await runCli(['diff', 'HEAD', '--format', 'markdown', '-C', root])).out;
    expect(md).toContain('- **Schema** (major): the schema\'s field `flavor` changed type: `{"$ref":"../defs.schema.json#/$defs/text"}` → `{"type":"string"}`');
    expect(md).toContain('- **Schema** (minor): the schema now has the field `artist`');
    const text = (await runCli(['diff', 'HEAD', '-C', root])).out.split('\n');
    expect(text).toContain('    minor  the schema now has the field `artist`  schemas/duel/trophy.schema.json');

    await edit(
      root,
      SCHEMA,
      swap('\n    "artist": { "type": "string", "description": "Who drew the card." },', ''),
      swap('"flavor": { "title": "Picture", "type": "string", "description": "What the card\'s picture shows." },\n', ''),
    );
    await edit(root, TROPHIES, swap('  flavor: { placeholder: "A crown on a cushion.", note: The test rules do not describe this card\'s picture. }\n', ''));
    expect((await runCli(['diff', 'HEAD', '-C', root])).out.split('\n')).toContain(
      '    major  the schema no longer has the field `flavor`  schemas/duel/trophy.schema.json',
    );
    const gone = JSON.parse((await runCli(['diff', 'HEAD', '--format', 'json', '-C', root])).out) as DiffReport;
    expect(gone.changes.map((c) => `${c.level} ${c.kind} ${c.id ?? c.collection}${c.path}`)).toEqual([
      'major schema-field-removed trophies/flavor',
      'major field-removed the-crown-jewel/flavor',
    ]);
  });

  it('a long text changed at its end shows a window around the change, in text and Markdown, and a page its changed line', async () => {
    const LONG = 'Coins in a tall stack, counted twice by the banker, who keeps the ledger of every round in a book bound in red leather beside the lanterns.';
    const root = await fixtureProject('duel', {
      [TROPHIES]: swap('- name: The Counting House\n  copies: 2', `- name: The Counting House\n  copies: 2\n  flavor: ${LONG}`),
    });
    gitCommitAll(root, 'base');
    await edit(root, TROPHIES, swap(LONG, LONG.replace('red leather beside the lanterns.', 'red leather beside the lanterns and the coins.')));
    await edit(
      root,
      'content/duel/rules/01-overview.md',
      swap(
        'what you hold, and the player with the most points wins.',
        'what you hold, and the player with the most points wins. Ties share the win, and a tied player who holds the Crown takes the whole win.',
      ),
    );
    const lines = (await runCli(['diff', 'HEAD', '-C', root])).out.split('\n');
    const value = lines.find((l) => l.includes('changed the-counting-house')) ?? '';
    // Both sides start a little before the first difference, cut with "…", and each shows its own ending.
    expect(value).toContain('Picture "…');
    expect(value).toContain('beside the lanterns." -> "…');
    expect(value).toContain('beside the lanterns and the coins."');
    const before = lines.find((l) => l.trim().startsWith('before:')) ?? '';
    const after = lines.find((l) => l.trim().startsWith('after:')) ?? '';
    expect(before).toMatch(/before: ….*the most points wins\.$/);
    expect(after).toMatch(/after: {2}….*the most points wins\. Ties share the win, and a tied player who holds the Crown takes the whole win\.$/);
    expect(before).not.toBe(after.replace('after: ', 'before:'));
    expect(lines.some((l) => l.includes('changed page "Overview"  content/duel/rules/01-overview.md:5'))).toBe(true);
    const md = (await runCli(['diff', 'HEAD', '--format', 'markdown', '-C', root])).out;
    // Markdown has room for 200 characters: this value shows whole, in quotes.
    expect(md).toContain(`: \`"${LONG}"\` → \``);
    expect(md).toMatch(/ {2}- after: …[^\n]*takes the whole win\./);
  });

  it('shownPair quotes strings so a type change shows, and keeps short values whole', () => {
    expect(shownPair('3', 3, 80, true)).toEqual(['"3"', '3']);
    expect(shownPair('a', 'b', 80)).toEqual(['a', 'b']);
    const [a, b] = shownPair(`${'x'.repeat(100)} end`, `${'x'.repeat(100)} finish`, 30);
    expect(a).toBe(`…${'x'.repeat(9)} end`);
    expect(b).toBe(`…${'x'.repeat(9)} finish`);
  });

  it('a removed and an added entry that are alike are a likely rename with its field changes and a hint; unlike ones stay added and removed', async () => {
    const root = await fixtureProject('duel');
    gitCommitAll(root, 'base');
    // Renamed and given one more copy: scoring and examples are the same, copies changed.
    await edit(root, TROPHIES, swap('- name: The Counting House\n  copies: 2', '- name: The Big Bank\n  copies: 3'));
    await edit(root, 'content/duel/game.yaml', swap('count: 5', 'count: 6'));
    const report = JSON.parse((await runCli(['diff', 'HEAD', '--format', 'json', '-C', root])).out) as DiffReport;
    expect(report.changes.map((c) => `${c.level} ${c.kind} ${c.was ?? ''}>${c.id}${c.path ?? ''}${c.likely ? ' likely' : ''}`)).toEqual([
      'major entry-renamed the-counting-house>the-big-bank likely',
      'patch value-changed >the-big-bank/copies',
    ]);
    const lines = (await runCli(['diff', 'HEAD', '-C', root])).out.split('\n');
    expect(lines).toContain(
      '    major  likely renamed the-counting-house -> the-big-bank ("The Counting House" -> "The Big Bank")  content/duel/trophies.yaml:14',
    );
    expect(lines).toContain(
      '             hint:   the same entry edited? keep its old ID with `id: the-counting-house` and this is a patch, not a major release',
    );
    // A field by its label (the schema's title), not its key.
    expect(lines).toContain('    patch  changed the-big-bank "The Big Bank": Copies in the deck 2 -> 3  content/duel/trophies.yaml:15');
    const md = (await runCli(['diff', 'HEAD', '--format', 'markdown', '-C', root])).out;
    expect(md).toContain('- **Likely renamed** (major): The Counting House (`the-counting-house`) is now The Big Bank (`the-big-bank`)');

    // With the old ID kept, it is one entry edited: a patch.
    await edit(root, TROPHIES, swap('- name: The Big Bank\n', '- id: the-counting-house\n  name: The Big Bank\n'));
    const kept = JSON.parse((await runCli(['diff', 'HEAD', '--format', 'json', '-C', root])).out) as DiffReport;
    expect(kept.level).toBe('patch');

    // Most values changed: not alike, so added and removed.
    await edit(
      root,
      TROPHIES,
      swap('- id: the-counting-house\n  name: The Big Bank\n', '- name: The Big Bank\n'),
      swap('13 coins are two groups of 6.', '13 coins make two groups.'),
    );
    const unlike = JSON.parse((await runCli(['diff', 'HEAD', '--format', 'json', '-C', root])).out) as DiffReport;
    expect(unlike.changes.map((c) => c.kind)).toEqual(['entry-added', 'entry-removed']);
  });

  it("a new game's Markdown has one heading for the game", async () => {
    const root = await fixtureProject('duel');
    gitCommitAll(root, 'base');
    expect((await runCli(['new', 'game', 'demo', '-C', root])).code).toBe(0);
    const md = (await runCli(['diff', 'HEAD', '--format', 'markdown', '-C', root])).out;
    expect(md).toContain('## Demo\n\n- **New game** (minor): Demo');
    expect(md).not.toContain('### Demo');
  });

  it('the same tree is no change, whatever the key order', async () => {
    const root = await fixtureProject('duel');
    gitCommitAll(root, 'base', 'v0.3.0');
    await edit(root, TROPHIES, swap('{ op: rank, by: { field: lanterns }, order: most,', '{ order: most, op: rank, by: { field: lanterns },'));
    const r = await runCli(['diff', 'v0.3.0', '-C', root]);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toMatch(/^No changes from v0\.3\.0 \([0-9a-f]{7}\) to the working tree\.$/);
    const md = await runCli(['diff', 'v0.3.0', '--format', 'markdown', '-C', root]);
    expect(md.out.trim()).toBe('No changes since v0.3.0.');
  });

  it('an unknown ref, a ref that looks like an option, or no repository is a usage error in words (exit 2)', async () => {
    const root = await fixtureProject('duel');
    const bare = await runCli(['diff', 'v1.0.0', '-C', root]);
    expect(bare.code).toBe(2);
    expect(bare.err).toMatch(/^error: git: not a git repository/);
    gitCommitAll(root, 'base', 'v1.0.0');
    const unknown = await runCli(['diff', 'v9.9.9', '-C', root]);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toBe('');
    expect(unknown.err).toBe('error: no commit "v9.9.9" in this repository (git: Needed a single revision)\n');
    const option = await runCli(['diff', '-C', root, '--', '--output=/tmp/x']);
    expect(option.code).toBe(2);
    expect(option.err).toContain('"--output=/tmp/x" is not a git ref');
  });

  it('content with errors, in the old tree or the working tree, is reported with its place and nothing is compared (exit 1)', async () => {
    const root = await fixtureProject('duel', { [TROPHIES]: swap('awards: [5, 3, 2]', 'awards: [5, 3, two]') });
    gitCommitAll(root, 'a broken commit', 'broken');
    await edit(root, TROPHIES, swap('awards: [5, 3, two]', 'awards: [5, 3, 2]'));
    const old = await runCli(['diff', 'broken', '-C', root]);
    expect(old.code).toBe(1);
    expect(old.out).toBe('');
    expect(old.err).toMatch(/^broken:content\/duel\/trophies\.yaml:5:77: error schema-type /m);
    // The code frame is the old file's line.
    expect(old.err).toContain('> 5 |   scoring: { op: rank, by: { field: lanterns }, order: most, awards: [5, 3, two], ties: share-place }');
    expect(old.err).toContain('nothing was compared');

    gitCommitAll(root, 'fixed');
    await edit(root, TROPHIES, swap('expect: [10, 0]', 'expect: [10, 5]'));
    const now = await runCli(['diff', 'HEAD', '-C', root]);
    expect(now.code).toBe(1);
    expect(now.err).toMatch(/^content\/duel\/trophies\.yaml:20:15: error example-mismatch /m);
  });
});
