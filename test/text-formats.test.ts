// Text fields declare their format (`contentMediaType`), the dataset's symbols are mapped to icons in game.yaml, and
// `{link:collection/ID}` links any entry: on the CCG fixture (test/fixtures/ccg/generate.ts) at 30 cards, whose card
// text is the database's HTML with its own symbols and whose ruling links a card.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeCcgGame } from './fixtures/ccg/generate.ts';
import { runCli, swap } from './helpers.ts';

/** The CCG fixture at 30 cards (one pack), with each edit (path under content/ccg or schemas/ccg -> transform) applied. */
async function ccgProject(edits: Record<string, (text: string) => string> = {}): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'rulebook-text-formats-'));
  await writeCcgGame(root, { cards: 30 });
  for (const [rel, edit] of Object.entries(edits)) {
    const file = path.join(root, rel);
    await writeFile(file, edit(await readFile(file, 'utf8')));
  }
  return root;
}

/** Every diagnostic of `rulebook check` (presentation warnings included) as `severity file:line:col code: message [notes]`. */
async function checked(root: string): Promise<string[]> {
  const { out } = await runCli(['check', '-C', root, '--format', 'json']);
  const found = JSON.parse(out) as Array<{ severity: string; file: string; line: number; column: number; ruleId: string; message: string; notes: string[] }>;
  return found.map((d) => `${d.severity} ${d.file}:${d.line}:${d.column} ${d.ruleId}: ${d.message}${d.notes.length ? ` [${d.notes.join('; ')}]` : ''}`);
}

/** The HTML of one entry's article on a built page. */
function article(page: string, id: string): string {
  const start = page.indexOf(`<article class="entity" aria-labelledby="${id}">`);
  expect(start, `no article ${id}`).toBeGreaterThanOrEqual(0);
  return page.slice(start, page.indexOf('</article>', start));
}

const CARDS = 'content/ccg/packs/p001.yaml';
const SCRIPTED = 'When you install this<script>alert(1)</script>, draw <a href="javascript:alert(1)" onclick="steal()">1 card</a>.';

describe('text formats, symbols and link tokens on a built site', () => {
  let root: string;
  let dist: string;
  let cards: Array<{ code: string; title: string; cost: number }>;
  beforeAll(async () => {
    root = await ccgProject();
    const built = await runCli(['build', '-C', root]);
    expect(built.code, built.err).toBe(0);
    expect(built.err).toContain('0 errors, 0 warnings');
    dist = path.join(root, 'docs-site', 'dist', 'ccg');
    cards = parse(await readFile(path.join(root, CARDS), 'utf8')) as typeof cards;
  });

  it('draws HTML card text formatted, line breaks kept and symbols as the icons they map to, never as tags or brackets', async () => {
    const page = await readFile(path.join(dist, 'cards.html'), 'utf8');
    const first = cards[0]!;
    expect(article(page, first.code)).toContain(
      `<div class="entry-text"><strong>Gain ${first.cost + 1}<span class="icon" role="img" aria-label="Credit">Credit</span>.</strong><br>When you install this, draw 1 card. <span class="icon" role="img" aria-label="Click">Click</span>: Trash it.</div>`,
    );
    for (const raw of ['&lt;strong', '[credit]', '[click]']) expect(page).not.toContain(raw);
  });

  it('draws a link token as a link to the entry, in the words of its name', async () => {
    const page = await readFile(path.join(dist, 'rulings.html'), 'utf8');
    expect(page).toContain(`Ruling 1: as with <a class="entry-link" href="cards.html#${cards[0]!.code}">${cards[0]!.title}</a>, this card`);
    expect(page).not.toContain('{link:');
  });

  it('indexes the words of an HTML text for search, not its tags; the entry list the filters read holds none', async () => {
    const folder = path.join(root, 'docs-site', 'dist', 'pagefind', 'en', 'fragment');
    const fragments = await Promise.all((await readdir(folder)).map(async (f) => gunzipSync(await readFile(path.join(folder, f))).toString('utf8')));
    const cardsFragment = fragments.find((f) => f.includes('"url":"/ccg/cards.html"'));
    expect(cardsFragment).toContain(`Gain ${cards[0]!.cost + 1}Credit.`);
    for (const raw of ['strong>', '[credit]', '[click]']) expect(cardsFragment).not.toContain(raw);
    const list = await readFile(path.join(dist, 'cards.entries.json'), 'utf8').catch(() => '');
    for (const raw of ['<', '[credit]']) expect(list).not.toContain(raw);
  });

  it('keeps a plain text (no contentMediaType) as it always was: its tags are shown as written, escaped', async () => {
    const plainRoot = await ccgProject({
      'content/ccg/rulings.yaml': swap("this card's ability", "this card's <b>ability</b>"),
    });
    expect((await runCli(['build', '-C', plainRoot])).code).toBe(0);
    expect(await readFile(path.join(plainRoot, 'docs-site/dist/ccg/rulings.html'), 'utf8')).toContain('this card&#x27;s &lt;b&gt;ability&lt;/b&gt;');
  });

  it('draws a Markdown text (text/markdown) as Markdown, with its tokens', async () => {
    const mdRoot = await ccgProject({
      'schemas/ccg/ruling.schema.json': swap(
        '"text": {\n      "title": "Ruling",',
        '"text": {\n      "title": "Ruling",\n      "contentMediaType": "text/markdown",',
      ),
      'content/ccg/rulings.yaml': swap('can be used once per turn', 'can be used **once** per turn'),
    });
    const built = await runCli(['build', '-C', mdRoot]);
    expect(built.code, built.err).toBe(0);
    const page = await readFile(path.join(mdRoot, 'docs-site/dist/ccg/rulings.html'), 'utf8');
    expect(page).toContain(
      `<p>Ruling 1: as with <a class="entry-link" href="cards.html#${cards[0]!.code}">${cards[0]!.title}</a>, this card&#x27;s ability can be used <strong>once</strong> per turn.</p>`,
    );
  });
});

describe('what sanitising removes, and the new tokens checked', () => {
  it('removes a script, a javascript: link and an event handler, keeps the words, and warns at each', async () => {
    const root = await ccgProject({ [CARDS]: swap('When you install this, draw 1 card.', SCRIPTED) });
    expect(await checked(root)).toEqual([
      'warning content/ccg/packs/p001.yaml:10:26 html-removed: the build removed this <script> element and its content: the site runs no script or style from content',
      'warning content/ccg/packs/p001.yaml:10:67 html-removed: the build removed this javascript: link: the site runs no script from content',
      'warning content/ccg/packs/p001.yaml:10:88 html-removed: the build removed this onclick attribute: the site does not show it',
    ]);
    const built = await runCli(['build', '-C', root]);
    expect(built.code, built.err).toBe(0);
    expect(built.err).toContain('0 errors, 3 warnings');
    const page = await readFile(path.join(root, 'docs-site/dist/ccg/cards.html'), 'utf8');
    const drawn = article(page, '001001');
    expect(drawn).toContain('When you install this, draw <a>1 card</a>.');
    for (const gone of ['<script', 'alert(1)', 'javascript:', 'onclick', 'steal()']) expect(drawn).not.toContain(gone);
  });

  it('draws a heading inside a text as a bold paragraph, so the page keeps its one h1 and its outline', async () => {
    const root = await ccgProject({ [CARDS]: swap('When you install this', '<h1>On install</h1>When you install this') });
    expect(await checked(root)).toEqual([]);
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const drawn = article(await readFile(path.join(root, 'docs-site/dist/ccg/cards.html'), 'utf8'), '001001');
    // The newline before the heading only laid out a block: it is no line break.
    expect(drawn).toContain('</strong>\n<p><strong>On install</strong></p>When you install this');
    expect(drawn).not.toContain('<h1');
  });

  it('drops a style element with its rules and a style attribute, and says so', async () => {
    const root = await ccgProject({
      [CARDS]: swap('When you install this', '<style>p { color: red }</style>When you <span style="color: red">install</span> this'),
    });
    expect(await checked(root)).toEqual([
      'warning content/ccg/packs/p001.yaml:10:5 html-removed: the build removed this <style> element and its content: the site runs no script or style from content',
      'warning content/ccg/packs/p001.yaml:10:51 html-removed: the build removed this style attribute: the site does not show it',
    ]);
  });

  it('warns at a contentMediaType the site does not know (a typo would show the tags), naming the three it knows', async () => {
    const root = await ccgProject({ 'schemas/ccg/card.schema.json': swap('"contentMediaType": "text/html"', '"contentMediaType": "text/htm"') });
    const found = (await checked(root)).filter((d) => d.includes('media-type-unknown'));
    expect(found).toEqual([
      expect.stringMatching(
        /^warning schemas\/ccg\/card\.schema\.json:\d+:\d+ media-type-unknown: "text\/htm" is not a text format the site knows, so these texts are drawn as plain text \[use one of: text\/html, text\/markdown, text\/plain\]$/,
      ),
    ]);
  });

  it('locates a link to an unknown entry, to an unknown collection and without a collection at the token', async () => {
    const root = await ccgProject({
      'content/ccg/rulings.yaml': swap('{link:cards/001001}', '{link:cards/001x01}, {link:card/001002} or {link:001003}'),
    });
    expect(await checked(root)).toEqual([
      'error content/ccg/rulings.yaml:3:28 ref-unknown: unknown cards ID "001x01" [did you mean "001001"?]',
      'error content/ccg/rulings.yaml:3:49 ref-unknown: unknown collection ID "card" [did you mean "cards"?]',
      'error content/ccg/rulings.yaml:3:71 link-malformed: a link names its target as collection/ID, not "001003" [did you mean {link:cards/001003}?]',
    ]);
  });

  it('locates a symbol mapped to no icon in game.yaml, and symbols in a game without an icon set', async () => {
    const typo = await ccgProject({ 'content/ccg/game.yaml': swap('"[click]": click', '"[click]": clik') });
    expect(await checked(typo)).toEqual(['error content/ccg/game.yaml:28:43 ref-unknown: unknown icon ID "clik" [did you mean "click"?]']);
    const noSet = await ccgProject({ 'content/ccg/game.yaml': swap('roles: { icons: icons }\n', '') });
    expect(await checked(noSet)).toEqual([
      'error content/ccg/game.yaml:27:10 icon-no-set: symbols are drawn as icons and need an icon set: set roles.icons in game.yaml',
    ]);
  });
});
