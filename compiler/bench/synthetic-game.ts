// A synthetic game in rulebook's own content format, at any size, for the
// benchmark and the tests that need a large game. The cards are the ones the
// peer harness's generator (bench/peers/gen.mjs) writes for the same seed —
// same PRNG, same draws in the same order — so `rulebook check` and the floor
// and Velite read the same names, numbers and references.
//
// Usage: node --import tsx compiler/bench/synthetic-game.ts --cards 10000 --out /tmp/synth [--per-file 100] [--seed 42] [--json]
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';


export interface SyntheticOptions {
  cards: number;
  /** Cards per YAML file; the collection lists its files with a glob. */
  perFile?: number;
  seed?: number;
  /** The cards' files as YAML (the default) or as JSON (a list of entries, the shape bulk card data comes in). */
  format?: 'yaml' | 'json';
}

const KINDS = ['building', 'worker', 'event', 'tool', 'goal', 'hazard'];
const RESOURCES = ['flour', 'ammunition', 'timber'];
const TIES = ['share-place', 'split', 'none'];
const NOUNS = ['Moinho', 'Padaria', 'Açougue', 'Coração', 'Pão', 'Ferreiro', 'Estação', 'Canhão', 'Colheita', 'Tecelã',
  'Mercador', 'Ímã', 'Oráculo', 'Celeiro', 'Guarnição', 'Caçador', 'Tempestade', 'Ponte', 'Fábrica', 'Missão'];
const ADJ = ['Dourado', 'Sombrio', 'Antigo', 'Célere', 'Próspero', 'Infinito', 'Rústico', 'Amável', 'Trôpego', 'Lúcido'];
const PLACES = ['São João', 'Évora', 'Coimbra', 'Maranhão', 'Belém', 'Óbidos', 'Açores', 'Niterói', 'Paraná', 'Goiás'];
const SUBJ = ['O jogador', 'Cada vizinho', 'A guilda', 'O padeiro', 'Quem tiver mais farinha', 'O último a jogar'];
const VERB = ['ganha', 'perde', 'descarta', 'compra', 'troca', 'revela', 'protege', 'recebe'];
const OBJ = ['uma carta de ação', 'dois recursos à escolha', 'três pontos de glória', 'o marcador de estação',
  'uma munição extra', 'a próxima colheita', 'um sacão de farinha', 'a ponte do inimigo'];
const TAIL = ['neste turno', 'até o fim da rodada', 'se ninguém reagir', 'quando a lua estiver cheia',
  'antes da próxima fase', 'imediatamente', 'sem custo adicional', 'após a contagem'];
const TAGS = ['starter', 'combo', 'rare', 'economy', 'military', 'harvest', 'event-chain', 'late-game', 'defensive', 'trade'];

const slugify = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export interface SyntheticCard {
  id: string;
  name: string;
  kind: string;
  cost: number;
  resource: string;
  points: number;
  text: string;
  tags: string[];
  effect: { op: string; [k: string]: unknown };
  refersTo: string;
}

/** The peer generator's cards, draw for draw (mulberry32, the same call order). */
export function syntheticCards(n: number, seed = 42): SyntheticCard[] {
  let s = seed >>> 0;
  const rnd = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(arr: T[]) => arr[Math.floor(rnd() * arr.length)]!;
  const sentence = () => `${pick(SUBJ)} ${pick(VERB)} ${pick(OBJ)} ${pick(TAIL)}.`;
  const effect = (): SyntheticCard['effect'] => {
    const op = pick(['rank', 'per', 'gain']);
    if (op === 'rank') {
      const awards = [int(4, 8)];
      for (let k = int(0, 2); k > 0; k--) awards.push(Math.max(0, awards[awards.length - 1]! - int(1, 3)));
      return { op: 'rank', by: { resource: pick(RESOURCES) }, awards, ties: pick(TIES) };
    }
    if (op === 'per') return { op: 'per', points: int(1, 8), each: { setsOf: int(1, 8), of: { resource: pick(RESOURCES) } } };
    return { op: 'gain', amount: int(1, 5), resource: pick(RESOURCES) };
  };
  const cards: SyntheticCard[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${pick(NOUNS)} ${pick(ADJ)} de ${pick(PLACES)}`;
    const tags: string[] = [];
    for (let k = int(0, 4); k > 0; k--) tags.push(pick(TAGS));
    cards.push({
      id: `${slugify(name)}-${String(i).padStart(5, '0')}`,
      name,
      kind: pick(KINDS),
      cost: int(0, 10),
      resource: pick(RESOURCES),
      points: int(-2, 15),
      text: Array.from({ length: int(2, 3) }, sentence).join(' '),
      tags: [...new Set(tags)],
      effect: effect(),
      refersTo: '',
    });
  }
  for (let i = 0; i < n; i++) cards[i]!.refersTo = cards[(i + 1 + int(0, n - 2)) % n]?.id ?? cards[0]!.id;
  return cards;
}

/**
 * The peer's `effect` as our scoring DSL: rank stays a rank (our one tie rule,
 * share-place, for all three of theirs), "per sets of" is `groupsOf`, and a
 * flat gain is a point per unit of the resource it names.
 */
function scoringOf(effect: SyntheticCard['effect']): Record<string, unknown> {
  const field = (r: unknown) => ({ field: r });
  if (effect.op === 'rank') return { op: 'rank', by: field((effect.by as { resource: string }).resource), order: 'most', awards: effect.awards, ties: 'share-place' };
  if (effect.op === 'per') {
    const each = effect.each as { setsOf: number; of: { resource: string } };
    return { op: 'per', points: effect.points, each: { groupsOf: each.setsOf, of: field(each.of.resource) } };
  }
  return { op: 'per', points: effect.amount, each: field(effect.resource) };
}

/** One card as a designer would write it: every 50th card's points are still a placeholder. */
function entryOf(card: SyntheticCard, i: number): Record<string, unknown> {
  return {
    id: card.id,
    name: card.name,
    kind: card.kind,
    cost: card.cost,
    resource: card.resource,
    points: i % 50 === 7 ? { placeholder: card.points, note: 'The print proof does not show this value yet.' } : card.points,
    text: card.text,
    tags: card.tags,
    refersTo: card.refersTo,
    scoring: scoringOf(card.effect),
  };
}

const CARD_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://rulebook.dev/schemas/synth/card.schema.json',
  title: 'Card',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'kind', 'cost', 'resource', 'points', 'text', 'tags', 'refersTo', 'scoring'],
  properties: {
    id: { $ref: '../defs.schema.json#/$defs/id' },
    name: { type: 'string', minLength: 1, maxLength: 120 },
    kind: { title: 'Kind', enum: KINDS },
    cost: { title: 'Cost', type: 'integer', minimum: 0, maximum: 10 },
    resource: { title: 'Resource', type: 'string', 'x-ref': 'resources' },
    points: { title: 'Points', type: 'integer' },
    text: { title: 'Text', type: 'string', minLength: 1 },
    tags: { title: 'Tags', type: 'array', maxItems: 4, items: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' } },
    refersTo: { title: 'Refers to', type: 'string', 'x-ref': 'cards' },
    scoring: { $ref: '../dsl.schema.json#/$defs/scoring', 'x-rule': 'scoring' },
  },
};

function manifest(files: string): string {
  return `# A synthetic game written by compiler/bench/synthetic-game.ts for the benchmark.
id: synth
name: Synthetic
locale: en
players: { min: 2, max: 4 }
source: Synthetic cards (compiler/bench/synthetic-game.ts)
summary: Generated cards that score flour, ammunition and timber at the end of the game.

collections:
  cards:
    ${files}
    schema: synth/card.schema.json
    type: Card
    title: Cards

declarations:
  resources:
    - { id: flour, name: Flour }
    - { id: ammunition, name: Ammunition }
    - { id: timber, name: Timber }

endState:
  type: SynthEndState
  fields:
    flour: { kind: count, resource: flour, description: Flour held at the end. }
    ammunition: { kind: count, resource: ammunition, description: Ammunition held at the end. }
    timber: { kind: count, resource: timber, description: Timber held at the end. }
`;
}

const OVERVIEW = `# Overview

Synthetic is a generated card game. Each card costs up to 10 and scores the
flour, ammunition or timber each player holds at the end of the game.
`;

/** Write a whole project (content/synth and the schemas it needs) into `dir`. */
export async function writeSyntheticGame(dir: string, options: SyntheticOptions): Promise<{ files: number; bytes: number }> {
  const perFile = options.perFile ?? options.cards;
  // Cards are written `perFile` at a time: fewer than one would never get through them.
  if (!Number.isInteger(perFile) || perFile < 1) throw new RangeError(`cards per file must be a whole number from 1 up, not ${perFile}`);
  const cards = syntheticCards(options.cards, options.seed ?? 42);
  const game = path.join(dir, 'content', 'synth');
  await rm(path.join(dir, 'content'), { recursive: true, force: true });
  await mkdir(path.join(game, 'rules'), { recursive: true });
  await mkdir(path.join(dir, 'schemas', 'synth'), { recursive: true });
  await writeFile(path.join(dir, 'schemas', 'synth', 'card.schema.json'), `${JSON.stringify(CARD_SCHEMA, null, 2)}\n`);
  const many = perFile < cards.length;
  const ext = options.format === 'json' ? 'json' : 'yaml';
  await writeFile(path.join(game, 'game.yaml'), manifest(many ? `files: cards/*.${ext}` : `file: cards.${ext}`));
  await writeFile(path.join(game, 'rules', '01-overview.md'), OVERVIEW);
  if (many) await mkdir(path.join(game, 'cards'));
  let files = 0;
  let bytes = 0;
  for (let i = 0; i < cards.length; i += perFile) {
    const entries = cards.slice(i, i + perFile).map((c, k) => entryOf(c, i + k));
    const text = ext === 'json' ? `${JSON.stringify(entries, null, 2)}\n` : stringify(entries, { lineWidth: 0 });
    const name = many ? path.join('cards', `cards-${String(i / perFile).padStart(5, '0')}.${ext}`) : `cards.${ext}`;
    await writeFile(path.join(game, name), text);
    files++;
    bytes += Buffer.byteLength(text);
  }
  return { files, bytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const arg = (k: string, d?: string) => (process.argv.includes(`--${k}`) ? process.argv[process.argv.indexOf(`--${k}`) + 1] : d);
  const out = arg('out');
  if (!out) throw new Error('usage: synthetic-game.ts --cards N --out DIR [--per-file K] [--seed S]');
  const r = await writeSyntheticGame(path.resolve(out), { cards: Number(arg('cards', '1000')), perFile: arg('per-file') ? Number(arg('per-file')) : undefined, seed: Number(arg('seed', '42')), format: process.argv.includes('--json') ? 'json' : 'yaml' });
  process.stdout.write(`${JSON.stringify({ out, ...r })}\n`);
}
