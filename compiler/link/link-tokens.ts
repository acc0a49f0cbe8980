import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Game } from '../model.ts';
import { loaded } from './loaded.ts';
import { placeInText } from './text-place.ts';
import { entryStrings } from './text-sites.ts';
import { findTokens, type Token } from './tokens.ts';
import { unknownId } from './unknown-id.ts';

/**
 * Two kinds of inline token beside the rules text's `{ref|icon|term}`
 * (link/tokens.ts), for datasets that were not written for this compiler:
 *
 * - `{link:cards/01001}` (or `{link:cards/01001|label}`) names any entry of
 *   any collection by collection and ID; the site draws it as a link whose
 *   words are the target's name.
 * - The dataset's own symbols (`[credit]`, `[click]`) are mapped to icons in
 *   game.yaml (`symbols: { "[credit]": credit }`) rather than rewritten in the
 *   data; each occurrence reads as an `{icon:credit}` token would.
 */

/** A `{link:...}` token: `target` is the whole `collection/ID`, split into its two parts. */
export interface LinkToken extends Token {
  kind: 'link';
  collection: string;
  id: string;
}

const LINK = /\{link:([^|{}\n]+?)(?:\|([^{}\n]+?))?\}/g;

export function findLinkTokens(text: string): LinkToken[] {
  if (!text.includes('{link:')) return [];
  const out: LinkToken[] = [];
  for (const m of text.matchAll(LINK)) {
    const target = m[1]!.trim();
    const slash = target.indexOf('/');
    out.push({
      kind: 'link',
      target,
      collection: slash < 0 ? '' : target.slice(0, slash).trim(),
      id: slash < 0 ? target : target.slice(slash + 1).trim(),
      label: m[2]?.trim(),
      offset: m.index,
      length: m[0].length,
      raw: m[0],
    });
  }
  return out;
}

/** The manifest's symbol map: the dataset's spelling of a symbol -> the ID of an icon of the game's icon set. */
export type Symbols = Readonly<Record<string, string>>;

// One pattern per manifest (every text of a game is scanned with the same map).
const symbolPatterns = new WeakMap<Symbols, RegExp | undefined>();

function symbolPattern(symbols: Symbols): RegExp | undefined {
  if (symbolPatterns.has(symbols)) return symbolPatterns.get(symbols);
  // Longest first, so `[credit]` is not read as a shorter symbol that begins it.
  const keys = Object.keys(symbols)
    .filter((k) => k !== '')
    .sort((a, b) => b.length - a.length);
  const pattern = keys.length ? new RegExp(keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g') : undefined;
  symbolPatterns.set(symbols, pattern);
  return pattern;
}

/** Each occurrence of a mapped symbol, as the icon token it stands for. */
export function findSymbols(text: string, symbols: Symbols | undefined): Token[] {
  const pattern = symbols && symbolPattern(symbols);
  if (!pattern) return [];
  return [...text.matchAll(pattern)].map((m) => ({ kind: 'icon', target: symbols[m[0]]!, label: undefined, offset: m.index, length: m[0].length, raw: m[0] }));
}

/**
 * Every token of a text in reading order: rules tokens, link tokens and
 * symbols. Where two overlap (a symbol inside a token's label) the one that
 * starts first wins, so the label stays the token's.
 */
export function findInlineTokens(text: string, symbols?: Symbols): Token[] {
  const all = [...findTokens(text), ...findLinkTokens(text), ...findSymbols(text, symbols)].sort((a, b) => a.offset - b.offset);
  const out: Token[] = [];
  let end = 0;
  for (const t of all) {
    if (t.offset < end) continue;
    out.push(t);
    end = t.offset + t.length;
  }
  return out;
}

/**
 * Link tokens in entries' texts name an entry that exists, located at the
 * token (with the nearest ID, as any reference); symbols name icons of the
 * game's icon set, located at the symbol in game.yaml.
 */
export function checkLinkTokens(game: Game, bag: DiagnosticBag): void {
  checkSymbols(game, bag);
  const collections = [...game.collections.keys()];
  const idLists = new Map<string, { list: string[]; set: Set<string> }>();
  const idsOf = (name: string) => {
    let ids = idLists.get(name);
    if (!ids) {
      const list = game.collections.get(name)!.entries.map((e) => e.id);
      ids = { list, set: new Set(list) };
      idLists.set(name, ids);
    }
    return ids;
  };
  for (const collection of game.collections.values()) {
    for (const entry of collection.entries) {
      for (const [pointer, text] of entryStrings(entry.value, entry.pointer, 'link', (t) => t.includes('{link:'))) {
        const counts = new Map<string, number>();
        for (const token of findLinkTokens(text)) {
          const n = counts.get(token.raw) ?? 0;
          counts.set(token.raw, n + 1);
          const place = placeInText(entry.source, pointer, token.raw, n);
          const file = entry.source.path;
          if (!token.collection) {
            // The ID alone is often enough to tell which collection was meant.
            const owner = collections.find((c) => loaded(game, c) && idsOf(c).set.has(token.id));
            bag.error(
              file,
              place,
              'link-malformed',
              `a link names its target as collection/ID, not "${token.target}"`,
              owner ? [`did you mean {link:${owner}/${token.id}}?`] : [`collections: ${collections.join(', ')}`],
            );
            continue;
          }
          if (!game.collections.has(token.collection)) {
            unknownId(bag, file, place, 'collection', token.collection, collections);
            continue;
          }
          // A collection whose file did not load has no entries to check against: its own errors say why.
          if (!loaded(game, token.collection)) continue;
          const ids = idsOf(token.collection);
          if (!ids.set.has(token.id)) unknownId(bag, file, place, token.collection, token.id, ids.list);
        }
      }
    }
  }
}

function checkSymbols(game: Game, bag: DiagnosticBag): void {
  const symbols = game.manifest.symbols;
  if (!symbols || !Object.keys(symbols).length) return;
  const file = game.manifestSource.path;
  const iconsName = game.manifest.roles?.icons;
  const icons = iconsName ? game.collections.get(iconsName) : undefined;
  if (!iconsName) {
    bag.error(file, game.manifestSource.placeOf('/symbols'), 'icon-no-set', 'symbols are drawn as icons and need an icon set: set roles.icons in game.yaml');
    return;
  }
  // An icons role that names no collection is reported with the roles; one whose file did not load, by its file.
  if (!icons || !loaded(game, iconsName)) return;
  const ids = icons.entries.map((e) => e.id);
  const known = new Set(ids);
  for (const [symbol, icon] of Object.entries(symbols)) {
    if (known.has(icon)) continue;
    unknownId(bag, file, game.manifestSource.placeOf(`/symbols/${symbol.replace(/~/g, '~0').replace(/\//g, '~1')}`), 'icon', icon, ids);
  }
}
