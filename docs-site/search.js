// The search box: Pagefind's bundle for the page's language, loaded on the
// first query. Results are links (deep links to the rule or entry anchor)
// with the game and the heading (rule number and title), inside the form's
// aria-live region. Nothing from the index is inserted as HTML: excerpts are
// rebuilt as text and <mark> elements.
const bundles = new Map();

function load(bundlePath) {
  const url = new URL(`${bundlePath}pagefind.js`, document.baseURI).href;
  if (!bundles.has(url)) {
    bundles.set(url, import(url).then(async (pagefind) => {
      // Result URLs relative to the site's root ("/duel/x.html"), which the caller joins to the page's
      // relative `root`. Pagefind's default base is the path above its bundle, which under a sub-path
      // (/docs/pagefind/) would put /docs/ into every result link a second time.
      await pagefind.options({ excerptLength: 22, baseUrl: '/' });
      await pagefind.init();
      return pagefind;
    }));
  }
  return bundles.get(url);
}

function excerptNode(excerpt) {
  const p = document.createElement('p');
  p.className = 'excerpt';
  const doc = new DOMParser().parseFromString(`<body>${excerpt}</body>`, 'text/html');
  for (const node of doc.body.childNodes) {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      p.append(mark);
    } else p.append(node.textContent ?? '');
  }
  return p;
}

const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The best places inside one page: its sub-results (headings with an anchor),
 * those whose heading holds the query's words first (by a 4-letter stem, so
 * "clareira costeira" ranks "Clareiras Costeiras"), then by matches.
 */
function places(data, query) {
  const stems = fold(query).split(/\s+/).filter(Boolean).map((w) => w.slice(0, 4));
  const inTitle = (s) => stems.filter((w) => fold(s.title ?? '').includes(w)).length;
  const subs = (data.sub_results ?? []).filter((s) => s.url.includes('#'));
  const ranked = [...subs].sort((a, b) => inTitle(b) - inTitle(a) || (b.locations?.length ?? 0) - (a.locations?.length ?? 0));
  return (ranked.length ? ranked.slice(0, 3) : [{ url: data.url, title: data.meta?.title ?? data.url, excerpt: data.excerpt }]);
}

/** `bundlePath` is the bundle's path, or a function giving it (the home page's language menu). */
export function attachSearch(input, region, words, bundlePath, root) {
  const bundle = () => (typeof bundlePath === 'function' ? bundlePath() : bundlePath);
  let seq = 0;
  let timer;
  const message = (text) => {
    const p = document.createElement('p');
    p.className = 'count';
    p.textContent = text;
    region.replaceChildren(p);
  };

  async function run() {
    const query = input.value.trim();
    const mine = ++seq;
    if (!query) {
      region.replaceChildren();
      return;
    }
    let pagefind;
    try {
      pagefind = await load(bundle());
    } catch {
      message(words.offline);
      return;
    }
    const found = await pagefind.search(query);
    if (mine !== seq || !found) return;
    const pages = await Promise.all(found.results.slice(0, 8).map((r) => r.data()));
    if (mine !== seq) return;
    const list = document.createElement('ol');
    for (const data of pages) {
      for (const place of places(data, query)) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = root + place.url.replace(/^\//, '');
        const game = document.createElement('span');
        game.className = 'r-game';
        game.textContent = [data.meta?.game, data.meta?.title].filter((t) => t && t !== place.title).join(' · ');
        const title = document.createElement('span');
        title.className = 'r-title';
        title.textContent = place.title;
        a.append(title, ' ', game);
        li.append(a, excerptNode(place.excerpt ?? ''));
        list.append(li);
        if (list.children.length >= 10) break;
      }
    }
    const count = document.createElement('p');
    count.className = 'count';
    count.textContent = list.children.length ? `${words.results} “${query}”: ${list.children.length}` : `${words.noResults} “${query}”`;
    region.replaceChildren(count, ...(list.children.length ? [list] : []));
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, 120);
  });
  input.form?.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearTimeout(timer);
    await run();
    region.querySelector('a')?.focus();
  });
  // Arrow keys move between the input and the result links; Escape clears.
  input.form?.addEventListener('keydown', (event) => {
    const links = [...region.querySelectorAll('a')];
    const at = links.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' && links.length) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : links[at - 1]).focus();
    } else if (event.key === 'Escape' && input.value) {
      input.value = '';
      region.replaceChildren();
      input.focus();
    }
  });
  // Start fetching the index when the reader comes to the box, not on every page load.
  // (Not when a menu picks the language: the reader may change it before the first query.)
  if (typeof bundlePath !== 'function') input.addEventListener('focus', () => { load(bundle()).catch(() => {}); }, { once: true });
}
