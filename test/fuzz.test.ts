import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Fuzzer, fuzzCase, mutate } from '../compiler/bench/fuzz.ts';

// 300 fuzz cases over the fixture games' YAML (compiler/bench/fuzz.ts says what a case does and what must hold); `npm run
// fuzz` runs 10,000. The seed is fixed so a run is repeatable; FUZZ_SEED=<n> tries others, and a failure prints the seed
// and the shrunk case to replay.
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);

describe('fuzzing the fixture games', () => {
  const fuzzer = new Fuzzer();
  afterAll(() => fuzzer.close());

  it('mutations change the bytes they are given (the cases below test damaged files)', () => {
    const text = Buffer.from('- name: A\n  points: 3\n- name: B\n');
    expect(mutate(text, { kind: 'retype', at: 0.5, value: '[1, two]' }).toString()).toBe('- name: A\n  points: [1, two]\n- name: B\n');
    expect(mutate(text, { kind: 'swap-lines', a: 0, b: 0.9 }).toString()).toBe('- name: B\n  points: 3\n- name: A\n');
    expect(mutate(text, { kind: 'insert', at: 0, bytes: [0xff] })[0]).toBe(0xff);
    expect(mutate(text, { kind: 'delete', at: 0, length: 2 }).toString()).toBe('name: A\n  points: 3\n- name: B\n');
    expect(mutate(text, { kind: 'repeat-line', at: 0 }).toString()).toBe('- name: A\n- name: A\n  points: 3\n- name: B\n');
    // A table's cell is retyped, between its delimiters.
    const table = Buffer.from('name,points\r\nA,3\r\n');
    expect(mutate(table, { kind: 'retype', at: 0.7, value: '"unclosed' }, true).toString()).toBe('name,points\r\nA,"unclosed\r\n');
    expect(mutate(table, { kind: 'retype', at: 0.5, value: 'x;y' }, true).toString()).toBe('name,points\r\nx;y,3\r\n');
  });

  it('300 damaged files: build ends in success with outputs, or errors with outputs untouched; never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (c) => {
        expect(await fuzzer.run(c), JSON.stringify(c)).toBeUndefined();
      }),
      { numRuns: 300, seed: SEED },
    );
  }, 600_000);
});
