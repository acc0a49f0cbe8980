// The field-query language (docs-site/field-query.js), in node: the parser's precedence, negation, quotes and
// parentheses, its errors, the binding of fields by label, key or another locale's label, and the evaluator on a
// small table written by hand (the browser suite, test/browser/field-search.test.ts, runs it on built sites).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the site's client, typed by JSDoc (docs-site/tsconfig.json checks it).
import * as fq from '../docs-site/field-query.js';

interface FieldInfo {
  key: string;
  label: string;
  names: string[];
  type: 'number' | 'enum' | 'ref' | 'list' | 'text' | 'bool';
}
interface CollectionInfo {
  name: string;
  label: string;
  words: string[];
  fields: FieldInfo[];
}
type Node = unknown;
const { parse, tokenize, isFieldQuery, resolve, evaluate, needsText, editDistance, QueryError, fold } = fq as {
  parse: (q: string) => Node;
  tokenize: (q: string) => Array<{ t: string; field?: string; op?: string; value?: string }>;
  isFieldQuery: (q: string) => boolean;
  resolve: (n: Node, c: CollectionInfo[], p: { kind: string[]; name: string[]; text: string[] }) => unknown;
  evaluate: (q: unknown, table: unknown) => Uint8Array;
  needsText: (q: unknown) => boolean;
  editDistance: (a: string, b: string) => number;
  QueryError: new (...args: unknown[]) => Error & { code: string; about: Record<string, string> };
  fold: (s: string) => string;
};

/** A query's tree written short: and(...), or(...), -x, field op value, "word". */
function show(n: Node): string {
  const node = n as { type: string; items?: Node[]; item?: Node; field?: string; op?: string; value?: string };
  switch (node.type) {
    case 'and':
      return `and(${node.items!.map(show).join(', ')})`;
    case 'or':
      return `or(${node.items!.map(show).join(', ')})`;
    case 'not':
      return `-${show(node.item)}`;
    case 'field':
      return `[${node.field}${node.op}${node.value}]`;
    default:
      return JSON.stringify(node.value);
  }
}

/** The error a query throws, as its code and what it names. */
function errorOf(f: () => unknown): { code: string; about: Record<string, string> } | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof QueryError) return { code: e.code, about: e.about };
    throw e;
  }
  return undefined;
}

describe('parsing a field query', () => {
  it('ands terms side by side, and `or` binds looser than and (in any case)', () => {
    expect(show(parse('a b or c'))).toBe('or(and("a", "b"), "c")');
    expect(show(parse('a OR b c'))).toBe('or("a", and("b", "c"))');
    expect(show(parse('faction:anarch cost<=1'))).toBe('and([faction:anarch], [cost<=1])');
  });

  it('groups with parentheses, nested too', () => {
    expect(show(parse('a (b or c)'))).toBe('and("a", or("b", "c"))');
    expect(show(parse('((a or b) c) or d'))).toBe('or(and(or("a", "b"), "c"), "d")');
  });

  it('negates the term or group right after a -, and reads a lone - as a word', () => {
    expect(show(parse('-type:ice'))).toBe('-[type:ice]');
    expect(show(parse('-tocaia cost>2'))).toBe('and(-"tocaia", [cost>2])');
    expect(show(parse('-(a or b)'))).toBe('-or("a", "b")');
    expect(show(parse('--a'))).toBe('--"a"');
    expect(show(parse('a - b'))).toBe('and("a", "-", "b")');
  });

  it('reads every operator, the longest first, and quoted values and labels whole', () => {
    const ops = tokenize('a:1 b=2 c<3 d<=4 e>5 f>=6').map((t) => `${t.field}${t.op}${t.value}`);
    expect(ops).toEqual(['a:1', 'b=2', 'c<3', 'd<=4', 'e>5', 'f>=6']);
    expect(show(parse('text:"gain 1" "two words"'))).toBe('and([text:gain 1], "two words")');
    expect(show(parse('"printed points">=2'))).toBe('[printed points>=2]');
    expect(show(parse('custo<=3'))).toBe('[custo<=3]');
  });

  it('says what is wrong, in words it can name: an unclosed or unopened parenthesis, a quote, a missing value or term', () => {
    expect(errorOf(() => parse('(a or b'))).toEqual({ code: 'unclosed', about: { value: '(' } });
    expect(errorOf(() => parse('a or b)'))).toEqual({ code: 'unopened', about: { value: ')' } });
    expect(errorOf(() => parse('text:"gain 1'))).toEqual({ code: 'quote', about: { value: '"gain 1' } });
    expect(errorOf(() => parse('cost<= 3'))).toEqual({ code: 'noValue', about: { field: 'cost', value: 'cost<=' } });
    expect(errorOf(() => parse('a or'))).toEqual({ code: 'dangling', about: { value: 'or' } });
    expect(errorOf(() => parse('or a'))?.code).toBe('dangling');
    expect(errorOf(() => parse('a -)'))?.code).toBe('dangling');
    expect(errorOf(() => parse('a ()'))).toEqual({ code: 'empty', about: { value: '()' } });
    expect(errorOf(() => parse('   '))?.code).toBe('empty');
  });

  it('tells a field query from plain words, which stay the word search’s', () => {
    for (const q of ['cost<=3', 'kind:event', '-tocaia', 'a or b', '(mill)', 'text:"gain', '"printed points">1']) expect(isFieldQuery(q), q).toBe(true);
    for (const q of ['lampião', 'most flour', '16.5.1', '-', 'Moinho Dourado', '"gain 1"']) expect(isFieldQuery(q), q).toBe(false);
  });
});

const SPELLS: CollectionInfo = {
  name: 'spells',
  label: 'Spells',
  words: ['spells', 'Spells', 'Feitiços'],
  fields: [
    { key: 'cost', label: 'Cost', names: ['Cost', 'Custo', 'cost'], type: 'number' },
    { key: 'school', label: 'School', names: ['School', 'school'], type: 'ref' },
    { key: 'tags', label: 'Tags', names: ['Tags', 'tags'], type: 'list' },
    { key: 'rare', label: 'Rare', names: ['Rare', 'rare'], type: 'bool' },
    { key: 'copies', label: 'Copies in the deck', names: ['Copies in the deck', 'copies'], type: 'number' },
    { key: 'motto', label: 'Motto', names: ['Motto', 'motto'], type: 'text' },
  ],
};
const EVENTS: CollectionInfo = { name: 'events', label: 'Event cards', words: ['events', 'Event cards', 'Cartas de evento'], fields: [] };
const PSEUDO = { kind: ['kind', 'tipo'], name: ['name', 'nome'], text: ['text', 'texto'] };
const GAME = [SPELLS, EVENTS];

// Four spells and two events, written out: what each query must find is read off these rows.
const spellsTable = {
  name: 'spells',
  size: 4,
  names: ['Fireball', 'Frost Nova', 'Élan', 'Ação Rápida'].map(fold),
  texts: ['Deal 3 damage.', 'Freeze every enemy. Gain 1 mana.', 'Move again.', 'Gain 1 card.'].map(fold),
  columns: {
    cost: [3, 2, 1, null],
    school: [0, 1, 1, -1],
    tags: [[0, 2], [1], [], [0]],
    rare: [0, 1, -1, 0],
    copies: [1, 2, 3, 1],
    motto: ['Burn, then build', null, 'Still water', null].map((s) => (s === null ? null : fold(s))),
  },
  dict: {
    school: [
      ['flame', 'school of flame', 'escola da chama'],
      ['frost', 'school of frost'],
    ],
    tags: [['quick'], ['slow'], ['loud']],
    rare: [
      ['true', 'yes', 'sim'],
      ['false', 'no', 'nao'],
    ],
  },
};
const eventsTable = {
  name: 'events',
  size: 2,
  names: ['Market Day', 'Tocaia'].map(fold),
  texts: ['You gain 2 coins.', 'Gain 1 fame.'].map(fold),
  columns: {},
  dict: {},
};

/** The names a query finds over both tables, spells then events. */
function found(query: string): string[] {
  const bound = resolve(parse(query), GAME, PSEUDO);
  const out: string[] = [];
  for (const [table, names] of [
    [spellsTable, ['Fireball', 'Frost Nova', 'Élan', 'Ação Rápida']],
    [eventsTable, ['Market Day', 'Tocaia']],
  ] as const) {
    const m = evaluate(bound, table);
    m.forEach((hit, i) => {
      if (hit) out.push(names[i]!);
    });
  }
  return out;
}

describe('binding fields and answering over a table', () => {
  it('compares numbers; an entry with no value matches no comparison, and its negation', () => {
    expect(found('cost<=2')).toEqual(['Frost Nova', 'Élan']);
    expect(found('cost<2')).toEqual(['Élan']);
    expect(found('cost>=2')).toEqual(['Fireball', 'Frost Nova']);
    expect(found('cost>2')).toEqual(['Fireball']);
    expect(found('cost=2')).toEqual(['Frost Nova']);
    expect(found('cost:3')).toEqual(['Fireball']);
    expect(found('-cost>=2')).toEqual(['Élan', 'Ação Rápida', 'Market Day', 'Tocaia']);
  });

  it('names a field by its label in another locale, accents and case aside, or by a word of its label', () => {
    expect(found('CUSTO<=1')).toEqual(['Élan']);
    expect(found('copies>=2')).toEqual(['Frost Nova', 'Élan']);
    expect(found('"copies in the deck"=3')).toEqual(['Élan']);
  });

  it('names a reference or an enum by its value or any of its words, whole or in part; a list by a member', () => {
    expect(found('school:frost')).toEqual(['Frost Nova', 'Élan']);
    expect(found('school:"school of flame"')).toEqual(['Fireball']);
    expect(found('school:chama')).toEqual(['Fireball']);
    expect(found('tags:quick')).toEqual(['Fireball', 'Ação Rápida']);
    expect(found('tags:loud or tags:slow')).toEqual(['Fireball', 'Frost Nova']);
    expect(found('rare:sim')).toEqual(['Fireball', 'Ação Rápida']);
    expect(found('rare:no')).toEqual(['Frost Nova']);
    expect(found('school:nowhere')).toEqual([]);
  });

  it('finds a bare word in names and rules text, accents and case aside; text fields by substring', () => {
    expect(found('acao')).toEqual(['Ação Rápida']);
    // A substring, as the word search's accent folding: "gain" is in "Move again." too.
    expect(found('gain')).toEqual(['Frost Nova', 'Élan', 'Ação Rápida', 'Market Day', 'Tocaia']);
    expect(found('text:"gain 1"')).toEqual(['Frost Nova', 'Ação Rápida', 'Tocaia']);
    expect(found('nome:elan')).toEqual(['Élan']);
    expect(found('motto:water')).toEqual(['Élan']);
    // A field the game itself calls Text is that field where a collection has it (here a motto)...
    const withText = { ...SPELLS, fields: [...SPELLS.fields, { key: 'motto', label: 'Text', names: ['Text', 'motto'], type: 'text' as const }] };
    const bound = resolve(parse('text:water'), [withText, EVENTS], PSEUDO);
    expect([...evaluate(bound, spellsTable)]).toEqual([0, 0, 1, 0]);
    // Where a collection lacks the field, `text:` still reads its rules text.
    expect([...evaluate(resolve(parse('text:fame'), [withText, EVENTS], PSEUDO), eventsTable)]).toEqual([0, 1]);
    expect(found('-tocaia gain')).toEqual(['Frost Nova', 'Élan', 'Ação Rápida', 'Market Day']);
  });

  it('names a collection by `kind:` in either language, singular or plural, by a word of its title', () => {
    expect(found('kind:event')).toEqual(['Market Day', 'Tocaia']);
    expect(found('tipo:feitiço')).toEqual(['Fireball', 'Frost Nova', 'Élan', 'Ação Rápida']);
    expect(found('kind:spells cost>=3 or kind:events -market')).toEqual(['Fireball', 'Tocaia']);
  });

  it('reads a collection’s own field called Kind there, and `kind:` as the collection in the others', () => {
    // As Cangaceiros' Event tiles, whose field Kind is Event tile or "Peace" tile: here the spells' tags are called Kind.
    const withKind = { ...SPELLS, fields: SPELLS.fields.map((f) => (f.key === 'tags' ? { ...f, label: 'Kind', names: ['Kind', 'kind'] } : f)) };
    const game = [withKind, EVENTS];
    expect([...evaluate(resolve(parse('kind:quick'), game, PSEUDO), spellsTable)]).toEqual([1, 0, 0, 1]);
    expect([...evaluate(resolve(parse('kind:event'), game, PSEUDO), eventsTable)]).toEqual([1, 1]);
    expect([...evaluate(resolve(parse('kind:event or kind:slow'), game, PSEUDO), spellsTable)]).toEqual([0, 1, 0, 0]);
    expect([...evaluate(resolve(parse('-kind:events'), game, PSEUDO), eventsTable)]).toEqual([0, 0]);
  });

  it('combines and, or, not and parentheses as parsed', () => {
    expect(found('(school:flame or tags:slow) -rare:yes')).toEqual(['Frost Nova']);
    expect(found('school:frost (cost=1 or rare:yes)')).toEqual(['Élan']);
    expect(found('-(kind:event or cost>=2)')).toEqual(['Élan', 'Ação Rápida']);
  });

  it('says an unknown field with the closest label, and a value a field cannot compare', () => {
    expect(errorOf(() => resolve(parse('cots<=3'), GAME, PSEUDO))).toEqual({ code: 'unknownField', about: { field: 'cots', suggestion: 'Cost' } });
    expect(errorOf(() => resolve(parse('shcool:frost'), GAME, PSEUDO))?.about.suggestion).toBe('School');
    expect(errorOf(() => resolve(parse('zzzzzz:1'), GAME, PSEUDO))).toEqual({ code: 'unknownField', about: { field: 'zzzzzz', suggestion: '' } });
    expect(errorOf(() => resolve(parse('cost:cheap'), GAME, PSEUDO))).toEqual({
      code: 'notNumber',
      about: { field: 'cost', label: 'Cost', value: 'cost:cheap' },
    });
    expect(errorOf(() => resolve(parse('school>2'), GAME, PSEUDO))?.code).toBe('notCompared');
    expect(errorOf(() => resolve(parse('kind<2'), GAME, PSEUDO))?.code).toBe('notCompared');
  });

  it('knows which queries read text, so a query of numbers never loads it', () => {
    const needs = (q: string) => needsText(resolve(parse(q), GAME, PSEUDO));
    expect(needs('cost<=3 school:frost -kind:event')).toBe(false);
    expect(needs('cost<=3 fire')).toBe(true);
    expect(needs('-(text:fire)')).toBe(true);
    expect(needs('motto:water')).toBe(true);
  });

  it('measures edit distance as Levenshtein does, a swap of neighbours counting one', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('cots', 'cost')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('cost', 'cost')).toBe(0);
  });
});
