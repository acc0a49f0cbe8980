import { describe, expect, it } from 'vitest';
import { checkNumbering } from '../compiler/link/numbering.ts';
import { diagnosticsOf, fixtureProject } from './helpers.ts';

// The rules-tree checks, on the small `tree` fixture game (test/fixtures/games/tree,
// its own schemas): a designer's edit to a bundled game cannot break them.
const RULES = 'content/tree/rules.yaml';

/** The diagnostics of the fixture with its rules replaced by `rules`. */
async function tree(rules: string, edits: Record<string, (text: string) => string> = {}): Promise<string[]> {
  return diagnosticsOf(await fixtureProject('tree', { [RULES]: () => rules, ...edits }));
}

describe('numbered rules', () => {
  it('the fixture itself is clean', async () => {
    expect(await diagnosticsOf(await fixtureProject('tree'))).toEqual([]);
  });

  it('accepts a well-numbered tree with roman and lettered sub-rules', () => {
    expect(checkNumbering(['16.1', '16.1.1', '16.1.1.I', '16.1.1.I.a', '16.1.1.I.b', '16.1.1.II', '16.1.2', '16.2'])).toEqual([]);
  });

  it('finds a gap, a duplicate-free order problem and a missing parent', () => {
    expect(checkNumbering(['16.1', '16.1.1', '16.1.3']).map((p) => p.ruleId)).toEqual(['rule-number-gap']);
    expect(checkNumbering(['16.1', '16.1.2', '16.1.1']).map((p) => p.ruleId)).toEqual(['rule-number-gap', 'rule-number-order']);
    expect(checkNumbering(['16.1', '16.1.1.I']).map((p) => p.ruleId)).toEqual(['rule-number-parent']);
    expect(checkNumbering(['16.1', '16.1.1', '16.1.1.I', '16.1.1.III']).map((p) => p.message)).toEqual(['rule 16.1.1.III: numbering skips 16.1.1.II']);
  });

  it('a numbering gap in content is a located error', async () => {
    const d = await tree(
      '- { number: "16.1", title: Um }\n- { number: "16.3", title: Três }\n- { number: "16.4", title: Quatro }\n- { number: "16.5", title: Cinco }\n- { number: "16.6", title: Glossário }\n',
    );
    expect(d).toEqual(['error content/tree/rules.yaml:2:13 rule-number-gap: rule 16.3: numbering skips 16.2']);
  });

  it('a dangling reference, an unknown icon and an unknown term are located errors', async () => {
    const d = await tree('- number: "16.6"\n  title: Glossário\n  text: Veja ({ref:16.7}) com {icon:tocha} e {term:ruinas|RUÍNAS}.\n');
    expect(d).toEqual([
      'error content/tree/rules.yaml:3:15 ref-unknown: unknown rule ID "16.7" [did you mean "16.6"?]',
      'error content/tree/rules.yaml:3:31 ref-unknown: unknown icon ID "tocha" [known: torch]',
      'error content/tree/rules.yaml:3:46 ref-unknown: unknown glossary term ID "ruinas" [did you mean "ruina"?]',
    ]);
  });

  it('a reference label that disagrees with the title is a warning', async () => {
    const d = await tree(
      '- { number: "16.6", title: Preparação }\n- number: "16.6.2"\n  title: Dois\n  external: true\n  see: [{ ref: "16.6", label: "Mapas" }]\n',
    );
    expect(d).toContain(
      'warning content/tree/rules.yaml:5:16 ref-label-mismatch: the label "Mapas" differs from the title of rule 16.6, "Preparação" [the printed wording is kept; check whether the reference or the title is wrong]',
    );
  });
});

describe('glossary terms in running text', () => {
  it('a term printed in capitals but not tagged is a warning that says how to tag it; a compound name is left alone', async () => {
    const d = await tree('- number: "16.6"\n  title: Glossário\n  text: Remova as RUÍNAS da FLORESTA, mas não as FLORESTAS COSTEIRAS.\n', {
      'content/tree/glossary.yaml': (y) => `${y}- { number: "16.6.2", name: Floresta, text: Uma floresta. }\n`,
    });
    expect(d.filter((x) => x.includes('term-untagged'))).toEqual([
      'warning content/tree/rules.yaml:3:19 term-untagged: "RUÍNAS" is a glossary term but is not linked [write it as {term:ruina|RUÍNAS}]',
      'warning content/tree/rules.yaml:3:29 term-untagged: "FLORESTA" is a glossary term but is not linked [write it as {term:floresta|FLORESTA}]',
    ]);
  });
});
