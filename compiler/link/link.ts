import { referenceWords } from '../locales/language.ts';
import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.ts';
import { closest, hintOf } from '../diagnostics/suggest.ts';
import { slug } from '../load/slug.ts';
import type { YamlSource } from '../load/yaml-source.ts';
import type { Entry, Erratum, Game, LinkedGame, PlaceholderInfo, Text, ValidatedRef } from '../model.ts';
import { checkConstraints } from './constraints.ts';
import { checkGraphs } from './graph.ts';
import { checkManifestNames } from './manifest.ts';
import { checkNumbering } from './numbering.ts';
import { renamedIdNotes } from './renamed.ts';
import { textOf } from '../text.ts';
import { findTokens } from './tokens.ts';

/** A term, or a name in capitals after "See"/"Veja" (the words of compiler/locales/*.yaml), right before a reference's "(". */
const NAMED_REF = new RegExp(
  `(?:\\{term:([^|}]+)\\|([^}]+)\\}|(?:${referenceWords()
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})\\s+(\\p{Lu}[\\p{Lu}\\s]{2,}))\\s*\\($`,
  'u',
);

/** Resolve references, check IDs and the game's invariants; nothing after this phase reads files. */
export function linkGame(game: Game, refs: readonly ValidatedRef[], bag: DiagnosticBag): LinkedGame {
  const declarations = new Map<string, string[]>();
  for (const [name, values] of Object.entries(game.manifest.declarations ?? {})) {
    declarations.set(
      name,
      values.map((v) => v.id ?? slug(textOf(v.name))),
    );
  }
  checkUniqueIds(game, bag);
  resolveRefs(game, declarations, refs, bag);
  checkConstraints(game, refs, bag);
  checkComponentCounts(game, bag);
  const errata: Erratum[] = [];
  const referencedBy = checkRulesTree(game, bag, errata);
  checkGraphs(game, declarations, bag);
  checkManifestNames(game, declarations, bag);
  return { game, declarations, placeholders: collectPlaceholders(game, 'placeholders'), readings: collectPlaceholders(game, 'readings'), referencedBy, errata };
}

// Kept importable from here, where the phases after link have always found it.
export { textOf };

function checkUniqueIds(game: Game, bag: DiagnosticBag): void {
  for (const collection of game.collections.values()) {
    const first = new Map<string, Entry>();
    for (const entry of collection.entries) {
      const earlier = first.get(entry.id);
      if (!earlier) {
        first.set(entry.id, entry);
        continue;
      }
      const at = (e: Entry) => e.source.placeOf(`${e.pointer}/id`) ?? e.source.placeOf(e.pointer);
      const msg = `duplicate ID "${entry.id}" in collection "${collection.name}"`;
      // Two names that slug alike ("Zé Baiano", "Ze Baiano") are not a typo to fix but two entries to tell apart.
      const fromName = typeof entry.value.id !== 'string' && !collection.decl.idFrom;
      const hint = fromName ? [`both names give the ID "${entry.id}": if they are different entries, give this one an \`id:\` of its own`] : [];
      bag.error(entry.source.path, at(entry), 'duplicate-id', msg, [
        `first defined at ${earlier.source.path}:${at(earlier)?.start.line}:${at(earlier)?.start.column}`,
        ...hint,
      ]);
      bag.error(earlier.source.path, at(earlier), 'duplicate-id', msg, [
        `defined again at ${entry.source.path}:${at(entry)?.start.line}:${at(entry)?.start.column}`,
      ]);
    }
  }
}

function idsOf(game: Game, declarations: Map<string, string[]>, target: string): string[] | undefined {
  const collection = game.collections.get(target);
  const roles = game.manifest.roles;
  if (collection && roles?.rules === target && roles.glossary) {
    // Glossary entries are numbered rules too: a reference to 16.6.5 may land on one.
    const glossaryNumbers = (game.collections.get(roles.glossary)?.entries ?? []).map((e) => e.value.number).filter((n): n is string => typeof n === 'string');
    return [...collection.entries.map((e) => e.id), ...glossaryNumbers];
  }
  if (collection) return collection.entries.map((e) => e.id);
  return declarations.get(target);
}

/**
 * False when a collection's file is missing or did not read or parse: its
 * entries are unknown, so counts and references that need them would only
 * repeat that file's own error.
 */
function loaded(game: Game, name: string): boolean {
  return game.collections.get(name)?.complete === true;
}

const SUGGEST_LIMIT = 200;

/**
 * A reference that misses every ID but equals another field of an entry
 * (`core`, the `code` of pack "Core Set") usually means the data names its
 * entries by that field: say so, and how to make it the ID. Each target's
 * fields are indexed once, on its first miss.
 */
function otherFieldNote(
  game: Game,
  target: string,
  value: string,
  index: Map<string, Map<string, { field: string; entry: Entry }>>,
  refFields: ReadonlySet<string>,
): string | undefined {
  const collection = game.collections.get(target);
  if (!collection) return undefined;
  let values = index.get(target);
  if (!values) {
    values = new Map();
    for (const entry of collection.entries) {
      for (const [field, v] of Object.entries(entry.value)) {
        // A field that is itself a reference (`beats: lampiao-`) names another entry, not this one.
        if (
          field === 'id' ||
          field === 'name' ||
          (typeof v !== 'string' && typeof v !== 'number') ||
          refFields.has(`${entry.source.path}#${entry.pointer}/${field}`)
        )
          continue;
        if (!values.has(String(v))) values.set(String(v), { field, entry });
      }
    }
    index.set(target, values);
  }
  const found = values.get(value);
  if (!found) return undefined;
  const name = textOf(found.entry.value.name as Text | undefined) || found.entry.id;
  return `"${value}" is the \`${found.field}\` of ${target} "${name}": if the data names ${target} by their \`${found.field}\`, declare \`idFrom: ${found.field}\` on the collection "${target}" in game.yaml`;
}

function resolveRefs(game: Game, declarations: Map<string, string[]>, refs: readonly ValidatedRef[], bag: DiagnosticBag): void {
  const roles = game.manifest.roles;
  // Each target's IDs are listed once and looked up in a Set: a game of 30,000 cards
  // with a reference each must not copy 30,000 IDs per reference.
  const known = new Map<string, { list: string[]; set: Set<string> } | undefined>();
  let suggested = 0;
  const byField = new Map<string, Map<string, { field: string; entry: Entry }>>();
  let refPlaces: Set<string> | undefined;
  const refFields = () => (refPlaces ??= new Set(refs.map((r) => `${r.source.path}#${r.pointer}`)));
  const idsFor = (target: string) => {
    if (!known.has(target)) {
      const list = idsOf(game, declarations, target);
      known.set(target, list && { list, set: new Set(list) });
    }
    return known.get(target);
  };
  for (const ref of refs) {
    if (game.collections.has(ref.target) && !loaded(game, ref.target)) continue;
    // References to rules may land on numbered glossary entries (see idsOf).
    if (roles?.rules === ref.target && roles.glossary && game.collections.has(roles.glossary) && !loaded(game, roles.glossary)) continue;
    const ids = idsFor(ref.target);
    if (ids?.set.has(ref.value)) continue;
    const place = ref.source.placeOf(ref.pointer, { key: ref.key });
    if (!ids) {
      bag.error(
        ref.file,
        place,
        'ref-target-unknown',
        `the schema says this names an entry of "${ref.target}", but the game has no such collection or declaration`,
      );
      continue;
    }
    const renamed = renamedIdNotes(game, ref.target, ref.value);
    if (renamed.length) bag.error(ref.file, place, 'ref-renamed', `unknown ${ref.target} ID "${ref.value}"`, renamed);
    // "Did you mean" compares with every ID: past the first few hundred misses (one wrong setting can break
    // every reference of a 30,000-card game) the search would cost more than the answer is worth.
    else
      unknownId(
        bag,
        ref.file,
        place,
        ref.target,
        ref.value,
        ids.list,
        suggested++ < SUGGEST_LIMIT,
        otherFieldNote(game, ref.target, ref.value, byField, refFields()),
      );
  }
}

function unknownId(
  bag: DiagnosticBag,
  file: string,
  place: Place | undefined,
  target: string,
  value: string,
  ids: readonly string[],
  suggest = true,
  otherField?: string,
): void {
  const hint = suggest && !otherField ? closest(value, ids) : undefined;
  const notes = otherField ? [otherField] : hint ? [`did you mean "${hint}"?`] : ids.length <= 12 ? [`known: ${ids.join(', ')}`] : [];
  bag.error(file, place, 'ref-unknown', `unknown ${target} ID "${value}"`, notes, hintOf(hint, ids));
}

function checkComponentCounts(game: Game, bag: DiagnosticBag): void {
  const lists: Array<['components' | 'playerComponents', NonNullable<Game['manifest']['components']>]> = [
    ['components', game.manifest.components ?? []],
    ['playerComponents', game.manifest.playerComponents ?? []],
  ];
  for (const [key, list] of lists) {
    list.forEach((component, i) => {
      if (!component.collection) return;
      const place = game.manifestSource.placeOf(`/${key}/${i}/collection`);
      const collection = game.collections.get(component.collection);
      if (!collection) {
        unknownId(bag, game.manifestSource.path, place, 'collection', component.collection, [...game.collections.keys()]);
        return;
      }
      if (!loaded(game, collection.name)) return;
      const where = Object.entries(component.where ?? {});
      const counted = collection.entries.filter((e) => where.every(([k, v]) => e.value[k] === v));
      const described = counted.reduce((n, e) => n + (typeof e.value.copies === 'number' ? e.value.copies : 1), 0);
      if (described === component.count) return;
      const subset = where.length ? ` (${where.map(([k, v]) => `${k} ${String(v)}`).join(', ')})` : '';
      const message = `${textOf(component.name)}: the manifest gives ${component.count}, the collection "${component.collection}"${subset} describes ${described}`;
      if (component.gap)
        bag.warning(game.manifestSource.path, game.manifestSource.placeOf(`/${key}/${i}/count`), 'component-count', message, [`known gap: ${component.gap}`]);
      else bag.error(game.manifestSource.path, game.manifestSource.placeOf(`/${key}/${i}/count`), 'component-count', message);
    });
  }
}

interface TextSite {
  collection: string;
  entry: Entry;
  pointer: string;
  text: string;
  owner: string | undefined;
}

/** Every string inside an entry, with its pointer (texts hold tokens). */
function stringsOf(value: unknown, pointer: string, wanted: (text: string) => boolean): Array<[string, string]> {
  // A pointer is spelled out only for a string that is wanted: most strings of a large game hold no token.
  const out: Array<[string, string]> = [];
  const trail: Array<string | number> = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (wanted(v)) out.push([pointer + trail.map((k) => `/${k}`).join(''), v]);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        trail.push(i);
        walk(v[i]);
        trail.pop();
      }
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        trail.push(k);
        walk(child);
        trail.pop();
      }
    }
  };
  walk(value);
  return out;
}

/** The place of `needle` inside the YAML scalar at `pointer` (block scalars fold lines, so search the source). */
export function placeInText(source: YamlSource, pointer: string, needle: string, occurrence = 0): Place | undefined {
  const range = source.ranges.get(pointer);
  if (!range) return source.placeOf(pointer);
  let from = range[0];
  for (let i = 0; i <= occurrence; i++) {
    const at = source.text.indexOf(needle, from);
    if (at < 0 || at > range[1]) return source.placeOf(pointer);
    if (i === occurrence) return source.placeOfRange([at, at + needle.length]);
    from = at + needle.length;
  }
  return source.placeOf(pointer);
}

function checkRulesTree(game: Game, bag: DiagnosticBag, errata: Erratum[]): Map<string, string[]> {
  const referencedBy = new Map<string, string[]>();
  const roles = game.manifest.roles ?? {};
  const rules = roles.rules ? game.collections.get(roles.rules) : undefined;
  const glossary = roles.glossary ? game.collections.get(roles.glossary) : undefined;
  const icons = roles.icons ? game.collections.get(roles.icons) : undefined;
  // A role whose file did not load has no entries to check against: its own errors say why.
  const failed = (name: string | undefined) => name !== undefined && game.collections.has(name) && !loaded(game, name);
  const rulesFailed = failed(roles.rules) || failed(roles.glossary);
  const iconsFailed = failed(roles.icons);
  const glossaryFailed = failed(roles.glossary);
  for (const [role, name] of Object.entries(roles)) {
    if (name && !game.collections.has(name))
      unknownId(bag, game.manifestSource.path, game.manifestSource.placeOf(`/roles/${role}`), 'collection', name, [...game.collections.keys()]);
  }
  // The tree: the rules collection's own entries plus any glossary entries that carry a number.
  const numbered: Entry[] = [];
  const titles = new Map<string, string>();
  for (const e of rules?.entries ?? []) {
    if (typeof e.value.number !== 'string') continue;
    titles.set(e.value.number, textOf(e.value.title as Text | undefined));
    if (e.value.external !== true) numbered.push(e);
  }
  for (const e of glossary?.entries ?? []) {
    if (typeof e.value.number !== 'string') continue;
    titles.set(e.value.number, textOf(e.value.name as Text | undefined));
    numbered.push(e);
  }
  // Glossary entries are a separate file: put them where their numbers belong before checking order.
  const inPrinted = mergeByNumber(numbered);
  for (const problem of checkNumbering(inPrinted.map((e) => e.value.number as string))) {
    const entry = inPrinted[problem.index]!;
    bag.error(entry.source.path, entry.source.placeOf(`${entry.pointer}/number`), problem.ruleId, problem.message);
  }
  const ruleNumbers = [...titles.keys()];
  const glossaryIds = glossary?.entries.map((e) => e.id) ?? [];
  const iconIds = icons?.entries.map((e) => e.id) ?? [];
  const sites: TextSite[] = [];
  for (const collection of game.collections.values()) {
    for (const entry of collection.entries) {
      const owner = typeof entry.value.number === 'string' && (collection === rules || collection === glossary) ? entry.value.number : undefined;
      // Texts that can hold a token (`{`), and the running text of numbered entries (checked for untagged terms).
      for (const [pointer, text] of stringsOf(entry.value, entry.pointer, (t) => t.includes('{') || owner !== undefined))
        sites.push({ collection: collection.name, entry, pointer, text, owner });
      // `see:` lists are references with a printed label.
      const see = entry.value.see;
      if (Array.isArray(see)) {
        see.forEach((item, i) => {
          if (!item || typeof item !== 'object') return;
          const { ref, label } = item as { ref?: unknown; label?: unknown };
          if (typeof ref !== 'string') return;
          const place = entry.source.placeOf(`${entry.pointer}/see/${i}/ref`);
          checkRuleRef(ref, typeof label === 'string' ? label : undefined, place, entry.source.path);
          if (owner && titles.has(ref)) addBacklink(referencedBy, ref, owner);
        });
      }
    }
  }
  function checkRuleRef(target: string, label: string | undefined, place: Place | undefined, file: string): void {
    if (rulesFailed) return;
    if (!rules) {
      bag.error(file, place, 'ref-no-rules', `a rule reference needs a rules collection: set roles.rules in game.yaml`);
      return;
    }
    if (!titles.has(target)) {
      unknownId(bag, file, place, 'rule', target, ruleNumbers);
      return;
    }
    const title = titles.get(target)!;
    if (label && title && normaliseLabel(label) !== normaliseLabel(title)) {
      bag.warning(file, place, 'ref-label-mismatch', `the label "${label}" differs from the title of rule ${target}, "${title}"`, [
        'the printed wording is kept; check whether the reference or the title is wrong',
      ]);
    }
  }
  const glossaryNumber = new Map((glossary?.entries ?? []).map((e) => [e.id, String(e.value.number ?? '')]));
  /**
   * "Veja DESCARTE (16.6.5)": when the words just before a reference name a
   * rule (a glossary term, or a name in capitals after "Veja"/"See"), that
   * name should be the target's: its title holds it, or the term's own entry
   * is the target. A mismatch is a warning; the text stays. (A bare word in
   * capitals is not enough: "carta de CAPANGA (16.4.2)" names a card.)
   */
  function checkNamedRef(before: string, target: string, place: Place | undefined, file: string, site: TextSite): void {
    const m = NAMED_REF.exec(before);
    if (!m || !titles.has(target)) return;
    const name = (m[2] ?? m[3] ?? '').trim();
    const term = m[1];
    if (term && glossaryNumber.get(term) === target) return;
    const title = titles.get(target) ?? '';
    if (!name || fold(title).includes(fold(name)) || fold(name).includes(fold(title.replace(/[.:]$/, '')))) return;
    bag.warning(
      file,
      place,
      'ref-name-mismatch',
      `the text names "${name}" but the reference points to rule ${target}, "${title}"`,
      term && glossaryNumber.get(term) ? [`"${name}" is rule ${glossaryNumber.get(term)}`] : [],
    );
    const termNumber = term ? glossaryNumber.get(term) || undefined : undefined;
    errata.push({
      collection: site.collection,
      id: site.entry.id,
      path: site.pointer.slice(site.entry.pointer.length),
      name,
      target,
      targetTitle: title,
      ...(term ? { term } : {}),
      ...(termNumber ? { termNumber } : {}),
    });
  }
  // A glossary term printed in capitals but not tagged would lose its link: say so.
  const termByName = new Map<string, string>();
  for (const e of glossary?.entries ?? []) {
    const name = fold(textOf(e.value.name as Text | undefined));
    for (const form of [name, `${name}s`, `${name}es`]) termByName.set(form, e.id);
  }
  function checkUntaggedTerms(site: TextSite): void {
    // Only running text: titles and printed labels keep their words as printed.
    if (!termByName.size || site.owner === undefined || !site.pointer.endsWith('/text')) return;
    const untokened = site.text.replace(/\{[^{}]*\}/g, (t) => ' '.repeat(t.length));
    // A single word in capitals; a run of them ("FLORESTAS COSTEIRAS", "CAMINHO FECHADO") is another name.
    for (const m of untokened.matchAll(/(?<!\p{L})(?<!\p{Lu}\s)\p{Lu}{3,}(?!\p{L})(?!\s\p{Lu}{2,})/gu)) {
      const id = termByName.get(fold(m[0]));
      if (!id) continue;
      const place = placeInText(site.entry.source, site.pointer, m[0]);
      bag.warning(site.entry.source.path, place, 'term-untagged', `"${m[0]}" is a glossary term but is not linked`, [`write it as {term:${id}|${m[0]}}`]);
    }
  }
  for (const site of sites) {
    checkUntaggedTerms(site);
    const counts = new Map<string, number>();
    for (const token of findTokens(site.text)) {
      const n = counts.get(token.raw) ?? 0;
      counts.set(token.raw, n + 1);
      const place = placeInText(site.entry.source, site.pointer, token.raw, n);
      const file = site.entry.source.path;
      if (token.kind === 'ref') {
        checkRuleRef(token.target, token.label, place, file);
        checkNamedRef(site.text.slice(0, token.offset), token.target, place, file, site);
        if (site.owner && titles.has(token.target)) addBacklink(referencedBy, token.target, site.owner);
      } else if (token.kind === 'icon') {
        if (!icons) bag.error(file, place, 'icon-no-set', 'an icon token needs an icon set: set roles.icons in game.yaml');
        else if (iconsFailed) continue;
        else if (!iconIds.includes(token.target)) unknownId(bag, file, place, 'icon', token.target, iconIds);
      } else if (token.kind === 'term') {
        if (!glossary) bag.error(file, place, 'term-no-glossary', 'a term token needs a glossary: set roles.glossary in game.yaml');
        else if (glossaryFailed) continue;
        else if (!glossaryIds.includes(token.target)) unknownId(bag, file, place, 'glossary term', token.target, glossaryIds);
      }
    }
  }
  for (const page of game.pages) {
    for (const token of findTokens(page.text)) {
      const before = page.text.slice(0, token.offset).split('\n');
      const place = { start: { line: before.length, column: before.at(-1)!.length + 1 } };
      if (token.kind === 'ref' && !rulesFailed && !titles.has(token.target)) unknownId(bag, page.path, place, 'rule', token.target, ruleNumbers);
      if (token.kind === 'icon' && !iconsFailed && !iconIds.includes(token.target)) unknownId(bag, page.path, place, 'icon', token.target, iconIds);
      if (token.kind === 'term' && !glossaryFailed && !glossaryIds.includes(token.target))
        unknownId(bag, page.path, place, 'glossary term', token.target, glossaryIds);
    }
  }
  return referencedBy;
}

function addBacklink(map: Map<string, string[]>, target: string, from: string): void {
  const list = map.get(target) ?? [];
  if (!list.includes(from) && from !== target) list.push(from);
  map.set(target, list);
}

/** Lower case without accents, for comparing names as a reader would. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

function normaliseLabel(s: string): string {
  return s
    .normalize('NFC')
    .toLocaleLowerCase('pt-BR')
    .replace(/[.:;,\s]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Merge entries from two files into one printed order: stable, inserting each where its number belongs. */
function mergeByNumber(entries: Entry[]): Entry[] {
  const main = entries.filter((e, i) => i === 0 || e.source === entries[0]!.source);
  const others = entries.filter((e) => e.source !== entries[0]!.source);
  const out = [...main];
  for (const extra of others) {
    const n = extra.value.number as string;
    // After the last entry whose number is a prefix-ancestor or a sibling before it.
    let at = out.length;
    for (let i = 0; i < out.length; i++) {
      if (compareNumbers(out[i]!.value.number as string, n) > 0) {
        at = i;
        break;
      }
    }
    out.splice(at, 0, extra);
  }
  return out;
}

function compareNumbers(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

/** The marks of one kind (placeholders or readings) in every file of the game, each tied to its entry. */
function collectPlaceholders(game: Game, kind: 'placeholders' | 'readings'): PlaceholderInfo[] {
  const out: PlaceholderInfo[] = [];
  for (const collection of game.collections.values()) {
    for (const entry of collection.entries) {
      // A whole entry can be a draft: `provenance: placeholder` with a `note` (a map the rulebook does not print).
      if (kind === 'placeholders' && entry.value.provenance === 'placeholder') {
        out.push({
          collection: collection.name,
          id: entry.id,
          path: '',
          note: String(entry.value.note ?? ''),
          file: entry.source.path,
          line: entry.source.placeOf(entry.pointer)?.start.line,
        });
      }
      for (const mark of entry.source[kind]) {
        if (mark.pointer !== entry.pointer && !mark.pointer.startsWith(entry.pointer + '/')) continue;
        out.push({
          collection: collection.name,
          id: entry.id,
          path: mark.pointer.slice(entry.pointer.length),
          note: mark.note,
          file: entry.source.path,
          line: mark.place?.start.line,
        });
      }
    }
  }
  for (const mark of game.manifestSource[kind])
    out.push({
      collection: '(manifest)',
      id: game.manifest.id,
      path: mark.pointer,
      note: mark.note,
      file: game.manifestSource.path,
      line: mark.place?.start.line,
    });
  if (game.constants)
    for (const mark of game.constants.source[kind])
      out.push({
        collection: '(constants)',
        id: 'constants',
        path: mark.pointer,
        note: mark.note,
        file: game.constants.source.path,
        line: mark.place?.start.line,
      });
  return out;
}
