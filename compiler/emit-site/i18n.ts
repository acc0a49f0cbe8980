import { siteWords } from '../locales/language.ts';

/**
 * The site's own words, per locale: the `site:` section of the compiler's
 * locale files (compiler/locales/<tag>.yaml), never words in code, so adding
 * a language to the site is adding a file. A page takes its locale's words;
 * a key its file lacks reads the English one.
 */
const KEYS = [
  'skip',
  'contents',
  'footer',
  'games',
  'rules',
  'data',
  'players',
  'components',
  'drafts',
  'draft',
  'draftsIntro',
  'where',
  'note',
  'field',
  'examples',
  'player',
  'points',
  'given',
  'before',
  'after',
  'copyLink',
  'copied',
  'linkTo',
  'referencedBy',
  'see',
  'home',
  'noDrafts',
  'count',
  'externalRules',
  'externalRulesIntro',
  'outsideText',
  'map',
  'spaces',
  'colourKey',
  'mapNextTo',
  'mapNextToNone',
  'mapJoinedBy',
  'mapArrow',
  'mapArrows',
  'mapNoArrow',
  'mapArrowAny',
  'mapArrowsAny',
  'mapNoArrowAny',
  'mapArrowKey',
  'mapArrowKeyAny',
  'mapNoColour',
  'mapZoomIn',
  'mapZoomOut',
  'mapZoomHint',
  'search',
  'searchIn',
  'searchLabel',
  'searchHint',
  'noResults',
  'results',
  'searching',
  'searchOffline',
  'searchGame',
  'searchKind',
  'searchAllGames',
  'searchAllKinds',
  'didYouMean',
  'searchFailed',
  'reading',
  'readings',
  'readingsIntro',
  'exampleReading',
  'overview',
  'example',
  'changes',
  'changesIntro',
  'version',
  'released',
  'noGameChanges',
  'changeAdded',
  'changeRemoved',
  'changeRenamed',
  'changeChanged',
  'formerly',
  'rulesPage',
  'menu',
  'onThisPage',
  'pager',
  'previous',
  'next',
  'notFound',
  'notFoundText',
  'movedTo',
  'allGames',
  'contentVersion',
  'entriesShownOn',
  'aboutGame',
  'transcribedFrom',
  'glossary',
  'icons',
  'erratum',
  'erratumNames',
  'erratumRefersTo',
  'erratumIsRule',
  'erratumKept',
  'howComputed',
  'yes',
  'no',
  'draftNotes',
  // A drafted value's own words (draft-marks.ts): an empty one says why, and what no entry printed is said once.
  'notGiven',
  'draftsEveryEntry',
  'draftsByNote',
  'draftValue',
  'draftValues',
  'entries',
  'collection',
  'pagesOf',
  'entriesCount',
  'filterEntries',
  'filterAll',
  'filterApply',
  'filterReset',
  'filterPages',
  'filterMatch',
  'filterOnPage',
  'filterLoading',
  'filterFailed',
  'filterNone',
  'languages',
  'translationNote',
  'untranslated',
  // The same words for an invented game (no `source:`): it has no rulebook, so its drafts are values not decided yet.
  'draftsIntroInvented',
  'draftNotesInvented',
  'notGivenInvented',
  'draftsEveryEntryInvented',
  'readingsIntroInvented',
  'externalRulesIntroInvented',
  'erratumNamesInvented',
  'erratumKeptInvented',
  'translationNoteInvented',
  // A cross-reference's preview (docs-site/previews.js): its link to the target, while it loads, when it cannot.
  'previewGo',
  'previewLoading',
  'previewFailed',
] as const;

export type Words = { readonly [K in (typeof KEYS)[number]]: string };

/** The words that speak of a rulebook, each with its `<key>Invented` variant, which an invented game reads in its place. */
const INVENTED = [
  'draftsIntro',
  'draftNotes',
  'notGiven',
  'draftsEveryEntry',
  'readingsIntro',
  'externalRulesIntro',
  'erratumNames',
  'erratumKept',
  'translationNote',
] as const;

const cache = new Map<string, Words>();

/**
 * The site's words in a locale. A game transcribed from a rulebook (it has
 * `source:`) reads them as they are; an invented one (`invented`: no
 * `source:`) reads the `...Invented` words where the others speak of a
 * rulebook it does not have ("Values not decided yet", not "Values the
 * rulebook does not give").
 */
export function wordsFor(locale: string, invented = false): Words {
  const key = `${locale}|${invented ? 'invented' : 'transcribed'}`;
  let words = cache.get(key);
  if (!words) {
    const given = siteWords(locale);
    const all: Record<string, string> = Object.fromEntries(KEYS.map((k) => [k, given[k] ?? '']));
    if (invented) for (const k of INVENTED) all[k] = all[`${k}Invented`]!;
    words = all as Words;
    cache.set(key, words);
  }
  return words;
}
