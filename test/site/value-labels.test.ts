import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameReport } from '../../compiler/commands/report.ts';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { DiffReport } from '../../compiler/diff/diff.ts';
import { FIXTURES, fixtureProject, gitCommitAll, runCli } from '../helpers.ts';
import { fixturesSite, siteOf, syntheticProject } from './built.ts';
import { codesShown, labelledValues } from './reader-text.ts';

// Enum values are words: the `duo` fixture's chiefs given a stance (oneOf of const + title), a yes/no with a word
// for each side, and a rank listed as a plain `enum` (no words: a warning). pt-BR gives some of the words in its
// locale file's `values:` and lacks one, which falls back to the schema's title with a warning.

const SCHEMA = 'schemas/duo/chief.schema.json';
const WORDS = `    "home": { "title": "Home town", "type": "string", "description": "Where the chief comes from." },
    "stance": { "title": "Stance", "oneOf": [{ "const": "raider", "title": "Raider" }, { "const": "wellGuardian", "title": "Guardian of the well" }] },
    "mounted": { "title": "Rides", "type": "boolean", "oneOf": [{ "const": true, "title": "On horseback" }, { "const": false, "title": "On foot" }] },
    "rank": { "title": "Rank", "enum": ["firstLieutenant", "captain"] }`;
const RANK_WORDS = `"rank": { "title": "Rank", "oneOf": [{ "const": "firstLieutenant", "title": "First lieutenant" }, { "const": "captain", "title": "Captain" }] }`;

const edits = (more: Record<string, (t: string) => string> = {}) => ({
  [SCHEMA]: (t: string) => t.replace(/ {4}"home": \{[^\n]*\}/, WORDS),
  'content/duo/chiefs.yaml': (t: string) =>
    t
      .replace('home: Serra Talhada', 'home: Serra Talhada\n  stance: raider\n  mounted: true\n  rank: firstLieutenant')
      .replace('home: Paulo Afonso', 'home: Paulo Afonso\n  stance: wellGuardian\n  mounted: false\n  rank: captain'),
  'content/duo/locales/pt-BR.yaml': (t: string) =>
    `${t}values:\n  chiefs:\n    stance:\n      raider: Saqueador\n    mounted:\n      true: A cavalo\n      false: A pé\n`,
  ...more,
});

async function checked(root: string): Promise<string[]> {
  const { out } = await runCli(['check', '-C', root, '--format', 'json']);
  const all = JSON.parse(out) as Array<{ severity: string; file: string; line: number; column: number; ruleId: string; message: string }>;
  return all.map((d) => `${d.severity} ${d.file}:${d.line}:${d.column} ${d.ruleId}: ${d.message}`);
}

const main = (html: string | Uint8Array | undefined) => /<main\b[\s\S]*<\/main>/.exec(String(html ?? ''))?.[0] ?? '';

describe('enum values shown in words', () => {
  it("shows each value by its word, in the page's locale from `values:`, falling back to the schema's title", async () => {
    const files = await siteOf(await fixtureProject('duo', edits()), { search: false });
    const en = main(files.get('duo/chiefs.html'));
    expect(en).toContain('<dt>Stance</dt><dd>Raider</dd>');
    expect(en).toContain('<dt>Stance</dt><dd>Guardian of the well</dd>');
    // A yes/no with words reads as them, not "Yes".
    expect(en).toContain('<dt>Rides</dt><dd>On horseback</dd>');
    expect(en).toContain('<dt>Rides</dt><dd>On foot</dd>');
    const pt = main(files.get('duo/pt-BR/chiefs.html'));
    expect(pt).toContain('<dd>Saqueador</dd>');
    expect(pt).toContain('<dd>A cavalo</dd>');
    expect(pt).toContain('<dd>A pé</dd>');
    // No pt-BR word for the guardian: the schema's (English) title, never the code.
    expect(pt).toContain('<dd>Guardian of the well</dd>');
    // What a reader reads (text, not the filter form's option values and entry list, which hold the codes).
    expect(readable(pt)).not.toContain('wellGuardian');
  });

  it("a face template's helpers give a value by its word", async () => {
    const root = await fixtureProject('duo', edits());
    await mkdir(path.join(root, 'content/duo/templates'), { recursive: true });
    await writeFile(path.join(root, 'content/duo/templates/chiefs.hbs'), ':::stats\n{{stat "stance"}} {{value "mounted"}}\n:::\n');
    const page = main((await siteOf(root, { search: false })).get('duo/chiefs.html'));
    expect(page).toContain('<span class="face-stat-label">Stance</span> <span class="face-stat-value">Raider</span>');
    expect(page).toContain('On horseback');
    expect(readable(page)).not.toMatch(/\braider\b|wellGuardian/);
  });

  it('warns at the schema property of a shown value with no word, and of one a declared locale does not translate', async () => {
    const warnings = (await checked(await fixtureProject('duo', edits()))).filter((d) => d.includes('value-label-missing'));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning schemas\/duo\/chief\.schema\.json:14:5 value-label-missing: chiefs "stance" value "wellGuardian" has no pt-BR word, so pt-BR pages show the en title/,
      ),
      expect.stringMatching(
        /^warning schemas\/duo\/chief\.schema\.json:16:5 value-label-missing: chiefs "rank" shows the values "firstLieutenant", "captain" as written in the data/,
      ),
    ]);
  });

  it('`rulebook report` counts the values with no word, in the game and in each other locale', async () => {
    const root = await fixtureProject('duo', edits());
    const report = JSON.parse((await runCli(['report', '-C', root, '--format', 'json'])).out) as GameReport[];
    expect(report[0]).toMatchObject({ valueLabelsMissing: 2, translations: [{ locale: 'pt-BR', valueLabelsMissing: 1 }] });
    const text = (await runCli(['report', '-C', root])).out;
    expect(text).toContain('  values shown as written in the data (no word for readers): 2');
    expect(text).toContain('1 value word missing');
    // Every value given its word, in both locales: nothing to count, nothing to warn about.
    const done = await fixtureProject(
      'duo',
      edits({
        [SCHEMA]: (t) => t.replace(/ {4}"home": \{[^\n]*\}/, WORDS.replace(/"rank": \{[^\n]*\}/, RANK_WORDS)),
        'content/duo/locales/pt-BR.yaml': (t) =>
          `${t}values:\n  chiefs:\n    stance: { raider: Saqueador, wellGuardian: Guardião do poço }\n    mounted: { true: A cavalo, false: A pé }\n    rank: { firstLieutenant: Primeiro-tenente, captain: Capitão }\n`,
      }),
    );
    const after = JSON.parse((await runCli(['report', '-C', done, '--format', 'json'])).out) as GameReport[];
    expect(after[0]).toMatchObject({ valueLabelsMissing: 0, translations: [{ locale: 'pt-BR', valueLabelsMissing: 0 }] });
    expect((await checked(done)).filter((d) => d.includes('value-label-missing'))).toEqual([]);
    // And a reader sees no code on any page of either locale.
    const files = await siteOf(done, { search: false });
    expect(codesShown(files, labelledValues(path.join(done, 'schemas')))).toEqual([]);
  });

  it("a split collection's filter menus and entry list give an enum's values by their words", async () => {
    const root = await syntheticProject(450);
    const file = path.join(root, 'schemas/synth/card.schema.json');
    const schema = JSON.parse(await readFile(file, 'utf8')) as { properties: Record<string, { title?: string; enum?: string[]; oneOf?: unknown[] }> };
    const kind = schema.properties.kind!;
    kind.oneOf = kind.enum!.map((v) => ({ const: v, title: `${v[0]!.toUpperCase()}${v.slice(1)} card` }));
    delete kind.enum;
    await writeFile(file, JSON.stringify(schema));
    const files = await siteOf(root, { search: false });
    expect(String(files.get('synth/cards.2.html'))).toMatch(
      /<select id="filter-cards-kind" name="kind" data-filter><option value="">All<\/option><option value="building" data-label="Building card">Building card<\/option><option value="worker" data-label="Worker card">Worker card<\/option>/,
    );
    const list = JSON.parse(String(files.get('synth/cards.entries.json'))) as { fields: Array<{ key: string; values: string[]; labels: string[] }> };
    const menu = list.fields.find((f) => f.key === 'kind')!;
    expect(menu.values.slice(0, 2)).toEqual(['building', 'worker']);
    expect(menu.labels.slice(0, 2)).toEqual(['Building card', 'Worker card']);
  });

  it('no fixture game shows a code on any page', async () => {
    expect(codesShown(await fixturesSite(), labelledValues(FIXTURES))).toEqual([]);
  });

  it('the reader check finds a value shown as written', async () => {
    // The plain enum's values have no word: the check must see them (or it could pass on anything).
    const root = await fixtureProject('duo', edits());
    const files = await siteOf(root, { search: false });
    const shown = codesShown(files, new Set(['captain']));
    expect(shown).toContain('duo/chiefs.html: firstLieutenant (in "firstLieutenant")');
    expect(shown).toContain('duo/chiefs.html: enum value "captain" shown as written');
  });

  it('`diff` and release notes name a changed value by its words and the field by its label', async () => {
    const root = await fixtureProject('duo', edits());
    gitCommitAll(root, 'released', 'v1.0.0');
    const file = path.join(root, 'content/duo/chiefs.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('stance: raider', 'stance: wellGuardian'));
    const md = (await runCli(['diff', 'v1.0.0', '--format', 'markdown', '-C', root])).out;
    expect(md).toContain('- **Changed** (patch): Zé Moleque, Stance: Raider → Guardian of the well');
    expect(md).not.toMatch(/raider|wellGuardian|`stance`/);
    const text = (await runCli(['diff', 'v1.0.0', '-C', root])).out;
    expect(text).toContain('changed ze-moleque "Zé Moleque": Stance Raider -> Guardian of the well');
    // The machine-readable report keeps the values as written, beside the words.
    const report = JSON.parse((await runCli(['diff', 'v1.0.0', '--format', 'json', '-C', root])).out) as DiffReport;
    // The Changes page labels the field and words the values in each locale (pt-BR's word, else the schema's title).
    expect((await runCli(['release', '--date', '2026-12-01', '-C', root])).code).toBe(0);
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    expect(await readFile(path.join(root, 'docs-site/dist/duo/changes.html'), 'utf8')).toContain('<dt>Stance</dt><dd>Raider → Guardian of the well</dd>');
    expect(await readFile(path.join(root, 'docs-site/dist/duo/pt-BR/changes.html'), 'utf8')).toContain(
      '<dt>Stance</dt><dd>Saqueador → Guardian of the well</dd>',
    );
    expect(report.changes).toEqual([
      expect.objectContaining({
        path: '/stance',
        before: 'raider',
        after: 'wellGuardian',
        label: 'Stance',
        beforeWords: 'Raider',
        afterWords: 'Guardian of the well',
      }),
    ]);
  });

  it('rejects a `values:` that is not a map of fields to words, at its place', async () => {
    let stanceLine = 0;
    const root = await fixtureProject(
      'duo',
      edits({
        'content/duo/locales/pt-BR.yaml': (t) => {
          // The bad `stance:` goes on the third line after the file's own text.
          stanceLine = t.split('\n').length + 2;
          return `${t}values:\n  chiefs:\n    stance: Saqueador\n`;
        },
      }),
    );
    expect((await checked(root)).filter((d) => d.startsWith('error'))).toEqual([
      expect.stringMatching(
        new RegExp(`^error content/duo/locales/pt-BR\\.yaml:${stanceLine}:\\d+ locale-file: the values of chiefs stance map each value to its word`),
      ),
    ]);
  });
});

/** A page's text as a reader reads it: tags and their attributes left out. */
function readable(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}
