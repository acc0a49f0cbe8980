import { check } from '../compiler/pipeline.ts';
import { fixturesProject, swap } from './helpers.ts';

/**
 * Content mistakes and what `rulebook check` reports for each, on the fixture
 * games (test/fixtures/games/), never on a bundled game. diagnostics.test.ts
 * holds each report to its code and place; diagnostic-wording.test.ts holds
 * the words (`words`), in this one place.
 */
export interface DiagnosticCase {
  fixtures: string[];
  /** Path in the project -> text transform (fixturesProject throws when one changes nothing). */
  edits: Record<string, (text: string) => string>;
  /** Every diagnostic the check reports (`severity file:line:col code`), in the order the bag sorts them. */
  reports: string[];
  /** The full message (with its notes in brackets) of the reports whose words a reader depends on, keyed as in `reports`. */
  words: Record<string, string>;
}

const TROPHIES = 'content/duel/trophies.yaml';
const DUEL = 'content/duel/game.yaml';
const CARDS = 'content/hostile/cards.yaml';
const HOSTILE = 'content/hostile/game.yaml';
const BOARD_EVENTS = 'content/board/events.yaml';
const replaceWith = (text: string) => () => text;
/** A manifest that does not load leaves its collection files undeclared: a warning beside the error. */
const UNDECLARED = 'warning content/hostile/cards.yaml:1:1 file-undeclared';

export const CASES = {
  // YAML syntax
  'a tab in indentation': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('  copies: 2', '\tcopies: 2') },
    reports: ['error content/duel/trophies.yaml:15:1 yaml-tab-indent'],
    words: { 'error content/duel/trophies.yaml:15:1 yaml-tab-indent': 'a tab in indentation: YAML indents with spaces only' },
  },
  'an unclosed quote': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('- name: The Lantern Race', '- name: "The Lantern Race') },
    reports: ['error content/duel/trophies.yaml:4:9 yaml-unclosed'],
    words: {
      'error content/duel/trophies.yaml:4:9 yaml-unclosed':
        '`"` opened here is never closed: add `"` where the text ends [until it is closed, the entry on lines 4-13 is left out; the file\'s other entries are checked]',
    },
  },
  "an unclosed bracket: one error at it, and the file's other entries still checked": {
    fixtures: ['duel'],
    edits: {
      [TROPHIES]: (t) => swap('  flavor:', '  flavour:')(swap('{ lanterns: 4 }]\n      expect: [5, 2, 3]', '{ lanterns: 4 }\n      expect: [5, 2, 3]')(t)),
    },
    // No parser errors from the lines it swallowed, and no count error for the entry left out (the file is not whole).
    reports: ['error content/duel/trophies.yaml:8:14 yaml-unclosed', 'error content/duel/trophies.yaml:23:3 schema-additionalProperties'],
    words: {
      'error content/duel/trophies.yaml:8:14 yaml-unclosed':
        "`[` opened here is never closed: add `]` where the list ends [until it is closed, the entry on lines 4-13 is left out; the file's other entries are checked]",
    },
  },
  'a duplicate key, at the second key': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('  copies: 2\n', '  copies: 2\n  name: Another\n') },
    reports: ['error content/duel/trophies.yaml:16:3 yaml-duplicate-key'],
    words: { 'error content/duel/trophies.yaml:16:3 yaml-duplicate-key': 'Map keys must be unique' },
  },
  'a line indented one space too far: one message, on that line': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('  copies: 2', '   copies: 2') },
    reports: ['error content/duel/trophies.yaml:15:4 yaml-indent'],
    words: {
      'error content/duel/trophies.yaml:15:4 yaml-indent':
        'this line is indented 3 spaces, the entry above uses 2 [YAML nests by indentation: line it up with the keys of its list or map (2 spaces)]',
    },
  },
  // Schema errors point at the offending value
  'a string in the third award, at that value': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('awards: [5, 3, 2]', 'awards: [5, 3, two]') },
    reports: ['error content/duel/trophies.yaml:5:77 schema-type'],
    words: {
      'error content/duel/trophies.yaml:5:77 schema-type': '`trophies "The Lantern Race" .scoring.awards[2]` must be an integer (got the string "two")',
    },
  },
  'a missing required field, at its object': {
    fixtures: ['hostile'],
    edits: { [CARDS]: (t) => `${t}- name: Bare\n` },
    reports: ['error content/hostile/cards.yaml:6:3 schema-required'],
    words: { 'error content/hostile/cards.yaml:6:3 schema-required': '`cards "Bare"` is missing the required field `kind`' },
  },
  'an unknown key, at the key, with the closest': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('  flavor:', '  flavour:') },
    reports: ['error content/duel/trophies.yaml:23:3 schema-additionalProperties'],
    words: {
      'error content/duel/trophies.yaml:23:3 schema-additionalProperties': 'unknown field `flavour` in `trophies "The Crown Jewel"` [did you mean `flavor`?]',
    },
  },
  'a misspelt required field: one error at the key, naming the field it means': {
    fixtures: ['hostile'],
    edits: { [CARDS]: swap('  kind: set', '  knid: set') },
    // Not also "missing the required field `kind`": the unknown key says it.
    reports: ['error content/hostile/cards.yaml:4:3 schema-additionalProperties'],
    words: {
      'error content/hostile/cards.yaml:4:3 schema-additionalProperties':
        'unknown field `knid` in `cards "Image"`: did you mean `kind`? (a required field, missing here)',
    },
  },
  'a far-off unknown key and a missing field: two errors': {
    fixtures: ['hostile'],
    edits: { [CARDS]: swap('  kind: set', '  colour: set') },
    reports: ['error content/hostile/cards.yaml:3:3 schema-required', 'error content/hostile/cards.yaml:4:3 schema-additionalProperties'],
    words: {
      'error content/hostile/cards.yaml:3:3 schema-required': '`cards "Image"` is missing the required field `kind`',
      'error content/hostile/cards.yaml:4:3 schema-additionalProperties': 'unknown field `colour` in `cards "Image"` [known fields: id, name, kind, beats]',
    },
  },
  'a value not of the form a tool field takes, in words (not a regular expression)': {
    fixtures: ['duel'],
    edits: { [DUEL]: swap('locale: en', 'locale: english') },
    reports: ['error content/duel/game.yaml:6:9 schema-pattern'],
    words: { 'error content/duel/game.yaml:6:9 schema-pattern': '`locale` must be a language tag (BCP 47): en, pt-BR, fr, ... (got "english")' },
  },
  'a value not among the allowed ones, with the nearest': {
    fixtures: ['hostile'],
    edits: { [CARDS]: swap('  kind: set', '  kind: sett') },
    reports: ['error content/hostile/cards.yaml:4:9 schema-enum'],
    words: { 'error content/hostile/cards.yaml:4:9 schema-enum': '`cards "Image" .kind` must be one of: single, set (got "sett") [did you mean "set"?]' },
  },
  // Link
  'two names that give one ID, at both places': {
    fixtures: ['hostile'],
    edits: { [CARDS]: (t) => `${t}- name: Imáge\n  kind: set\n` },
    reports: ['error content/hostile/cards.yaml:3:3 duplicate-id', 'error content/hostile/cards.yaml:6:3 duplicate-id'],
    words: {
      'error content/hostile/cards.yaml:3:3 duplicate-id': 'duplicate ID "image" in collection "cards" [defined again at content/hostile/cards.yaml:6:3]',
      // Names that slug alike are two entries to tell apart: say how.
      'error content/hostile/cards.yaml:6:3 duplicate-id':
        'duplicate ID "image" in collection "cards" [first defined at content/hostile/cards.yaml:3:3; both names give the ID "image": if they are different entries, give this one an `id:` of its own]',
    },
  },
  'a reference to an ID that does not exist, with the nearest': {
    fixtures: ['hostile'],
    edits: { [CARDS]: swap('beats: image', 'beats: imag') },
    reports: ['error content/hostile/cards.yaml:5:10 ref-unknown'],
    words: { 'error content/hostile/cards.yaml:5:10 ref-unknown': 'unknown cards ID "imag" [did you mean "image"?]' },
  },
  'counts against the manifest: a known gap is a warning, an unexplained one an error': {
    fixtures: ['duel'],
    edits: {
      [DUEL]: swap(
        '    count: 5\n    collection: trophies\n',
        '    count: 6\n    collection: trophies\n    gap: one card is not described\n  - { name: More trophies, count: 7, collection: trophies }\n',
      ),
    },
    reports: ['warning content/duel/game.yaml:13:12 component-count', 'error content/duel/game.yaml:16:35 component-count'],
    words: {
      'warning content/duel/game.yaml:13:12 component-count':
        'Trophy cards: the manifest gives 6, the collection "trophies" describes 5 [known gap: one card is not described]',
      'error content/duel/game.yaml:16:35 component-count': 'More trophies: the manifest gives 7, the collection "trophies" describes 5',
    },
  },
  'mistakes in two games, in one run': {
    fixtures: ['duel', 'hostile'],
    edits: {
      [TROPHIES]: swap('- name: The Lantern Race', '- name: "The Lantern Race'),
      [CARDS]: (t) => `${swap('  kind: set', '  kind: sett')(t)}- name: Bare\n`,
    },
    reports: [
      'error content/duel/trophies.yaml:4:9 yaml-unclosed',
      'error content/hostile/cards.yaml:4:9 schema-enum',
      'error content/hostile/cards.yaml:6:3 schema-required',
    ],
    words: {},
  },
  // The rules DSL
  'an unknown op, once, with the known ops and the nearest': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('op: rank', 'op: rnk') },
    reports: ['error content/duel/trophies.yaml:5:18 schema-discriminator'],
    words: {
      'error content/duel/trophies.yaml:5:18 schema-discriminator':
        'unknown op "rnk" in `trophies "The Lantern Race" .scoring`; known: rank, per, if, sum [did you mean "rank"?]',
    },
  },
  'a quantity with a misspelt key: the keys, and the one meant': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('each: { groupsOf: 6,', 'each: { groupOf: 6,') },
    reports: ['error content/duel/trophies.yaml:16:40 schema-form'],
    words: {
      'error content/duel/trophies.yaml:16:40 schema-form':
        '`trophies "The Counting House" .scoring.each` needs one of the keys: field, count, distinct, repeated, flag, min, groupsOf [did you mean `groupsOf` for `groupOf`?]',
    },
  },
  'an unknown field inside a quantity, at the key': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('where: gold }', 'wher: gold }') },
    reports: ['error content/duel/trophies.yaml:34:55 schema-additionalProperties'],
    words: {
      'error content/duel/trophies.yaml:34:55 schema-additionalProperties':
        'unknown field `wher` in `trophies "The Banner Parade" .scoring.of[1].each` [did you mean `where`?]',
    },
  },
  'a rule reading an end-state field the game does not declare: the end state in its words, and the nearest': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('of: { field: coins }', 'of: { field: coinz }') },
    reports: ['error content/duel/trophies.yaml:16:68 rule-field'],
    words: {
      'error content/duel/trophies.yaml:16:68 rule-field':
        '"coinz" is not a field of the end state (declared in game.yaml under `endState: fields:`) [did you mean "coins"?]',
    },
  },
  'a rule reading an end-state field far from any: every field': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('by: { field: lanterns }', 'by: { field: spices }') },
    reports: ['error content/duel/trophies.yaml:5:37 rule-field'],
    words: {
      'error content/duel/trophies.yaml:5:37 rule-field':
        '"spices" is not a field of the end state (declared in game.yaml under `endState: fields:`) [its fields: lanterns, coins, banners, crowned]',
    },
  },
  'a worked example giving an end-state field the game does not declare': {
    fixtures: ['duel'],
    edits: { [TROPHIES]: swap('given: [{ coins: 13 }, { coins: 5 }]', 'given: [{ coinz: 13 }, { coins: 5 }]') },
    reports: ['error content/duel/trophies.yaml:19:24 example-field'],
    words: {
      'error content/duel/trophies.yaml:19:24 example-field':
        '"coinz" is not a field of the end state (declared in game.yaml under `endState: fields:`) [did you mean "coins"?]',
    },
  },
  'an effect changing a player-state field the game does not declare': {
    fixtures: ['board'],
    edits: { [BOARD_EVENTS]: swap('effect: { op: gain, field: coins, amount: 2 }', 'effect: { op: gain, field: coin, amount: 2 }') },
    reports: ['error content/board/events.yaml:5:30 rule-field'],
    words: {
      'error content/board/events.yaml:5:30 rule-field':
        '"coin" is not a field of the player state (declared in game.yaml under `playerState:`) [did you mean "coins"?]',
    },
  },
  'an effect example giving a player-state field the game does not declare': {
    fixtures: ['board'],
    edits: { [BOARD_EVENTS]: swap('given: { scouts: 3, coins: 1 }', 'given: { scouts: 3, coins: 1, gold: 2 }') },
    reports: ['error content/board/events.yaml:15:43 example-field'],
    words: {
      'error content/board/events.yaml:15:43 example-field':
        '"gold" is not a field of the player state (declared in game.yaml under `playerState:`) [its fields: coins, scouts]',
    },
  },
  // Content that must not crash the tool
  'a manifest that is a list': {
    fixtures: ['hostile'],
    edits: { [HOSTILE]: replaceWith('- a\n- b\n') },
    reports: [UNDECLARED, 'error content/hostile/game.yaml:1:1 schema-type'],
    words: { 'error content/hostile/game.yaml:1:1 schema-type': 'the document must be an object (got a list)' },
  },
  'a manifest with fields of the wrong shape': {
    fixtures: ['hostile'],
    edits: { [HOSTILE]: replaceWith('id: hostile\nname: X\nlocale: en\ncollections: 5\ncomponents: nope\n') },
    reports: [UNDECLARED, 'error content/hostile/game.yaml:4:14 schema-type', 'error content/hostile/game.yaml:5:13 schema-type'],
    words: { 'error content/hostile/game.yaml:4:14 schema-type': '`collections` must be an object (got number 5)' },
  },
  'manifest names that name nothing': {
    fixtures: ['hostile'],
    edits: {
      [HOSTILE]: (t) =>
        `${t}tables: { t: { kind: lookup, collection: cardz } }\nendState: { type: E, fields: { a: { kind: list, of: nothing } } }\nplayerState: [{ id: q, type: countByNothing }]\n`,
    },
    reports: [
      'error content/hostile/game.yaml:11:42 manifest-name',
      'error content/hostile/game.yaml:12:53 manifest-name',
      'error content/hostile/game.yaml:13:30 manifest-name',
    ],
    words: { 'error content/hostile/game.yaml:11:42 manifest-name': 'unknown collection "cardz" [did you mean "cards"?]' },
  },
  'a collection named as a page every game has': {
    fixtures: ['duel'],
    edits: { [DUEL]: (t) => swap('  trophies:\n', '  drafts:\n')(swap('collection: trophies', 'collection: drafts')(t)) },
    reports: ['error content/duel/game.yaml:19:3 page-address-taken'],
    words: {
      'error content/duel/game.yaml:19:3 page-address-taken':
        'collection "drafts" would have the page drafts.html, which is already a page the site makes for every game: rename one of them',
    },
  },
  'a collection file that is not a list': {
    fixtures: ['hostile'],
    edits: { [CARDS]: replaceWith('just a string\n') },
    reports: ['error content/hostile/cards.yaml:1:1 collection-not-a-list'],
    words: {},
  },
  'entries that are not maps, and a placeholder without a note': {
    fixtures: ['hostile'],
    edits: { [CARDS]: replaceWith('- 5\n- { name: { placeholder: B }, kind: set }\n') },
    reports: ['error content/hostile/cards.yaml:1:3 entry-not-a-map', 'error content/hostile/cards.yaml:2:11 placeholder-note'],
    words: {},
  },
  'a missing schema and a schema that is not JSON': {
    fixtures: ['duel', 'hostile'],
    edits: { [HOSTILE]: swap('hostile/card.schema.json', 'hostile/cards.schema.json'), 'schemas/duel/trophy.schema.json': replaceWith('{ nope') },
    reports: ['error schemas/duel/trophy.schema.json:1:3 schema-json', 'error content/hostile/game.yaml:9:13 schema-missing'],
    words: {
      'error schemas/duel/trophy.schema.json:1:3 schema-json':
        'this schema is not valid JSON: expected property name or \'}\' [JSON takes no comments and no comma after the last item; every key and text is in "double quotes"]',
      'error content/hostile/game.yaml:9:13 schema-missing': 'no schema "schemas/hostile/cards.schema.json" [did you mean "hostile/card.schema.json"?]',
    },
  },
  'a file the manifest names that does not exist': {
    fixtures: ['hostile'],
    edits: { [HOSTILE]: swap('file: cards.yaml', 'file: nowhere.yaml') },
    reports: [UNDECLARED, 'error content/hostile/game.yaml:8:11 collection-file-missing'],
    words: {},
  },
} satisfies Record<string, DiagnosticCase>;

/** `severity file:line:col code` of every diagnostic of a check: the shape diagnostics.test.ts compares. */
export async function reportsOf(root: string): Promise<string[]> {
  const result = await check(root);
  return result.bag.sorted().map((d) => `${d.severity} ${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}`);
}

export function projectOf(c: DiagnosticCase): Promise<string> {
  return fixturesProject(c.fixtures, c.edits);
}
