import type { IndexFile, PagefindIndex } from 'pagefind';
import {
  addPage,
  closeSearch,
  FragmentCache,
  indexFiles,
  liveBundleSizes,
  newIndex,
  searchBundles,
  searchedPages,
  searchFiles,
  type BundleSizes,
} from '../emit-site/search.ts';

/**
 * The search index as `rulebook serve` keeps it: one Pagefind index per
 * bundle (a page language, or a part of a large one: search.ts
 * `searchBundles`, split finer than the build's: `liveBundleSizes`), alive
 * between saves in Pagefind's process, so a save re-indexes only the pages
 * whose HTML changed, and reads back only the bundles they are in.
 *
 * Pagefind 1.6's Node API has no call to remove a page, but a page added again
 * under the same URL replaces the old one in place (its words and fragment;
 * checked against a fresh index by test/live-search.test.ts). So:
 * - the same pages as before (the same URLs, in the same order): the changed
 *   ones are added again, then the bundle is read anew (`getFiles`, about a
 *   quarter of a whole index's time);
 * - a page gone, new or moved in the order: that bundle's index is made
 *   anew from all its pages, as the build does (a fresh index is the only
 *   way to drop a page, and it keeps the files byte-identical to a build's);
 * - a bundle whose pages did not change keeps its files.
 * The lists made from every bundle (numbers, spellings, kinds, languages) are
 * made again from all the kept bundles each time (search.ts `searchFiles`):
 * cheap beside indexing.
 */
export class LiveSearch {
  private readonly bundles = new Map<string, { lang: string; index: PagefindIndex; pages: Map<string, string>; files: readonly IndexFile[] }>();
  /** Pages handed to Pagefind by the last `start`, and bundles it read back (what a save cost). */
  lastIndexed = 0;
  lastBundles = 0;
  /** The fragments read for the lists of names, kept for the pages a save did not change. */
  private readonly fragments = new FragmentCache();

  /** `sizes`: how a language is split into bundles, asked at each save (serve's own, by default). */
  constructor(private readonly sizes: () => BundleSizes = liveBundleSizes) {}

  /**
   * Hand Pagefind the pages that changed, and ask it for the bundles: resolves once asked, so the caller can do
   * other work while Pagefind builds them in its own process; `files` resolves to every file of pagefind/.
   */
  async start(site: ReadonlyMap<string, string | Uint8Array>): Promise<{ files: Promise<Map<string, Uint8Array>> }> {
    try {
      const byLang = searchedPages(site);
      const wanted = searchBundles(byLang, this.sizes());
      for (const [folder, state] of this.bundles)
        if (wanted.get(folder)?.lang !== state.lang) {
          this.bundles.delete(folder);
          await state.index.deleteIndex();
        }
      this.lastIndexed = 0;
      const reading: Array<[string, Promise<IndexFile[]>]> = [];
      for (const [folder, { lang, pages }] of wanted) {
        let state = this.bundles.get(folder);
        const before = state ? [...state.pages.keys()] : [];
        const same = state !== undefined && before.length === pages.length && pages.every(([rel], i) => before[i] === rel);
        let changed = pages;
        if (!same) {
          if (state) await state.index.deleteIndex();
          this.bundles.delete(folder);
          state = { lang, index: await newIndex(lang), pages: new Map(), files: [] };
        } else changed = pages.filter(([rel, content]) => state!.pages.get(rel) !== content);
        for (const [rel, content] of changed) await addPage(state!.index, rel, content, lang);
        this.lastIndexed += changed.length;
        state!.pages = new Map(pages);
        this.bundles.set(folder, state!);
        if (changed.length) {
          const read = indexFiles(state!.index);
          read.catch(() => undefined); // thrown where awaited, below; not an unhandled rejection meanwhile
          reading.push([folder, read]);
        }
      }
      this.lastBundles = reading.length;
      const files = (async () => {
        for (const [folder, files] of reading) this.bundles.get(folder)!.files = await files;
        return searchFiles(byLang, this.bundles, this.fragments);
      })();
      // Failures are thrown where `files` is awaited; a failed index is made anew on the next save.
      files.catch(() => this.forget());
      return { files };
    } catch (error) {
      await this.forget();
      throw error;
    }
  }

  /**
   * Drop every index (after a failure: the next save indexes every page), and Pagefind's process with them: when
   * that process is what failed (stopped, or crashed), the next save starts a new one, where Pagefind would keep
   * sending to the dead one.
   */
  private async forget(): Promise<void> {
    const states = [...this.bundles.values()];
    this.bundles.clear();
    for (const s of states) await s.index.deleteIndex().catch(() => undefined);
    await closeSearch().catch(() => undefined);
  }
}
