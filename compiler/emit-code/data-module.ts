/**
 * A large collection's entries, in a module of their own (`<game>.<collection>.js`).
 *
 * Written as plain text in both forms, JavaScript and TypeScript, rather than
 * as one TypeScript source to transpile: at tens of thousands of entries the
 * transpiler was most of the build, and an object literal that size cannot be
 * type-checked at all (TypeScript unions the literal types of the array's
 * elements and stops at TS2590, "union type that is too complex", near a
 * thousand entries). So the data is JSON, one entry a line inside a
 * `JSON.parse` string (typed by the declared entry interface, not inferred),
 * and the compiled rules are functions in a second array in the same order,
 * each wrapped in a call so that TypeScript sees one declared type per
 * element instead of thousands of literal ones.
 */
import { rulesTextMembers } from '../rules/texts.ts';
import type { Collection, CompiledRule } from '../model.ts';
import * as runtime from '../rules/runtime.ts';
import { entityRoles, entityValue, type EntityRoles } from './entity-value.ts';
import { NO_MARKS, NO_MARKS_DECLARATION, sparseMarksJson, type CollectionMarks } from './entry-marks.ts';
import { checkedRuleMember, stateParserImports } from './state-parsers.ts';

/** Collections up to this size stay readable object literals in the game's own module (the bundled games' are); above it, a data module. */
export const LITERAL_LIMIT = 500;

export interface DataModuleInput {
  gameId: string;
  collection: Collection;
  /** The compiled rules of each entry, by entry ID. */
  rulesOf: ReadonlyMap<string, readonly CompiledRule[]>;
  /** The end-state type a scoring rule reads (`SynthEndState`). */
  endStateType: string;
  /** The player-state type an effect or value rule reads (`PlayerState`), when the game declares one. */
  playerStateType?: string | undefined;
  /** The game module's types the typed rules name besides the entry type (the end state, the player state). */
  typeImports: readonly string[];
  /** The binding the game module imports (`$cards`). */
  binding: string;
  /** The ID union's name (`CardId`): declared here, beside the IDs, and re-exported by the game module. */
  idType: string;
  /** The drafts and readings of the entries that have any, by entry ID (entry-marks.ts). */
  marks: CollectionMarks;
}

export interface DataModule {
  /** The module's name beside the game's (`synth.cards`): generated/<name>.js and .d.ts. */
  name: string;
  /** The TypeScript source, for the package's strict type-check (made when read). */
  readonly ts: string;
  js: string;
  dts: string;
}

/**
 * Each entry's JSON line, kept with the value it was made from. Under `rulebook serve` a save gives the entries it
 * did not touch their same value objects (load/parse-cache.ts, as rules/rule-memo.ts relies on), so a save writes
 * again the lines of the entries it touched and joins the others' as they were: at 30,000 cards, making every line
 * again was about 200 MB of short-lived objects and text on each save. Keyed weakly by the value, so a line goes
 * with its entry. What else the line is made from (the ID, the display name, the copies, the collection's roles)
 * is compared before a line is reused.
 */
let jsonLines = new WeakMap<object, { id: string; name: unknown; copies: number; nameFrom?: string; copiesFrom?: string; json: string }>();

/** Forget every kept line (emit.ts clearEmitCache: the bench times a cold emit, the tests compare with one). */
export function forgetEntryJson(): void {
  jsonLines = new WeakMap();
}

function entryJson(e: Collection['entries'][number], roles: EntityRoles): string {
  const kept = jsonLines.get(e.value);
  if (kept && kept.id === e.id && kept.name === e.name && kept.copies === e.copies && kept.nameFrom === roles.nameFrom && kept.copiesFrom === roles.copiesFrom)
    return kept.json;
  const json = JSON.stringify(entityValue(e, roles));
  jsonLines.set(e.value, { id: e.id, name: e.name, copies: e.copies, nameFrom: roles.nameFrom, copiesFrom: roles.copiesFrom, json });
  return json;
}

export function dataModuleName(gameId: string, collection: string): string {
  return `${gameId}.${collection}`;
}

export function dataModule(input: DataModuleInput): DataModule {
  const { gameId, collection: c, rulesOf, endStateType, playerStateType, binding, typeImports, idType, marks } = input;
  const states = { endState: endStateType, playerState: playerStateType };
  const type = c.decl.type;
  const data: string[] = [];
  const jsRules: string[] = [];
  const tsRules: string[] = [];
  const expressions: string[] = [];
  // The rule members the entries carry, for the EntryRules type.
  const ruleMembers = new Set<string>();
  const roles = entityRoles(c);
  for (const e of c.entries) {
    // The same fields in the same order as the literal form.
    data.push(entryJson(e, roles));
    const rules = rulesOf.get(e.id) ?? [];
    const js: string[] = [];
    const ts: string[] = [];
    for (const r of rules) {
      expressions.push(r.typedExpression ?? r.expression);
      ruleMembers.add(r.kind === 'scoring' ? 'score' : r.functionName).add('rulesText');
      // Each rule parses its state first (state-parsers.ts).
      js.push(checkedRuleMember(r, states, false));
      ts.push(checkedRuleMember(r, states, true));
    }
    // One rulesText per entry (compileRules allows one rule of each kind per entry): the texts in source order.
    for (const member of rulesTextMembers(rules)) {
      ruleMembers.add(member.slice(0, member.indexOf(':')));
      js.push(member);
      ts.push(member);
    }
    jsRules.push(`  entryRules({ ${js.join(', ')} }),`);
    tsRules.push(`  entryRules({ ${ts.join(', ')} }),`);
  }
  // Sorted, as in the game module: a module namespace's key order differs between loaders.
  const helpers = Object.keys(runtime)
    .filter((h) => expressions.some((x) => x.includes(h + '(')))
    .sort();
  const json = `[\n${data.join(',\n')}\n]`;
  const marksJson = sparseMarksJson(c, marks);
  const header = [
    `// Generated by rulebook from content/${gameId}/. Do not edit: edit the content and run \`npm run build\`.`,
    `// The ${c.entries.length} entries of the ${c.name} collection, imported by ./${gameId}.js (which types and exports them).`,
  ];
  const name = dataModuleName(gameId, c.name);
  // Declared here rather than in the game module, which goes through the TypeScript transpiler: a union of
  // tens of thousands of IDs is cheap as text and costly to parse and print again.
  const idUnion = `export type ${idType} = ${c.entries.length ? c.entries.map((e) => JSON.stringify(e.id)).join(' | ') : 'never'};`;
  const form = (typed: boolean): string => {
    const lines = [...header];
    if (helpers.length) lines.push(`import { ${helpers.join(', ')} } from './runtime.js';`);
    lines.push(...stateParserImports(gameId, jsRules.join('\n')));
    if (typed) lines.push(`import type { ${[...new Set([type, ...typeImports])].join(', ')} } from './${gameId}.js';`);
    if (typed) lines.push('', idUnion);
    lines.push('', "/** Each entry's data, one a line, in source order: JSON, which is read faster than code and never typed by inference. */");
    lines.push(`const data${typed ? `: ${type}[]` : ''} = JSON.parse(\`${templateText(json)}\`);`, '');
    // Apart from the entries' lines, so an entry with none costs nothing: it takes the shared empty value.
    lines.push(NO_MARKS_DECLARATION);
    lines.push('/** The drafts and readings of the entries that have any, by index in source order (entry-marks.ts). */');
    lines.push(
      `const marks${typed ? `: { readonly [index: number]: Partial<Pick<${type}, "drafts" | "readings">> | undefined }` : ''} = JSON.parse(\`${templateText(marksJson)}\`);`,
      '',
    );
    if (ruleMembers.size) {
      if (typed) lines.push(`type EntryRules = Partial<Pick<${type}, ${[...ruleMembers].map((k) => JSON.stringify(k)).join(' | ')}>>;`);
      lines.push(
        `/** One entry's compiled rules. A call rather than a bare literal, so TypeScript types each element as EntryRules instead of unioning thousands of literal types (TS2590). */`,
      );
      lines.push(typed ? 'const entryRules = (rules: EntryRules): EntryRules => rules;' : 'const entryRules = (rules) => rules;');
      lines.push("/** The rules compiled from each entry's data, in the same order. */");
      lines.push(`const rules${typed ? ': readonly EntryRules[]' : ''} = [`, ...(typed ? tsRules : jsRules), '];', '');
    }
    // The drafts and readings right after the entry's own fields, then its rules: the members in the literal form's order.
    lines.push(
      `export const ${binding}${typed ? `: readonly ${type}[]` : ''} = data.map((entry${typed ? `: ${type}` : ''}, i${typed ? ': number' : ''}) => Object.assign(entry, { drafts: marks[i]?.drafts ?? ${NO_MARKS}, readings: marks[i]?.readings ?? ${NO_MARKS} }${ruleMembers.size ? ', rules[i]' : ''}));`,
      '',
    );
    return lines.join('\n');
  };
  const dts = [...header, `import type { ${type} } from './${gameId}.js';`, '', idUnion, '', `export declare const ${binding}: readonly ${type}[];`, ''].join(
    '\n',
  );
  // The typed source only feeds the package's strict type-check (the test suite): made when read, not on every
  // build and save (at 30,000 cards it is another 7 MB of text, made twice over).
  return {
    name,
    get ts() {
      return form(true);
    },
    js: form(false),
    dts,
  };
}

/** Text inside a template literal that reads back as itself: the three sequences a template gives meaning to are escaped. */
function templateText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}
