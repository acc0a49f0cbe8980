// @ts-check
// A moved page (compiler/emit-site/moved-pages.ts) sends the reader to its
// new address with a meta refresh, which drops the `#entry` of the link the
// reader followed; this goes first and keeps it (`actionCards.html#corisco`
// -> `action-cards.html#corisco`).
const canonical = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="canonical"]'));
if (canonical) location.replace(canonical.href + location.hash);
