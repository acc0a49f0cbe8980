import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import { topLevelPiece, warmYamlParser } from '../compiler/serve/warm-up.ts';

const entry = (i: number) => `- id: card-${i}\n  name: Card ${i}\n  text: |\n    A long text\n    - not an entry\n  cost: ${i}\n`;
const file = Array.from({ length: 400 }, (_, i) => entry(i)).join('');

describe("serve's idle warm-up of the YAML parser", () => {
  it('parses a piece of whole entries of a large file, cut before a top-level line', () => {
    const piece = topLevelPiece(file, 2000);
    expect(piece.length).toBeLessThanOrEqual(2000);
    expect(piece.length).toBeGreaterThan(1000);
    expect(file.startsWith(piece)).toBe(true);
    expect(file.charAt(piece.length)).toBe('-');
    const bag = new DiagnosticBag();
    const value = new YamlSource('piece.yaml', piece).parse(bag).value;
    expect(bag.items).toEqual([]);
    expect(Array.isArray(value) && value.length).toBe(piece.split('\n- id:').length);
  });

  it('takes a small file whole, and nothing of a file with no top-level line to cut at', () => {
    expect(topLevelPiece(entry(1), 2000)).toBe(entry(1));
    expect(topLevelPiece(`key:\n${'  - x\n'.repeat(1000)}`, 2000)).toBe('');
  });

  it('stops as soon as a save comes', async () => {
    let asked = 0;
    await warmYamlParser(file, () => ++asked > 2, 8);
    expect(asked).toBe(3);
  });
});
