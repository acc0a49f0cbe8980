import type { Change, ChangeKind, GameInfo } from './compare.ts';
import type { DiffReport } from './diff.ts';

/** The verb a change is read by, as errata print it. */
const VERB: Record<ChangeKind, string> = {
  'game-added': 'added game', 'game-removed': 'removed game',
  'collection-added': 'added collection', 'collection-removed': 'removed collection',
  'entry-added': 'added', 'entry-removed': 'removed', 'entry-renamed': 'renamed',
  'field-added': 'added field', 'field-removed': 'removed field', 'type-changed': 'changed type', 'value-changed': 'changed', 'rule-changed': 'changed rule',
  'page-added': 'added page', 'page-removed': 'removed page', 'page-changed': 'changed page',
  'schema-field-added': 'added to the schema', 'schema-field-removed': 'removed from the schema', 'schema-type-changed': 'changed type in the schema',
};

/** Changes grouped the way a reader looks them up: game, then collection (rules pages and whole-game changes apart). */
export function grouped(report: DiffReport): Array<{ game: GameInfo; groups: Array<{ collection: string | undefined; title: string; changes: Change[] }> }> {
  const out = [];
  for (const game of report.games) {
    const mine = report.changes.filter((c) => c.game === game.id);
    if (!mine.length) continue;
    const keys = [...new Set(mine.map((c) => groupKey(c)))];
    const groups = keys.map((key) => ({
      collection: key.startsWith('c:') ? key.slice(2) : undefined,
      title: key === 'game' ? game.name : key === 'pages' ? 'Rules pages' : (game.collections[key.slice(2)] ?? key.slice(2)),
      changes: mine.filter((c) => groupKey(c) === key),
    }));
    out.push({ game, groups });
  }
  return out;
}

function groupKey(c: Change): string {
  if (c.kind.startsWith('page-')) return 'pages';
  if (c.collection !== undefined && !c.kind.startsWith('collection-')) return `c:${c.collection}`;
  return 'game';
}

/** A field's place in an entry as a designer writes it in YAML: /scoring/points -> scoring.points. */
export function fieldPath(pointer: string | undefined): string {
  return (pointer ?? '').split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

/** A value on one line: text as it is, anything else as compact JSON. */
export function shown(v: unknown, max = Infinity): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  const one = (s ?? '').replace(/\s*\n\s*/g, ' ');
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
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
        lines.push(`    ${c.level.padEnd(5)}  ${VERB[c.kind]} ${what(c)}${c.at ? `  ${c.at}` : ''}`);
        for (const [label, v] of beforeAfter(c)) lines.push(`             ${label} ${v}`);
      }
    }
  }
  return lines.join('\n');
}

function what(c: Change): string {
  if (c.kind.startsWith('schema-')) return `${fieldPath(c.path)}${c.kind === 'schema-type-changed' ? ` ${shown(c.before, 80)} -> ${shown(c.after, 80)}` : ''}`;
  if (c.kind === 'entry-renamed') return `${c.was} -> ${c.id} ("${c.wasName}" -> "${c.name}")`;
  if (c.kind.startsWith('game-') || c.kind.startsWith('collection-') || c.kind.startsWith('page-')) return `"${c.name}"${c.kind.startsWith('collection-') ? ` (${c.collection})` : ''}`;
  const field = c.path ? `: ${fieldPath(c.path)}` : '';
  const inline = c.kind === 'value-changed' || c.kind === 'type-changed' ? ` ${shown(c.before, 80)} -> ${shown(c.after, 80)}` : '';
  return `${c.id} "${c.name}"${field}${inline}`;
}

/** The before and after lines a change shows under it (rules text, removed or added fields, a page's paragraphs). */
function beforeAfter(c: Change): Array<[string, string]> {
  if (c.kind === 'rule-changed') return [['before:', shown(c.before)], ['after: ', shown(c.after)]];
  if (c.kind === 'field-added') return [['after: ', shown(c.after, 160)]];
  if (c.kind === 'field-removed') return [['before:', shown(c.before, 160)]];
  if (c.kind === 'page-changed') {
    return [...(c.before as string[]).map((p): [string, string] => ['before:', shown(p, 160)]), ...(c.after as string[]).map((p): [string, string] => ['after: ', shown(p, 160)])];
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
      parts.push(`${h(level + 1)} ${md(g.title)}`);
      parts.push(g.changes.map(markdownItem).join('\n'));
    }
  }
  return parts.join('\n\n') + '\n';
}

const MD_VERB: Record<ChangeKind, string> = {
  'game-added': 'New game', 'game-removed': 'Game removed',
  'collection-added': 'New collection', 'collection-removed': 'Collection removed',
  'entry-added': 'Added', 'entry-removed': 'Removed', 'entry-renamed': 'Renamed',
  'field-added': 'Field added', 'field-removed': 'Field removed', 'type-changed': 'Type changed', 'value-changed': 'Changed', 'rule-changed': 'Rule changed',
  'page-added': 'New page', 'page-removed': 'Page removed', 'page-changed': 'Page changed',
  'schema-field-added': 'Field added to the schema', 'schema-field-removed': 'Field removed from the schema', 'schema-type-changed': 'Field type changed in the schema',
};

function markdownItem(c: Change): string {
  const head = `- **${MD_VERB[c.kind]}** (${c.level}): `;
  if (c.kind.startsWith('schema-')) return `${head}${code(fieldPath(c.path))}${c.kind === 'schema-type-changed' ? `: ${code(shown(c.before, 200))} → ${code(shown(c.after, 200))}` : ''}`;
  const named = `${md(c.name ?? '')}${c.id && !c.kind.startsWith('page-') ? ` (${code(c.id)})` : ''}`;
  if (c.kind === 'entry-renamed') return `${head}${md(c.wasName ?? '')} (${code(c.was ?? '')}) is now ${named}`;
  if (c.kind.startsWith('game-') || c.kind.startsWith('collection-') || c.kind === 'page-added' || c.kind === 'page-removed' || c.kind.startsWith('entry-')) return head + named;
  const field = c.path ? `, ${code(fieldPath(c.path))}` : '';
  if (c.kind === 'value-changed' || c.kind === 'type-changed') return `${head}${named}${field}: ${code(shown(c.before, 200))} → ${code(shown(c.after, 200))}`;
  const lines = beforeAfter(c).map(([label, v]) => `  - ${label.trim()} ${md(v)}`);
  return `${head}${named}${field}\n${lines.join('\n')}`;
}
