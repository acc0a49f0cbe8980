import { check } from '../../compiler/pipeline.ts';
import { emitSite, type SiteFiles } from '../../compiler/emit-site/site.ts';
import { fixtureProject, fixturesProject } from '../helpers.ts';

/**
 * The fixture games the site tests build, all in one project: `duel` (English,
 * card faces, worked examples, placeholders, a Markdown rules page), `board`
 * (a map and its draft, an entity list, an accented name) and `tree` (pt-BR
 * numbered rules, glossary, icons). Never a bundled game: editing content/
 * cannot break these tests.
 */
export const FIXTURE_GAMES = ['duel', 'board', 'tree'] as const;

/** The site of a project, built in memory (check + emit site, without the slower code emission). */
export async function siteOf(root: string, options: { base?: string; search?: boolean } = {}): Promise<SiteFiles> {
  const result = await check(root);
  if (result.bag.errorCount) throw new Error(`content errors:\n${result.bag.sorted().map((d) => `${d.file}:${d.place?.start.line} ${d.message}`).join('\n')}`);
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
  return s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#x3D;/g, '=').replace(/&#x60;/g, '`').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The `hostile` fixture game (test/fixtures/games/hostile): content that tries to inject script in YAML text, a name and Markdown prose. */
export function hostileProject(): Promise<string> {
  return fixtureProject('hostile');
}
