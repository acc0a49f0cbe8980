import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeEntities } from './built.ts';

// What a reader sees of a page, and the data names it must not show: shared by
// the fixture tests (test/site/presentation.test.ts) and the bundled games' (test/content/).

/** The text a reader sees in a page's <main>, without the formulas a reader opens on purpose ("How it is computed"). */
export function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return decodeEntities(
    main
      .replace(/<details class="formula">[\s\S]*?<\/details>/g, '')
      .replace(/<\/?(?:p|li|dd|dt|td|th|tr|div|br|h[1-6]|table|caption|ul|ol|section|article)\b[^>]*>/g, '\n')
      .replace(/<[^>]+>/g, ' '),
  );
}

/** Every property name of a folder of schemas, and the words of their titles. */
export function schemaNames(dirs: readonly string[]): { names: Set<string>; titleWords: Set<string> } {
  const names = new Set<string>();
  const titleWords = new Set<string>();
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    const props = (n as { properties?: Record<string, { title?: unknown }> }).properties;
    for (const [k, v] of Object.entries(props ?? {})) {
      names.add(k);
      if (typeof v?.title === 'string') for (const w of v.title.toLowerCase().match(/[\p{L}\d]+/gu) ?? []) titleWords.add(w);
    }
    Object.values(n).forEach(walk);
  };
  for (const dir of dirs) for (const f of readdirSync(dir).filter((x) => x.endsWith('.schema.json'))) walk(JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
  return { names, titleWords };
}

/** Words a rule's prose uses as words ("discard 1 Action card"), which a schema may also use as property names (an edge's `from` and `to`). */
const PROSE_WORDS = new Set([
  'a',
  'b',
  'to',
  'from',
  'of',
  'in',
  'at',
  'by',
  'each',
  'note',
  'name',
  'text',
  'id',
  'kind',
  'count',
  'order',
  'most',
  'examples',
  'discard',
  'draw',
  'value',
  'gain',
  'pay',
  'take',
  'deal',
]);

/**
 * Property names a reader must never see, among the names that are not words
 * of some title: an identifier-shaped one (`specialAbility`, `x_2`) anywhere
 * in the text; any other as a data dump shows it, followed by a value
 * (`copies 2`, `flavor: ...`, `coins [`); and any label (<dt>) that is a
 * property name. Case-sensitive, whole words.
 */
export function propertyNamesShown(html: string, names: Set<string>, titleWords: Set<string>): string[] {
  const text = mainText(html);
  const hidden = [...names].filter((n) => !titleWords.has(n.toLowerCase()) && !PROSE_WORDS.has(n));
  const word = (n: string, after = '') => new RegExp(`(?<![\\p{L}\\d_-])${n.replace(/[$]/g, '\\$')}(?![\\p{L}\\d_-])${after}`, 'u');
  const inText = hidden.filter((n) => (/[A-Z_\d]/.test(n) ? word(n) : word(n, '(?::|[ \\t]+[\\d[{"])')).test(text));
  const labels = [...html.matchAll(/<dt>([\s\S]*?)<\/dt>/g)].map((m) => decodeEntities(m[1]!.replace(/<[^>]+>/g, '')).trim()).filter((l) => names.has(l));
  return [...new Set([...inText, ...labels.map((l) => `<dt>${l}`)])];
}

/** The fields of the end state and the player state a game declares: worked examples once printed these. */
export function stateFieldNames(gameYaml: string): string[] {
  const state = /^(endState|playerState):[\s\S]*?(?=^\S|(?![\s\S]))/gm;
  return [...gameYaml.matchAll(state)]
    .flatMap((m) => [...m[0].matchAll(/^\s+(?:- \{ id: )?([A-Za-z][A-Za-z0-9]*)[:,]/gm)].map((x) => x[1]!))
    .filter((n) => !['type', 'fields', 'id', 'kind', 'of', 'noun', 'nounPlural', 'where', 'description', 'resource', 'phrase'].includes(n));
}
