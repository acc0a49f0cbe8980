import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { writeSyntheticGame } from '../../compiler/bench/synthetic-game.ts';
import { check } from '../../compiler/pipeline.ts';
import { emitSite, type SiteFiles } from '../../compiler/emit-site/site.ts';
import { FIXTURES, fixtureProject, fixturesProject } from '../helpers.ts';

/**
 * The fixture games the site tests build, all in one project: every game
 * under test/fixtures/games/ (a folder with content/<name>/game.yaml), so a
 * fixture added there is linked, validated and searched with the others.
 * Among them `duel` (English, card faces, worked examples, placeholders, a
 * Markdown rules page), `board` (a map and its draft, an entity list, an
 * accented name), `tree` (pt-BR numbered rules, glossary, icons) and
 * `hostile` (content that tries to inject script). Never a bundled game:
 * editing content/ cannot break these tests.
 */
export const FIXTURE_GAMES: readonly string[] = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(FIXTURES, d.name, 'content', d.name, 'game.yaml')))
  .map((d) => d.name)
  .sort();

/** A fixture game's manifest (its id, locale, collections), as the tests need to know it. */
export function fixtureManifest(game: string): { id: string; locale: string; locales?: string[]; collections: Record<string, unknown> } {
  return parse(readFileSync(path.join(FIXTURES, game, 'content', game, 'game.yaml'), 'utf8')) as {
    id: string;
    locale: string;
    locales?: string[];
    collections: Record<string, unknown>;
  };
}

/**
 * A project holding the synthetic game (compiler/bench/synthetic-game.ts:
 * one `cards` collection with an enum `kind`, a `resource` reference to a
 * declaration and a `refersTo` reference to another card), with `edit`
 * applied to its game.yaml (a `pageBy:`).
 */
export async function syntheticProject(cards: number, edit: (manifest: string) => string = (t) => t): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `rulebook-synth-${cards}-`));
  await writeSyntheticGame(dir, { cards });
  const manifest = path.join(dir, 'content', 'synth', 'game.yaml');
  const before = await readFile(manifest, 'utf8');
  const after = edit(before);
  if (after !== before) await writeFile(manifest, after);
  return dir;
}

/** Every internal link, script, stylesheet and anchor of the site's pages that does not resolve, and how many were checked. */
export function brokenLinks(files: SiteFiles): { broken: string[]; checked: number; anchors: number } {
  const ids = new Map(pagesOf(files).map(([p, html]) => [p, idsOf(html)]));
  const broken: string[] = [];
  let checked = 0;
  let anchors = 0;
  for (const [page, html] of pagesOf(files)) {
    for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const raw = decodeEntities(m[1]!);
      if (/^(https?:|mailto:|data:)/.test(raw) || raw.startsWith('/__rulebook/')) continue;
      const [file = '', hash] = raw.split('#');
      // An absolute path (the 404 page's links, built for base '/') starts from the site's root.
      const target = file.startsWith('/') ? file.slice(1) : file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), file)) : page;
      checked++;
      if (hash) anchors++;
      if (!files.has(target)) broken.push(`${page}: ${raw} (no file ${target})`);
      else if (hash !== undefined && hash !== '' && !ids.get(target)?.has(decodeURIComponent(hash))) broken.push(`${page}: ${raw} (no #${hash} in ${target})`);
    }
  }
  return { broken, checked, anchors };
}

/** The site of a project, built in memory (check + emit site, without the slower code emission). */
export async function siteOf(root: string, options: { base?: string; search?: boolean } = {}): Promise<SiteFiles> {
  const result = await check(root);
  if (result.bag.errorCount)
    throw new Error(
      `content errors:\n${result.bag
        .sorted()
        .map((d) => `${d.file}:${d.place?.start.line} ${d.message}`)
        .join('\n')}`,
    );
  return emitSite(result.games, { base: options.base ?? '/', search: options.search });
}

/** The fixture games' site, built once per test file. */
let built: Promise<SiteFiles> | undefined;
export function fixturesSite(): Promise<SiteFiles> {
  built ??= fixturesProject(FIXTURE_GAMES).then((root) => siteOf(root));
  return built;
}

export function pagesOf(files: SiteFiles): Array<[string, string]> {
  return [...files].filter((e): e is [string, string] => e[0].endsWith('.html') && typeof e[1] === 'string');
}

/** The IDs of a page's elements, for anchor checks. */
export function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1]!)));
}

export function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#x3D;/g, '=')
    .replace(/&#x60;/g, '`')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The `hostile` fixture game (test/fixtures/games/hostile): content that tries to inject script in YAML text, a name and Markdown prose. */
export function hostileProject(): Promise<string> {
  return fixtureProject('hostile');
}

/** A page as Pagefind indexed it: one of its fragment files (gzip, after a `pagefind_dcd` signature). */
export interface PagefindFragment {
  url: string;
  content: string;
  filters: Record<string, string[]>;
  meta: Record<string, string>;
}

/** The pages as Pagefind indexed them, from a built site's files. */
export function pagefindFragments(files: SiteFiles): PagefindFragment[] {
  return [...files]
    .filter(([p]) => /^pagefind\/[^/]+\/fragment\//.test(p))
    .map(
      ([, c]) =>
        JSON.parse(
          gunzipSync(c as Uint8Array)
            .toString('utf8')
            .replace(/^pagefind_dcd/, ''),
        ) as PagefindFragment,
    );
}
