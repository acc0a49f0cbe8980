// Fuzzing the compiler with fast-check over real content (issue #12, "Nothing lost"): a fixture game's YAML (and JSON)
// files and CSV/TSV tables (issue #21) with random lines deleted, swapped or repeated, values or cells retyped and bytes
// inserted (invalid UTF-8, control characters, YAML indicators, quotes and delimiters). Each case runs `rulebook build` in-process on a copy of a project with a good build, and the tool must end
// either with exit 0 and its outputs written, or with a non-zero exit, at least one error printed and the outputs
// untouched; never a throw, an "internal error" or a hang.
//
// `npm run fuzz` runs 10,000 cases and prints the figure (cases, failures, time); `--cases N`, `--seed S`.
// test/fuzz.test.ts runs 300 of the same cases in `npm test`, with fast-check's shrinking on a failure.
import fc from 'fast-check';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { main } from '../cli.ts';
import { readFolder } from '../write.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'games');
const OUTPUTS = ['generated', path.join('docs-site', 'dist')];

/** The fixture games fuzzed, and the YAML files of each that cases damage. */
export const TARGETS: Record<string, string[]> = {
  duel: ['content/duel/game.yaml', 'content/duel/trophies.yaml'],
  board: ['content/board/game.yaml', 'content/board/maps.yaml', 'content/board/events.yaml'],
  tree: ['content/tree/game.yaml', 'content/tree/rules.yaml', 'content/tree/glossary.yaml'],
  // Tables: a comma file with a byte-order mark, CRLF and drafts and rules in cells; a `;` file with a quoted line break; a TSV.
  sheet: ['content/sheet/trophies.csv', 'content/sheet/spells.csv', 'content/sheet/schools.tsv'],
  // The duel game with its trophies as a JSON collection (see JSON_FIXTURES): JSON's reader, places and marks damaged.
  'duel-json': ['content/duel/trophies.json', 'content/duel/game.yaml'],
};

/** Fixture games made from another by turning a YAML collection into JSON: the fixture, the file, and its JSON name. */
const JSON_FIXTURES: Record<string, { from: string; file: string }> = { 'duel-json': { from: 'duel', file: 'content/duel/trophies.yaml' } };

/** One damage to a file. Positions are fractions of the file (or of its lines), so a case applies to any file. */
export type Mutation =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'swap-lines'; a: number; b: number }
  | { kind: 'repeat-line'; at: number }
  | { kind: 'retype'; at: number; value: string }
  | { kind: 'insert'; at: number; bytes: number[] };

export interface FuzzCase {
  game: string;
  file: number;
  mutations: Mutation[];
}

/** Values a field may be retyped to: other types, YAML's odd scalars, tags, anchors and indicators. */
const RETYPES = ['0', '-1', '1.5', '1e309', '99999999999999999999', 'true', 'no', 'null', '~', '""', "''", '[]', '{}', '[1, two]', '{ a: 1 }', '"text"',
  '.nan', '-.inf', '0x1F', '0o17', '!!binary aGk=', '!!str 3', '!!int x', '&a x', '*a', '*nope', '2001-12-14', '-', '|', '>', '?', '@', '`', '%', '&', '!',
  '[', '{', '"', "'", '#', ': x', '- x', 'x: y', '<script>alert(1)</script>', 'javascript:alert(1)', '{placeholder: 1}', '{reading: 1, note: ""}', '__proto__', 'constructor',
  // What a spreadsheet cell may hold: a formula, quotes opened and doubled, delimiters, a list, a cell of spaces.
  '=HYPERLINK("https://example.com","x")', '=1+1', '"a""b"', '"unclosed', 'a"b', 'x,y', 'x;y', 'a | b', '   ', 'attack.guns', 'a..b'];

/** Bytes worth inserting besides random ones: YAML indicators, line breaks, tabs, NUL, and sequences that are not UTF-8. */
const BYTES = [...': -[]{}#&*!|>\'"%@`,?'].map((c) => [c.charCodeAt(0)]).concat([[0x0a], [0x0d], [0x09], [0x00], [0xc3], [0xff], [0xfe], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xef, 0xbb, 0xbf], [0x80]]);

const fraction = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fraction, length: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ kind: fc.constant('swap-lines' as const), a: fraction, b: fraction }),
  fc.record({ kind: fc.constant('repeat-line' as const), at: fraction }),
  fc.record({ kind: fc.constant('retype' as const), at: fraction, value: fc.constantFrom(...RETYPES) }),
  fc.record({ kind: fc.constant('insert' as const), at: fraction, bytes: fc.array(fc.oneof(fc.constantFrom(...BYTES), fc.integer({ min: 0, max: 255 }).map((b) => [b])), { minLength: 1, maxLength: 6 }).map((chunks) => chunks.flat()) }),
);

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.constantFrom(...Object.keys(TARGETS)).chain((game) =>
  fc.record({ game: fc.constant(game), file: fc.nat({ max: TARGETS[game]!.length - 1 }), mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }) }),
);

/** Split bytes into lines, each keeping its "\n" (the last may lack one). */
function lines(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      out.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

/** Apply one mutation to a file's bytes (bytes, not text: an insertion may break UTF-8); `table`: the file is a CSV or TSV table. */
export function mutate(bytes: Buffer, m: Mutation, table = false): Buffer {
  const at = (f: number, n: number) => Math.min(n - 1, Math.floor(f * n));
  switch (m.kind) {
    case 'delete': {
      if (!bytes.length) return bytes;
      const from = at(m.at, bytes.length);
      return Buffer.concat([bytes.subarray(0, from), bytes.subarray(from + m.length)]);
    }
    case 'swap-lines':
    case 'repeat-line': {
      const ls = lines(bytes);
      if (ls.length < 2) return bytes;
      if (m.kind === 'repeat-line') {
        const i = at(m.at, ls.length);
        ls.splice(i, 0, ls[i]!);
      } else {
        const [a, b] = [at(m.a, ls.length), at(m.b, ls.length)];
        [ls[a], ls[b]] = [ls[b]!, ls[a]!];
      }
      return Buffer.concat(ls);
    }
    case 'retype': {
      const text = bytes.toString('latin1');
      if (table) {
        // A cell of a table: what stands between delimiters (or a line's ends), outside quotes or not.
        const cells = [...text.matchAll(/(?<=^|[,;\t])[^,;\t\r\n]*/gm)];
        if (!cells.length) return bytes;
        const c = cells[at(m.at, cells.length)]!;
        return Buffer.concat([bytes.subarray(0, c.index), Buffer.from(m.value), bytes.subarray(c.index + c[0].length)]);
      }
      // A value: what follows `key: ` up to the end of the line, a comment, or a flow separator.
      const values = [...text.matchAll(/(?<=[\w"']: )[^\s#,{}[\]][^#,{}[\]\n]*/g)];
      if (!values.length) return bytes;
      const v = values[at(m.at, values.length)]!;
      return Buffer.concat([bytes.subarray(0, v.index), Buffer.from(m.value), bytes.subarray(v.index + v[0].length)]);
    }
    case 'insert': {
      const from = at(m.at, bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, from), Buffer.from(m.bytes), bytes.subarray(from)]);
    }
  }
}

/** A project folder for one fixture game: test/fixtures/games/<game>/ (the tool brings its own shared schemas), as test/helpers.ts makes them. */
async function fixture(game: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `rulebook-fuzz-${game}-`));
  await mkdir(path.join(dir, 'schemas'), { recursive: true });
  const json = JSON_FIXTURES[game];
  await cp(path.join(FIXTURES, json?.from ?? game), dir, { recursive: true });
  if (json) {
    // The same entries as JSON, two-space indented as exporters write it, and the manifest pointing at it.
    const yamlFile = path.join(dir, json.file);
    const jsonFile = yamlFile.replace(/\.yaml$/, '.json');
    writeFileSync(jsonFile, `${JSON.stringify(parse(readFileSync(yamlFile, 'utf8')), null, 2)}\n`);
    rmSync(yamlFile);
    const manifest = path.join(path.dirname(yamlFile), 'game.yaml');
    const from = `file: ${path.basename(yamlFile)}`;
    const text = readFileSync(manifest, 'utf8');
    if (!text.includes(from)) throw new Error(`fuzz: ${json.from}'s game.yaml no longer names ${path.basename(yamlFile)}`);
    writeFileSync(manifest, text.replace(from, `file: ${path.basename(jsonFile)}`));
  }
  return dir;
}

interface Base {
  root: string;
  /** Every file of the built project, so each case writes a fresh copy from memory (fs.cp of a project costs more than a failing build). */
  files: Map<string, Buffer>;
  outputs: Array<Map<string, Buffer>>;
}

/** Build `argv` in-process, printing nothing: the exit code and what it would have printed on stderr. */
async function build(root: string): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(['node', 'rulebook', 'build', '-C', root], { out: () => {}, err: (t) => (err += `${t}\n`), color: false });
  return { code, err };
}

/**
 * Runs cases against projects with a good build (one per fixture game, built
 * once). `run` returns undefined when the case held, else what went wrong.
 */
export class Fuzzer {
  private readonly bases = new Map<string, Promise<Base>>();
  private readonly scratch: Promise<string> = mkdtemp(path.join(tmpdir(), 'rulebook-fuzz-cases-'));
  private count = 0;

  private base(game: string): Promise<Base> {
    let b = this.bases.get(game);
    if (!b) {
      b = (async () => {
        const root = await fixture(game);
        const r = await build(root);
        if (r.code !== 0) throw new Error(`the ${game} fixture does not build:\n${r.err}`);
        return { root, files: await readFolder(root), outputs: await Promise.all(OUTPUTS.map((o) => readFolder(path.join(root, o)))) };
      })();
      this.bases.set(game, b);
    }
    return b;
  }

  async run(c: FuzzCase): Promise<string | undefined> {
    const base = await this.base(c.game);
    const root = path.join(await this.scratch, String(this.count++));
    const target = TARGETS[c.game]![c.file]!;
    let bytes: Buffer = base.files.get(target)!;
    for (const m of c.mutations) bytes = mutate(bytes, m, /\.(?:csv|tsv)$/.test(target));
    for (const folder of new Set([...base.files.keys()].map((rel) => path.dirname(path.join(root, rel))))) mkdirSync(folder, { recursive: true });
    for (const [rel, content] of base.files) writeFileSync(path.join(root, rel), rel === target ? bytes : content);
    try {
      let result: { code: number; err: string };
      try {
        result = await build(root);
      } catch (error) {
        return `threw: ${error instanceof Error ? error.stack : String(error)}`;
      }
      const { code, err } = result;
      if (/internal error/i.test(err)) return `printed an internal error:\n${err}`;
      const outputs = await Promise.all(OUTPUTS.map((o) => readFolder(path.join(root, o))));
      if (code === 0) {
        if (outputs.some((o) => o.size === 0)) return 'exit 0 but an output folder is empty';
        return undefined;
      }
      if (!/: error /.test(err) && !/^error: /m.test(err)) return `exit ${code} without an error diagnostic:\n${err}`;
      for (const [i, o] of OUTPUTS.entries()) {
        const before = base.outputs[i]!;
        const after = outputs[i]!;
        if (after.size !== before.size || [...after].some(([rel, b]) => !before.get(rel)?.equals(b))) return `exit ${code} but ${o} changed`;
      }
      return undefined;
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    await rm(await this.scratch, { recursive: true, force: true });
    for (const b of this.bases.values()) await rm((await b).root, { recursive: true, force: true });
  }
}

/** `npm run fuzz`: N cases from one seed, every failure counted (not stopped at the first), and the figure printed. */
async function cli(argv: string[]): Promise<number> {
  const option = (name: string, fallback: number) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] !== undefined ? Number(argv[i + 1]) : fallback;
  };
  const cases = option('--cases', 10_000);
  const seed = option('--seed', Date.now() % 2 ** 31);
  const fuzzer = new Fuzzer();
  const t0 = performance.now();
  const failures: Array<{ c: FuzzCase; problem: string }> = [];
  let done = 0;
  // fc.sample draws the cases the seed gives; running them one by one counts every failure, where fc.assert would stop at the first.
  for (const c of fc.sample(fuzzCase, { numRuns: cases, seed })) {
    const problem = await fuzzer.run(c);
    if (problem) {
      failures.push({ c, problem });
      if (failures.length <= 5) process.stderr.write(`failure ${failures.length}: ${JSON.stringify(c)}\n  ${problem.split('\n').slice(0, 8).join('\n  ')}\n`);
    }
    if (++done % 500 === 0) process.stderr.write(`${done}/${cases} cases, ${failures.length} failures, ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  await fuzzer.close();
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(`fuzz: ${cases} cases, ${failures.length} failures, ${seconds.toFixed(0)} s (${((seconds * 1000) / cases).toFixed(0)} ms a case), seed ${seed}\n`);
  return failures.length ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await cli(process.argv.slice(2));
