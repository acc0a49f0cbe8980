import { describe, expect, it } from 'vitest';
import { diagnosticsOf, ROOT } from '../helpers.ts';

// A check of the bundled Root appendix against its printed rulebook (moved
// here from test/rules-tree.test.ts, which now runs on a fixture game).
describe('names beside references', () => {
  it('"Veja DESCARTE (16.6.5)" in the seed is flagged: 16.6.5 is Compre, DESCARTE is 16.6.7', async () => {
    const found = (await diagnosticsOf(ROOT)).filter((x) => x.includes('ref-name-mismatch'));
    expect(found).toEqual([expect.stringMatching(/^warning content\/root\/glossary\.yaml:\d+:\d+ ref-name-mismatch: the text names "DESCARTE" but the reference points to rule 16\.6\.5, "Compre" \["DESCARTE" is rule 16\.6\.7\]$/)]);
  });
});
