// Shared by the link phase (which checks that no two collections take one address) and the site that writes the pages.
import slugify from '@sindresorhus/slugify';

/**
 * Where a game's pages live, relative to its folder (or its locale's):
 * addresses a reader can read aloud, in lower-case words joined by hyphens.
 *
 * A collection's page is named by the collection's name as words
 * (`actionCards` -> `action-cards.html`). The entry IDs' slug
 * (load/slug.ts) is not used here: it keeps a camelCase name as one word
 * (`actioncards`), which is what this address is meant to spare the reader.
 * The slug comes from the name, not the title, so a retitled or translated
 * collection keeps its address.
 */
export function collectionSlug(name: string): string {
  return slugify(name, { customReplacements: [['&', ' ']], preserveCharacters: [] });
}

/** The address of a collection's (first) page: `action-cards.html`. */
export function collectionPage(name: string): string {
  return `${collectionSlug(name)}.html`;
}

/**
 * The address a page of a collection had before pages were named by slugs:
 * the collection's name where its slug now stands (`action-cards.2.html` of
 * `actionCards` was `actionCards.2.html`). A redirect page answers there.
 */
export function formerAddress(name: string, file: string): string {
  return name + file.slice(collectionSlug(name).length);
}

/** The pages the site makes in every game's folder beside its collections' (a collection may not take their address). */
export const SITE_PAGES: readonly string[] = ['index.html', 'drafts.html', 'changes.html'];

export interface AddressClash {
  /** The collection whose page would overwrite another page. */
  collection: string;
  address: string;
  /** The collection already there, or undefined for one of the site's own pages. */
  other?: string;
}

/**
 * Collections whose pages would take the same address: two names of one
 * slug (`cardsAbc` and `cardsABC`), or a name whose slug is one of the
 * site's own pages (`drafts`). Compared without case, as a file system on a
 * Mac or Windows compares names.
 */
export function addressClashes(collections: Iterable<string>): AddressClash[] {
  const taken = new Map<string, string | undefined>(SITE_PAGES.map((p) => [p, undefined]));
  const out: AddressClash[] = [];
  for (const name of collections) {
    const address = collectionPage(name);
    const key = address.toLowerCase();
    if (taken.has(key)) out.push({ collection: name, address, other: taken.get(key) });
    else taken.set(key, name);
  }
  return out;
}
