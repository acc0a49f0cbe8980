// A save's entry starts and line starts, spliced from the last text's around the one place it changed
// (load/entry-splice.ts), are exactly what reading the whole new text gives; and a file re-parsed that way over
// many saves still reads as its whole parse (load/entry-reparse.ts).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { reparseChanged } from '../compiler/load/entry-reparse.ts';
import { spliceEntryStarts, spliceLineStarts } from '../compiler/load/entry-splice.ts';
import { loadYaml } from '../compiler/load/game.ts';
import { ParseCache } from '../compiler/load/parse-cache.ts';
import { entryStarts } from '../compiler/load/split-sequence.ts';
import { YamlSource } from '../compiler/load/yaml-source.ts';
import { seededRandom as random } from './helpers.ts';

const card = (i: number, nl: string) => `- id: card-${i}${nl}  name: Cárd ${i}${nl}  points: ${i % 7}${nl}  text: Some text for card ${i}.${nl}`;

/** One edit a designer might make: a value changed, an entry added or removed, a comment, blank lines, the file's end. */
function edit(text: string, pick: () => number, nl: string): string {
  const at = (list: number[]) => list[Math.floor(pick() * list.length)]!;
  const starts = entryStarts(text) ?? [0];
  const lineStart = (i: number) => (i === 0 ? 0 : starts[i]!);
  const i = Math.floor(pick() * starts.length);
  const n = Math.floor(pick() * 1e6);
  switch (Math.floor(pick() * 9)) {
    case 0: // a value changed in place
      return text
        .replace(new RegExp(`(text: Some text for card \\d+)\\.`), (m, s: string) => (pick() < 0.5 ? `${s} and more ${n}.` : m))
        .replace(/points: \d/, `points: ${n % 9}`);
    case 1: {
      // a word typed in the middle of some entry's text
      const from = starts[i]!;
      const cut = text.indexOf('text: ', from) + 6;
      return cut > 5 ? `${text.slice(0, cut)}x${n} ${text.slice(cut)}` : text;
    }
    case 2: // an entry inserted before another
      return `${text.slice(0, lineStart(i))}${card(n, nl)}${text.slice(lineStart(i))}`;
    case 3: {
      // an entry removed
      if (starts.length < 3) return text;
      const end = starts[i + 1] ?? text.length;
      return text.slice(0, lineStart(i)) + text.slice(end);
    }
    case 4: // an entry added at the end, with or without a line break after it
      return text.endsWith(nl) ? `${text}${card(n, nl).slice(0, pick() < 0.5 ? -nl.length : undefined)}` : `${text}${nl}${card(n, nl)}`;
    case 5: // a comment at the margin between entries
      return `${text.slice(0, starts[i]!)}# note ${n}${nl}${text.slice(starts[i]!)}`;
    case 6: // the file's head comment
      return text.startsWith('#') ? text.replace(/^#[^\n]*/, `# Cards, version ${n}`) : `# Cards${nl}${text}`;
    case 7: // blank lines between entries
      return `${text.slice(0, starts[i]!)}${nl}${nl}${text.slice(starts[i]!)}`;
    default: // the first character of an entry's line itself
      return at([0, 1]) === 0
        ? `${text.slice(0, starts[i]!)}-${nl}  id: bare-${n}${nl}${text.slice(starts[i]!)}`
        : text.replace(/\n- id: card/, '\n- id: kard');
  }
}

/** How many characters `a` and `b` share at their start, and at their end (not reaching into the first). */
function shared(a: string, b: string): [number, number] {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  return [p, s];
}

const firstAtZero = (starts: readonly number[]) => starts.map((s, i) => (i === 0 ? 0 : s));
const lineStartsOf = (text: string) => Array.from(new YamlSource('x.yaml', text).parse(new DiagnosticBag()).lineStarts);

describe('entry starts and line starts spliced around a save', () => {
  for (const nl of ['\n', '\r\n'])
    it(`are those of the whole new text, over 400 random edits (${nl === '\n' ? 'LF' : 'CRLF'})`, () => {
      const pick = random(nl.length * 7919);
      let text = `# Cards${nl}${Array.from({ length: 12 }, (_, i) => card(i, nl)).join('')}`;
      let spliced = 0;
      for (let k = 0; k < 400; k++) {
        const next = edit(text, pick, nl);
        const old = entryStarts(text);
        const whole = entryStarts(next);
        if (!old || !whole) {
          text = whole ? next : text;
          continue;
        }
        const [prefix, suffix] = shared(text, next);
        const got = spliceEntryStarts(firstAtZero(old), text.length, next, prefix, suffix);
        expect(got, `edit ${k}`).toBeDefined();
        expect(firstAtZero(got!.starts), `edit ${k}`).toEqual(firstAtZero(whole));
        const lines = spliceLineStarts(lineStartsOf(text), next, got!.from, got!.to, next.length - text.length);
        expect(Array.from(lines), `edit ${k}`).toEqual(lineStartsOf(next));
        // The same from a joined parse's line starts (an Int32Array).
        expect(Array.from(spliceLineStarts(Int32Array.from(lineStartsOf(text)), next, got!.from, got!.to, next.length - text.length))).toEqual(
          lineStartsOf(next),
        );
        spliced++;
        text = next;
      }
      expect(spliced).toBeGreaterThan(300);
    });

  it('are not spliced where the new text is no longer a list at the margin', () => {
    const text = `${card(1, '\n')}${card(2, '\n')}${card(3, '\n')}`;
    const next = text.replace('- id: card-2', 'key: card-2');
    const [prefix, suffix] = shared(text, next);
    expect(spliceEntryStarts(firstAtZero(entryStarts(text)!), text.length, next, prefix, suffix)).toBeUndefined();
    // The dash kept, the space after it gone: `-id:` at the margin is no entry, though the line's first character is shared.
    const dashed = text.replace('- id: card-2', '-id: card-2');
    expect(spliceEntryStarts(firstAtZero(entryStarts(text)!), text.length, dashed, ...shared(text, dashed))).toBeUndefined();
    const tabbed = text.replace('  name: Cárd 2', '\tname: Cárd 2');
    expect(spliceEntryStarts(firstAtZero(entryStarts(text)!), text.length, tabbed, ...shared(text, tabbed))).toBeUndefined();
  });

  it('keep a large file reading as its whole parse over many saves', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-splice-'));
    const file = path.join(dir, 'cards.yaml');
    const pick = random(42);
    let text = `# Cards\n${Array.from({ length: 400 }, (_, i) => card(i, '\n')).join('')}`;
    await writeFile(file, text);
    const cache = new ParseCache();
    expect((await loadYaml(dir, file, new DiagnosticBag(), new Map(), cache))!.ok).toBe(true);
    for (let k = 0; k < 40; k++) {
      text = edit(text, pick, '\n');
      await writeFile(file, text);
      const got = (await reparseChanged([{ file, shown: 'cards.yaml' }], cache)).get(file);
      const whole = (await loadYaml(dir, file, new DiagnosticBag()))!;
      if (!got) continue; // a text the entries cannot be taken from: the caller parses it whole
      const source = got.source as YamlSource;
      expect(source.value, `save ${k}`).toEqual(whole.value);
      expect(Array.from(source.lineStarts), `save ${k}`).toEqual(Array.from(whole.lineStarts));
      for (const pointer of [...whole.ranges.keys()].filter((_, i) => i % 97 === 0)) expect(source.placeOf(pointer), pointer).toEqual(whole.placeOf(pointer));
      cache.set('cards.yaml', text, source, []);
    }
    expect(cache.entryCounts.reused).toBeGreaterThan(40 * 300);
  });
});
