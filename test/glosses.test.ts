import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteFiles } from '../compiler/emit-site/site.ts';
import { emitPackage } from '../compiler/emit-code/emit.ts';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, fixtureProject, ROOT, swap } from './helpers.ts';
import { consumerOf, diagnostics } from './package-consumer.ts';
import { decodeEntities, pagefindFragments, siteOf } from './site/built.ts';

const run = promisify(execFile);

// Glosses (issue #22): a name in another language than the page's is followed by its meaning in the reader's
// language, "Tocaia (Ambush)", from the entry's `gloss` (schemas: defs.schema.json#/$defs/gloss). A plain gloss is the
// rulebook's (or an invented game's designer's) and is shown as it is; one the rulebook does not give is a reading,
// `{ reading: Ambush, note }`, marked as this edition's on the gloss and once above the entries (emit-site/glosses.ts).

const EDITIONS = "This edition's gloss: the rules do not translate the name.";

/** The `duo` fixture (English, with pt-BR pages; transcribed: it has `source:`) with glosses and names' languages added. */
function glossedDuo(extra: Record<string, (text: string) => string> = {}): Promise<string> {
  const glossField = `"gloss": { "$ref": "../defs.schema.json#/$defs/gloss", "description": "What the name means." }, "nameLang": { "$ref": "../defs.schema.json#/$defs/nameLang", "description": "The name's language." },`;
  return fixtureProject('duo', {
    'schemas/duo/chief.schema.json': swap('"attack": {', `${glossField} "attack": {`),
    'schemas/duo/harvest.schema.json': swap('"text": {', `${glossField} "text": {`),
    // A chief's Portuguese name (the collection's nameLang), glossed by this edition (a reading) in English and in
    // Portuguese (never shown: the name reads in Portuguese on the pt-BR page); the other's gloss is the rulebook's.
    'content/duo/chiefs.yaml': (t) =>
      swap(
        '- name: Maria Bonita\n',
        '- name: Maria Bonita\n  gloss: Pretty Maria\n',
      )(swap('- name: Zé Moleque\n', `- name: Zé Moleque\n  gloss: { reading: { en: Joe the Kid, pt-BR: Zé Menino }, note: "${EDITIONS}" }\n`)(t)),
    // An English card name glossed for the pt-BR page, where it stays in English (the locale file does not translate
    // it); and one glossed in the game's own language although its name is English: shown nowhere.
    'content/duo/harvests.yaml': (t) =>
      swap(
        '- name: Salt Pan\n',
        '- name: Salt Pan\n  gloss: Salt Flat\n',
      )(swap('- name: Mill Wheel\n', `- name: Mill Wheel\n  gloss: { reading: { pt-BR: Roda do Moinho }, note: "${EDITIONS}" }\n`)(t)),
    ...extra,
  });
}

describe('the gloss schema', () => {
  it('takes a text or a map of locales, and refuses anything else at its line, in words', async () => {
    const root = await glossedDuo({
      'content/duo/chiefs.yaml': swap('- name: Maria Bonita\n', '- name: Maria Bonita\n  gloss: 7\n  nameLang: Portuguese\n'),
    });
    const errors = (await diagnosticsOf(root)).filter((d) => d.startsWith('error'));
    // Zé Moleque's map of locales passes; Maria Bonita's number and her language written as a word do not.
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      /^error content\/duo\/chiefs\.yaml:6:\d+ schema-[a-zA-Z-]+: `chiefs "Maria Bonita" \.gloss` .*a string .*or a map of language tag to text/,
    );
    expect(errors[1]).toMatch(/^error content\/duo\/chiefs\.yaml:7:\d+ schema-pattern: `chiefs "Maria Bonita" \.nameLang` must be a language tag/);
    // The messages (after the code) speak the writer's words, not the schema's machinery.
    expect(errors.map((e) => e.slice(e.indexOf(': ') + 2)).join('\n')).not.toMatch(/\$defs|\$ref|anyOf|instancePath/);
  });

  it('refuses an empty gloss and a map keyed by something that is not a language tag', async () => {
    const root = await glossedDuo({
      'content/duo/chiefs.yaml': (t) =>
        `${swap('- name: Maria Bonita\n', '- name: Maria Bonita\n  gloss: ""\n')(t)}\n- name: Lampião\n  attack: 1\n  gloss: { English: Lamp }\n`,
    });
    const errors = (await diagnosticsOf(root)).filter((d) => d.startsWith('error'));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/chiefs\.yaml:6:.*"Maria Bonita" \.gloss/);
    expect(errors[1]).toMatch(/chiefs\.yaml:\d+:.*"Lampião" \.gloss/);
  });
});

describe('glosses on the site', () => {
  let files: SiteFiles;
  beforeAll(async () => {
    files = await siteOf(await glossedDuo(), { search: false });
  });
  const page = (f: SiteFiles, p: string) => String(f.get(p));
  const TITLE = 'title="This edition&#x27;s gloss: the rulebook does not translate this name."';

  it("follows a foreign name in the page's language, marked as this edition's where it is a reading", () => {
    const chiefs = page(files, 'duo/chiefs.html');
    expect(chiefs).toContain(`<h2 id="ze-moleque"><span lang="pt-BR">Zé Moleque</span> <span class="gloss" ${TITLE}>(Joe the Kid)</span></h2>`);
    // The rulebook's own gloss is shown as it is.
    expect(chiefs).toContain('<h2 id="maria-bonita"><span lang="pt-BR">Maria Bonita</span> <span class="gloss">(Pretty Maria)</span></h2>');
    // The reading's note is not a reading box under the heading: the gloss's title and the note above say it.
    expect(chiefs).not.toContain('class="reading"');
    expect(chiefs).not.toContain('the rules do not translate the name');
    // Said once above the entries, in words, out of search.
    expect(chiefs.match(/class="glosses-note"/g)).toHaveLength(1);
    expect(chiefs).toContain(
      '<p class="glosses-note" data-pagefind-ignore>The meaning in brackets after a name in another language is this edition&#x27;s gloss, not printed in the rulebook.</p>',
    );
    // Never a field row, nor the field's name.
    expect(chiefs).not.toMatch(/<dt>[^<]*(?:gloss|nameLang)/i);
    expect(decodeEntities(chiefs.replace(/<[^>]*>/g, ' '))).not.toMatch(/nameLang|Joe the Kid(?!\))/);
  });

  it("is left out where the name reads in the page's language, and shown where only the page's locale glosses it", () => {
    // pt-BR page: the chief's name is Portuguese there, so no gloss (not even the pt-BR one).
    const ptChiefs = page(files, 'duo/pt-BR/chiefs.html');
    expect(ptChiefs).toMatch(/<h2 id="ze-moleque">Zé Moleque<\/h2>/);
    expect(ptChiefs).not.toContain('class="gloss"');
    // English page: Mill Wheel's name is English, Salt Pan's gloss is in English: neither shows.
    const harvests = page(files, 'duo/harvests.html');
    expect(harvests).not.toContain('class="gloss"');
    expect(harvests).not.toContain('glosses-note');
    // pt-BR page: Mill Wheel stays in English (marked so) and its pt-BR gloss follows, in the page's language, with the
    // note in Portuguese; Salt Pan's English gloss glosses nothing for a Portuguese reader and is left out.
    const ptHarvests = page(files, 'duo/pt-BR/harvests.html');
    expect(ptHarvests).toContain(
      '<span lang="en">Mill Wheel</span> <span class="gloss" title="Glosa desta edição: o livro de regras não traduz este nome.">(Roda do Moinho)</span>',
    );
    expect(ptHarvests).toContain('<p class="glosses-note" data-pagefind-ignore>O sentido entre parênteses');
    expect(ptHarvests).not.toContain('Salt Flat');
  });

  it('is listed with the readings on the drafts page, and a page with only printed glosses has no note', async () => {
    const drafts = decodeEntities(page(files, 'duo/drafts.html'));
    expect(drafts).toMatch(
      /<li><a href="chiefs\.html#ze-moleque">Zé Moleque<\/a> \(Chiefs\): This edition's gloss: the rules do not translate the name\.<\/li>/,
    );
    const printed = await glossedDuo({ 'content/duo/chiefs.yaml': swap('- name: Zé Moleque\n', '- name: Zé Moleque\n  gloss: Joe the Kid\n') });
    const chiefs = page(await siteOf(printed, { search: false }), 'duo/chiefs.html');
    expect(chiefs).toContain('<span lang="pt-BR">Zé Moleque</span> <span class="gloss">(Joe the Kid)</span>');
    expect(chiefs).not.toContain('glosses-note');
    expect(chiefs).not.toContain('title="This edition');
  });
});

describe("the bundled Cangaceiros: its Portuguese names glossed in English as this edition's", () => {
  let files: SiteFiles;
  beforeAll(async () => {
    files = await siteOf(ROOT);
  });
  const events = () => String(files.get('cangaceiros/events.html'));

  it('shows Tocaia in Portuguese, glossed "Ambush" in English, and marks the other Portuguese names', () => {
    const html = events();
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    expect(html).toContain(
      '<h2 id="tocaia"><span lang="pt-BR">Tocaia</span> <span class="gloss" title="This edition&#x27;s gloss: the rulebook does not translate this name.">(Ambush)</span></h2>',
    );
    // Place names are marked Portuguese, not glossed; Peace and Luger Parabellum are read as English.
    expect(html).toContain('<h2 id="raso-da-catarina"><span lang="pt-BR">Raso da Catarina</span></h2>');
    expect(html).toContain('<h2 id="peace">Peace</h2>');
    expect(html).toContain('<h2 id="luger-parabellum">Luger Parabellum</h2>');
    const glossed = [...html.matchAll(/<h2 id="([^"]+)"><span lang="pt-BR">[^<]+<\/span> <span class="gloss"/g)].map((m) => m[1]);
    expect(glossed).toEqual([
      'sargento-quele',
      'procura-se',
      'sertao-perigoso',
      'bencao-de-padre-cicero',
      'facada',
      'pedro-candido-traidor',
      'cala-a-boca',
      'matar-os-macacos',
      'corrupcao',
      'tocaia',
    ]);
    // "On this page" names the event with its gloss.
    expect(html).toMatch(/<a href="#tocaia">Tocaia \(Ambush\)<\/a>/);
  });

  it('glosses Volante, Cangaceiro and Facão where they are entries, and no chief or city (people and places)', () => {
    expect(String(files.get('cangaceiros/icons.html'))).toContain('<span lang="pt-BR">Volante</span> <span class="gloss"');
    expect(String(files.get('cangaceiros/plunder-bonuses.html'))).toContain('<span lang="pt-BR">Facão</span> <span class="gloss"');
    expect(String(files.get('cangaceiros/chiefs.html'))).not.toContain('class="gloss"');
    expect(String(files.get('cangaceiros/cities.html'))).not.toContain('class="gloss"');
  });

  it("lists each of this edition's glosses with the readings, and shows Cangaço's printed gloss as it is", () => {
    const drafts = decodeEntities(String(files.get('cangaceiros/drafts.html')));
    expect(drafts).toContain(
      '<li><a href="events.html#tocaia">Tocaia</a> (Event tiles): The rulebook keeps this name in Portuguese and does not translate it: this English gloss is this edition\'s.</li>',
    );
    // Cangaço prints "Camp (Acampamento)": its gloss is the rulebook's, unmarked; Tocaia's there is this edition's.
    const cards = String(files.get('cangaco/cards.html'));
    expect(cards).toContain('<h2 id="acampamento"><span lang="pt-BR">Acampamento</span> <span class="gloss">(Camp)</span></h2>');
    expect(cards).toMatch(/<h2 id="tocaia"><span lang="pt-BR">Tocaia<\/span> <span class="gloss" title="[^"]+">\(Ambush\)<\/span><\/h2>/);
    // On Cangaço's pt-BR pages the names read in Portuguese: no gloss.
    expect(String(files.get('cangaco/pt-BR/cards.html'))).not.toContain('class="gloss"');
  });

  it('is in the text Pagefind indexes for the event, so "ambush" finds Tocaia', () => {
    const fragment = pagefindFragments(files).find((f) => f.url === '/cangaceiros/events.html');
    expect(fragment).toBeDefined();
    expect(fragment!.content).toMatch(/Tocaia \(Ambush\)/);
    // The note saying who wrote the glosses is not what a search should find.
    expect(fragment!.content).not.toContain("this edition's gloss");
  });
});

describe('glosses in the engine package', () => {
  it('an engine reads `gloss` as optional text, typed from the schema with its note, beside the name', async () => {
    const result = await check(ROOT);
    const games = result.games.filter((g) => g.linked.game.manifest.id === 'cangaceiros');
    const out = emitPackage(games, result.schemas, '0');
    const dts = String(out.get('cangaceiros.d.ts'));
    const eventType = /export interface EventTile \{[\s\S]*?\n\}/.exec(dts)?.[0] ?? '';
    expect(eventType.replace(/\n\s+/g, '\n')).toContain(
      "/** What the Portuguese name means, in English: this edition's gloss, not printed in the rulebook (which keeps the names untranslated). */\nreadonly gloss?: string;",
    );
    expect(eventType).toContain('readonly nameLang?: string;');
    // The package as Node imports it (the committed generated/ is rebuilt from content on merge).
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-glosses-'));
    for (const [file, text] of out) await writeFile(path.join(dir, file), text);
    const script = `import { cangaceiros } from ${JSON.stringify(path.join(dir, 'index.js'))};
      const e = cangaceiros.events.byId;
      console.log(JSON.stringify([e.tocaia.name, e.tocaia.gloss, e['raso-da-catarina'].gloss ?? null, e.peace.nameLang]));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual(['Tocaia', 'Ambush', null, 'en']);
    // The README tells an engine programmer how to read it, with an example that type-checks strictly.
    const readme = String(out.get('README.md'));
    const section = readme.slice(readme.indexOf('## Glosses'));
    expect(section).toContain('`entry.readings.gloss` holds its note');
    const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(example).toContain('text(entry.gloss, "en"); // "Sergeant Quelè"');
    const consumer = await consumerOf(dir);
    const file = path.join(consumer, 'readme-glosses.ts');
    await writeFile(file, `${example}export {};\n`);
    expect(diagnostics(file)).toEqual([]);
  });
});
