// The engine package's types as tight as the bundled data, read by a strict consumer (noUncheckedIndexedAccess,
// exactOptionalPropertyTypes): each side of the Cangaceiros map has its own node union and guard, a mover's `by`,
// `scores` and `chooser` are typed by game.yaml, a value table by its field's schema, a text that is a plain string in
// every entry is a `string`, and one `text()` resolves a Text. Each loosened type of before is an `@ts-expect-error`
// line: if the type were loose again, the line would type-check and the unused directive would be the error.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataPlaces, idFieldPlace } from '../compiler/emit-code/data-places.ts';
import { emitPackage } from '../compiler/emit-code/emit.ts';
import { schemaToTs, type Schema } from '../compiler/emit-code/schema-to-ts.ts';
import { check } from '../compiler/pipeline.ts';
import { ROOT } from './helpers.ts';
import ts from 'typescript';
import { consumerOf, diagnosticsWith, inNode } from './package-consumer.ts';

const STRICTER = { exactOptionalPropertyTypes: true };

/** Engine code that must type-check. */
const GOOD = `import { cangaceiros, cangaco, root, text, type Text } from 'rulebook-generated';
import type { RuleId } from 'rulebook-generated/root';
import { isMapSideNodeId, type Chief, type MapSide, type MapSideNodeId, type MapSideNodes, type PlayerState, type VolantePiece } from 'rulebook-generated/cangaceiros';

// One side's nodes, and every side's.
export const near: MapSideNodeId<'players-2-3'>[] = cangaceiros.movement.gang.neighbours('players-2-3', 'juazeiro');
export const far: MapSideNodeId<'players-4-5'>[] = cangaceiros.movement.gang.neighbours('players-4-5', 'canudos');
export const any: MapSideNodeId = near[0] ?? far[0] ?? 'juazeiro';
export const sides: keyof MapSideNodes = 'players-4-5';
export function fromInput(s: string): boolean {
  if (isMapSideNodeId('players-4-5', s)) {
    const node: MapSideNodeId<'players-4-5'> = s;
    return cangaceiros.movement.volante.mayEnter('players-4-5', node, 6);
  }
  return false;
}
// A side chosen at run time: any side's node.
export function onSide(side: 'players-2-3' | 'players-4-5', node: MapSideNodeId): MapSideNodeId[] {
  return isMapSideNodeId(side, node) ? cangaceiros.movement.gang.reach(side, node) : [];
}
// A side's entry holds that side's nodes (its spaces, its edges' and arrows' ends); \`all\` holds any side's.
const first: MapSide<'players-2-3'> = cangaceiros.map.byId['players-2-3'];
export const edgeEnds: MapSideNodeId<'players-2-3'>[] = first.edges.flatMap((e) => [e.a, e.b]);
export const arrowEnds: MapSideNodeId<'players-2-3'>[] = first.arrows.map((a) => a.to);
export const spaceIds: MapSideNodeId<'players-2-3'>[] = first.spaces.map((s) => s.id);
export const anySide: MapSideNodeId[] = cangaceiros.map.all.flatMap((side) => side.spaces.map((s) => s.id));

// The Gang's move is changed by a Chief; the Volante's ranks owners by Fame and names who breaks a tie.
export const cabeleira: MapSideNodeId<'players-2-3'>[] = cangaceiros.movement.gang.reach('players-2-3', 'juazeiro', { by: { chiefs: 'cabeleira' } });
type Colour = 'red' | 'blue';
const pieces: VolantePiece<'players-2-3', Colour>[] = [{ kind: 'gang', node: 'sousa', owner: 'red' }, { kind: 'garrison', node: 'caruaru' }];
const move = cangaceiros.movement.volante.next('players-2-3', 'mossoro', { pieces, scores: { red: { fame: 3 }, blue: {} }, round: 2 });
export const chooser: 'facao' | undefined = move.move === 'choice' ? move.chooser : undefined;

// A value table returns the schema's type of the field it reads.
const exchange = cangaceiros.tables.cityExchange('salgueiro', { chiefs: 'dulce' });
export const pays: ReadonlyArray<keyof PlayerState> = exchange?.pay ?? [];
export const firstRow: number = exchange?.table[0]?.gain ?? 0;

// A rule's number is its ID (\`idFrom: number\`): the rule ID union.
export const ruleNumber: RuleId | undefined = root.rules.all[0]?.number;

// Plain-string texts are strings; a Text is resolved by text().
type IsString<T> = [T] extends [string] ? true : false;
export const chiefNameIsString: IsString<Chief['name']> = true;
export const shout: string = cangaceiros.chiefs.byId.lampiao.name.toUpperCase();
export const gameName: string = cangaceiros.name.toUpperCase();
const rules: Text = cangaco.cordel.all[0]?.rulesTexts ?? '';
export const portuguese: string = text(rules, 'pt-BR');
export const terrain: string = text(cangaceiros.declarations.terrains[0]?.name ?? '', 'en', cangaceiros.locale);
`;

/** Engine code whose every marked line must be an error. */
const BAD = `import { cangaceiros, root } from 'rulebook-generated';
import { type Chief, type MapSideNodeId, type VolantePiece } from 'rulebook-generated/cangaceiros';

// @ts-expect-error Canudos is a space of the 4/5 side only
cangaceiros.movement.gang.neighbours('players-2-3', 'canudos');
// @ts-expect-error a node of the other side is not this side's
export const wrongSide: MapSideNodeId<'players-2-3'> = 'jeremoabo';
// @ts-expect-error a space on no side
export const nowhere: MapSideNodeId = 'atlantis';
// @ts-expect-error an edge's end is a node, so a comparison with a non-node has no overlap
export const edgeEnd: boolean = cangaceiros.map.all[0]!.edges[0]!.a === 'atlantis';
// @ts-expect-error the 2/3 side's spaces are its own: Canudos is on the 4/5 side only
export const canudos: boolean = cangaceiros.map.byId['players-2-3'].spaces[0]!.id === 'canudos';
// @ts-expect-error the Volante has no overriding collection: no \`by\` at all
cangaceiros.movement.volante.reach('players-2-3', 'mossoro', { by: { chiefs: 'lampiao' } });
// @ts-expect-error not a Chief
cangaceiros.movement.gang.reach('players-2-3', 'juazeiro', { by: { chiefs: 'lampiao2' } });
// @ts-expect-error the Volante's targets rank by fame, not fam
cangaceiros.movement.volante.next('players-2-3', 'mossoro', { pieces: [], scores: { red: { fam: 3 } } });
const pieces: VolantePiece<'players-2-3', 'red' | 'blue'>[] = [{ kind: 'gang', node: 'sousa', owner: 'red' }];
// @ts-expect-error scores are keyed by the pieces' owners
cangaceiros.movement.volante.next('players-2-3', 'mossoro', { pieces, scores: { green: { fame: 3 } } });
// @ts-expect-error a piece on a node of the other side
cangaceiros.movement.volante.next('players-2-3', 'mossoro', { pieces: [{ kind: 'gang', node: 'canudos' }] });
const move = cangaceiros.movement.volante.next('players-2-3', 'mossoro', { pieces: [] });
// @ts-expect-error the chooser is who game.yaml's \`ties:\` names (the Facão's holder), not any string
export const byRed: boolean = move.move === 'choice' && move.chooser === 'red';
// @ts-expect-error the exchange has the fields of its schema, not any key
export const stray: unknown = cangaceiros.tables.cityExchange('salgueiro')?.stray;
// @ts-expect-error a rule's number is its ID, so a number no rule has is no rule's
export const noRule: boolean = root.rules.all[0]!.number === '99.9';
type IsString<T> = [T] extends [string] ? true : false;
// @ts-expect-error every Chief's name is a plain string in the data: the field is a string, not a Text
export const chiefNameIsText: IsString<Chief['name']> = false;
// @ts-expect-error every terrain's name is a plain string too
export const terrainNameIsText: IsString<(typeof cangaceiros.declarations.terrains)[number]['name']> = false;
`;

/** BAD without its directives: each marked line's own error, in order, so none passes for another reason (a typo). */
const REASONS = BAD.replace(/^\/\/ @ts-expect-error.*\n/gm, '');
const EXPECTED_REASONS = [
  `Argument of type '"canudos"' is not assignable to parameter`,
  `Type '"jeremoabo"' is not assignable`,
  `Type '"atlantis"' is not assignable to type 'MapSideNodeId'`,
  `'"atlantis"' have no overlap`,
  `'"canudos"' have no overlap`,
  `Type '{ chiefs: string; }' is not assignable to type 'undefined'`,
  `Type '"lampiao2"' is not assignable to type 'ChiefId | undefined'`,
  `'fam' does not exist in type 'Readonly<Partial<Record<"fame", number>>>'`,
  `'green' does not exist in type 'Readonly<Partial<Record<"red" | "blue", `,
  `Type '"canudos"' is not assignable`,
  `the types '"facao"' and '"red"' have no overlap`,
  `Property 'stray' does not exist on type '{ readonly pay: `,
  `'"99.9"' have no overlap`,
  `Type 'false' is not assignable to type 'true'`,
  `Type 'false' is not assignable to type 'true'`,
];

/** The declarations TypeScript writes for a consumer file: the names it gives the package's types, as hover does. */
function declarationsOf(file: string): string {
  let out = '';
  const program = ts.createProgram([file], {
    strict: true,
    declaration: true,
    emitDeclarationOnly: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
  });
  program.emit(program.getSourceFile(file), (_name, text) => (out += text));
  return out;
}

describe('the engine package of the bundled games, typed as tight as the data', () => {
  let generated = '';
  let consumer = '';
  let problems: string[] = [];

  beforeAll(async () => {
    const result = await check(ROOT);
    expect(result.bag.sorted().filter((d) => d.severity === 'error')).toEqual([]);
    generated = await mkdtemp(path.join(tmpdir(), 'rulebook-types-'));
    for (const [file, text] of emitPackage(result.games, result.schemas, '0')) await writeFile(path.join(generated, file), text);
    consumer = await consumerOf(generated);
    // One strict program over both files: the package's declarations are checked once.
    await writeFile(path.join(consumer, 'good.ts'), GOOD);
    await writeFile(path.join(consumer, 'bad.ts'), BAD);
    await writeFile(path.join(consumer, 'reasons.ts'), REASONS);
    problems = diagnosticsWith(STRICTER, ...['good.ts', 'bad.ts', 'reasons.ts'].map((f) => path.join(consumer, f)));
  }, 180_000);

  it('good engine code type-checks: per-side nodes, guards, typed moves, tables and texts', () => {
    expect(problems.filter((p) => p.startsWith('good.ts'))).toEqual([]);
  });

  it('each loosened type of before is an error now (@ts-expect-error lines that would be unused otherwise)', () => {
    expect(problems.filter((p) => p.startsWith('bad.ts'))).toEqual([]);
    // Without the directives, each marked line is an error, for the reason its comment gives.
    const reasons = problems.filter((p) => p.startsWith('reasons.ts'));
    expect(reasons).toHaveLength(EXPECTED_REASONS.length);
    reasons.forEach((r, i) => expect(r).toContain(EXPECTED_REASONS[i]));
    expect(problems.filter((p) => !p.startsWith('reasons.ts'))).toEqual([]);
  });

  it("a shared type is named once, never from another game: a consumer's declarations name the runtime's types from the index", async () => {
    // Declaration emit names types as hover does: before, a Cangaceiros chief's name printed as \`Cangaco.Text\` in a
    // file that imports the Cangaco type namespace (each game module re-exported the runtime's types).
    const file = path.join(consumer, 'names.ts');
    await writeFile(
      file,
      `import { cangaceiros } from 'rulebook-generated';
import type { Cangaco } from 'rulebook-generated';
export const sides = cangaceiros.map;
export const move = cangaceiros.movement.volante.next('players-2-3', 'mossoro', { pieces: [] });
export const standings = cangaceiros.tables.standings([]);
export const terrains = cangaceiros.declarations.terrains;
export const chiefName = cangaceiros.chiefs.byId.lampiao.name;
export const terrainName = cangaceiros.declarations.terrains[0]!.name;
export type Card = Cangaco.CordelCard;
`,
    );
    const printed = declarationsOf(file);
    for (const shared of ['Collection<', 'Move<', 'Standing[]', 'DeclarationEntry<'])
      expect(printed, shared).toContain(`import("rulebook-generated").${shared}`);
    expect(printed).toContain('export declare const chiefName: string;');
    expect(printed).toContain('export declare const terrainName: string;');
    expect(printed).not.toMatch(/(Cangaco|Cangaceiros|Root)\.(?!CordelCard)/);
  }, 60_000);

  it('at run time: a guard per side, a clear error for a node of the other side, text() in two locales', async () => {
    const got = await inNode(
      path.join(generated, 'index.js'),
      `import { isMapSideNodeId } from ${JSON.stringify(path.join(generated, 'cangaceiros.js'))};
      const m = pkg.cangaceiros.movement;
      const error = (f) => { try { f(); return null; } catch (e) { return e.message; } };
      const rules = pkg.cangaco.cordel.all[0].rulesTexts;
      console.log(JSON.stringify({
        guard: [isMapSideNodeId('players-2-3', 'canudos'), isMapSideNodeId('players-4-5', 'canudos'), isMapSideNodeId('players-4-5', 'atlantis'), isMapSideNodeId('nowhere', 'canudos')],
        neighbours45: m.gang.neighbours('players-4-5', 'canudos'),
        wrongSide: error(() => m.gang.neighbours('players-2-3', 'canudos')),
        wrongPiece: error(() => m.volante.next('players-2-3', 'mossoro', { pieces: [{ kind: 'gang', node: 'canudos' }] })),
        unknownSide: error(() => m.volante.reach('players-3', 'mossoro')),
        exchange: [pkg.cangaceiros.tables.cityExchange('salgueiro'), pkg.cangaceiros.tables.cityExchange('salgueiro', { chiefs: 'dulce' })],
        text: {
          en: pkg.text(rules, 'en'), ptBR: pkg.text(rules, 'pt-BR'), pt: pkg.text(rules, 'pt'), ptPT: pkg.text(rules, 'pt-PT'), upper: pkg.text(rules, 'PT-br'),
          fr: pkg.text(rules, 'fr'), frFallback: pkg.text(rules, 'fr', 'pt-BR'), none: pkg.text(rules), plain: pkg.text('Lampião', 'pt-BR'), empty: pkg.text({}, 'en'),
        },
      }));`,
    );
    const cangaco = (await check(ROOT)).games.find((g) => g.linked.game.manifest.id === 'cangaco')!;
    const firstCard = cangaco.linked.game.collections.get('cordel')!.entries[0]!.id;
    const texts: Record<string, string> | undefined = cangaco.rules.find((r) => r.collection === 'cordel' && r.entryId === firstCard)?.texts;
    expect(texts?.en).toBeTruthy();
    expect(texts?.['pt-BR']).toBeTruthy();
    const [en, pt] = [texts!.en!, texts!['pt-BR']!];
    expect(got).toEqual({
      guard: [false, true, false, false],
      neighbours45: ['petrolina', 'cabrobo', 'raso-da-catarina', 'jeremoabo'],
      wrongSide:
        'from "canudos" is not a node of map "players-2-3" (a node of another side, or no node): check a node that arrives as a string with isMapSideNodeId(side, s) first',
      wrongPiece:
        'pieces[0].node "canudos" is not a node of map "players-2-3" (a node of another side, or no node): check a node that arrives as a string with isMapSideNodeId(side, s) first',
      unknownSide: 'no map "players-3": its entries are "players-2-3", "players-4-5"',
      exchange: [
        {
          pay: ['reis'],
          gain: 'fame',
          table: [
            { pay: 1, gain: 1 },
            { pay: 4, gain: 3 },
            { pay: 6, gain: 5 },
          ],
        },
        {
          pay: ['reis'],
          gain: 'fame',
          table: [
            { pay: 1, gain: 1 },
            { pay: 3, gain: 4 },
            { pay: 5, gain: 6 },
          ],
        },
      ],
      text: { en, ptBR: pt, pt, ptPT: pt, upper: pt, fr: en, frFallback: pt, none: en, plain: 'Lampião', empty: '' },
    });
    expect(en).not.toBe(pt);
  }, 60_000);
});

describe('a text field is typed by what the data holds there', () => {
  const TEXT = { $ref: '../defs.schema.json#/$defs/text' };
  const schema: Schema = {
    type: 'object',
    properties: { name: TEXT, flavor: TEXT, never: TEXT, lines: { type: 'array', items: { type: 'object', properties: { text: TEXT } } } },
  };
  const typeOf = (entries: unknown[]) => {
    const ctx = { refType: () => 'string', resolve: () => undefined, plainText: dataPlaces(entries).plainText };
    return schemaToTs(schema, ctx, 'https://rulebook.dev/schemas/t.schema.json').replace(/\s+/g, ' ');
  };

  it('string where every value is a plain string; Text once one entry holds a locale map; Text where no entry has a value', () => {
    const plain = [
      { name: 'One', flavor: 'a', lines: [{ text: 'x' }] },
      { name: 'Two', lines: [{ text: 'y' }, {}] },
    ];
    expect(typeOf(plain)).toContain('readonly name?: string;');
    expect(typeOf(plain)).toContain('readonly flavor?: string;');
    expect(typeOf(plain)).toContain('readonly text?: string;');
    expect(typeOf(plain)).toContain('readonly never?: Text;');
    // A later edit gives one name in two languages, and one line's text: those places are Text again, the rest stay.
    const edited = [...plain, { name: { en: 'Three', 'pt-BR': 'Três' }, lines: [{ text: { en: 'z' } }] }];
    expect(typeOf(edited)).toContain('readonly name?: Text;');
    expect(typeOf(edited)).toContain('readonly flavor?: string;');
    expect(typeOf(edited)).toContain('readonly text?: Text;');
  });

  it("a field is the entry's ID only when every entry's ID is that field's value as written", () => {
    const entries = [
      { id: '16.1', value: { number: '16.1' } },
      { id: '16.2', value: { number: '16.2' } },
    ];
    expect(idFieldPlace('number', entries)).toBe('number');
    expect(idFieldPlace('number', [...entries, { id: 'own-id', value: { number: '16.3' } }])).toBeUndefined();
    expect(idFieldPlace(['number', 'kind'], entries)).toBeUndefined();
    expect(idFieldPlace(undefined, entries)).toBeUndefined();
  });
});
