import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFolder } from '../../compiler/write.ts';
import { fixtureProject, ROOT, runCli, swap } from '../helpers.ts';

// The hostile input corpus (issue #12, "Nothing lost"): each case puts one hostile file (from corpus/, or made here when it
// is too large to commit) into a copy of the `duel` fixture game that has a good build, runs `rulebook build` on it, and
// holds it to its exact diagnostics (file:line:col and code) or a clean build, its exit code, no internal error or stack
// trace, outputs untouched on error, and a run of seconds.

const CORPUS = path.join(ROOT, 'test', 'hostile', 'corpus');
const TROPHIES = 'content/duel/trophies.yaml';
const GAME = 'content/duel/game.yaml';
const OUTPUTS = ['generated', 'docs-site/dist'];
/** Seconds any case may take: a hostile file must not make the tool hang (the slowest, a 1 MB line, builds in about 5 s). */
const SECONDS = 20;

interface Case {
  name: string;
  /** The file replaced (relative to the project), and its new content: a corpus file's name or bytes made from the original. */
  into?: string;
  from?: string | ((original: string) => string | Buffer);
  /** Anything else to do to the project (links, folders). */
  setup?: (root: string) => Promise<void>;
  /** `file:line:col: severity code` of every diagnostic, in the CLI's order; empty for a clean build. */
  expect: string[];
}

const entry = (i: number) =>
  `- name: Trophy number ${i}\n  flavor: A lantern on a table, with words to pad the line out a little.\n  scoring: { op: if, has: { flag: crowned }, points: 1 }\n`;

/** A list of entries of about `bytes` bytes. */
function sized(bytes: number): Buffer {
  const one = Buffer.from(entry(0));
  const count = Math.ceil(bytes / one.length);
  return Buffer.from(Array.from({ length: count }, (_, i) => entry(i)).join(''));
}

const corpus = (file: string) => ({ into: TROPHIES, from: file });

const CASES: Case[] = [
  // YAML syntax: one case per kind of parser error a designer can make.
  { name: 'a double quote never closed', ...corpus('unclosed-double-quote.yaml'), expect: ['content/duel/trophies.yaml:2:9: error yaml-unclosed'] },
  {
    name: 'a single quote never closed',
    ...corpus('unclosed-single-quote.yaml'),
    expect: ['content/duel/trophies.yaml:3:11: error yaml-unclosed'],
  },
  {
    name: 'a flow map never closed',
    ...corpus('unclosed-flow-map.yaml'),
    expect: ['content/duel/trophies.yaml:2:3: error yaml-unclosed', 'content/duel/trophies.yaml:3:3: error schema-required'],
  },
  {
    name: 'a flow sequence never closed',
    ...corpus('unclosed-flow-sequence.yaml'),
    expect: ['content/duel/trophies.yaml:3:11: error yaml-unclosed', 'content/duel/trophies.yaml:4:3: error schema-required'],
  },
  { name: 'a tab indenting a line', ...corpus('tab-indent.yaml'), expect: ['content/duel/trophies.yaml:3:1: error yaml-tab-indent'] },
  { name: 'a tab after a dash', ...corpus('tab-after-dash.yaml'), expect: ['content/duel/trophies.yaml:2:2: error yaml-tab-as-indent'] },
  { name: 'a key indented to match nothing', ...corpus('bad-indent.yaml'), expect: ['content/duel/trophies.yaml:3:4: error yaml-indent'] },
  { name: 'a duplicate key', ...corpus('duplicate-key.yaml'), expect: ['content/duel/trophies.yaml:3:3: error yaml-duplicate-key'] },
  { name: 'an unknown escape', ...corpus('bad-escape.yaml'), expect: ['content/duel/trophies.yaml:2:14: error yaml-bad-dq-escape'] },
  { name: 'a reserved first character', ...corpus('reserved-start.yaml'), expect: ['content/duel/trophies.yaml:2:9: error yaml-bad-scalar-start'] },
  { name: 'a colon inside a plain value', ...corpus('colon-in-value.yaml'), expect: ['content/duel/trophies.yaml:2:9: error yaml-block-as-implicit-key'] },
  { name: 'a block list inside a flow map', ...corpus('block-in-flow.yaml'), expect: ['content/duel/trophies.yaml:3:3: error yaml-block-in-flow'] },
  { name: 'a key over two lines', ...corpus('multiline-key.yaml'), expect: ['content/duel/trophies.yaml:3:3: error yaml-multiline-implicit-key'] },
  { name: 'a key over 1024 characters', ...corpus('long-key.yaml'), expect: ['content/duel/trophies.yaml:2:3: error yaml-key-over-1024-chars'] },
  { name: 'two anchors on a value', ...corpus('two-anchors.yaml'), expect: ['content/duel/trophies.yaml:2:12: error yaml-multiple-anchors'] },
  { name: 'two tags on a value', ...corpus('two-tags.yaml'), expect: ['content/duel/trophies.yaml:2:15: error yaml-multiple-tags'] },
  { name: 'an alias with an anchor', ...corpus('alias-with-anchor.yaml'), expect: ['content/duel/trophies.yaml:2:12: error yaml-alias-props'] },
  { name: 'an alias with no name', ...corpus('empty-alias.yaml'), expect: ['content/duel/trophies.yaml:2:9: error yaml-bad-alias'] },
  {
    name: 'a stray closing bracket',
    ...corpus('stray-bracket.yaml'),
    expect: ['content/duel/trophies.yaml:3:1: error yaml-unexpected-token', 'content/duel/trophies.yaml:3:3: error yaml-unexpected-token'],
  },
  { name: 'text after a closing quote', ...corpus('text-after-quote.yaml'), expect: ['content/duel/trophies.yaml:3:15: error yaml-unexpected-token'] },
  {
    name: 'a map, then a list item',
    ...corpus('map-then-list.yaml'),
    expect: [
      'content/duel/trophies.yaml:3:1: error yaml-missing-char',
      'content/duel/trophies.yaml:3:1: error yaml-multiline-implicit-key',
      'content/duel/trophies.yaml:3:1: error yaml-unexpected-token',
    ],
  },
  { name: 'several documents in one file', ...corpus('several-documents.yaml'), expect: ['content/duel/trophies.yaml:3:1: error yaml-multiple-docs'] },
  // Files with nothing in them.
  { name: 'an empty file', ...corpus('empty.yaml'), expect: ['content/duel/trophies.yaml:1:1: error collection-not-a-list'] },
  { name: 'a file of comments only', ...corpus('comments-only.yaml'), expect: ['content/duel/trophies.yaml:1:1: error collection-not-a-list'] },
  // Warnings only: the file still reads, and builds.
  {
    name: 'an unknown directive (a warning; the file reads)',
    into: TROPHIES,
    from: (y) => `%FOO bar\n---\n${y}`,
    expect: ['content/duel/trophies.yaml:1:1: warning yaml-bad-directive'],
  },
  {
    name: 'a tag that does not fit its value (a warning; read as text)',
    into: TROPHIES,
    from: swap('- name: The Counting House\n', '- name: The Counting House\n  flavor: !!int lanterns\n'),
    expect: ['content/duel/trophies.yaml:15:11: warning yaml-tag-resolve-failed'],
  },
  // Encodings and line ends.
  { name: 'a Latin-1 byte', ...corpus('latin1-byte.yaml'), expect: ['content/duel/trophies.yaml:2:24: error encoding-not-utf8'] },
  {
    name: 'broken UTF-8 sequences',
    ...corpus('broken-utf8.yaml'),
    expect: ['content/duel/trophies.yaml:2:11: error encoding-not-utf8', 'content/duel/trophies.yaml:3:9: error encoding-not-utf8'],
  },
  {
    name: 'a byte-order mark and CRLF line ends (accepted)',
    into: TROPHIES,
    from: (y) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(y.replace(/\n/g, '\r\n'))]),
    expect: [],
  },
  // Values YAML can write and content cannot hold.
  { name: 'binary data', ...corpus('binary-value.yaml'), expect: ['content/duel/trophies.yaml:3:20: error yaml-unsupported-value'] },
  { name: 'an infinite number', ...corpus('infinite-number.yaml'), expect: ['content/duel/trophies.yaml:3:11: error yaml-unsupported-value'] },
  { name: 'a YAML 1.1 timestamp', ...corpus('timestamp-value.yaml'), expect: ['content/duel/trophies.yaml:5:11: error yaml-unsupported-value'] },
  // Nesting.
  {
    name: 'a flow value nested 10,000 deep',
    into: TROPHIES,
    from: () => `- name: Deep\n  flavor: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`,
    expect: ['content/duel/trophies.yaml:2:209: error yaml-too-deep'],
  },
  // Block nesting takes a space of indentation per level: 10,000 levels are 50 MB of spaces, over the size limit.
  {
    name: 'block maps nested 10,000 deep',
    into: TROPHIES,
    from: () => Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n',
    expect: ['content/duel/trophies.yaml:1:1: error file-too-large'],
  },
  {
    name: 'block maps nested 2,000 deep',
    into: TROPHIES,
    from: () => Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n') + ' 1\n',
    expect: ['content/duel/trophies.yaml:201:201: error yaml-too-deep'],
  },
  {
    name: 'block lists nested 2,000 deep',
    into: TROPHIES,
    from: () => Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i)}-`).join('\n') + ' 1\n',
    expect: ['content/duel/trophies.yaml:201:201: error yaml-too-deep'],
  },
  {
    name: 'a value nested 201 deep (the parser reads it; the limit is 200)',
    into: TROPHIES,
    from: () => `- name: Deep\n  flavor: ${'['.repeat(201)}${']'.repeat(201)}\n`,
    expect: ['content/duel/trophies.yaml:2:210: error yaml-too-deep'],
  },
  {
    name: 'a scoring rule nested 60 deep (accepted)',
    into: TROPHIES,
    from: (y) =>
      swap(
        'scoring: { op: per, points: 5, each: { groupsOf: 6, of: { field: coins } } }',
        `scoring: ${'{ op: sum, of: ['.repeat(60)}{ op: per, points: 5, each: { groupsOf: 6, of: { field: coins } } }${'] }'.repeat(60)}`,
      )(y),
    expect: [],
  },
  // Aliases: used well they are read as their anchored values; a bomb, a cycle or an unknown name is refused.
  {
    name: 'an anchored rule aliased by another entry (accepted)',
    into: TROPHIES,
    from: (y) => swap('  copies: 2\n  scoring: { op: per', '  copies: 2\n  scoring: &coins { op: per')(y) + '\n- name: The Second House\n  scoring: *coins\n',
    setup: async (root) => {
      const game = path.join(root, GAME);
      await writeFile(game, swap('count: 5', 'count: 6')(await readFile(game, 'utf8')));
    },
    expect: [],
  },
  { name: 'an alias bomb (billion laughs)', ...corpus('alias-bomb.yaml'), expect: ['content/duel/trophies.yaml:8:10: error yaml-alias-bomb'] },
  { name: 'an entry that aliases itself', ...corpus('alias-cycle.yaml'), expect: ['content/duel/trophies.yaml:4:9: error yaml-alias-cycle'] },
  { name: 'two anchors that alias each other', ...corpus('alias-mutual-cycle.yaml'), expect: ['content/duel/trophies.yaml:3:22: error yaml-alias-cycle'] },
  { name: 'an alias naming no anchor', ...corpus('alias-unknown.yaml'), expect: ['content/duel/trophies.yaml:3:12: error yaml-alias-unknown'] },
  // Size.
  { name: 'a 50 MB file', into: TROPHIES, from: () => sized(50 * 1024 * 1024), expect: ['content/duel/trophies.yaml:1:1: error file-too-large'] },
  {
    name: 'a 1 MB line (accepted)',
    into: TROPHIES,
    from: swap('- name: The Counting House\n', `- name: The Counting House\n  flavor: "${'lantern '.repeat(128 * 1024)}"\n`),
    expect: [],
  },
  // References that climb out of the game's folder.
  {
    name: 'a collection file outside the game (../../x.yaml)',
    into: GAME,
    from: swap('file: trophies.yaml', 'file: ../../x.yaml'),
    setup: async (root) => writeFile(path.join(root, 'x.yaml'), '- name: Outside\n'),
    expect: ['content/duel/game.yaml:20:11: error collection-file-outside', 'content/duel/trophies.yaml:1:1: warning file-undeclared'],
  },
  {
    name: 'a source file outside the game (../../etc/passwd)',
    into: GAME,
    from: swap(
      'source: Lantern Duel test rules',
      "source: { title: Lantern Duel test rules, files: [{ file: ../../etc/passwd, about: The system's users. }] }",
    ),
    expect: ['content/duel/game.yaml:8:59: error source-file-outside'],
  },
  // Symbolic links: loops are not followed, and a link to a file outside the game is not read.
  {
    name: 'symbolic link loops and a link out of the game (accepted; not followed)',
    setup: async (root) => {
      const game = path.join(root, 'content', 'duel');
      await symlink('..', path.join(game, 'rules', 'parent'));
      await symlink('.', path.join(game, 'self'));
      await mkdir(path.join(game, 'a'));
      await symlink('../a', path.join(game, 'a', 'again'));
      await symlink('02-loop-b.md', path.join(game, 'rules', '02-loop-a.md'));
      await symlink('02-loop-a.md', path.join(game, 'rules', '02-loop-b.md'));
      await symlink('/etc/passwd', path.join(game, 'rules', '03-passwd.md'));
    },
    expect: [],
  },
];

/** `file:line:col: severity code` of each diagnostic the CLI printed. */
function diagnostics(stderr: string): string[] {
  return [...stderr.matchAll(/^(\S+:\d+:\d+): (error|warning) (\S+)/gm)].map((m) => `${m[1]}: ${m[2]} ${m[3]}`);
}

describe('the hostile input corpus', () => {
  let base = '';
  let before: Array<Map<string, Buffer>> = [];
  beforeAll(async () => {
    base = await fixtureProject('duel');
    const built = await runCli(['build', '-C', base]);
    expect(built.code, built.err).toBe(0);
    before = await Promise.all(OUTPUTS.map((o) => readFolder(path.join(base, o))));
  });

  it('names a corpus file in every case that uses one, and uses every corpus file', async () => {
    const used = new Set(CASES.map((c) => c.from).filter((f): f is string => typeof f === 'string'));
    expect([...used].sort()).toEqual((await readdir(CORPUS)).sort());
  });

  for (const c of CASES) {
    it(
      c.name,
      async () => {
        const root = await mkdtemp(path.join(tmpdir(), 'rulebook-hostile-'));
        await cp(base, root, { recursive: true });
        if (c.into && c.from) {
          const target = path.join(root, c.into);
          const content = typeof c.from === 'string' ? await readFile(path.join(CORPUS, c.from)) : c.from(await readFile(target, 'utf8'));
          await writeFile(target, content);
        }
        await c.setup?.(root);
        const t0 = performance.now();
        const r = await runCli(['build', '-C', root]);
        const seconds = (performance.now() - t0) / 1000;
        expect(diagnostics(r.err), r.err.slice(0, 3000)).toEqual(c.expect);
        const errors = c.expect.some((d) => d.includes(': error '));
        expect(r.code).toBe(errors ? 1 : 0);
        expect(r.err).not.toContain('internal error');
        expect(r.err).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
        expect(seconds).toBeLessThan(SECONDS);
        const after = await Promise.all(OUTPUTS.map((o) => readFolder(path.join(root, o))));
        if (errors) {
          expect(r.err).toContain('nothing was written');
          for (const [i, o] of OUTPUTS.entries()) expect(after[i]!.size, o).toBe(before[i]!.size);
          for (const [i, o] of OUTPUTS.entries())
            expect(
              [...after[i]!].every(([rel, bytes]) => before[i]!.get(rel)?.equals(bytes)),
              `${o} changed`,
            ).toBe(true);
        } else {
          expect(after[0]!.has('duel.js')).toBe(true);
          // Nothing outside the game reached the site (the symbolic link to /etc/passwd above).
          expect([...after[1]!.keys()].filter((p) => /passwd|loop/.test(p))).toEqual([]);
        }
        await rm(root, { recursive: true, force: true });
      },
      SECONDS * 3000,
    );
  }
});

// References in a cycle (each card names the next, one names itself) are data, not a walk: the build takes them as they are.
describe('x-ref cycles', () => {
  it('cards that reference each other and themselves build, each link pointing at its card', async () => {
    const root = await fixtureProject('hostile', {
      'content/hostile/cards.yaml': () =>
        '- { name: Ann, kind: single, beats: bob }\n- { name: Bob, kind: set, beats: ann }\n- { name: Cid, kind: set, beats: cid }\n',
    });
    const r = await runCli(['build', '-C', root]);
    expect(r.code, r.err).toBe(0);
    expect(diagnostics(r.err)).toEqual([]);
    const page = await readFile(path.join(root, 'docs-site', 'dist', 'hostile', 'cards.html'), 'utf8');
    for (const id of ['ann', 'bob', 'cid']) expect(page).toContain(`href="#${id}"`);
  });
});

// Markup in every kind of text field a designer writes: the game's name and summary, a collection's title and description,
// component and declaration names, state descriptions, entry names and text, example notes, Markdown pages. The site
// must show it as text (or drop it, for Markdown's raw HTML), run none of it, and link nowhere through `javascript:`.
describe('markup and javascript: links in every text field', () => {
  const SCRIPT = '<script>window.__pwned=1</script>';
  const IMG = '<img src=x onerror="window.__pwned=2">';
  const LINK = '<a href="javascript:window.__pwned=3">a link</a>';
  const ALL = `${SCRIPT} ${IMG} ${LINK} [md](javascript:window.__pwned=4)`;
  const quoted = JSON.stringify(ALL);

  it('builds, and the site holds no script, handler or javascript: URL from the content', async () => {
    const root = await fixtureProject('duel', {
      [GAME]: (y) =>
        [
          swap('name: Lantern Duel', `name: ${JSON.stringify(`Lantern Duel ${SCRIPT}`)}`),
          swap('summary: A small invented game', `summary: ${JSON.stringify(`${ALL} A small invented game`)} #`),
          swap('title: Trophy cards', `title: ${quoted}`),
          swap('description: Scored at the end of the game.', `description: ${quoted}`),
          swap('- name: Lantern tokens', `- name: ${quoted}`),
          swap('{ id: lantern, name: Lantern }', `{ id: lantern, name: ${quoted} }`),
          swap('description: Lantern tokens held at the end.', `description: ${quoted}`),
          swap('phrase: the Crown', `phrase: ${JSON.stringify(`the Crown ${IMG}`)}`),
        ].reduce((t, f) => f(t), y),
      [TROPHIES]: (y) =>
        [
          swap('- name: The Lantern Race', `- name: ${JSON.stringify(`The Lantern Race ${SCRIPT}`)}`),
          swap('note: Three players, no ties.', `note: ${quoted}`),
          swap('flavor: { placeholder: "A crown on a cushion."', `flavor: { placeholder: ${quoted}`),
          swap('- name: The Counting House\n', `- name: The Counting House\n  flavor: ${quoted}\n`),
        ].reduce((t, f) => f(t), y),
      'content/duel/rules/01-overview.md': (md) =>
        `${md}\n${ALL}\n\n<div onclick="window.__pwned=5">raw</div>\n\n[text](javascript:window.__pwned=6) <javascript:window.__pwned=7> [ref][x]\n\n[x]: javascript:window.__pwned=8\n`,
    });
    const r = await runCli(['build', '-C', root]);
    expect(r.code, r.err).toBe(0);
    const site = await readFolder(path.join(root, 'docs-site', 'dist'));
    const pages = [...site].filter(([p]) => p.endsWith('.html')).map(([p, b]) => [p, b.toString('utf8')] as const);
    expect(pages.length).toBeGreaterThan(5);
    // The injected text is there (escaped), so the checks below look at pages that hold it.
    expect(pages.some(([, html]) => html.includes('&lt;script&gt;window.__pwned'))).toBe(true);
    for (const [page, html] of pages) {
      const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
      expect(
        scripts.every((s) => /^<script type="module" src="(\.\.\/)*\/?site\.js">$/.test(s)),
        `${page}: ${scripts.join(' ')}`,
      ).toBe(true);
      expect(html, page).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
      expect(html, page).not.toMatch(/<[a-z][^>]*\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*javascript:/i);
      expect(html, page).not.toMatch(/<(?:img|iframe|object|embed)\b[^>]*\bsrc\s*=\s*["']?x\b/i);
    }
    // The package holds the names as data: the text is there, inside a string (whose `</` the emit may escape as `<\/`).
    const pkg = String(await readFile(path.join(root, 'generated', 'duel.js'), 'utf8'));
    expect(pkg).toMatch(/"The Lantern Race <script>window\.__pwned=1<\\?\/script>"/);
  });
});
