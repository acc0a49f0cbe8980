import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiffReport } from '../../compiler/diff/diff.ts';
import { gitCommitAll, makeProject, runCli, swap } from '../helpers.ts';

// On a copy of the bundled Cangaço in a scratch git repository: the errata a
// designer makes (a Cordel card's points change, one card is removed, one is
// renamed) read back by `rulebook diff`. A content test: it names Cangaço's
// cards, so it may need an update when a designer edits them.
const CORDEL = 'content/cangaco/cordel.yaml';

describe('rulebook diff on Cangaço', () => {
  it('names the changed, the removed and the renamed Cordel card with their semver classes', async () => {
    const root = await makeProject({}, { copyContent: ['cangaco'] });
    gitCommitAll(root, 'Cangaço as released', 'v1.0.0');
    const file = path.join(root, CORDEL);
    let text = await readFile(file, 'utf8');
    text = swap('- name: O Velho Calunga e a Rolinha Trelosa\n  scoring: { op: per, points: 5,', '- name: O Velho Calunga e a Rolinha Trelosa\n  scoring: { op: per, points: 4,')(text);
    text = swap('given: [{ flour: 13 }, { flour: 5 }]\n      expect: [10, 0]', 'given: [{ flour: 13 }, { flour: 5 }]\n      expect: [8, 0]')(text);
    text = swap('- name: O Corno Artur no Brega de Camelot', '- name: O Corno Artur no Brega de Avalon')(text);
    const start = text.indexOf('- name: As Proezas de Tinho Mangoso');
    text = text.slice(0, start) + text.slice(text.indexOf('- name: O Divórcio do Satanás', start));
    await writeFile(file, text);

    const json = await runCli(['diff', 'v1.0.0', '--format', 'json', '-C', root]);
    expect(json.err).toBe('');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as DiffReport;
    expect(report.level).toBe('major');
    const cordel = report.changes.filter((c) => c.game === 'cangaco' && c.collection === 'cordel');
    expect(cordel.map((c) => `${c.level} ${c.kind} ${c.was ? `${c.was} -> ` : ''}${c.id}${c.path ?? ''}`)).toEqual([
      'patch rule-changed o-velho-calunga-e-a-rolinha-trelosa/scoring',
      'patch example-changed o-velho-calunga-e-a-rolinha-trelosa/examples/0/expect',
      'major entry-renamed o-corno-artur-no-brega-de-camelot -> o-corno-artur-no-brega-de-avalon',
      'major entry-removed as-proezas-de-tinho-mangoso',
    ]);
    // Nothing else in the game moved.
    expect(report.changes.length).toBe(cordel.length);
    const rule = cordel[0]!;
    expect(String(rule.before)).toMatch(/^Gain 5 points for each set of 6 Flour/);
    expect(String(rule.after)).toMatch(/^Gain 4 points for each set of 6 Flour/);

    const md = await runCli(['diff', 'v1.0.0', '--format', 'markdown', '-C', root]);
    expect(md.out).toContain('## Cangaço\n\n### Cordel cards\n\n');
    expect(md.out).toContain('- **Renamed** (major): O Corno Artur no Brega de Camelot (`o-corno-artur-no-brega-de-camelot`) is now O Corno Artur no Brega de Avalon (`o-corno-artur-no-brega-de-avalon`)');
    expect(md.out).toContain('- **Removed** (major): As Proezas de Tinho Mangoso (`as-proezas-de-tinho-mangoso`)');
    const txt = await runCli(['diff', 'v1.0.0', '-C', root]);
    expect(txt.out).toContain('    patch  changed rule o-velho-calunga-e-a-rolinha-trelosa "O Velho Calunga e a Rolinha Trelosa": scoring  content/cangaco/cordel.yaml:16');
  });
});
