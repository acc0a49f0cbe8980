// docs/rules.md, the reference of the rules language (the DSL of scoring,
// effects and values), written from its JSON Schema (compiler/schemas/dsl.schema.json):
// its descriptions and `examples`, each example shown with the sentence the
// site prints for it. The schema is the one place to edit; `npm run docs:rules`
// rewrites the page, and test/rules-doc.test.ts fails when the page differs
// (and when an example does not validate against its own schema).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeclaredValue, Manifest } from '../model.ts';
import type { Effect, Scoring, Value } from '../rules/dsl.ts';
import { renderEffect } from '../rules/effect-render.ts';
import { playerStateModel } from '../rules/player-state.ts';
import { renderScoring } from '../rules/render.ts';
import { changeWords, endStateWords, fieldsOf, situationWords } from '../rules/example-words.ts';
import { compilerLanguage } from '../locales/language.ts';
import { stateModel } from '../rules/state.ts';
import { valueFormula } from '../rules/value.ts';
import { renderValue } from '../rules/value-render.ts';
import { TOOL_SCHEMA_DIR } from '../validate/schemas.ts';
import {
  anchor,
  atPointer,
  examplesOf,
  firstSentence,
  isObject,
  oneLine,
  readSchemas,
  ROOT,
  SHARED,
  Words,
  yamlOf,
  type DefLinks,
  type Json,
} from './manifest-reference.ts';

/** The rules language's schema. */
export const DSL_SCHEMA = path.join(TOOL_SCHEMA_DIR, 'dsl.schema.json');
/** The page written: it ships with the package, beside docs/manifest.md. */
export const RULES_DOC = path.join(ROOT, 'docs', 'rules.md');

const DSL_FILE = path.basename(DSL_SCHEMA);

/**
 * The game the page's examples are written for: the parts of its game.yaml
 * that rules read (`endState`, `playerState`) and the lists they name
 * (`declarations`). The sentences under the examples are rendered against it,
 * and the test holds it to the manifest's schema.
 */
export const SAMPLE_MANIFEST = {
  declarations: {
    resources: [
      { id: 'tea', name: 'Tea' },
      { id: 'spice', name: 'Spice' },
      { id: 'silk', name: 'Silk' },
    ],
    terrains: [
      { id: 'desert', name: 'Desert' },
      { id: 'oasis', name: 'Oasis' },
      { id: 'mountains', name: 'Mountains' },
    ],
  },
  endState: {
    type: 'MarketEndState',
    fields: {
      tea: { kind: 'count', resource: 'tea', noun: 'card', nounPlural: 'cards', description: 'Tea cards held at the end.' },
      spice: { kind: 'count', resource: 'spice', noun: 'card', nounPlural: 'cards', description: 'Spice cards held at the end.' },
      silk: { kind: 'count', resource: 'silk', noun: 'card', nounPlural: 'cards', description: 'Silk cards held at the end.' },
      coins: { kind: 'count', noun: 'coin', nounPlural: 'coins', description: 'Coins left at the end.' },
      contracts: {
        kind: 'list',
        of: 'resources',
        noun: 'contract',
        nounPlural: 'contracts',
        where: 'for {{name}}',
        description: 'One entry per contract filled: the good it asked for.',
      },
      merchant: { kind: 'flag', phrase: 'the Merchant card', description: 'The Merchant card in front of the player.' },
    },
  },
  playerState: [
    { id: 'coins', type: 'count', noun: 'coin', nounPlural: 'coins', amount: "{{n}} {{plural n 'coin' 'coins'}}", description: 'Coins in hand.' },
    { id: 'fame', type: 'count', amount: "{{n}} Fame {{plural n 'Point' 'Points'}}", description: 'Fame Points (never below 0).' },
    {
      id: 'caravans',
      type: 'countByTerrain',
      noun: 'caravan',
      nounPlural: 'caravans',
      each: 'each of your caravans{{#if keys}} in {{orList keys}} spaces{{/if}}',
      unit: 'caravan',
      moveFrom: 'all of your caravans in {{andList keys}} spaces',
      description: 'Caravans on the map, by terrain.',
    },
    { id: 'camp', type: 'count', moveTo: 'your camp', description: 'Caravans back at camp.' },
    {
      id: 'caravanTerrain',
      type: 'terrain',
      when: 'If your lead caravan is in a {{orList values}} space,',
      state: 'your lead caravan in {{a value}} space',
      description: 'The terrain of the lead caravan.',
    },
  ],
};

const SAMPLE_EFFECT: Effect = { op: 'unless', check: { atLeast: 3, of: { field: 'coins' } }, do: { op: 'lose', field: 'fame', amount: 2 } };
const SAMPLE_EFFECT_EXAMPLES = [
  { note: 'Three coins spare you.', given: { coins: 3, fame: 5 }, expect: { fame: 5 } },
  { given: { coins: 2, fame: 5, caravanTerrain: 'desert' }, expect: { fame: 3 } },
];

/** How the site writes the sample's examples: the words each field declares, and after an effect only what changed. */
function exampleWordsLines(states: ReturnType<typeof sampleStates>): string[] {
  const en = compilerLanguage('en');
  const reads = fieldsOf(SAMPLE_EFFECT);
  const effectRows = SAMPLE_EFFECT_EXAMPLES.map(
    (x) => `| ${situationWords(x.given, states.players, en, reads)} | ${changeWords(x.given, x.expect, states.players, en)} |`,
  );
  const scoring: Scoring = { op: 'per', points: 2, each: { field: 'tea' } };
  const players = [{ tea: 3, coins: 2 }, { tea: 0 }];
  const scoringRows = players.map((g, i) => `| Player ${i + 1}: ${endStateWords(g, states.end, en, fieldsOf(scoring))} |`);
  return [
    'The site writes each example as a rulebook writes a situation, in the words the manifest declares for each',
    'field (a field at zero is said when the rule reads it and left out when not; a field with no words is left out,',
    'with a warning): for the effect above,',
    '',
    '| Before | After |',
    '| --- | --- |',
    ...effectRows,
    '',
    'and for the end states `[ { tea: 3, coins: 2 }, { tea: 0 } ]` of `{ op: per, points: 2, each: { field: tea } }`,',
    '',
    '| End state |',
    '| --- |',
    ...scoringRows,
    '',
  ];
}

/** The sample game as the rules phase resolves it. */
function sampleStates() {
  const manifest = SAMPLE_MANIFEST as unknown as Manifest;
  const declared = new Map<string, DeclaredValue[]>(Object.entries(SAMPLE_MANIFEST.declarations));
  return { end: stateModel(manifest, declared, () => undefined)!, players: playerStateModel(manifest, declared)! };
}

type Kind = 'scoring' | 'effect' | 'value';

/** The definitions of the DSL, in words and with the heading of the section that explains each. */
const DSL_LINKS: DefLinks = {
  ...SHARED,
  scoring: { words: 'a scoring rule', heading: 'Scoring rules' },
  quantity: { words: 'a quantity', heading: 'Quantities' },
  phrase: { words: 'a phrase', heading: 'Phrases' },
  examples: { words: 'worked examples', heading: 'Worked examples' },
  effect: { words: 'an effect', heading: 'Effects' },
  condition: { words: 'a condition', heading: 'Conditions' },
  stateQuantity: { words: 'a number from the state', heading: 'Numbers from the state' },
  amount: { words: 'an amount', heading: 'Amounts' },
  value: { words: 'a value', heading: 'Values' },
};

/** One form a definition takes: an `op` of a rule, a form of a quantity or a condition. */
export interface DslForm {
  /** The definition (`scoring`, `quantity`, ...). */
  def: string;
  /** The `op` it has, or the key that tells it apart (`count`, `atLeast`). */
  label: string;
  isOp: boolean;
  heading: string;
  /** The JSON pointer of its schema in dsl.schema.json. */
  pointer: string;
  schema: Json;
}

const TITLES: Record<string, string> = { scoring: 'Scoring', effect: 'Effect', value: 'Value', quantity: 'Quantity', condition: 'Condition' };

/** The forms of a definition, in the schema's order: its branches with an `op`, else each branch's distinguishing key. */
export function dslForms(def: string, schemas = readSchemas(DSL_SCHEMA)): DslForm[] {
  const dsl = schemas.get(DSL_FILE)!;
  const schema = atPointer(dsl, `/$defs/${def}`) as Json;
  const word = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
  const forms: DslForm[] = [];
  (schema[word] as Json[]).forEach((branch, i) => {
    if (!isObject(branch.properties)) return; // a `$ref` (a value may be a number from the state): said in the definition's words
    const op = (branch.properties.op as Json | undefined)?.const;
    const required = (branch.required as string[] | undefined) ?? [];
    const label = typeof op === 'string' ? op : (required.find((k) => k !== 'field') ?? required[0]!);
    forms.push({
      def,
      label,
      isOp: typeof op === 'string',
      heading: `${TITLES[def]}: \`${label}\``,
      pointer: `/$defs/${def}/${word}/${i}`,
      schema: branch,
    });
  });
  return forms;
}

/** The fields of a form (or of an object written inline in it, `shortfall.field`) as a list: required or optional, type, meaning. */
function fieldLines(schema: Json, words: Words, prefix = ''): string[] {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const lines: string[] = [];
  for (const [name, child] of Object.entries(schema.properties as Record<string, Json>)) {
    if (name === 'op' && !prefix) continue;
    const what = typeof child.description === 'string' ? ` ${child.description}` : '';
    const type = isObject(child.properties) ? 'a map' : words.of(child, DSL_FILE);
    lines.push(`- \`${prefix}${name}\` (${required.has(name) ? '**required**' : 'optional'}): ${type}.${what}`);
    if (isObject(child.properties)) lines.push(...fieldLines(child, words, `${prefix}${name}.`));
  }
  return lines;
}

/** Where a rule of each kind stands in a collection file, as the bundled games and `rulebook init` name the field. */
const FIELD: Record<Kind, string> = { scoring: 'scoring', effect: 'effect', value: 'value' };

/** The sentence the site prints for an example (for a value, with its formula). */
function sentence(def: string, example: unknown, states: ReturnType<typeof sampleStates>): string | undefined {
  try {
    switch (def) {
      case 'scoring':
        return `The site prints: “${renderScoring(example as Scoring, states.end)}”`;
      case 'quantity':
        return `In \`{ op: per, points: 1, each: … }\` the site prints: “${renderScoring({ op: 'per', points: 1, each: example as never }, states.end)}”`;
      case 'effect':
        return `The site prints: “${renderEffect(example as Effect, states.players)}”`;
      case 'condition': {
        // A test on a field's value names its subject (`when`); a threshold is what you have (`unless`).
        const op = 'in' in (example as Json) ? 'when' : 'unless';
        const effect = { op, check: example, do: { op: 'lose', field: 'fame', amount: 1 } } as Effect;
        return `In \`{ op: ${op}, check: …, do: { op: lose, field: fame, amount: 1 } }\` the site prints: “${renderEffect(effect, states.players)}”`;
      }
      case 'phrase':
        return `In \`{ op: per, points: 2, each: { field: tea, phrase: … } }\` the site prints: “${renderScoring(
          { op: 'per', points: 2, each: { field: 'tea', phrase: example as string } },
          states.end,
        )}”`;
      case 'value':
        return `The rules text (the package's \`rulesText\`) reads: “${renderValue(example as Value, states.players)}” Its formula (\`formula\`): \`${valueFormula(example as Value)}\``;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** What a form is: its own description, else its `op`'s, else that of the key that tells it apart (a quantity's `count`). */
function formWhat(form: DslForm): string {
  const s = form.schema;
  const properties = s.properties as Record<string, Json>;
  for (const d of [s.description, properties.op?.description, properties[form.label]?.description]) if (typeof d === 'string') return d;
  return '';
}

/** A form's block: heading, what it does, its fields, and its examples with their sentences. */
function formBlock(form: DslForm, words: Words, states: ReturnType<typeof sampleStates>): string[] {
  const s = form.schema;
  const what = formWhat(form);
  const lines = [`### ${form.heading}`, '', what, ''];
  if (form.isOp) lines.push(`- \`op: ${form.label}\` (**required**).`);
  lines.push(...fieldLines(s, words), '');
  const examples = examplesOf(s);
  if (examples.length) lines.push(examples.length > 1 ? 'Examples:' : 'Example:', '');
  for (const example of examples) {
    const kind = form.def as Kind;
    lines.push('```yaml', yamlOf(kind in FIELD ? { [FIELD[kind]]: example } : example), '```', '');
    const said = sentence(form.def, example, states);
    if (said) lines.push(said, '');
  }
  return lines;
}

/** The key a definition without forms is shown under in its examples, as a rule writes it. */
const WRITTEN_AS: Record<string, string> = { phrase: 'phrase', stateQuantity: 'each', amount: 'cost' };

/** A definition without forms (a phrase, an amount, ...): its description, type and examples. */
function defBlock(name: string, dsl: Json, words: Words, states: ReturnType<typeof sampleStates>, level = 2): string[] {
  const def = atPointer(dsl, `/$defs/${name}`) as Json;
  const lines = [`${'#'.repeat(level)} ${DSL_LINKS[name]!.heading}`, ''];
  if (typeof def.description === 'string') lines.push(def.description, '');
  if (isObject(def.properties)) lines.push(...fieldLines(def, words), '');
  else lines.push(`- Type: ${words.of(def, DSL_FILE)}.`, '');
  const examples = examplesOf(def);
  if (examples.length) lines.push(examples.length > 1 ? 'Examples:' : 'Example:', '');
  for (const example of examples) {
    const key = WRITTEN_AS[name];
    lines.push('```yaml', yamlOf(key ? { [key]: example } : example), '```', '');
    const said = sentence(name, example, states);
    if (said) lines.push(said, '');
  }
  return lines;
}

/** The table of a definition's forms: each with its first sentence, linked to its section. */
function formTable(forms: DslForm[]): string[] {
  return [
    `| ${forms[0]!.isOp ? 'op' : 'form'} | what it is |`,
    '| --- | --- |',
    ...forms.map((f) => `| [\`${f.label}\`](#${anchor(f.heading)}) | ${oneLine(formWhat(f))} |`),
    '',
  ];
}

const MANIFEST_LINK = 'manifest.md';

/** docs/rules.md, whole. */
export function rulesReference(schemas = readSchemas(DSL_SCHEMA)): string {
  const dsl = schemas.get(DSL_FILE)!;
  const words = new Words(schemas, DSL_LINKS, undefined);
  const states = sampleStates();
  const defs = dsl.$defs as Record<string, Json>;
  const source = path.relative(ROOT, DSL_SCHEMA).split(path.sep).join('/');
  const section = (def: string): string[] => {
    const forms = dslForms(def, schemas);
    return [...formTable(forms), ...forms.flatMap((f) => formBlock(f, words, states))];
  };
  const description = (def: string): string => String(defs[def]!.description ?? '');
  const sample = (key: 'endState' | 'playerState' | 'declarations'): string => yamlOf({ [key]: SAMPLE_MANIFEST[key] });

  return [
    '# The rules language: scoring, effects and values',
    '',
    `<!-- generated from ${source} by \`npm run docs:rules\`: edit the schema's descriptions and examples, not this page -->`,
    '',
    'Rules that are data (how a card scores, what an event does, how a final score is',
    'computed) are written in a collection file as small trees of tagged operations',
    '(`op: per`, `op: rank`, ...), not as prose. The build checks each rule against the',
    "game's declarations, compiles it to a function in the engine package, prints it on the",
    'site as a sentence, and runs its worked examples. This page lists every operation, with',
    'its fields and an example as you write it in a collection file. It is written from the',
    'schema `rulebook check` holds rules to, so it says what the check accepts; the manifest',
    `(\`game.yaml\`) has its own reference, [${MANIFEST_LINK}](${MANIFEST_LINK}).`,
    '',
    '## Where a rule stands',
    '',
    "A collection's schema (`schemas/<game>/<kind>.schema.json`) marks a field as a rule with",
    '`"x-rule"` and points it at the definition of its kind in the schema that comes with the tool:',
    '',
    '```json',
    '"scoring": { "$ref": "../dsl.schema.json#/$defs/scoring", "x-rule": "scoring", "description": "How the card scores." },',
    '"examples": { "$ref": "../dsl.schema.json#/$defs/examples", "description": "Worked examples, checked by every build." }',
    '```',
    '',
    "Then each entry of the collection writes its rule in that field (`rulebook init`'s",
    'example game does this for its contracts):',
    '',
    '```yaml',
    yamlOf([
      {
        name: 'The Tea House',
        scoring: { op: 'per', points: 2, each: { field: 'tea' } },
        examples: [{ note: 'Three Tea cards score 6; none score nothing.', given: [{ tea: 3 }, { tea: 0 }], expect: [6, 0] }],
      },
    ]),
    '```',
    '',
    'There are three kinds of rule:',
    '',
    '| `x-rule` | `$ref` | what it is | what it reads | in the engine package |',
    '| --- | --- | --- | --- | --- |',
    `| \`scoring\` | \`../dsl.schema.json#/$defs/scoring\` | [${oneLine(firstSentence(description('scoring')))}](#scoring-rules) | the end state of every player (\`endState\`) | \`score(players)\`, one number per player |`,
    `| \`effect\` | \`../dsl.schema.json#/$defs/effect\` | [${oneLine(firstSentence(description('effect')))}](#effects) | the player's state during play (\`playerState\`) | \`apply(state)\`, the state after |`,
    `| \`value\` | \`../dsl.schema.json#/$defs/value\` | [${oneLine(firstSentence(description('value')))}](#values) | the player's state (\`playerState\`) | \`value(state)\`, a number |`,
    '',
    'Any number in a rule may be written as a placeholder, `{ placeholder: 3, note: "To decide: ..." }`,',
    'as anywhere in the content ([manifest.md](manifest.md) says more).',
    '',
    '## What a rule reads: the end state and the player state',
    '',
    "A rule names no card and no piece: it reads fields the game's manifest declares, and its",
    'sentence names each field with the nouns declared beside it. A field a rule names that the',
    'manifest does not declare is an error at the rule, with the nearest declared name.',
    '',
    `- **Scoring rules** read the end state, \`endState:\` in \`game.yaml\` ([its reference](${MANIFEST_LINK}#endstate)):`,
    '  what one player holds when the game ends, field by field. A `count` field is a whole number,',
    '  a `list` field holds values of a declared list (`of:`), a `flag` is set or not. A quantity',
    '  (`{ field: tea }`, `{ count: contracts }`, ...) reads one of them; the sentence takes the',
    "  field's `noun` and `nounPlural` (or its resource's name), a flag's `phrase`, a list's `where`.",
    `- **Effects and values** read the player state, \`playerState:\` in \`game.yaml\` ([its reference](${MANIFEST_LINK}#playerstate)):`,
    "  the fields a player's state holds during play, each with the phrases an effect's sentence is",
    '  made of (`amount`, `each`, `unit`, `noun`, `nounPlural`, `gain`, `moveFrom`, `moveTo`, `when`, and `state`, how a',
    "  worked example names a terrain field's value).",
    '  A `countByTerrain` field holds a count for each value of a declared list, and a rule reads it',
    '  summed over `keys` (all values when `keys` is left out).',
    '',
    'The examples on this page are written for a game with these declarations; the sentence under',
    'each example is the one the site prints for it with them:',
    '',
    '```yaml',
    sample('declarations'),
    sample('endState'),
    sample('playerState'),
    '```',
    '',
    '## Scoring rules',
    '',
    `${description('scoring')} A scoring rule is written with \`x-rule: scoring\`; each \`op\` below is one form.`,
    '',
    ...section('scoring'),
    '## Quantities',
    '',
    `${description('quantity')} A scoring rule counts with one (\`each\`, \`by\`, \`has\`); each form is told apart by its key.`,
    '',
    ...section('quantity'),
    ...defBlock('phrase', dsl, words, states, 3),
    '## Worked examples',
    '',
    `${description('examples')} A failing example is an error at its \`expect\`, with the rule's sentence;`,
    'a field an example names that the state does not declare is an error at that field.',
    '',
    ...fieldLines(defs.examples!.items as Json, words),
    '',
    'For a scoring rule, the entry\'s `examples` (`$ref: "../dsl.schema.json#/$defs/examples"`) give one end',
    'state per player and the points each scores:',
    '',
    ...examplesOf(defs.examples!).flatMap((e) => ['```yaml', yamlOf({ examples: e }), '```', '']),
    "For an effect or a value, the game's own schema defines `examples` beside the rule (the",
    "tool has no shared definition for them): each gives one player's state, `given`, and",
    '`expect` is the state after the effect (the fields it changes) or, for a value, the number:',
    '',
    '```yaml',
    yamlOf({ effect: SAMPLE_EFFECT, examples: SAMPLE_EFFECT_EXAMPLES }),
    '```',
    '',
    ...exampleWordsLines(states),
    '```yaml',
    yamlOf({
      value: { op: 'sum', of: [{ field: 'fame' }, { op: 'groupsOf', size: 3, of: { field: 'coins' } }] },
      examples: [{ given: { fame: 7, coins: 8 }, expect: 9 }],
    }),
    '```',
    '',
    '## Effects',
    '',
    `${description('effect')} An effect is written with \`x-rule: effect\`; each \`op\` below is one form. A`,
    "field beside the rule named `text` (in the same map) keeps the rulebook's printed sentence: the site shows",
    'it instead of the rendered one, and the build holds its numbers to the rule.',
    '',
    ...section('effect'),
    '## Conditions',
    '',
    `${description('condition')} An effect's \`check\` (\`unless\`, \`when\`) is one; each form is told apart by its key.`,
    '',
    ...section('condition'),
    ...defBlock('stateQuantity', dsl, words, states),
    ...defBlock('amount', dsl, words, states),
    '## Values',
    '',
    `${description('value')} A value is written with \`x-rule: value\`: a number from the state`,
    '([below](#numbers-from-the-state)), or one of the `op`s below. Its rules text is a sentence made',
    'from the nouns `playerState` declares (`nounPlural`, `noun`, or the words of `amount`) and the',
    "locale's `valueRules:` grammar; the formula is kept apart (the package's `formula`). Each term may",
    "carry `text`, the rulebook's sentence for it: the site shows those texts in reading order, and the",
    'sentence and the formula under "How it is computed" (a value with no `text` shows its sentence).',
    '',
    ...section('value'),
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n*$/, '\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(path.dirname(RULES_DOC), { recursive: true });
  writeFileSync(RULES_DOC, rulesReference());
  const ops = (['scoring', 'effect', 'value'] as const).flatMap((d) => dslForms(d)).length;
  process.stdout.write(`${path.relative(ROOT, RULES_DOC)}: ${ops} operations of the rules language\n`);
}
