// One wrong setting can break every reference of a large game: the output stays readable and the check fast.
import { describe, expect, it } from 'vitest';
import { makeProject, MINI_GAME, MINI_SCHEMA, runCli } from './helpers.ts';

describe('thousands of the same diagnostic', () => {
  it('prints the first 20 of each kind and counts the rest; --all and JSON keep every one', async () => {
    // 3,000 cards each naming a card that does not exist (as when the IDs come from another field than the data's).
    const cards = Array.from({ length: 3000 }, (_, i) => `- { name: Card ${i}, kind: single, beats: card-${i}-x }`).join('\n') + '\n';
    const root = await makeProject({ 'content/mini/game.yaml': MINI_GAME, 'content/mini/cards.yaml': cards, 'schemas/mini/card.schema.json': MINI_SCHEMA });
    const text = await runCli(['check', '-C', root]);
    expect(text.code).toBe(1);
    expect(text.err.match(/error ref-unknown/g)).toHaveLength(20);
    expect(text.err).toContain('... and 2980 more ref-unknown (3000 in all; --all prints every one)');
    expect(text.err).toContain('3000 errors, 0 warnings');
    // The first ones still carry their "did you mean".
    expect(text.err).toContain('did you mean "card-0"?');
    const all = await runCli(['check', '-C', root, '--all']);
    expect(all.err.match(/error ref-unknown/g)).toHaveLength(3000);
    const json = await runCli(['check', '-C', root, '--format', 'json']);
    expect(JSON.parse(json.out)).toHaveLength(3000);
  });
});
