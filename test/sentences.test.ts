import { readFileSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dslForms } from '../compiler/docs/rules-reference.ts';
import { RulesLanguage } from '../compiler/locales/language.ts';
import type { DeclaredValue, Manifest } from '../compiler/model.ts';
import type { Effect, Scoring, Value } from '../compiler/rules/dsl.ts';
import { renderEffect, renderEffectWithGaps } from '../compiler/rules/effect-render.ts';
import { playerStateModel } from '../compiler/rules/player-state.ts';
import { renderScoring } from '../compiler/rules/render.ts';
import { stateModel } from '../compiler/rules/state.ts';
import { valueFormula } from '../compiler/rules/value.ts';
import { renderValue, renderValueWithGaps } from '../compiler/rules/value-render.ts';
import { withId } from '../compiler/value-ids.ts';
import { check } from '../compiler/pipeline.ts';
import { fixtureProject, makeProject, MINI_DSL_GAME, miniDslFiles, ROOT, runCli, swap } from './helpers.ts';

// Every form of the rules language renders the sentence a person wrote for it in the reviewed table
// (test/sentences/table.yaml), in English and in Brazilian Portuguese, against the game in fixture.yaml.

interface Row {
  form: string;
  scoring?: Scoring;
  effect?: Effect;
  value?: Value;
  en?: string;
  'pt-BR'?: string;
  formula?: string;
}

const DIR = path.join(ROOT, 'test/sentences');
const fixture = parse(readFileSync(path.join(DIR, 'fixture.yaml'), 'utf8')) as Manifest & { texts: Record<string, Record<string, string>> };
const table = parse(readFileSync(path.join(DIR, 'table.yaml'), 'utf8')) as Row[];
const declared = new Map(Object.entries(fixture.declarations ?? {}).map(([name, values]) => [name, (values as DeclaredValue[]).map(withId)]));
const end = stateModel(fixture, declared, () => undefined)!;
const players = playerStateModel(fixture, declared)!;

/** The game's words in pt-BR (its locale file's `texts:`), on the compiler's pt-BR grammar. */
const portuguese = () => new RulesLanguage('pt-BR', { main: 'en', texts: new Map(Object.entries(fixture.texts['pt-BR']!)) });

function rendered(row: Row, lang: RulesLanguage | string): string {
  if (row.scoring) return renderScoring(row.scoring, end, lang);
  if (row.effect) return renderEffect(row.effect, players, lang);
  return renderValue(row.value!, players, lang);
}

/** What a row's rule is, for the test's title. */
const ruleOf = (r: Row) => JSON.stringify(r.scoring ?? r.effect ?? r.value);

describe('the sentence table', () => {
  it('has a row for every form the DSL schema defines, and none for a form it does not', () => {
    const forms = ['scoring', 'quantity', 'effect', 'condition', 'value'].flatMap((def) => dslForms(def).map((f) => `${def}.${f.label}`));
    // The schema's forms as the docs count them: 4 scoring ops, 7 quantities, 9 effect ops, 3 conditions, 4 value ops.
    expect(forms).toHaveLength(27);
    const rows = new Set(table.map((r) => r.form));
    expect(
      forms.filter((f) => !rows.has(f)),
      'a form of the rules language has no row in test/sentences/table.yaml: write its rule and the sentence a person would write',
    ).toEqual([]);
    expect([...rows].filter((f) => !forms.includes(f))).toEqual([]);
  });

  it('gives each row one rule, under the key of its kind, and the words to hold it to', () => {
    for (const row of table) {
      const kinds = (['scoring', 'effect', 'value'] as const).filter((k) => row[k] !== undefined);
      expect(kinds, row.form).toHaveLength(1);
      expect([typeof row.en, typeof row['pt-BR']], row.form).toEqual(['string', 'string']);
      expect(typeof row.formula, row.form).toBe(row.value !== undefined ? 'string' : 'undefined');
    }
  });

  it.each(table.map((r) => [r.form, ruleOf(r), r] as const))('%s %s: en', (_form, _rule, row) => {
    expect(rendered(row, 'en')).toBe(row.en);
  });

  it.each(table.map((r) => [r.form, ruleOf(r), r] as const))('%s %s: pt-BR', (_form, _rule, row) => {
    const pt = portuguese();
    expect(rendered(row, pt)).toBe(row['pt-BR']);
    // Every word came from the pt-BR grammar or the game's pt-BR texts: nothing fell back to English.
    expect(pt.takeMissing()).toEqual([]);
  });

  it.each(table.filter((r) => r.value).map((r) => [r.form, JSON.stringify(r.value), r] as const))('%s %s: formula', (_form, _rule, row) => {
    expect(valueFormula(row.value!)).toBe(row.formula);
  });

  it('names no field by its identifier in any sentence of the table', () => {
    // The fields whose names are not also the words the game declares for them ("coins" is both): a table row
    // that printed one of these would have blessed a field's name reaching a reader.
    const ids = ['pepper', 'merchant', 'fame', 'caravanTerrain', 'leader'];
    for (const row of table)
      for (const text of [row.en!, row['pt-BR']!]) {
        for (const id of ids) expect(` ${text}`, `${row.form}: ${id}`).not.toContain(` ${id}`);
        // Nor a formula's signs: a value rule reads as words.
        expect(text, row.form).not.toMatch(/[⌊⌋+−]|max\(/);
      }
  });

  it("names a count with no words by its field, and says so (the build warns at the rule), in a value rule's sentence", () => {
    const bare = playerStateModel({ ...fixture, playerState: [...(fixture.playerState ?? []), { id: 'tokens', type: 'count' }] } as Manifest, declared)!;
    const made = renderValueWithGaps(
      { op: 'sum', of: [{ field: 'tokens' }, { field: 'coins' }, { op: 'minus', from: 3, subtract: { field: 'tokens' } }] },
      bare,
    );
    expect(made).toEqual({ text: 'Your tokens plus your coins plus 3 minus your tokens.', gaps: ['tokens'] });
    expect(renderValueWithGaps({ op: 'sum', of: [{ field: 'tokens' }, { field: 'coins' }] }, bare).text).toBe('The total of your tokens and coins.');
    expect(renderValueWithGaps({ field: 'coins' }, bare).gaps).toEqual([]);
  });

  it("reads a value rule's words from the game's own locale file over the compiler's", () => {
    const own = new RulesLanguage('en', {
      game: { tag: 'en', file: 'locales/en.yaml', words: { valueRules: { templates: { quantity: 'the {{noun}} you hold' } } }, texts: new Map() },
    });
    expect(renderValue({ op: 'minus', from: 9, subtract: { field: 'wounds' } }, players, own)).toBe('9 minus the wounds you hold.');
    expect(own.takeMissing()).toEqual([]);
  });

  it("warns at a value rule whose sentence had to print a field name, and when a declared locale lacks the value rules' words", async () => {
    const game = MINI_DSL_GAME.replace('locale: en\n', 'locale: en\nlocales: [en, fr]\n').replace(
      '  - { id: wounds',
      '  - { id: tokens, type: count, description: Tokens held. }\n  - { id: wounds',
    );
    const goals =
      '- name: Wealth\n  scoring: { op: per, points: 1, each: { field: flour } }\n  fame: { op: minus, from: { field: tokens }, subtract: { field: wounds } }\n';
    const result = await check(await makeProject({ ...miniDslFiles(goals), 'content/mini/game.yaml': game }));
    const found = result.bag
      .sorted()
      .filter((d) => d.ruleId === 'rule-words' || (d.ruleId === 'text-missing-locale' && d.place?.start.line === 3))
      .map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId} ${d.message}`);
    expect(found).toEqual([
      'content/mini/goals.yaml:3:9 rule-words this value\'s sentence needs a noun for "tokens", which game.yaml does not declare, so it prints the field\'s name there',
      'content/mini/goals.yaml:3:9 text-missing-locale goals "Wealth": its fr rules text lacks valueRules.templates.quantity (a word of the rules text), "wounds", valueRules.templates.minus (a word of the rules text), valueRules.templates.sentence (a word of the rules text), valueRules.contractions (a word of the rules text), so it reads the en words there',
    ]);
    const fame = result.games[0]!.rules.find((r) => r.kind === 'value')!;
    expect(fame).toMatchObject({ text: 'Your tokens minus your wounds.', formula: 'tokens − wounds', texts: { en: 'Your tokens minus your wounds.' } });
  });

  it("names a set of the parts `rulebook init`'s game declares as a person would (the text the package's rulesText is made of)", async () => {
    const project = path.join(await mkdtemp(path.join(tmpdir(), 'rulebook-sentences-')), 'market');
    expect((await runCli(['init', project])).code).toBe(0);
    const manifest = path.join(project, 'content/market/game.yaml');
    const text = await readFile(manifest, 'utf8');
    await writeFile(manifest, text.replace(/(name: Contract cards\n\s+count: )3/, '$14'));
    await appendFile(
      path.join(project, 'content/market/contracts.yaml'),
      '\n- name: The Caravan\n  wants: silk-bale\n  scoring: { op: per, points: 4, each: { min: [{ field: tea }, { field: spice }, { field: silk }] } }\n',
    );
    const result = await check(project);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    const caravan = result.games[0]!.rules.find((r) => r.entryId === 'the-caravan')!;
    expect(caravan.text).toBe('Gain 4 points for each set of a Tea card, a Spice card and a Silk card that you have at the end of the game.');
  });

  it("makes a phrase a field does not declare from its nouns, and says which it could not make (the sentence printed the field's name)", () => {
    const made = renderEffectWithGaps(
      {
        op: 'all',
        do: [
          { op: 'gain', field: 'camp', amount: 2 },
          { op: 'moveAll', from: { field: 'camp' }, to: { field: 'fame' } },
        ],
      },
      players,
    );
    expect(made.text).toBe('You gain 2 caravans at your camp. Put all of your caravans at your camp in fame.');
    expect(made.gaps).toEqual(['fame.moveTo']);
    expect(renderEffectWithGaps({ op: 'gain', field: 'coins', amount: 1 }, players).gaps).toEqual([]);
  });

  it('warns at the rule when its sentence had to print a field name', async () => {
    const root = await fixtureProject('board', {
      'content/board/events.yaml': swap(
        '- name: Market Day\n  effect: { op: gain, field: coins, amount: 2 }',
        '- name: Market Day\n  effect: { op: moveAll, from: { field: scouts }, to: { field: coins } }',
      ),
    });
    const found = (await check(root)).bag.sorted().filter((d) => d.ruleId === 'rule-words');
    expect(found.map((d) => `${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.message}`)).toEqual([
      'content/board/events.yaml:5:11 this effect\'s sentence needs the `moveTo` phrase of "coins", which game.yaml does not declare, so it prints the field\'s name there',
    ]);
  });
});
