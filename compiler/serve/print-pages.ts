import { textOf } from '../text.ts';
import { isInvented, type CheckedGame } from '../model.ts';
import { esc } from '../emit-site/context.ts';
import { wordsFor, type Words } from '../emit-site/i18n.ts';
import { page } from '../emit-site/layout.ts';
import { sizeWords } from '../emit-site/print/card-size.ts';
import { printCollections } from '../emit-site/print/print-cards.ts';
import { printDocument } from '../emit-site/print/print-html.ts';
import type { Paper, PrintCollection, PrintDocument } from '../emit-site/print/print-types.ts';

/**
 * The print sheets under `rulebook serve`, so a designer sees a card as it
 * will print while editing it:
 *
 * - `<game>/print/` (index.html): the game's printable collections (those
 *   with a `card:`), each with its size and counts and a link to its sheets;
 * - `<game>/print/<collection>.html`: the print HTML `rulebook print` makes
 *   its PDF from (`?paper=letter` for Letter; A4 otherwise);
 * - `<game>/print/print.css?collection=<c>&paper=<p>`: the stylesheet it links;
 * - `<game>/print/<collection>.back.png` (or `.jpg`): a back picture, which
 *   the print HTML carries as a `data:` address; served as a file of its own
 *   here, so the sheets keep the site's content security policy (`img-src 'self'`).
 *
 * Drawn on request, never on save: a save re-checks a game into a new
 * CheckedGame, so the drawings are cached per checked game (a WeakMap) and a
 * save costs nothing until a print page is asked for again. A game without a
 * printable collection has none of these addresses (the site's 404).
 */
export interface PrintResponse {
  body: string | Uint8Array;
  /** 200, or 500 when the sheets could not be drawn (the page says so in the game's words). */
  status: number;
}

/** What one checked game's print pages have drawn so far. */
interface Drawn {
  collections: Map<string, PrintCollection>;
  /** Whether every printable collection is in `collections` (the index needs them all). */
  all: boolean;
  documents: Map<string, PrintDocument>;
}

const PRINT_FOLDER = 'print';

export class PrintPages {
  private readonly drawn = new WeakMap<CheckedGame, Drawn>();

  /**
   * @param games the last good games (serve keeps showing them while the content has errors); undefined before the first good build.
   * @param log where a failure to draw is reported to the designer (serve's terminal).
   */
  constructor(
    private readonly games: () => readonly CheckedGame[] | undefined,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** The games with at least one printable collection, as `{ id, address }` (address relative to the site's root). */
  printable(): Array<{ id: string; address: string }> {
    return (this.games() ?? []).filter((g) => printableNames(g).length > 0).map((g) => ({ id: gameId(g), address: `${gameId(g)}/${PRINT_FOLDER}/` }));
  }

  /**
   * The print file at a site path (`duel/print/trophies.html`, no leading
   * slash, folders already ending in `index.html`); undefined when the path
   * is none of print's, so the server answers with the site's 404.
   */
  get(rel: string, query: URLSearchParams): PrintResponse | undefined {
    const parts = rel.split('/');
    if (parts.length !== 3 || parts[1] !== PRINT_FOLDER) return undefined;
    const g = (this.games() ?? []).find((x) => gameId(x) === parts[0]);
    if (!g) return undefined;
    const names = printableNames(g);
    if (!names.length) return undefined;
    const file = parts[2]!;
    const paper = paperOf(query);
    const name = file.endsWith('.html') ? file.slice(0, -'.html'.length) : undefined;
    const backOf = /^(.+)\.back\.(png|jpg)$/.exec(file);
    try {
      if (file === 'index.html') return { status: 200, body: this.index(g) };
      if (file === 'print.css') return { status: 200, body: this.stylesheet(g, names, query.get('collection'), paper) };
      if (name && names.includes(name)) return { status: 200, body: servedHtml(this.document(g, name, paper).html, name, paper) };
      if (backOf && names.includes(backOf[1]!)) {
        const picture = backPicture(this.collection(g, backOf[1]!));
        return picture && picture.ext === backOf[2] ? { status: 200, body: picture.bytes } : undefined;
      }
      return undefined;
    } catch (error) {
      // A face or back that cannot be drawn must not take serve down: the page says so, the terminal gives the detail.
      const message = error instanceof Error ? error.message : String(error);
      this.log(`${rel}: the print sheets could not be drawn: ${message}`);
      if (file === 'print.css') return { status: 500, body: `/* ${message.replace(/\*\//g, '* /')} */\n` };
      return { status: 500, body: failedPage(g, message) };
    }
  }

  private state(g: CheckedGame): Drawn {
    let d = this.drawn.get(g);
    if (!d) this.drawn.set(g, (d = { collections: new Map(), all: false, documents: new Map() }));
    return d;
  }

  private collection(g: CheckedGame, name: string): PrintCollection {
    const d = this.state(g);
    let col = d.collections.get(name);
    if (!col) {
      // Only the one asked for: a page of sheets does not wait for every other collection's faces.
      col = printCollections(g, { collection: name }).find((c) => c.collection === name);
      if (!col) throw new Error(`the collection ${name} has no cards to print`);
      this.drew(g, col);
    }
    return col;
  }

  private allCollections(g: CheckedGame): PrintCollection[] {
    const d = this.state(g);
    if (!d.all) {
      for (const col of printCollections(g)) if (!d.collections.has(col.collection)) this.drew(g, col);
      d.all = true;
    }
    return printableNames(g).flatMap((n) => d.collections.get(n) ?? []);
  }

  /** Keep a drawn collection, and tell the terminal once what keeps it from printing as declared (the command's errors). */
  private drew(g: CheckedGame, col: PrintCollection): void {
    this.state(g).collections.set(col.collection, col);
    for (const problem of col.problems) this.log(`${gameId(g)}/${PRINT_FOLDER}/${col.collection}.html: ${problem}`);
  }

  private document(g: CheckedGame, name: string, paper: Paper): PrintDocument {
    const d = this.state(g);
    const key = `${name}|${paper}`;
    let doc = d.documents.get(key);
    if (!doc) d.documents.set(key, (doc = printDocument(this.collection(g, name), paper)));
    return doc;
  }

  private stylesheet(g: CheckedGame, names: readonly string[], asked: string | null, paper: Paper): string {
    return this.document(g, asked && names.includes(asked) ? asked : names[0]!, paper).css;
  }

  private index(g: CheckedGame): string {
    const m = g.linked.game.manifest;
    const words = wordsFor(m.locale, isInvented(m));
    const items = this.allCollections(g).map((col) => collectionItem(col, words, (paper) => this.document(g, col.collection, paper)));
    const body = [
      `<p>${esc(words.printIntro)}</p>`,
      `<p class="print-how">${esc(words.printHow)}</p>`,
      `<ul class="print-collections">${items.join('\n')}</ul>`,
    ].join('\n');
    return printFrame(g, body);
  }
}

/** One collection on the index: its title linking its A4 sheets, its size and counts, and each paper's page count. */
function collectionItem(col: PrintCollection, words: Words, documentOn: (paper: Paper) => PrintDocument): string {
  const href = `${encodeURIComponent(col.collection)}.html`;
  const cards = col.cards.length === 1 ? words.printCardsOne : words.printCardsMany.replace('{n}', String(col.cards.length));
  const mark = col.sizeMark?.kind === 'placeholder' ? words.printSizePlaceholder : col.sizeIsReading ? words.printSizeReading : '';
  const size = `${sizeWords(col.size)}${mark ? ` (${mark})` : ''}`;
  const pages = (n: number) => (n === 1 ? words.printPagesOne : words.printPagesMany.replace('{n}', String(n)));
  const papers = (
    [
      ['a4', words.printA4, href],
      ['letter', words.printLetter, `${href}?paper=letter`],
    ] as const
  ).map(([paper, label, link]) => `<a href="${esc(link)}" data-paper="${paper}">${esc(label)}</a>: ${esc(pages(documentOn(paper).pages))}`);
  const facts = [cards, size, ...(col.hasBack ? [words.printWithBacks] : [])].join(', ');
  // What keeps it from printing as declared (a back picture that is not there), as `rulebook print` reports it.
  const problems = col.problems.length
    ? `<div class="print-problems" role="status"><p>${esc(words.printProblems)}</p><ul>${col.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul></div>`
    : '';
  return `<li><a href="${esc(href)}">${esc(col.title)}</a>: ${esc(facts)}. ${papers.join(' · ')}${problems}</li>`;
}

/** The page a reader sees when the sheets could not be drawn: the site's frame, the reason, in the game's words. */
function failedPage(g: CheckedGame, message: string): string {
  const m = g.linked.game.manifest;
  const words = wordsFor(m.locale, isInvented(m));
  return printFrame(g, `<p class="print-failed" role="alert">${esc(words.printFailed.replace('{error}', message))}</p>`);
}

/** A page at /<game>/print/ in the site's frame, in the game's words, kept out of search engines. */
function printFrame(g: CheckedGame, body: string): string {
  const m = g.linked.game.manifest;
  const words = wordsFor(m.locale, isInvented(m));
  return page({
    lang: m.locale,
    title: words.printTitle,
    gameName: textOf(m.name, m.locale),
    gameId: m.id,
    root: '../../',
    gameRoot: '../',
    t: words,
    body,
    noindex: true,
  });
}

/** A back picture carried as a `data:` address (print-cards.ts, for a PNG or JPEG `card.back`). */
const DATA_PICTURE = /src="data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)"/;

/**
 * The print HTML as serve sends it. `rulebook print` writes one `print.css`
 * beside its HTML; here every collection and paper is served from one folder,
 * so the link names which (`print.css?collection=...`). A back picture is
 * linked as a file (`<collection>.back.png`) instead of a `data:` address,
 * which the content security policy refuses.
 */
function servedHtml(html: string, collection: string, paper: Paper): string {
  const name = esc(encodeURIComponent(collection));
  return html
    .replace(/href="print\.css"/, `href="print.css?collection=${name}&amp;paper=${paper}"`)
    .replace(new RegExp(DATA_PICTURE.source, 'g'), (_, kind: string) => `src="${name}.back.${kind === 'png' ? 'png' : 'jpg'}"`);
}

/** A collection's back picture, when it is a PNG or JPEG (an SVG is drawn in the page). */
function backPicture(col: PrintCollection): { ext: 'png' | 'jpg'; bytes: Uint8Array } | undefined {
  const found = col.cards.map((c) => (c.backHtml === undefined ? undefined : DATA_PICTURE.exec(c.backHtml))).find(Boolean);
  if (!found) return undefined;
  return { ext: found[1] === 'png' ? 'png' : 'jpg', bytes: Buffer.from(found[2]!, 'base64') };
}

/** The collections of a game that declare a printed card, in manifest order. */
function printableNames(g: CheckedGame): string[] {
  return [...g.linked.game.collections.values()].filter((c) => c.decl.card !== undefined).map((c) => c.name);
}

function gameId(g: CheckedGame): string {
  return g.linked.game.manifest.id;
}

/** `?paper=letter` (any case) is Letter; anything else, or nothing, is A4 (the command's default). */
function paperOf(query: URLSearchParams): Paper {
  return query.get('paper')?.toLowerCase() === 'letter' ? 'letter' : 'a4';
}
