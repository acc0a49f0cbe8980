import { describe, expect, it } from 'vitest';
import { root } from '../../generated/index.js';
import { plainText } from '../../compiler/link/tokens.ts';
import { differs, sourceText } from './source-text.ts';

const seed = sourceText('root', 'lei-de-root-apendices.txt');
const lines = seed.split('\n').map((l) => l.trim());
const reference = sourceText('root', 'icons-lost-in-extraction.md');
const tree = [...root.rules.all.filter((r) => !r.external), ...root.glossary.all];

/** The full numbers the seed prints, rebuilding roman and lettered sub-rules from the rule they stand under. */
function printedNumbers(): string[] {
  const out: string[] = [];
  let arabic = '';
  let roman = '';
  for (const line of lines) {
    const numbered = /^(16(?:\.\d+)+)(?:\s|$)/.exec(line);
    if (numbered) {
      arabic = numbered[1]!;
      roman = '';
      out.push(arabic);
    } else if (/^[IVX]+$/.test(line)) {
      roman = `${arabic}.${line}`;
      out.push(roman);
    } else if (/^[a-z]$/.test(line) && roman) out.push(`${roman}.${line}`);
  }
  return out;
}

describe('the Law of Root, section 16', () => {
  it('every number printed in the seed is in the data, once, in printed order', () => {
    const numbers = tree.map((r) => r.number).sort((a, b) => seed.indexOf(`\n${a.split('.').at(-1)}\n`) - seed.indexOf(`\n${b.split('.').at(-1)}\n`));
    const printed = printedNumbers();
    expect(new Set(tree.map((r) => r.number)).size).toBe(tree.length);
    expect([...tree.map((r) => r.number)].sort()).toEqual([...printed].sort());
    expect(printed.length).toBeGreaterThan(100);
    void numbers;
  });

  it('rules are reachable by number, roman sub-rules included', () => {
    expect(root.rules.byId['16.4.1.II']?.number).toBe('16.4.1.II');
    expect(root.rules.byId['16.1.8.I.a']).toBeDefined();
  });

  it('titles are as printed', () => {
    const flat = seed.replace(/\s+/g, ' ');
    for (const rule of root.rules.all.filter((r) => !r.external && r.title)) {
      const raw = String(rule.title);
      // Icons were lost from the seed's text: compare what stands before an icon.
      const comparable = (raw.includes('{icon:') ? raw.slice(0, raw.indexOf('{icon:')) : raw).replace(/\s*\($/, '');
      const title = plainText(comparable, (t) => t.label ?? t.target).replace(/\s+/g, ' ').trim();
      expect(flat.includes(title), differs(`Rule ${rule.number}'s title "${title}"`, '(no such title)')).toBe(true);
    }
  });

  it('texts are as printed (icons aside, which the seed lost)', () => {
    const flat = seed.replace(/\s+/g, ' ');
    const texts = [...root.rules.all, ...root.glossary.all].filter((r) => 'text' in r && r.text && !String(r.text).includes('{icon:'));
    expect(texts.length).toBeGreaterThan(80);
    for (const rule of texts) {
      const text = plainText(String(rule.text), (t) => t.label ?? t.target).replace(/\s+/g, ' ').trim();
      expect(flat.includes(text), differs(`Rule ${rule.number}'s text "${text.slice(0, 80)}"`, '(no such sentence)')).toBe(true);
    }
  });

  it('the glossary has the 34 terms of 16.6, named as printed without the final period', () => {
    expect(root.glossary.all).toHaveLength(34);
    for (const entry of root.glossary.all) {
      const at = lines.indexOf(entry.number);
      expect(lines[at + 1], differs(`Glossary term ${entry.number} "${entry.name}"`, lines[at + 1] ?? '')).toBe(`${entry.name}.`);
    }
  });

  it("the Vagabonds' starting items match the reference sheet", () => {
    expect(root.vagabonds.all).toHaveLength(9);
    for (const v of root.vagabonds.all) {
      const row = reference.split('\n').find((l) => l.startsWith(`| ${v.number}.I |`));
      expect(row, v.name).toBeDefined();
      const items = row!.split('|')[3]!.trim().split(',').map((s) => s.trim());
      expect(v.items, differs(`The starting items of ${v.name}`, items.join(', '))).toEqual(items);
      expect(root.rules.byId[v.action.number as keyof typeof root.rules.byId], v.name).toBeDefined();
    }
  });

  it('every cross-reference resolves, inside or outside section 16', () => {
    const numbers = new Set([...root.rules.all.map((r) => r.number), ...root.glossary.all.map((g) => g.number)]);
    const refs = [...root.rules.all, ...root.glossary.all].flatMap((r) => [
      ...[...String(('text' in r ? r.text : '') ?? '').matchAll(/\{ref:([^|}]+)/g)].map((m) => m[1]!),
      ...((r.see ?? []) as ReadonlyArray<{ ref: string }>).map((s) => s.ref),
    ]);
    expect(refs.length).toBeGreaterThan(40);
    expect(refs.filter((r) => !numbers.has(r))).toEqual([]);
    expect(root.rules.all.filter((r) => r.external).map((r) => r.number)).toEqual(expect.arrayContaining(['2.5', '5.1.4', '9.2.8']));
  });
});
