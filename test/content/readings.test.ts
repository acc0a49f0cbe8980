import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { check } from '../../compiler/pipeline.ts';
import { makeProject, ROOT, runCli } from '../helpers.ts';

// The readings of the bundled Cangaço: where its rulebook is silent and what this edition chose, in the data, the
// package and the pages. (The loader, drafts and the pt-BR labels are toolchain tests in test/readings.test.ts.)

describe('the bundled Cangaço game', () => {
  it('marks the six Cordel tie rules as readings (the rulebook prints no tie rule)', async () => {
    const result = await check(ROOT);
    const cangaco = result.games.find((g) => g.linked.game.manifest.id === 'cangaco')!;
    const ties = cangaco.linked.readings.filter((r) => r.collection === 'cordel' && r.path === '/scoring/ties');
    expect(ties).toHaveLength(6);
    for (const r of ties) expect(r.note).toMatch(/^The rulebook does not say how ties are broken; this edition shares places/);
  });
});

describe('a built copy of Cangaço', () => {
  it('carries the readings in its package and shows each beside the rule it shapes, in words', async () => {
    const root = await makeProject({}, { copyContent: ['cangaco'] });
    const built = await runCli(['build', '-C', root]);
    expect(built.code).toBe(0);

    // The engine package: `readings` beside `placeholders`, the same shape.
    const { cangaco } = (await import(pathToFileURL(path.join(root, 'generated', 'cangaco.js')).href)) as { cangaco: { readings: Array<{ collection: string; id: string; path: string; note: string }>; placeholders: unknown[] } };
    expect(cangaco.readings.filter((r) => r.collection === 'cordel' && r.path === '/scoring/ties').map((r) => r.id)).toEqual([
      'joao-valente-e-o-diabo-na-curva-da-taquara',
      'o-corno-artur-no-brega-de-camelot',
      'o-divorcio-do-satanas-e-a-loira-do-cao',
      'a-luta-do-carranca-contra-jose-tatu',
      'o-elixir-da-visao-de-cego-beraldo',
      'o-amansa-corno-de-chico-soro',
    ]);
    expect(cangaco.readings.some((r) => r.path === '/scoring/ties' && cangaco.placeholders.includes(r))).toBe(false);

    // The Cordel page: the reading stands right under the card's rule sentence.
    const html = await readFile(path.join(root, 'docs-site/dist/cangaco/cordel.html'), 'utf8');
    const card = articleOf(html, 'joao-valente-e-o-diabo-na-curva-da-taquara');
    expect(card).toMatch(/<p class="rules-text">The player with the most Flour markers[^<]*<\/p>\s*<p class="reading"><span class="reading-label">This edition&#x27;s reading:<\/span> The rulebook does not say how ties are broken; this edition shares places/);
    // The worked example that depends on it says so beside it; the one without a tie does not.
    const rows = card.split('<tr>').slice(2);
    expect(rows[0]).not.toContain('class="reading"');
    expect(rows[1]).toContain('This example depends on a reading:</span> The rulebook prints no tie rule');
    // No field name, pointer or JSON reaches the reader in a reading.
    for (const p of [...html.matchAll(/<p class="reading">(.*?)<\/p>/g)].map((m) => m[1]!)) {
      expect(p).not.toMatch(/\/scoring|ties:|share-place|[{}[\]]/);
    }

    // The drafts page lists the readings in their own section, by the name of what they shape.
    const drafts = await readFile(path.join(root, 'docs-site/dist/cangaco/drafts.html'), 'utf8');
    const section = drafts.slice(drafts.indexOf('<h2 id="readings">'));
    expect(section).toMatch(/^<h2 id="readings">Readings<\/h2>/);
    expect(section).toContain('<a href="cordel.html#joao-valente-e-o-diabo-na-curva-da-taquara">João Valente e o Diabo na Curva da Taquara</a> (Cordel cards): The rulebook does not say how ties are broken');
    expect(section).toContain('João Valente e o Diabo na Curva da Taquara</a> (Cordel cards, worked example 2): The rulebook prints no tie rule');
    expect(section).not.toMatch(/\/scoring\/ties|\/examples|cordel\.yaml/);
  });
});

/** The HTML of one entry's article on a collection page. */
function articleOf(html: string, id: string): string {
  const start = html.indexOf(`<article class="entity face" aria-labelledby="${id}">`);
  expect(start).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</article>', start));
}
