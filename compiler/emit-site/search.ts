import * as pagefind from 'pagefind';

/**
 * The search index, built with Pagefind's Node API from the pages in memory
 * (nothing is read back from disk).
 *
 * One Pagefind bundle per page language, at pagefind/<lang>/ (pagefind/en/,
 * pagefind/pt-br/): a page's search box loads the bundle of its own language,
 * whose WebAssembly module stems with that language's stemmer (Portuguese for
 * Root: "clareira costeira" finds "Clareiras Costeiras"). One bundle holding
 * both languages would make the client pick one by <html lang> and search a
 * merged second index with the first one's stemmer.
 *
 * Accents: Pagefind 1.6 indexes every word also under its diacritic-folded
 * form (Pagefind PR #995), for every language, so `lampiao` finds Lampião
 * with no help from us; test/browser/search.test.ts holds it to that.
 *
 * Pagefind's own UI bundles are left out: the site has its own search box
 * (docs-site/search.js) that fits the CSP and the page's words.
 */
const UI_FILES = /^(pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)|playground\/.*)$/;

export async function searchIndex(files: ReadonlyMap<string, string | Uint8Array>, options: { keepAlive?: boolean } = {}): Promise<Map<string, Uint8Array>> {
  const byLang = new Map<string, Array<[string, string]>>();
  for (const [rel, content] of files) {
    if (!rel.endsWith('.html') || typeof content !== 'string') continue;
    const lang = /<html lang="([^"]+)"/.exec(content)?.[1]?.toLowerCase() ?? 'unknown';
    byLang.set(lang, [...(byLang.get(lang) ?? []), [rel, content]]);
  }
  const out = new Map<string, Uint8Array>();
  try {
    for (const [lang, pages] of [...byLang].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const { index, errors } = await pagefind.createIndex({ forceLanguage: lang });
      if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
      for (const [rel, content] of pages) {
        const r = await index.addHTMLFile({ url: `/${rel}`, content });
        if (r.errors.length) throw new Error(`pagefind ${rel}: ${r.errors.join('; ')}`);
      }
      const built = await index.getFiles();
      if (built.errors.length) throw new Error(`pagefind: ${built.errors.join('; ')}`);
      for (const f of built.files) if (!UI_FILES.test(f.path)) out.set(`pagefind/${lang}/${f.path}`, f.content);
      await index.deleteIndex();
    }
  } finally {
    // The Node API talks to a Pagefind binary in a child process; a one-off build stops it so the CLI can exit.
    if (!options.keepAlive) await pagefind.close();
  }
  return out;
}

/** Stop Pagefind's child process (after `keepAlive` indexing). */
export async function closeSearch(): Promise<void> {
  await pagefind.close();
}
