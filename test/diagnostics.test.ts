import { describe, expect, it } from 'vitest';
import { CASES, projectOf, reportsOf } from './diagnostic-cases.ts';
import { fixturesProject, runCli } from './helpers.ts';

// Each mistake is held to its code and place on a fixture game; the words of the messages are
// held in one place, diagnostic-wording.test.ts, so rewording a message changes one file.

describe('each mistake is reported with its code, at its place', () => {
  it('the fixture games as they are report nothing', async () => {
    expect(await reportsOf(await fixturesProject(['duel', 'hostile']))).toEqual([]);
  });

  it.each(Object.entries(CASES))('%s', async (_, c) => {
    expect(await reportsOf(await projectOf(c))).toEqual(c.reports);
  });
});

describe('what check prints', () => {
  const enumCase = CASES['a value not among the allowed ones, with the nearest'];

  it('path:line:col: severity code, then the message with a code frame; exit 1', async () => {
    const r = await runCli(['check', '-C', await projectOf(enumCase)]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('content/hostile/cards.yaml:4:9: error schema-enum ');
    expect(r.err).toMatch(/> 4 \| {3}kind: sett\n\s+\|\s+\^\^\^\^/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('--format json gives the same diagnostics as data', async () => {
    const r = await runCli(['check', '-C', await projectOf(enumCase), '--format', 'json']);
    expect(r.code).toBe(1);
    const items = JSON.parse(r.out) as Array<{ file: string; line: number; column: number; ruleId: string; severity: string }>;
    expect(items).toEqual([expect.objectContaining({ file: 'content/hostile/cards.yaml', line: 4, column: 9, ruleId: 'schema-enum', severity: 'error' })]);
  });
});

describe('bad content never crashes the tool', () => {
  const crashers = [
    'a manifest that is a list',
    'a manifest with fields of the wrong shape',
    'manifest names that name nothing',
    'a collection file that is not a list',
    'entries that are not maps, and a placeholder without a note',
    'a missing schema and a schema that is not JSON',
    'a file the manifest names that does not exist',
  ] as const;
  it.each(crashers)('%s: build refuses with exit 1, no internal error', async (name) => {
    const r = await runCli(['build', '-C', await projectOf(CASES[name])]);
    expect(r.code).toBe(1);
    expect(r.err).not.toContain('internal error');
  });
});
