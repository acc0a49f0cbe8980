import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BrowserNotFound, findBrowser, knownBrowserPaths, launchFailureWords } from '../compiler/commands/print/browser.ts';
import { printCommand } from '../compiler/commands/print/command.ts';
import { fixPdfClock } from '../compiler/commands/print/pdf.ts';
import { overflowWarnings } from '../compiler/commands/print/print-words.ts';
import type { PrintCollection } from '../compiler/emit-site/print/print-types.ts';
import { check } from '../compiler/pipeline.ts';
import { runCli } from './helpers.ts';
import { printableDuel } from './print-project.ts';

// `rulebook print` where no browser is needed: finding one (or not), the PDF clock fix, and what the command
// refuses before it renders anything. test/browser/print.test.ts renders real PDFs.

const scratch = () => mkdtemp(path.join(tmpdir(), 'rulebook-print-'));

describe('findBrowser', () => {
  it('takes --browser first, then RULEBOOK_BROWSER, then the first known path that exists', async () => {
    const dir = await scratch();
    const [given, fromEnv, known] = ['given', 'env', 'known'].map((n) => path.join(dir, n));
    for (const f of [given!, fromEnv!, known!]) await writeFile(f, '');
    const env = { RULEBOOK_BROWSER: fromEnv! };
    expect(findBrowser(given, { env, known: [known!] })).toEqual({ executablePath: given, from: 'option' });
    expect(findBrowser(undefined, { env, known: [known!] })).toEqual({ executablePath: fromEnv, from: 'environment' });
    expect(findBrowser(undefined, { env: {}, known: [path.join(dir, 'missing'), known!] })).toEqual({ executablePath: known, from: 'known path' });
    expect(findBrowser(undefined, { env: {}, known: [] })).toBeUndefined();
  });

  it('says in words that a --browser path is missing or a folder, never falling back to another browser', async () => {
    const dir = await scratch();
    expect(() => findBrowser('/nope/chrome', { env: {}, known: knownBrowserPaths() })).toThrow(BrowserNotFound);
    expect(() => findBrowser('/nope/chrome')).toThrow('--browser /nope/chrome: there is no such file; give the path of Chrome, Chromium or Edge');
    expect(() => findBrowser(dir)).toThrow(`--browser ${dir} is a folder, not a browser program`);
  });

  it('warns about a RULEBOOK_BROWSER that points nowhere and goes on looking', async () => {
    const dir = await scratch();
    const known = path.join(dir, 'chromium');
    await writeFile(known, '');
    const warnings: string[] = [];
    const found = findBrowser(undefined, { env: { RULEBOOK_BROWSER: '/gone/chrome' }, known: [known], warn: (t) => warnings.push(t) });
    expect(found).toEqual({ executablePath: known, from: 'known path' });
    expect(warnings).toEqual(['RULEBOOK_BROWSER is set to /gone/chrome, which is not a file: looking for a browser in the usual places instead']);
  });

  it('knows where Chrome, Chromium and Edge install on Linux, macOS and Windows', () => {
    expect(knownBrowserPaths('linux')).toEqual(expect.arrayContaining(['/usr/bin/chromium', '/usr/bin/google-chrome-stable', '/usr/bin/microsoft-edge']));
    expect(knownBrowserPaths('darwin', { HOME: '/Users/ana' })).toEqual(
      expect.arrayContaining([
        '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
        '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
        '/Users/ana/Applications/Chromium.app/Contents/MacOS/Chromium',
      ]),
    );
    const windows = knownBrowserPaths('win32', { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' });
    expect(windows).toContain('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(windows).toContain('C:\\Users\\ana\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe');
    expect(windows.some((p) => p.endsWith('msedge.exe'))).toBe(true);
  });
});

describe('launchFailureWords', () => {
  it("says why a browser would not start in a few words, not Playwright's call log", () => {
    const log = '\nCall log:\n  - <launching> /x --disable-field-trial-config --no-sandbox\n  - <launched> pid=5706\n';
    expect(
      launchFailureWords(`browserType.launch: Target page, context or browser has been closed${log}  - [pid=5706] <process did exit: exitCode=3, signal=null>`),
    ).toBe('it stopped at once, with exit code 3');
    expect(launchFailureWords(`browserType.launch: Failed to launch: Error: spawn /etc/passwd EACCES${log}`)).toBe(
      'it is not a program this machine can run: permission denied',
    );
    expect(launchFailureWords(`browserType.launch: Timeout 60000ms exceeded.${log}`)).toBe('it did not answer within a minute');
    expect(launchFailureWords(`browserType.launch: Something new${log}`)).toBe('Something new');
  });
});

describe('fixPdfClock', () => {
  // The shape Skia writes: an Info dictionary with the clock's dates, an xref table of byte offsets after it.
  const pdf = (stamp: string, id: string) =>
    Buffer.from(
      `%PDF-1.4\n1 0 obj\n<</Producer (Skia/PDF m156)\n/CreationDate (D:${stamp}+01'00')\n/ModDate (D:${stamp}+01'00')>>\nendobj\n` +
        `<x:xmpmeta><xmp:CreateDate>2026-12-02T10:55:49+01:00</xmp:CreateDate> uuid:${id}</x:xmpmeta>\n` +
        `trailer\n<</Size 2 /ID [<${id.replace(/-/g, '').toUpperCase()}><${id.replace(/-/g, '').toUpperCase()}>]>>\nstartxref\n9\n%%EOF`,
      'latin1',
    );

  it('gives two runs at different moments the same bytes, at the same length', () => {
    const a = pdf('20261202105549', '123e4567-e89b-12d3-a456-426614174000');
    const b = pdf('20270315235901', 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee');
    expect(a.equals(b)).toBe(false);
    const [fa, fb] = [fixPdfClock(a), fixPdfClock(b)];
    expect(fa.equals(fb)).toBe(true);
    expect(fa.length).toBe(a.length);
    const text = fa.toString('latin1');
    expect(text).toContain("/CreationDate (D:20000101000000+00'00')");
    expect(text).toContain("/ModDate (D:20000101000000+00'00')");
    expect(text).toContain('<xmp:CreateDate>2000-01-01T00:00:00+00:00</xmp:CreateDate>');
    expect(text).not.toContain('123e4567');
    expect(text).toMatch(/uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(text).toMatch(/\/ID \[<[0-9A-F]{32}><[0-9A-F]{32}>\]/);
  });

  it('derives the IDs from the content: other content, other IDs', () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    const a = fixPdfClock(pdf('20261202105549', id)).toString('latin1');
    const b = fixPdfClock(Buffer.from(pdf('20261202105549', id).toString('latin1').replace('Skia', 'Sküa'), 'latin1')).toString('latin1');
    expect(/\/ID \[<(\w+)>/.exec(a)?.[1]).not.toBe(/\/ID \[<(\w+)>/.exec(b)?.[1]);
  });
});

describe('overflowWarnings', () => {
  const card = (id: string, name: string, copy: number, copies: number) => ({ id, name, copy, copies, faceHtml: '', drafts: [] });
  const col: PrintCollection = {
    game: 'cangaco',
    gameName: 'Cangaço',
    collection: 'cordel',
    title: 'Cordel cards',
    locale: 'en',
    size: { widthMm: 63, heightMm: 88, bleedMm: 3, named: 'poker' },
    sizeIsReading: false,
    cards: [card('ze-baiano', 'Zé Baiano', 1, 3), card('ze-baiano', 'Zé Baiano', 2, 3), card('ze-baiano', 'Zé Baiano', 3, 3), card('corisco', 'Corisco', 1, 1)],
    hasBack: false,
    problems: [],
  };

  it('names each overflowing entry once, and the copies only when not all of them overflow', () => {
    expect(
      overflowWarnings(col, [
        { id: 'ze-baiano', copy: 2 },
        { id: 'corisco', copy: 1 },
      ]),
    ).toEqual([
      "Cordel cards: “Zé Baiano” (copy 2) runs past the card's edge: shorten its text or choose a larger card size",
      "Cordel cards: “Corisco” runs past the card's edge: shorten its text or choose a larger card size",
    ]);
    expect(
      overflowWarnings(
        col,
        [1, 2, 3].map((copy) => ({ id: 'ze-baiano', copy })),
      ),
    ).toEqual(["Cordel cards: “Zé Baiano” runs past the card's edge: shorten its text or choose a larger card size"]);
    expect(overflowWarnings(col, [])).toEqual([]);
  });
});

describe('rulebook print, before rendering', () => {
  it('names the games and collections to choose from when --game or --collection is wrong (exit 2)', async () => {
    const root = await printableDuel();
    const game = await runCli(['-C', root, 'print', '--game', 'nope']);
    expect(game.code).toBe(2);
    expect(game.err).toContain('error: no game "nope" (games: duel)');
    const collection = await runCli(['-C', root, 'print', '--collection', 'trophys']);
    expect(collection.code).toBe(2);
    expect(collection.err).toContain('error: no collection "trophys" (collections with a card size: trophies)');
    expect(existsSync(path.join(root, 'print'))).toBe(false);
  });

  it('says how to give a collection a card size when none has one (exit 2)', async () => {
    const root = await printableDuel();
    await writeFile(
      path.join(root, 'content/duel/game.yaml'),
      (await readFile(path.join(root, 'content/duel/game.yaml'), 'utf8')).replace('    card: { size: poker }\n', ''),
    );
    const r = await runCli(['-C', root, 'print']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('error: no collection has a card size, so there is nothing to print.');
    expect(r.err).toContain('under collections -> trophies:\n    card: { size: poker }');
    const one = await runCli(['-C', root, 'print', '--collection', 'trophies']);
    expect(one.code).toBe(2);
    expect(one.err).toContain("error: duel's trophies has no card size, so it cannot be printed.");
  });

  it('refuses --final while a printed card shows a draft, listing game, collection, card, value and why (exit 1, nothing written)', async () => {
    const root = await printableDuel();
    const r = await runCli(['-C', root, 'print', '--final']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--final: 2 values are still drafts; nothing was written:');
    expect(r.err).toContain('duel, Trophy cards, “The Crown Jewel”:');
    expect(r.err).toContain("The test rules do not describe this card's picture.");
    expect(r.err).toContain("The test rules do not print the Crown's points.");
    expect(existsSync(path.join(root, 'print'))).toBe(false);
  });

  it('stops on content errors as build does, writing nothing (exit 1)', async () => {
    const root = await printableDuel();
    const file = path.join(root, 'content/duel/trophies.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('  copies: 2\n', '  copies: two\n'));
    const r = await runCli(['-C', root, 'print']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/trophies\.yaml:\d+:\d+/);
    expect(r.err).toContain('print stopped: nothing was written.');
    expect(existsSync(path.join(root, 'print'))).toBe(false);
  });

  it("says once per collection that a size is a reading, with the reading's note", async () => {
    const root = await printableDuel({ size: '{ reading: bridge, note: "The test rules print no card size." }' });
    const lines: string[] = [];
    const result = await check(root);
    const code = await printCommand(
      root,
      result.games,
      { paper: 'a4', out: path.join(root, 'print'), env: {}, knownBrowsers: [] },
      { out: () => {}, err: (t) => lines.push(t) },
    );
    expect(code).toBe(0);
    expect(lines.filter((l) => l.includes('size'))).toEqual([
      "duel/trophies: size not printed in the rulebook: bridge 56×87 mm is this edition's reading (The test rules print no card size.)",
    ]);
  });

  it('counts a size not decided yet as a draft: said, and refused by --final', async () => {
    const root = await printableDuel({ size: '{ placeholder: mini, note: "To decide after the first playtest." }' });
    const result = await check(root);
    const lines: string[] = [];
    const io = { out: () => {}, err: (t: string) => lines.push(t) };
    const out = path.join(root, 'print');
    expect(await printCommand(root, result.games, { paper: 'a4', out, env: {}, knownBrowsers: [] }, io)).toBe(0);
    expect(lines).toContain('duel/trophies: size not decided yet: mini 44×63 mm is a draft (To decide after the first playtest.)');
    lines.length = 0;
    expect(await printCommand(root, result.games, { paper: 'a4', out: path.join(root, 'final'), final: true, env: {}, knownBrowsers: [] }, io)).toBe(1);
    expect(lines).toContain('  duel, Trophy cards, card size: mini 44×63 mm: To decide after the first playtest.');
    expect(existsSync(path.join(root, 'final'))).toBe(false);
  });

  it('stops, writing nothing, when a collection cannot print as declared (a back picture that is not there)', async () => {
    const root = await printableDuel({ size: 'poker, back: images/nope.svg' });
    const r = await runCli(['-C', root, 'print']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('images/nope.svg');
    expect(r.err).toMatch(/nothing was written/);
    expect(existsSync(path.join(root, 'print'))).toBe(false);
  });

  it('says when a card is too large for the paper', async () => {
    const root = await printableDuel({ size: '[300, 300]' });
    const r = await runCli(['-C', root, 'print', '--paper', 'letter']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'error: duel/trophies: a 300×300 mm card with 3 mm bleed does not fit on Letter paper with room for cut marks: choose a smaller card size',
    );
    expect(existsSync(path.join(root, 'print'))).toBe(false);
  });

  it('--browser /nope is said in words, with no stack (exit 2)', async () => {
    const root = await printableDuel();
    const r = await runCli(['-C', root, 'print', '--browser', '/nope']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('error: --browser /nope: there is no such file; give the path of Chrome, Chromium or Edge');
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  it('--base without --tabletop is a usage error', async () => {
    const root = await printableDuel();
    const r = await runCli(['-C', root, 'print', '--base', 'https://example.org/decks']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--base sets where the Tabletop Simulator images are hosted: use it with --tabletop');
  });

  it('without a browser writes the print HTML and print.css, says how to get one, and exits 0', async () => {
    const root = await printableDuel();
    const out = path.join(root, 'print');
    const lines: string[] = [];
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
    const result = await check(root);
    const code = await printCommand(root, result.games, { paper: 'a4', out, env: {}, knownBrowsers: [] }, io);
    expect(code).toBe(0);
    expect((await readdir(path.join(out, 'duel'))).sort()).toEqual(['print.css', 'trophies.html']);
    const html = await readFile(path.join(out, 'duel', 'trophies.html'), 'utf8');
    expect(html).toContain('print.css');
    expect(html).toContain('The Counting House');
    expect(html).not.toContain('<script');
    expect(await readFile(path.join(out, 'duel', 'print.css'), 'utf8')).toContain('@page');
    const said = lines.join('\n');
    expect(said).toContain('print/duel/trophies.html: 5 cards on');
    expect(said).toContain('install Google Chrome, Chromium or Microsoft Edge, or give one with --browser <path>');
    expect(said).toContain('print it at 100% scale, with no margins');
  });

  it('says in words that --out cannot be written (a file where the folder should be), exit 1', async () => {
    const root = await printableDuel();
    await writeFile(path.join(root, 'taken'), 'a file, not a folder');
    const lines: string[] = [];
    const result = await check(root);
    const code = await printCommand(
      root,
      result.games,
      { paper: 'a4', out: path.join(root, 'taken'), env: {}, knownBrowsers: [] },
      { out: () => {}, err: (t) => lines.push(t) },
    );
    expect(code).toBe(1);
    expect(lines).toContain('error: cannot write taken/duel: a file stands where a folder is needed (choose another folder with --out)');
  });

  it('writes into --out relative to the project', async () => {
    const root = await printableDuel();
    await mkdir(path.join(root, 'sheets'));
    const result = await check(root);
    const code = await printCommand(
      root,
      result.games,
      { paper: 'letter', out: path.join(root, 'sheets'), env: {}, knownBrowsers: [] },
      { out: () => {}, err: () => {} },
    );
    expect(code).toBe(0);
    expect(existsSync(path.join(root, 'sheets', 'duel', 'trophies.html'))).toBe(true);
  });
});
