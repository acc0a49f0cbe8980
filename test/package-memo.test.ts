// The package's data module keeps each entry's JSON line with its value (emit-code/data-module.ts), so a save under
// `rulebook serve` writes again only the lines it touched. A package emitted after an edit must still be, byte for
// byte, what a cold emit of the same content gives.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { writeSyntheticGame } from '../compiler/bench/synthetic-game.ts';
import { clearEmitCache, emitPackage } from '../compiler/emit-code/emit.ts';
import { check } from '../compiler/pipeline.ts';
import { makeProject } from './helpers.ts';

describe("the data module's kept lines", () => {
  it('give after an edit exactly what a cold emit gives', async () => {
    const root = await makeProject({});
    await writeSyntheticGame(root, { cards: 60, perFile: 30 });
    // Every collection through the data module (not the game module's literal form).
    const emit = async () => {
      const r = await check(root);
      expect(r.bag.errorCount).toBe(0);
      return { r, files: emitPackage(r.games, r.schemas, '0.0.0', undefined, { literalLimit: 0 }) };
    };
    const before = await emit();
    const file = path.join(root, 'content/synth/cards/cards-00001.yaml');
    const cards = parse(await readFile(file, 'utf8')) as Array<Record<string, unknown>>;
    cards[2]!.text = 'Zyxedited text of one card.';
    cards[3]!.name = 'Zyxrenamed';
    await writeFile(file, stringify(cards, { lineWidth: 0 }));
    const { r, files: warm } = await emit();
    const dataModule = [...warm.keys()].find((p) => /^synth\.[^.]+\.js$/.test(p))!;
    expect(warm.get(dataModule)).toContain('Zyxedited text of one card.');
    expect(warm.get(dataModule)).toContain('Zyxrenamed');
    expect(before.files.get(dataModule)).not.toContain('Zyxedited');
    clearEmitCache();
    const cold = emitPackage(r.games, r.schemas, '0.0.0', undefined, { literalLimit: 0 });
    expect([...warm.keys()]).toEqual([...cold.keys()]);
    for (const [p, c] of cold) expect(warm.get(p), p).toBe(c);
  });
});
