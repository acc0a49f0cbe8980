import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { idFromFolder } from '../compiler/commands/init.ts';
import { runCli } from './helpers.ts';

const scratch = () => mkdtemp(path.join(tmpdir(), 'rulebook-init-'));

/** A project `rulebook init` made in a new scratch folder, its game `p`. */
async function initProject(): Promise<string> {
  const project = path.join(await scratch(), 'p');
  const made = await runCli(['init', project]);
  if (made.code !== 0) throw new Error(`init failed: ${made.err}`);
  return project;
}

/** Replace `from` by `to` in a file of the project; an edit that changes nothing throws (a drifted template must fail the test). */
async function edit(file: string, from: string, to: string): Promise<void> {
  const before = await readFile(file, 'utf8');
  if (!before.includes(from)) throw new Error(`${file} holds no ${JSON.stringify(from)}`);
  await writeFile(file, before.replace(from, to));
}

/** Every file under a folder, relative, sorted. */
async function tree(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await tree(dir, child)));
    else out.push(child);
  }
  return out.sort();
}

describe('rulebook init', () => {
  it('makes a whole project in a new folder, whose example game checks with no error', async () => {
    const work = await scratch();
    const made = await runCli(['init', path.join(work, 'lantern-market'), '--players', '3-5']);
    expect(made.code, made.err).toBe(0);
    const project = path.join(work, 'lantern-market');
    expect(await tree(project)).toEqual([
      '.github/workflows/check.yml',
      '.github/workflows/pages.yml',
      '.gitignore',
      '.vscode/extensions.json',
      'README.md',
      'content/lantern-market/contracts.yaml',
      'content/lantern-market/game.yaml',
      'content/lantern-market/goods.yaml',
      'content/lantern-market/rules/01-how-to-play.md',
      'content/lantern-market/templates/goods.back.hbs',
      'package.json',
      'rulebook.yaml',
      'schemas/lantern-market/contract.schema.json',
      'schemas/lantern-market/good.schema.json',
    ]);
    const manifest = await readFile(path.join(project, 'content/lantern-market/game.yaml'), 'utf8');
    expect(manifest).toContain('name: Lantern Market\n');
    expect(manifest).toContain('players: { min: 3, max: 5 }');
    expect(manifest).toContain('type: LanternMarketEndState');
    expect(manifest).not.toMatch(/\{\{\w+\}\}/);
    expect(await readFile(path.join(project, 'content/lantern-market/rules/01-how-to-play.md'), 'utf8')).toContain('a card game for 3 to 5 players');
    // The workflows keep GitHub's own ${{ ... }} expressions.
    expect(await readFile(path.join(project, '.github/workflows/pages.yml'), 'utf8')).toContain('${{ steps.pages.outputs.base_url }}');
    const checked = await runCli(['check', '-C', project]);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).toContain('lantern-market: 4 goods, 3 contracts');
    expect(checked.err).toContain('0 errors, 0 warnings');
    // The Goods cards print out of the box: a size, and a back that names the game and the deck.
    expect(manifest).toContain('    card: { size: poker }\n');
    expect(await readFile(path.join(project, 'content/lantern-market/templates/goods.back.hbs'), 'utf8')).toContain(
      ':::back\n**Lantern Market**\n\nGoods\n:::\n',
    );
    expect(await readFile(path.join(project, 'README.md'), 'utf8')).toContain('`npx rulebook print`');
  });

  it('takes the ID, name, language and player count as options', async () => {
    const work = await scratch();
    const made = await runCli(['init', path.join(work, 'x'), '--id', 'mercado', '--name', 'Mercado Noturno', '--locale', 'pt-BR', '--players', '2']);
    expect(made.code, made.err).toBe(0);
    expect(made.err).toContain('created Mercado Noturno (game "mercado", pt-BR, 2 players)');
    const manifest = await readFile(path.join(work, 'x/content/mercado/game.yaml'), 'utf8');
    expect(manifest).toMatch(/^id: mercado$/m);
    expect(manifest).toMatch(/^locale: pt-BR$/m);
    // The example is written in the game's language where the template has it.
    expect(manifest).toContain('title: Mercadorias');
    expect(await readFile(path.join(work, 'x/content/mercado/goods.yaml'), 'utf8')).toContain('- name: Chá Verde');
    expect(await readFile(path.join(work, 'x/content/mercado/rules/01-how-to-play.md'), 'utf8')).toContain(
      'Mercado Noturno é um jogo de cartas para 2 jogadores.',
    );
    expect(await readFile(path.join(work, 'x/schemas/mercado/good.schema.json'), 'utf8')).toContain('"title": "Custo"');
    expect(await readFile(path.join(work, 'x/content/mercado/templates/goods.back.hbs'), 'utf8')).toContain('**Mercado Noturno**\n\nMercadorias\n');
    const checked = await runCli(['check', '-C', path.join(work, 'x')]);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).toContain('0 errors, 0 warnings');
    // A language the tool has no words for: the example stays English, and init says where the words go.
    const fr = await runCli(['init', path.join(work, 'fr'), '--locale', 'fr']);
    expect(fr.code).toBe(0);
    expect(fr.err).toContain('note: rulebook has no words for fr yet');
    expect(await readFile(path.join(work, 'fr/content/fr/goods.yaml'), 'utf8')).toContain('- name: Green Tea');
  });

  it('writes a name YAML would misread as a quoted string', async () => {
    const work = await scratch();
    expect((await runCli(['init', path.join(work, 'g'), '--name', 'Yes: the Game #1'])).code).toBe(0);
    expect(await readFile(path.join(work, 'g/content/g/game.yaml'), 'utf8')).toContain('name: "Yes: the Game #1"\n');
    // On the cards' back, Markdown would read `#` or `*` in a name: there it is escaped.
    expect(await readFile(path.join(work, 'g/content/g/templates/goods.back.hbs'), 'utf8')).toContain('**Yes: the Game \\#1**\n');
    expect((await runCli(['check', '-C', path.join(work, 'g')])).code).toBe(0);
  });

  it('refuses a folder with files in it, naming them, and with --force keeps every file already there', async () => {
    const work = await scratch();
    await writeFile(path.join(work, 'notes.txt'), 'my notes');
    await writeFile(path.join(work, 'README.md'), '# Mine\n');
    const refused = await runCli(['init', work]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/is not empty: README\.md, notes\.txt/);
    expect(await readdir(work)).toEqual(['README.md', 'notes.txt']);
    const forced = await runCli(['init', work, '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(forced.err).toContain('kept as they were: README.md');
    expect(forced.err).toMatch(/wrote 13 files\n/);
    expect(await readFile(path.join(work, 'README.md'), 'utf8')).toBe('# Mine\n');
  });

  it('joins a folder where the tool was just installed: its package.json merged, the tool a dev dependency', async () => {
    const work = await scratch();
    const dir = path.join(work, 'duel');
    await mkdir(path.join(dir, 'node_modules'), { recursive: true });
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({ dependencies: { 'rulebook-compiler': '^0.2.0', yaml: '2.9.1' }, scripts: { test: 'vitest' } }),
    );
    await writeFile(path.join(dir, 'package-lock.json'), '{}');
    const made = await runCli(['init', dir]);
    expect(made.code, made.err).toBe(0);
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(pkg.devDependencies).toEqual({ 'rulebook-compiler': '^0.2.0' });
    expect(pkg.dependencies).toEqual({ yaml: '2.9.1' });
    // The designer's own script stays, and is said; the others are added. No "type" is imposed on their JavaScript.
    expect(pkg.scripts).toMatchObject({ test: 'vitest', build: 'rulebook build', check: 'rulebook check', serve: 'rulebook serve' });
    expect(pkg.type).toBeUndefined();
    expect(made.err).toContain(
      'merged package.json: added the "check" script, the "build" script, the "serve" script, rulebook-compiler to the dev dependencies; kept your own "test" script',
    );
  });

  it("names a next step that runs the tool when the project's own build script is something else", async () => {
    const work = await scratch();
    const dir = path.join(work, 'mine');
    await mkdir(dir);
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'mine', scripts: { build: 'make all' } }));
    const made = await runCli(['init', dir, '--force']);
    expect(made.code, made.err).toBe(0);
    expect(made.err).toContain('next: cd ');
    expect(made.err).toContain('npm install && npx rulebook build');
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(pkg.scripts!.build).toBe('make all');
    // Run from a clone, the tool names itself by its folder: an unpublished version would not install.
    expect(pkg.devDependencies!['rulebook-compiler']).toMatch(/^file:\//);
  });

  it('refuses an ID that is not one, in words', async () => {
    const work = await scratch();
    const bad = await runCli(['init', path.join(work, 'a'), '--id', 'My Game']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('"My Game" is not a game ID');
    const players = await runCli(['init', path.join(work, 'b'), '--players', 'four']);
    expect(players.code).toBe(2);
    expect(players.err).toContain('"four" is not a player count');
  });

  it('takes a game ID from the folder name', () => {
    expect(idFromFolder('Pocket Duel')).toBe('pocket-duel');
    expect(idFromFolder('Cangaço_2')).toBe('cangaco-2');
    expect(idFromFolder('ゲーム')).toBe('my-game');
    expect(idFromFolder('game')).toBe('my-game');
  });

  it('is where `new game` sends a designer who runs it outside a project', async () => {
    const work = await scratch();
    const outside = await runCli(['new', 'game', 'pocket-duel', '-C', work]);
    expect(outside.code).toBe(2);
    expect(outside.err).toContain('is not a rulebook project');
    expect(outside.err).toContain('rulebook init');
  });
});

describe("the tool's own schemas in a designer's project", () => {
  it('resolve by their full URL as well as relative to a game', async () => {
    const project = await initProject();
    const schema = path.join(project, 'schemas/p/good.schema.json');
    const text = await readFile(schema, 'utf8');
    await writeFile(
      schema,
      text.replace(
        '"$ref": "../defs.schema.json#/$defs/text", "description": "The card\'s text."',
        '"$ref": "https://rulebook.dev/schemas/defs.schema.json#/$defs/text", "description": "The card\'s text."',
      ),
    );
    expect(await readFile(schema, 'utf8')).not.toBe(text);
    const checked = await runCli(['check', '-C', project]);
    expect(checked.code, checked.err).toBe(0);
  });

  it("are never taken from a copy in the project: a copy is a warning, and the tool's stands", async () => {
    const project = await initProject();
    // An old copy whose `text` is too strict: were it used, the goods' texts would fail.
    await writeFile(
      path.join(project, 'schemas/defs.schema.json'),
      JSON.stringify({ $id: 'https://rulebook.dev/schemas/defs.schema.json', $defs: { text: { type: 'string', maxLength: 3 }, id: { type: 'string' } } }),
    );
    const checked = await runCli(['check', '-C', project]);
    expect(checked.code, checked.err).toBe(0);
    expect(checked.err).toContain("schemas/defs.schema.json:1:1: warning schema-tool-owned schemas/defs.schema.json is rulebook's own schema");
    expect(checked.err).toContain('0 errors, 1 warning');
  });
});

describe('serve on a port already taken', () => {
  it('says so in words before building (exit 2), not as an internal error', async () => {
    const { createServer } = await import('node:net');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const port = (taken.address() as { port: number }).port;
    try {
      const work = await scratch();
      const served = await runCli(['serve', '--port', String(port), '-C', work]);
      expect(served.code).toBe(2);
      expect(served.err).toContain(`error: port ${port} is in use (another \`rulebook serve\`?): stop it, or pick another port with --port ${port + 1}`);
    } finally {
      taken.close();
    }
  });
});

describe('a number out of its range, in words', () => {
  it('says the bound and the value written, at the value', async () => {
    const project = await initProject();
    const goods = path.join(project, 'content/p/goods.yaml');
    await edit(goods, '  cost: 2\n', '  cost: -1\n');
    const contracts = path.join(project, 'content/p/contracts.yaml');
    await edit(contracts, 'awards: [5, 2]', 'awards: []');
    const checked = await runCli(['check', '-C', project]);
    expect(checked.code).toBe(1);
    expect(checked.err).toMatch(/content\/p\/goods\.yaml:6:9: error schema-minimum `goods "Green Tea" \.cost` must be at least 0 \(got -1\)\n/);
    expect(checked.err).toMatch(
      /content\/p\/contracts\.yaml:\d+:\d+: error schema-minItems `contracts "The Silk Road" \.scoring\.awards` must hold at least 1 item \(got 0\)\n/,
    );
  });
});

describe('a misspelt x-ref in a schema', () => {
  it('is one error, at its first reference, naming the collection it likely meant', async () => {
    const project = await initProject();
    const schema = path.join(project, 'schemas/p/contract.schema.json');
    await edit(schema, '"x-ref": "goods"', '"x-ref": "good"');
    const checked = await runCli(['check', '-C', project, '--format', 'json']);
    expect(checked.code).toBe(1);
    const items = JSON.parse(checked.out) as Array<{ ruleId: string; message: string; line: number; suggestion?: string }>;
    expect(items.map((d) => `${d.ruleId} ${d.line}`)).toEqual(['ref-target-unknown 6']);
    expect(items[0]!.suggestion).toBe('goods');
  });
});
