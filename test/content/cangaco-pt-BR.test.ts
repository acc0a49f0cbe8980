import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DiagnosticBag } from '../../compiler/diagnostics/diagnostic.ts';
import { checkGame } from '../../compiler/pipeline.ts';
import { SchemaSet } from '../../compiler/validate/schemas.ts';
import { ROOT } from '../helpers.ts';
import type { CompiledRule } from '../../compiler/model.ts';

// Cangaço's Cordel cards in Brazilian Portuguese, rendered from the same scoring data as the English. The pt-BR
// sentences are a translation, not printed text: they are held to a reference table written by hand
// (cangaco-pt-BR.reference.yaml), as cordel.test.ts holds the English to the rulebook.
const reference = parse(readFileSync(path.join(ROOT, 'test/content/cangaco-pt-BR.reference.yaml'), 'utf8')) as Record<string, string>;
const translation = (id: string, expected: string) => `The pt-BR rules text of Cordel card "${id}" differs from the reference translation (test/content/cangaco-pt-BR.reference.yaml), which reads: "${expected}"`;

let cordel: CompiledRule[] = [];
let bag: DiagnosticBag;

beforeAll(async () => {
  bag = new DiagnosticBag();
  const schemas = await SchemaSet.load(ROOT, bag);
  const { checked } = await checkGame(ROOT, path.join(ROOT, 'content/cangaco'), schemas, bag);
  cordel = (checked?.rules ?? []).filter((r) => r.collection === 'cordel');
});

describe('Cangaço in pt-BR', () => {
  it('declares en and pt-BR, and every Cordel card has its text in both', () => {
    expect(cordel).toHaveLength(20);
    for (const r of cordel) expect(Object.keys(r.texts), r.entryId).toEqual(['en', 'pt-BR']);
  });

  it('the reference table names exactly the 20 Cordel cards', () => {
    expect(Object.keys(reference).sort()).toEqual(cordel.map((r) => r.entryId).sort());
  });

  it.each(Object.entries(reference))('%s: the pt-BR text is the reference translation', (id, expected) => {
    const rule = cordel.find((r) => r.entryId === id);
    expect(rule?.texts['pt-BR'], translation(id, expected)).toBe(expected);
  });

  it('the English text stays the main text, and no word is left untranslated', () => {
    for (const r of cordel) expect(r.texts.en, r.entryId).toBe(r.text);
    expect(cordel.find((r) => r.entryId === 'o-velho-calunga-e-a-rolinha-trelosa')?.text).toBe('Gain 5 points for each set of 6 Flour markers you have at the end of the game.');
    expect(bag.items.filter((d) => d.ruleId === 'text-missing-locale' || d.ruleId === 'locale-file').map((d) => d.message)).toEqual([]);
  });
});
