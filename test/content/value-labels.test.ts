import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../../compiler/pipeline.ts';
import { missingValueLabels } from '../../compiler/emit-site/value-labels.ts';
import { siteOf } from '../site/built.ts';
import { codesShown, labelledValues } from '../site/reader-text.ts';
import { ROOT } from '../helpers.ts';

// The bundled games as a reader sees them: every enum value a page shows reads as the rulebook's words
// (`facaoThenClockwise` was "Order: facaoThenClockwise"), in English and in Cangaço's pt-BR.
describe('the bundled games speak in words, not codes', () => {
  it('no page shows a camelCase identifier or an enum value that has a word as written in the data', async () => {
    const files = await siteOf(ROOT, { search: false });
    expect(codesShown(files, labelledValues(path.join(ROOT, 'schemas')))).toEqual([]);
    // The words the issue found missing, from the rulebooks.
    expect(String(files.get('cangaceiros/phases.html'))).toContain('<dd>Starting from the player with the Facão and proceeding clockwise</dd>');
    expect(String(files.get('cangaceiros/volantes-attack.html'))).toContain('<dt>Wounds on the Chief</dt><dd>The Chief dies</dd>');
    expect(String(files.get('cangaco/cards.html'))).toContain('<dt>Structure</dt><dd>Set card</dd>');
    expect(String(files.get('cangaco/pt-BR/cards.html'))).toContain('<dd>Carta de conjunto</dd>');
  });

  it('every enum value the site shows has its word, in each locale a game declares', async () => {
    const { games } = await check(ROOT);
    expect(games.flatMap((g) => missingValueLabels(g)).map((m) => `${m.collection} ${m.field} ${m.value} (${m.locale})`)).toEqual([]);
  });
});
