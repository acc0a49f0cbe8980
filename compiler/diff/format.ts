import { KINDS, type Change, type GameInfo } from './compare.ts';
import type { DiffReport } from './diff.ts';

/** Changes grouped the way a reader looks them up: game, then collection (rules pages and whole-game changes apart). */
export function grouped(report: DiffReport): Array<{ game: GameInfo; groups: Array<{ collection: string | undefined; title: string; changes: Change[] }> }> {
  const out = [];
  for (const game of report.games) {
    const mine = report.changes.filter((c) => c.game === game.id);
    if (!mine.length) continue;
    const keys = [...new Set(mine.map((c) => groupKey(c)))];
    const groups = keys.map((key) => ({
      collection: key.startsWith('c:') ? key.slice(2) : undefined,
      title:
        key === 'game' ? game.name : key === 'pages' ? 'Rules pages' : key === 'examples' ? EXAMPLES_GROUP : (game.collections[key.slice(2)] ?? key.slice(2)),
      changes: mine.filter((c) => groupKey(c) === key),
    }));
    // Worked examples are read after the rules they test, apart from them.
    groups.sort((a, b) => Number(a.title === EXAMPLES_GROUP) - Number(b.title === EXAMPLES_GROUP));
    out.push({ game, groups });
  }
  return out;
}

/** The heading of a game's worked example changes, listed apart from its rules changes. */
export const EXAMPLES_GROUP = 'Worked examples changed';

function groupKey(c: Change): string {
  if (c.kind.startsWith('page-')) return 'pages';
  if (c.kind === 'example-changed') return 'examples';
  if (c.collection !== undefined && !c.kind.startsWith('collection-')) return `c:${c.collection}`;
  return 'game';
}

/** A field's place in an entry as a designer writes it in YAML: /scoring/points -> scoring.points. */
export function fieldPath(pointer: string | undefined): string {
  return (pointer ?? '')
    .split('/')
    .slice(1)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** A value on one line: text as it is, anything else as compact JSON. */
export function shown(v: unknown, max = Infinity): string {
  const one = oneLine(v);
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

function oneLine(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s ?? '').replace(/\s*\n\s*/g, ' ');
}

/** How much of the text before the first difference a window keeps, so the change reads in its sentence. */
const LEAD = 40;

/**
 * A before and an after on one line each, cut to `max` characters around
 * where they first differ (`…` on each side that is cut): a sentence added
 * at the end of a long text shows, where cutting both at the start would
 * print the same words twice. With `quote`, strings are in quotes (a
 * number and the string of its digits must read apart: `"3" -> 3`).
 */
export function shownPair(before: unknown, after: unknown, max = Infinity, quote = false): [string, string] {
  const inner = (v: unknown) => (typeof v === 'string' ? (quote ? JSON.stringify(v).slice(1, -1) : oneLine(v)) : oneLine(v));
  const wrap = (v: unknown, text: string) => (quote && typeof v === 'string' ? `"${text}"` : text);
  const a = inner(before);
  const b = inner(after);
  // The quotes take two of the characters allowed.
  const room = (v: unknown) => max - (quote && typeof v === 'string' ? 2 : 0);
  if (a.length <= room(before) && b.length <= room(after)) return [wrap(before, a), wrap(after, b)];
  let first = 0;
  while (first < a.length && first < b.length && a[first] === b[first]) first++;
  // Start a few words before the difference, at a word's start when one is near.
  let start = Math.max(0, first - Math.min(LEAD, Math.floor(max / 3)));
  const space = a.lastIndexOf(' ', start);
  if (start > 0 && space >= 0 && start - space < 15) start = space + 1;
  return [wrap(before, windowOf(a, start, room(before))), wrap(after, windowOf(b, start, room(after)))];
}

/** `text` from `start` (both sides of a pair start at the same place, so they read in step), at most `max` characters. */
function windowOf(text: string, start: number, max: number): string {
  const head = start > 0 ? '…' : '';
  const rest = text.slice(start);
  const width = max - head.length;
  return head + (rest.length > width ? `${rest.slice(0, width - 1)}…` : rest);
}

function summary(report: DiffReport): string {
  const { major, minor, patch } = report.counts;
  if (report.level === 'none') return `No changes from ${report.from} (${report.commit.slice(0, 7)}) to the working tree.`;
  return `Changes from ${report.from} (${report.commit.slice(0, 7)}) to the working tree: ${major} major, ${minor} minor, ${patch} patch; the engine package needs a ${report.level} release.`;
}

/** The terminal view: one line per change, its semver class first; rules text and pages before and after on lines of their own. */
export function diffText(report: DiffReport): string {
  const lines = [summary(report)];
  for (const { game, groups } of grouped(report)) {
    lines.push('', `${game.name} (${game.id})`);
    for (const g of groups) {
      lines.push(`  ${g.title}${g.collection && g.title !== g.collection ? ` (${g.collection})` : ''}`);
      for (const c of g.changes) {
        const verb = c.kind.startsWith('schema-') ? '' : `${c.likely ? 'likely ' : ''}${KINDS[c.kind].verb} `;
        lines.push(`    ${c.level.padEnd(5)}  ${verb}${what(c)}${c.at ? `  ${c.at}` : ''}`);
        for (const [label, v] of beforeAfter(c)) lines.push(`             ${label} ${v}`);
      }
    }
  }
  return lines.join('\n');
}

/** A schema change in words: what the entries may now hold. */
function schemaWords(c: Change, field: string): string {
  if (c.kind === 'schema-field-added') return `the schema now has the field ${field}`;
  if (c.kind === 'schema-field-removed') return `the schema no longer has the field ${field}`;
  return `the schema's field ${field} changed type`;
}

function what(c: Change): string {
  if (c.kind.startsWith('schema-'))
    return `${schemaWords(c, `\`${fieldPath(c.path)}\``)}${c.kind === 'schema-type-changed' ? `: ${shown(c.before, 80)} -> ${shown(c.after, 80)}` : ''}`;
  if (c.kind === 'entry-renamed') return `${c.was} -> ${c.id} ("${c.wasName}" -> "${c.name}")`;
  if (c.kind.startsWith('game-') || c.kind.startsWith('collection-') || c.kind.startsWith('page-'))
    return `"${c.name}"${c.kind.startsWith('collection-') ? ` (${c.collection})` : ''}`;
  const field = c.path ? `: ${c.label ?? fieldPath(c.path)}` : '';
  const inline = hasValues(c) ? ` ${valuePair(c, 80, true).join(' -> ')}` : '';
  return `${c.id} "${c.name}"${field}${inline}`;
}

/** A change shown as its value before and after on one line (a rule's sentences and a page's paragraphs go on lines of their own). */
function hasValues(c: Change): boolean {
  return c.kind === 'value-changed' || c.kind === 'type-changed' || (c.kind === 'example-changed' && c.before !== undefined && c.after !== undefined);
}

/** Before and after in the game's words when the change has them ("Single card" -> "Set card"), else as written (lists of numbers as `10, 0`). */
function valuePair(c: Change, max: number, quote: boolean): [string, string] {
  if (c.beforeWords !== undefined || c.afterWords !== undefined)
    return shownPair(c.beforeWords ?? listWords(c.before), c.afterWords ?? listWords(c.after), max, false);
  const numbers = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'number');
  if (numbers(c.before) && numbers(c.after)) return shownPair(listWords(c.before), listWords(c.after), max, false);
  return shownPair(c.before, c.after, max, quote);
}

/** A list of numbers or texts as a reader writes it (`10, 0`); anything else as it is. */
function listWords(v: unknown): unknown {
  return Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object') ? v.join(', ') : v;
}

/** The before and after lines a change shows under it (rules text, removed or added fields, a page's paragraphs). */
function beforeAfter(c: Change): Array<[string, string]> {
  if (c.kind === 'rule-changed')
    return [
      ['before:', shown(c.before)],
      ['after: ', shown(c.after)],
    ];
  // The designer's way out: the old ID kept, the same entry reads as edited (a patch), and code naming it still works.
  if (c.kind === 'entry-renamed' && c.likely)
    return [['hint:  ', `the same entry edited? keep its old ID with \`id: ${c.was}\` and this is a patch, not a major release`]];
  if (c.kind === 'field-added' || (c.kind === 'example-changed' && c.before === undefined)) return [['after: ', shown(c.afterWords ?? c.after, 160)]];
  if (c.kind === 'field-removed' || (c.kind === 'example-changed' && c.after === undefined)) return [['before:', shown(c.beforeWords ?? c.before, 160)]];
  if (c.kind === 'page-changed') {
    const gone = c.before as string[];
    const came = c.after as string[];
    // A paragraph that went and one that came in its place are read side by side, cut around where they differ.
    const pairs = Array.from({ length: Math.min(gone.length, came.length) }, (_, i) => shownPair(gone[i], came[i], 160));
    return [
      ...gone.map((p, i): [string, string] => ['before:', pairs[i]?.[0] ?? shown(p, 160)]),
      ...came.map((p, i): [string, string] => ['after: ', pairs[i]?.[1] ?? shown(p, 160)]),
    ];
  }
  return [];
}

/** Markdown that prints as literal text (names may hold `*`, `_`, brackets). */
function md(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

/** A code span that holds any text, backticks included. */
function code(text: string): string {
  const run = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(run + 1);
  return run ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** Release notes: a section per game and collection, each change in words with its class; `level` is the heading level of a game. */
export function diffMarkdown(report: DiffReport, level = 2): string {
  const h = (n: number) => '#'.repeat(Math.min(6, n));
  const parts: string[] = [];
  if (report.level === 'none') return `No changes since ${md(report.from)}.\n`;
  const { major, minor, patch } = report.counts;
  parts.push(`Compared with ${code(report.from)}: ${major} major, ${minor} minor, ${patch} patch changes (a ${report.level} release of the engine package).`);
  for (const { game, groups } of grouped(report)) {
    parts.push(`${h(level)} ${md(game.name)}`);
    for (const g of groups) {
      // The game's own changes (a new game, a collection added) sit under its heading: one heading per thing.
      if (g.title !== game.name || g.collection !== undefined) parts.push(`${h(level + 1)} ${md(g.title)}`);
      parts.push(g.changes.map(markdownItem).join('\n'));
    }
  }
  return parts.join('\n\n') + '\n';
}

function markdownItem(c: Change): string {
  const head = `- **${KINDS[c.kind].heading}** (${c.level}): `;
  if (c.kind.startsWith('schema-'))
    return `${head}${schemaWords(c, code(fieldPath(c.path)))}${c.kind === 'schema-type-changed' ? `: ${code(shown(c.before, 200))} → ${code(shown(c.after, 200))}` : ''}`;
  // An entry by its name; its ID only where code that names it breaks (removed, renamed) or it has no other name.
  const idToo = !!c.id && !c.kind.startsWith('page-') && ((c.level === 'major' && c.kind.startsWith('entry-')) || !c.name || c.name === c.id);
  const named = `${md(c.name || c.id || '')}${idToo ? ` (${code(c.id!)})` : ''}`;
  if (c.kind === 'entry-renamed')
    return `${c.likely ? head.replace('**Renamed**', '**Likely renamed**') : head}${md(c.wasName ?? '')} (${code(c.was ?? '')}) is now ${named}`;
  if (c.kind.startsWith('game-') || c.kind.startsWith('collection-') || c.kind === 'page-added' || c.kind === 'page-removed' || c.kind.startsWith('entry-'))
    return head + named;
  // A field by its label; a rule (its sentences follow) needs no key to be read.
  const field = c.label ? `, ${md(c.label)}` : c.path && c.kind !== 'rule-changed' ? `, ${code(fieldPath(c.path))}` : '';
  if (hasValues(c)) {
    // Words and numbers read as they are; a text as written (no word for it) stays code, so `"3"` and `3` read apart.
    const number = (v: unknown) => typeof v === 'number' || typeof v === 'boolean' || (Array.isArray(v) && v.every((x) => typeof x === 'number'));
    const words = c.beforeWords !== undefined || c.afterWords !== undefined || (number(c.before) && number(c.after));
    const [before, after] = valuePair(c, 200, true);
    return `${head}${named}${field}: ${words ? md(before) : code(before)} → ${words ? md(after) : code(after)}`;
  }
  const lines = beforeAfter(c).map(([label, v]) => `  - ${label.trim()} ${md(v)}`);
  return `${head}${named}${field}\n${lines.join('\n')}`;
}
