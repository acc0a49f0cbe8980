import type { DiagnosticBag, Place } from '../diagnostics/diagnostic.ts';
import type { Entry, Erratum, Game, Text } from '../model.ts';
import { textOf } from '../text.ts';
import { loaded } from './loaded.ts';
import { fold, NAMED_REF, normaliseLabel } from './name-match.ts';
import { checkNumbering } from './numbering.ts';
import { mergeByNumber } from './printed-order.ts';
import { entryStrings, type TextSite } from './text-sites.ts';
import { placeInText } from './text-place.ts';
import { findTokens } from './tokens.ts';
import { unknownId } from './unknown-id.ts';

/**
 * The rules tree and its tokens: roles name collections, rule numbers run in
 * printed order, every `{ref:}`, `{icon:}` and `{term:}` names something that
 * exists, named references match their targets and glossary terms are tagged.
 * Returns each rule's backlinks (the numbered rules that refer to it).
 */
export function checkRulesTree(game: Game, bag: DiagnosticBag, errata: Erratum[]): Map<string, string[]> {
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
  const outside = new Set<string>();
  for (const e of rules?.entries ?? []) {
    if (typeof e.value.number !== 'string') continue;
    titles.set(e.value.number, textOf(e.value.title as Text | undefined));
    if (e.value.external !== true) numbered.push(e);
    else outside.add(e.value.number);
  }
  // A reference to a rule the text does not hold says where that rule lives, in the manifest's words; without them, only that it is not here.
  const source = game.manifest.source;
  const elsewhere = source && typeof source === 'object' && source.elsewhere !== undefined;
  function checkOutside(target: string, place: Place | undefined, file: string): void {
    if (!outside.has(target) || elsewhere) return;
    bag.warning(
      file,
      place,
      'ref-outside-text',
      `rule ${target} is outside the text this game holds (external: true), so a reader cannot follow this reference`,
      ['write the rule in the rules collection, or say where it lives with source.elsewhere in game.yaml ("in the full rulebook")'],
    );
  }
  for (const e of glossary?.entries ?? []) {
    if (typeof e.value.number !== 'string') continue;
    titles.set(e.value.number, textOf(e.name));
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
      for (const [pointer, text] of entryStrings(
        entry.value,
        entry.pointer,
        owner === undefined ? 'brace' : 'all',
        (t) => t.includes('{') || owner !== undefined,
      ))
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
    checkOutside(target, place, file);
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
    const name = fold(textOf(e.name));
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
  // A translated page's references are checked as its original's are.
  for (const page of [...game.pages, ...(game.translatedPages ?? [])]) {
    for (const token of findTokens(page.text)) {
      const before = page.text.slice(0, token.offset).split('\n');
      const place = { start: { line: before.length, column: before.at(-1)!.length + 1 } };
      if (token.kind === 'ref' && !rulesFailed && !titles.has(token.target)) unknownId(bag, page.path, place, 'rule', token.target, ruleNumbers);
      if (token.kind === 'ref' && !rulesFailed) checkOutside(token.target, place, page.path);
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
