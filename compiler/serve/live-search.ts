import type { IndexFile, PagefindIndex } from 'pagefind';
import { addPage, FragmentCache, indexFiles, newIndex, searchedPages, searchFiles } from '../emit-site/search.ts';

/**
 * The search index as `rulebook serve` keeps it: one Pagefind index per page
 * language, alive between saves in Pagefind's process, so a save re-indexes
 * only the pages whose HTML changed.
 *
 * Pagefind 1.6's Node API has no call to remove a page, but a page added again
 * under the same URL replaces the old one in place (its words and fragment;
 * checked against a fresh index by test/live-search.test.ts). So:
 * - the same pages as before (the same URLs, in the same order): the changed
 *   ones are added again, then the bundle is read anew (`getFiles`, about a
 *   quarter of a whole index's time);
 * - a page gone, new or moved in the order: that language's index is made
 *   anew from all its pages, as the build does (a fresh index is the only
 *   way to drop a page, and it keeps the files byte-identical to a build's);
 * - a language whose pages did not change keeps its bundle's files.
 * The lists made from every bundle (numbers, spellings, kinds, languages) are
 * made again from all the kept bundles each time (search.ts `searchFiles`):
 * cheap beside indexing.
 */
export class LiveSearch {
  private readonly langs = new Map<string, { index: PagefindIndex; pages: Map<string, string>; files: IndexFile[] }>();
  /** Pages handed to Pagefind by the last `start` (what a save cost). */
  lastIndexed = 0;
  /** The fragments read for the lists of names, kept for the pages a save did not change. */
  private readonly fragments = new FragmentCache();

  /**
   * Hand Pagefind the pages that changed, and ask it for the bundles: resolves once asked, so the caller can do
   * other work while Pagefind builds them in its own process; `files` resolves to every file of pagefind/.
   */
  async start(site: ReadonlyMap<string, string | Uint8Array>): Promise<{ files: Promise<Map<string, Uint8Array>> }> {
    try {
      const byLang = searchedPages(site);
      for (const [lang, state] of this.langs)
        if (!byLang.has(lang)) {
          this.langs.delete(lang);
          await state.index.deleteIndex();
        }
      this.lastIndexed = 0;
      const reading: Array<[string, Promise<IndexFile[]>]> = [];
      for (const [lang, pages] of byLang) {
        let state = this.langs.get(lang);
        const before = state ? [...state.pages.keys()] : [];
        const same = state !== undefined && before.length === pages.length && pages.every(([rel], i) => before[i] === rel);
        let changed = pages;
        if (!same) {
          if (state) await state.index.deleteIndex();
          this.langs.delete(lang);
          state = { index: await newIndex(lang), pages: new Map(), files: [] };
        } else changed = pages.filter(([rel, content]) => state!.pages.get(rel) !== content);
        for (const [rel, content] of changed) await addPage(state!.index, rel, content, lang);
        this.lastIndexed += changed.length;
        state!.pages = new Map(pages);
        this.langs.set(lang, state!);
        if (changed.length) {
          const read = indexFiles(state!.index);
          read.catch(() => undefined); // thrown where awaited, below; not an unhandled rejection meanwhile
          reading.push([lang, read]);
        }
      }
      const files = (async () => {
        for (const [lang, files] of reading) this.langs.get(lang)!.files = await files;
        return searchFiles(byLang, new Map([...this.langs].map(([lang, s]) => [lang, s.files])), this.fragments);
      })();
      // Failures are thrown where `files` is awaited; a failed index is made anew on the next save.
      files.catch(() => this.forget());
      return { files };
    } catch (error) {
      await this.forget();
      throw error;
    }
  }

  /** Drop every index (after a failure: the next save indexes every page). */
  private async forget(): Promise<void> {
    const states = [...this.langs.values()];
    this.langs.clear();
    for (const s of states) await s.index.deleteIndex().catch(() => undefined);
  }
}
