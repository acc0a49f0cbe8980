// A card database as its maintainers keep it goes in as it is (test/fixtures/ccg/generate.ts, 1,000 printings):
// codes as IDs, reprinted titles, a ban list keyed by card code, dates, rules across entries.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCcgGame } from './fixtures/ccg/generate.ts';
import { diagnosticsOf, runCli } from './helpers.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rulebook-ccg-'));
  await writeCcgGame(root, { cards: 1000 });
});

describe('a CCG database at 1,000 printings', () => {
  it('checks and builds with no error, every printing kept under its code', async () => {
    const built = await runCli(['build', '-C', root]);
    expect(built.code, built.err).toBe(0);
    expect(built.err).toContain('built ccg: 1000 cards, 9 packs, 6 factions, 1 banlist, 20 rulings, 1 deck');
    const types = await readFile(path.join(root, 'generated', 'ccg.cards.d.ts'), 'utf8').catch(() =>
      readFile(path.join(root, 'generated', 'ccg.d.ts'), 'utf8'),
    );
    expect(types).toContain('"001001"');
  });

  it('draws the HTML card text formatted with its symbols as icons, and a ruling link token as a link to its card', async () => {
    const dist = path.join(root, 'docs-site', 'dist', 'ccg');
    const pages = await Promise.all((await readdir(dist)).filter((f) => /^cards.*\.html$/.test(f)).map((f) => readFile(path.join(dist, f), 'utf8')));
    const page = pages.find((p) => p.includes('aria-labelledby="001001"'))!;
    expect(page).toMatch(
      /<div class="entry-text"><strong>Gain \d<span class="icon" role="img" aria-label="Credit">Credit<\/span>\.<\/strong><br>When you install this/,
    );
    for (const p of pages) for (const raw of ['&lt;strong', '[credit]', '[click]']) expect(p).not.toContain(raw);
    const rulings = await readFile(path.join(dist, 'rulings.html'), 'utf8');
    expect(rulings).toMatch(/Ruling 1: as with <a class="entry-link" href="cards[.\w]*\.html#001001">[^<]+<\/a>, this card/);
  });

  it('a wrong code in the ban list, a deck over its limit and a bad date are each located', async () => {
    const banlists = path.join(root, 'content/ccg/banlists.yaml');
    const text = await readFile(banlists, 'utf8');
    await writeFile(banlists, text.replace(/\n {4}"\d+": 1/, '\n    "999999": 1'));
    const rulings = path.join(root, 'content/ccg/rulings.yaml');
    await writeFile(rulings, (await readFile(rulings, 'utf8')).replace('date_update: 2025-06-01', 'date_update: 2025-13-01'));
    const decks = path.join(root, 'content/ccg/decks.yaml');
    await writeFile(decks, (await readFile(decks, 'utf8')).replace('copies: 3', 'copies: 4'));
    const found = await diagnosticsOf(root);
    expect(found).toEqual([
      expect.stringMatching(/^error content\/ccg\/banlists.yaml:5:5 ref-unknown: unknown cards ID "999999"/),
      "error content/ccg/decks.yaml:4:15 constraint-failed: a deck holds at most a card's deck limit of it: copies 4 is more than card_code.deck_limit (3) [declared in content/ccg/game.yaml under constraints (2)]",
      expect.stringMatching(/^error content\/ccg\/rulings.yaml:2:16 schema-format: `rulings \[0\] \.date_update` must match format "date"/),
    ]);
  });
});
