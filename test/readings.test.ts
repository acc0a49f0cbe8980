import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { check } from '../compiler/pipeline.ts';
import { diagnosticsOf, makeProject, MINI_GAME, MINI_SCHEMA, runCli } from './helpers.ts';

// A reading is a choice made where the rulebook is silent: `{ reading: VALUE, note }`,
// unwrapped like a placeholder, listed apart from placeholders everywhere it shows.

const KIND_NOTE = 'The rulebook does not say whether Lampião is single; this edition reads him as a single card.';
const AWARD_NOTE = 'The rulebook prints no second award; this edition gives 3, as the other cards do.';

const CARDS = `- name: Lampião
  kind: { reading: single, note: "${KIND_NOTE}" }
  awards: [5, { reading: 3, note: "${AWARD_NOTE}" }]
  points: { placeholder: 0, note: "The rulebook does not print the points." }
- name: Maria Bonita
  kind: set
`;

function mini(cards: string, game = MINI_GAME): Promise<string> {
  return makeProject({ 'content/mini/game.yaml': game, 'content/mini/cards.yaml': cards, 'schemas/mini/card.schema.json': MINI_SCHEMA });
}

describe('the loader', () => {
  it('unwraps a reading at any depth to its value, keeps its note and keeps it apart from placeholders', async () => {
    const root = await mini(CARDS);
    const result = await check(root);
    expect(result.bag.errorCount).toBe(0);
    const linked = result.games[0]!.linked;
    const lampiao = linked.game.collections.get('cards')!.entries[0]!;
    // The schema saw plain values: an enum member and an integer, not the marks around them.
    expect(lampiao.value.kind).toBe('single');
    expect(lampiao.value.awards).toEqual([5, 3]);
    expect(linked.readings).toEqual([
      { collection: 'cards', id: 'lampiao', path: '/kind', note: KIND_NOTE, file: 'content/mini/cards.yaml', line: 2 },
      { collection: 'cards', id: 'lampiao', path: '/awards/1', note: AWARD_NOTE, file: 'content/mini/cards.yaml', line: 3 },
    ]);
    expect(linked.placeholders.map((p) => p.path)).toEqual(['/points']);
  });

  it('reports a reading without a note at its file:line:col, as it does a placeholder', async () => {
    const root = await mini(`- name: A\n  kind: { reading: set }\n- name: B\n  kind: set\n  points: { reading: 2, note: "  " }\n`);
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/cards.yaml:2:9 reading-note: a reading needs a `note:` saying what the rules leave open and what was chosen',
      'error content/mini/cards.yaml:5:11 reading-note: a reading needs a `note:` saying what the rules leave open and what was chosen',
    ]);
  });

  it('a mark written wrong says what is wrong at the key, and nothing else', async () => {
    const root = await mini(
      `- name: A\n  kind: { reading: single, note: "n", extra: 1 }\n- name: B\n  kind: set\n  points: { reading: 1, placeholder: 1, note: "n" }\n`,
    );
    expect(await diagnosticsOf(root)).toEqual([
      'error content/mini/cards.yaml:2:39 mark-malformed: unknown key `extra` in a reading: it takes only `reading:` (the value) and `note:`',
      'error content/mini/cards.yaml:5:13 mark-malformed: a value is either a placeholder (not given yet: a draft) or a reading (a choice made where the rules are silent), not both',
    ]);
  });
});

describe('rulebook drafts', () => {
  it('lists readings beside placeholders, each with its kind, in text and in JSON', async () => {
    const root = await mini(CARDS);
    const text = await runCli(['drafts', '-C', root]);
    expect(text.code).toBe(0);
    expect(text.out.trim().split('\n')).toEqual([
      'content/mini/cards.yaml:4: placeholder cards/lampiao/points: The rulebook does not print the points.',
      `content/mini/cards.yaml:2: reading cards/lampiao/kind: ${KIND_NOTE}`,
      `content/mini/cards.yaml:3: reading cards/lampiao/awards/1: ${AWARD_NOTE}`,
    ]);
    expect(text.err).toContain('1 placeholder and 2 readings in 1 game');
    const json = JSON.parse((await runCli(['drafts', '--format', 'json', '-C', root])).out) as Array<{ kind: string; path: string }>;
    expect(json.map((d) => `${d.kind} ${d.path}`)).toEqual(['placeholder /points', 'reading /kind', 'reading /awards/1']);
  });
});

describe('the site', () => {
  it("speaks the page's language: a pt-BR game labels its readings in Portuguese", async () => {
    const manifest = MINI_GAME.replace(
      'locale: en',
      'locale: pt-BR\nplayers: { min: 2, max: { reading: 4, note: "O livro não diz o máximo; esta edição aceita 4." } }',
    );
    // The site shows a field under its schema title (an untitled one is not shown): the kind gets one.
    const root = await makeProject({
      'content/mini/game.yaml': manifest,
      'content/mini/cards.yaml': CARDS,
      'schemas/mini/card.schema.json': MINI_SCHEMA.replace('"kind": {', '"kind": {\n      "title": "Tipo",'),
    });
    expect((await runCli(['build', '-C', root])).code).toBe(0);
    const cards = await readFile(path.join(root, 'docs-site/dist/mini/cards.html'), 'utf8');
    expect(cards).toContain('<dt>Tipo</dt>');
    // A reading in a field stands beside that field's value.
    expect(cards).toContain(`<dd>single<p class="reading"><span class="reading-label">Leitura desta edição:</span> ${KIND_NOTE}</p></dd>`);
    const drafts = await readFile(path.join(root, 'docs-site/dist/mini/drafts.html'), 'utf8');
    expect(drafts).toContain('<h2 id="readings">Leituras</h2>');
    // A reading in the manifest shapes the whole game: named so, in the page's language.
    expect(drafts).toContain('<li><a href="index.html">O jogo todo</a> (Mini): O livro não diz o máximo; esta edição aceita 4.</li>');
  });
});
