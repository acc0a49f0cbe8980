import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFolder } from '../compiler/write.ts';
import { makeProject, runCli } from './helpers.ts';

/**
 * A YAML collection as a spreadsheet would export it: one header cell per field (in order of first use), one row
 * per entry, a draft written in its cell as YAML flow text (`{ placeholder: null, note: "..." }`, the form a YAML
 * file uses), every other value as its text. csv-stringify quotes the cells that need it.
 */
function asCsv(yamlText: string): string {
  const entries = parse(yamlText) as Array<Record<string, unknown>>;
  const header = [...new Set(entries.flatMap((e) => Object.keys(e)))];
  const cell = (value: unknown): string => {
    if (value === undefined) return '';
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const mark = Object.hasOwn(value, 'placeholder') ? 'placeholder' : Object.hasOwn(value, 'reading') ? 'reading' : undefined;
      if (!mark) throw new Error(`the converted collection holds a map that is not a draft: ${JSON.stringify(value)}`);
      const v = value as Record<string, unknown>;
      return `{ ${mark}: ${JSON.stringify(v[mark])}, note: ${JSON.stringify(v.note)} }`;
    }
    if (Array.isArray(value)) throw new Error('the converted collection holds a list');
    return String(value);
  };
  return stringify([header, ...entries.map((e) => header.map((h) => cell(e[h])))]);
}

describe('the same collection as YAML and as CSV', () => {
  it("Cangaço's Station cards build to the same package and site either way", async () => {
    const yamlRoot = await makeProject({}, { copyContent: ['cangaco'] });
    const csvRoot = await makeProject({}, { copyContent: ['cangaco'] });
    const dir = path.join(csvRoot, 'content/cangaco');
    const csv = asCsv(await readFile(path.join(dir, 'stations.yaml'), 'utf8'));
    // The conversion is a real table: drafts in cells, a header of the fields.
    expect(csv.split('\n')[0]).toBe('name,number,season,deal,discardAtEnd,seasonEnds,passDirection');
    expect(csv).toContain('"{ placeholder: ""Rain"", note: ');
    await writeFile(path.join(dir, 'stations.csv'), csv);
    await rm(path.join(dir, 'stations.yaml'));
    const manifest = await readFile(path.join(dir, 'game.yaml'), 'utf8');
    expect(manifest).toContain('    file: stations.yaml\n');
    await writeFile(path.join(dir, 'game.yaml'), manifest.replace('    file: stations.yaml\n', '    file: stations.csv\n'));

    // One after the other: the site's search indexer is one process per run.
    const built = [await runCli(['build', '-C', yamlRoot]), await runCli(['build', '-C', csvRoot])];
    for (const b of built) expect(b.code, b.err).toBe(0);
    // The same diagnostics (none but the game's own warnings) and the same counts of drafts.
    // The editor schemas are the one difference: a CSV file gets no YAML schema (the other collections keep theirs).
    const said = (text: string) => text.replace(/^(phases|editor schemas): .*\n/gm, '');
    expect(said(built[1]!.err)).toBe(said(built[0]!.err));
    expect(built[0]!.err).toContain('editor schemas: wrote 5 files');
    expect(built[1]!.err).toContain('editor schemas: wrote 4 files');
    expect(built[1]!.out).toBe(built[0]!.out);
    // The Station cards are there, drafts and all, in what was compared.
    const page = await readFile(path.join(csvRoot, 'docs-site/dist/cangaco/stations.html'), 'utf8');
    expect(page).toContain('Dry 1');
    expect(page).toContain('The rulebook calls the second season Rain but prints no name for Station card 2.');
    for (const out of ['generated', 'docs-site/dist']) {
      const [fromYaml, fromCsv] = await Promise.all([yamlRoot, csvRoot].map((root) => readFolder(path.join(root, out))));
      expect(fromYaml!.size, out).toBeGreaterThan(5);
      expect([...fromCsv!.keys()].sort()).toEqual([...fromYaml!.keys()].sort());
      const differ = [...fromYaml!].filter(([file, bytes]) => !fromCsv!.get(file)!.equals(bytes)).map(([file]) => file);
      expect(differ, `${out}: files that differ`).toEqual([]);
    }
  }, 180_000);
});
