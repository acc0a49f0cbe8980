import { describe, expect, it } from 'vitest';
import { CASES, projectOf } from './diagnostic-cases.ts';
import { diagnosticsOf } from './helpers.ts';

// The one place the diagnostics tests hold the words of messages (the cases' `words`):
// diagnostics.test.ts holds the same reports to their code and place only.
describe('the words of each message', () => {
  const worded = Object.entries(CASES).filter(([, c]) => Object.keys(c.words).length > 0);

  it('covers the messages a reader acts on: every code the cases report with words', () => {
    const codes = new Set(worded.flatMap(([, c]) => Object.keys(c.words).map((r) => r.split(' ')[2])));
    expect([...codes].sort()).toEqual(
      [
        'component-count',
        'duplicate-id',
        'example-field',
        'manifest-name',
        'page-address-taken',
        'ref-unknown',
        'rule-field',
        'schema-additionalProperties',
        'schema-discriminator',
        'schema-enum',
        'schema-form',
        'schema-json',
        'schema-missing',
        'schema-pattern',
        'schema-required',
        'schema-type',
        'yaml-duplicate-key',
        'yaml-indent',
        'yaml-tab-indent',
        'yaml-unclosed',
      ].sort(),
    );
  });

  it.each(worded)('%s', async (_, c) => {
    const messages = await diagnosticsOf(await projectOf(c));
    for (const [report, words] of Object.entries(c.words)) expect(messages).toContain(`${report}: ${words}`);
  });
});
