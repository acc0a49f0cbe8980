// Every language renders through one Handlebars whose templates are compiled once per process (locales/language.ts):
// each render still speaks its own language, inside blocks and in the templates its helpers render in turn.
import { describe, expect, it } from 'vitest';
import { RulesLanguage } from '../compiler/locales/language.ts';

describe('templates shared by every language', () => {
  it('render each language in its own words, one after the other, in blocks and nested templates', () => {
    const en = new RulesLanguage('en');
    const pt = new RulesLanguage('pt-BR');
    const phrase = '{{ordinal 2}} {{ordinal 12}}: {{points 3}}, {{list xs}}; {{#each places}}{{ordinal this}} {{/each}}';
    const context = { xs: ['a', 'b', 'c'], places: [1, 11] };
    const first = en.phrase(phrase, context);
    expect(first).toBe('second 12th: 3 points, a, b and c; first 11th ');
    expect(pt.phrase(phrase, context)).toBe('segundo 12º: 3 pontos, a, b e c; primeiro 11º ');
    expect(en.phrase(phrase, context)).toBe(first);
    // A language made later (a check's next run, a save under serve) renders the same template as the first did.
    expect(new RulesLanguage('en').phrase(phrase, context)).toBe(first);
  });
});
